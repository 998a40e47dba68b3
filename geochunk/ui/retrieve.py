"""Streamlit glue for the Retrieve page: the samples index, cached open indexes, the draw assets.

The library does the work (:mod:`geochunk.retrieve`); this module only caches and adapts it.
The bundled-samples index is built once into the user cache
(``$GEOCHUNK_CACHE`` or ``~/.cache/geochunk``) and reused until the samples or the model change.
A folder is indexed only inside the operator's folder policy (``GEOCHUNK_CORPUS_ROOTS``), like
the Corpus page. Leaflet.draw is copied from the package (``ui/vendor/leaflet-draw``) into the
app's ``static/vendor/leaflet-draw`` and served from there.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import os
import threading
from pathlib import Path
from typing import Any, Callable, Sequence

import streamlit as st
from streamlit_folium import st_folium

from geochunk.errors import GeochunkError
from geochunk.view.highlight import escape_markdown
from geochunk.view.messages import error_line
from geochunk.crs.extent import union_bbox
from geochunk.model import CHUNKER_VERSION
from geochunk.retrieve.store import INDEX_FORMAT
from geochunk.retrieve import Index, QueryResult, Region, build_index, open_index, query_index
from geochunk.retrieve.build import BuildReport
from geochunk.retrieve.embed import get_embedder
from geochunk.retrieve.fuse import DECAYS
from geochunk.retrieve.region import parse_floats
from geochunk.samples import list_samples, sample_path
from geochunk.view.retrieve import (drawn_geometry, result_layer, results_frame, results_html,
                             retrieve_map, scores_html, shortlist_frame, shortlist_html,
                             staleness_lines)
from geochunk.ui.static import copy_assets

__all__ = [
    "RetrieveKeys",
    "DEFAULT_SAMPLES",
    "ensure_leaflet_draw_assets",
    "cache_dir",
    "chunker_digest",
    "samples_index_path",
    "build_samples_index",
    "build_folder_index",
    "get_index",
    "run_query",
    "index_bounds",
    "DECAYS",
    "box_region",
    "near_region",
    "drawn_region",
    "answer_map",
    "results_frame",
    "results_html",
    "shortlist_frame",
    "shortlist_html",
    "scores_html",
    "staleness_lines",
    "index_status",
    "status_section",
]

#: Samples indexed by default: ``malformed`` is left out because its geometries are broken by
#: design, ``boundary_40k`` because chunking it takes ~10 s for four chunks.
EXCLUDED_SAMPLES = ("malformed", "boundary_40k")
DEFAULT_SAMPLES = tuple(s.name for s in list_samples() if s.name not in EXCLUDED_SAMPLES)
VENDOR_DRAW = Path(__file__).resolve().parent / "vendor" / "leaflet-draw"
_LOCK = threading.Lock()  # one DuckDB connection per index is shared by the sessions


class RetrieveKeys:
    """Session-state and widget keys of the Retrieve page."""

    INDEX_SOURCE = "gc_rt_source"
    SAMPLES = "gc_rt_samples"
    FOLDER = "gc_rt_folder"
    COLLECTION = "gc_rt_collection"
    LICENCE = "gc_rt_licence"
    INDEX_PATH = "gc_rt_index_path"
    QUESTION = "gc_rt_question"
    REGION_MODE = "gc_rt_region_mode"
    BBOX = "gc_rt_bbox"
    NEAR = "gc_rt_near"
    RADIUS = "gc_rt_radius"
    DECAY = "gc_rt_decay"
    HALF_LIFE = "gc_rt_half_life"
    NO_EXTENT = "gc_rt_no_extent"
    K = "gc_rt_k"
    DRAWN = "gc_rt_drawn"
    MAP = "gc_rt_map"


def ensure_leaflet_draw_assets(app_dir: str | os.PathLike[str]) -> Path:
    """Copy Leaflet.draw's JS, CSS and sprites into ``<app_dir>/static/vendor/leaflet-draw``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     out = ensure_leaflet_draw_assets(d)
    ...     sorted(p.name for p in out.iterdir())
    ['images', 'leaflet.draw.css', 'leaflet.draw.js']
    """
    return copy_assets(VENDOR_DRAW, ("leaflet.draw.js", "leaflet.draw.css"),
                       Path(app_dir) / "static" / "vendor" / "leaflet-draw")


def cache_dir() -> Path:
    """Where the app keeps indexes it builds (``$GEOCHUNK_CACHE`` or ``~/.cache/geochunk``)."""
    root = os.environ.get("GEOCHUNK_CACHE") or str(Path.home() / ".cache" / "geochunk")
    path = Path(root) / "retrieve"
    path.mkdir(parents=True, exist_ok=True)
    return path


#: The package whose code makes an index's rows; ``ui`` and ``view`` only show them.
CORE_ROOT = Path(__file__).resolve().parents[1]
_NOT_CHUNKING = ("ui", "view", "samples")


@functools.lru_cache(maxsize=4)
def chunker_digest(root: Path = CORE_ROOT) -> str:
    """16 hex digits over the source of every module that makes an index's rows (the package's
    ``.py`` files outside ``ui/`` and ``view/``, by path and content): it changes with any edit
    to the chunker, detector, tokenizer glue or index code, whether or not ``CHUNKER_VERSION``
    was bumped, so a cached index never keeps chunks an older chunker made. Read once per
    process (~120 files, a few ms).

    >>> len(chunker_digest()) == 16 and chunker_digest() == chunker_digest()
    True
    """
    h = hashlib.sha256()
    # by the relative POSIX name: the same files give the same digest wherever the package is
    # installed and on every OS (Windows paths sort case-blind)
    files = sorted((p.relative_to(root).as_posix(), p) for p in root.rglob("*.py"))
    for rel, p in files:
        parts = rel.split("/")
        if parts[0] in _NOT_CHUNKING or "__pycache__" in parts:
            continue
        h.update(rel.encode() + b"\0")
        h.update(hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()[:16]


def samples_index_path(names: Sequence[str], embedder: str = "static") -> Path:
    """The cache file for an index of these samples with this model, index format, chunker
    version and chunker code (:func:`chunker_digest`): it changes when any does, so an index an
    older geochunk built is never reused (e.g. one whose documents were named by their server
    path, or whose WFS chunks held a boundedBy Envelope as a feature)."""
    h = hashlib.sha256(get_embedder(embedder).model_id.encode())
    h.update(f"format {INDEX_FORMAT}; chunker {CHUNKER_VERSION} code {chunker_digest()}; "
             "ids under the samples folder".encode())
    for n in sorted(names):
        h.update(n.encode())
        h.update(hashlib.sha256(sample_path(n).read_bytes()).digest())
    return cache_dir() / f"samples-{h.hexdigest()[:16]}.duckdb"


def build_samples_index(
    names: Sequence[str], progress: Callable[[int, int, str], None] | None = None
) -> tuple[Path, BuildReport | None]:
    """Build (or reuse) the samples index; returns its path and the report when it was built."""
    path = samples_index_path(names)
    if path.exists():
        try:
            get_index(path)  # opened and checked (store.check_consistency), then kept open
            return path, None
        except GeochunkError:  # a damaged cache file: built again below (it was reused forever)
            discard_index(path)
    paths = [str(sample_path(n)) for n in names]
    # identities are the samples' file names (under their folder), never a server path
    root = os.path.dirname(paths[0]) if paths else None
    report = build_index(paths, path, collection="samples", version="bundled", licence="CC0-1.0",
                         progress=progress, root=root)
    return path, report


def build_folder_index(
    texts: Sequence[tuple[str, str]], *, collection: str, licence: str,
    progress: Callable[[int, int, str], None] | None = None,
) -> tuple[Path, BuildReport]:
    """Index documents already read (name, text) from a folder the operator allowed (into a
    cache file named by the collection, the documents and the chunker's code, so an edited
    chunker starts a fresh index rather than keeping rows the old one made)."""
    h = hashlib.sha256(f"{collection}; chunker {CHUNKER_VERSION} code {chunker_digest()}".encode())
    for name, _ in texts:
        h.update(name.encode())
    path = cache_dir() / f"folder-{h.hexdigest()[:16]}.duckdb"
    if path.exists():
        try:
            get_index(path)  # the app's own cache file: checked before a build adds to it
        except GeochunkError:  # damaged: built afresh (a build would refuse it, every time)
            discard_index(path)
    report = build_index([n for n, _ in texts], path, collection=collection, licence=licence,
                         texts=[t for _, t in texts], progress=progress)
    return path, report


@st.cache_resource(show_spinner=False, max_entries=4)
def _open(path: str, mtime_ns: int) -> Index:
    return open_index(path)


def get_index(path: str | os.PathLike[str]) -> Index:
    """The open index at ``path`` (reopened when the file changes); a missing file is a
    :class:`~geochunk.retrieve.store.StoreError` like any other index that cannot be opened."""
    p = Path(path)
    try:
        mtime = p.stat().st_mtime_ns
    except OSError:
        return open_index(p)  # raises: no index there
    return _open(str(p), mtime)


def discard_index(path: str | os.PathLike[str]) -> None:
    """Delete an index file the app built for itself (and its WAL), closing any cached copy."""
    _open.clear()
    for p in (Path(path), Path(f"{path}.wal")):
        try:
            p.unlink()
        except FileNotFoundError:
            pass


def current_index(path: str | os.PathLike[str], samples: Sequence[str] = (),
                  progress: Callable[[int, int, str], None] | None = None) -> tuple[Index, Path]:
    """The index the page asks with: the one at ``path``, or, when that is the app's own cache
    of ``samples`` and cannot be opened (damaged, emptied, truncated), that index built again.
    Any other index that cannot be opened raises its one-line error."""
    try:
        return get_index(path), Path(path)
    except GeochunkError:
        if not samples or Path(path) != samples_index_path(samples):
            raise
    discard_index(path)
    rebuilt, _ = build_samples_index(samples, progress)
    return get_index(rebuilt), rebuilt


def run_query(ix: Index, question: str, region: Region, **options: Any) -> QueryResult:
    """:func:`geochunk.retrieve.query_index` under the shared connection's lock."""
    with _LOCK:
        return query_index(ix, question, region, **options)


def index_status(ix: Index) -> Any:
    """The open index's :class:`~geochunk.retrieve.status.IndexStatus` (what ``geochunk status``
    prints), read on its own cursor under the shared connection's lock."""
    from geochunk.retrieve.status import status_of

    with _LOCK, ix.cursor() as con:
        return status_of(con, ix.path)


def status_section(ix: Index) -> None:
    """The Retrieve page's "Index status" section: what ``geochunk status`` prints — index age,
    catalog refresh ages, corpus versions, the oversize/fallback shares, the last builds'
    rejection rates and the recall history — as text (nothing rendered as Markdown), the index
    named by its file name (its path is the server's cache directory)."""
    try:
        status = index_status(ix)
    except GeochunkError as exc:
        st.warning(f"index status unavailable: {escape_markdown(error_line(exc, paths=[ix.path]))}")
        return
    # the index by its file name: its path is the server's cache directory (home, user name)
    status = dataclasses.replace(status, path=Path(status.path).name)
    rate = status.rejection_rate
    with st.expander(f"Index status: built {_ago(status.index_age_s)} ago, "
                     f"{status.rows} rows, refused "
                     f"{'-' if rate is None else f'{rate:.0%}'} of the last builds' documents"):
        st.text("\n".join(status.lines()))


def _ago(seconds: float | None) -> str:
    from geochunk.retrieve.status import _age

    return "?" if seconds is None else _age(seconds)


def index_bounds(ix: Index) -> tuple[float, float, float, float] | None:
    """The WGS 84 box of every collection in the index (for the initial map view), by the one
    bbox union (:func:`geochunk.crs.extent.union_bbox`, antimeridian-aware)."""
    return union_bbox([c.extent for c in ix.catalog], lon=True)



def box_region(text: str) -> Region:
    """The region of a ``"w,s,e,n"`` box typed on the page (WGS 84); ``ConfigError`` with a
    clear message when it is not four numbers."""
    return Region.from_bbox(*parse_floats(text, 4, "bbox"))


def near_region(text: str, radius_m: float) -> Region:
    """The region within ``radius_m`` metres of a ``"lon,lat"`` point typed on the page."""
    lon, lat = parse_floats(text, 2, "point")
    return Region.near(lon, lat, radius_m)


def drawn_region(drawn: tuple[dict[str, Any], float | None]) -> Region:
    """The region of a shape drawn on the map (``(geometry, radius_m)``: a circle has a radius)."""
    geom, radius = drawn
    return Region.from_geojson(geom, radius_m=radius)


def answer_map(ix: Index, result: QueryResult | None, *, key: str, region: Region | None = None,
               height: int = 480) -> tuple[dict[str, Any], float | None] | None:
    """The Retrieve map: framed on the searched region (before and after the query; the
    index's extent when there is none yet), the draw tools, the region and each result's
    features as a swappable layer; returns the last shape drawn on it as
    ``(geometry, radius_m)``, or None."""
    value = st_folium(retrieve_map(result, index_bounds(ix), region=region), key=key,
                      height=height, use_container_width=True,
                      feature_group_to_add=result_layer(result, region),
                      returned_objects=["last_active_drawing"])
    return drawn_geometry(value)
