"""What a PDF, HTML or Word document becomes: its text, and where each part of it came from.

Chunks are cut from :attr:`Extracted.text`, so every chunk offset is exact in that text; the
page and section maps turn a chunk's ``[start, end)`` back into "page 14" or
``("Appendix B", "Parcel LU-0012")``.

>>> ex = Extracted("one\\n\\ntwo", "pdf", pages=((0, 3, 1), (5, 8, 2)))
>>> ex.pages_of(0, 8), ex.pages_of(5, 6), ex.pages_of(3, 5)
((1, 2), (2,), ())
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

__all__ = ["Extracted"]


@dataclass(frozen=True, slots=True)
class Extracted:
    """The text a document became (``kind`` ``"pdf"``, ``"html"`` or ``"docx"``).

    ``pages`` are ``(start, end, page)`` with 1-based page numbers (PDF only), ``sections`` are
    ``(start, end, path)`` where ``path`` is the tuple of headings the text sits under (HTML,
    DOCX), both in text order and not overlapping. ``notes`` say what extraction did that a
    reader should know (header and footer lines removed, a geometry rejoined across a page
    break, a wrapped minus sign that was not rejoined).
    """

    text: str
    kind: str
    pages: tuple[tuple[int, int, int], ...] = ()
    sections: tuple[tuple[int, int, tuple[str, ...]], ...] = ()
    notes: tuple[str, ...] = ()
    _page_ends: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)
    _section_starts: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_page_ends", tuple(e for _, e, _ in self.pages))
        object.__setattr__(self, "_section_starts", tuple(s for s, _, _ in self.sections))

    def pages_of(self, start: int, end: int) -> tuple[int, ...]:
        """The page numbers whose text overlaps ``[start, end)`` (``()`` for an empty range or
        a document without pages).

        >>> Extracted("abc", "pdf", pages=((0, 1, 1), (2, 3, 2))).pages_of(0, 3)
        (1, 2)
        """
        if end <= start:
            return ()
        i = bisect_right(self._page_ends, start)
        out = []
        for s, e, page in self.pages[i:]:
            if s >= end:
                break
            if e > start:
                out.append(page)
        return tuple(out)

    def section_of(self, start: int, end: int) -> tuple[str, ...]:
        """The heading path of the section where ``[start, end)`` begins: the last section
        that starts at or before ``start`` (the separator after a section is still under it);
        ``()`` before the first heading, or for a document without sections.

        >>> ex = Extracted("intro\\n\\n# A\\n\\nx", "html", sections=((7, 13, ("A",)),))
        >>> ex.section_of(12, 13), ex.section_of(0, 13)
        (('A',), ())
        """
        i = bisect_right(self._section_starts, start) - 1
        return self.sections[i][2] if i >= 0 else ()
