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

>>> from geochunk.prose import find_boundaries
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

from .prose import GRAPHEME, WORD, Boundaries, grapheme_boundaries

__all__ = ["Piece", "RangeCounter", "SimpleCounter", "pack"]


@dataclass(frozen=True)
class Piece:
    """A packed range. ``unit`` is set when the piece is one no-cut unit over the budget."""

    start: int
    end: int
    unit: int | None = None
    grapheme_cut: bool = False


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
    def __init__(
        self,
        text: str,
        budget: int,
        boundaries: Boundaries,
        units: Sequence[tuple[int, int]],
        edge_levels: Sequence[tuple[int, int]],
        counter: RangeCounter,
    ) -> None:
        self.text = text
        self.budget = budget
        self.bounds = boundaries
        self.units = list(units)
        self.unit_starts = [a for a, _ in units]
        edges: dict[int, int] = {}
        for (a, b), (la, lb) in zip(units, edge_levels):
            edges[a] = min(edges.get(a, 99), la)
            edges[b] = min(edges.get(b, 99), lb)
        self.edge_pos = sorted(edges)
        self.edge_lvl = [edges[p] for p in self.edge_pos]
        self.counter = counter
        self.out: list[Piece] = []

    # -- queries -------------------------------------------------------------------------
    def _inside_unit(self, p: int) -> bool:
        i = bisect_right(self.unit_starts, p) - 1
        return i >= 0 and self.units[i][0] < p < self.units[i][1]

    def cuts(self, lo: int, hi: int, level: int) -> list[int]:
        found = {p for p, _ in self.bounds.within(lo, hi, level) if not self._inside_unit(p)}
        i, j = bisect_right(self.edge_pos, lo), bisect_left(self.edge_pos, hi)
        found.update(p for p, lv in zip(self.edge_pos[i:j], self.edge_lvl[i:j]) if lv <= level)
        return sorted(found)

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
            if j > i or self.fits(a, b):
                self.out.append(Piece(a, b))
            else:
                self.split(a, b, level + 1)
            i = j + 1

    def graphemes(self, lo: int, hi: int) -> None:
        """Last resort for a run with no word boundary: cut between grapheme clusters."""
        cands = grapheme_boundaries(self.text, lo, hi) + [hi]
        a = lo
        k = 0
        while a < hi:
            # largest candidate b with text[a:b] fitting (binary search, real counts)
            first = bisect_right(cands, a, lo=k)
            lo_i, hi_i, best = first, len(cands) - 1, first
            while lo_i <= hi_i:
                mid = (lo_i + hi_i) // 2
                if self.counter.exact(a, cands[mid]) <= self.budget:
                    best, lo_i = mid, mid + 1
                else:
                    hi_i = mid - 1
            b = cands[best]
            self.out.append(Piece(a, b, grapheme_cut=True))
            a, k = b, best


def pack(
    text: str,
    budget: int,
    boundaries: Boundaries,
    units: Sequence[tuple[int, int]],
    edge_levels: Sequence[tuple[int, int]],
    counter: RangeCounter,
    *,
    start_level: int = 0,
) -> list[Piece]:
    """Pack ``text`` into pieces of at most ``budget`` tokens, never cutting inside a unit.

    ``units`` are sorted, non-overlapping ``(start, end)`` no-cut ranges; ``edge_levels`` gives
    the boundary level of each unit's start and end edge. Pieces cover the text exactly, in order.
    """
    packer = _Packer(text, budget, boundaries, units, edge_levels, counter)
    packer.split(0, len(text), start_level)
    return packer.out


assert GRAPHEME == WORD + 1
