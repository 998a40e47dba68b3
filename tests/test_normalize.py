"""``--normalize nfc|nfkc|none``: the same text in NFD chunks like NFC, and every chunk still
points into the document as read (``chunk.text == normalize(form, source[start:end])``)."""

from __future__ import annotations

import json
import os
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import geochunk
from geochunk.cli import main
from geochunk.errors import ConfigError
from geochunk.gates import validate
from geochunk.model import ChunkConfig
from geochunk.read.normalize import normalize_text
from geochunk.pipeline import analyse, assemble, chunk_text
from geochunk.read.source import document_digest

PROSE = (
    "Le relevé de la rivière a été fait à côté de l'écluse, près du café. "
    "Über die Brücke führt ein Weg; naïve résumé, élève, déjà vu. "
)
DOC = PROSE * 12 + "\n\nLe dépôt: POINT (2.35 48.85)\nNom: Gare de l'Est\n\n" + PROSE * 4


def _expected(source: str, c: geochunk.Chunk) -> str:
    got = source[c.start : c.end]
    return unicodedata.normalize(c.normalization, got) if c.normalization else got


def _check(source: str, chunks: list[geochunk.Chunk]) -> None:
    assert "".join(source[c.core_start : c.end] for c in chunks) == source
    for c in chunks:
        if c.text_kind == "source":
            assert c.text == _expected(source, c)


def test_nfd_gives_the_chunks_of_nfc_when_normalised():
    nfc, nfd = unicodedata.normalize("NFC", DOC), unicodedata.normalize("NFD", DOC)
    plain_nfc = geochunk.chunk(nfc, budget=32)
    plain_nfd = geochunk.chunk(nfd, budget=32)
    assert len(plain_nfd) > 1.4 * len(plain_nfc)  # the bug: decomposed text takes more chunks
    got = geochunk.chunk(nfd, budget=32, normalize="nfc")
    assert [c.text for c in got] == [c.text for c in plain_nfc]
    assert all(c.normalization == "NFC" for c in got)
    _check(nfd, got)


def test_offsets_point_into_the_source_and_features_too():
    nfd = unicodedata.normalize("NFD", DOC)
    chunks = geochunk.chunk(nfd, budget=48, normalize="nfc")
    feats = [f for c in chunks for f in c.features]
    assert len(feats) == 1
    f = feats[0]
    assert nfd[f.start : f.end] == "POINT (2.35 48.85)"
    assert f.attributes == {"Nom": "Gare de l'Est"}
    assert {c.doc_sha256 for c in chunks} == {document_digest(nfd)}
    assert {c.version for c in chunks} == {document_digest(nfd)[:16]}


def test_none_is_the_default_and_changes_nothing():
    nfd = unicodedata.normalize("NFD", DOC)
    assert ChunkConfig().normalize == "none"
    got = geochunk.chunk(nfd, budget=64)
    assert all(c.normalization is None and c.text == nfd[c.start : c.end] for c in got)


def test_nfkc_folds_compatibility_characters_and_maps_back():
    src = "The ﬁeld at ２ km: ﬁnal ﬂood level ½ m. " * 20
    chunks = geochunk.chunk(src, budget=24, normalize="nfkc")
    assert "ﬁ" not in "".join(c.text for c in chunks) and "field" in chunks[0].text
    _check(src, chunks)


def test_already_normalised_text_is_only_labelled():
    chunks = geochunk.chunk(unicodedata.normalize("NFC", DOC), budget=64, normalize="NFC")
    assert all(c.normalization == "NFC" for c in chunks)
    assert [c.text for c in chunks] == [c.text for c in geochunk.chunk(unicodedata.normalize("NFC", DOC), budget=64)]


@pytest.mark.parametrize("bad", ["nfd", "NFKD", 3, "yes"])
def test_an_unknown_form_is_a_clear_error(bad):
    with pytest.raises(ConfigError, match="valid values: none, nfc, nfkc"):
        ChunkConfig(normalize=bad)


def test_assemble_refuses_an_analysis_made_with_another_form():
    a = analyse("e\u0301te\u0301", normalize="nfc")
    with pytest.raises(ConfigError, match="analysis was made with normalize='nfc'"):
        assemble(a, ChunkConfig(budget=16))
    assert assemble(a, ChunkConfig(budget=16, normalize="nfc")).chunks[0].text == "été"


def test_the_gates_pass_on_normalised_chunks_against_the_source():
    nfd = unicodedata.normalize("NFD", DOC)
    cs = chunk_text(nfd, ChunkConfig(budget=40, normalize="nfc"))
    report = validate(nfd, cs.chunks, budget=40)
    assert report.passed, report.lines()


def test_cli_normalize_option(tmp_path, capsys):
    path = tmp_path / "nfd.md"
    path.write_text(unicodedata.normalize("NFD", DOC), encoding="utf-8")
    assert main(["chunk", "--budget", "40", "--normalize", "nfc", str(path)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    src = path.read_text(encoding="utf-8")
    assert rows and all(r["normalization"] == "NFC" for r in rows)
    assert all(r["text"] == unicodedata.normalize("NFC", src[r["start"] : r["end"]]) for r in rows)
    assert main(["validate", "--budget", "40", "--normalize", "nfc", str(path)]) == 0
    assert main(["chunk", "--normalize", "nfd", str(path)]) == 2


def test_stored_chunks_with_a_bad_normalization_or_headings_fail_in_one_line(tmp_path, capsys):
    # before: a stored chunk saying "normalization": "NFD" ended validate --chunks in a
    # ConfigError traceback, and "headings": "Appendix" became the path ("A", "p", "p", ...)
    path = tmp_path / "nfd.md"
    path.write_text(unicodedata.normalize("NFD", DOC), encoding="utf-8")
    assert main(["chunk", "--budget", "40", "--normalize", "nfc", str(path)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    stored = tmp_path / "c.jsonl"
    for change, said in ((("normalization", "nfc"), None), (("normalization", "NFD"), "normalization 'NFD'"),
                         (("headings", "Appendix"), "headings must be a list of strings")):
        stored.write_text("".join(json.dumps({**r, change[0]: change[1]}) + "\n" for r in rows), encoding="utf-8")
        code = main(["validate", "--budget", "40", "--chunks", str(stored), str(path)])
        err = capsys.readouterr().err
        if said is None:  # a form in lower case is read as that form
            assert code == 0, err
        else:
            assert code == 1 and said in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err


_PIECES = st.sampled_from([
    "a", "e", " ", ".", "\n", "\n\n", "e\u0301", "\u00e9", "o\u0302\u0323", "\u1100\u1161\u11a8",
    "\ufb01", "\u2460", "\uff21", "\u0915\u094d\u0937", "\u0928\u093c", "\u212b", "Dr. ", "x\u0308y",
])


@settings(max_examples=60, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=80), st.sampled_from(["nfc", "nfkc"]))
def test_the_map_is_monotone_and_slices_normalise_to_the_text(pieces, form):
    src = "".join(pieces)
    n = normalize_text(src, form)
    assert n.text == unicodedata.normalize(form.upper(), src)
    if n.offsets is not None:
        mapped = n.offsets.to_source_list(range(len(n.text) + 1))
        assert mapped[0] == 0 and mapped[-1] == len(src)
        assert all(x <= y for x, y in zip(mapped, mapped[1:]))
    chunks = geochunk.chunk(src, budget=16, normalize=form)
    _check(src, chunks)


REAL = os.path.join(os.path.dirname(__file__), "real_data", "django-5.2.8", "locale")


@pytest.mark.parametrize("lang", ["fr", "vi"])
def test_real_translations_in_nfd_chunk_like_nfc(lang):
    with open(os.path.join(REAL, lang, "django.po"), encoding="utf-8", newline="") as fh:
        nfc = fh.read()  # Django's own translation catalogue (NFC as shipped)
    nfd = unicodedata.normalize("NFD", nfc)
    assert nfd != nfc
    plain_nfc = geochunk.chunk(nfc, budget=128)
    plain_nfd = geochunk.chunk(nfd, budget=128)
    got = geochunk.chunk(nfd, budget=128, normalize="nfc")
    assert len(plain_nfd) > len(plain_nfc)  # decomposed accents cost tokens
    assert [c.text for c in got] == [c.text for c in plain_nfc]
    _check(nfd, got)
    assert validate(nfd, got, budget=128).passed
    # NFKC of the shipped text: same checks against the source as read
    _check(nfc, geochunk.chunk(nfc, budget=128, normalize="nfkc"))


@pytest.mark.parametrize("options", [{"overlap": 1}, {"rewrap": True}, {"oversize": "generalize"}, {"unit": "feature"}])
def test_the_gates_relate_normalised_chunk_texts_to_the_source(options):
    # every gate that places a geometry found in a chunk's text by offset (the FeatureCollection
    # head in the first chunk) must read the chunk in the text it was cut from
    fc = {"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": f"p{i}", "properties": {"nom": "Gare de l'Est é" * 3, "ville": "Besançon"},
         "geometry": {"type": "Point", "coordinates": [2.35 + i, 48.85]}} for i in range(30)]}
    src = unicodedata.normalize(
        "NFD", "Relevé des sites.\n\n" + json.dumps(fc, ensure_ascii=False, indent=1) + "\n\nFin du relevé.\n")
    chunks = geochunk.chunk(src, budget=64, normalize="nfc", **options)
    report = validate(src, chunks, budget=64)
    assert report.passed, [line for line in report.lines() if "FAIL" in line]
    _check(src, chunks)


def test_what_each_chunk_draws_names_the_features_by_source_offsets():
    nfd = unicodedata.normalize("NFD", DOC)
    cs = chunk_text(nfd, ChunkConfig(budget=48, normalize="nfc"))
    for c, records in zip(cs.chunks, cs.geometries):
        assert [r.feature for r in records] == list(c.features)
        for r in records:
            assert nfd[r.feature.start : r.feature.end] == "POINT (2.35 48.85)"
