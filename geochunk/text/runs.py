"""The ends of a run of given characters around an offset, read in windows that double.

``str.rstrip``/``lstrip`` over a window run at C speed, and doubling the window keeps a long run
linear (each character is read about twice) while a short one costs one small slice. The answer
does not depend on the first window's size, only the time does: a caller that expects short runs
(a keyword just before a parenthesis) starts small.

>>> back_over("ab  \\t(", 5, " \\t"), back_over("   x", 3, " ")
(2, 0)
>>> forward_over("ab  cd", 2, " "), forward_over("ab  ", 2, " ")
(4, 4)
"""

from __future__ import annotations

__all__ = ["back_over", "forward_over"]


def back_over(text: str, p: int, chars: str, first: int = 64) -> int:
    """The least ``q <= p`` with ``text[q:p]`` made of ``chars`` only."""
    step = first
    while p > 0:
        a = max(0, p - step)
        kept = len(text[a:p].rstrip(chars))
        if kept:
            return a + kept
        p, step = a, step * 2
    return 0


def forward_over(text: str, p: int, chars: str, first: int = 64) -> int:
    """The first ``q >= p`` whose character is not in ``chars`` (``len(text)`` if none)."""
    n, step = len(text), first
    while p < n:
        b = min(n, p + step)
        dropped = (b - p) - len(text[p:b].lstrip(chars))
        if p + dropped < b:
            return p + dropped
        p, step = b, step * 2
    return n
