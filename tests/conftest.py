"""Shared fixtures. App-related ones (the Streamlit app, its samples and ports) live here."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# No wall-clock limits in tests: hypothesis's default 200 ms per-example deadline fails under
# load on a shared 2-core machine. Timings live in benchmarks/.
# In CI (the CI variable is set) the examples are derandomized: the same run every time, so a
# red build is reproducible; locally they stay random and keep exploring.
settings.register_profile("geochunk", deadline=None)
settings.register_profile("geochunk-ci", deadline=None, derandomize=True)
settings.load_profile("geochunk-ci" if os.environ.get("CI") else "geochunk")

APP_DIR = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def app_dir() -> Path:
    """The folder holding app.py, pages/ and .streamlit/."""
    return APP_DIR


@pytest.fixture(scope="session")
def parcels_chunk_set():
    """The 400-parcel sample analysed and assembled at budget 512 (real pipeline)."""
    from geochunk.model import ChunkConfig
    from geochunk.pipeline import analyse, assemble
    from geochunk.samples import load_sample

    analysis = analyse(load_sample("land_use_appendix"), doc_id="land_use_appendix.md")
    return assemble(analysis, ChunkConfig(budget=512, doc_id="land_use_appendix.md"))


@pytest.fixture()
def free_port() -> int:
    """A TCP port that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(autouse=True)
def _review_db(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own review decisions database (never the app's own file)."""
    path = tmp_path_factory.mktemp("reviews") / "reviews.sqlite3"
    monkeypatch.setenv("GEOCHUNK_REVIEW_DB", str(path))
    return path


@pytest.fixture(autouse=True)
def _keep_main_module():
    """AppTest leaves the last page script as ``sys.modules["__main__"]``; a later spawn or
    forkserver child (dask workers, the Corpus process pool) would re-run that page as its
    ``__mp_main__``. Put the real main module back after every test."""
    main = sys.modules.get("__main__")
    yield
    if main is not None:
        sys.modules["__main__"] = main
