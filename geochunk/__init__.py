"""geochunk: a geometry-aware document chunker for retrieval over spatial corpora.

No chunk boundary ever falls inside a geometry; every chunk fits the token budget or is a single
oversized unit, flagged; ``chunk.text == source[chunk.start:chunk.end]`` for source chunks.

>>> from geochunk import ChunkConfig, chunk_text
>>> cs = chunk_text("The gauge at POINT (-2.9 51.2) flooded.", ChunkConfig(budget=32))
>>> [(c.text, c.features[0].geom_type) for c in cs.chunks]
[('The gauge at POINT (-2.9 51.2) flooded.', 'POINT')]
"""

from .errors import ConfigError, GeochunkError, InputError, TokenizerError, ValidationError
from .model import CHUNKER_VERSION, Chunk, ChunkConfig, ChunkFeature, Detection, Flag, Frame, Span

_PIPELINE = {"Analysis", "ChunkSet", "analyse", "assemble", "chunk_file", "chunk_text"}


def __getattr__(name: str):  # PEP 562: the pipeline (shapely, pyproj, tiktoken) loads on first use
    if name in _PIPELINE:
        from . import pipeline

        return getattr(pipeline, name)
    raise AttributeError(f"module 'geochunk' has no attribute {name!r}")

__version__ = "0.1.0"
__all__ = [
    "CHUNKER_VERSION",
    "Analysis",
    "Chunk",
    "ChunkConfig",
    "ChunkFeature",
    "ChunkSet",
    "ConfigError",
    "Detection",
    "Flag",
    "Frame",
    "GeochunkError",
    "InputError",
    "Span",
    "TokenizerError",
    "ValidationError",
    "__version__",
    "analyse",
    "assemble",
    "chunk_file",
    "chunk_text",
]
