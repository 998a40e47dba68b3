"""Line starts and ends in O(log n), with ``\\r\\n``, lone ``\\r`` and ``\\n`` all ending a line.

Scanning back or forward for a newline from every geometry is quadratic on a document written on
one line (a minified FeatureCollection): each lookup walks the whole line. :class:`LineIndex`
finds every line end once (one vectorised pass over the text's bytes) and answers by bisection.
:func:`lines_of` keeps the index of the last document asked about, so the helpers of one
analysis share it.

>>> li = LineIndex("a\\r\\nbb\\rc\\nd")
>>> li.start(5), li.end(5), li.start(3), li.end(0)
(3, 6, 3, 3)
>>> li.at_line_end(3), li.at_line_end(2), li.at_line_end(6), li.at_line_end(9)
(True, False, True, True)
"""

from __future__ import annotations

import threading
from array import array
from bisect import bisect_left, bisect_right

import numpy as np

__all__ = ["LineIndex", "line_ends", "lines_of"]

_SLICE = 1 << 16  # characters looked at at once (bounds the byte and mask scratch: a few
# hundred kB, reused from one slice to the next; 1 << 20 left ~1.5 MB of heap behind, issue #13)


def line_ends(text: str) -> array:
    """Offsets just after every line terminator (``\\r\\n`` once, a lone ``\\r``, ``\\n``),
    sorted, as ``array("i")`` (4 bytes each; ``array("q")`` for a text of 2**31 characters or
    more): the ends of ``re.finditer(r"\\r\\n?|\\n", text)``, found with
    numpy over one byte per character (``latin-1`` with ``?`` for other characters keeps the
    offsets), a slice at a time.

    >>> list(line_ends("a\\r\\nb\\rc\\n\\nd\\r"))
    [3, 5, 7, 8, 10]
    """
    n = len(text)
    out = array(_typecode(n))
    dtype = np.int32 if out.itemsize == 4 else np.int64
    has_cr = text.find("\r") >= 0
    for s in range(0, n, _SLICE):
        e = min(n, s + _SLICE)
        # one character more, so a CR at the slice's end sees what follows it
        raw = np.frombuffer(text[s : e + 1].encode("latin-1", "replace"), dtype=np.uint8)
        brk = raw[: e - s] == 10
        if has_cr:
            cr = raw[: e - s] == 13
            cr[: len(raw) - 1] &= raw[1:] != 10
            brk |= cr
        idx = np.flatnonzero(brk)
        idx += s + 1
        out.frombytes(idx.astype(dtype, copy=False).tobytes())
    return out


def _typecode(n: int) -> str:
    """``"i"`` (4-byte offsets, half the memory of ``"q"``) while every offset fits."""
    return "i" if n < 2**31 and array("i").itemsize == 4 else "q"


class LineIndex:
    """Offsets just after every line terminator of one text (``\\r\\n`` counts once)."""

    __slots__ = ("n", "ends")

    def __init__(self, text: str) -> None:
        self.n = len(text)
        self.ends = line_ends(text)

    def array(self) -> np.ndarray:
        """The line ends as a numpy array (a view, int32 or int64 as stored).

        >>> LineIndex("a\\nb\\n").array().tolist()
        [2, 4]
        """
        return np.frombuffer(self.ends, dtype=np.int32 if self.ends.itemsize == 4 else np.int64)

    def start(self, p: int) -> int:
        """Start of the line holding offset ``p`` (0 for the first line)."""
        i = bisect_right(self.ends, p)
        return self.ends[i - 1] if i else 0

    def end(self, p: int) -> int:
        """Offset just after the terminator of the line holding ``p`` (``n`` on the last line)."""
        i = bisect_right(self.ends, p)
        return self.ends[i] if i < len(self.ends) else self.n

    def at_line_end(self, p: int) -> bool:
        """Whether ``p`` is 0, the end of the text, or just after a line terminator."""
        if p <= 0 or p >= self.n:
            return True
        i = bisect_left(self.ends, p)
        return i < len(self.ends) and self.ends[i] == p


_lock = threading.Lock()
_last: tuple[str, LineIndex] | None = None


def lines_of(text: str) -> LineIndex:
    """The :class:`LineIndex` of ``text``, reused while the same string object is asked about."""
    global _last
    cached = _last
    if cached is not None and cached[0] is text:
        return cached[1]
    index = LineIndex(text)
    with _lock:
        _last = (text, index)
    return index
