"""The frame-name index held as flat arrays (``names.NameIndex``) and kept in the user cache as
a file of arrays (``cache.write_arrays``): it answers as the trie of dicts it was built from, is
read back as written, and a damaged, truncated or foreign cache file is built afresh, never
read as an index (issue 13: memory)."""

from __future__ import annotations

from pathlib import Path
from zlib import crc32

import numpy as np
import pytest

from geochunk.crs import cache, names
from geochunk.crs.names import NameEntry, NameIndex, name_index, normalise

# two tokens of one CRC-32 (found by search): siblings in the trie that share an edge key
_SAME_CRC = ("0uqxgt8jk", "hgg2hdq")

_SMALL = {
    ("amersfoort", "rd", "new"): NameEntry((28992,), "name"),
    ("rd", "new"): NameEntry((28992,), "suffix"),
    ("rd", "new", "0uqxgt8jk"): NameEntry((1, 2), "alias", True),
    ("rd", "new", "hgg2hdq"): NameEntry((3,), "alias"),
    ("osgb", "1936", "british", "national", "grid"): NameEntry((27700,), "name"),
    ("british", "national", "grid"): NameEntry((27700, 7405), "suffix"),
    ("rijksdriehoek",): NameEntry((28992,), "alias"),
    ("3", "degree", "gauss"): NameEntry((2166, 2167), "suffix", True),
    ("kruger", "zone", "4"): NameEntry((31468,), "alias"),  # "Krüger zone 4", folded
}


def _walk(trie: dict, key: tuple[str, ...]) -> NameEntry | None:
    node = trie
    for tok in key:
        node = node.get(tok)
        if node is None:
            return None
    return node.get(names._END)


def _trie_of(entries: dict[tuple[str, ...], NameEntry]) -> dict:
    """The trie of dicts as the index built it before it was held as arrays."""
    trie: dict = {}
    for key, entry in entries.items():
        node = trie
        for tok in key:
            node = node.setdefault(tok, {})
        node[names._END] = entry
    return trie


def test_the_small_index_answers_as_its_trie() -> None:
    assert crc32(_SAME_CRC[0].encode()) == crc32(_SAME_CRC[1].encode())
    index = NameIndex(_SMALL)
    trie = _trie_of(_SMALL)
    assert index.size == len(_SMALL)
    assert index.as_trie() == trie
    assert index.heads() == {t: sorted(node) for t, node in trie.items()}
    assert list(index.heads()) == list(trie)  # the heads in the order they were added
    for key, entry in _SMALL.items():
        assert index.lookup(" ".join(key)) == entry
    for missing in ("rd", "rd new 0uqxgt8j", "rd new hgg2hdqx", "amersfoort rd", "gauss",
                    "Krüger zone", "", "\ud800 x", "zone 4"):
        assert index.lookup(missing) == _walk(trie, normalise(missing)), missing
    text = "Grid RD New hgg2hdq and RD-New 0UQXGT8JK, 3 degree Gauss; Krüger zone 4. RD new"
    hits = index.scan(text)
    assert [(h.text, h.codes) for h in hits] == [
        ("RD New hgg2hdq", (3,)), ("RD-New 0UQXGT8JK", (1, 2)), ("3 degree Gauss", (2166, 2167)),
        ("Krüger zone 4", (31468,)), ("RD new", (28992,))]


def test_arrays_read_back_answer_alike() -> None:
    index = NameIndex(_SMALL)
    again = NameIndex.from_arrays(index.arrays())
    assert again.as_trie() == index.as_trie() and again.size == index.size


def test_the_real_index_is_its_trie_again() -> None:
    """The process's index, read back from its own arrays, is the same trie, and every key
    of it is looked up to its entry."""
    index = name_index()
    trie = index.as_trie()
    assert NameIndex.from_arrays(index.arrays()).as_trie() == trie
    keys: list[tuple[str, ...]] = []
    stack = [((), trie)]
    while stack:
        prefix, node = stack.pop()
        for tok, child in node.items():
            if tok == names._END:
                keys.append(prefix)
            else:
                stack.append((prefix + (tok,), child))
    assert len(keys) == index.size
    for key in keys:
        node = 0
        for tok in key:
            node = index._child(node, tok)
        assert index._entry_at(node) == _walk(trie, key)


@pytest.fixture()
def small_cache(tmp_path: Path, monkeypatch):
    """The small index stands in for PROJ's (built in a few milliseconds), cached in a
    folder of its own; ``built`` counts the builds."""
    built: list[int] = []

    def build() -> NameIndex:
        built.append(1)
        return NameIndex(_SMALL)

    monkeypatch.setenv("GEOCHUNK_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(names, "_build_index", build)
    name_index.cache_clear()
    yield tmp_path, built
    name_index.cache_clear()


def _file(folder: Path) -> Path:
    (path,) = [p for p in folder.iterdir() if p.name.startswith(names._CACHE_INDEX + "-")]
    return path


def test_built_once_then_read_back(small_cache) -> None:
    folder, built = small_cache
    first = name_index()
    assert built == [1] and not first.loaded_from_cache and _file(folder).suffix == ".bin"
    name_index.cache_clear()
    again = name_index()
    assert built == [1] and again.loaded_from_cache
    assert again.as_trie() == _trie_of(_SMALL)


def _flip(path: Path, at: int) -> None:
    data = bytearray(path.read_bytes())
    data[at] ^= 0x20
    path.write_bytes(bytes(data))


def _full_slots() -> None:
    arrays = {k: np.array(v) for k, v in cache.read_arrays(names._CACHE_INDEX).items()}
    arrays["slots"] = np.ones_like(arrays["slots"])  # no empty slot: a probe would not end
    assert cache.write_arrays(names._CACHE_INDEX, arrays)


_DAMAGE = {
    "last byte changed": lambda p: _flip(p, -1),
    "a header byte changed": lambda p: _flip(p, 30),
    "truncated": lambda p: p.write_bytes(p.read_bytes()[:-8]),
    "longer": lambda p: p.write_bytes(p.read_bytes() + b"\0" * 8),
    "empty": lambda p: p.write_bytes(b""),
    "JSON": lambda p: p.write_text('{"size": 1, "trie": {"rd": {}}}', encoding="utf-8"),
    "another layout": lambda p: cache.write_arrays(names._CACHE_INDEX,
                                                   {"keys": np.zeros(3, np.int64)}),
    "no empty slot": lambda p: _full_slots(),
}


@pytest.mark.parametrize("damage", sorted(_DAMAGE))
def test_a_damaged_cache_file_is_built_afresh(small_cache, damage: str) -> None:
    folder, built = small_cache
    name_index()
    good = _file(folder).read_bytes()
    _DAMAGE[damage](_file(folder))
    assert _file(folder).read_bytes() != good
    name_index.cache_clear()
    index = name_index()
    assert built == [1, 1] and not index.loaded_from_cache
    assert index.lookup("RD New").codes == (28992,)
    assert _file(folder).read_bytes() == good  # written back whole


def test_an_old_json_index_is_not_read(small_cache) -> None:
    """The JSON index of earlier versions (``crs-names-2``) is left alone, not read."""
    folder, built = small_cache
    old = {"size": 1, "trie": {"rd": {"new": {"": [[4326], "name", False]}}}}
    assert cache.write_json("crs-names-2", old)
    assert name_index().lookup("RD New").codes == (28992,) and built == [1]
    assert cache.read_json("crs-names-2") == old
