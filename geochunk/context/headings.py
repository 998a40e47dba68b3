"""Headings and what they introduce: a heading never ends a chunk or stands alone in one.

:func:`heading_glue` returns, for every heading, the range from the heading's start to the first
non-blank line after it. The pipeline removes every cut inside those ranges (a chunk may start
*at* a heading, never between a heading and what follows it) and lets a unit that starts where a
glue range ends take the heading along. Headings are Markdown ATX lines (``## Title``), Markdown
setext headings (a one-line title underlined with ``===`` or ``---``, the underline being part of
the heading) and, in plain text, a short upper-case line between blank lines
(``DAY 1: HOLYROOD PARK``). One pass over the lines: linear.

>>> t = "# Title\\n\\n## Part\\nText.\\n\\nMORE NOTES\\n\\nOn.\\n\\nSite B\\n------\\nEnd.\\n"
>>> [(t[a:b], t[b:b + 2]) for a, b in heading_glue(t)]
[('# Title\\n\\n', '##'), ('## Part\\n', 'Te'), ('MORE NOTES\\n\\n', 'On'), ('Site B\\n------\\n', 'En')]
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from geochunk.text.lines import LineIndex, lines_of
from geochunk.model import OGC_TYPES

__all__ = [
    "PLAIN_LEVEL", "Heading", "HeadingPath", "find_headings", "heading_glue", "is_caption", "is_heading_line",
    "is_setext_underline", "plain_heading_at", "setext_title",
]

_SPACES = re.compile(r"\s*+")  # what str.strip() removes (both use str.isspace)
_ATX = re.compile(r"[ \t]{0,3}#{1,6}[ \t]+\S")
_UNDERLINE = re.compile(r" {0,3}(?:=++|-++)[ \t]*+(?:\r\n|\r|\n)?")  # possessive: linear


def is_setext_underline(line: str) -> bool:
    """A Markdown setext underline: three or more ``=`` (or ``-``) and nothing else.

    >>> is_setext_underline("=====\\n"), is_setext_underline("---"), is_setext_underline("----+---")
    (True, True, False)
    >>> is_setext_underline("--"), is_setext_underline("- - -")
    (False, False)
    """
    return _UNDERLINE.fullmatch(line) is not None and len(line.strip()) >= 3


def setext_title(s: str) -> bool:
    """A line that a setext underline makes a title: short words, not a table row or code.

    >>> setext_title("Parcel LU-0007"), setext_title("| a | b |"), setext_title("POLYGON ((0 0, 1")
    (True, False, False)
    """
    s = s.strip()
    return (
        0 < len(s) <= 120
        and sum(map(str.isalpha, s)) >= 2
        and not s.startswith(("|", "#", ">", "<", "```", "- ", "* ", "+ "))
        and "((" not in s
        and not s.endswith((",", ";", "(", "[", "{", "\\"))
    )


def _plain_heading(s: str) -> bool:
    s = s.strip()
    if not 3 <= len(s) <= 80 or s.endswith((".", ",", ";")) or "(" in s or "=" in s:
        return False
    words = s.split()
    if words[-1] == "EMPTY" and words[0].split(";")[-1] in OGC_TYPES:
        return False  # 'POLYGON EMPTY' is a geometry (WKT's empty form), not a heading
    letters = list(filter(str.isalpha, s))  # (map/filter: no Python frame per character)
    return len(letters) >= 3 and all(map(str.isupper, letters)) and s.isascii()


def is_heading_line(line: str, *, blank_before: bool = True, blank_after: bool = True) -> bool:
    """A Markdown ATX heading, or a short upper-case line between blank lines.

    >>> is_heading_line("### Parcel LU-1"), is_heading_line("BACKGROUND"), is_heading_line("#x")
    (True, True, False)
    """
    if _ATX.match(line):
        return True
    return blank_before and blank_after and _plain_heading(line)


@dataclass(frozen=True, slots=True)
class Heading:
    """One heading: ``start`` of its first line, ``glue`` the start of the first non-blank line
    after it (``None``: nothing follows), its ``level`` (ATX ``#`` count; setext ``=`` 1, ``-``
    2; a plain upper-case line :data:`PLAIN_LEVEL`, under any Markdown heading) and its
    ``title`` (the text without the ``#`` marks or the underline)."""

    start: int
    glue: int | None
    level: int
    title: str


#: The level of a plain-text heading (``DAY 1: HOLYROOD PARK``): below every Markdown level.
PLAIN_LEVEL = 7
_TITLE_LIMIT = 200
_CLOSING = re.compile(r"[ \t]+#+[ \t]*$")  # an ATX heading's optional closing sequence


def _atx_title(line: str) -> tuple[int, str]:
    """(level, title) of an ATX heading line.

    >>> _atx_title("## Parcel LU-0012 ##\\n"), _atx_title("### C.1 #5")
    ((2, 'Parcel LU-0012'), (3, 'C.1 #5'))
    """
    s = line.strip()
    level = len(s) - len(s.lstrip("#"))
    body = s[level:].strip()
    body = _CLOSING.sub("", " " + body).strip() if body.endswith("#") else body
    return level, body


def find_headings(text: str, fences: Sequence[tuple[int, int]] = ()) -> tuple[Heading, ...]:
    """Every heading of ``text`` in order (none inside a fenced code block: ``fences`` are the
    blocks' sorted ``(start, end)``, :mod:`geochunk.context.fences`). See :func:`heading_glue`.

    >>> [(h.level, h.title) for h in find_headings("# A\\n\\nSite B\\n------\\nx\\n\\nNOTES\\n\\ny")]
    [(1, 'A'), (2, 'Site B'), (7, 'NOTES')]
    """
    n = len(text)
    if n == 0:
        return ()
    lines = lines_of(text)
    bounds, blank, candidates = _many_lines(text, lines)
    if len(fences):
        candidates = _outside(candidates, bounds, fences)
    m = len(bounds) - 1
    out: list[Heading] = []
    for k in candidates:
        a, b = bounds[k], bounds[k + 1]
        before_k = k == 0 or bool(blank[k - 1])
        after_k = k + 1 == m or bool(blank[k + 1])
        j = k + 1
        if (  # setext: a one-line title (blank or nothing before) and its underline
            before_k
            and j < m
            and _may_underline(text, bounds[j])
            and is_setext_underline(text[bounds[j] : bounds[j + 1]])
            and setext_title(text[a:b])
        ):
            level = 1 if text[bounds[j] : bounds[j + 1]].strip()[0] == "=" else 2
            title = text[a:b].strip()
            j += 1
        elif not (
            # an ATX heading has its "#" among the first four characters; a plain one stands
            # between blank lines: a paragraph line under prose is neither, at a glance
            ("#" in text[a : a + 4] or (before_k and after_k))
            and is_heading_line(text[a:b], blank_before=before_k, blank_after=after_k)
        ):
            continue
        elif _ATX.match(text, a, b):
            level, title = _atx_title(text[a:b])
        else:
            level, title = PLAIN_LEVEL, text[a:b].strip()
        while j < m and blank[j]:
            j += 1
        out.append(Heading(a, bounds[j] if j < m else None, level, title[:_TITLE_LIMIT]))
    return tuple(out)


def _outside(candidates: list[int], bounds: Sequence[int], fences: Sequence[tuple[int, int]]) -> list[int]:
    """The candidate lines that do not start inside a fence (``start <= line start < end``)."""
    starts = [a for a, _ in fences]
    out = []
    for k in candidates:
        p = bounds[k]
        i = bisect_right(starts, p) - 1
        if i < 0 or p >= fences[i][1]:
            out.append(k)
    return out


def heading_glue(text: str, fences: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """``(heading start, start of the first non-blank line after it)`` for every heading that
    has something after it, sorted and non-overlapping (consecutive headings chain); none
    inside ``fences`` (a ``# comment`` in a code block is no heading).

    Lines come from the shared line index. Which lines are blank and which may be headings at
    all (a ``#``, ``=`` or ``-`` after at most three spaces or tabs, or a line between blank
    lines) is decided by :func:`_many_lines` (one regex pass for the blank lines, numpy over
    the first four characters of every line: no tuple and no string per line is held); only
    those lines are looked at one by one.

    >>> heading_glue("# Title\\n\\nBody\\n\\nPARCELS\\n\\nrow")
    [(0, 9), (15, 24)]
    """
    return [(h.start, h.glue) for h in find_headings(text, fences) if h.glue is not None]


class HeadingPath:
    """The headings an offset sits under, outermost first (O(log n) per query): each heading
    closes the ones at its level and deeper.

    >>> t = "# Appendix B\\n\\nIntro.\\n\\n## Parcel LU-0012\\nPOINT (1 2)\\n\\n# Appendix C\\n"
    >>> hp = HeadingPath(find_headings(t))
    >>> hp.at(0), hp.at(16), hp.at(t.index("POINT")), hp.at(len(t) - 1)
    (('Appendix B',), ('Appendix B',), ('Appendix B', 'Parcel LU-0012'), ('Appendix C',))
    """

    def __init__(self, headings: Sequence[Heading]) -> None:
        self.starts = [h.start for h in headings]
        self.glue = [h.glue for h in headings]
        paths: list[tuple[str, ...]] = []
        stack: list[tuple[int, str]] = []
        for h in headings:
            while stack and stack[-1][0] >= h.level:
                stack.pop()
            stack.append((h.level, h.title))
            paths.append(tuple(t for _, t in stack))
        self.paths = paths

    def at(self, p: int) -> tuple[str, ...]:
        """The path in force at ``p`` (a heading starting at ``p`` is included)."""
        k = bisect_right(self.starts, p) - 1
        return self.paths[k] if k >= 0 else ()

    def of_range(self, p: int, hi: int) -> tuple[str, ...]:
        """The path of text that begins at ``p`` and ends by ``hi``: when ``p`` starts a
        heading (or a chain of them: ``# Appendix B`` + ``## Parcel``), the path of what the
        headings introduce, if that lies before ``hi``.

        >>> t = "# A\\n\\n## B\\nText.\\n"
        >>> hp = HeadingPath(find_headings(t))
        >>> hp.at(0), hp.of_range(0, len(t)), hp.of_range(0, 5)
        (('A',), ('A', 'B'), ('A',))
        """
        k = bisect_right(self.starts, p) - 1
        while k >= 0 and self.starts[k] == p:
            g = self.glue[k]
            if g is None or g >= hi:
                break
            p = g
            k = bisect_right(self.starts, p) - 1
        return self.paths[k] if k >= 0 else ()


def _may_underline(text: str, p: int) -> bool:
    """The line at ``p`` may be a setext underline (its ``=`` or ``-`` lies among its first
    four characters): else :func:`is_setext_underline` need not read it."""
    head = text[p : p + 4]
    return "=" in head or "-" in head


def _many_lines(text: str, lines: LineIndex) -> tuple[array, np.ndarray, list[int]]:
    """Line bounds (line ``k`` is ``text[bounds[k]:bounds[k + 1]]``), which lines are blank,
    and the lines that may be headings at all, with numpy over the line starts."""
    n = len(text)
    ends = lines.array()
    if len(ends) and ends[-1] == n:
        ends = ends[:-1]
    # line k is text[starts[k]:starts[k + 1]]; 4-byte offsets while they fit, read into the
    # array without a bytes copy between (three int64 copies per line were 0.6x the input of
    # a large appendix at this step's peak; issue #13)
    small = n < 2**31 and array("i").itemsize == 4
    starts = np.empty(len(ends) + 1, dtype=np.int32 if small else np.int64)
    starts[0] = 0
    starts[1:] = ends
    m = len(starts)
    bounds = array("i" if small else "q")
    bounds.frombytes(memoryview(starts).cast("B"))
    bounds.append(n)
    blank = np.zeros(m, dtype=bool)
    if _SPACES.match(text, 0, bounds[1]).end() == bounds[1]:
        blank[0] = True
    pattern = _BLANK_LINE if text.find("\r") >= 0 else _BLANK_LINE_LF
    at = np.fromiter((g.start(1) for g in pattern.finditer(text)), dtype=np.int64)
    blank[np.searchsorted(starts, at[at < n])] = True
    before = np.ones(m, dtype=bool)
    before[1:] = blank[:-1]
    after = np.ones(m, dtype=bool)
    after[:-1] = blank[1:]
    lead = _lead_bytes(text, starts)
    may = ~blank & ((lead == 35) | (before & after))  # "#": ATX; between blank lines: plain
    under = (lead == 61) | (lead == 45)  # "=" / "-": a setext underline, maybe
    may[:-1] |= ~blank[:-1] & before[:-1] & under[1:]
    return bounds, blank, np.flatnonzero(may).tolist()


# the blank line after each line end: whitespace up to the next line end or the text's end
# (possessive; one match per blank line)
_BLANK_LINE = re.compile(r"(?:\r\n?+|\n)([^\S\r\n]*+)(?=[\r\n]|\Z)")
# the same for a text without "\r": a literal first character is found by a fast search (a
# character set is tested position by position: 8x slower on a 1 MB polygon)
_BLANK_LINE_LF = re.compile(r"\n([^\S\n]*+)(?=\n|\Z)")
_LEAD_SLICE = 1 << 18  # (~1 MB of scratch per slice, reused; 1 << 20 left ~1.4x a 3 MB document behind, issue #13)


def _lead_bytes(text: str, starts: np.ndarray) -> np.ndarray:
    """For every line start, its first character that is not a space or a tab among the first
    four (as a byte; 0 past the text's end, ``?`` for a character beyond latin-1, a space if all
    four are spaces or tabs). Read a slice of the text at a time.

    >>> _lead_bytes("# a\\n  =\\n\\t\\t\\t\\t-\\nx", np.array([0, 4, 8, 14])).tolist()
    [35, 61, 32, 120]
    """
    n = len(text)
    out = np.zeros(len(starts), dtype=np.uint8)
    lo = 0
    while lo < len(starts):  # lines whose starts lie within _LEAD_SLICE characters
        hi = int(np.searchsorted(starts, starts[lo] + _LEAD_SLICE, "left"))
        hi = max(hi, lo + 1)
        st = starts[lo:hi]
        s0, s1 = int(st[0]), int(st[-1]) + 4
        raw = np.frombuffer(text[s0:s1].encode("latin-1", "replace"), dtype=np.uint8)
        got = np.zeros(len(st), dtype=np.uint8)
        open_ = np.ones(len(st), dtype=bool)  # only spaces/tabs so far
        for j in range(4):
            at = st - s0 + j
            ok = at < len(raw)
            c = np.zeros(len(st), dtype=np.uint8)
            c[ok] = raw[at[ok]]
            take = open_ & (c != 32) & (c != 9)
            got[take] = c[take]
            open_ &= ~take
        got[open_] = 32
        out[lo:hi] = got
        lo = hi
    return out


def plain_heading_at(text: str, p: int) -> bool:
    """The line at ``p`` (after a blank line) is a plain-text heading such as
    ``DAY 1: HOLYROOD PARK`` — a section start, not a ``Key: value`` attribute.

    >>> plain_heading_at("\\nDAY 1: HOLYROOD PARK\\n\\nText", 1), plain_heading_at("\\nDepth: 3 m\\n", 1)
    (True, False)
    """
    le = lines_of(text).end(p)
    after = le >= len(text) or not text[le:lines_of(text).end(le)].strip()
    return is_heading_line(text[p:le], blank_before=True, blank_after=after)


def is_caption(line: str) -> bool:
    """A line that may caption the geometry below it: a Markdown heading, a short line ending
    in ``:``, or a short title-like line (capitalised, few words, no sentence end).

    >>> is_caption("Pump house:"), is_caption("Site B"), is_caption("It was built in 1901.")
    (True, True, False)
    """
    s = line.strip()
    if not s or len(s) > 160:
        return False
    if s.startswith("#"):
        return True
    letters = sum(map(str.isalpha, s))
    if letters < 3 or s[-1] in "[{(,;":
        return False
    if s.endswith(":"):
        return True
    return (
        len(s) <= 100
        and len(s.split()) <= 12
        and (s[0].isupper() or s[0].isdigit())
        and "," not in s
        and s[-1] not in ".!?"
    )
