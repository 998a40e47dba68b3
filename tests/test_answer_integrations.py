"""The answer context through the real LangChain and LlamaIndex retriever interfaces
(``BaseRetriever.invoke`` / ``.retrieve``), on a small real index of bundled samples."""

from __future__ import annotations

import pytest

from geochunk.retrieve import Region, build_index, open_index
from geochunk.samples import load_sample
from geochunk.tokens.counting import get_counter
from framework_imports import bind


@pytest.fixture(scope="module", autouse=True)
def _frameworks():
    bind(globals(), ("langchain_core", "llama_index.core"),
         Document="langchain_core.documents:Document",
         LangChainRetriever="langchain_core.retrievers:BaseRetriever",
         LlamaRetriever="llama_index.core.retrievers:BaseRetriever",
         MetadataMode="llama_index.core.schema:MetadataMode",
         NodeWithScore="llama_index.core.schema:NodeWithScore",
         LCRetriever="geochunk.integrations.langchain:GeochunkRetriever",
         LIRetriever="geochunk.integrations.llamaindex:GeochunkRetriever")

EDINBURGH = Region.near(-3.19, 55.95, 3000)
BRIDGWATER = Region.from_bbox(-3.1, 51.05, -2.85, 51.2)


@pytest.fixture(scope="module")
def ix(tmp_path_factory):
    d = tmp_path_factory.mktemp("answer_integrations")
    paths = []
    for name, suffix in (("parcels", "geojson"), ("mixed_report", "md")):
        p = d / f"{name}.{suffix}"
        p.write_text(load_sample(name), encoding="utf-8")
        paths.append(str(p))
    db = d / "ix.duckdb"
    build_index(paths, db, collection="samples", version="1", licence="CC-BY-4.0", embedder="hashing", root=str(d))
    index = open_index(db)
    yield index
    index.close()


def test_langchain_retriever_invoke(ix) -> None:
    r = LCRetriever(index=ix, region=EDINBURGH, k=5, budget=3000)
    assert isinstance(r, LangChainRetriever)
    docs = r.invoke("allotment raised beds")
    assert docs and all(isinstance(d, Document) for d in docs)
    ctx = r.context("allotment raised beds")
    assert [d.page_content for d in docs] == [p.text for p in ctx.passages]
    for d in docs:
        m = d.metadata
        assert m["collection"] == "samples" and m["version"] == "1" and m["doc_id"] == "parcels.geojson"
        assert m["citation"].startswith("samples@1 · parcels.geojson · chars ")
        assert load_sample("parcels")[m["start"]:m["end"]] == d.page_content
        assert m["claim"] == "measurement" and isinstance(m["distance_m"], float)
        assert d.id == m["chunk_id"]
    assert sum(get_counter("cl100k_base").count(d.page_content) for d in docs) <= 3000


def test_langchain_retriever_flagged_frame_has_no_distance(ix) -> None:
    docs = LCRetriever(index=ix, region=BRIDGWATER, k=10).invoke("Westonzoyland washland spillway")
    flagged = [d for d in docs if d.metadata["chunk_id"] == "mixed_report.md#8"]
    assert flagged and flagged[0].metadata["claim"] == "descriptive"
    assert flagged[0].metadata["distance_m"] is None
    assert flagged[0].metadata["distance"].startswith("distance not established")


def test_llamaindex_retriever_retrieve(ix) -> None:
    r = LIRetriever(ix, EDINBURGH, k=5, budget=3000)
    assert isinstance(r, LlamaRetriever)
    nodes = r.retrieve("allotment raised beds")
    assert nodes and all(isinstance(n, NodeWithScore) for n in nodes)
    scores = [n.score for n in nodes]
    assert scores == sorted(scores, reverse=True)
    for n in nodes:
        meta = n.node.metadata
        assert n.node.node_id == meta["chunk_id"] and meta["claim"] == "measurement"
        assert (n.node.start_char_idx, n.node.end_char_idx) == (meta["start"], meta["end"])
        assert n.node.get_content(metadata_mode=MetadataMode.LLM) == n.node.text  # metadata kept out
    assert [n.node.text for n in nodes] == [p.text for p in r.context("allotment raised beds").passages]
