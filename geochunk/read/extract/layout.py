"""Join extracted pieces (PDF lines, HTML and Word blocks) into one text, keeping a geometry
that runs across a page break or a paragraph break in one piece.

Paragraph-level pieces are separated by a blank line, lines of one paragraph by one newline.
While a bracket opened by the text so far is still open (a WKT ring, a GeoJSON array), the next
piece is joined with a single newline instead: a blank line never lands inside a geometry, and
the page or paragraph break that fell there is rejoined and said in the notes. Bracket depth is
counted with ``str.count`` (linear) and reset at every blank line, so an unclosed parenthesis in
prose does not reach past its paragraph.

>>> text, pages, sections, notes = join([
...     Piece("POLYGON ((0 0, 1 0,", page=1), Piece("1 1, 0 0))", page=2, tight=False)])
>>> text, pages
('POLYGON ((0 0, 1 0,\\n1 1, 0 0))', ((0, 19, 1), (20, 30, 2)))
>>> notes
('page 1 -> 2: the page break fell inside an open geometry; the pages were joined',)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

__all__ = ["Piece", "bracket_depth", "join", "table_lines"]

_OPEN = "([{"
_CLOSE = ")]}"


@dataclass(frozen=True, slots=True)
class Piece:
    """One line or block of extracted text. ``tight`` joins it to the previous piece with one
    newline (a line of the same paragraph); otherwise a blank line separates them."""

    text: str
    page: int | None = None
    section: tuple[str, ...] = ()
    tight: bool = True


def bracket_depth(text: str, depth: int = 0) -> int:
    """``depth`` after ``text``: opening minus closing brackets, never below 0.

    >>> bracket_depth("POLYGON ((0 0, 1 1"), bracket_depth("x)", 0), bracket_depth("[1, [2", 1)
    (2, 0, 3)
    """
    opened = sum(text.count(c) for c in _OPEN)
    closed = sum(text.count(c) for c in _CLOSE)
    return max(0, depth + opened - closed)


def join(
    pieces: Sequence[Piece],
) -> tuple[str, tuple[tuple[int, int, int], ...], tuple[tuple[int, int, tuple[str, ...]], ...], tuple[str, ...]]:
    """``(text, pages, sections, notes)`` for ``pieces`` (see the module docstring)."""
    parts: list[str] = []
    pos = 0
    depth = 0
    pages: list[list[int]] = []  # [start, end, page]
    sections: list[list] = []  # [start, end, path]
    notes: list[str] = []
    previous_page: int | None = None
    for n, piece in enumerate(pieces):
        if n:
            sep = "\n"
            if not piece.tight:
                if depth > 0:
                    if piece.page is not None and piece.page != previous_page:
                        notes.append(
                            f"page {previous_page} -> {piece.page}: the page break fell inside an "
                            "open geometry; the pages were joined"
                        )
                else:
                    sep = "\n\n"
            parts.append(sep)
            pos += len(sep)
        start = pos
        parts.append(piece.text)
        pos += len(piece.text)
        depth = bracket_depth(piece.text, depth) if piece.text.strip() else 0
        if piece.page is not None:
            if pages and pages[-1][2] == piece.page:
                pages[-1][1] = pos
            else:
                pages.append([start, pos, piece.page])
            previous_page = piece.page
        if piece.section:
            if sections and sections[-1][2] == piece.section:
                sections[-1][1] = pos
            else:
                sections.append([start, pos, piece.section])
    return (
        "".join(parts),
        tuple((s, e, p) for s, e, p in pages),
        tuple((s, e, tuple(p)) for s, e, p in sections),
        tuple(notes),
    )


def table_lines(rows: Sequence[Sequence[str]], *, header: bool) -> list[str]:
    """A table as one line a row, in the layout the attribute rules read: two columns as
    ``Key: value`` lines, wider tables as a Markdown table (a ``| --- |`` rule under the first
    row when it is a ``header``). Cells are single lines; a ``|`` in a cell is escaped.

    >>> table_lines([["Parcel ID", "P-1"], ["Zone", "R2"]], header=False)
    ['Parcel ID: P-1', 'Zone: R2']
    >>> print("\\n".join(table_lines([["id", "x", "y"], ["a", "1", "2|3"]], header=True)))
    | id | x | y |
    | --- | --- | --- |
    | a | 1 | 2\\|3 |
    """
    rows = [[" ".join(c.split()) for c in r] for r in rows]
    rows = [r for r in rows if any(r)]
    if not rows:
        return []
    width = max(len(r) for r in rows)
    if width == 1:
        return [r[0] for r in rows]
    if width == 2:
        return [f"{r[0]}: {r[1]}" if len(r) == 2 and r[0] else " ".join(c for c in r if c) for r in rows]
    out = []
    for n, r in enumerate(rows):
        r = r + [""] * (width - len(r))
        out.append("| " + " | ".join(c.replace("|", "\\|") for c in r) + " |")
        if n == 0 and header:
            out.append("|" + " --- |" * width)
    return out
