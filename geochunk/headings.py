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

from .lines import lines_of

__all__ = [
    "heading_glue", "is_caption", "is_heading_line", "is_setext_underline", "plain_heading_at", "setext_title",
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
        and sum(c.isalpha() for c in s) >= 2
        and not s.startswith(("|", "#", ">", "<", "```", "- ", "* ", "+ "))
        and "((" not in s
        and not s.endswith((",", ";", "(", "[", "{", "\\"))
    )


def _plain_heading(s: str) -> bool:
    s = s.strip()
    if not 3 <= len(s) <= 80 or s.endswith((".", ",", ";")) or "(" in s or "=" in s:
        return False
    letters = [c for c in s if c.isalpha()]
    return len(letters) >= 3 and all(c.isupper() for c in letters) and s.isascii()


def is_heading_line(line: str, *, blank_before: bool = True, blank_after: bool = True) -> bool:
    """A Markdown ATX heading, or a short upper-case line between blank lines.

    >>> is_heading_line("### Parcel LU-1"), is_heading_line("BACKGROUND"), is_heading_line("#x")
    (True, True, False)
    """
    if _ATX.match(line):
        return True
    return blank_before and blank_after and _plain_heading(line)


def heading_glue(text: str) -> list[tuple[int, int]]:
    """``(heading start, start of the first non-blank line after it)`` for every heading that
    has something after it, sorted and non-overlapping (consecutive headings chain).

    Lines come from the shared line index (8 bytes a line) and their blankness is one byte a
    line: no tuple and no string per line is held (on a 13 MB appendix those were ~6 bytes
    per character that the process kept after the pass).

    >>> heading_glue("# Title\\n\\nBody\\n\\nPARCELS\\n\\nrow")
    [(0, 9), (15, 24)]
    """
    n = len(text)
    if n == 0:
        return []
    bounds = array("q", [0])  # line k is text[bounds[k]:bounds[k + 1]], terminator included
    bounds.extend(lines_of(text).ends)
    if bounds[-1] < n:
        bounds.append(n)
    m = len(bounds) - 1
    spaces = _SPACES.match
    blank = bytearray(spaces(text, bounds[k], bounds[k + 1]).end() == bounds[k + 1]
                      for k in range(m))
    out: list[tuple[int, int]] = []
    for k in range(m):
        if blank[k]:
            continue
        a, b = bounds[k], bounds[k + 1]
        before = k == 0 or bool(blank[k - 1])
        after = k + 1 == m or bool(blank[k + 1])
        j = k + 1
        if (  # setext: a one-line title (blank or nothing before) and its underline
            before
            and j < m
            and is_setext_underline(text[bounds[j] : bounds[j + 1]])
            and setext_title(text[a:b])
        ):
            j += 1
        elif not is_heading_line(text[a:b], blank_before=before, blank_after=after):
            continue
        while j < m and blank[j]:
            j += 1
        if j < m:
            out.append((a, bounds[j]))
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
    letters = sum(c.isalpha() for c in s)
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
