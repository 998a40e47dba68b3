"""Whole-document passes rewritten to bound their scratch memory give exactly what the plain
expressions give: lower-casing in pieces (``textcase``), the folded prose of ``crs.places``,
and the boundary table of ``prose.find_boundaries`` (masks by slice, one sorted key)."""

from __future__ import annotations

import random
import re
import unicodedata

import numpy as np
import pytest
import regex

from geochunk.context import prose
from geochunk.text import textcase
from geochunk.context.sentences import keep_sentence_ends
from geochunk.crs.places import _gaps, fold_text
from geochunk.samples import list_samples, load_sample

# characters whose lower-casing is not one-to-one or depends on neighbours
_TRICKY = "ΣσςΑΒİIıKſßẞǅǄ\u0307\u0301\u200d'’.:\r\n\t  \u3000é"


def _random_texts(seed: int, k: int) -> list[str]:
    rng = random.Random(seed)
    alphabet = _TRICKY + "abcXYZ019 ,.;-()#"
    out = []
    for _ in range(k):
        n = rng.randint(0, 400)
        out.append("".join(rng.choice(alphabet) for _ in range(n)))
    return out


@pytest.mark.parametrize("piece", [1, 2, 3, 7, 64])
def test_lower_in_pieces_is_str_lower(monkeypatch, piece) -> None:
    monkeypatch.setattr(textcase, "PIECE", piece)
    for text in _random_texts(piece, 300) + ["ΟΔΟΣ\nΣ", "Σ\nΣ\nΣ", "\n" * 5, "AΣ\n"]:
        assert textcase.lower(text) == text.lower()
        assert "".join(textcase.pieces(text, piece)) == text


def test_pieces_end_at_line_breaks() -> None:
    text = "ab\ncd\n\nefgh\ni"
    parts = list(textcase.pieces(text, 3))
    assert "".join(parts) == text
    assert all(p.endswith("\n") and len(p) >= 3 for p in parts[:-1])


def _fold_text_plain(text: str, spans) -> tuple[frozenset, str]:
    prose_ = "\n".join(text[a:b] for a, b in _gaps(len(text), spans) if b > a).lower()
    if not prose_.isascii():
        prose_ = regex.sub(r"\p{M}+", "", unicodedata.normalize("NFKD", prose_))
    return frozenset(regex.findall(r"[a-z]+", prose_)), prose_


def test_fold_text_in_pieces_is_the_plain_fold(monkeypatch) -> None:
    monkeypatch.setattr(textcase, "PIECE", 5)
    texts = _random_texts(11, 200) + [load_sample(s.name) for s in list_samples()]
    for text in texts:
        spans = [(len(text) // 4, len(text) // 3)] if len(text) > 8 else []
        assert fold_text(text, spans) == _fold_text_plain(text, spans)


# the boundary patterns as first written (prose.py now spells them so that the engine can skip
# to candidates quickly; the matches must stay these)
_HEADING_PLAIN = re.compile(r"(?m)^#{1,6}[ \t]")
_PARAGRAPH_PLAIN = re.compile(r"(?:\r\n|\r(?!\n)|\n)(?:[ \t\f\v]*+(?:\r\n|\r(?!\n)|\n))+")
_SENTENCE_PLAIN = re.compile(
    r"(?<![.!?\u0964\u0965\u2026])[.!?\u0964\u0965\u2026]++[\"'\u2019\u201d)\]]*+(?=\s)|[\u3002\uff01\uff1f]"
)


def _boundaries_plain(text: str, exclude=()) -> list[list[int]]:
    """find_boundaries as written before (whole-text masks, lexsort, the first patterns)."""
    n = len(text)
    cp = prose._clamped_codes(text)
    is_space = prose._SPACE_TABLE[cp]
    pos_of = prose._positions
    found = [
        pos_of(m.start() for m in _HEADING_PLAIN.finditer(text)),
        pos_of(m.end() for m in _PARAGRAPH_PLAIN.finditer(text)),
        np.flatnonzero((cp == 10) | ((cp == 13) & np.append(cp[1:] != 10, True))).astype(np.int64) + 1,
        # the stop candidates the context test keeps (geochunk.context.sentences: position only)
        pos_of(keep_sentence_ends(text, [m.end() for m in _SENTENCE_PLAIN.finditer(text)])),
        np.flatnonzero(prose._GAP_TABLE[cp[1:]] & ~is_space[:-1]).astype(np.int64) + 1,
    ]
    pos = np.concatenate(found)
    lvl = np.concatenate([np.full(len(a), k, dtype=np.int8) for k, a in enumerate(found)])
    keep = (pos > 0) & (pos < n)
    pos, lvl = pos[keep], lvl[keep]
    order = np.lexsort((lvl, pos))
    pos, lvl = pos[order], lvl[order]
    first = np.ones(len(pos), dtype=bool)
    first[1:] = pos[1:] != pos[:-1]
    pos, lvl = pos[first], lvl[first]
    for a, b in exclude:
        inside = (pos > a) & (pos < b)
        pos, lvl = pos[~inside], lvl[~inside]
    return [pos[lvl == k].tolist() for k in range(prose.WORD + 1)]


@pytest.mark.parametrize("mask_slice", [1, 3, 1 << 16])
def test_boundaries_by_slice_equal_the_whole_text_masks(monkeypatch, mask_slice) -> None:
    monkeypatch.setattr(prose, "_MASK_SLICE", mask_slice)
    texts = _random_texts(mask_slice, 150) + ["", "\r", "\r\n", "a\r\rb\n\n# H\nSent. Two! x"]
    rng = random.Random(mask_slice)  # ASCII only: the gap scan reads bytes there
    texts += ["".join(rng.choice("ab1 .!?\t\n\r\x0b\x1c#") for _ in range(rng.randint(0, 300))) for _ in range(80)]
    if mask_slice > 1:
        limit = 300_000 if mask_slice > 3 else 50_000
        texts += [load_sample(s.name) for s in list_samples() if len(load_sample(s.name)) < limit]
    for text in texts:
        ex = ((2, 9), (len(text) // 2, len(text) // 2 + 5)) if len(text) > 20 else ()
        got = prose.find_boundaries(text, ex)
        assert [a.tolist() for a in got.by_level] == _boundaries_plain(text, ex)
        assert all(a.dtype == np.int32 for a in got.by_level)  # offsets fit: half of int64


def _heading_glue_plain(text: str) -> list[tuple[int, int]]:
    """headings.heading_glue as written before (a tuple per line)."""
    import re

    from geochunk.context.headings import is_heading_line, is_setext_underline, setext_title

    lines = []
    for m in re.finditer(r"[^\r\n]*+(?:\r\n|\r|\n)?", text):
        if m.start() == m.end():
            break
        lines.append((m.start(), m.end(), not m.group().strip()))
    out = []
    for k, (a, b, blank) in enumerate(lines):
        if blank:
            continue
        before = k == 0 or lines[k - 1][2]
        after = k + 1 == len(lines) or lines[k + 1][2]
        j = k + 1
        if (before and j < len(lines) and is_setext_underline(text[lines[j][0]:lines[j][1]])
                and setext_title(text[a:b])):
            j += 1
        elif not is_heading_line(text[a:b], blank_before=before, blank_after=after):
            continue
        while j < len(lines) and lines[j][2]:
            j += 1
        if j < len(lines):
            out.append((a, lines[j][0]))
    return out


def test_heading_glue_from_the_line_index_equals_the_per_line_tuples() -> None:
    """The candidate lines found with numpy over the line starts give the per-line tuples'
    headings, on the samples and on short random texts."""
    from geochunk.context.headings import heading_glue

    rng = random.Random(5)
    pieces_ = ["# T", "TITLE", "====", "----", "", " ", "\t", "\u3000", "\x1c", "\x85",
               "body text.", "Parcel LU-1", "| a |", "## x", "#x", "NOTES ON SITE",
               "   ===", "\t--", " \t #", "    # x", "\u4e2d#", "  ", "=", "A\u2028B"]
    texts = [load_sample(s.name) for s in list_samples()]
    for _ in range(2000):
        texts.append("".join(rng.choice(pieces_) + rng.choice(["\n", "\r", "\r\n", "\n\n", ""])
                             for _ in range(rng.randint(0, 12))))
    for text in texts:
        assert heading_glue(text) == _heading_glue_plain(text)


def test_boundary_patterns_match_their_first_spelling() -> None:
    # the rewritten patterns find the same matches, also from a start and to an end offset
    rng = random.Random(13)
    alphabet = list("#  \t\n\r.!?\u0964\u0965\u2026\u3002\uff01\uff1f\"'\u2019\u201d)]a1\f\v") + [
        "\r\n", "##", "######", "#######", "...", "\n\n", " \n",
    ]
    texts = [load_sample(s.name) for s in list_samples() if len(load_sample(s.name)) < 300_000]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 120))) for _ in range(4000)]
    pairs = [(_HEADING_PLAIN, prose._HEADING), (_SENTENCE_PLAIN, prose._SENTENCE),
             (_PARAGRAPH_PLAIN, prose._PARAGRAPH)]
    for text in texts:
        lf = "\r" not in text
        for old, new in pairs + ([(_PARAGRAPH_PLAIN, prose._PARAGRAPH_LF)] if lf else []):
            assert [m.span() for m in new.finditer(text)] == [m.span() for m in old.finditer(text)]
            a, b = sorted(rng.randint(0, len(text)) for _ in range(2))
            assert [m.span() for m in new.finditer(text, a, b)] == [m.span() for m in old.finditer(text, a, b)]


@pytest.mark.parametrize("skip", [1, 2, 5, 2048])
def test_boundaries_skipping_long_excluded_ranges_equal_the_whole_text_scan(monkeypatch, skip) -> None:
    # long excluded ranges are not scanned; what lies outside them (and their edges) is exactly
    # what the whole-text scan finds, whatever runs of whitespace, stops or CRs cross an edge
    monkeypatch.setattr(prose, "SKIP_INSIDE", skip)
    rng = random.Random(skip)
    alphabet = list("ab #\t\n\r.!?\u2026\u3002\"')]\u3000 \f") + ["\r\n", "\n\n", "...", "# ", "\n# H\n", "x. ", "  \n \n"]
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 300))) for _ in range(1500)]
    if skip == 2048:
        texts += [load_sample(s.name) for s in list_samples()]
    for text in texts:
        n = len(text)
        cuts = sorted(rng.sample(range(n + 1), min(n + 1, 2 * rng.randint(0, 4))))
        ex = tuple((a, b) for a, b in zip(cuts[::2], cuts[1::2]) if b > a)
        if skip == 2048 and n > 5000:  # the samples: their real no-cut ranges
            from geochunk.detection.scan import detect

            ex = tuple((s.start, s.end) for s in detect(text).spans)
        got = prose.find_boundaries(text, ex)
        assert [a.tolist() for a in got.by_level] == _boundaries_plain(text, ex), (text, ex)


@pytest.mark.parametrize("key_slice", [1, 2, 7, 64])
def test_boundaries_scanned_in_short_windows_equal_the_whole_text_scan(monkeypatch, key_slice) -> None:
    # issue #13: a window longer than _KEY_SLICE offsets is scanned in pieces (their keys merged
    # in one mapped buffer): runs of whitespace, stops, CRs and headings across a cut change nothing
    monkeypatch.setattr(prose, "_KEY_SLICE", key_slice)
    rng = random.Random(key_slice)
    alphabet = list("ab #\t\n\r.!?\u2026\u3002\"')]\u3000 \f") + ["\r\n", "\n\n", "...", "# ", "\n# H\n", "x. ", "  \n \n"]
    # a slice of 1 or 2 offsets cuts a text at every position or every other one (~100 cuts a
    # text): 200 texts cross every neighbour pair of the alphabet at a cut many times over
    count = 200 if key_slice <= 2 else 600
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 200))) for _ in range(count)]
    if key_slice == 64:
        texts += [load_sample(s.name) for s in list_samples() if len(load_sample(s.name)) < 300_000]
    for text in texts:
        n = len(text)
        cuts = sorted(rng.sample(range(n + 1), min(n + 1, 2 * rng.randint(0, 3))))
        ex = tuple((a, b) for a, b in zip(cuts[::2], cuts[1::2]) if b > a)
        got = prose.find_boundaries(text, ex)
        assert [a.tolist() for a in got.by_level] == _boundaries_plain(text, ex), (text, ex)
        assert all(a.dtype == np.int32 for a in got.by_level)
