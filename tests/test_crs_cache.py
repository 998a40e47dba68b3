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


@pytest.mark.slow
def test_grid_areas_rebuilt_over_a_corrupt_cache_file(tmp_path: Path) -> None:
    """A corrupt cached grid-areas file (a crash mid-copy, a full disk) is rebuilt and replaced
    through the command: the flagged answer names RD New and British National Grid first, and
    no traceback."""
    doc = tmp_path / "rd.md"
    doc.write_text(_RD_DOC, encoding="utf-8")
    folder = tmp_path / "cache"
    folder.mkdir()
    stale = folder / f"grid-areas-{cache.proj_db_key()}.json"
    stale.write_text('{"codes": [28992], "rings": [[0, 0, 1', encoding="utf-8")
    frame, err = _chunk_cli(doc, folder)
    assert "Traceback" not in err
    assert frame["flagged"] and frame["source"] == "fallback"
    assert frame["evidence"]["considered"][1:3] == [
        "Amersfoort / RD New (EPSG:28992): fits",
        "OSGB36 / British National Grid (EPSG:27700): fits"]
    data = json.loads(stale.read_text(encoding="utf-8"))  # replaced by a whole index
    assert len(data["codes"]) == len(data["rings"]) > 1000 and "28992" in data["names"]


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
