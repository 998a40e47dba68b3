"""geochunk: a geometry-aware document chunker for retrieval over spatial corpora."""

from .errors import ConfigError, GeochunkError, InputError, TokenizerError, ValidationError
from .model import CHUNKER_VERSION, Chunk, ChunkConfig, ChunkFeature, Detection, Frame, Span

__version__ = "0.1.0"
__all__ = [
    "CHUNKER_VERSION",
    "Chunk",
    "ChunkConfig",
    "ChunkFeature",
    "ConfigError",
    "Detection",
    "Frame",
    "GeochunkError",
    "InputError",
    "Span",
    "TokenizerError",
    "ValidationError",
    "__version__",
]
