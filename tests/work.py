"""Deterministic work counters for "cost stays linear" tests (never wall time).

``measure(fn, text)`` runs ``fn`` on a :class:`CountingText` copy of ``text`` under a line
tracer and returns a :class:`Work`: the Python lines executed (every loop iteration counts) plus
the characters that str operations on the document read (a slice counts its length; ``find``
and ``rfind`` count the stretch they scanned; ``strip``, ``split``, ``encode``... count the whole
string). Both are quadratic when an algorithm rescans the document per feature, whatever the
machine's load. C code (tokenizer, GEOS, PROJ, regex) is not counted: it is linear per call and
called per feature or per chunk, which the line count sees.

>>> t = CountingText("abc\\ndef")
>>> t.rfind("\\n", 0, 7), t[1:3], t.touched
(3, 'bc', 6)
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Callable

__all__ = ["CountingText", "Work", "measure", "growth"]


def _bounds(n: int, start: Any, end: Any) -> tuple[int, int]:
    s, e, _ = slice(start, end).indices(n)
    return s, max(s, e)


class CountingText(str):
    """A ``str`` that counts the characters read by str operations called on it."""

    touched: int

    def __new__(cls, value: str) -> "CountingText":
        obj = super().__new__(cls, value)
        obj.touched = 0
        return obj

    def __getitem__(self, key: Any) -> str:  # type: ignore[override]
        out = str.__getitem__(self, key)
        self.touched += len(out) if isinstance(key, slice) else 1
        return out

    def _scan(self, name: str, sub: Any, start: Any = None, end: Any = None) -> int:
        s, e = _bounds(len(self), start, end)
        r = getattr(str, name)(self, sub, s, e)
        if name in ("find", "index"):
            self.touched += (r - s + len(sub)) if r >= 0 else e - s
        elif name in ("rfind", "rindex"):
            self.touched += (e - r) if r >= 0 else e - s
        else:
            self.touched += e - s
        return r

    def find(self, sub, start=None, end=None):  # type: ignore[override]
        return self._scan("find", sub, start, end)

    def rfind(self, sub, start=None, end=None):  # type: ignore[override]
        return self._scan("rfind", sub, start, end)

    def count(self, sub, start=None, end=None):  # type: ignore[override]
        return self._scan("count", sub, start, end)

    def index(self, sub, start=None, end=None):  # type: ignore[override]
        r = self.find(sub, start, end)
        if r < 0:
            raise ValueError("substring not found")
        return r

    def rindex(self, sub, start=None, end=None):  # type: ignore[override]
        r = self.rfind(sub, start, end)
        if r < 0:
            raise ValueError("substring not found")
        return r


def _whole(name: str) -> Callable[..., Any]:
    base = getattr(str, name)

    def method(self: CountingText, *args: Any, **kw: Any) -> Any:
        self.touched += len(self)
        return base(self, *args, **kw)

    method.__name__ = name
    return method


for _name in ("strip", "lstrip", "rstrip", "split", "rsplit", "splitlines", "encode", "upper",
              "lower", "isspace", "replace", "partition", "__contains__", "__iter__", "__str__"):
    setattr(CountingText, _name, _whole(_name))


@dataclass(frozen=True)
class Work:
    """What one run cost: Python lines executed and document characters read."""

    lines: int
    chars: int

    @property
    def total(self) -> int:
        return self.lines + self.chars


def measure(fn: Callable[[str], Any], text: str) -> tuple[Work, Any]:
    """Run ``fn(CountingText(text))`` under a line counter; ``(Work, fn's result)``."""
    doc = CountingText(text)
    lines = 0

    def local(frame: Any, event: str, arg: Any) -> Any:
        nonlocal lines
        if event == "line":
            lines += 1
        return local

    def global_(frame: Any, event: str, arg: Any) -> Any:
        return local

    old = sys.gettrace()
    sys.settrace(global_)
    try:
        result = fn(doc)
    finally:
        sys.settrace(old)
    return Work(lines, doc.touched), result


def growth(fn: Callable[[str], Any], make: Callable[[int], str], small: int, factor: int) -> float:
    """Work at ``make(small * factor)`` divided by work at ``make(small)`` (after a warm-up run,
    so caches are equally warm): about ``factor`` when linear, ``factor ** 2`` when quadratic."""
    fn(make(small))
    w1, _ = measure(fn, make(small))
    w2, _ = measure(fn, make(small * factor))
    return w2.total / max(1, w1.total)
