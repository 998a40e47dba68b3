"""Issue 30 (2): catalog fitness — chunk periods, resolution, licences, coverage, caveats.

Real index files (DuckDB + spatial, the hashing embedder) holding four collections; licence
strings read from real package metadata.
"""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

import pytest

from geochunk.cli import main
from geochunk.errors import ConfigError
from geochunk.model import ChunkConfig
from geochunk.retrieve import build_index, open_index, query_index
from geochunk.retrieve.catalog import COARSER, scale_resolution
from geochunk.retrieve.licence import read_licence
from geochunk.retrieve.region import Region

CFG = ChunkConfig(budget=32)
EMB = "hashing"
NEAR = Region.near(-3.185, 55.945, 3000)

SURVEYS = ("Frame: EPSG:4326.\n\n## Allotments\nCommunity allotment gardens: POINT (-3.190 55.950)\n"
           "Survey date: 2019-05-14\n\n## Orchard\nAn orchard of apple trees and gardens: POINT (-3.180 55.940)\n"
           "Survey date: 2023-08-02\n\n## Meadow\nA wild meadow garden: POINT (-3.185 55.945)\n\n"
           "Notes on the gardens follow in prose with no geometry at all.\n")
COARSE = ("Frame: EPSG:4326.\n\n## Land cover\nGardens and parks land cover cell: POINT (-3.188 55.948)\n\n"
          "## Land cover 2\nGardens land cover cell: POINT (-3.182 55.942)\n\n"
          "## Land cover 3\nGardens cover cell: POINT (-3.186 55.946)\n")
CLOSED = "Frame: EPSG:4326.\n\n## Private gardens\nPrivate garden survey: POINT (-3.187 55.947)\n"
MYSTERY = "Frame: EPSG:4326.\n\n## Garden\nOne garden plot: POINT (-3.184 55.944)\n"
NC = "Frame: EPSG:4326.\n\n## Research plots\nGarden research plot: POINT (-3.183 55.943)\n\nGarden notes.\n"


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("fitness")
    db = d / "ix.duckdb"
    for name, text, opts in (
        ("surveys", SURVEYS, {"licence": "CC-BY-4.0", "resolution_m": 1.0, "period": "2015/2025"}),
        ("landcover", COARSE, {"licence": "OGL-UK-3.0", "resolution_m": 250.0}),
        ("private", CLOSED, {"licence": "All rights reserved, no reuse"}),
        ("mystery", MYSTERY, {"licence": "Dual License"}),
        ("research", NC, {"licence": "CC-BY-NC-4.0"}),
    ):
        (d / f"{name}.md").write_text(text, encoding="utf-8")
        build_index([str(d / f"{name}.md")], db, collection=name, embedder=EMB, config=CFG, **opts)
    return db


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


# -- licences ---------------------------------------------------------------------------------

#: (licence string, where it was read, expected status): the License / License-Expression
#: metadata fields of installed distributions (importlib.metadata), as written there
REAL_LICENCES = [
    ("MIT OR Apache-2.0", "sniffio 1.3.1 License; trio 0.35.0 License-Expression", "allowed"),
    ("Apache-2.0 OR BSD-3-Clause", "cryptography 48.0.0 License-Expression", "allowed"),
    ("BSD-3-Clause AND 0BSD AND MIT AND Zlib AND CC0-1.0", "numpy 2.4.6 License-Expression", "allowed"),
    ("MPL-2.0 AND (Apache-2.0 OR MIT)", "orjson 3.13.0 License-Expression", "allowed"),
    ("Apache-2.0 AND CNRI-Python", "regex 2026.5.9 License-Expression", "allowed"),
    ("MIT-CMU", "pillow 13.0.0 License-Expression", "allowed"),
    ("MPL-2.0", "hypothesis 6.155.2 License-Expression; certifi 2026.5.20 License", "allowed"),
    ("PSF-2.0", "typing_extensions 4.16.0 License-Expression", "allowed"),
    ("MIT License", "dirtyjson 1.0.8 License", "allowed"),
    ("Apache License, Version 2.0", "nltk 3.10.4 License", "allowed"),
    ("3-Clause BSD License", "protobuf 7.36.2 License", "allowed"),
    ("ASL 2", "rsa 4.7.2 License", "allowed"),
    ("Modified BSD License", "jsonpatch 1.33 License", "allowed"),
    ("public domain, Python, 2-Clause BSD, GPL 3 (see COPYING.txt)", "docutils 0.19 License", "allowed"),
    ("Dual License", "python-dateutil 2.9.0.post0 License", "unknown"),
    ("(same as Leaflet)", "XStatic-Leaflet 1.9.3.0 License", "unknown"),
    ("UNKNOWN", "backcall 0.2.0 License", "unknown"),
    # LICENSE file lines (first lines of the files in the wheels' dist-info folders)
    ("Copyright (c) 2014-2025, Ionel Cristian Mărieș. All rights reserved.",
     "lazy-object-proxy 1.12.0 LICENSE, first line (a header with no grant in the string)", "excluded"),
    ("This library is free for commercial and non-commercial use as long as",
     "pyarrow 26.0.1 LICENSE.txt line 1665", "unknown"),
]


@pytest.mark.parametrize("text,source,status", REAL_LICENCES, ids=[r[0][:30] for r in REAL_LICENCES])
def test_real_licence_strings(text: str, source: str, status: str) -> None:
    v = read_licence(text)
    assert v.status == status, (source, v)
    assert v.reason


def test_spdx_expressions_are_normalised_and_combined() -> None:
    assert read_licence("GPL-2.0+").spdx == "GPL-2.0-or-later"
    assert read_licence("mit").spdx == "MIT"
    assert read_licence("MIT OR CC-BY-NC-4.0").status == "allowed"  # OR: the user may choose MIT
    v = read_licence("MIT AND CC-BY-NC-4.0")  # AND: both apply
    assert v.status == "excluded" and "non-commercial" in v.reason
    assert read_licence("Apache-2.0 WITH LLVM-exception").status == "allowed"
    assert read_licence("CC-BY-ND-4.0").status == "unknown"
    assert read_licence("CC-BY-SA-4.0").reason.endswith("(copyleft: share-alike terms apply)")


@pytest.mark.parametrize("text,why", [
    ("All rights reserved", "all rights reserved"),
    ("no reuse permitted", "no reuse"),
    ("CC-BY-4.0; no AI training", "no AI use"),
    ("LicenseRef-NoAI", "no AI use"),
    ("LicenseRef-NoTDM", "no text and data mining"),
    ("Creative Commons Attribution-NonCommercial 4.0 International", "non-commercial only"),
    ("CC BY-NC 4.0", "non-commercial only"),
    ("Not for commercial use", "non-commercial only"),
    ("Internal use only", "internal use only"),
    # ways a restriction was once let through as "unknown" (and so into the context)
    ("No A.I.", "no AI use"),
    ("\uff4e\uff4f \uff21\uff29", "no AI use"),  # full-width "no AI"
    ("\uff23\uff23-\uff22\uff39-\uff2e\uff23-4.0", "non-commercial only"),  # full-width CC-BY-NC-4.0
    ("Do not use for AI", "no AI use"),
    ("AI training not permitted", "no AI use"),
    ("Commercial use prohibited", "non-commercial only"),
    ("Personal use only", "personal use only"),
    ("Research use only", "research use only"),
])
def test_restricting_phrases_exclude(text: str, why: str) -> None:
    v = read_licence(text)
    assert v.status == "excluded" and why in v.reason


def test_phrases_that_lift_or_grant_do_not_exclude() -> None:
    assert read_licence("no reuse restrictions").status == "unknown"
    assert read_licence("no commercial use restrictions").status == "unknown"
    assert read_licence("No rights reserved").status == "allowed"  # CC0's words
    assert read_licence("Copyright 2008 Google Inc. All rights reserved. Licensed under BSD-3-Clause").status \
        == "allowed"
    assert read_licence("CC BY-SA 4.0").ids == ("CC-BY-SA-4.0",)
    assert read_licence("Open Government Licence v3.0").ids == ("OGL-UK-3.0",)


# -- the shortlist: scores and caveats, three collections and more ----------------------------


def test_the_shortlist_scores_and_caveats_every_collection(index: Path) -> None:
    ix = open_index(index)
    try:
        res = query_index(ix, "gardens", NEAR, max_resolution_m=10.0, k=20)
    finally:
        ix.close()
    by = {s.collection: s for s in res.shortlist}
    assert set(by) == {"surveys", "landcover", "private", "mystery", "research"}
    assert [s.collection for s in res.shortlist if s.included] == ["surveys", "mystery", "landcover"]
    surveys, coarse, mystery = by["surveys"], by["landcover"], by["mystery"]
    assert surveys.score == 3.0 and surveys.caveats == () and surveys.licence_status == "allowed"
    # coarser than the question: searched, but said so (and after the fit ones)
    assert coarse.included and coarse.score == 3.0 and coarse.resolution_m == 250.0
    assert coarse.caveats == (f"{COARSER} (250 m; the question needs <= 10 m)",)
    assert mystery.included and mystery.score == 1.0 and mystery.licence_status == "unknown"
    assert mystery.caveats[0] == "sparse coverage: 1 item in the region"
    assert any(c.startswith("licence unknown") for c in mystery.caveats)
    assert "resolution not declared" in mystery.caveats
    for name, why in (("private", "all rights reserved; no reuse"), ("research", "non-commercial only")):
        assert not by[name].included and by[name].licence_status == "excluded" and why in by[name].reason
    # an excluded licence never reaches the results
    assert {r.collection for r in res.rows} <= {"surveys", "landcover", "mystery"}
    assert any(r.collection == "landcover" for r in res.rows)


def test_excluded_licences_stay_out_of_the_no_extent_lane(index: Path) -> None:
    ix = open_index(index)
    try:
        res = query_index(ix, "garden notes", NEAR, include_no_extent=True, k=50)
        everywhere = query_index(ix, "garden notes", None, k=50)
    finally:
        ix.close()
    assert res.no_extent_lane >= 1  # the surveys' prose
    for r in (*res.rows, *everywhere.rows):
        assert r.collection not in ("private", "research"), r.chunk_id


def test_stale_collections_carry_the_caveat(index: Path) -> None:
    ix = open_index(index)
    try:
        later = dt.datetime.now() + dt.timedelta(days=200)
        res = query_index(ix, "gardens", NEAR, now=later)
        fresh = query_index(ix, "gardens", NEAR)
    finally:
        ix.close()
    assert all(any(c.startswith("stale: catalog refreshed 200 days ago") for c in s.caveats)
               for s in res.shortlist if s.included)
    assert not any("stale" in c for s in fresh.shortlist for c in s.caveats)


def test_a_question_scale_sets_the_resolution_needed(index: Path) -> None:
    assert scale_resolution("1:10,000") == 5.0
    code, out, err = _cli("query", "gardens", "--db", str(index), "--near=-3.185,55.945", "--radius", "3000",
                          "--scale", "1:10000")
    assert code == 0, err
    assert f"caveat: {COARSER} (250 m; the question needs <= 5 m)" in out
    assert "score 3; 3 of 3 items in the region" in out
    code, out, _ = _cli("query", "gardens", "--db", str(index), "--near=-3.185,55.945", "--radius", "3000",
                        "--scale", "1:1000000")  # 500 m: nothing is coarser
    assert code == 0 and COARSER not in out
    assert _cli("query", "gardens", "--db", str(index), "--scale", "ten")[0] == 2
    with pytest.raises(ConfigError):
        ix = open_index(index)
        try:
            query_index(ix, "gardens", NEAR, max_resolution_m=-1)
        finally:
            ix.close()


# -- periods: the collection's first, then each chunk's own ------------------------------------


def test_chunks_are_filtered_by_their_own_period(index: Path) -> None:
    ix = open_index(index)
    try:
        everything = query_index(ix, "gardens orchard allotment", NEAR, collections=["surveys"], k=20)
        y2019 = query_index(ix, "gardens orchard allotment", NEAR, collections=["surveys"], k=20,
                            period="2019/2019", include_no_extent=True)
        y2023 = query_index(ix, "gardens orchard allotment", NEAR, collections=["surveys"], k=20,
                            period="2023-01/2023-12")
        outside = query_index(ix, "gardens", NEAR, period="2030/2031")
    finally:
        ix.close()

    def dated(res):
        return {r.period_start for r in res.rows if r.period_start}

    # each chunk its own survey date (the meadow, which has none, the document's: the first date)
    assert {(r.period_start, r.period_source) for r in everything.rows if r.period_start} == {
        ("2019-05-14", "attribute:Survey date"), ("2023-08-02", "attribute:Survey date"),
        ("2019-05-14", "document")}
    assert dated(y2019) == {"2019-05-14"}
    assert dated(y2023) == {"2023-08-02"}
    assert y2019.work["period_filtered"] >= 1 and everything.work["period_filtered"] == 0
    # chunks that state no period stay, under their collection's (2015/2025 overlaps): the prose
    assert any(r.period_start is None and r.lane == "no-extent" for r in y2019.rows)
    # the coarse first pass: a collection declaring 2015/2025 is not searched for 2030
    s = next(x for x in outside.shortlist if x.collection == "surveys")
    assert not s.included and "does not overlap" in s.reason
    assert all(r.collection != "surveys" for r in outside.rows)


def test_index_says_what_queries_will_make_of_the_licence(tmp_path: Path) -> None:
    (tmp_path / "nc.md").write_text(NC, encoding="utf-8")
    code, out, err = _cli("index", str(tmp_path / "nc.md"), "--db", str(tmp_path / "nc.duckdb"), "--collection",
                          "research", "--embedder", EMB, "--budget", "32", "--licence", "CC BY-NC 4.0")
    assert code == 0, err
    assert "licence:    CC BY-NC 4.0: excluded (non-commercial only); queries will not search this collection" in out
