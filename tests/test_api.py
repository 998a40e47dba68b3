"""The one-call face: geochunk.chunk / chunk_file, option names and errors, the package surface."""

from __future__ import annotations

import subprocess
import sys

import pytest

import geochunk
from geochunk import Chunk, ChunkConfig, ConfigError, chunk, chunk_file, chunk_text
from geochunk.api import OPTIONS
from geochunk.cli import build_parser
from geochunk.samples import load_sample, sample_path

DOC = "Gauge 4 at POINT (-2.9 51.2).\n\nIt flooded twice in 2019.\n"


class _EncodeOnly:
    """A tokenizer object that is not itself a counter."""

    def encode(self, s: str) -> list[str]:
        return s.split()


class _TransformersLike(_EncodeOnly):
    """Called like a transformers tokenizer: returns a dict of ids, not a count."""

    def __call__(self, s: str) -> dict:
        return {"input_ids": self.encode(s)}


def test_chunk_is_chunk_text_with_keyword_options():
    got = chunk(DOC, budget=32, strategy="paragraph", overlap=1)
    want = chunk_text(DOC, ChunkConfig(budget=32, strategy="paragraph", overlap=1)).chunks
    assert isinstance(got, list) and all(isinstance(c, Chunk) for c in got)
    assert got == list(want)
    assert "".join(DOC[c.core_start : c.end] for c in got) == DOC


def test_options_have_the_command_lines_names_and_defaults():
    args = build_parser().parse_args(["chunk", "x.txt"])
    cli = {k.replace("-", "_"): v for k, v in vars(args).items()}
    cli["attach_context"] = not cli.pop("no_context")
    cli["attach_prose"] = not cli.pop("no_prose_context")
    for name, default in OPTIONS.items():
        assert name in cli, name
        if name != "budget":  # the library defaults to 512 (an embedder window), the command to 800
            assert cli[name] == default, name
    assert OPTIONS["budget"] == 512 and cli["budget"] == 800


def test_chunk_file_defaults_doc_id_to_the_path_and_reads_like_the_command():
    path = sample_path("mixed_report")
    got = chunk_file(path, budget=300)
    assert {c.doc_id for c in got} == {str(path)}
    assert got == list(chunk_text(load_sample("mixed_report"), ChunkConfig(budget=300, doc_id=str(path))).chunks)
    assert chunk_file(str(path), 300, doc_id="report")[0].doc_id == "report"


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: chunk_text("abc", 16), r"config must be a ChunkConfig, got int 16"),
        (lambda: chunk("abc", budget="512"), r"budget must be an integer"),
        (lambda: chunk("abc", budget=8), r"at least 16"),
        (lambda: chunk("abc", strategy="fast"), r"valid values: auto, paragraph, mixed, feature"),
        (lambda: chunk("abc", oversize="cut"), r"valid values: isolate, generalize, split"),
        (lambda: chunk("abc", encoding="gpt2"), r"valid values: cl100k_base, o200k_base, a path"),
        (lambda: chunk("abc", encoding=42), r"unknown encoding 42"),
        (lambda: chunk("abc", encoding="missing/tokenizer.json"), r"no such tokenizer.json"),
        (lambda: chunk("abc", encoding=lambda s: s.split()), r"must return an int"),
        (lambda: chunk("abc", overlap="2"), r"overlap must be an integer"),
        (lambda: chunk("abc", rewrap="yes"), r"rewrap must be True or False"),
        (lambda: chunk("abc", paragraph_threshold="low"), r"paragraph_threshold must be a number"),
        (lambda: chunk("abc", tolerance="fine"), r"tolerance must be a number"),
        (lambda: chunk("abc", no_context=True), r"unknown option 'no_context' \(use attach_context=False\); valid options: budget, encoding"),
        (lambda: chunk(b"abc"), r"text must be a str, got bytes"),
        (lambda: chunk_file(42), r"path must be a str or os.PathLike"),
        # found in review: these passed silently, failed late or escaped as a raw exception
        (lambda: chunk("abc", tolerance=[1]), r"tolerance must be a number in CRS units, 'auto' or None, got \[1\]"),
        (lambda: chunk("abc", tolerance=True), r"tolerance must be a number"),
        (lambda: chunk("abc", encoding=lambda s: 1 // 0), r"must take one str .* raised ZeroDivisionError"),
        (lambda: chunk("abc", encoding=lambda a, b: 1), r"must take one str .* raised TypeError"),
        (lambda: chunk("abc", encoding=lambda s: -1), r"must return an int >= 0; .* returned -1 for"),
        (lambda: chunk("abc", encoding=_EncodeOnly()), r"unknown encoding .*pass encoding=lambda s: len\(tok.encode\(s\)\)"),
        (lambda: chunk("abc", encoding=_TransformersLike()), r"returned dict .*add_special_tokens=False"),
        (lambda: chunk("abc", chunk_overlap=50), r"unknown option 'chunk_overlap' \(use overlap="),
    ],
)
def test_wrong_arguments_get_a_value_error_that_says_what_is_valid(call, match):
    with pytest.raises(ValueError, match=match) as info:
        call()
    assert isinstance(info.value, ConfigError)


def test_dir_lists_the_public_api_and_every_name_resolves():
    names = dir(geochunk)
    assert names == sorted(geochunk.__all__)
    for name in ("chunk", "chunk_file", "chunk_text", "analyse", "assemble", "Chunk", "ChunkConfig", "ConfigError"):
        assert name in names
    for name in geochunk.__all__:
        assert getattr(geochunk, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        geochunk.nope  # noqa: B018


def test_import_geochunk_is_light():
    code = (
        "import sys, geochunk\n"
        "heavy = [m for m in ('numpy', 'shapely', 'pyproj', 'tiktoken', 'regex', 'geochunk.pipeline') if m in sys.modules]\n"
        "print(heavy)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"


def test_numpy_integers_are_accepted_as_plain_ints():
    import numpy as np

    got = chunk(DOC, budget=np.int64(32), overlap=np.int32(1), tolerance=np.float32(2.0))
    assert got == chunk(DOC, budget=32, overlap=1, tolerance=2.0)
    config = ChunkConfig(budget=np.int64(32), overlap=np.int16(1), tolerance=np.float64(0.5))
    assert type(config.budget) is int and type(config.overlap) is int and config.tolerance == 0.5


def test_a_counter_that_raises_mid_run_is_a_geochunk_error_with_the_cause():
    """With strict_tokens; without it the rest is counted by the estimate (tests/test_failures.py)."""
    calls = []

    def breaks_later(s: str) -> int:
        calls.append(s)
        if len(calls) > 4:  # after callable_counter's own checks
            raise KeyError("vocab")
        return len(s.split())

    text = "A well at POINT (1 2).\n\nAnother paragraph here."
    with pytest.raises(geochunk.TokenizerError, match="raised KeyError: 'vocab'") as info:
        chunk(text, budget=16, encoding=breaks_later, strict_tokens=True)
    assert isinstance(info.value.__cause__, KeyError)
    calls.clear()
    got = chunk(text, budget=16, encoding=breaks_later)
    assert any("token_estimate" in c.flags for c in got)


def test_a_tiktoken_encoding_object_counts_every_chunk():
    enc = geochunk.get_counter("o200k_base").tiktoken_encoding
    got = chunk(DOC * 3, budget=16, encoding=enc)
    assert len(got) > 1 and {c.tokenizer for c in got} == {"tiktoken:o200k_base"}
    assert all(c.token_count == len(enc.encode_ordinary(c.text)) for c in got)


@pytest.mark.parametrize("name", ["land_use_appendix", "sql_dump", "parcels", "placemarks"])
def test_one_call_chunks_serialise_their_attributes_as_json(name: str) -> None:
    """What geochunk.chunk() hands out is plain data: every feature's attributes (and a part's
    repeated attributes) are dicts that json.dumps takes as they are, equal to what the
    ChunkSet's read-only views say."""
    import json

    from geochunk import ChunkConfig, chunk_text
    from geochunk.samples import load_sample

    text = load_sample(name)
    got = geochunk.chunk(text, 256)
    views = chunk_text(text, ChunkConfig(budget=256)).chunks
    assert len(got) == len(views)
    seen = 0
    for c, v in zip(got, views):
        assert c.attributes is None or type(c.attributes) is dict
        for f, fv in zip(c.features, v.features):
            if f.attributes is not None:
                assert type(f.attributes) is dict and f.attributes == dict(fv.attributes)
                json.dumps(f.attributes)
                seen += 1
    assert seen > 0
