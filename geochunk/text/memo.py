"""A memo of a one-argument function of a tuple of strings, bounded by entries *and* size.

``functools.lru_cache`` bounds the number of entries only: a cache of key tuples (the property
names of a document's features) could hold megabytes of a document's keys after it is gone.
:func:`tuple_memo` also bounds the characters its keys hold (each element costs its length
plus :data:`ELEMENT_COST`), evicting the oldest first; a key larger than the
whole budget is computed and not kept.

>>> @tuple_memo(max_entries=2, max_chars=1000)
... def width(keys: tuple) -> int:
...     return sum(len(k) for k in keys)
>>> width(("a", "bc")), width(("a", "bc")), width.cache_chars()
(3, 3, 195)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import lru_cache, wraps
from typing import Any, Callable, Generic, TypeVar

__all__ = ["ELEMENT_COST", "KEPT_KEY_CHARS", "key_memo", "tuple_memo"]

ELEMENT_COST = 64  # bytes an element of a key costs beside its characters (object, pointer)
R = TypeVar("R")


def _size(keys: tuple[Any, ...]) -> int:
    return ELEMENT_COST + sum(ELEMENT_COST + (len(k) if isinstance(k, str) else 0) for k in keys)


class _TupleMemo(Generic[R]):
    def __init__(self, fn: Callable[[tuple[Any, ...]], R], max_entries: int, max_chars: int) -> None:
        self.fn, self.max_entries, self.max_chars = fn, max_entries, max_chars
        self.entries: OrderedDict[tuple[Any, ...], tuple[R, int]] = OrderedDict()
        self.chars = 0
        self.lock = threading.Lock()
        self.__doc__, self.__name__, self.__wrapped__ = fn.__doc__, fn.__name__, fn

    def __call__(self, keys: tuple[Any, ...]) -> R:
        hit = self.entries.get(keys)
        if hit is not None:
            return hit[0]
        value = self.fn(keys)
        size = _size(keys)
        if size > self.max_chars:
            return value
        with self.lock:
            if keys not in self.entries:
                self.entries[keys] = (value, size)
                self.chars += size
                while len(self.entries) > self.max_entries or self.chars > self.max_chars:
                    _, (_, gone) = self.entries.popitem(last=False)
                    self.chars -= gone
        return value

    def cache_chars(self) -> int:
        """What the keys held cost (characters plus :data:`ELEMENT_COST` an element)."""
        return self.chars

    def cache_clear(self) -> None:
        with self.lock:
            self.entries.clear()
            self.chars = 0


def tuple_memo(*, max_entries: int, max_chars: int) -> Callable[[Callable[[tuple[Any, ...]], R]], _TupleMemo[R]]:
    """Memoise a function of one tuple argument; at most ``max_entries`` results and keys
    costing at most ``max_chars`` (see the module docstring), least recently *added* evicted
    first (a hit does not reorder: no lock on the hit path)."""

    def wrap(fn: Callable[[tuple[Any, ...]], R]) -> _TupleMemo[R]:
        return _TupleMemo(fn, max_entries, max_chars)

    return wrap


KEPT_KEY_CHARS = 256  # a one-key memo keeps keys up to this long: 4,096 of them hold <= ~1 MB


def key_memo(maxsize: int = 4096) -> Callable[[Callable[[str], R]], Callable[[str], R]]:
    """Memoise a function of one string key (a property name: a document repeats a handful on
    every feature), keeping keys of at most :data:`KEPT_KEY_CHARS` characters; a longer key is
    computed every time and never kept, so the memo holds at most ``maxsize`` short keys.

    >>> @key_memo()
    ... def low(key: str) -> str:
    ...     return key.lower()
    >>> low("Survey Date"), low("x" * 300) == "x" * 300, low.cache_info().currsize
    ('survey date', True, 1)
    """

    def wrap(fn: Callable[[str], R]) -> Callable[[str], R]:
        kept = lru_cache(maxsize=maxsize)(fn)

        @wraps(fn)
        def memo(key: str) -> R:
            return kept(key) if len(key) <= KEPT_KEY_CHARS else fn(key)

        memo.cache_info = kept.cache_info  # type: ignore[attr-defined]
        memo.cache_clear = kept.cache_clear  # type: ignore[attr-defined]
        return memo

    return wrap
