"""The LangChain and LlamaIndex adapters, against the real packages (requirements-dev.txt)."""

from __future__ import annotations

import json

import pytest

import geochunk
from geochunk.integrations import METADATA_KEYS, chunk_metadata
from geochunk.samples import load_sample
from framework_imports import bind


@pytest.fixture(scope="module", autouse=True)
def _frameworks():
    bind(globals(), ("langchain_text_splitters", "llama_index.core"),
         LCDocument="langchain_core.documents:Document",
         TextSplitter="langchain_text_splitters:TextSplitter",
         LIDocument="llama_index.core:Document",
         NodeParser="llama_index.core.node_parser:NodeParser",
         MetadataMode="llama_index.core.schema:MetadataMode",
         NodeRelationship="llama_index.core.schema:NodeRelationship",
         GeochunkTextSplitter="geochunk.integrations.langchain:GeochunkTextSplitter",
         GeochunkNodeParser="geochunk.integrations.llamaindex:GeochunkNodeParser")


@pytest.mark.parametrize("module", ["langchain", "llamaindex"])
def test_the_adapters_docstring_examples_run(module):
    """The adapters' ``>>>`` examples (kept out of --doctest-modules collection, see the root
    conftest.py, so that collection does not import the frameworks on every worker)."""
    import doctest
    import importlib

    mod = importlib.import_module(f"geochunk.integrations.{module}")
    result = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0, result

# the same parcel twice: str.find would give the second copy the first one's offsets
REPEATED = "Parcel P-1\nPOLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))\nArea: 100\n\n" * 2 + "Both are pasture.\n"


def _plain_json(value) -> bool:
    if isinstance(value, list):
        return all(_plain_json(v) for v in value if not isinstance(v, list)) and all(
            not isinstance(v, (dict, list)) for v in value
        )
    return value is None or isinstance(value, (str, int, float, bool))


def test_metadata_is_flat_plain_json():
    for c in geochunk.chunk(load_sample("mixed_report"), budget=200):
        meta = chunk_metadata(c)
        assert tuple(meta) == METADATA_KEYS
        assert all(_plain_json(v) for v in meta.values()), meta
        assert json.loads(json.dumps(meta)) == meta


def test_langchain_splitter_is_a_text_splitter_and_splits_like_chunk():
    text = load_sample("mixed_report")
    splitter = GeochunkTextSplitter(budget=200, strategy="mixed")
    assert isinstance(splitter, TextSplitter)
    chunks = geochunk.chunk(text, budget=200, strategy="mixed")
    assert splitter.split_text(text) == [c.text for c in chunks]


def test_langchain_documents_carry_chunk_metadata_and_exact_offsets():
    splitter = GeochunkTextSplitter(budget=24, add_start_index=True)
    docs = splitter.split_documents([LCDocument(page_content=REPEATED, metadata={"source": "parcels.md", "page": 3})])
    assert all(isinstance(d, LCDocument) for d in docs) and len(docs) >= 2
    assert [d.metadata["start_index"] for d in docs] == [d.metadata["start"] for d in docs]
    for d in docs:
        m = d.metadata
        assert d.page_content == REPEATED[m["start"] : m["end"]]
        assert m["source"] == "parcels.md" and m["page"] == 3 and m["doc_id"] == "parcels.md"
        assert m["token_count"] <= 24 or m["oversized"]
        assert all(_plain_json(v) for v in m.values())
        json.dumps(m)
    # the second parcel keeps its own offsets (not the first copy's)
    starts = [d.metadata["start"] for d in docs if d.metadata["geom_types"] == ["POLYGON"]]
    assert len(starts) == 2 and starts[0] < starts[1]
    # create_documents: one metadata dict per text, copied (not shared) into each chunk
    made = splitter.create_documents(["Well at POINT (1 2).", REPEATED], [{"k": [1]}, {"k": [2]}])
    made[0].metadata["k"].append(99)
    assert made[1].metadata["k"] == [2] and made[-1].metadata["k"] == [2]
    with pytest.raises(ValueError, match="2 texts but 1 metadata"):
        splitter.create_documents(["a", "b"], [{}])


def test_langchain_splitter_rejects_wrong_options_clearly():
    with pytest.raises(ValueError, match="valid values: isolate, generalize, split"):
        GeochunkTextSplitter(budget=64, oversize="cut")
    with pytest.raises(ValueError, match="unknown option 'chunk_size' \\(use budget=\\)"):
        GeochunkTextSplitter(chunk_size=64)


def test_llamaindex_parser_gives_exact_offsets_metadata_and_relationships():
    parser = GeochunkNodeParser(budget=24, encoding=len)
    assert isinstance(parser, NodeParser)
    doc = LIDocument(text=REPEATED, metadata={"file_path": "parcels.md"})
    nodes = parser.get_nodes_from_documents([doc])
    assert len(nodes) >= 2
    for k, n in enumerate(nodes):
        assert n.get_content(metadata_mode=MetadataMode.NONE) == REPEATED[n.start_char_idx : n.end_char_idx]
        assert n.metadata["file_path"] == "parcels.md" and n.metadata["doc_id"] == "parcels.md"
        assert n.metadata["tokenizer"] == "callable:builtins.len"
        assert n.metadata["token_count"] == len(n.text)
        assert all(_plain_json(v) for v in n.metadata.values())
        # what gets embedded is the chunk text: geochunk's keys stay out of it
        assert n.get_content(metadata_mode=MetadataMode.EMBED).endswith(n.text.strip())
        assert "token_count" not in n.get_content(metadata_mode=MetadataMode.EMBED)
        assert n.relationships[NodeRelationship.SOURCE].node_id == doc.doc_id
        if k:
            assert n.relationships[NodeRelationship.PREVIOUS].node_id == nodes[k - 1].node_id
    polygons = [n.start_char_idx for n in nodes if n.metadata["geom_types"] == ["POLYGON"]]
    assert len(polygons) == 2 and polygons[0] < polygons[1]
    assert "".join(REPEATED[chunk["core_start"] : chunk["end"]] for chunk in (n.metadata for n in nodes)) == REPEATED


def test_llamaindex_parser_matches_chunk_and_checks_options():
    text = load_sample("sparse_prose")
    nodes = GeochunkNodeParser(budget=128).get_nodes_from_documents([LIDocument(text=text)])
    assert [n.text for n in nodes] == [c.text for c in geochunk.chunk(text, budget=128)]
    with pytest.raises(ValueError, match="valid values: auto, paragraph, mixed, feature"):
        GeochunkNodeParser(budget=64, strategy="fast")


def test_langchain_none_metadata_and_langchains_own_constructors():
    splitter = GeochunkTextSplitter(budget=64)
    docs = splitter.create_documents(["Well at POINT (1 2).", "Dry."], [None, {"k": 1}])
    assert docs[0].metadata["geom_types"] == ["POINT"] and docs[1].metadata["k"] == 1
    # from_tiktoken_encoder never downloads: chunk_size is the budget, the model names the encoding
    s = GeochunkTextSplitter.from_tiktoken_encoder(model_name="gpt-4o", chunk_size=64, chunk_overlap=0)
    assert s._config.budget == 64 and s._config.encoding.name == "o200k_base"
    assert s.split_text(REPEATED) == [c.text for c in geochunk.chunk(REPEATED, 64, encoding="o200k_base")]
    with pytest.raises(ValueError, match="unknown encoding 'gpt2'; valid values: cl100k_base"):
        GeochunkTextSplitter.from_tiktoken_encoder(encoding_name="gpt2")
    with pytest.raises(ValueError, match="chunk_overlap in tokens is not supported: use overlap="):
        GeochunkTextSplitter.from_tiktoken_encoder(chunk_size=64, chunk_overlap=16)

    class TransformersLike:  # what LangChain's from_huggingface_tokenizer counts with
        name_or_path = "org/model"

        def tokenize(self, s):
            return s.split()

    s = GeochunkTextSplitter.from_huggingface_tokenizer(TransformersLike(), chunk_size=16)
    docs = s.create_documents([REPEATED])
    assert {d.metadata["tokenizer"] for d in docs} == {"transformers:org/model"}
    assert all(d.metadata["token_count"] == len(d.page_content.split()) for d in docs)


def test_llamaindex_options_dict_and_keywords_are_merged_not_dropped():
    parser = GeochunkNodeParser(budget=64, options={"strategy": "feature"}, oversize="split")
    assert parser._config.strategy == "feature" and parser._config.oversize == "split"
    assert parser.options == {"strategy": "feature", "oversize": "split"}
    with pytest.raises(ValueError, match="unknown option 'stratgy'"):
        GeochunkNodeParser(budget=64, options={"strategy": "feature"}, stratgy="x")


def test_flat_metadata_passes_llamaindexs_flat_store_check_and_keeps_the_bbox():
    from llama_index.core.vector_stores.utils import node_to_metadata_dict

    from geochunk.integrations import FLAT_METADATA_KEYS

    text = load_sample("mixed_report")
    nested = GeochunkNodeParser(budget=200).get_nodes_from_documents([LIDocument(text=text)])
    with pytest.raises(ValueError, match="must be one of"):  # why the option exists (Chroma, Pinecone ...)
        node_to_metadata_dict(nested[0], flat_metadata=True)
    nodes = GeochunkNodeParser(budget=200, flat_metadata=True).get_nodes_from_documents([LIDocument(text=text)])
    assert [n.text for n in nodes] == [n.text for n in nested]
    for flat, full in zip(nodes, nested):
        node_to_metadata_dict(flat, flat_metadata=True)  # raises on any list or dict
        m, want = flat.metadata, full.metadata
        assert set(FLAT_METADATA_KEYS) <= set(m) and all(not isinstance(v, (list, dict)) for v in m.values())
        assert m["feature_ids"] == ",".join(want["feature_ids"]) and m["flags"] == ",".join(want["flags"])
        bbox = [m[f"bbox_{s}"] for s in ("minx", "miny", "maxx", "maxy")]
        assert bbox == (want["bbox"] or [None] * 4)
        wgs = [m[f"bbox_wgs84_{s}"] for s in ("west", "south", "east", "north")]
        assert wgs == (want["bbox_wgs84"] or [None] * 4)
        assert "bbox_minx" not in flat.get_content(metadata_mode=MetadataMode.EMBED)
    assert any(n.metadata["bbox_wgs84_west"] is not None for n in nodes)
    docs = GeochunkTextSplitter(budget=200, flat_metadata=True).create_documents([text])
    same = [k for k in FLAT_METADATA_KEYS if k != "doc_id"]  # LlamaIndex names the doc by its id
    assert [[d.metadata[k] for k in same] for d in docs] == [[n.metadata[k] for k in same] for n in nodes]
    with pytest.raises(ValueError, match="flat_metadata must be True or False"):
        GeochunkTextSplitter(flat_metadata="yes")
