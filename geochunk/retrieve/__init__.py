"""Retrieval by place and meaning over geochunk chunks: one DuckDB file per index.

Build with :func:`build_index` (or ``geochunk index``), ask with :func:`open_index` +
:func:`query_index` (or ``geochunk query``). The stages are described in :mod:`.query`; the
build and its recall gate in :mod:`.build` and :mod:`.recall`.

Modules: ``store`` (the DuckDB file, spatial loaded offline), ``embed`` (static / MiniLM /
hashing embedders), ``rows`` (document -> checked rows), ``parallel`` (Dask or in-process),
``lexical`` (bm25s), ``inmemory`` (the region filter queries run), ``search`` (the R-tree SQL
path and the vectors), ``recall`` (the gate), ``catalog``
(collections and the shortlist), ``region`` (regions and metres), ``fuse`` (RRF and decay),
``build``, ``query``, ``claims`` (what a frame lets an answer claim), ``answer`` (the cited,
caveated context for an LLM: :func:`answer_context`) and ``cli``.
"""

from __future__ import annotations

import importlib
from typing import Any

# public name -> defining module, imported on first use (PEP 562): `geochunk chunk` registers the
# index/query subcommands without loading DuckDB, bm25s or the embedders
_LAZY: dict[str, str] = {
    "AnswerContext": "answer",
    "Citation": "answer",
    "Passage": "answer",
    "answer_context": "answer",
    "ClaimPolicy": "claims",
    "BuildReport": "build",
    "build_index": "build",
    "CatalogEntry": "catalog",
    "Shortlisted": "catalog",
    "EMBEDDERS": "embed",
    "get_embedder": "embed",
    "Index": "query",
    "QueryResult": "query",
    "ResultRow": "query",
    "Staleness": "query",
    "open_index": "query",
    "query_index": "query",
    "resolve_feature": "query",
    "Region": "region",
    "IndexBuildError": "rows",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'geochunk.retrieve' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "AnswerContext",
    "BuildReport",
    "Citation",
    "ClaimPolicy",
    "Passage",
    "answer_context",
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


def __dir__() -> list[str]:
    return list(__all__)
