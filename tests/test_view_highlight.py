"""view.highlight: escaped chunk text with geometry spans highlighted."""

from __future__ import annotations

import html
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geochunk.model import Chunk
from geochunk.view.highlight import chunk_html, elide

XSS = [
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    '"><svg onload=alert(1)>',
    "</div><iframe src=javascript:alert(1)>",
]


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.parts.append(data)


def _parse(markup: str) -> _Text:
    p = _Text()
    p.feed(markup)
    p.close()
    return p


def _chunk(text: str, start: int = 0, core: int | None = None, kind: str = "source") -> Chunk:
    return Chunk("d", 0, start, start + len(text), start if core is None else core, text,
                 1, "cl100k_base", "document", "mixed", text_kind=kind)


@pytest.mark.parametrize("payload", XSS)
@pytest.mark.parametrize("where", ["prose", "geometry"])
def test_document_markup_is_escaped(payload: str, where: str) -> None:
    text = f"Intro {payload} POINT (1 2) {payload} end"
    g = text.index("POINT")
    spans = [(g, g + 11)] if where == "prose" else [(0, len(text))]
    out = chunk_html(_chunk(text), spans)
    assert payload not in out
    assert html.escape(payload) in out
    parsed = _parse(out)
    assert set(parsed.tags) <= {"div", "mark", "span"}
    assert "".join(parsed.parts) == text


@pytest.mark.parametrize("payload", XSS)
def test_rebuilt_text_is_escaped(payload: str) -> None:
    out = chunk_html(_chunk(payload, kind="generalized"))
    assert payload not in out and "generalized" in out
    assert set(_parse(out).tags) <= {"div"}


def test_spans_are_marked_and_clipped_to_the_chunk() -> None:
    text = "abc POINT (1 2) xyz"
    out = chunk_html(_chunk(text, start=100), [(104, 115), (0, 50), (110, 500)])
    assert out.count('<mark class="gc-geom">') == 1
    assert '<mark class="gc-geom">POINT (1 2) xyz</mark>' in out


def test_overlap_is_dimmed() -> None:
    out = chunk_html(_chunk("Prev. Next.", start=10, core=16))
    assert out.startswith('<div class="gc-chunk"><span class="gc-overlap">Prev. </span>Next.')


@pytest.mark.parametrize("n, limit", [(10, 4), (5000, 100), (7, 7)])
def test_elide_keeps_both_ends(n: int, limit: int) -> None:
    text = "".join(chr(97 + i % 26) for i in range(n))
    out = elide(text, limit)
    if n <= limit:
        assert out == text
    else:
        assert out.startswith(text[: limit // 2]) and out.endswith(text[n - (limit - limit // 2):])
        assert f"{n - limit:,} characters not shown" in out


@settings(max_examples=150, deadline=None)
@given(
    text=st.text(max_size=200),
    raw=st.lists(st.tuples(st.integers(-10, 220), st.integers(-10, 220)), max_size=6),
    start=st.integers(0, 50),
)
def test_visible_text_is_the_chunk_text(text: str, raw: list[tuple[int, int]], start: int) -> None:
    spans = [(start + min(a, b), start + max(a, b)) for a, b in raw]
    out = chunk_html(_chunk(text, start=start), spans, max_span_chars=0, max_plain_chars=0)
    parsed = _parse(out)
    # HTMLParser normalises \r like a browser would; compare what a reader sees
    assert "".join(parsed.parts).replace("\r\n", "\n") == text.replace("\r\n", "\n")
    assert set(parsed.tags) <= {"div", "mark", "span"}


@settings(max_examples=100, deadline=None)
@given(
    coords=st.lists(st.tuples(st.floats(-180, 180), st.floats(-90, 90)), min_size=50, max_size=400),
    geojson=st.booleans(),
    limit=st.integers(40, 600),
)
def test_elide_never_cuts_a_coordinate_in_two(coords, geojson: bool, limit: int) -> None:
    import html as html_mod

    if geojson:
        body = ", ".join(f"[{x!r}, {y!r}]" for x, y in coords)
        text = '{"type": "LineString", "coordinates": [' + body + "]}"
    else:
        text = "LINESTRING (" + ", ".join(f"{x!r} {y!r}" for x, y in coords) + ")"
    out = elide(text, limit)
    if len(text) <= limit:
        return
    head, rest = out.split('<span class="gc-elided">', 1)
    tail = rest.split("</span>", 1)[1]
    head, tail = html_mod.unescape(head), html_mod.unescape(tail)
    assert text.startswith(head) and text.endswith(tail)
    hidden = text[len(head): len(text) - len(tail)]
    # the hidden part is whole coordinates: it sits between two separators
    assert head.endswith(("],", ",")) and tail.startswith(",")
    if geojson:
        assert head.endswith("],") and hidden.strip().startswith("[") and hidden.endswith("]")
