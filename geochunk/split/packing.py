"""The one packing engine: ranked boundaries and no-cut units in, chunk ranges out.

How it works (the text-splitter algorithm, with geometry as a level that is never split):

1. Every candidate cut carries a level: section (0) > paragraph (1) > line (2) > sentence (3) >
   word (4); grapheme cuts are the last resort. No candidate lies strictly inside a no-cut unit
   (a geometry with its caption and attributes); the unit's own edges are candidates at a level
   the strategy chooses (feature-atomic packing ranks them as section breaks).
2. ``pack`` looks at a range: if it fits the budget it is one chunk. Otherwise it splits the range
   at the strongest level that has candidates inside it, greedily merges consecutive pieces while
   they fit, and recurses one level down into any piece that is still too big.
3. A piece with no candidates inside that is a unit is returned as an *oversized unit*: the caller
   applies the escape (isolate / generalize / split by part). The source is never cut inside it.
4. Fitting uses the document's token index (O(1) per range, exact at clean boundaries); a range
   with an unclean edge is verified by encoding it, and a group that fails verification gives back
   its last piece.

>>> from geochunk.context.prose import find_boundaries
>>> text = "aa bb. cc dd.\\n\\nee ff."
>>> est = lambda a, b: len(text[a:b].split())          # one "token" per word
>>> counter = SimpleCounter(est)
>>> [text[p.start:p.end] for p in pack(text, 4, find_boundaries(text), [], [], counter)]
['aa bb. cc dd.\\n\\n', 'ee ff.']
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

import numpy as np

from geochunk.context.prose import GRAPHEME, WORD, Boundaries, grapheme_cuts

__all__ = ["Inside", "Piece", "RangeCounter", "SimpleCounter", "pack"]


@dataclass(frozen=True)
class Piece:
    """A packed range. ``unit`` is set when the piece is one no-cut unit over the budget."""

    start: int
    end: int
    unit: int | None = None
    grapheme_cut: bool = False


class Inside:
    """Whether an offset falls strictly inside one of sorted, non-overlapping ranges (O(log n)).

    >>> inside = Inside([(2, 5), (8, 9)])
    >>> [p for p in range(10) if inside(p)]
    [3, 4]
    """

    def __init__(self, ranges: Sequence[tuple[int, int]]) -> None:
        self.ranges = list(ranges)
        self.starts = [r[0] for r in self.ranges]

    def __call__(self, p: int) -> bool:
        k = bisect_right(self.starts, p) - 1
        return k >= 0 and self.ranges[k][0] < p < self.ranges[k][1]


class RangeCounter(Protocol):
    """What the engine needs from a tokenizer: range counts over one document."""

    def count(self, a: int, b: int) -> int: ...  # fast estimate, exact at clean edges

    def exact(self, a: int, b: int) -> int: ...  # real count of text[a:b]

    def is_clean(self, p: int) -> bool: ...


@dataclass(frozen=True)
class SimpleCounter:
    """A :class:`RangeCounter` from one function (every edge treated as clean)."""

    fn: Callable[[int, int], int]

    def count(self, a: int, b: int) -> int:
        return self.fn(a, b)

    def exact(self, a: int, b: int) -> int:
        return self.fn(a, b)

    def is_clean(self, p: int) -> bool:
        return True


class _Packer:
    """The state of one :func:`pack` call: pieces found so far, and the units' edges."""

    def __init__(self, text: str, budget: int, boundaries: Boundaries, counter: RangeCounter) -> None:
        self.text = text
        self.budget = budget
        self.bounds = boundaries
        self.counter = counter
        self.out: list[Piece] = []
        self.protect((), ())

    def protect(self, units: Sequence[tuple[int, int]], edge_levels: Sequence[tuple[int, int]]) -> None:
        """No cut strictly inside ``units``; each unit's edges are cuts at its ``edge_levels``."""
        self.units = list(units)
        self.unit_starts = [a for a, _ in units]
        self._unit_lo = np.asarray(self.unit_starts, dtype=np.int64)
        self._unit_hi = np.asarray([b for _, b in units], dtype=np.int64)
        edges: dict[int, int] = {}
        for (a, b), (la, lb) in zip(units, edge_levels):
            edges[a] = min(edges.get(a, 99), la)
            edges[b] = min(edges.get(b, 99), lb)
        self.edge_pos = sorted(edges)
        self.edge_lvl = [edges[p] for p in self.edge_pos]

    # -- queries -------------------------------------------------------------------------
    def cuts(self, lo: int, hi: int, level: int) -> list[int]:
        """Cuts strictly inside ``(lo, hi)`` at ``level`` or stronger: the text's boundaries
        that are not inside a unit, and the units' own edges; sorted, each once. The
        boundaries are taken and filtered as arrays (a whole document's paragraphs at once)."""
        parts = []
        for lv in range(min(level, WORD) + 1):
            found = self.bounds.inside(lv, lo, hi)
            if len(found):
                parts.append(found)
        i, j = bisect_right(self.edge_pos, lo), bisect_left(self.edge_pos, hi)
        edges = [p for p, lv in zip(self.edge_pos[i:j], self.edge_lvl[i:j]) if lv <= level]
        if not parts:
            return sorted(set(edges))
        pos = parts[0] if len(parts) == 1 else np.concatenate(parts)
        if len(self._unit_lo):  # as Inside: the unit starting last at or before p holds it
            k = self._unit_lo.searchsorted(pos, "right") - 1
            kk = np.maximum(k, 0)
            pos = pos[~((k >= 0) & (self._unit_lo[kk] < pos) & (pos < self._unit_hi[kk]))]
        return np.union1d(pos, np.asarray(edges, dtype=np.int64)).tolist()

    def unit_in(self, lo: int, hi: int) -> int | None:
        i = bisect_left(self.unit_starts, lo)
        if i < len(self.units) and self.units[i][1] <= hi:
            return i
        return None

    def fits(self, a: int, b: int) -> bool:
        c = self.counter
        if c.count(a, b) > self.budget:
            return False
        if c.is_clean(a) and c.is_clean(b):
            return True
        return c.exact(a, b) <= self.budget

    # -- packing -------------------------------------------------------------------------
    def split(self, lo: int, hi: int, level: int) -> None:
        if lo >= hi:
            return
        if self.fits(lo, hi):
            self.out.append(Piece(lo, hi))
            return
        cuts: list[int] = []
        while level <= WORD:
            cuts = self.cuts(lo, hi, level)
            if cuts:
                break
            level += 1
        if not cuts:
            u = self.unit_in(lo, hi)
            if u is not None:
                self.out.append(Piece(lo, hi, unit=u))
            else:
                self.graphemes(lo, hi)
            return
        edges = [lo, *cuts, hi]
        sections = list(zip(edges, edges[1:]))
        budget, count = self.budget, self.counter.count
        i = 0
        while i < len(sections):
            a = sections[i][0]
            j = i
            while j + 1 < len(sections) and count(a, sections[j + 1][1]) <= budget:
                j += 1
            while j > i and not self.fits(a, sections[j][1]):
                j -= 1  # verification failed: give the last section back
            b = sections[j][1]
            if j + 1 < len(sections) and self.text[a:b].isspace():
                # a blank group that cannot join the next section: carry it into that section
                # (and its recursion) rather than emit a whitespace-only chunk
                sections[j + 1] = (a, sections[j + 1][1])
                i = j + 1
                continue
            if j > i or self.fits(a, b):
                self.out.append(Piece(a, b))
            else:
                self.split(a, b, level + 1)
            i = j + 1

    def graphemes(self, lo: int, hi: int) -> None:
        """Last resort for a run with no word boundary: cut between grapheme clusters.

        The real count is searched only inside a window that the O(1) estimate bounds, so each
        cut encodes about two budgets of text, not the rest of the run (linear overall)."""
        cands = grapheme_cuts(self.text, lo, hi)  # a range on an ASCII run: no list of ints
        count, budget = self.counter.count, self.budget
        a, first = lo, 0
        while a < hi:
            first = bisect_right(cands, a, lo=first)
            # window: candidates whose estimated count stays within twice the budget (+ slack)
            w_lo, w_hi = first, len(cands) - 1
            while w_lo < w_hi:
                mid = (w_lo + w_hi + 1) // 2
                if count(a, cands[mid]) <= 2 * budget + 8:
                    w_lo = mid
                else:
                    w_hi = mid - 1
            best = self._last_fitting(a, cands, first, w_lo)
            b = cands[best]
            self.out.append(Piece(a, b, grapheme_cut=True))
            a, first = b, best


    def _last_fitting(self, a: int, cands: Sequence[int], first: int, last: int) -> int:
        """Index of the last candidate in ``[first, last]`` whose real count from ``a`` fits
        (``first`` when none does). Starts at the estimate's guess and gallops, so a cut
        usually costs two encodes of about one budget of text."""
        count, budget = self.counter.count, self.budget

        def fits(i: int) -> bool:
            return self.counter.exact(a, cands[i]) <= budget

        lo_i, hi_i = first, last
        while lo_i < hi_i:  # the estimate's guess: O(1) counts
            mid = (lo_i + hi_i + 1) // 2
            if count(a, cands[mid]) <= budget:
                lo_i = mid
            else:
                hi_i = mid - 1
        guess = lo_i
        if fits(guess):
            ok, bad, step = guess, last + 1, 1
            while ok + step <= last and fits(ok + step):
                ok += step
                step *= 2
            bad = min(bad, ok + step)
        else:
            ok, bad, step = first - 1, guess, 1
            while bad - step >= first:
                if fits(bad - step):
                    ok = bad - step
                    break
                bad -= step
                step *= 2
        while bad - ok > 1:  # invariant: ok fits (or is first - 1), bad does not (or is last + 1)
            mid = (ok + bad) // 2
            if fits(mid):
                ok = mid
            else:
                bad = mid
        return max(ok, first)


def pack(
    text: str,
    budget: int,
    boundaries: Boundaries,
    units: Sequence[tuple[int, int]],
    edge_levels: Sequence[tuple[int, int]],
    counter: RangeCounter,
    *,
    segments: Sequence[tuple[int, int]] | None = None,
) -> list[Piece]:
    """Pack ``text`` into pieces of at most ``budget`` tokens, never cutting inside a unit.

    ``units`` are sorted, non-overlapping ``(start, end)`` no-cut ranges; ``edge_levels`` gives
    the boundary level of each unit's start and end edge. Pieces cover the text exactly, in order.
    ``segments`` (sorted ranges tiling the text) are packed each on its own: no piece crosses a
    segment edge (one feature per chunk, or no chunk across a heading).
    """
    packer = _Packer(text, budget, boundaries, counter)
    packer.protect(units, edge_levels)
    for lo, hi in segments if segments is not None else ((0, len(text)),):
        packer.split(lo, hi, 0)
    return packer.out


def with_held(
    units: Sequence[tuple[int, int]],
    edge_levels: Sequence[tuple[int, int]],
    held: Sequence[tuple[int, int]],
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[int]]:
    """``units`` with more no-cut ranges (``held``: extent metadata, which is no unit) merged
    in, for :func:`pack`: the ranges, their edge levels (a held range's edges at word level, so
    they only matter where nothing stronger is near) and, per range, the index of its unit or
    ``-1`` for a held one. A held range overlapping a unit is left out (the unit protects it).

    >>> with_held([(0, 4), (10, 12)], [(1, 1), (1, 1)], [(5, 8), (11, 13)])
    ([(0, 4), (5, 8), (10, 12)], [(1, 1), (4, 4), (1, 1)], [0, -1, 1])
    """
    items = [(a, b, lv, i) for i, ((a, b), lv) in enumerate(zip(units, edge_levels))]
    starts = [a for a, _ in units]
    for a, b in held:
        k = bisect_left(starts, b)  # units that start before the held range ends
        if k and units[k - 1][1] > a:
            continue
        items.append((a, b, (WORD, WORD), -1))
    items.sort(key=lambda t: (t[0], t[1]))
    out: list[tuple[int, int, tuple[int, int], int]] = []
    for it in items:
        if out and it[0] < out[-1][1]:  # held ranges overlapping each other: the first stays
            continue
        out.append(it)
    return [(a, b) for a, b, _, _ in out], [lv for _, _, lv, _ in out], [i for *_, i in out]


assert GRAPHEME == WORD + 1
