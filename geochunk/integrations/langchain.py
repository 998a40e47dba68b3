"""LangChain adapter: :class:`GeochunkTextSplitter`, a ``langchain_text_splitters.TextSplitter``.

``pip install geochunk[langchain]``. ``split_text`` returns the chunk texts; ``create_documents``
and ``split_documents`` return one ``Document`` per chunk with the input document's metadata plus
:func:`geochunk.integrations.chunk_metadata` (plain JSON values; chunk keys win on a clash).
``page_content`` is exactly ``chunk.text`` (whitespace kept, so offsets stay exact) and
``start_index`` is ``chunk.start`` when ``add_start_index=True``. :class:`GeochunkRetriever` is a
``BaseRetriever`` over a geochunk index: the passages of the answer context with their citations
and caveats as metadata.

>>> from geochunk.integrations.langchain import GeochunkTextSplitter
>>> splitter = GeochunkTextSplitter(budget=32)
>>> doc = splitter.create_documents(["Well W-7 at POINT (1 2).\\n\\nDry in May."], [{"source": "w.md"}])[0]
>>> doc.page_content, doc.metadata["source"], doc.metadata["geom_types"], doc.metadata["token_count"]
('Well W-7 at POINT (1 2).\\n\\nDry in May.', 'w.md', ['POINT'], 15)
"""

from __future__ import annotations

import copy
from typing import Any, Iterable

try:
    from langchain_core.callbacks import CallbackManagerForRetrieverRun
    from langchain_core.documents import Document
    from langchain_core.retrievers import BaseRetriever
    from langchain_text_splitters import TextSplitter
    from pydantic import ConfigDict
except ImportError as exc:  # pragma: no cover - the optional extra is not installed
    raise ImportError(
        "geochunk.integrations.langchain needs langchain-text-splitters: "
        "pip install 'geochunk[langchain]'"
    ) from exc

from geochunk.api import make_config
from geochunk.errors import ConfigError
from geochunk.integrations import chunk_metadata
from geochunk.model import Chunk
from geochunk.tokens.counting import _is_hf_tokenizer, callable_counter, get_counter

__all__ = ["GeochunkTextSplitter", "GeochunkRetriever"]


def _langchain_sizes(kwargs: dict[str, Any]) -> dict[str, Any]:
    """LangChain's ``chunk_size`` as ``budget``; ``chunk_overlap`` may only be 0 (geochunk's
    ``overlap`` counts whole sentences or features, not tokens)."""
    out = dict(kwargs)
    if "chunk_size" in out:
        out["budget"] = out.pop("chunk_size")
    if out.pop("chunk_overlap", 0) not in (0, None):
        raise ConfigError(
            "chunk_overlap in tokens is not supported: use overlap=N (whole sentences or features)"
        )
    return out


class GeochunkTextSplitter(TextSplitter):
    """Geometry-aware splitting for LangChain: no chunk boundary inside a geometry.

    ``budget`` is the token ceiling (the ``chunk_size`` LangChain sees); ``options`` are
    :func:`geochunk.chunk`'s (``encoding``, ``strategy``, ``oversize``, ``overlap`` in whole
    sentences/features, ...). The tokenizer is loaded once, here. ``flat_metadata=True`` writes
    scalars only (for stores that refuse lists; see :mod:`geochunk.integrations`).
    """

    def __init__(
        self, budget: int = 512, *, add_start_index: bool = False, flat_metadata: bool = False,
        **options: Any,
    ) -> None:
        if not isinstance(flat_metadata, bool):
            raise ConfigError(f"flat_metadata must be True or False, got {flat_metadata!r}")
        self._flat = flat_metadata
        config = make_config(budget, **options)
        counter = get_counter(config.encoding)
        self._config = config.with_(encoding=counter)
        super().__init__(
            chunk_size=budget,
            chunk_overlap=0,
            length_function=counter.count,
            add_start_index=add_start_index,
            strip_whitespace=False,
        )

    @classmethod
    def from_tiktoken_encoder(  # type: ignore[override]
        cls,
        encoding_name: str = "cl100k_base",
        model_name: str | None = None,
        allowed_special: Any = None,
        disallowed_special: Any = "all",
        **kwargs: Any,
    ) -> "GeochunkTextSplitter":
        """LangChain's constructor, offline: ``chunk_size`` is the budget, ``encoding_name`` (or
        the encoding of ``model_name``) must be ``cl100k_base`` or ``o200k_base``; special-token
        text is always counted as ordinary text (``allowed_special``/``disallowed_special`` are
        accepted and ignored). Any other keyword is a :func:`geochunk.chunk` option.

        >>> GeochunkTextSplitter.from_tiktoken_encoder(model_name="gpt-4o", chunk_size=64)._config.encoding.name
        'o200k_base'
        """
        if model_name is not None:
            import tiktoken.model

            try:
                encoding_name = tiktoken.model.encoding_name_for_model(model_name)
            except KeyError:
                raise ConfigError(f"tiktoken knows no encoding for model {model_name!r}") from None
        return cls(**_langchain_sizes(kwargs), encoding=encoding_name)

    @classmethod
    def from_huggingface_tokenizer(cls, tokenizer: Any, **kwargs: Any) -> "GeochunkTextSplitter":  # type: ignore[override]
        """LangChain's constructor: ``chunk_size`` is the budget in ``tokenizer``'s tokens (a
        ``tokenizers.Tokenizer``, or a ``transformers`` tokenizer counted as
        ``len(tokenizer.tokenize(text))`` like LangChain does)."""
        if not (_is_hf_tokenizer(tokenizer)) and callable(getattr(tokenizer, "tokenize", None)):
            tok = tokenizer
            label = getattr(tok, "name_or_path", None) or type(tok).__name__
            tokenizer = callable_counter(lambda s: len(tok.tokenize(s)), name=f"transformers:{label}")
        return cls(**_langchain_sizes(kwargs), encoding=tokenizer)

    def split_chunks(self, text: str, doc_id: str | None = None) -> list[Chunk]:
        """The full :class:`~geochunk.model.Chunk` objects for ``text``."""
        from geochunk.pipeline import chunk_text

        config = self._config if doc_id is None else self._config.with_(doc_id=doc_id)
        return list(chunk_text(text, config).chunks)

    def split_text(self, text: str) -> list[str]:
        return [c.text for c in self.split_chunks(text)]

    def create_documents(
        self, texts: list[str], metadatas: list[dict[Any, Any]] | None = None
    ) -> list[Document]:
        metadatas_ = metadatas or [{}] * len(texts)
        if len(metadatas_) != len(texts):
            raise ValueError(f"got {len(texts)} texts but {len(metadatas_)} metadata dicts")
        documents = []
        for text, meta in zip(texts, metadatas_):
            meta = meta or {}  # a None entry is no metadata
            source = meta.get("source")
            for c in self.split_chunks(text, doc_id=str(source) if source is not None else None):
                metadata = {**copy.deepcopy(meta), **chunk_metadata(c, flat=self._flat)}
                if self._add_start_index:
                    metadata["start_index"] = c.start
                documents.append(Document(page_content=c.text, metadata=metadata))
        return documents

    def split_documents(self, documents: Iterable[Document]) -> list[Document]:
        docs = list(documents)
        return self.create_documents([d.page_content for d in docs], [d.metadata for d in docs])


class GeochunkRetriever(BaseRetriever):
    """A LangChain retriever over a geochunk index: one ``Document`` per passage of the answer
    context (:func:`geochunk.retrieve.answer_context`), best first.

    ``page_content`` is the passage text; ``metadata`` is :meth:`Passage.metadata` (citation,
    ``claim`` and ``claim_reason``, ``distance_m`` — None unless the frame measures — and the
    ``distance`` in words, ``caveats``, ``also_in``). ``index`` is an open index
    (:func:`geochunk.retrieve.open_index`; the caller closes it), ``region`` a
    :class:`geochunk.retrieve.Region` or None (everywhere), ``budget`` the token budget of the
    passages together, ``query_options`` any further :func:`~geochunk.retrieve.query_index`
    keyword (``period``, ``collections``, ``claims`` ...). :meth:`context` returns the whole
    :class:`~geochunk.retrieve.AnswerContext` (its ``.text()`` is the prompt-ready block).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    index: Any
    region: Any = None
    k: int = 10
    budget: int = 2048
    encoding: str = "cl100k_base"
    query_options: dict = {}

    def context(self, query: str) -> Any:
        """The answer context for ``query``."""
        from geochunk.retrieve.answer import answer_context
        from geochunk.retrieve.query import query_index

        res = query_index(self.index, query, self.region, k=self.k, **self.query_options)
        return answer_context(res, budget=self.budget, encoding=self.encoding)

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        return [Document(page_content=p.text, metadata=p.metadata(), id=p.citation.chunk_id)
                for p in self.context(query).passages]
