"""Failures the seeds name (issue #25) and truncating counters (issue #27): a tokenizer that
fails part-way, a detector that raises, a counting callable that stops growing."""

from __future__ import annotations

import io
import logging
from pathlib import Path
from unittest import mock

import pytest
from test_any_tokenizer import _train_tiny_bpe

import geochunk
import geochunk.pipeline as pipeline
from geochunk.cli import main
from geochunk.errors import ConfigError, TokenizerError
from geochunk.gates import validate
from geochunk.model import ChunkConfig, Flag
from geochunk.samples import load_sample
from geochunk.tokens.counting import callable_counter, estimate_count, get_counter


_REAL = Path(__file__).parent / "real_data"


@pytest.fixture(scope="module")
def cl100k():
    counter = get_counter("cl100k_base")
    assert not counter.estimated
    return counter.tiktoken_encoding


def _flaky(enc, fail_after: int):
    calls = [0]

    def count(s: str) -> int:
        calls[0] += 1
        if calls[0] > fail_after:
            raise ConnectionError("tokenizer service unavailable")
        return len(enc.encode_ordinary(s))

    return count


@pytest.mark.parametrize("sample", ["mixed_report", "land_use_appendix", "parcels.geojson"])
@pytest.mark.parametrize("fail_after", [4, 25])
def test_tokenizer_outage_finishes_the_build_with_flagged_upper_bounds(cl100k, caplog, sample, fail_after):
    text = load_sample(sample)
    budget = 128
    with caplog.at_level(logging.WARNING, logger="geochunk.tokens.counting"):
        cs = pipeline.chunk_text(text, ChunkConfig(budget=budget, encoding=_flaky(cl100k, fail_after)))
    assert cs.analysis.token_outage is not None and "tokenizer service unavailable" in cs.analysis.token_outage
    assert "counted by the estimate" in caplog.text
    flagged = [c for c in cs.chunks if Flag.TOKEN_ESTIMATE in c.flags]
    assert flagged, "the chunks counted after the outage say so"
    for c in cs.chunks:
        real = len(cl100k.encode_ordinary(c.text))
        if Flag.TOKEN_ESTIMATE in c.flags:
            assert c.token_count == estimate_count(c.text)
        else:
            assert c.token_count == real  # counted before the outage: the tokenizer's own count
        assert c.token_count >= real  # never an undercount
        assert c.oversized or c.token_count <= budget  # so the real count is within the ceiling too
    report = validate(cs.analysis.text, cs.chunks, budget=budget, encoding="cl100k_base")
    assert report.passed, report.lines()


def test_strict_tokens_fails_instead(cl100k):
    text = load_sample("mixed_report")
    with pytest.raises(TokenizerError, match="tokenizer service unavailable"):
        geochunk.chunk(text, budget=128, encoding=_flaky(cl100k, 30), strict_tokens=True)


def test_the_outage_flag_is_per_document(cl100k):
    """A failure in one document leaves the next one to the tokenizer (one record a document)."""
    text = load_sample("mixed_report")
    counter = callable_counter(_flaky(cl100k, 10), name="flaky")
    first = pipeline.chunk_text(text, ChunkConfig(budget=128, encoding=counter))
    assert first.analysis.token_outage is not None
    ok = pipeline.chunk_text("A short note.\n", ChunkConfig(budget=128, encoding=len))
    assert ok.analysis.token_outage is None and not any(Flag.TOKEN_ESTIMATE in c.flags for c in ok.chunks)


def test_cli_strict_tokens_option_is_parsed(tmp_path):
    path = tmp_path / "a.md"
    path.write_text("POINT (1 2)\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["chunk", "--strict-tokens", str(path)], out=out, err=io.StringIO()) == 0
    assert '"token_count"' in out.getvalue()


def test_detector_failure_emits_the_document_whole_flagged_and_logged(caplog):
    text = "Site A.\n\nPOINT (1 2)\n\nMore prose here.\n" * 30
    with mock.patch.object(pipeline, "detect", side_effect=IndexError("boom")), caplog.at_level(logging.ERROR):
        cs = pipeline.chunk_text(text, ChunkConfig(budget=64))
    assert [c.text for c in cs.chunks] == [text]
    (c,) = cs.chunks
    assert Flag.DETECTION_FAILED in c.flags and c.oversized and c.needs_fallback  # over 64 tokens
    assert "detection failed" in caplog.text and "IndexError: boom" in caplog.text
    assert cs.analysis.detection_error == "IndexError: boom"


def test_detector_failure_chunk_passes_the_gates_with_its_frame_flagged():
    """The whole-document chunk holds geometry the failed detection never saw; the frames gate
    finds it in the chunk's own text, so the fallback frame must be flagged on the chunk."""
    from geochunk.gates import validate

    text = "Site A.\n\nPOINT (1 2)\n\nMore prose here.\n"
    with mock.patch.object(pipeline, "detect", side_effect=IndexError("boom")):
        cs = pipeline.chunk_text(text, ChunkConfig(budget=64))
    (c,) = cs.chunks
    assert Flag.CRS_FLAGGED in c.flags and c.crs is not None and c.crs.source == "fallback"
    report = validate(text, cs.chunks, budget=64, detection=cs.analysis.detection)
    assert report.passed, report.lines()
    assert validate(text, cs.chunks, budget=64).passed  # and against a detection that works


def test_detector_failure_on_an_empty_document_gives_no_chunks():
    with mock.patch.object(pipeline, "detect", side_effect=IndexError("boom")):
        assert pipeline.chunk_text("", ChunkConfig(budget=64)).chunks == ()


def test_detector_failure_in_a_later_step_is_caught_too():
    text = "POINT (1 2)\nWell ID: W-7\n"
    real = pipeline.describe_features

    def broken(detection, *args, **kwargs):
        if detection.spans:
            raise KeyError("span")
        return real(detection, *args, **kwargs)

    with mock.patch.object(pipeline, "describe_features", side_effect=broken):
        chunks = geochunk.chunk(text, budget=64)
    assert len(chunks) == 1 and Flag.DETECTION_FAILED in chunks[0].flags and chunks[0].text == text


def test_the_documents_own_errors_still_raise():
    """Too many features is the document's problem, said as it is, not a detector failure."""
    with pytest.raises(geochunk.InputError):
        geochunk.chunk("POINT (1 2)\n" * 5, budget=64, max_features=2)


# --- counting callables that truncate (#27) --------------------------------------------------


def test_a_truncating_hugging_face_callable_is_refused_with_the_reason(tmp_path):
    from tokenizers import Tokenizer

    path = _train_tiny_bpe(tmp_path / "tokenizer.json")
    tok = Tokenizer.from_file(str(path))
    tok.enable_truncation(max_length=512)
    with pytest.raises(ConfigError, match=r"stops growing.*truncat.*no_truncation"):
        geochunk.chunk(load_sample("mixed_report"), budget=256, encoding=lambda s: len(tok.encode(s).ids))
    tok.no_truncation()  # what the README's example does
    chunks = geochunk.chunk(load_sample("mixed_report"), budget=256, encoding=lambda s: len(tok.encode(s).ids))
    assert all(c.token_count == len(tok.encode(c.text).ids) for c in chunks)


def test_a_cap_above_the_probe_is_caught_on_the_document(tmp_path):
    """A counter capped higher than the construction probe still cannot pass a long document
    off as one chunk: the document's count is checked against its halves."""
    enc = get_counter("cl100k_base").tiktoken_encoding
    capped = callable_counter(lambda s: min(len(enc.encode_ordinary(s)), 8000), name="capped")  # above the probe
    text = load_sample("land_use_appendix") * 3
    assert len(enc.encode_ordinary(text)) > 13000
    with pytest.raises(ConfigError, match="capped stops growing"):
        pipeline.chunk_text(text, ChunkConfig(budget=512, encoding=capped))


def test_a_cap_the_document_barely_passes_is_caught(cl100k):
    """An 8k-style cap on a document a little over it: the halves' sum is far from 1.5x the
    capped total, yet every count past the cap was low (a 10,000-token chunk claimed 8,192 and
    fitted a budget of 8,192, unflagged)."""
    text = (_REAL / "django-5.2.8" / "docs_gis_tutorial.txt").read_text(encoding="utf-8") * 2
    real = len(cl100k.encode_ordinary(text))
    cap = real * 7 // 8  # the document holds 1/7 more than the cap
    capped = callable_counter(lambda s: min(len(cl100k.encode_ordinary(s)), cap), name="capped")
    with pytest.raises(ConfigError, match="capped stops growing"):
        pipeline.chunk_text(text, ChunkConfig(budget=cap, encoding=capped))


@pytest.mark.parametrize("name", ["docs_gis_tutorial.txt", "geometries.json", "distapp_initial.json",
                                  "test_vrt.csv", "docs_intro_overview.txt"])
def test_real_counters_with_special_tokens_are_not_called_truncating(cl100k, name):
    """The tighter margin still accepts real counters: special tokens counted on every call
    (a BERT-style [CLS] ... [SEP]) and a word count, on real files, whole."""
    text = (_REAL / "django-5.2.8" / name).read_text(encoding="utf-8")
    for fn in (lambda s: len(cl100k.encode_ordinary(s)) + 2, lambda s: len(s.split())):
        chunks = geochunk.chunk(text, budget=256, encoding=fn)
        assert chunks and all(c.token_count == fn(c.text) for c in chunks)


@pytest.mark.parametrize("path", ["kmlorm-1.1.1/comprehensive.kml", "django-5.2.8/fixtures_fixture6.json",
                                  "django-5.2.8/docs_gis_measure.txt"])
@pytest.mark.parametrize("fail_at_half", [0, 1])
def test_an_outage_during_the_growth_check_is_an_outage_not_truncation(cl100k, path, fail_at_half):
    """The tokenizer fails while the document's halves are counted: the halves are the
    estimate (an upper bound, 1.57x and 1.65x the real count on the first two files) and must
    not read as a truncating counter (the document was refused instead of the build finishing)."""
    text = (_REAL / path).read_text(encoding="utf-8")
    # calls 1-4: callable_counter's own checks; 5: the document; 6 and 7: its halves
    flaky = callable_counter(_flaky(cl100k, 4 + 1 + fail_at_half), name="flaky")
    cs = pipeline.chunk_text(text, ChunkConfig(budget=128, encoding=flaky))
    assert cs.analysis.token_outage is not None
    for c in cs.chunks:
        assert c.token_count >= len(cl100k.encode_ordinary(c.text))


def test_growing_counters_are_accepted():
    for fn in (len, lambda s: len(s.split()), lambda s: len(s.encode("utf-8")) // 4):
        callable_counter(fn)


# --- property: an outage anywhere ------------------------------------------------------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

_SAMPLES = ("mixed_report", "land_use_appendix", "parcels.geojson", "sql_dump", "sparse_prose")


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sample=st.sampled_from(_SAMPLES), fail_after=st.integers(0, 200), budget=st.sampled_from([48, 128, 400]))
def test_an_outage_at_any_count_never_undercounts_nor_stops_the_build(cl100k, sample, fail_after, budget):
    text = load_sample(sample)[:20000]
    counter = callable_counter(_flaky(cl100k, fail_after + 4), name="flaky")  # +4: its own checks
    cs = pipeline.chunk_text(text, ChunkConfig(budget=budget, encoding=counter))
    assert "".join(text[c.core_start:c.end] for c in cs.chunks) == text
    for c in cs.chunks:
        real = len(cl100k.encode_ordinary(c.text))
        assert c.token_count >= real
        assert c.needs_fallback or c.token_count <= budget
        assert c.token_count == (estimate_count(c.text) if Flag.TOKEN_ESTIMATE in c.flags else real)
    if cs.analysis.token_outage is None:
        assert not any(Flag.TOKEN_ESTIMATE in c.flags for c in cs.chunks)
    assert validate(text, cs.chunks, budget=budget, encoding="cl100k_base").passed
