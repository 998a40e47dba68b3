"""Framework adapters (optional extras): LangChain and LlamaIndex.

* ``geochunk.integrations.langchain.GeochunkTextSplitter`` — a ``langchain_text_splitters``
  ``TextSplitter`` (``pip install geochunk[langchain]``);
* ``geochunk.integrations.llamaindex.GeochunkNodeParser`` — a LlamaIndex ``NodeParser``
  (``pip install geochunk[llamaindex]``).

Both put :func:`chunk_metadata` in each piece's metadata: plain JSON values only (str, int,
float, bool, None and lists of those). Stores that take only flat scalars (LlamaIndex's
``flat_metadata`` stores such as Chroma and Pinecone) get ``flat_metadata=True``: lists of names
joined with ``","`` (the heading path with ``" > "``) and each bbox as four numbers (``bbox_minx`` ... ``bbox_wgs84_north``), so a
range filter can select by extent.

>>> from geochunk.integrations import chunk_metadata
>>> import geochunk
>>> meta = chunk_metadata(geochunk.chunk("Well at POINT (1 2).", budget=32)[0])
>>> meta["feature_ids"], meta["geom_types"], meta["bbox"], meta["start"], meta["end"]
(['point:...'], ['POINT'], [1.0, 2.0, 1.0, 2.0], 0, 20)
>>> flat = chunk_metadata(geochunk.chunk("Well at POINT (1 2).", budget=32)[0], flat=True)
>>> flat["geom_types"], flat["bbox_minx"], flat["bbox_maxy"], "bbox" in flat
('POINT', 1.0, 2.0, False)
"""

from __future__ import annotations

from typing import Any

from geochunk.export import PROVENANCE_FIELDS, plain_fields
from geochunk.model import Chunk

__all__ = ["FLAT_METADATA_KEYS", "METADATA_KEYS", "chunk_metadata"]

#: Every key :func:`chunk_metadata` writes (adapters hide them from the embedded text).
METADATA_KEYS: tuple[str, ...] = (
    "doc_id", "chunk_index", "start", "end", "core_start", "token_count", "tokenizer", "unit",
    "strategy", "text_kind", "oversized", "needs_fallback", "flags", "feature_ids", "geom_types",
    "bbox", "bbox_wgs84", "epsg", "crs_confidence", "crs_source", "crs_flagged", "chunker_version",
    "period_start", "period_end", "period_source", "doc_sha256", "collection", "version",
    "headings", "fence", "normalization", "source_pages", "section_path",
)

_BBOX_SUFFIXES = {
    "bbox": ("minx", "miny", "maxx", "maxy"),
    "bbox_wgs84": ("west", "south", "east", "north"),
}
_LIST_KEYS = ("flags", "feature_ids", "geom_types")
#: flat metadata joins the heading path with this (headings may hold commas)
HEADING_SEPARATOR = " > "

#: Every key of ``chunk_metadata(c, flat=True)``: scalars only (str, int, float, bool, None).
FLAT_METADATA_KEYS: tuple[str, ...] = tuple(
    name
    for key in METADATA_KEYS
    for name in ([f"{key}_{s}" for s in _BBOX_SUFFIXES[key]] if key in _BBOX_SUFFIXES else [key])
)


def _flatten(meta: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in meta.items():
        if key in _BBOX_SUFFIXES:
            for suffix, v in zip(_BBOX_SUFFIXES[key], value or (None,) * 4):
                out[f"{key}_{suffix}"] = v
        elif key in _LIST_KEYS:
            out[key] = ",".join(value)
        elif key in ("headings", "section_path"):
            out[key] = HEADING_SEPARATOR.join(value)
        elif key == "source_pages":
            out[key] = ",".join(str(p) for p in value)
        else:
            out[key] = value
    return out


def chunk_metadata(c: Chunk, *, flat: bool = False) -> dict[str, Any]:
    """A chunk's metadata as flat, plain JSON values (the chunk text itself is not included).

    ``start``/``end`` are ``str`` offsets into the source document (``end`` exclusive);
    ``text_kind`` other than ``"source"`` means the text is generalized, one part of a
    multipart geometry, or a rewrapped FeatureCollection. ``flat=True``: scalars only, for
    stores that refuse lists (see the module docstring and :data:`FLAT_METADATA_KEYS`).
    """
    crs = c.crs
    meta: dict[str, Any] = {
        "doc_id": c.doc_id,
        "chunk_index": c.index,
        **plain_fields(c),
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
        **plain_fields(c, PROVENANCE_FIELDS),
        "headings": list(c.headings),
        "fence": c.fence,
        "normalization": c.normalization,
        "source_pages": list(c.source_pages),
        "section_path": list(c.section_path),
    }
    assert tuple(meta) == METADATA_KEYS
    return _flatten(meta) if flat else meta
