"""Naive splitters to compare geochunk against, and the count of geometries they sever.

* :func:`fixed_token_split` cuts every ``budget`` tokens, like a naive token splitter;
* :func:`recursive_split` is a plain recursive paragraph/line/sentence/word/character splitter
  (separators ``"\\n\\n"``, ``"\\n"``, ``". "``, ``" "``, ``""``; each separator stays at the
  start of the piece that follows it) that measures pieces in tokens and merges them greedily;
* :func:`severed` lists the geometry spans that a chunk boundary falls strictly inside.

Ranges are ``(start, end)`` str offsets, contiguous and covering the whole text. Scanning is
linear (``str.find``), token lengths come from the document's token index (O(1) per range).

>>> from geochunk.tokens.counting import get_counter
>>> from geochunk.model import Detection, Span
>>> text = "Site.\\n\\nPOINT (1 2) and more words here."
>>> det = Detection((Span(7, 18, "wkt", "POINT", "POINT (1 2)"),))
>>> severed([(0, 10), (10, len(text))], det)
(0,)
>>> severed(recursive_split(text, 64, get_counter()), det)
()
"""

from __future__ import annotations

import statistics
from bisect import bisect_right
from dataclasses import dataclass
from typing import Sequence

from geochunk.model import Detection, check_budget
from geochunk.tokens.counting import TokenCounter, TokenIndex

__all__ = [
    "RECURSIVE_SEPARATORS",
    "SplitStats",
    "fixed_token_split",
    "recursive_split",
    "severed",
    "split_stats",
    "compare",
]

RECURSIVE_SEPARATORS: tuple[str, ...] = ("\n\n", "\n", ". ", " ", "")

Range = tuple[int, int]


def _index_for(text: str, counter: TokenCounter, index: TokenIndex | None) -> TokenIndex:
    if index is not None and (index.text is text or index.text == text):
        return index
    return counter.index(text)


def fixed_token_split(
    text: str, budget: int, counter: TokenCounter, *, index: TokenIndex | None = None
) -> list[Range]:
    """Cut ``text`` at the start of every ``budget``-th token (a naive fixed-size splitter).

    ``index`` (the document's token index, if already built) avoids encoding the text again.

    >>> from geochunk.tokens.counting import get_counter
    >>> fixed_token_split("", 16, get_counter())
    []
    >>> r = fixed_token_split("word " * 100, 16, get_counter())
    >>> r[0][0], r[-1][1], all(a < b for a, b in r)
    (0, 500, True)
    """
    check_budget(budget)
    n = len(text)
    if n == 0:
        return []
    idx = _index_for(text, counter, index)
    total = idx.count(0, n)
    cuts = [0]
    k = budget
    while k < total:
        # the smallest q with count(0, q) > k: the token numbered k starts at q - 1
        lo, hi = cuts[-1] + 1, n
        while lo < hi:
            mid = (lo + hi) // 2
            if idx.count(0, mid) > k:
                hi = mid
            else:
                lo = mid + 1
        cut = lo - 1
        if cut > cuts[-1]:
            cuts.append(cut)
        k += budget
    cuts.append(n)
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if a < b]


def _pieces(text: str, a: int, b: int, sep: str) -> list[Range]:
    """Split ``[a, b)`` before every occurrence of ``sep`` (``""``: every character)."""
    if sep == "":
        return [(i, i + 1) for i in range(a, b)]
    out: list[Range] = []
    start = a
    pos = text.find(sep, a + 1, b)
    while pos != -1:
        out.append((start, pos))
        start = pos
        pos = text.find(sep, pos + len(sep), b)
    out.append((start, b))
    return out


def recursive_split(
    text: str,
    budget: int,
    counter: TokenCounter,
    *,
    index: TokenIndex | None = None,
    separators: Sequence[str] = RECURSIVE_SEPARATORS,
) -> list[Range]:
    """A plain recursive character splitter measured in tokens (no geometry awareness).

    >>> from geochunk.tokens.counting import get_counter
    >>> text = "One two three four five six seven eight.\\n\\nNine ten eleven twelve thirteen fourteen fifteen."
    >>> [text[a:b] for a, b in recursive_split(text, 16, get_counter())]
    ['One two three four five six seven eight.', '\\n\\nNine ten eleven twelve thirteen fourteen fifteen.']
    """
    check_budget(budget)
    if not text:
        return []
    idx = _index_for(text, counter, index)

    def size(a: int, b: int) -> int:
        return idx.count(a, b)

    def merge(pieces: list[Range]) -> list[Range]:
        out: list[Range] = []
        start = pieces[0][0]
        for a, b in pieces:
            if a > start and size(start, b) > budget:
                out.append((start, a))
                start = a
        out.append((start, pieces[-1][1]))
        return out

    def split(a: int, b: int, seps: Sequence[str]) -> list[Range]:
        for i, sep in enumerate(seps):
            if sep == "" or text.find(sep, a, b) != -1:
                chosen, rest = sep, seps[i + 1 :]
                break
        else:
            return [(a, b)]
        out: list[Range] = []
        good: list[Range] = []
        for pa, pb in _pieces(text, a, b, chosen):
            if size(pa, pb) <= budget:
                good.append((pa, pb))
                continue
            if good:
                out.extend(merge(good))
                good = []
            out.extend(split(pa, pb, rest) if rest else [(pa, pb)])
        if good:
            out.extend(merge(good))
        return out

    return split(0, len(text), tuple(separators))


def severed(ranges: Sequence[Range], detection: Detection) -> tuple[int, ...]:
    """Indices of detection spans that some range boundary falls strictly inside.

    >>> from geochunk.model import Detection, Span
    >>> det = Detection((Span(0, 5, "wkt", "POINT", "x"), Span(10, 20, "wkt", "POINT", "x")))
    >>> severed([(0, 5), (5, 12), (12, 30)], det)
    (1,)
    """
    cuts = sorted({p for r in ranges for p in r})
    out = []
    for i, span in enumerate(detection.spans):
        k = bisect_right(cuts, span.start)
        if k < len(cuts) and cuts[k] < span.end:
            out.append(i)
    return tuple(out)


@dataclass(frozen=True)
class SplitStats:
    """One splitter's result on one document at one budget."""

    name: str
    budget: int
    ranges: tuple[Range, ...]
    token_counts: tuple[int, ...]
    severed: tuple[int, ...]  # indices of severed detection spans

    @property
    def chunks(self) -> int:
        return len(self.ranges)

    @property
    def over_budget(self) -> int:
        return sum(1 for t in self.token_counts if t > self.budget)

    @property
    def max_tokens(self) -> int:
        return max(self.token_counts, default=0)

    @property
    def mean_tokens(self) -> float:
        return statistics.fmean(self.token_counts) if self.token_counts else 0.0


def split_stats(
    name: str,
    ranges: Sequence[Range],
    detection: Detection,
    budget: int,
    token_counts: Sequence[int],
) -> SplitStats:
    """Bundle a splitter's ranges with their token counts and severed spans."""
    return SplitStats(name, budget, tuple(ranges), tuple(token_counts), severed(ranges, detection))


def compare(
    text: str,
    detection: Detection,
    budget: int,
    counter: TokenCounter,
    *,
    index: TokenIndex | None = None,
) -> tuple[SplitStats, SplitStats]:
    """Run both naive splitters at ``budget``: ``(fixed-size tokens, recursive)`` stats.

    Token counts are the document's own tokens in each range (O(1) from the token index, as a
    naive token splitter slicing the document's token list would have them); a slice encoded on
    its own can differ by a token at a cut that is not a clean boundary.

    >>> from geochunk.tokens.counting import get_counter
    >>> from geochunk.model import Detection, Span
    >>> text = "Site.\\n\\nPOINT (1 2) and more words here."
    >>> det = Detection((Span(7, 18, "wkt", "POINT", "POINT (1 2)"),))
    >>> [(s.name, s.chunks, len(s.severed)) for s in compare(text, det, 16, get_counter())]
    [('fixed tokens', 1, 0), ('recursive', 1, 0)]
    """
    idx = _index_for(text, counter, index)
    out = []
    for name, fn in (("fixed tokens", fixed_token_split), ("recursive", recursive_split)):
        ranges = fn(text, budget, counter, index=idx)
        counts = [idx.count(a, b) for a, b in ranges]
        out.append(split_stats(name, ranges, detection, budget, counts))
    return out[0], out[1]
