"""Hostile input (issue 7), the core: every reproduction of the issue is a test here.

Cost is measured with deterministic work counters (``tests/work.py``: Python lines executed plus
document characters read), never wall time: ``growth`` is the work at 8x the input divided by the
work at 1x, about 8 when linear and about 64 when quadratic.
"""

from __future__ import annotations

import json

import pytest

from geochunk.model import ChunkConfig, Flag
from geochunk.pipeline import chunk_text
from geochunk.gates import validate
from work import growth

LINEAR_8X = 10.5  # work ratio allowed at 8x the input (quadratic would be ~64)


def _points(n: int) -> str:
    return "POINT (1 2)\n" * n


def _one_line_collection(n: int) -> str:
    feats = [
        {"type": "Feature", "id": i, "properties": {"name": f"f{i}"},
         "geometry": {"type": "Point", "coordinates": [i, i]}}
        for i in range(n)
    ]
    return json.dumps({"type": "FeatureCollection", "features": feats})


def _gates(text: str, budget: int, **kw: object) -> None:
    cs = chunk_text(text, ChunkConfig(budget=budget, **kw))  # type: ignore[arg-type]
    report = validate(text, cs.chunks, budget=budget, detection=cs.analysis.detection)
    assert report.passed, report.lines()
    for c in cs.chunks:
        assert c.text.strip(), f"whitespace-only chunk {c.index}"
        if c.token_count > budget:
            assert c.oversized and Flag.OVERSIZED in c.flags and Flag.NEEDS_FALLBACK in c.flags


def test_identical_geometries_cost_linear() -> None:
    """`POINT (1 2)` repeated: the duplicate-id suffix search probed .2, .3, ... every time."""
    ratio = growth(lambda t: chunk_text(t, ChunkConfig(budget=256)), _points, 60, 8)
    assert ratio < LINEAR_8X, ratio


def test_identical_geometries_get_distinct_stable_ids() -> None:
    text = _points(50)
    ids = [f.id for f in chunk_text(text, ChunkConfig(budget=64)).analysis.features]
    assert len(set(ids)) == 50
    assert ids == [f.id for f in chunk_text(text, ChunkConfig(budget=512)).analysis.features]
    assert ids[2].endswith(".2") and ids[1] == ids[2][: -len(".2")]


@pytest.mark.parametrize("rewrap", [False, True], ids=["plain", "rewrap"])
def test_one_line_feature_collection_cost_linear(rewrap: bool) -> None:
    """A minified FeatureCollection: unit widening sliced the whole line once per feature."""
    ratio = growth(
        lambda t: chunk_text(t, ChunkConfig(budget=256, rewrap=rewrap)), _one_line_collection, 60, 8
    )
    assert ratio < LINEAR_8X, ratio


def test_hex_wkb_run_on_one_line_cost_linear() -> None:
    """Hex WKB points on one line: each one read the whole line again as its table row."""
    point = "0101000000000000000000F03F0000000000000040"
    ratio = growth(lambda t: chunk_text(t, ChunkConfig(budget=256)),
                   lambda n: ",".join([point] * n) + "\n", 60, 8)
    assert ratio < LINEAR_8X, ratio


def test_one_line_feature_collection_splits_between_features() -> None:
    text = _one_line_collection(300)
    cs = chunk_text(text, ChunkConfig(budget=256))
    assert len(cs.chunks) > 5
    assert sum(len(c.features) for c in cs.chunks) == 300
    _gates(text, 256)


@pytest.mark.parametrize(
    "text,budget",
    [
        ("a" + "\u0301" * 3000, 64),
        ("Intro words here.\n\n" + "a" + "\u0301" * 3000 + "\n\nTail words.\n", 64),
        ("\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466" * 40 + " end\n", 16),
        ("x " + "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466" * 10 + "\n\n  \n", 16),
    ],
    ids=["3000-accents", "3000-accents-in-prose", "family-emoji-run", "family-emoji-then-blank"],
)
def test_grapheme_cluster_over_budget_is_flagged(text: str, budget: int) -> None:
    """A grapheme cluster longer than the budget came out over budget, unflagged, and a
    whitespace-only chunk followed it; `validate` failed its own gates."""
    _gates(text, budget)
    cs = chunk_text(text, ChunkConfig(budget=budget))
    assert any(c.oversized for c in cs.chunks)
    assert "".join(text[c.core_start : c.end] for c in cs.chunks) == text


@pytest.mark.parametrize("newline", ["\n", "\r", "\r\n"], ids=["LF", "CR", "CRLF"])
def test_lone_cr_attribute_lines_recognised(newline: str) -> None:
    """Lone-CR line endings: `ID: ...` attribute lines were not recognised."""
    text = newline.join(
        ["Site notes.", "", "### Well W-9", "POINT (1 2)", "Well ID: W-7", "Depth: 3 m", "",
         "More prose here.", ""]
    )
    cs = chunk_text(text, ChunkConfig(budget=64))
    (unit,) = cs.analysis.units
    assert unit.attributes == (("Well ID", "W-7"), ("Depth", "3 m"))
    assert [f.id for f in cs.analysis.features] == ["W-7"]
    assert text[unit.full[0] : unit.full[1]].startswith("### Well W-9")
    _gates(text, 16)


def test_lone_cr_lines_are_line_boundaries() -> None:
    from geochunk.context.prose import LINE, PARAGRAPH, find_boundaries

    b = find_boundaries("one\rtwo\r\rthree\r\nfour")
    assert b.levels_at(4) == LINE and b.levels_at(9) == PARAGRAPH and b.levels_at(16) == LINE
    assert b.levels_at(15) is None  # never between the \r and \n of a CRLF


def test_a_long_run_of_full_stops_is_not_quadratic() -> None:
    """Review of #7: the sentence regex retried a run of stops with no space after it from every
    position inside it ('.' x 40,000 inside prose did not finish in 120 s; the regex is C code,
    which the work counters do not see). The run here would take hours if that came back."""
    import re

    from geochunk.context.prose import _SENTENCE, find_boundaries

    text = "The survey found a well " + "." * 300_000 + "x and more prose here.\n\nNext."
    b = find_boundaries(text)
    assert b.levels_at(len(text) - 7) is not None  # the paragraph break is still found
    cs = chunk_text(text, ChunkConfig(budget=64))
    assert "".join(text[c.core_start : c.end] for c in cs.chunks) == text
    # the same sentence ends as the former (backtracking) pattern on mixed stops and closers
    former = re.compile(r"[.!?\u0964\u0965\u2026]+[\"'\u2019\u201d)\]]*(?=\s)|[\u3002\uff01\uff1f]")
    samples = ['a.. b', '..."x', "x.') y", "!?\u2026\u2019\t", ".'.'. ", "\u3002\u3002x", '."a" .', "."]
    for s in samples:
        assert [m.end() for m in _SENTENCE.finditer(s)] == [m.end() for m in former.finditer(s)], s


def test_sentence_ends_per_stop_equal_the_one_pattern_scan() -> None:
    """prose._sentence_ends (one literal-led pattern per stop character, issue #13 speed) finds
    exactly the ends that one _SENTENCE scan finds, from every start and to every end (seeded
    random strings of stops, closers, spaces and letters, and the samples above)."""
    import random

    from geochunk.context.prose import _SENTENCE, _sentence_ends

    alphabet = ".!?\u0964\u0965\u2026\u3002\uff01\uff1f\"')]\u2019\u201d \n\tab1"
    rnd = random.Random(13)
    texts = ['a.. b', '..."x', "x.') y", "!?\u2026\u2019\t", ".'.'. ", "\u3002\u3002x", '."a" .', "."]
    texts += ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 12))) for _ in range(3000)]
    for s in texts:
        for lo in range(len(s) + 1):
            for hi in range(lo, len(s) + 1, 3):
                got = sorted(_sentence_ends(s, lo, hi))
                assert got == [m.end() for m in _SENTENCE.finditer(s, lo, hi)], (s, lo, hi)


@pytest.mark.parametrize("where", ["last", "middle", "value"])
def test_json_member_runs_are_read_once(where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Feature with thousands of plain properties and a ``"type"`` among them (OSM tags carry
    one): the member run was matched again from every key up to the ``"type"`` member and then
    thrown away, so the characters the run pattern consumed grew with the square of the object
    (16,000 members took 11.6 s). Counted, not timed: the summed match lengths stay linear."""
    import geochunk.detection.scan as detect_mod

    real = detect_mod._JSON_MEMBERS
    consumed = [0]

    class _Counting:
        def match(self, text: str, pos: int = 0):  # noqa: ANN202 - mirrors re.Pattern.match
            m = real.match(text, pos)
            if m is not None:
                consumed[0] += m.end() - m.start()
            return m

    monkeypatch.setattr(detect_mod, "_JSON_MEMBERS", _Counting())

    def doc(n: int) -> str:
        members = ['"k%d": %d, ' % (i, i) for i in range(n)]
        if where == "value":
            members[n // 2] = '"kind": "type", '
        else:
            members.insert(n if where == "last" else n // 2, '"type": "residential", ')
        return ('{"type": "Feature", "properties": {' + "".join(members) + '"z": 0}, '
                '"geometry": {"type": "Point", "coordinates": [1, 2]}}')

    for n in (500, 4000):
        consumed[0] = 0
        text = doc(n)
        det = detect_mod.detect(text)
        assert consumed[0] <= 2 * len(text), (n, consumed[0], len(text))
        # the whole Feature is one span, read as a Point Feature (the "type" among the
        # properties is not the object's type)
        assert [(s.start, s.end, s.kind, s.geom_type) for s in det.spans] == [
            (0, len(text), "geojson_feature", "POINT")
        ]


@pytest.mark.parametrize(
    "text",
    ["<gml:Polygon>\ud800", "POINT (1 2) \udfff POLYGON ((0 0, 1 0, 1 1, 0 0))\n\ud800 text"],
    ids=["gml", "wkt"],
)
def test_lone_surrogates_through_the_python_api(text: str) -> None:
    """A str from Python may hold a lone surrogate (files are rejected as invalid UTF-8 before
    this): the content id hashed it with strict UTF-8 and raised UnicodeEncodeError. It is
    hashed code point by code point (``surrogatepass``), as the document digest is."""
    _gates(text, 64)
    a = chunk_text(text, ChunkConfig(budget=64))
    b = chunk_text(text, ChunkConfig(budget=64))
    assert "".join(c.text for c in a.chunks) == text
    assert [f.id for f in a.analysis.features] == [f.id for f in b.analysis.features]
