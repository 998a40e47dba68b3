"""LangChain adapter: :class:`GeochunkTextSplitter`, a ``langchain_text_splitters.TextSplitter``.

``pip install geochunk[langchain]``. ``split_text`` returns the chunk texts; ``create_documents``
and ``split_documents`` return one ``Document`` per chunk with the input document's metadata plus
:func:`geochunk.integrations.chunk_metadata` (plain JSON values; chunk keys win on a clash).
``page_content`` is exactly ``chunk.text`` (whitespace kept, so offsets stay exact) and
``start_index`` is ``chunk.start`` when ``add_start_index=True``.

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
    from langchain_core.documents import Document
    from langchain_text_splitters import TextSplitter
except ImportError as exc:  # pragma: no cover - the optional extra is not installed
    raise ImportError(
        "geochunk.integrations.langchain needs langchain-text-splitters: "
        "pip install 'geochunk[langchain]'"
    ) from exc

from ..api import make_config
from ..integrations import chunk_metadata
from ..model import Chunk
from ..tokens import get_counter

__all__ = ["GeochunkTextSplitter"]


class GeochunkTextSplitter(TextSplitter):
    """Geometry-aware splitting for LangChain: no chunk boundary inside a geometry.

    ``budget`` is the token ceiling (the ``chunk_size`` LangChain sees); ``options`` are
    :func:`geochunk.chunk`'s (``encoding``, ``strategy``, ``oversize``, ``overlap`` in whole
    sentences/features, ...). The tokenizer is loaded once, here.
    """

    def __init__(self, budget: int = 512, *, add_start_index: bool = False, **options: Any) -> None:
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

    def split_chunks(self, text: str, doc_id: str | None = None) -> list[Chunk]:
        """The full :class:`~geochunk.model.Chunk` objects for ``text``."""
        from ..pipeline import chunk_text

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
            source = meta.get("source")
            for c in self.split_chunks(text, doc_id=str(source) if source is not None else None):
                metadata = {**copy.deepcopy(meta), **chunk_metadata(c)}
                if self._add_start_index:
                    metadata["start_index"] = c.start
                documents.append(Document(page_content=c.text, metadata=metadata))
        return documents

    def split_documents(self, documents: Iterable[Document]) -> list[Document]:
        docs = list(documents)
        return self.create_documents([d.page_content for d in docs], [d.metadata for d in docs])
