"""Lower-casing a whole document with bounded scratch memory.

``str.lower()`` on text that is not pure ASCII first writes up to three 4-byte code points per
character into a scratch buffer, so lower-casing a 13 MB report briefly needs ~14 bytes a
character: the largest transient of a whole analysis. :func:`lower` does the same work in
pieces cut just after a line break, where nothing that lower-casing looks at crosses the cut
(a capital sigma's final form depends only on neighbours up to the nearest character that is
neither cased nor case-ignorable, and a line break is such a character), so the result is
exactly ``text.lower()``, and the scratch stays one piece's.

>>> lower("ΟΔΟΣ\\nΣΤΟ ΣΠΙΤΙ") == "ΟΔΟΣ\\nΣΤΟ ΣΠΙΤΙ".lower()
True
"""

from __future__ import annotations

from typing import Iterator

__all__ = ["PIECE", "lower", "pieces"]

PIECE = 1 << 16  # characters per piece, at least (a piece ends at the next line break)


def pieces(text: str, size: int = PIECE) -> Iterator[str]:
    """``text`` in consecutive slices of at least ``size`` characters, each but the last ending
    with a line break (a text with no line break is one piece).

    >>> list(pieces("ab\\ncd\\nef", 2))
    ['ab\\n', 'cd\\n', 'ef']
    """
    lo, n = 0, len(text)
    while lo < n:
        cut = text.find("\n", lo + max(size, 1) - 1)
        hi = n if cut == -1 else cut + 1
        yield text[lo:hi] if (lo, hi) != (0, n) else text
        lo = hi


def lower(text: str) -> str:
    """``text.lower()``, computed piece by piece when the text is long and not ASCII.

    >>> lower("Straße İSTANBUL")
    'straße i̇stanbul'
    """
    if len(text) <= PIECE or text.isascii():
        return text.lower()  # ASCII is lower-cased in place of the result: no scratch
    return "".join(p.lower() for p in pieces(text))
