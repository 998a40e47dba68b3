"""Framework adapters (optional extras): LangChain and LlamaIndex.

* ``geochunk.integrations.langchain.GeochunkTextSplitter`` — a ``langchain_text_splitters``
  ``TextSplitter`` (``pip install geochunk[langchain]``);
* ``geochunk.integrations.llamaindex.GeochunkNodeParser`` — a LlamaIndex ``NodeParser``
  (``pip install geochunk[llamaindex]``).

Both put :func:`chunk_metadata` in each piece's metadata: plain JSON values only (str, int,
float, bool, None and lists of those), so any vector store can keep and filter on them.

>>> from geochunk.integrations import chunk_metadata
>>> import geochunk
>>> meta = chunk_metadata(geochunk.chunk("Well at POINT (1 2).", budget=32)[0])
>>> meta["feature_ids"], meta["geom_types"], meta["bbox"], meta["start"], meta["end"]
(['point:...'], ['POINT'], [1.0, 2.0, 1.0, 2.0], 0, 20)
"""

from __future__ import annotations

from typing import Any

from ..model import Chunk

__all__ = ["METADATA_KEYS", "chunk_metadata"]

#: Every key :func:`chunk_metadata` writes (adapters hide them from the embedded text).
METADATA_KEYS: tuple[str, ...] = (
    "doc_id", "chunk_index", "start", "end", "core_start", "token_count", "tokenizer", "unit",
    "strategy", "text_kind", "oversized", "needs_fallback", "flags", "feature_ids", "geom_types",
    "bbox", "bbox_wgs84", "epsg", "crs_confidence", "crs_source", "crs_flagged", "chunker_version",
    "period_start", "period_end", "period_source", "doc_sha256", "collection", "version",
)


def chunk_metadata(c: Chunk) -> dict[str, Any]:
    """A chunk's metadata as flat, plain JSON values (the chunk text itself is not included).

    ``start``/``end`` are ``str`` offsets into the source document (``end`` exclusive);
    ``text_kind`` other than ``"source"`` means the text is generalized, one part of a
    multipart geometry, or a rewrapped FeatureCollection.
    """
    crs = c.crs
    meta: dict[str, Any] = {
        "doc_id": c.doc_id,
        "chunk_index": c.index,
        "start": c.start,
        "end": c.end,
        "core_start": c.core_start,
        "token_count": c.token_count,
        "tokenizer": c.tokenizer,
        "unit": c.unit,
        "strategy": c.strategy,
        "text_kind": c.text_kind,
        "oversized": c.oversized,
        "needs_fallback": c.needs_fallback,
        "flags": list(c.flags),
        "feature_ids": [f.id for f in c.features],
        "geom_types": [f.geom_type or "" for f in c.features],
        "bbox": [float(v) for v in c.bbox] if c.bbox else None,
        "bbox_wgs84": [float(v) for v in c.bbox_wgs84] if c.bbox_wgs84 else None,
        "epsg": crs.epsg if crs is not None else None,
        "crs_confidence": float(crs.confidence) if crs is not None else None,
        "crs_source": crs.source if crs is not None else None,
        "crs_flagged": bool(crs.flagged) if crs is not None else None,
        "chunker_version": c.chunker_version,
        "period_start": c.period.start if c.period is not None else None,
        "period_end": c.period.end if c.period is not None else None,
        "period_source": c.period.source if c.period is not None else None,
        "doc_sha256": c.doc_sha256,
        "collection": c.collection,
        "version": c.version,
    }
    assert tuple(meta) == METADATA_KEYS
    return meta
