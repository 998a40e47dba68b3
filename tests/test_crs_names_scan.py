"""The name scan visits only the places where a name can start (``NameHeads.starts``): it must
find exactly what a walk from every token finds (the scan before issue 13's speed-up, kept here
as the reference), on the bundled samples, the hard generated set and adversarial text (accents,
long s, dotted capital I, superscript and Arabic-Indic digits, lone surrogates, names split by
numbers and line breaks)."""

from __future__ import annotations

import re
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crs_hard_cases as hard
from geochunk.crs import names
from geochunk.crs.names import NameHit, find_names, name_heads, name_index
from geochunk.samples import list_samples, load_sample


@lru_cache(maxsize=1)
def _trie() -> dict:
    """The name index as the trie of dicts the scan once walked (made once for these tests)."""
    return name_index().as_trie()


def _reference(text: str) -> list[NameHit]:
    """Leftmost-longest matches from a trie walk at EVERY whole token that starts with a
    letter or is a number token starting some name (the scan as it was)."""
    trie = _trie()
    roots = sorted((t for t in trie if t[:1].isdigit()), key=len, reverse=True)
    starts = re.compile(r"(?<![^\W_])(?:[^\W\d_][^\W_]*" + "".join("|" + re.escape(t) for t in roots)
                        + r")(?![^\W_])", re.IGNORECASE)
    hits: list[NameHit] = []
    resume = 0
    for m in starts.finditer(text):
        start = m.start()
        if start < resume:
            continue
        token = m.group()
        node = trie.get(token.lower() if token.isascii() else names._fold(token))
        if node is None:
            continue
        best = None
        pos = m.end()
        while True:
            entry = node.get(names._END)
            if entry is not None:
                best = (pos, entry)
            nxt = names._NEXT.match(text, pos)
            if nxt is None:
                break
            node = node.get(names._fold(nxt.group(1)))
            if node is None:
                break
            pos = nxt.end()
        if best is not None:
            hits.append(NameHit(start, best[0], text[start:best[0]], best[1]))
            resume = best[0]
    return hits


@pytest.mark.parametrize("sample", [s.name for s in list_samples()])
def test_scan_matches_the_every_token_walk_on_samples(sample: str) -> None:
    text = load_sample(sample)
    assert find_names(text) == _reference(text)


def test_scan_matches_the_every_token_walk_on_hard_cases() -> None:
    cases = hard.generate(per_class=6, seed=13)
    for case in cases:
        assert find_names(case.text) == _reference(case.text), case.label


_WORDS = [
    "British", "National", "Grid", "OSGB", "1936", "RD", "New", "Amersfoort", "Rijksdriehoek",
    "rijksdriehoekscoördinaten", "RIJKSDRIEHOEKSCOÖRDINATEN", "Gauß", "Krüger", "Gauss-Kruger",
    "ETRS89", "UTM", "zone", "32N", "3", "degree", "1975", "mapping", "12th", "parallel", "St",
    "Paul", "South", "African", "NAD83", "California", "ftUS", "Web", "Mercator", "WGS", "84",
    "the", "north", "field", "LU2", "ed50", "IT", "be", "bd72", "NZTM", "ITM", "Lambert93",
    "\u017fouth", "\u0130stanbul", "\u00b9975", "\u0663abc", "\ud800", "caf\u00e9", "ſt",
    "Ａmersfoort", "ＲＤ", "Μ", "ΣΑΣ", "Dutch", "3-degree Gauss-Kruger zone 9",
    "1975 Mapping Adjustment", "12TH parallel traverse", "3 Degree", "Gauss Kruger zone 12",
    "Point", "58", "Point 58", "Point\n58", "CC42", "cc42 ", "S", "42", "JTSK", "system", "1942",
]
_SEPS = [" ", "  ", "\n", " / ", "-", "_", ".", "—", "\u00a0", "", "(", ", ", "3", "é"]


@settings(max_examples=300)
@given(st.lists(st.tuples(st.sampled_from(_WORDS), st.sampled_from(_SEPS)), max_size=24),
       st.sampled_from([1, 7, names.PIECE]))
def test_scan_matches_the_every_token_walk_on_adversarial_text(parts, piece: int) -> None:
    """Also with the text scanned in tiny pieces: a name, or a head and the number after it
    ("Point\\n58"), may straddle a cut."""
    text = "".join(w + s for w, s in parts)
    old = names._PIECE_CHARS
    names._PIECE_CHARS = piece
    try:
        assert find_names(text) == _reference(text)
    finally:
        names._PIECE_CHARS = old


def test_starts_are_token_starts_that_may_begin_a_name() -> None:
    heads = name_heads()
    text = "In 3tm, first at St Paul and Amersfoort / RD New; the 3-degree Gauss-Kruger zone 4."
    starts = heads.starts(text)
    assert all(i == 0 or not text[i - 1].isalnum() for i in starts)
    hits = find_names(text)
    assert {h.start for h in hits} <= set(starts)
    # "first" holds "st" and "3tm" holds "tm": neither is a token start
    assert text.index("irst") - 1 not in starts and text.index("tm") not in starts
    assert heads.starts("The survey covers the north field.") == []


_ANCHOR_WORDS = [
    "EPSG:27700", "epsg::4326", "urn:ogc:def:crs:EPSG::28992", "URN:OGC:DEF:CRS:OGC:1.3:CRS84",
    "https://www.opengis.net/def/crs/EPSG/0/3857", "SRID=27700;", "srid = 4326", "CRS84",
    "crs:84", "ESRI:102100", "Esri WKID 102100", '"wkid": 102100', "UTM zone 31N", "utm 44S",
    "Gauss-Krüger zone 4", "GAUSS KRUEGER zone 3", "GAUẞ-Krüger zone 5", "GK4", "\u212a",
    "G\u212a 4", "\u0130", "return:", "turn:84", '"crs": {"type": "name", "properties": '
    '{"name": "EPSG:27700"}}', "EPSG 2019", "zone", "Zone 12", "—", "²",
]


@settings(max_examples=200)
@given(st.lists(st.tuples(st.sampled_from(_ANCHOR_WORDS), st.sampled_from(_SEPS)), max_size=16))
def test_anchors_left_out_by_the_word_set_occur_nowhere(parts) -> None:
    """Declarations found with the letter-run gate are those found by a pass per anchor."""
    from geochunk.crs import declarations as decl
    from geochunk.crs.zones import find_zones

    text = "".join(w + s for w, s in parts)
    low = decl._lowered(text)
    words = names.run_words(names.letter_runs(text))
    assert decl._explicit(text, low, words) == decl._explicit(text, low, None)
    assert find_zones(text, low, words) == find_zones(text, low, None)
    assert decl._crs_members(text) == ([] if not names.may_occur("crs", words)
                                        else decl._crs_members(text))


@settings(max_examples=300)
@given(st.lists(st.tuples(st.sampled_from(_ANCHOR_WORDS + ["🇬🇧", "\ud800", "ÉPSG", "ΣΑΣ"]),
                          st.sampled_from(_SEPS)), max_size=16))
def test_anchors_found_in_the_bytes_are_those_of_the_lowered_text(parts) -> None:
    """Anchor offsets read from the ASCII-lower-cased UTF-8 bytes are those ``str.find``
    gives on the lower-cased text (which a text with İ or the Kelvin sign still uses)."""
    from geochunk.crs import declarations as decl
    from geochunk.crs.zones import _ANCHORS as ZONE_ANCHORS

    text = "".join(w + s for w, s in parts)
    low, fast = decl._lowered(text), decl._Lowered(text)
    assert len(fast) == len(text)
    for anchor in [a for a, _ in decl._ANCHORS] + [a for a, _ in ZONE_ANCHORS]:
        for start in (0, 1, len(text) // 2):
            assert fast.find(anchor, start) == low.find(anchor, start), (anchor, start)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aZz{`@ \n\n-éÉüÑłŁß\u0301\u200dℌﬁ🇬İıΣσ'0\ud800")) | st.characters(),
               max_size=80),
       st.lists(st.tuples(st.integers(0, 80), st.integers(0, 80)), max_size=3))
def test_fold_words_are_the_words_of_the_whole_fold(text: str, spans) -> None:
    """The swap pre-check's word set, folding only the lines that are not ASCII, is the one
    folding the whole text outside the geometry spans gives."""
    from geochunk.crs.places import fold_text, fold_words

    spans = [(min(a, b), max(a, b)) for a, b in spans]
    assert fold_words(text, spans) == fold_text(text, spans)[0]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aZz{`@ \n\n-éÉüÑłŁß\u0301\u200dℌﬁ🇬İıΣσ'0\ud800")) | st.characters(),
               max_size=80),
       st.lists(st.tuples(st.integers(0, 80), st.integers(0, 80)), max_size=3))
def test_fold_gate_holds_every_folded_word(text: str, spans) -> None:
    """The swap pre-check's gate, made from the letter runs without folding the text, holds
    every word of the fold outside the spans (or is ``None``, where a span cuts a run)."""
    from geochunk.crs.places import fold_gate, fold_words, in_gate

    spans = [(min(a, b), max(a, b)) for a, b in spans]
    gate = fold_gate(text, spans, names.letter_runs(text))
    if gate is not None:
        assert all(in_gate(gate, w.encode("ascii")) for w in fold_words(text, spans))
    if not spans:
        assert gate is not None


def test_swap_check_gate_gives_the_answers_of_the_fold(monkeypatch) -> None:
    """With the gate switched off (every near word looked up in the folded text), the swap
    check flags the same frames, and with it the text is not folded where no near word is
    one of its runs."""
    from geochunk.crs import resolve as res
    from geochunk.crs import resolve_frames
    from geochunk.crs.work import Work
    from geochunk.detection.scan import detect
    from geochunk.detection.geometry import parse_span

    docs = ["Sampling sites in Abobo (EPSG:4326).\n\nPOINT (5.41613 -4.01590)\n",
            "Sites (EPSG:4326), no place named.\n\nPOINT (5.41613 -4.01590)\n",
            "Wells around München, EPSG:4326: POINT (48.137 11.575)\n"]
    folds = []
    real = Work.folded_words

    def counted(self):
        folds.append(1)
        return real(self)

    monkeypatch.setattr(Work, "folded_words", counted)
    for text in docs:
        det = detect(text)
        geoms = [parse_span(s).geometry for s in det.spans]
        folds.clear()
        gated = resolve_frames(text, det, geoms)
        n = len(folds)
        with monkeypatch.context() as m:
            m.setattr(Work, "fold_gate", lambda self: None)
            plain = resolve_frames(text, det, geoms)
        assert gated == plain
        if "no place" in text:
            assert n == 0  # no near word is a run of this text: nothing was folded
    assert any(f.flagged for f in gated.frames)


def test_folded_runs_kept_give_the_starts_of_a_fresh_fold(monkeypatch) -> None:
    """A letter run's words are folded once and kept with the heads (``_folded_runs``): the
    starts found with the kept words, with none kept, and with the store forgotten at every
    run (its bound reached) are the same, on the samples and the adversarial words."""
    heads = name_heads()
    texts = [load_sample(s.name) for s in list_samples()]
    texts.append(" ".join(w + s for w, s in zip(_WORDS, _SEPS * 10)))
    for text in texts:
        warm = heads.starts(text)
        heads._folded_runs.clear()
        assert heads.starts(text) == warm
        with monkeypatch.context() as m:
            m.setattr(names, "_FOLDED_RUNS_KEPT", 1)
            assert heads.starts(text) == warm
        for run, words in heads._folded_runs.items():
            assert words == heads._run_words(run)


def test_long_letter_runs_are_folded_but_not_kept() -> None:
    """A run longer than ``_FOLDED_RUN_BYTES`` (a CJK line is one run) is folded each time and
    not kept: kept, three one-line CJK documents of 0.7M characters held 6.3 MB after the calls.
    The starts are those of a short-run text folded and kept."""
    heads = name_heads()
    heads._folded_runs.clear()
    line = "東京都の地図" * 20 + " Amersfoort RD New 東京"
    assert heads.starts(line) == heads.starts(line)
    kept = list(heads._folded_runs)
    assert kept and all(len(run) <= names._FOLDED_RUN_BYTES for run in kept)
    assert "東京都の地図".encode() * 20 not in heads._folded_runs
