"""geochunk: a geometry-aware document chunker for retrieval over spatial corpora.

No chunk boundary ever falls inside a geometry; every chunk fits the token budget or is a single
oversized unit, flagged; ``chunk.text == source[chunk.start:chunk.end]`` for source chunks.

>>> import geochunk
>>> [(c.text, c.features[0].geom_type) for c in geochunk.chunk("The gauge at POINT (-2.9 51.2) flooded.")]
[('The gauge at POINT (-2.9 51.2) flooded.', 'POINT')]
>>> cs = geochunk.chunk_text("The gauge at POINT (-2.9 51.2) flooded.", geochunk.ChunkConfig(budget=32))
>>> cs.strategy, cs.chunks[0].token_count <= 32
('feature', True)

Everything is imported on first use (PEP 562), so ``import geochunk`` stays light; ``dir(geochunk)``
lists the public API. Adapters: ``geochunk.integrations.langchain.GeochunkTextSplitter`` and
``geochunk.integrations.llamaindex.GeochunkNodeParser`` (optional extras).
"""

from __future__ import annotations

import importlib
from typing import Any

from geochunk import _moved

_moved.install()

__version__ = "0.1.0"

# public name -> the module that defines it (imported when the name is first used)
_LAZY: dict[str, str] = {
    "chunk": "api",
    "chunk_file": "api",
    "OPTIONS": "api",
    "Analysis": "pipeline",
    "ChunkSet": "pipeline",
    "analyse": "pipeline",
    "assemble": "pipeline",
    "chunk_text": "pipeline",
    "read_document": "read.source",
    "TokenCounter": "tokens.counting",
    "get_counter": "tokens.counting",
    "CHUNKER_VERSION": "model",
    "Chunk": "model",
    "ChunkConfig": "model",
    "ChunkFeature": "model",
    "Detection": "model",
    "Flag": "model",
    "Frame": "model",
    "Span": "model",
    "ConfigError": "errors",
    "GeochunkError": "errors",
    "InputError": "errors",
    "TokenizerError": "errors",
    "ValidationError": "errors",
}

__all__ = sorted([*_LAZY, "__version__"], key=lambda n: (n.startswith("_"), n.lower()))


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'geochunk' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return list(__all__)
