"""Prose boundaries with levels: section > paragraph > line > sentence > word > grapheme.

A boundary is an offset where a chunk may start. Lower level numbers are stronger: the packing
engine (:mod:`geochunk.split.packing`) splits at the strongest level that makes pieces fit. Offsets are
chosen so that whitespace goes with the text that follows it (a cut lands *before* a space or
*after* a newline), which is where BPE token counts are exactly additive (see
:func:`geochunk.tokens.counting.clean_boundary`).

Every pattern here is a flat character-class pattern with no nested quantifiers, so matching is
linear in the text.

>>> b = find_boundaries("# Title\\nOne. Two three.\\n\\nNext para.")
>>> b.levels_at(8), b.levels_at(12), b.levels_at(25)
(2, 3, 1)
>>> [p for p, _ in b.within(0, 35, PARAGRAPH)]
[25]
"""

from __future__ import annotations

import mmap
import re
from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from dataclasses import dataclass

import regex

import numpy as np

from geochunk.text.lines import lines_of
from geochunk.text.runs import back_over, forward_over
from geochunk.context.sentences import keep_sentence_ends

__all__ = [
    "SECTION",
    "PARAGRAPH",
    "LINE",
    "SENTENCE",
    "WORD",
    "GRAPHEME",
    "LEVEL_NAMES",
    "Boundaries",
    "find_boundaries",
    "grapheme_boundaries",
    "grapheme_cuts",
]

SECTION, PARAGRAPH, LINE, SENTENCE, WORD, GRAPHEME = range(6)
LEVEL_NAMES = ("section", "paragraph", "line", "sentence", "word", "grapheme")

# A blank-line run; the boundary is after its last line end (indentation stays with its line).
# Line ends are \r\n, \n and a lone \r (old Mac files): the classes are disjoint, so linear.
_PARAGRAPH = re.compile(r"(?:\r\n|\r(?!\n)|\n)(?:[ \t\f\v]*+(?:\r\n|\r(?!\n)|\n))+")
# the same for a text without "\r": a literal first character is found by a fast search, where
# a first character set is tested at every position (10x slower on a 1 MB polygon)
_PARAGRAPH_LF = re.compile(r"\n(?:[ \t\f\v]*+\n)+")
# Markdown ATX heading at a line start: the same matches as ``(?m)^#{1,6}[ \t]``, written to
# open with a literal "#" (the engine then skips to each "#" at C speed instead of trying the
# line-start test at every position: 13x faster); the look-behind then asks for a line start.
_HEADING = re.compile(r"#(?<![^\n]#)#{0,5}[ \t]")
# Sentence end: terminal punctuation (Latin, Devanagari danda/double danda, CJK), optional
# closing quotes/brackets, then whitespace (the cut goes before the whitespace) — or a CJK full
# stop with no following space (cut right after it).
# Possessive, and only from the start of a run of stops: a long run of full stops with no space
# after it ('.' x 8,000) was retried from every position inside it (quadratic; 21 s).
# Written to open with one character set (so the engine skips to candidates at C speed; a
# leading look-behind made it test every position, 4x slower), it has exactly the matches of
#   (?<![T])[T]++[Q]*+(?=\s)|[C]      (T Latin/Indic stops, Q closers, C CJK stops):
# a CJK stop alone, or a first stop (the 2-character look-behind: the one before it is no stop)
# and the rest of its run.
_STOPS = ".!?\u0964\u0965\u2026"
_SENTENCE = re.compile(
    f"[{_STOPS}\u3002\uff01\uff1f](?:(?<=[\u3002\uff01\uff1f])|(?<![{_STOPS}]{{2}})[{_STOPS}]*+"
    "[\"'\u2019\u201d)\\]]*+(?=\\s))"
)
# The same matches, one pattern per stop character, each opening with that literal: the engine
# finds a literal at C speed (memchr), where the character set above is tested at every
# position (1.5 ms on the land-use appendix, ~0.3 ms this way). A match starts only at the first
# stop of a run (its own look-behind) and holds no later first stop, so the matches do not
# depend on where a scan starts: the union of the per-stop scans is the set the one scan finds
# (``_sentence_ends``; ``tests/test_hostile.py`` compares them).
_CJK_STOPS = "\u3002\uff01\uff1f"
_SENTENCE_BY_STOP = {
    c: re.compile(re.escape(c) + (
        "" if c in _CJK_STOPS
        else f"(?<![{_STOPS}]{{2}})[{_STOPS}]*+[\"'\u2019\u201d)\\]]*+(?=\\s)"))
    for c in _STOPS + _CJK_STOPS
}


def _sentence_ends(text: str, lo: int, hi: int) -> list[int]:
    """``m.end()`` of every ``_SENTENCE`` match in ``text[lo:hi]`` (``finditer(text, lo, hi)``),
    unsorted: one literal-led scan per stop character that occurs there.

    >>> sorted(_sentence_ends("Hi. No.5 yes!) ok\u3002", 0, 19)), sorted(m.end() for m in _SENTENCE.finditer("Hi. No.5 yes!) ok\u3002"))
    ([3, 14, 18], [3, 14, 18])
    """
    out: list[int] = []
    for c, pat in _SENTENCE_BY_STOP.items():
        if text.find(c, lo, hi) >= 0:
            out.extend(m.end() for m in pat.finditer(text, lo, hi))
    return out


# A whitespace character that follows a non-space character: the start of an inter-word gap.
_WORD = re.compile(r"(?<=\S)[ \t\u00a0\u3000]")


_SPACE_CODES = np.array([c for c in range(0x3001) if chr(c).isspace()], dtype=np.uint32)
_GAP_CODES = np.array([0x20, 0x09, 0xA0, 0x3000], dtype=np.uint32)  # inter-word gap starters
# Lookup tables over code points 0..0x3000 (every space is below 0x3001; higher code points are
# clamped to 0x3001, which is in neither): 5 bytes per character of temporaries where np.isin
# took 15 (issue 7, memory).
_SPACE_TABLE = np.zeros(0x3002, dtype=bool)
_SPACE_TABLE[_SPACE_CODES] = True
_GAP_TABLE = np.zeros(0x3002, dtype=bool)
_GAP_TABLE[_GAP_CODES] = True


def _lookup(table: np.ndarray, cp: np.ndarray) -> np.ndarray:
    return table[np.minimum(cp, len(table) - 1)]


_CODES_SLICE = 1 << 16


def _clamped_codes(text: str) -> np.ndarray:
    """Code points clamped to 0x3001 (where the lookup tables end) as uint16, 2 bytes per
    character, decoded slice by slice (the whole document as UTF-32 took 4, plus 4 for the clamp).

    >>> _clamped_codes("a\\u3000\\U0001f44d\\n").tolist()
    [97, 12288, 12289, 10]
    """
    out = np.empty(len(text), dtype=np.uint16)
    for s in range(0, len(text), _CODES_SLICE):
        part = np.frombuffer(text[s : s + _CODES_SLICE].encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        np.minimum(part, len(_SPACE_TABLE) - 1, out=out[s : s + len(part)], casting="unsafe")
    return out


@dataclass(frozen=True, eq=False)
class Boundaries:
    """Sorted boundary offsets per level; a position appears once, at its strongest level.
    Query with :meth:`within` to get every boundary at or above a level."""

    # index = level (SECTION..WORD), sorted offsets: int32 (int64 from 2**28 characters)
    by_level: tuple[np.ndarray, ...]
    length: int

    def inside(self, level: int, lo: int, hi: int) -> np.ndarray:
        """The offsets of one level strictly inside ``(lo, hi)``: a view of its sorted array.
        Searched with keys of the array's own dtype: a Python int against the int32 offsets
        makes numpy convert the whole array to int64 on every call (~70 us a call on the
        land-use appendix x16's 161k word boundaries, a per-chunk cost that grew with the
        document).

        >>> b = find_boundaries("One. Two.\\n\\nThree four. Five")
        >>> b.inside(WORD, 0, 30).tolist() == [p for p, lv in b.within(0, 30, WORD) if lv == WORD]
        True
        """
        arr = self.by_level[level]
        key = arr.dtype.type
        return arr[arr.searchsorted(key(lo), "right") : arr.searchsorted(key(hi), "left")]

    def within(self, lo: int, hi: int, max_level: int) -> list[tuple[int, int]]:
        """Boundaries strictly inside ``(lo, hi)`` with level <= ``max_level``, sorted."""
        out: list[tuple[int, int]] = []
        for level in range(min(max_level, WORD) + 1):
            out.extend((p, level) for p in self.inside(level, lo, hi).tolist())
        out.sort()
        return out

    def levels_at(self, p: int) -> int | None:
        """The strongest level of a boundary at ``p``, or None."""
        for level, arr in enumerate(self.by_level):
            key = arr.dtype.type  # as in inside: a Python int would convert the whole array
            i = int(arr.searchsorted(key(p)))
            if i < len(arr) and arr[i] == p:
                return level
        return None


def _positions(it: "object") -> np.ndarray:
    return np.fromiter(it, dtype=np.int64)  # type: ignore[call-overload]


_MASK_SLICE = 1 << 16  # code points tested at once (bounds the boolean scratch arrays)


def _gap_ends(text: str, lo: int, hi: int, keep: Callable[[np.ndarray], np.ndarray] | None = None) -> np.ndarray:
    """Offsets ``p`` in ``[lo, hi]`` (``0 < p < len(text)``) of a gap character that follows a
    non-space, as int64; tested slice by slice (``keep`` filters each slice's offsets, so the
    ones a caller drops are never held for the whole text).

    >>> _gap_ends("a b\\u3000 c\\td", 0, 9).tolist()
    [1, 3, 6]
    """
    lo, hi = max(lo, 1), min(hi, len(text) - 1)
    gaps = []
    for s in range(lo, hi + 1, _MASK_SLICE):
        e = min(hi + 1, s + _MASK_SLICE)
        part = text[s - 1 : e]  # one character before the slice
        # the gap characters by comparisons (a table lookup per character was 5x slower), then
        # the few characters before them looked up
        if part.isascii():  # a byte per character (a quarter of the code points' bytes)
            cp = np.frombuffer(part.encode("ascii"), dtype=np.uint8)
            c = cp[1:]
            gap = c == 0x20
            gap |= c == 0x09  # (the other gap characters are not ASCII)
        else:
            cp = _clamped_codes(part)
            c = cp[1:]
            gap = c == _GAP_CODES[0]
            for code in _GAP_CODES[1:]:
                gap |= c == code
        idx = np.flatnonzero(gap)
        idx = idx[~_SPACE_TABLE[cp[idx]]].astype(np.int64)  # cp[j] is the one before c[j]
        idx += s
        gaps.append(idx if keep is None else keep(idx))
    return np.concatenate(gaps) if gaps else np.zeros(0, dtype=np.int64)


#: An excluded range at least this long is not scanned at all (a shorter one is scanned with
#: its surroundings and its interior boundaries dropped): a 1 MB polygon costs nothing here.
SKIP_INSIDE = 2048
_WS_RUN = " \t\f\v\r\n"  # what a paragraph match is made of
_STOP_RUN = _STOPS + "\u3002\uff01\uff1f\"'\u2019\u201d)]"  # ... and a sentence match


def _windows(n: int, exclude: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """Closed ranges ``[lo, hi]`` of offsets to scan: everything but the inside of the long
    excluded ranges (their edges stay in).

    >>> _windows(10_000, ((5, 9), (100, 3000), (3000, 9000)))
    [(0, 100), (3000, 3000), (9000, 10000)]
    """
    out, lo = [], 0
    for a, b in exclude:
        if b - a >= SKIP_INSIDE and a >= lo:
            out.append((lo, a))
            lo = b
    out.append((lo, n))
    return out



def _same(a: np.ndarray) -> np.ndarray:
    return a


def _sub_windows(n: int, exclude: tuple[tuple[int, int], ...]) -> Iterator[tuple[int, int]]:
    """:func:`_windows`, each cut into closed ranges of at most :data:`_KEY_SLICE` offsets
    (a window's scan holds a few arrays of its candidates at once: a document with no long
    span was scanned whole, its scratch from the heap; issue #13). A scan of any window finds
    what the scan of the whole text finds there (:func:`_scan_window`), and the keys of all
    are merged (a paragraph end found by two windows is kept once), so the cuts change
    nothing.

    >>> list(_sub_windows(10, ()))[:1], _KEY_SLICE
    ([(0, 10)], 262144)
    """
    for lo, hi in _windows(n, exclude):
        for s in range(lo, hi + 1, _KEY_SLICE):
            yield s, min(hi, s + _KEY_SLICE - 1)


_KEY_SLICE = 1 << 18  # offsets per scanned window, at most (shorter windows cost CPU: 1 << 16 was +14%)


def _scan_window(
    text: str, lo: int, hi: int, line_ends: np.ndarray,
    keep: Callable[[np.ndarray], np.ndarray] = _same,
) -> list[np.ndarray]:
    """Boundaries at offsets ``lo <= p <= hi`` per level (SECTION..WORD; unsorted, may hold 0
    and ``len(text)``): exactly those that a scan of the whole text finds there.

    Each scan starts where no match of the whole-text scan can be under way and ends where none
    can go on: a heading match is the first characters of one line (the look-behind reads the
    character before ``lo`` itself); a paragraph run is made of whitespace, so none runs across
    a character that is not; a sentence match is made of stops and closers, and none starts
    inside another (each begins at the first stop of a run), so a scan from any offset finds
    all later ones. Line ends come from the shared line index. ``keep`` filters each level's
    offsets (by position only) before they are returned."""
    n = len(text)
    heading = _positions(m.start() for m in _HEADING.finditer(text, lo, min(n, hi + 8)))
    q, e = back_over(text, lo, _WS_RUN), min(n, forward_over(text, hi, _WS_RUN) + 1)
    para = _PARAGRAPH if text.find("\r", q, e) >= 0 else _PARAGRAPH_LF
    paragraph = _positions(m.end() for m in para.finditer(text, q, e))
    q = back_over(text, lo, _STOP_RUN)
    # the stops' candidates that the context test keeps (geochunk.context.sentences: not "Dr. Sharma")
    sentence = np.array(keep_sentence_ends(text, _sentence_ends(text, q, min(n, hi + 1))), dtype=np.int64)
    i, j = np.searchsorted(line_ends, lo, "left"), np.searchsorted(line_ends, hi, "right")
    return [keep(heading[heading <= hi]), keep(paragraph[paragraph >= lo]), keep(line_ends[i:j]),
            keep(sentence[sentence >= lo]), _gap_ends(text, lo, hi, keep)]


def find_boundaries(
    text: str, exclude: tuple[tuple[int, int], ...] = (), fences: Sequence[tuple[int, int]] = ()
) -> Boundaries:
    """Every candidate cut offset of ``text`` with its level, none strictly inside ``exclude``.

    ``exclude`` is a sorted tuple of non-overlapping ``(start, end)`` ranges (geometry spans);
    offsets ``start < p < end`` are dropped, the edges themselves are kept. Linear: flat regexes
    and vectorised scans over the code points, none inside an excluded range of
    :data:`SKIP_INSIDE` characters or more. ``fences`` (sorted ``(start, end)`` of fenced code
    blocks, :mod:`geochunk.context.fences`): see :func:`fenced`.
    """
    b = _find_boundaries(text, exclude)
    return fenced(b, text, fences, exclude) if len(fences) else b


_BLANK_LINES = re.compile(r"(?:[ \t]*+(?:\r\n|\r|\n))*+")  # possessive: linear


def fenced(
    b: Boundaries, text: str, fences: Sequence[tuple[int, int]], exclude: tuple[tuple[int, int], ...] = ()
) -> Boundaries:
    """``b`` with fenced code blocks kept whole where they fit: strictly inside a fence no
    heading, paragraph or sentence boundary is left, only its line ends (at :data:`LINE`) and
    its word gaps (sentence ends become word gaps: the last resort for a line longer than the
    budget); each fence's own edges become paragraph breaks (unless stronger already, or inside
    an ``exclude`` range), the end one after the blank lines that follow the fence.

    >>> t = "Intro. Text.\\n```\\n# one. two\\n\\nthree\\n```\\nEnd. Of it."
    >>> b = fenced(find_boundaries(t), t, [(13, 39)])
    >>> [(p, LEVEL_NAMES[lv]) for p, lv in b.within(0, len(t), WORD) if 13 <= p <= 39]
    [(13, 'paragraph'), (17, 'line'), (18, 'word'), (23, 'word'), (28, 'line'), (29, 'line'), (35, 'line'), (39, 'paragraph')]
    """
    starts = np.array([a for a, _ in fences], dtype=np.int64)
    ends = np.array([e for _, e in fences], dtype=np.int64)

    def inside(pos: np.ndarray) -> np.ndarray:
        k = np.searchsorted(starts, pos, "right") - 1
        kk = np.maximum(k, 0)
        return (k >= 0) & (starts[kk] < pos) & (pos < ends[kk])

    # a fence's end edge is after the blank lines that follow it (they go with the fence)
    after = np.array([_BLANK_LINES.match(text, e).end() for _, e in fences], dtype=np.int64)
    edges = np.unique(np.concatenate([starts, after]))
    edges = edges[(edges > 0) & (edges < b.length)]
    if exclude:
        ex_lo = np.array([a for a, _ in exclude], dtype=np.int64)
        ex_hi = np.array([e for _, e in exclude], dtype=np.int64)
        k = np.searchsorted(ex_lo, edges, "right") - 1
        kk = np.maximum(k, 0)
        edges = edges[~((k >= 0) & (ex_lo[kk] < edges) & (edges < ex_hi[kk]))]
    levels = [np.asarray(a, dtype=np.int64) for a in b.by_level]
    moved: dict[int, list[np.ndarray]] = {LINE: [], WORD: []}
    for lv in (SECTION, PARAGRAPH, SENTENCE):
        arr = levels[lv]
        mask = inside(arr)
        # headings and blank lines in a fence are line ends there; a sentence end, a word gap
        moved[WORD if lv == SENTENCE else LINE].append(arr[mask])
        levels[lv] = arr[~mask]
    for lv, parts in moved.items():
        levels[lv] = np.union1d(levels[lv], np.concatenate(parts))
    stronger = np.union1d(levels[SECTION], levels[PARAGRAPH])
    new = np.setdiff1d(edges, stronger)
    for lv in (LINE, SENTENCE, WORD):
        levels[lv] = np.setdiff1d(levels[lv], new)
    levels[PARAGRAPH] = np.union1d(levels[PARAGRAPH], new)
    dtype = b.by_level[0].dtype
    return Boundaries(tuple(a.astype(dtype, copy=False) for a in levels), b.length)


def _find_boundaries(text: str, exclude: tuple[tuple[int, int], ...] = ()) -> Boundaries:
    n = len(text)
    line_ends = lines_of(text).array()
    starts = np.array([a for a, _ in exclude], dtype=np.int64)
    ends = np.array([b for _, b in exclude], dtype=np.int64)

    def inside(pos: np.ndarray) -> np.ndarray:
        """Which of ``pos`` lie strictly inside an excluded range (a mask)."""
        k = np.searchsorted(starts, pos, "right")
        k -= 1
        valid = k >= 0
        np.maximum(k, 0, out=k)
        mask = starts[k] < pos  # one gathered array at a time
        mask &= pos < ends[k]
        mask &= valid
        return mask

    def outside(pos: np.ndarray) -> np.ndarray:
        """``pos`` without the offsets strictly inside an excluded range (position only, so
        dropping them before the per-level merge gives what dropping them after gives; done
        per level and per slice, the offsets inside geometry spans are never all held)."""
        if not len(starts) or not len(pos):
            return pos
        return pos[~inside(pos)]

    # a text of one slice drops them once, after the merge (five levels' calls cost more there
    # than the offsets inside its spans)
    once = n <= _MASK_SLICE and len(starts) > 0

    # one key per candidate, position * 8 + level, sorted in place: by position, then strongest
    # level first (what a lexsort of both gives, without its index and copies). int32 while
    # positions fit (2**28 characters: 4 times the default max_bytes), so keys and the
    # boundaries kept take half the memory; each window's offsets become keys before the next
    # window is scanned, so no int64 array of all candidates is held beside the keys
    dtype = np.int32 if n < _INT32_POSITIONS else np.int64

    def keys_of(lo: int, hi: int) -> np.ndarray:
        levels = _scan_window(text, lo, hi, line_ends, _same if once else outside)
        seg = np.empty(sum(len(a) for a in levels), dtype=dtype)
        at = 0
        for k, a in enumerate(levels):
            part = seg[at : at + len(a)]
            np.left_shift(a, 3, out=part, casting="unsafe")  # fits: a < n < 2**28
            part |= k
            at += len(a)
        return seg

    # the candidates' scratch (keys, levels, which are kept) lives in memory mappings of its
    # own, given back whole when dropped, and each window's keys are copied there as soon as
    # they are made (issue #13: taken from the allocator's heap, a large document's scratch
    # left the heap ~0.6x the document's size larger for good). A mapping's pages cost memory
    # only once written: room for one key per character is reserved, doubled if outgrown
    buf = scratch(max(n, 64), dtype)
    at = 0
    for lo, hi in _sub_windows(n, exclude):
        seg = keys_of(lo, hi)
        if at + len(seg) > len(buf):
            bigger = scratch(max(2 * len(buf), at + len(seg)), dtype)
            bigger[:at] = buf[:at]
            buf = bigger
        buf[at : at + len(seg)] = seg
        at += len(seg)
        del seg
    key = buf[:at]
    del buf
    key.sort()
    lvl = scratch(len(key), np.int8)
    np.bitwise_and(key, 7, out=lvl, casting="unsafe")  # the low three bits are the level
    key >>= 3
    pos = key  # in place: no second array
    keep = scratch(len(pos), np.bool_)
    np.greater(pos, 0, out=keep)
    keep &= pos < n
    keep[1:] &= pos[1:] != pos[:-1]  # a position once, at its strongest level
    if once:
        keep &= ~inside(pos)
    by_level = []
    mask = scratch(len(lvl), np.bool_)
    for k in range(WORD + 1):  # each level's offsets straight from the sorted keys
        np.equal(lvl, k, out=mask)
        mask &= keep
        by_level.append(pos[mask])
    return Boundaries(tuple(by_level), n)


def scratch(length: int, dtype: Any) -> np.ndarray:
    """An uninitialised array for scratch work: from an anonymous memory mapping of its own
    when it is large (:data:`_MAPPED_FROM` bytes or more), so that dropping it gives the
    memory back to the system whatever the allocator's state (a large block from the heap
    stays there once a document-sized buffer has raised the allocator's mapping threshold);
    else ``np.empty``.

    >>> a = scratch(1 << 20, np.int32); a[:] = 7; int(a.sum()), type(a.base.obj).__name__
    (7340032, 'mmap')
    >>> scratch(3, np.int8).base is None
    True
    """
    size = length * np.dtype(dtype).itemsize
    if size < _MAPPED_FROM:
        return np.empty(length, dtype=dtype)
    return np.frombuffer(mmap.mmap(-1, size), dtype=dtype, count=length)


_MAPPED_FROM = 1 << 18
_INT32_POSITIONS = 1 << 28  # documents shorter than this keep int32 offsets (position * 8 + level fits)

_GRAPHEME = regex.compile(r"\X")  # Unicode extended grapheme clusters (UAX #29), linear


def grapheme_boundaries(text: str, lo: int, hi: int) -> list[int]:
    """Offsets strictly inside ``(lo, hi)`` that do not split an extended grapheme cluster
    (UAX #29 via the ``regex`` module's ``\\X``: combining marks, Hangul syllables, ZWJ emoji
    sequences, flags, CRLF and Indic conjunct parts stay whole).

    >>> grapheme_boundaries("ab\u0301c", 0, 4)
    [1, 3]
    """
    return list(grapheme_cuts(text, lo, hi)[:-1])  # the cuts without the end


def grapheme_cuts(text: str, lo: int, hi: int) -> Sequence[int]:
    """``grapheme_boundaries(text, lo, hi) + [hi]`` as a compact sorted sequence (``len``,
    indexing, slicing, ``bisect``; items are ``int``): a ``range`` for an ASCII run with no CR,
    else an ``array`` of 8-byte offsets. A Python list of them cost ~36 bytes a character:
    packing's cut list over a 200k-character XML start tag was ~8 MB, 28x a 0.2 MB document
    (issue #13).

    >>> grapheme_cuts("abc", 0, 3), list(grapheme_cuts("ab\u0301c", 0, 4))
    (range(1, 4), [1, 3, 4])
    """
    if _is_ascii(text, lo, hi) and text.find("\r", lo, hi) < 0:
        return range(min(lo + 1, hi), hi + 1)
    out = array("q")
    if _is_ascii(text, lo, hi):  # ASCII: every position is a cluster boundary but CR|LF
        out.extend(p for p in range(lo + 1, hi) if not (text[p] == "\n" and text[p - 1] == "\r"))
    else:
        out.extend(e for e in (m.end() for m in _GRAPHEME.finditer(text, lo, hi)) if e < hi)
    out.append(hi)
    return out


_ASCII_SLICE = 1 << 16


def _is_ascii(text: str, lo: int, hi: int) -> bool:
    """``text[lo:hi].isascii()``, read in slices (no copy of a long run)."""
    return all(text[a : min(a + _ASCII_SLICE, hi)].isascii() for a in range(lo, hi, _ASCII_SLICE))
