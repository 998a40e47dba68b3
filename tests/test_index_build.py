"""Issue 27: folder builds, document identity, provenance, the build report and the small things.

Real DuckDB files, the hashing embedder (fast, offline) and small budgets; the folder holds the
bundled samples in every encoding geochunk reads plus one file that cannot be placed.
"""

from __future__ import annotations

import io
import json
import os
import shutil
from pathlib import Path

import pytest

from geochunk.cli import main
from geochunk.read.listing import DOCUMENT_SUFFIXES, list_documents
from geochunk.model import ChunkConfig
from geochunk.retrieve import build_index, open_index, query_index
from geochunk.retrieve.region import Region
from geochunk.retrieve.store import INDEX_FORMAT, PROVENANCE_COLUMNS, RTREE_INDEX, connect

SAMPLES = Path(__file__).resolve().parents[1] / "geochunk" / "samples"
REAL = Path(__file__).resolve().parent / "real_data"
CFG = ChunkConfig(budget=256)
EMB = "hashing"

SITE_A = "Frame: EPSG:4326.\n\n## Allotments\nCommunity allotment gardens: POINT (-3.190 55.950)\n"
SITE_B = "Frame: EPSG:4326.\n\n## Orchard\nAn orchard of apple trees: POINT (-3.180 55.940)\n"
LATIN1 = "Frame: EPSG:4326.\n\nThe caf\u00e9 site: POINT (-3.19 55.95)\n".encode("latin-1")  # not UTF-8


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _rows(db: Path, sql: str, params: list | None = None) -> list[tuple]:
    con = connect(db, read_only=True)
    try:
        return con.execute(sql, params or []).fetchall()
    finally:
        con.close()


# -- folder builds --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every bundled sample (md, txt, geojson, sql, gml, kml) plus a .wkt, .csv, .json and .xml
    copy, a subfolder, a file that cannot be read (Latin-1), an image and a hidden file."""
    d = tmp_path_factory.mktemp("folder") / "docs"
    d.mkdir()
    for f in SAMPLES.iterdir():
        if f.suffix != ".py" and f.name != "malformed.txt" and f.is_file():
            shutil.copy(f, d / f.name)
    (d / "sub").mkdir()
    (d / "sub" / "site.wkt").write_text("POINT (-3.19 55.95)\n", encoding="utf-8")
    (d / "sub" / "sites.csv").write_text('id,wkt\n1,"POINT (-3.19 55.95)"\n2,"POINT (-3.18 55.94)"\n',
                                         encoding="utf-8")
    shutil.copy(SAMPLES / "parcels.geojson", d / "sub" / "parcels_copy.json")
    shutil.copy(SAMPLES / "wfs_getfeature.gml", d / "sub" / "wfs.xml")
    (d / "latin1.md").write_bytes(LATIN1)
    (d / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (d / ".notes.md").write_text(SITE_A, encoding="utf-8")
    return d


def test_one_list_of_document_types_everywhere() -> None:
    from geochunk.read.folders import TEXT_SUFFIXES
    from geochunk.retrieve.build import INDEXABLE_SUFFIXES
    from geochunk.ui.services import UPLOAD_TYPES

    assert TEXT_SUFFIXES is DOCUMENT_SUFFIXES and UPLOAD_TYPES is DOCUMENT_SUFFIXES
    assert INDEXABLE_SUFFIXES == tuple(f".{s}" for s in DOCUMENT_SUFFIXES)
    assert {"gml", "kml", "xml", "wkt", "sql", "csv", "geojson", "json", "md", "txt", "pdf"} <= set(DOCUMENT_SUFFIXES)


def test_a_folder_build_reads_every_encoding_and_goes_on_past_a_bad_file(folder, tmp_path) -> None:
    db = tmp_path / "f.duckdb"
    code, out, err = _cli("index", str(folder), "--db", str(db), "--collection", "c", "--budget", "256",
                          "--embedder", EMB)
    assert code == 1, err  # one document failed: the build says so and exits non-zero ...
    assert "1 document(s) failed" in err and "Traceback" not in err
    docs = {d for (d,) in _rows(db, "SELECT DISTINCT doc_id FROM chunks")}
    expected = {f.relative_to(folder).as_posix() for f in folder.rglob("*")
                if f.is_file() and f.suffix not in (".png",) and not f.name.startswith(".")} - {"latin1.md"}
    assert docs == expected  # ... and everything else is indexed: .gml, .kml and .xml included
    assert {"wfs_getfeature.gml", "placemarks.kml", "sub/wfs.xml", "sub/site.wkt"} <= docs
    lines = out.splitlines()
    table = lines[lines.index("build report:"):]
    assert f"  indexed    {len(expected):>6}" in table and "  failed          1" in table
    assert "  skipped         2" in table
    assert any(line.startswith("  latin1.md: ") and "not valid UTF-8" in line for line in table)
    assert any("logo.png: not a document type geochunk reads (.png)" in line for line in table)
    assert any(".notes.md: hidden file" in line for line in table)
    # run again: nothing to do, no row rewritten; the build (and its refusal) is recorded for status
    rows_sql = "SELECT rid, doc_id, chunk_id, built_at FROM chunks ORDER BY rid"
    before, meta = _rows(db, rows_sql), _rows(db, "SELECT * FROM meta ORDER BY key")
    code, out, _ = _cli("index", str(folder), "--db", str(db), "--collection", "c", "--budget", "256",
                        "--embedder", EMB)
    assert code == 1 and f"  unchanged  {len(expected):>6}" in out
    assert _rows(db, rows_sql) == before and _rows(db, "SELECT * FROM meta ORDER BY key") == meta
    assert _rows(db, "SELECT build, indexed, unchanged, failed, chunks_written FROM builds ORDER BY build")[-1] \
        == (2, 0, len(expected), 1, 0)
    assert "recall:     not measured (nothing was written)" in out


def test_keep_going_is_off_for_files_and_can_be_turned_on(folder, tmp_path) -> None:
    db = tmp_path / "k.duckdb"
    files = [str(folder / "parcels.geojson"), str(folder / "latin1.md")]
    code, _, err = _cli("index", *files, "--db", str(db), "--collection", "c", "--embedder", EMB)
    assert code == 1 and "not valid UTF-8" in err and not db.exists()  # the first failure stops it
    code, out, err = _cli("index", *files, "--db", str(db), "--collection", "c", "--embedder", EMB,
                          "--keep-going")
    assert code == 1 and "  failed          1" in out and db.exists()
    assert {d for (d,) in _rows(db, "SELECT DISTINCT doc_id FROM chunks")} == {"parcels.geojson"}
    code, _, err = _cli("index", str(folder), "--db", str(tmp_path / "n.duckdb"), "--collection", "c",
                        "--embedder", EMB, "--no-keep-going")
    assert code == 1 and err.count("\n") == 1 and not (tmp_path / "n.duckdb").exists()


def test_listing_names_each_file_once_by_its_canonical_path(tmp_path) -> None:
    (tmp_path / "a.md").write_text(SITE_A, encoding="utf-8")
    os.symlink(tmp_path / "a.md", tmp_path / "link.md")
    got = list_documents([str(tmp_path / "a.md"), str(tmp_path), "./" + os.path.relpath(tmp_path / "a.md")])
    assert [f.canonical for f in got.files] == [str((tmp_path / "a.md").resolve())]
    assert list_documents([str(tmp_path / "missing.md")]).missing == ((str(tmp_path / "missing.md"),
                                                                        "no such file or folder"),)


def test_progress_bar_with_counts_only_when_asked_or_on_a_terminal(tmp_path) -> None:
    (tmp_path / "a.md").write_text(SITE_A, encoding="utf-8")
    (tmp_path / "b.md").write_text(SITE_B, encoding="utf-8")
    db = tmp_path / "p.duckdb"
    code, _, err = _cli("index", str(tmp_path / "a.md"), "--db", str(db), "--collection", "c", "--embedder", EMB)
    assert code == 0 and "indexing" not in err  # not a terminal: no bar
    code, _, err = _cli("index", str(tmp_path / "a.md"), str(tmp_path / "b.md"), "--db", str(db),
                        "--collection", "c", "--embedder", EMB, "--progress")
    assert code == 0 and "indexing" in err and "2/2" in err and "1 indexed" in err and "1 unchanged" in err


# -- document identity ----------------------------------------------------------------------


def test_a_relative_path_after_an_absolute_one_is_the_same_document(tmp_path, monkeypatch) -> None:
    (tmp_path / "a.md").write_text(SITE_A, encoding="utf-8")
    db = tmp_path / "id.duckdb"
    first = build_index([str(tmp_path / "a.md")], db, collection="c", embedder=EMB, config=CFG)
    monkeypatch.chdir(tmp_path)
    again = build_index(["a.md", "./a.md", str(tmp_path / "a.md")], db, collection="c", embedder=EMB, config=CFG)
    assert first.added == ("a.md",) and again.unchanged == ("a.md",) and again.added == ()
    assert _rows(db, "SELECT DISTINCT doc_id FROM chunks") == [("a.md",)]
    ix = open_index(db)
    try:
        res = query_index(ix, "allotment gardens", Region.near(-3.19, 55.95, 1000))
    finally:
        ix.close()
    assert [r.chunk_id for r in res.rows] == ["a.md#0"]  # one answer, not #1 and #2


def test_identity_is_the_path_under_the_recorded_root(tmp_path) -> None:
    (tmp_path / "data" / "sub").mkdir(parents=True)
    (tmp_path / "data" / "sub" / "b.md").write_text(SITE_B, encoding="utf-8")
    (tmp_path / "data" / "a.md").write_text(SITE_A, encoding="utf-8")
    db = tmp_path / "r.duckdb"
    build_index([str(tmp_path / "data")], db, collection="c", embedder=EMB, config=CFG)
    rep = build_index([str(tmp_path / "data" / "sub" / "b.md")], db, collection="c", embedder=EMB, config=CFG)
    assert rep.unchanged == ("sub/b.md",)  # the root the index recorded, not the file's folder
    rep = build_index([str(tmp_path / "data" / "a.md")], db, collection="c", embedder=EMB, config=CFG,
                      doc_id="reports/site-a")
    assert rep.replaced == ("reports/site-a",) and rep.added == ()  # one file, one document
    assert rep.replaced_why == (("reports/site-a", "the same file under another identity (was a.md)"),)
    assert {d for (d,) in _rows(db, "SELECT DISTINCT doc_id FROM chunks")} == {"sub/b.md", "reports/site-a"}
    with pytest.raises(Exception, match="--doc-id names one document"):
        build_index([str(tmp_path / "data")], db, collection="c", embedder=EMB, config=CFG, doc_id="x")


def test_a_new_root_does_not_index_a_file_twice(tmp_path) -> None:
    """The root recorded by a first build of one subfolder, then a wider --root: each file keeps
    one identity (it used to be indexed under both and come back as results #1 and #2), and the
    given root is recorded for the builds after it."""
    (tmp_path / "data" / "sub").mkdir(parents=True)
    (tmp_path / "data" / "sub" / "a.md").write_text(SITE_A, encoding="utf-8")
    (tmp_path / "data" / "b.md").write_text(SITE_B, encoding="utf-8")
    db = tmp_path / "root.duckdb"
    assert build_index([str(tmp_path / "data" / "sub")], db, collection="c", embedder=EMB, config=CFG).added == ("a.md",)
    rep = build_index([str(tmp_path / "data")], db, collection="c", embedder=EMB, config=CFG,
                      root=str(tmp_path / "data"))
    assert rep.added == ("b.md",) and rep.replaced == ("sub/a.md",)
    assert rep.replaced_why == (("sub/a.md", "the same file under another identity (was a.md)"),)
    assert {d for (d,) in _rows(db, "SELECT DISTINCT doc_id FROM chunks")} == {"sub/a.md", "b.md"}
    ix = open_index(db)
    try:
        res = query_index(ix, "allotment gardens", Region.near(-3.19, 55.95, 1000))
    finally:
        ix.close()
    assert [r.chunk_id for r in res.rows] == ["sub/a.md#0"]
    rep = build_index([str(tmp_path / "data")], db, collection="c", embedder=EMB, config=CFG)
    assert set(rep.unchanged) == {"sub/a.md", "b.md"}  # the new root was recorded


def test_a_deleted_file_is_kept_until_prune_removes_it(tmp_path) -> None:
    d = tmp_path / "docs"
    d.mkdir()
    (d / "a.md").write_text(SITE_A, encoding="utf-8")
    (d / "b.md").write_text(SITE_B, encoding="utf-8")
    db = tmp_path / "prune.duckdb"
    assert _cli("index", str(d), "--db", str(db), "--collection", "c", "--embedder", EMB)[0] == 0
    (d / "b.md").unlink()
    code, out, _ = _cli("index", str(d), "--db", str(db), "--collection", "c", "--embedder", EMB)
    assert code == 0 and "kept:       1 document(s) whose file is gone (e.g. b.md); --prune removes them" in out
    assert {d_ for (d_,) in _rows(db, "SELECT DISTINCT doc_id FROM chunks")} == {"a.md", "b.md"}
    code, out, _ = _cli("index", str(d), "--db", str(db), "--collection", "c", "--embedder", EMB, "--prune")
    assert code == 0 and "  removed         1" in out
    assert any(line.startswith("  b.md: file ") and "is gone (--prune)" in line for line in out.splitlines())
    assert _rows(db, "SELECT DISTINCT doc_id FROM chunks") == [("a.md",)]
    assert _rows(db, "SELECT item_count FROM collections") == [(len(_rows(db, "SELECT rid FROM chunks")),)]


def test_a_document_may_belong_to_two_collections(tmp_path) -> None:
    (tmp_path / "a.md").write_text(SITE_A, encoding="utf-8")
    db = tmp_path / "two.duckdb"
    build_index([str(tmp_path / "a.md")], db, collection="parks", embedder=EMB, config=CFG, version="p1")
    rep = build_index([str(tmp_path / "a.md")], db, collection="food", embedder=EMB, config=CFG, version="f9")
    assert rep.added == ("a.md",)
    assert _rows(db, "SELECT collection, corpus_version FROM chunks ORDER BY 1") == [("food", "f9"), ("parks", "p1")]
    ix = open_index(db)
    try:
        res = query_index(ix, "allotment", Region.near(-3.19, 55.95, 1000), collections=["parks"])
    finally:
        ix.close()
    assert [(r.collection, r.corpus_version) for r in res.rows] == [("parks", "p1")]


# -- provenance -----------------------------------------------------------------------------


def test_every_row_records_what_made_it_and_a_change_re_chunks(tmp_path) -> None:
    (tmp_path / "appendix.md").write_text((SAMPLES / "land_use_appendix.md").read_text("utf-8"), "utf-8")
    db = tmp_path / "prov.duckdb"
    cols = "chunker_version, tokenizer, tokenizer_sha256, chunk_budget, chunk_options, recipe, doc_sha256, corpus_version"
    build_index([str(tmp_path / "appendix.md")], db, collection="c", embedder=EMB, config=ChunkConfig(budget=512))
    made = set(_rows(db, f"SELECT {cols} FROM chunks"))
    assert len(made) == 1
    chunker, tok, tok_sha, budget, options, recipe, sha, version = made.pop()
    assert (tok, budget, version) == ("cl100k_base", 512, "1") and chunker.startswith("geochunk/")
    assert tok_sha and len(sha) == 64 and json.loads(options)["strategy"] == "auto" and len(recipe) == 16
    n512 = len(_rows(db, "SELECT rid FROM chunks"))
    # another budget: replaced, with the reason; not "unchanged"
    rep = build_index([str(tmp_path / "appendix.md")], db, collection="c", embedder=EMB, config=ChunkConfig(budget=128))
    assert rep.replaced == ("appendix.md",) and rep.replaced_why == (("appendix.md", "budget 512 → 128"),)
    assert _rows(db, "SELECT DISTINCT chunk_budget FROM chunks") == [(128,)] and len(_rows(db, "SELECT rid FROM chunks")) > n512
    # another tokenizer: replaced
    rep = build_index([str(tmp_path / "appendix.md")], db, collection="c", embedder=EMB,
                      config=ChunkConfig(budget=128, encoding="o200k_base"))
    assert rep.replaced == ("appendix.md",) and "tokenizer cl100k_base → o200k_base" in rep.replaced_why[0][1]
    assert _rows(db, "SELECT DISTINCT tokenizer FROM chunks") == [("o200k_base",)]
    # another option that changes chunks: replaced
    rep = build_index([str(tmp_path / "appendix.md")], db, collection="c", embedder=EMB,
                      config=ChunkConfig(budget=128, encoding="o200k_base", overlap=1))
    assert "options overlap 0 → 1" in rep.replaced_why[0][1]
    # the same again: unchanged, and the meta no longer claims one budget for the index
    rep = build_index([str(tmp_path / "appendix.md")], db, collection="c", embedder=EMB,
                      config=ChunkConfig(budget=128, encoding="o200k_base", overlap=1))
    assert rep.unchanged == ("appendix.md",)
    assert _rows(db, "SELECT count(*) FROM meta WHERE key = 'chunk_budget'") == [(0,)]


def test_cli_budget_and_encoding_change_re_chunks(tmp_path) -> None:
    (tmp_path / "a.md").write_text((SAMPLES / "mixed_report.md").read_text("utf-8"), "utf-8")
    db = tmp_path / "cli.duckdb"
    base = ["index", str(tmp_path / "a.md"), "--db", str(db), "--collection", "c", "--embedder", EMB]
    assert _cli(*base)[0] == 0
    code, out, _ = _cli(*base, "--budget", "128")
    assert code == 0 and "  a.md: budget 512 → 128" in out
    code, out, _ = _cli(*base, "--budget", "128", "--encoding", "o200k_base")
    assert code == 0 and "  a.md: tokenizer cl100k_base → o200k_base" in out


def test_an_answer_shows_the_version_of_the_row_it_returns(tmp_path) -> None:
    (tmp_path / "a.md").write_text(SITE_A, encoding="utf-8")
    (tmp_path / "b.md").write_text(SITE_B, encoding="utf-8")
    db = tmp_path / "v.duckdb"
    build_index([str(tmp_path / "a.md"), str(tmp_path / "b.md")], db, collection="c", embedder=EMB,
                config=CFG, version="2026-01")
    rep = build_index([str(tmp_path / "a.md")], db, collection="c", embedder=EMB, config=CFG, version="2026-06")
    assert rep.replaced_why == (("a.md", "version 2026-01 → 2026-06"),)  # a new label re-chunks
    ix = open_index(db)
    try:
        res = query_index(ix, "allotment orchard", Region.near(-3.185, 55.945, 3000))
    finally:
        ix.close()
    assert {r.doc_id: r.corpus_version for r in res.rows} == {"a.md": "2026-06", "b.md": "2026-01"}


def test_licence_period_resolution_and_version_are_kept_when_left_off(tmp_path) -> None:
    (tmp_path / "a.md").write_text(SITE_A, encoding="utf-8")
    (tmp_path / "b.md").write_text(SITE_B, encoding="utf-8")
    db = tmp_path / "lic.duckdb"
    code, _, err = _cli("index", str(tmp_path / "a.md"), "--db", str(db), "--collection", "c", "--embedder", EMB,
                        "--licence", "CC-BY-4.0", "--period", "2019/2021", "--resolution", "10", "--version", "v3")
    assert code == 0, err
    code, out, err = _cli("index", str(tmp_path / "b.md"), "--db", str(db), "--collection", "c", "--embedder", EMB)
    assert code == 0 and "collection: c version v3" in out, err
    cat = _rows(db, "SELECT licence, period_start, period_end, resolution_m, corpus_version FROM collections")
    assert cat == [("CC-BY-4.0", "2019", "2021", 10.0, "v3")]
    # rows carry their own period (none stated in these notes), not the collection's (issue #30)
    assert _rows(db, "SELECT DISTINCT corpus_version, period_start FROM chunks") == [("v3", None)]
    # given again, a value changes
    assert _cli("index", str(tmp_path / "b.md"), "--db", str(db), "--collection", "c", "--embedder", EMB,
                "--licence", "LicenseRef-NoAI")[0] == 0
    assert _rows(db, "SELECT licence FROM collections") == [("LicenseRef-NoAI",)]


def test_a_format_1_index_still_opens_and_is_migrated_by_the_next_build(tmp_path) -> None:
    (tmp_path / "a.md").write_text(SITE_A, encoding="utf-8")
    db = tmp_path / "old.duckdb"
    build_index([str(tmp_path / "a.md")], db, collection="c", embedder=EMB, config=CFG)
    con = connect(db)  # as geochunk wrote it before: no provenance, paths as given
    con.execute(f"DROP INDEX {RTREE_INDEX}")
    con.execute("DROP INDEX chunks_rid")
    for name, _ in PROVENANCE_COLUMNS:
        con.execute(f"ALTER TABLE chunks DROP COLUMN {name}")
    con.execute(f"CREATE INDEX {RTREE_INDEX} ON chunks USING RTREE (footprint)")
    con.execute("UPDATE chunks SET doc_id = ?, chunk_id = ? || '#' || chunk_index", [str(tmp_path / "a.md")] * 2)
    con.execute("UPDATE meta SET value = '1' WHERE key = 'index_format'")
    con.execute("DELETE FROM meta WHERE key = 'doc_root'")
    con.close()
    ix = open_index(db)  # still opens and answers
    try:
        assert query_index(ix, "allotment", Region.near(-3.19, 55.95, 500)).rows
    finally:
        ix.close()
    rep = build_index([str(tmp_path / "a.md")], db, collection="c", embedder=EMB, config=CFG)
    assert rep.replaced == ("a.md",) and "made before rows recorded what made them" in rep.replaced_why[0][1]
    assert _rows(db, "SELECT DISTINCT doc_id FROM chunks") == [("a.md",)]  # the old path-named rows went
    assert _rows(db, "SELECT value FROM meta WHERE key = 'index_format'") == [(str(INDEX_FORMAT),)]
    assert _rows(db, "SELECT count(*) FROM chunks WHERE recipe IS NULL") == [(0,)]


# -- small things ---------------------------------------------------------------------------


def test_program_version_and_corpus_version_are_apart() -> None:
    from geochunk import __version__

    assert _cli("--version") == (0, f"geochunk {__version__}\n", "")
    assert "--version VERSION corpus version label" in _help("index")


def _help(command: str) -> str:
    from geochunk.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    return " ".join(sub.choices[command].format_help().split()).replace(" -", "\n -")


def test_help_shows_each_default_once() -> None:
    index, query, chunk = _help("index"), _help("query"), _help("chunk")
    assert "(default: 512)" in index and "(default: static)" in index and "(default: cl100k_base)" in index
    assert "(default: 10)" in query and "(default: exponential)" in query and "(default: 1.0)" in query
    for text in (index, query, chunk):
        assert "(default: None)" not in text and "(default: False)" not in text and "(default: [])" not in text
        for option in text.split("\n -")[1:]:  # one option's help
            assert option.lower().count("default") <= 1, option
    assert "(default: 800)" in chunk and "default 64M" in chunk and "(default: jsonl)" in chunk


def test_a_projected_bbox_without_crs_is_one_line(tmp_path) -> None:
    (tmp_path / "a.md").write_text(SITE_A, encoding="utf-8")
    db = tmp_path / "q.duckdb"
    build_index([str(tmp_path / "a.md")], db, collection="c", embedder=EMB, config=CFG)
    code, out, err = _cli("query", "parks", "--db", str(db), "--bbox", "529500,178500,531500,180500")
    assert code == 2 and not out and err.count("\n") == 1 and "Traceback" not in err
    assert "the numbers look projected" in err and "--crs" in err
    code, out, err = _cli("query", "parks", "--db", str(db), "--bbox", "-3.2,55.9,-3.1,56.0")
    assert code == 0, err


# -- real files written by others, all indexed raw ------------------------------------------

#: Files shipped in packages (GIS test fixtures, docs, public datasets' files; SOURCES.md), in
#: every encoding: GeoJSON, JSON fixtures, KML, GML (CityGML, WFS), WKT, CSV, Markdown, reST.
REAL_FILES: tuple[str, ...] = (
    "django-5.2.8/geometries.json",
    "django-5.2.8/has_nulls.geojson",
    "django-5.2.8/distapp_initial.json",
    "django-5.2.8/geogapp_initial.json",
    "django-5.2.8/relatedapp_initial.json",
    "django-5.2.8/test_vrt.csv",
    "django-5.2.8/docs_gis_tutorial.txt",
    "django-5.2.8/docs_gis_measure.txt",
    "geomet-1.1.0/README.md",
    "geojson-3.2.0/README.rst",
    "libpysal-4.14.1/stl/stl_hom.wkt",
    "libpysal-4.14.1/columbus/columbus.json",
    "libpysal-4.14.1/baltim/baltimore.geojson",
    "libpysal-4.14.1/georgia/GData_utm.csv",
    "kml2geojson-6.0.0/two_layers.kml",
    "kmlorm-1.1.1/sample.kml",
    "kmlorm-1.1.1/multigeometry_test.kml",
    "kmlorm-1.1.1/tutorial_stores.kml",
    "kmlorm-1.1.1/comprehensive.kml",
    "kmlorm-1.1.1/google_earth_kml.kml",
    "pykml-0.2.0/complete_tour_example.kml",
    "pykml-0.2.0/altitudemode_reference.kml",
    "citysmith-0.2.0/CS1_lod0.gml",
    "citysmith-0.2.0/CS1_lod1_average.gml",
    "citysmith-0.2.0/CS1_lod2_lower_only.gml",
    "citysmith-0.2.0/CS1_multiLOD.gml",
    "pydov-4.0.0/boring_wfsgetfeature.xml",
    "pydov-4.0.0/grondwaterfilter_wfsgetfeature.xml",
    "geopandas-1.2.0/null_geom.geojson",
    "pygml-0.3.2/README.md",
    "pysiss-0.0.4/geo2test.xml",
    "pysiss-0.0.4/geo3test.xml",
    "pydov-4.0.0/generic_wfsgetfeature.xml",
    "pydov-4.0.0/bodemsite_wfsgetfeature.xml",
    "pydov-4.0.0/polygon_single_31370.gml",
    "kmlorm-1.1.1/KML_SPECIFICATION.md",
    "kmlorm-1.1.1/tutorial.rst",
    "kmlorm-1.1.1/quickstart.rst",
)

@pytest.fixture(scope="module")
def real_build(tmp_path_factory: pytest.TempPathFactory):
    d = tmp_path_factory.mktemp("real")
    db = d / "real.duckdb"
    report = build_index([str(REAL / f) for f in REAL_FILES], db, collection="real", embedder=EMB,
                         config=ChunkConfig(budget=512), keep_going=True, root=str(REAL))
    return report, db


def test_real_files_are_listed_and_shipped() -> None:
    sources = (REAL / "SOURCES.md").read_text("utf-8")
    assert len(REAL_FILES) >= 20 and len(set(REAL_FILES)) == len(REAL_FILES)
    for f in REAL_FILES:
        assert (REAL / f).is_file() and (REAL / f).stat().st_size < 200_000, f
        assert f"| `{f}` |" in sources, f"{f} has no row in SOURCES.md"
    assert {Path(f).suffix for f in REAL_FILES} >= {".json", ".geojson", ".kml", ".gml", ".xml", ".wkt", ".csv",
                                                     ".md", ".rst", ".txt"}


def test_real_files_index_raw(real_build) -> None:
    """Every file indexes as shipped: none fails, none is skipped, every one has rows."""
    report, db = real_build
    assert report.failed == () and report.skipped == ()
    assert set(report.added) == set(REAL_FILES)
    indexed = {d for (d,) in _rows(db, "SELECT DISTINCT doc_id FROM chunks")}
    assert indexed == set(REAL_FILES)
    # broken example geometries in docs are kept as flagged text, as geochunk validate accepts them
    flagged = _rows(db, "SELECT DISTINCT doc_id FROM chunks WHERE list_contains(flags, 'unparseable_span') "
                        "OR list_contains(flags, 'unclosed_geometry')")
    assert {"django-5.2.8/docs_gis_tutorial.txt", "geojson-3.2.0/README.rst"} <= {d for (d,) in flagged}
    placed = _rows(db, "SELECT count(DISTINCT doc_id) FROM chunks WHERE has_extent")[0][0]
    assert placed >= 25  # most files are placed on the map, not only indexed as text


def test_chunk_and_validate_read_a_folder_with_the_same_list(tmp_path) -> None:
    (tmp_path / "sub").mkdir()
    shutil.copy(SAMPLES / "placemarks.kml", tmp_path / "sub" / "placemarks.kml")
    shutil.copy(SAMPLES / "wfs_getfeature.gml", tmp_path / "wfs.gml")
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    code, out, err = _cli("chunk", str(tmp_path), "--budget", "256")
    assert code == 0, err
    docs = {json.loads(line)["doc_id"] for line in out.splitlines()}
    assert docs == {str(tmp_path / "sub" / "placemarks.kml"), str(tmp_path / "wfs.gml")}
    assert f"geochunk: skipped {tmp_path / 'logo.png'}: not a document type geochunk reads (.png)" in err
    code, out, _ = _cli("validate", str(tmp_path), "--budget", "256")
    assert out.count(": PASS") + out.count(": FAIL") == 2


def test_an_empty_text_is_skipped_with_its_reason_not_added_on_every_build(tmp_path) -> None:
    """A text with no chunks stores no rows, so nothing says it was seen: it was reported
    "added" on every build. It is skipped, with the reason, each time; the other text is
    unchanged the second time."""
    db = tmp_path / "t.duckdb"
    reports = [build_index(["a", "e"], db, collection="c", embedder=EMB, config=CFG,
                           texts=["POINT (1 2)\n", ""]) for _ in range(2)]
    assert [(r.added, r.unchanged) for r in reports] == [(("a",), ()), ((), ("a",))]
    for r in reports:
        assert r.skipped == (("e", "no chunks (an empty text): nothing to index"),)
        assert "e" not in r.replaced
