"""LlamaIndex adapter: :class:`GeochunkNodeParser`, a ``llama_index.core`` ``NodeParser``.

``pip install geochunk[llamaindex]``. Each chunk becomes a ``TextNode`` whose text is
``chunk.text``, with ``start_char_idx``/``end_char_idx`` = ``chunk.start``/``chunk.end`` (exact
``str`` offsets into the source document, also when the same text occurs twice), the source
document's metadata plus :func:`geochunk.integrations.chunk_metadata`, and the usual SOURCE /
PREVIOUS / NEXT relationships. The geochunk keys are excluded from the embedded and LLM text, so
what is embedded is the chunk text that fits the budget. :class:`GeochunkRetriever` is a
``BaseRetriever`` over a geochunk index: the passages of the answer context with their citations
and caveats as metadata.

>>> from llama_index.core import Document
>>> from geochunk.integrations.llamaindex import GeochunkNodeParser
>>> nodes = GeochunkNodeParser(budget=16).get_nodes_from_documents(
...     [Document(text="Well W-7 at POINT (1 2).\\n\\nDry in May, dry in June.")])
>>> [(n.start_char_idx, n.end_char_idx, n.metadata["geom_types"]) for n in nodes]
[(0, 26, ['POINT']), (26, 50, [])]
"""

from __future__ import annotations

from typing import Any, Dict, List, Sequence

try:
    from llama_index.core.node_parser import NodeParser
    from llama_index.core.node_parser.node_utils import default_id_func
    from llama_index.core.retrievers import BaseRetriever
    from llama_index.core.schema import (BaseNode, Document, MetadataMode, NodeRelationship, NodeWithScore,
                                         QueryBundle, TextNode)
    from llama_index.core.bridge.pydantic import Field, PrivateAttr
except ImportError as exc:  # pragma: no cover - the optional extra is not installed
    raise ImportError(
        "geochunk.integrations.llamaindex needs llama-index-core: pip install 'geochunk[llamaindex]'"
    ) from exc

from geochunk.api import make_config
from geochunk.integrations import FLAT_METADATA_KEYS, METADATA_KEYS, chunk_metadata
from geochunk.tokens.counting import get_counter

__all__ = ["GeochunkNodeParser", "GeochunkRetriever"]


class GeochunkNodeParser(NodeParser):
    """Geometry-aware node parsing for LlamaIndex: no node boundary inside a geometry.

    ``budget`` is the token ceiling of each node's text; ``options`` are :func:`geochunk.chunk`'s
    (``encoding`` may be a tokenizer.json path or any ``Callable[[str], int]``).
    ``flat_metadata=True`` writes scalars only, as LlamaIndex's flat-metadata vector stores
    (Chroma, Pinecone, ...) require.
    """

    budget: int = Field(default=512, description="token ceiling per node (>= 16)")
    options: Dict[str, Any] = Field(default_factory=dict, description="geochunk.chunk options")
    flat_metadata: bool = Field(
        default=False, description="scalar metadata only (lists joined, bbox as four numbers)"
    )
    _config: Any = PrivateAttr()

    def __init__(self, budget: int = 512, **kwargs: Any) -> None:
        base = {k: kwargs.pop(k) for k in list(kwargs) if k in NodeParser.model_fields or k == "flat_metadata"}
        options = {**(kwargs.pop("options", None) or {}), **kwargs}  # options={...} and/or keywords
        super().__init__(budget=budget, options=dict(options), **base)
        config = make_config(budget, **options)
        self._config = config.with_(encoding=get_counter(config.encoding))

    @classmethod
    def class_name(cls) -> str:
        return "GeochunkNodeParser"

    def _parse_nodes(
        self, nodes: Sequence[BaseNode], show_progress: bool = False, **kwargs: Any
    ) -> List[BaseNode]:
        from geochunk.pipeline import chunk_text

        out: List[BaseNode] = []
        id_func = self.id_func or default_id_func
        keys = FLAT_METADATA_KEYS if self.flat_metadata else METADATA_KEYS
        for node in nodes:
            text = node.get_content(metadata_mode=MetadataMode.NONE)
            doc_id = node.metadata.get("file_path") or node.ref_doc_id or node.node_id
            source = {NodeRelationship.SOURCE: node.as_related_node_info()}
            for i, c in enumerate(chunk_text(text, self._config.with_(doc_id=str(doc_id))).chunks):
                meta = chunk_metadata(c, flat=self.flat_metadata)
                base_meta = dict(node.metadata) if self.include_metadata else {}
                out.append(
                    TextNode(
                        id_=id_func(i, node),
                        text=c.text,
                        start_char_idx=c.start,
                        end_char_idx=c.end,
                        metadata={**base_meta, **meta},
                        excluded_embed_metadata_keys=[*node.excluded_embed_metadata_keys, *keys],
                        excluded_llm_metadata_keys=[*node.excluded_llm_metadata_keys, *keys],
                        metadata_seperator=node.metadata_separator,
                        metadata_template=node.metadata_template,
                        text_template=node.text_template,
                        relationships=dict(source),
                    )
                )
        return out

    def _postprocess_parsed_nodes(
        self, nodes: List[BaseNode], parent_doc_map: Dict[str, Document]
    ) -> List[BaseNode]:
        # the base class re-derives offsets with str.find (wrong for repeated text, overlap and
        # generalized text): keep the exact ones
        exact = {n.node_id: (n.start_char_idx, n.end_char_idx) for n in nodes if isinstance(n, TextNode)}
        nodes = super()._postprocess_parsed_nodes(nodes, parent_doc_map)
        for n in nodes:
            if n.node_id in exact:
                n.start_char_idx, n.end_char_idx = exact[n.node_id]
        return nodes


class GeochunkRetriever(BaseRetriever):
    """A LlamaIndex retriever over a geochunk index: one ``NodeWithScore`` per passage of the
    answer context (:func:`geochunk.retrieve.answer_context`), best first, scored by the query's
    final score.

    Each node is a ``TextNode`` with the passage text, ``id_`` the chunk id, the citation's
    offsets as ``start_char_idx``/``end_char_idx`` and :meth:`Passage.metadata` as metadata
    (citation, ``claim``, ``distance_m`` — None unless the frame measures — ``caveats`` ...),
    kept out of the embedded and LLM text. ``index`` is an open index (the caller closes it);
    ``region``, ``k``, ``budget``, ``encoding`` and ``query_options`` are as for
    :func:`geochunk.retrieve.query_index` and :func:`~geochunk.retrieve.answer_context`.
    """

    def __init__(self, index: Any, region: Any = None, *, k: int = 10, budget: int = 2048,
                 encoding: str = "cl100k_base", query_options: Dict[str, Any] | None = None,
                 **kwargs: Any) -> None:
        self.index, self.region, self.k, self.budget, self.encoding = index, region, k, budget, encoding
        self.query_options = dict(query_options or {})
        super().__init__(**kwargs)

    def context(self, query: str) -> Any:
        """The answer context for ``query``."""
        from geochunk.retrieve.answer import answer_context
        from geochunk.retrieve.query import query_index

        res = query_index(self.index, query, self.region, k=self.k, **self.query_options)
        return answer_context(res, budget=self.budget, encoding=self.encoding)

    def _retrieve(self, query_bundle: QueryBundle) -> List[NodeWithScore]:
        out = []
        for p in self.context(query_bundle.query_str).passages:
            meta = p.metadata()
            node = TextNode(id_=p.citation.chunk_id, text=p.text, metadata=meta,
                            start_char_idx=p.citation.start, end_char_idx=p.citation.end,
                            excluded_embed_metadata_keys=list(meta), excluded_llm_metadata_keys=list(meta))
            out.append(NodeWithScore(node=node, score=p.score))
        return out
