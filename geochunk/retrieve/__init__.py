"""Retrieval by place and meaning over geochunk chunks: one DuckDB file per index.

Build with :func:`build_index` (or ``geochunk index``), ask with :func:`open_index` +
:func:`query_index` (or ``geochunk query``). The stages are described in :mod:`.query`; the
build and its recall gate in :mod:`.build` and :mod:`.recall`.

Modules: ``store`` (the DuckDB file, spatial loaded offline), ``embed`` (static / MiniLM /
hashing embedders), ``rows`` (document -> checked rows), ``parallel`` (Dask or in-process),
``lexical`` (bm25s), ``search`` (the R-tree SQL path), ``recall`` (the gate), ``catalog``
(collections and the shortlist), ``region`` (regions and metres), ``fuse`` (RRF and decay),
``build``, ``query`` and ``cli``.
"""

from __future__ import annotations

from .build import BuildReport, build_index
from .catalog import CatalogEntry, Shortlisted
from .embed import EMBEDDERS, get_embedder
from .query import Index, QueryResult, ResultRow, Staleness, open_index, query_index, resolve_feature
from .region import Region
from .rows import IndexBuildError

__all__ = [
    "BuildReport",
    "CatalogEntry",
    "EMBEDDERS",
    "Index",
    "IndexBuildError",
    "QueryResult",
    "Region",
    "ResultRow",
    "Shortlisted",
    "Staleness",
    "build_index",
    "get_embedder",
    "open_index",
    "query_index",
    "resolve_feature",
]
