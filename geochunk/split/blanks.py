"""Blank-piece absorption: a packed piece that is only filler (blank lines, a lone ``,``
between two oversized units) never becomes a chunk of its own.

>>> _is_filler("\\n\\n"), _is_filler(" , "), _is_filler("]\\n}\\n"), _is_filler("Hi"), _is_filler("😀😀")
(True, True, True, False, False)
"""

from __future__ import annotations

import unicodedata
from typing import Sequence

from geochunk.analysis import Analysis
from geochunk.split.packing import Inside, Piece
from geochunk.context.prose import SENTENCE, WORD, grapheme_cuts

__all__ = ["absorb_blank"]


def _is_filler(s: str) -> bool:
    """Whitespace, or a few punctuation or syntax characters (``,`` between two CSV
    geometries, a code fence's backticks, the ``]}`` closing a document). Letters, digits and
    other symbols (emoji, pictographs: Unicode category So) are content: ``"😀😀"`` is a piece of
    a grapheme-cut run whose tokens a chunk must count, not filler."""
    return s.isspace() or (
        len(s.strip()) <= 3 and not any(c.isalnum() or unicodedata.category(c) == "So" for c in s)
    )


def absorb_blank(
    a: Analysis, pieces: list[Piece], budget: int, ranges: Sequence[tuple[int, int]] = ()
) -> list[Piece]:
    """Give filler pieces (blank lines, a lone ``,`` between oversized units) to a neighbour.

    Filler never pushes a fitting chunk over the budget: when neither neighbour can take it
    and stay within it, the previous piece gives up its last sentence or words (never inside a
    unit) so that those words and the filler make a chunk that fits; failing that, a filler
    piece with content (``,``, or a short run of symbols such as the last two emoji of a
    grapheme-cut run) stays a chunk of its own, and only whitespace joins a neighbour anyway."""
    text, index = a.text, a.index
    inside = Inside(ranges)
    out: list[Piece] = []
    pending: Piece | None = None  # a blank piece no previous piece could take
    for p in pieces:
        if pending is not None:
            blank = text[pending.start : pending.end].isspace()
            if index.exact(pending.start, p.end) <= budget or (not out and blank):
                p = Piece(pending.start, p.end, p.unit, p.grapheme_cut)
            elif not out:
                out.append(pending)  # content ("·") the next piece cannot take within the budget
            elif (moved := _give_back(a, out[-1], pending.end, budget, inside)) is not None:
                out[-1:] = list(moved)
            elif p.unit is not None and index.exact(p.start, p.end) > budget:
                p = Piece(pending.start, p.end, p.unit, p.grapheme_cut)  # over anyway: no harm
            elif not blank:
                out.append(pending)  # content ("😀😀", "→"): its own chunk, never one over budget
            else:  # fits with neither neighbour (both already over, e.g. one huge grapheme
                # cluster each): never a whitespace-only chunk, the previous one takes it
                prev = out[-1]
                out[-1] = Piece(prev.start, pending.end, prev.unit, prev.grapheme_cut)
            pending = None
        if not _is_filler(text[p.start : p.end]):
            out.append(p)
            continue
        prev = out[-1] if out else None
        if prev is not None and (
            (prev.unit is not None and index.exact(prev.start, prev.end) > budget)
            or index.exact(prev.start, p.end) <= budget
        ):
            out[-1] = Piece(prev.start, p.end, prev.unit, prev.grapheme_cut)
        else:
            pending = p
    if pending is not None:
        if out:
            prev = out[-1]
            moved = _give_back(a, prev, pending.end, budget, inside)
            if moved is not None:
                out[-1:] = list(moved)
            elif not text[pending.start : pending.end].isspace():
                out.append(pending)  # content the previous piece cannot take within the budget
            else:
                out[-1] = Piece(prev.start, pending.end, prev.unit, prev.grapheme_cut)
        else:
            out.append(pending)
    return out


def _give_back(
    a: Analysis, prev: Piece, blank_end: int, budget: int, inside: Inside
) -> tuple[Piece, Piece] | None:
    """``prev`` cut at its last cut ``q`` (sentence, then word; never inside a unit) such that
    ``[q, blank_end)`` fits the budget; None when no such cut (among the last 32) exists.
    A piece with no such word cut (one run with no space, e.g. emoji) is cut between its last
    grapheme clusters instead, both sides checked by a real count (counts are not additive
    inside such a run)."""
    if prev.unit is not None:
        return None
    text, index = a.text, a.index
    if not prev.grapheme_cut:
        for level in (SENTENCE, WORD):
            cands = [q for q, _ in a.boundaries.within(prev.start, prev.end, level) if not inside(q)]
            for q in reversed(cands[-32:]):
                if text[q:prev.end].isspace() or _is_filler(text[prev.start:q]):
                    continue  # neither side of the cut may be left as filler on its own
                if index.exact(q, blank_end) <= budget:
                    return Piece(prev.start, q), Piece(q, blank_end)
    if index.exact(prev.start, prev.end) > budget:
        return None  # already over (one cluster larger than the budget): nothing to give
    cands = [q for q in grapheme_cuts(text, prev.start, prev.end)[-33:-1] if not inside(q)]
    cands = [q for q in cands
             if not (text[q:prev.end].isspace() or _is_filler(text[prev.start:q]))]
    # the gentlest cut that fits: after a separator ("12.3,|-1.2"), then between two symbols
    # (emoji), and only then inside a word or a number ("-1.2345|6")
    for rank in range(3):
        for q in reversed(cands):
            if _cut_rank(text, q) != rank:
                continue
            if index.exact(q, blank_end) <= budget and index.exact(prev.start, q) <= budget:
                return Piece(prev.start, q, grapheme_cut=True), Piece(q, blank_end, grapheme_cut=True)
    return None


_AFTER_SEPARATOR = frozenset(",;:)]}>|/")


def _cut_rank(text: str, q: int) -> int:
    """How gentle a cut at ``q`` (0 < q < len(text)) is: 0 after a separator or a space, 1
    between two characters that are neither letters, digits nor ``.``, 2 otherwise (inside a
    word or a number).

    >>> [_cut_rank("1.5,-2.25", q) for q in (4, 2, 7)]
    [0, 2, 2]
    >>> _cut_rank("\U0001F600\U0001F30A", 1)
    1
    """
    before, after = text[q - 1], text[q]
    if before in _AFTER_SEPARATOR or before.isspace():
        return 0
    if not (before.isalnum() or before == "." or after.isalnum() or after == "."):
        return 1
    return 2
