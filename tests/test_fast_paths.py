"""Fast paths give the slow path's answer and skip its work (call counters, no clocks): an
oversized unit's text is never encoded again when the document's token index holds its count;
timestamps are dated without dateutil, exactly as dateutil dates them."""

from __future__ import annotations

import random

import pytest

from geochunk.model import ChunkConfig
from geochunk.pipeline import analyse, assemble
from geochunk.tokens.counting import get_counter

ENCODINGS = ["cl100k_base", "o200k_base"]


class Recorder:
    """A counter that records the length of every text it encodes."""

    def __init__(self, counter):  # type: ignore[no-untyped-def]
        self.counter = counter
        self.lengths: list[int] = []

    def count(self, text: str) -> int:
        self.lengths.append(len(text))
        return self.counter.count(text)


def _boundary(n: int) -> str:
    coords = ", ".join(f"{530000 + i * 0.37:.2f} {180000 + (i * 7919) % 1000 * 0.11:.2f}" for i in range(n))
    return (
        "Boundary of the district.\n\nPOLYGON ((" + coords + ", 530000.00 180000.00))\n"
        "Name: Lower Wandle\nCode: LW-01\n\n\nThe neighbouring marshes follow.\n"
    )


_AWKWARD = "".join(  # runs of spaces, tabs, CRLF, "\n/" and "\n " after newlines: few clean places
    f"k{i}:  v\t{i}\r\n\n/ x{i}  \n {i}\u00e9\u00e9  \n\n\n" for i in range(300)
)


@pytest.mark.parametrize("name", ENCODINGS)
@pytest.mark.parametrize("text", [_boundary(3000), _AWKWARD], ids=["boundary", "awkward"])
def test_ragged_ends_encode_only_the_ends(name: str, text: str) -> None:
    counter = get_counter(name)
    idx = counter.index(text)
    rec = Recorder(counter)
    idx.counter = rec  # type: ignore[assignment]
    rng = random.Random(3)
    ends = [0, len(text), *(rng.randrange(len(text) + 1) for _ in range(14))]
    ends += [text.index("\n\n\n") + k for k in range(4)]  # between newlines: never clean
    for a in ends:
        for b in ends:
            if a <= b:
                assert idx.exact(a, b) == len(counter.tiktoken_encoding.encode_ordinary(text[a:b]))
    assert rec.lengths and max(rec.lengths) < 2 * 1024  # never the long middle


@pytest.mark.parametrize("policy", ["isolate", "split", "generalize"])
def test_oversized_unit_is_not_encoded_again(policy: str) -> None:
    text = _boundary(4000)
    a = analyse(text)
    rec = Recorder(a.counter)
    a.index.counter = rec  # type: ignore[assignment]
    cs = assemble(a, ChunkConfig(budget=256, oversize=policy))
    assert any(c.oversized for c in cs.chunks)
    assert all(n < 2 * 1024 for n in rec.lengths), rec.lengths  # the unit's source text: from the index


def test_timestamp_dates_read_as_dateutil_reads_them() -> None:
    """period's fast path for SQL/ISO timestamps gives dateutil's answer, valid or not."""
    import datetime as dt

    from dateutil import parser

    from geochunk.context.period import _parse_date

    def by_dateutil(v: str) -> str | None:
        try:
            a, b = (parser.parse(v, default=d) for d in (dt.datetime(1, 1, 1), dt.datetime(2, 2, 2)))
        except (ValueError, OverflowError, TypeError):
            return None
        if a.year != b.year or not 1000 <= a.year <= 2999:
            return None
        return f"{a.year:04d}-{a.month:02d}-{a.day:02d}"

    values = [
        f"{y}-{mo}-{d}{sep}{h}:{mi}{sec}{tz}"
        for y in ("0999", "2022", "2024", "2999", "3000")
        for mo, d in (("02", "29"), ("02", "30"), ("13", "01"), ("00", "10"), ("12", "31"), ("04", "31"))
        for sep in (" ", "T")
        for h, mi in (("10", "35"), ("23", "59"), ("24", "00"), ("10", "60"))
        for sec in ("", ":00", ":59", ":60", ":07.5", ":07.1234567")
        for tz in ("", "Z", "+00", "-05:30", "+0130", "+99")
    ]
    _parse_date.cache_clear()
    assert [_parse_date(v) for v in values] == [by_dateutil(v) for v in values]


class Plain:
    """A counter without ``max_token_bytes``: the escape counts every text it asks about."""

    def __init__(self, counter):  # type: ignore[no-untyped-def]
        self.counter = counter

    def count(self, text: str) -> int:
        return self.counter.count(text)


class Bounded(Recorder):
    @property
    def max_token_bytes(self) -> int | None:
        return self.counter.max_token_bytes


@pytest.mark.parametrize("budget", [32, 64])
def test_generalize_search_counts_no_text_too_long_to_fit(budget: int) -> None:
    from geochunk.detection.geometry import parse_span
    from geochunk.detection.scan import detect
    from geochunk.split.oversize import escape

    text = _boundary(1200)
    span = detect(text).spans[0]
    parsed = parse_span(span)
    counter = get_counter("cl100k_base")
    rec = Bounded(counter)
    tokens = counter.count(text)  # as the pipeline passes it, from the document's index

    def run(c):  # type: ignore[no-untyped-def]
        return escape(text, (span.start, span.end), span, parsed, policy="generalize", tolerance="auto",
                      budget=budget, counter=c, feature_id="f", source_tokens=tokens)

    got = run(rec)
    assert got == run(Plain(counter))  # the same escape, whatever was skipped
    assert counter.max_token_bytes == 128
    # only a text that might fit is encoded, and the search's widest tolerance (the shortest
    # text: it is emitted even when it does not fit)
    assert rec.lengths and all(n <= budget * 128 or n == min(rec.lengths) for n in rec.lengths)
    assert len(text) > 2 * budget * 128  # the source and the search's first texts are far too long


def _sql_values_char_by_char(text: str, p: int) -> list[str]:
    """The quoted-literal reading that attributes._values did one character at a time."""
    import re

    bare = re.compile(r"[-+.\w]++")
    out: list[str] = []
    n = len(text)
    while p < n:
        while p < n and text[p] in " \t":
            p += 1
        if p >= n:
            break
        if text[p] == "'":
            buf, q = [], p + 1
            while q < n:
                if text[q] == "'":
                    if q + 1 < n and text[q + 1] == "'":
                        buf.append("'")
                        q += 2
                        continue
                    break
                buf.append(text[q])
                q += 1
            if q >= n:
                break
            out.append("".join(buf))
            p = q + 1
        else:
            m = bare.match(text, p)
            if m is None:
                break
            q = m.end()
            while q < n and text[q] in " \t":
                q += 1
            if q < n and text[q] == "(":
                break
            word = m.group()
            out.append("" if word.upper() == "NULL" else word)
            p = m.end()
        while p < n and text[p] in " \t":
            p += 1
        if p < n and text[p] == ",":
            p += 1
            continue
        break
    return out


def test_sql_values_read_as_character_by_character() -> None:
    from geochunk.context.attributes import _values

    rng = random.Random(11)
    alphabet = ["'", "''", "a", "7", " ", ",", "(", "NULL", "x y", "\t", "é"]
    texts = ["", "'", "''", "'''", "'a''b'", "'a'', ", "1, 'x', NULL, ST_GeomFromEWKT('", "'open"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 14))) for _ in range(3000)]
    for t in texts:
        assert _values(t, 0) == _sql_values_char_by_char(t, 0), t


def test_no_clean_search_where_no_position_is_clean() -> None:
    """A tokenizer whose counts are additive nowhere (any callable) counts a ragged range
    whole, without probing up to 2 x 1,024 characters for a clean position first."""
    from geochunk.tokens.counting import callable_counter

    counter = callable_counter(lambda t: len(t.split()), name="words")
    text = _boundary(300)
    idx = counter.index(text)
    probes: list[int] = []
    clean = idx._clean

    def probing(p: int) -> bool:
        probes.append(p)
        return clean(p)

    idx._clean = probing  # type: ignore[method-assign]
    for a, b in [(1, len(text) - 1), (5, 900), (300, 301)]:
        assert idx.exact(a, b) == len(text[a:b].split())
    assert len(probes) <= 6  # the two ends of each range, nothing in between


def test_a_text_without_a_brace_skips_the_json_scan_with_its_answer() -> None:
    """detect._scan_json answers a text with no "{" without scanning (issue #13, speed): the
    scan itself finds nothing in such texts either (seeded random quotes, brackets, escapes,
    line ends and GeoJSON words; the bundled samples without a brace)."""
    from geochunk.detection.scan import _scan_json, _scan_json_all
    from geochunk.samples import list_samples, load_sample

    def empty(found) -> bool:  # type: ignore[no-untyped-def]
        return not (found.closed or found.members or found.geometry_members
                    or found.features_arrays or found.unclosed)

    rnd = random.Random(13)
    parts = ['"', "[", "]", "}", "\\", "\n", " ", ":", ",", '"type"', '"Feature"', '"features"',
             '"geometry"', '"Point"', "[1, 2]", "x", "\r"]
    texts = ["".join(rnd.choice(parts) for _ in range(rnd.randint(0, 60))) for _ in range(2000)]
    texts += [t for t in (load_sample(s.name) for s in list_samples()) if "{" not in t][:4]
    for t in texts:
        assert empty(_scan_json(t))
        assert empty(_scan_json_all(t)), t
