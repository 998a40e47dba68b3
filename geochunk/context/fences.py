"""Fenced code blocks (Markdown): where they are and what their info string says.

A fence opens on a line of three or more backticks or tildes after at most three spaces
(CommonMark); the rest of the line is its info string (``wkt``, ``python {.numberLines}``: a
backtick fence's info string holds no backtick). It closes at the next line of at least as many
of the same character and nothing else but spaces; a fence never closed runs to the end of the
document, as CommonMark reads it. A fence in a list item (after a list marker, ``- ```wkt``,
or more than three spaces) closes at a closing line at any indentation, else ends with the
item, before the first non-blank line indented less than its opening run. Inside a fence
nothing is a heading or a paragraph break: the boundary finder (:mod:`geochunk.context.prose`) keeps
only its line ends (and, for a line longer than the budget, its word gaps), and ranks its own
edges as paragraph breaks, so a fence that fits one chunk stays whole.

One literal-led scan for the runs of three fence characters, then a look at each candidate's
line: linear.

>>> t = "Intro.\\n\\n```wkt\\nPOINT (1 2)\\n```\\n\\n~~~~\\nx\\n~~~~\\nEnd.\\n"
>>> [(t[f.start:f.end], f.info) for f in find_fences(t)]
[('```wkt\\nPOINT (1 2)\\n```\\n', 'wkt'), ('~~~~\\nx\\n~~~~\\n', '')]
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Sequence

from geochunk.text.lines import lines_of

__all__ = ["Fence", "FenceIndex", "fence_edge_levels", "find_fences"]

_RUN = re.compile(r"`{3,}+|~{3,}+")  # possessive: one match per run, linear
_INFO_LIMIT = 200  # an info string longer than this is cut (it names a language and options)
_PREFIX_LIMIT = 40  # a run further into its line than this opens no fence
# what may stand before a fence's opening run in a list item: list markers and spaces
# (possessive, on at most _PREFIX_LIMIT characters: linear)
_LIST_PREFIX = re.compile(r"(?:[ ]*+(?:[-*+]|[0-9]{1,9}[.)])[ ]++)*+[ ]*+")
# the first character of every non-blank line (a nested fence's body is read line by line)
_LINE_HEAD = re.compile(r"(?m)^[ \t]*+[^ \t\r\n]")


@dataclass(frozen=True, slots=True)
class Fence:
    """One fenced code block: ``[start, end)`` from its opening line's start to just after
    its closing line (the end of the document if never closed); ``body`` the lines between."""

    start: int
    end: int
    info: str
    body_start: int
    body_end: int
    closed: bool = True


def _line_bounds(text: str, p: int) -> tuple[int, int, int]:
    """(line start, end of its content before the terminator, offset after the terminator)."""
    li = lines_of(text)
    a, b = li.start(p), li.end(p)
    c = b
    while c > a and text[c - 1] in "\r\n":
        c -= 1
    return a, c, b


def _opening(text: str, m: re.Match[str]) -> tuple[int, int, str, int, bool] | None:
    """A run that opens a fence: (line start, run length, info string, line end, nested) or
    None. ``nested``: the run follows a list marker (``- ```wkt``, ``1. ```wkt``) or more
    than three spaces (a fence in a list item's indented content)."""
    a, c, b = _line_bounds(text, m.start())
    if m.start() - a > _PREFIX_LIMIT:  # (no slice of a long line's head)
        return None
    head = text[a : m.start()]
    nested = False
    if len(head) > 3 or head.strip(" "):
        if _LIST_PREFIX.fullmatch(head) is None:
            return None
        nested = True
    info = text[m.end() : c]
    if m.group()[0] == "`" and "`" in info:
        return None  # an inline code span such as ```a``` , not a fence
    return a, len(m.group()), info.strip()[:_INFO_LIMIT], b, nested


def _nested_end(text: str, body: int, column: int, char: str, length: int) -> tuple[int, int, bool]:
    """Where a fence opened at ``column`` inside a list item ends: (body end, fence end,
    closed). A line of only spaces and a run of at least ``length`` ``char`` closes it, at any
    indentation; else the first non-blank line indented less than ``column`` (the list item's
    end) ends it before that line, as CommonMark ends a block with its container. One forward
    pass over the body's lines."""
    for g in _LINE_HEAD.finditer(text, body):
        p = g.start()
        run = _RUN.match(text, g.end() - 1)
        if run is not None and run.group()[0] == char:
            end = _closes(text, run, char, length, indent=None)
            if end is not None:
                return p, end, True
        if len(text[p : g.end() - 1].expandtabs(4)) < column:
            return p, p, False
    return len(text), len(text), False


def _closes(text: str, m: re.Match[str], char: str, length: int, indent: int | None = 3) -> int | None:
    """The offset after the line this run closes a fence on (after at most ``indent`` spaces;
    ``None``: any number), or None."""
    if m.group()[0] != char or len(m.group()) < length:
        return None
    a, c, b = _line_bounds(text, m.start())
    if indent is not None and m.start() - a > indent:
        return None
    if text[a : m.start()].strip(" ") or text[m.end() : c].strip(" \t"):
        return None
    return b


def find_fences(text: str) -> tuple[Fence, ...]:
    """Every fenced code block of ``text``, in order, none overlapping.

    >>> find_fences("a ```not a fence``` b")
    ()
    >>> f = find_fences("```\\nunclosed\\n")[0]
    >>> (f.start, f.end, f.closed)
    (0, 13, False)
    """
    if "```" not in text and "~~~" not in text:
        return ()
    out: list[Fence] = []
    runs = _RUN.finditer(text)
    while True:
        m = next(runs, None)
        if m is None:
            break
        opened = _opening(text, m)
        if opened is None:
            continue
        start, length, info, body, nested = opened
        char = m.group()[0]
        if nested:  # in a list item: it ends with its closing line or with the item
            body_end, end, closed = _nested_end(text, body, m.start() - start, char, length)
            out.append(Fence(start, end, info, body, body_end, closed=closed))
            runs = _RUN.finditer(text, end)  # the scan goes on after it: each line read once
            continue
        end = None
        for m2 in runs:  # the same iterator: runs after the opening line
            if m2.start() < body:
                continue
            end = _closes(text, m2, char, length)
            if end is not None:
                out.append(Fence(start, end, info, body, lines_of(text).start(m2.start())))
                break
        if end is None:
            out.append(Fence(start, len(text), info, body, len(text), closed=False))
            break
    return tuple(out)


class FenceIndex:
    """Which fence holds an offset, or which a range meets (O(log n)).

    >>> t = "a\\n```x\\nb\\n```\\nc"
    >>> ix = FenceIndex(find_fences(t))
    >>> ix.at(8).info, ix.at(0), ix.first_in(0, 2), ix.first_in(0, len(t)).info
    ('x', None, None, 'x')
    """

    def __init__(self, fences: Sequence[Fence]) -> None:
        self.fences = tuple(fences)
        self.starts = [f.start for f in self.fences]

    def at(self, p: int) -> Fence | None:
        """The fence with ``start <= p < end``."""
        k = bisect_right(self.starts, p) - 1
        if k >= 0 and p < self.fences[k].end:
            return self.fences[k]
        return None

    def first_in(self, lo: int, hi: int) -> Fence | None:
        """The first fence that overlaps ``[lo, hi)``."""
        f = self.at(lo)
        if f is not None:
            return f
        k = bisect_right(self.starts, lo)
        if k < len(self.fences) and self.fences[k].start < hi:
            return self.fences[k]
        return None


def fence_edge_levels(
    levels: Sequence[tuple[int, int]], ranges: Sequence[tuple[int, int]], fences: Sequence[Fence], weakest: int
) -> list[tuple[int, int]]:
    """Unit edge levels (:func:`geochunk.split.strategies.edge_levels`) with every edge strictly
    inside a fence made no stronger than ``weakest`` (the line level): a strategy that ranks
    unit edges as section breaks must not split a fence that fits one chunk.

    >>> f = find_fences("```wkt\\nPOINT (1 2)\\nPOINT (3 4)\\n```\\n")
    >>> fence_edge_levels([(0, 0), (0, 0)], [(7, 19), (19, 31)], f, 2)
    [(2, 2), (2, 2)]
    """
    if not fences:
        return list(levels)
    ix = FenceIndex(fences)

    def inside(p: int) -> bool:
        f = ix.at(p)
        return f is not None and f.start < p

    return [
        (max(ls, weakest) if inside(a) else ls, max(le, weakest) if inside(b) else le)
        for (a, b), (ls, le) in zip(ranges, levels)
    ]
