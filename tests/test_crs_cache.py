"""The frame-name index is persisted in the user's cache and never loaded for a text that names
no frame (issue 13): counted by what was loaded, never by wall time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from geochunk.crs import cache

ROOT = Path(__file__).resolve().parents[1]

_CHILD = r"""
import json, sys
from geochunk.crs import find_declarations
from geochunk.crs.names import name_index
decls = find_declarations(sys.argv[1])
loaded = name_index.cache_info().currsize == 1
info = {"codes": [d.epsg for d in decls], "index_loaded": loaded}
if loaded:
    info["from_cache"] = name_index().loaded_from_cache
print(json.dumps(info))
"""


def _run(text: str, cache_dir: Path) -> dict:
    env = {**os.environ, "GEOCHUNK_CACHE_DIR": str(cache_dir), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", _CHILD, text], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_built_once_then_read_from_the_cache_and_skipped_when_no_name(tmp_path: Path) -> None:
    first = _run("Parcels in RD New: POINT (155000 463000)", tmp_path)
    assert first == {"codes": [28992], "index_loaded": True, "from_cache": False}
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 2 and all(cache.proj_db_key() in f for f in files)
    again = _run("Parcels in RD New: POINT (155000 463000)", tmp_path)
    assert again == {"codes": [28992], "index_loaded": True, "from_cache": True}
    # prose with no frame name (common words that start names: "north", "new", "world")
    plain = _run("The new survey covers the north field of the world. POINT (1 2)", tmp_path)
    assert plain == {"codes": [], "index_loaded": False}
    # a corrupt cache file is rebuilt, not trusted
    for f in tmp_path.iterdir():
        f.write_text("{not json", encoding="utf-8")
    fixed = _run("Grid: Amersfoort / RD New", tmp_path)
    assert fixed["codes"] == [28992] and fixed["from_cache"] is False


def test_an_unwritable_cache_is_not_an_error(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("GEOCHUNK_CACHE_DIR", str(blocker / "sub"))  # a path under a file
    assert cache.write_json("probe", {"a": 1}) is False
    assert cache.read_json("probe") is None
    monkeypatch.setenv("GEOCHUNK_CACHE_DIR", str(tmp_path / "ok"))
    assert cache.write_json("probe", {"a": 1}) is True
    assert cache.read_json("probe") == {"a": 1}
    assert not [p for p in (tmp_path / "ok").iterdir() if p.name.endswith(".tmp")]


def test_cache_location_follows_the_environment(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("GEOCHUNK_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.cache_dir() == tmp_path / "geochunk"
    monkeypatch.setenv("GEOCHUNK_CACHE_DIR", str(tmp_path / "x"))
    assert cache.cache_dir() == tmp_path / "x"
    monkeypatch.setenv("GEOCHUNK_CACHE_DIR", "")  # set but empty: off, as for the tokenizer
    assert cache.cache_dir() is None and cache.write_json("probe", {"a": 1}) is False


_RD_DOC = "Parcels, no metadata.\n\nPOINT (136688 455783)\nPOINT (137377 456893)\n"


def _chunk_cli(doc: Path, cache_dir: Path) -> tuple[dict, str]:
    env = {**os.environ, "GEOCHUNK_CACHE_DIR": str(cache_dir), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "geochunk", "chunk", str(doc)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[0])["crs"], out.stderr


def _seed_all_but_grid_areas(folder: Path) -> None:
    """``folder`` made, holding a copy of this process's other cache files where there are any
    (the tokenizer's ranks, the gazetteer, the frame-name index): the command then builds only
    the grid areas, the file under test (~1.6 CPU-s less)."""
    import shutil

    folder.mkdir()
    own = cache.cache_dir()
    if own is None or not own.is_dir():
        return
    for f in own.iterdir():
        if f.name.startswith("grid-areas") or f.is_symlink():
            continue
        if f.is_dir():
            shutil.copytree(f, folder / f.name, symlinks=False)
        elif f.is_file():
            shutil.copy2(f, folder / f.name)


@pytest.mark.slow
def test_grid_areas_rebuilt_over_a_corrupt_cache_file(tmp_path: Path, monkeypatch) -> None:
    """A corrupt cached grid-areas file (a crash mid-copy, a full disk) is rebuilt and replaced
    through the command: the flagged answer names RD New and British National Grid first, and
    no traceback."""
    doc = tmp_path / "rd.md"
    doc.write_text(_RD_DOC, encoding="utf-8")
    folder = tmp_path / "cache"
    _seed_all_but_grid_areas(folder)
    stale = folder / f"grid-areas-2-{cache.proj_db_key()}.bin"
    stale.write_bytes(b"geochunk-arrays\n" + b"\x40" + b"\0" * 7 + b'{"format": 1, "arr')
    frame, err = _chunk_cli(doc, folder)
    assert "Traceback" not in err
    assert frame["flagged"] and frame["source"] == "fallback"
    assert frame["evidence"]["considered"][1:3] == [
        "Amersfoort / RD New (EPSG:28992): fits",
        "OSGB36 / British National Grid (EPSG:27700): fits"]
    monkeypatch.setenv("GEOCHUNK_CACHE_DIR", str(folder))
    data = cache.read_arrays("grid-areas-2")  # replaced by a whole index
    assert len(data["codes"]) == len(data["ring_at"]) - 1 > 1000
    assert 28992 in data["codes"] and 27700 in data["codes"]


def test_grid_areas_with_no_cache_or_an_unwritable_one(tmp_path: Path, monkeypatch) -> None:
    """No cache folder at all, or one that cannot be written (a path under a file; root ignores
    chmod): the index is built in memory every time and answers as usual (the real build is
    the one above; a small stand-in keeps this fast)."""
    import numpy as np

    from geochunk.crs import candidates

    built: list[int] = []
    square = [0, 0, 1000, 0, 1000, 1000, 0, 1000]

    def small_build() -> dict:
        built.append(1)
        return {"codes": [28992, 27700], "rings": [square, square],
                "names": {"28992": "Amersfoort / RD New", "27700": "OSGB36 / British National Grid"}}

    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setattr(candidates, "_build", small_build)
    try:
        for where in (str(blocker / "cache"), None):
            if where is None:
                monkeypatch.setattr(cache, "cache_dir", lambda: None)  # no home directory
            else:
                monkeypatch.setenv("GEOCHUNK_CACHE_DIR", where)
            candidates._index.cache_clear()
            lst = candidates.listing(np.array([[500.0, 500.0]]))
            assert lst.codes == (27700, 28992)
            assert sorted(lst.lines[1:3]) == ["Amersfoort / RD New (EPSG:28992): fits",
                                              "OSGB36 / British National Grid (EPSG:27700): fits"]
        assert len(built) == 2 and not blocker.is_dir()
    finally:
        candidates._index.cache_clear()


def test_arrays_round_trip_and_damage_is_none(tmp_path: Path, monkeypatch) -> None:
    """A file of arrays reads back as written (dtypes, shapes, values; read-only views); one
    that is cut, lengthened, changed in a byte or given a header that points outside it reads
    as ``None``; arrays that are not plain numbers are refused when written."""
    import numpy as np

    monkeypatch.setenv("GEOCHUNK_CACHE_DIR", str(tmp_path))
    arrays = {"a": np.arange(7, dtype=np.int32), "b": np.linspace(0, 1, 6).reshape(2, 3),
              "c": np.frombuffer("café".encode(), dtype=np.uint8), "d": np.zeros(0, np.int64),
              "e": np.array([-1, 2], dtype=np.int8)}
    assert cache.write_arrays("probe", arrays)
    back = cache.read_arrays("probe")
    assert list(back) == list(arrays)
    for key, value in arrays.items():
        assert back[key].dtype == value.dtype and np.array_equal(back[key], value)
        assert not back[key].flags.writeable
    (path,) = tmp_path.glob("probe-*.bin")
    good = path.read_bytes()
    for bad in (good[:-1], good + b"\0", good[:10], b"", good[:-1] + bytes([good[-1] ^ 1]),
                good.replace(b'"a", "<i4", [7]', b'"a", "<i4", [9]'),
                good.replace(b'"format": 1', b'"format": 2'), good.replace(b"caf", b"cab")):
        assert bad != good
        path.write_bytes(bad)
        assert cache.read_arrays("probe") is None
    for wrong in (np.array([object()]), np.array([True]), np.array(["x"])):
        with pytest.raises(TypeError, match="plain number"):
            cache.write_arrays("probe", {"x": wrong})


def _forge(path: Path, entries: list, payload: bytes, fmt: int = 1) -> None:
    """A file of arrays as another program might write it: a well-formed frame and a digest
    made for it, around the given header entries and bytes."""
    import hashlib
    import json as json_

    header = json_.dumps({"format": fmt, "arrays": entries, "bytes": len(payload)}).encode()
    header += b" " * (-(16 + 8 + len(header)) % 8)
    body = b"geochunk-arrays\n" + len(header).to_bytes(8, "little") + header + payload
    path.write_bytes(body + hashlib.sha256(body).digest())


@pytest.mark.parametrize("shape", [[9], [-1], [99999999999], [2, -4], ["x"]])
def test_a_header_that_does_not_fit_its_arrays_is_none(tmp_path: Path, monkeypatch,
                                                      shape: list) -> None:
    """A header whose shapes point outside the arrays' bytes, or are not counts, reads as
    ``None`` even with a digest that matches."""
    import numpy as np

    monkeypatch.setenv("GEOCHUNK_CACHE_DIR", str(tmp_path))
    assert cache.write_arrays("probe", {"a": np.arange(7, dtype=np.int32)})
    (path,) = tmp_path.glob("probe-*.bin")
    payload = np.arange(8, dtype=np.int32).tobytes()
    _forge(path, [["a", "<i4", [8], 0]], payload)
    assert cache.read_arrays("probe")["a"].tolist() == list(range(8))  # the forge is sound
    _forge(path, [["a", "<i4", shape, 0]], payload)
    assert cache.read_arrays("probe") is None
    _forge(path, [["a", "|O", [1], 0]], payload)
    assert cache.read_arrays("probe") is None
    _forge(path, [["a", "<i4", [8], 0]], payload, fmt=2)
    assert cache.read_arrays("probe") is None
