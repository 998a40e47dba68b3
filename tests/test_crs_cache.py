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
