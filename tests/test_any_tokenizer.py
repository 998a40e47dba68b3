"""Any tokenizer: a Hugging Face tokenizer.json built here (no hub) or any Callable[[str], int].

Token-range additivity is proven only for tiktoken; with any other tokenizer every emitted
chunk's count must still be that tokenizer's own count of the chunk text, the budget must hold
(or the chunk is a flagged oversized unit) and the chunk must name the tokenizer.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from test_invariants import _check, document

import geochunk
from geochunk.model import ChunkConfig
from geochunk.pipeline import analyse, chunk_text
from geochunk.samples import load_sample
from geochunk.tokens.counting import callable_counter, get_counter, hf_counter

tokenizers = pytest.importorskip("tokenizers")  # installed by requirements-dev.txt


def _train_tiny_bpe(path, *, truncate_at: int | None = None):
    """A real byte-level BPE (vocab 400) trained on the bundled samples, saved as tokenizer.json."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers

    tok = Tokenizer(models.BPE(unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=400,
        special_tokens=["[UNK]", "[CLS]", "[SEP]"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    corpus = [load_sample(n)[:20000] for n in ("mixed_report", "land_use_appendix", "sparse_prose")]
    tok.train_from_iterator(corpus, trainer=trainer)
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", 1), ("[SEP]", 2)]
    )
    if truncate_at:
        tok.enable_truncation(max_length=truncate_at)  # saved in the JSON: must not cap counts
    tok.save(str(path))
    return path


@pytest.fixture(scope="module")
def tokenizer_json(tmp_path_factory):
    return _train_tiny_bpe(tmp_path_factory.mktemp("tok") / "tokenizer.json", truncate_at=8)


def test_tokenizer_json_is_counted_untruncated_and_named_by_content(tokenizer_json):
    from tokenizers import Tokenizer

    counter = get_counter(str(tokenizer_json))
    raw = Tokenizer.from_file(str(tokenizer_json))
    raw.no_truncation()
    text = load_sample("mixed_report")[:3000]
    assert counter.count(text) == len(raw.encode(text, add_special_tokens=False).ids) > 100
    sha = hashlib.sha256(tokenizer_json.read_bytes()).hexdigest()[:12]
    assert counter.name == f"tokenizers:{tokenizer_json.parent.name}@{sha}"  # folder and content
    assert get_counter(tokenizer_json) is counter  # str or Path: one tokenizer, loaded once
    assert hf_counter(raw).name.startswith("tokenizers:BPE@")  # an object: its model type
    with_specials = hf_counter(tokenizer_json, add_special_tokens=True)
    assert with_specials.count(text) == counter.count(text) + 2


def test_one_call_with_a_tokenizer_json(tokenizer_json):
    text = load_sample("mixed_report")
    chunks = geochunk.chunk(text, budget=120, encoding=str(tokenizer_json))
    counter = get_counter(str(tokenizer_json))
    assert len(chunks) > 3
    for c in chunks:
        assert c.tokenizer == counter.name
        assert c.token_count == counter.count(c.text)
        assert c.token_count <= 120 or c.oversized
    assert "".join(text[c.core_start : c.end] for c in chunks) == text


def _words_plus_one(s: str) -> int:
    """Deliberately not additive: a constant per text, and words counted by spaces."""
    return len(s.split()) + 1


COUNTERS = {
    "chars": len,
    "words+1": _words_plus_one,
}


@pytest.mark.parametrize("name", sorted(COUNTERS))
def test_callables_count_every_chunk_themselves(name):
    fn = COUNTERS[name]
    text = load_sample("mixed_report")
    chunks = geochunk.chunk(text, budget=200, encoding=fn)
    assert {c.tokenizer for c in chunks} == {f"callable:{fn.__module__}.{fn.__qualname__}"}
    for c in chunks:
        assert c.token_count == fn(c.text)
        assert c.token_count <= 200 or c.oversized
    assert "".join(text[c.core_start : c.end] for c in chunks) == text


def test_a_counter_that_returns_garbage_mid_run_is_a_clear_error():
    calls = []

    def flaky(s: str):
        calls.append(s)
        return len(s.split()) if len(calls) <= 4 else "many"  # (4: callable_counter's checks)

    text = "A well at POINT (1 2).\n\nAnother paragraph here."
    with pytest.raises(geochunk.TokenizerError, match="must return an int >= 0"):
        geochunk.chunk(text, budget=16, encoding=flaky, strict_tokens=True)
    calls.clear()  # without strict_tokens: an outage, the rest counted by the flagged estimate
    assert any("token_estimate" in c.flags for c in geochunk.chunk(text, budget=16, encoding=flaky))


def test_analysis_total_is_the_tokenizers_own_count(tokenizer_json):
    text = load_sample("sparse_prose")
    for enc in (str(tokenizer_json), _words_plus_one):
        a = analyse(text, encoding=enc)
        assert a.total_tokens == get_counter(enc).count(text)
        assert not a.estimated


_TOKENIZER_KINDS = st.sampled_from(["tokenizer.json", "tokenizer.json+specials", "words+1", "chars"])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                 HealthCheck.function_scoped_fixture])
@given(document(), st.integers(min_value=16, max_value=300), _TOKENIZER_KINDS,
       st.sampled_from(["auto", "paragraph", "feature"]), st.integers(min_value=0, max_value=1))
def test_invariants_hold_for_any_tokenizer(tokenizer_json, doc, budget, kind, strategy, overlap):
    text, geoms = doc
    encoding = {
        "tokenizer.json": str(tokenizer_json),
        "tokenizer.json+specials": hf_counter(tokenizer_json, add_special_tokens=True, name="tiny+specials"),
        "words+1": _words_plus_one,
        "chars": len,
    }[kind]
    cs = chunk_text(text, ChunkConfig(budget=budget, strategy=strategy, overlap=overlap, encoding=encoding))
    _check(text, geoms, cs, budget)  # no loss, no severing, budget, count == counter(text)
    counter = get_counter(encoding)
    for c in cs.chunks:
        assert c.tokenizer == counter.name
        assert c.token_count == counter.count(c.text)
        assert "tokens_estimated" not in c.flags


def test_chunk_metadata_stays_json_for_any_tokenizer(tokenizer_json):
    c = geochunk.chunk("A well at POINT (1 2).", budget=32, encoding=callable_counter(len, name="chars"))[0]
    assert json.loads(c.to_json())["tokenizer"] == "chars"


def test_a_tokenizer_object_is_copied_not_changed_and_recorded_by_hash(tokenizer_json):
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(tokenizer_json))  # truncation at 8 tokens, as saved
    chunks = geochunk.chunk(load_sample("sparse_prose"), budget=64, encoding=tok)
    spec = tok.to_str()
    assert tok.truncation is not None and tok.truncation["max_length"] == 8  # the caller's object untouched
    assert {c.tokenizer for c in chunks} == {f"tokenizers:BPE@{hashlib.sha256(spec.encode()).hexdigest()[:12]}"}
    assert {c.tokenizer_sha256 for c in chunks} == {hashlib.sha256(spec.encode()).hexdigest()}
    assert max(c.token_count for c in chunks) > 8  # counted untruncated
    assert {c.tokenizer_sha256 for c in geochunk.chunk("x", encoding=len)} == {None}


def test_a_model_folder_holding_tokenizer_json_is_that_tokenizer(tokenizer_json, tmp_path):
    folder = tokenizer_json.parent  # as a Hugging Face model is saved: <model>/tokenizer.json
    assert get_counter(str(folder)) is get_counter(str(tokenizer_json))
    text = load_sample("sparse_prose")
    assert geochunk.chunk(text, budget=64, encoding=folder) == geochunk.chunk(text, budget=64, encoding=tokenizer_json)
    with pytest.raises(ValueError, match="no tokenizer.json in the folder"):
        geochunk.chunk(text, budget=64, encoding=str(tmp_path))
