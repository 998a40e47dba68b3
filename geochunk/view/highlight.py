"""A chunk's text as escaped HTML with its geometry spans highlighted.

Everything taken from the document goes through :func:`html.escape` *before* any markup is
added, so a document can never inject HTML into the page. Very long geometry spans are shown
with their middle elided (display only).

>>> from geochunk.model import Chunk
>>> c = Chunk("d", 0, 0, 24, 0, "<b>x</b> POINT (1 2) end", 9, "cl100k_base", "document", "mixed")
>>> chunk_html(c, [(9, 20)])
'<div class="gc-chunk">&lt;b&gt;x&lt;/b&gt; <mark class="gc-geom">POINT (1 2)</mark> end</div>'
"""

from __future__ import annotations

import html
from typing import Iterable, Sequence

from geochunk.model import Chunk
from geochunk.view.safe import printable

__all__ = ["CHUNK_CSS", "chunk_html", "elide", "escape_markdown"]

#: Styles for :func:`chunk_html` output (render once per page next to the chunk HTML).
CHUNK_CSS = """<style>
.gc-chunk { white-space: pre-wrap; word-break: break-all; font-family: ui-monospace, monospace;
  font-size: 0.8rem; line-height: 1.35; max-height: 28rem; overflow-y: auto;
  border: 1px solid #ddd; border-radius: 4px; padding: 0.5rem; }
.gc-chunk mark.gc-geom { background: #fff3b0; border-bottom: 2px solid #e0a800; padding: 0; }
.gc-chunk .gc-overlap { color: #888; }
.gc-chunk .gc-elided { color: #fff; background: #888; border-radius: 3px; padding: 0 0.3em; }
.gc-note { font-size: 0.8rem; color: #8a5a00; margin-bottom: 0.3rem; }
</style>"""


_MARKDOWN_SPECIAL = frozenset("\\`*_{}[]()#+-.!|<>~$&:\"'=")


def escape_markdown(text: str) -> str:
    """``text`` made inert for Streamlit Markdown (titles, captions, alerts): every ASCII
    punctuation character that Markdown or HTML could act on gets a backslash, newlines become
    spaces. For document-derived strings such as file names.

    >>> print(escape_markdown("![x](http://h/x.png) <b>"))
    \\!\\[x\\]\\(http\\://h/x\\.png\\) \\<b\\>
    """
    return "".join(
        "\\" + c if c in _MARKDOWN_SPECIAL else (" " if c in "\r\n" else c) for c in text
    )


_SNAP_WINDOW = 80  # how far a cut may move to fall between two coordinates


def _separator(text: str, lo: int, hi: int, last: bool, sep: str) -> int | None:
    """The index just after the last (or first) ``sep`` in ``text[lo:hi]``, or ``None``."""
    lo, hi = max(lo, 0), min(hi, len(text))
    k = text.rfind(sep, lo, hi) if last else text.find(sep, lo, hi)
    return None if k == -1 else k + len(sep)


def elide(text: str, max_chars: int) -> str:
    """Escaped ``text``; when longer than ``max_chars``, its middle is replaced by a marker.
    Near a coordinate list the cuts move (at most 80 characters) to fall between whole
    coordinates, so no number or coordinate pair is shown cut in two.

    >>> elide("abcdefghij", 4)
    'ab<span class="gc-elided">… 6 characters not shown …</span>ij'
    >>> elide("<a>", 10)
    '&lt;a&gt;'
    >>> elide("LINESTRING (10.25 20.5, 11.25 21.5, 12.25 22.5, 13.25 23.5)", 30)
    'LINESTRING (10.25 20.5,<span class="gc-elided">… 23 characters not shown …</span>, 13.25 23.5)'
    """
    text = printable(text)  # a lone surrogate from a JSON escape shows as its escape
    if max_chars <= 0 or len(text) <= max_chars:
        return html.escape(text)
    head = max_chars // 2
    tail_start = len(text) - (max_chars - head)
    # between GeoJSON positions ("],") when there are any, else between WKT coordinates (",")
    sep = "]," if "]," in text else ","
    cut = _separator(text, head - _SNAP_WINDOW, head, True, sep)
    if cut is None:
        cut = _separator(text, head, head + _SNAP_WINDOW, False, sep)
    if cut is not None and cut < tail_start:
        head = cut  # the head ends with the separator's comma
    k = _separator(text, tail_start, tail_start + _SNAP_WINDOW, False, sep)
    if k is None:
        k = _separator(text, tail_start - _SNAP_WINDOW, tail_start, True, sep)
    if k is not None and k - 1 > head:
        tail_start = k - 1  # the tail starts with the separator's comma
    hidden = tail_start - head
    return (
        html.escape(text[:head])
        + f'<span class="gc-elided">… {hidden:,} characters not shown …</span>'
        + html.escape(text[tail_start:])
    )


def _clip(spans: Iterable[tuple[int, int]], start: int, end: int) -> list[tuple[int, int]]:
    """Spans clipped to [start, end), made chunk-relative, sorted, overlaps merged."""
    out: list[tuple[int, int]] = []
    for s, e in sorted((max(s, start), min(e, end)) for s, e in spans):
        if s >= e:
            continue
        s, e = s - start, e - start
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def chunk_html(
    chunk: Chunk,
    spans: Sequence[tuple[int, int]] = (),
    *,
    max_span_chars: int = 1500,
    max_plain_chars: int = 20000,
) -> str:
    """The chunk's text as HTML: geometry spans in ``<mark class="gc-geom">``, overlap dimmed.

    ``spans`` are document offsets ``(start, end)``; only the parts inside the chunk are used.
    Text that is not a slice of the source (generalized, part, rewrapped) is shown as is with
    a note saying so.

    >>> from geochunk.model import Chunk
    >>> c = Chunk("d", 1, 10, 16, 12, "ab cd.", 3, "cl100k_base", "document", "paragraph")
    >>> chunk_html(c)
    '<div class="gc-chunk"><span class="gc-overlap">ab</span> cd.</div>'
    """
    text = chunk.text
    if chunk.text_kind != "source":
        note = (
            f'<div class="gc-note">Text is {html.escape(chunk.text_kind)}: rebuilt by the chunker, '
            "not a slice of the source.</div>"
        )
        return note + f'<div class="gc-chunk">{elide(text, max_plain_chars)}</div>'
    overlap = max(0, min(len(text), chunk.core_start - chunk.start))
    parts: list[str] = []

    def plain(a: int, b: int) -> None:
        if a >= b:
            return
        if a < overlap:
            dim = elide(text[a : min(b, overlap)], max_plain_chars)
            parts.append(f'<span class="gc-overlap">{dim}</span>')
            a = min(b, overlap)
        if a < b:
            parts.append(elide(text[a:b], max_plain_chars))

    cursor = 0
    for s, e in _clip(spans, chunk.start, chunk.start + len(text)):
        plain(cursor, s)
        parts.append(f'<mark class="gc-geom">{elide(text[s:e], max_span_chars)}</mark>')
        cursor = e
    plain(cursor, len(text))
    return '<div class="gc-chunk">' + "".join(parts) + "</div>"
