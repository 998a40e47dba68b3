"""What parsing one geometry gives (:class:`Parsed`), and the bounded cache of parse results.

Below both :mod:`geochunk.detection.geometry` (WKT and GeoJSON) and :mod:`geochunk.detection.encodings` (hex WKB,
GML, KML): each parser returns a :class:`Parsed` and may keep it here, so that the detector's
parse of a span is not repeated when the pipeline asks for it again.

>>> remember("wkt", "POINT (1 2)", Parsed(geometry=None, vertices=1))
>>> recall_parsed(("wkt", "POINT (1 2)")).vertices
1
>>> forget_parsed(); recall_parsed(("wkt", "POINT (1 2)")) is None
True
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Iterable

from shapely.geometry.base import BaseGeometry

__all__ = [
    "MAX_NESTING",
    "Parsed",
    "failed",
    "remember",
    "remember_many",
    "recall_parsed",
    "drop_parsed",
    "forget_parsed",
]

#: Deepest bracket nesting a geometry may have (deeper input is rejected, never recursed into).
MAX_NESTING = 64


@dataclass(frozen=True, slots=True)
class Parsed:
    """The result of parsing one geometry.

    ``geometry`` is a shapely geometry (None on failure or for a GeoJSON ``null`` geometry);
    ``vertices`` counts the source coordinates; ``linearized`` is True when curves or surfaces were
    approximated by linear geometry; ``error`` says why parsing failed (None when it did not);
    ``dims`` is ``""``, ``"Z"``, ``"M"`` or ``"ZM"`` as read from the source coordinates.
    """

    geometry: BaseGeometry | None
    vertices: int
    linearized: bool = False
    error: str | None = None
    dims: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None


def failed(message: str) -> Parsed:
    """A failed parse saying why."""
    return Parsed(geometry=None, vertices=0, linearized=False, error=message)


_PARSED: "OrderedDict[tuple[str, str], Parsed]" = OrderedDict()
_PARSED_MAX = 4096
_PARSED_MAX_CHARS = 8_000_000  # total geometry text the cache may hold (8-32 MB)
_PARSED_CHARS = 0
_PARSED_LOCK = threading.Lock()


def remember(kind: str, geometry_text: str, parsed: Parsed) -> None:
    """Keep a parse result so :func:`geochunk.detection.geometry.parse_span` does not parse the same text
    twice (the detector parses every span to decide its status; the pipeline asks again). Bounded LRU:
    at most ``_PARSED_MAX`` entries and ``_PARSED_MAX_CHARS`` characters of geometry text
    (the oldest go first); the pipeline drops a document's entries once it has read them
    (:func:`geochunk.detection.geometry.parse_spans`), so nothing of a document outlives its analysis."""
    remember_many(kind, ((geometry_text, parsed),))


def remember_many(kind: str, items: "Iterable[tuple[str, Parsed]]") -> None:
    """:func:`remember` of every ``(geometry text, parse)``, under one hold of the lock."""
    global _PARSED_CHARS
    with _PARSED_LOCK:
        for geometry_text, parsed in items:
            key = (kind, geometry_text)
            if key not in _PARSED:
                _PARSED_CHARS += len(geometry_text)
            _PARSED[key] = parsed
            _PARSED.move_to_end(key)
            while len(_PARSED) > _PARSED_MAX or (_PARSED_CHARS > _PARSED_MAX_CHARS and len(_PARSED) > 1):
                (_, old), _ = _PARSED.popitem(last=False)
                _PARSED_CHARS -= len(old)


def recall_parsed(key: tuple[str, str]) -> Parsed | None:
    """The kept parse of ``key`` (how its text is parsed, the text), or None; a hit is kept longest."""
    with _PARSED_LOCK:
        hit = _PARSED.get(key)
        if hit is not None:
            _PARSED.move_to_end(key)
        return hit


def drop_parsed(keys: "Iterable[tuple[str, str]]") -> None:
    """Drop the kept parses of ``keys`` (a document's, once its analysis has read them)."""
    global _PARSED_CHARS
    with _PARSED_LOCK:
        for key in keys:
            if _PARSED.pop(key, None) is not None:
                _PARSED_CHARS -= len(key[1])


def forget_parsed() -> None:
    """Empty the parse cache of :func:`remember`."""
    global _PARSED_CHARS
    with _PARSED_LOCK:
        _PARSED.clear()
        _PARSED_CHARS = 0
