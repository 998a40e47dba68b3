"""Retrieve results a person can read (issue #31): document names under the corpus root (never
a server path), snippets with the question's words marked and escaped, each result's features
and the searched region on a map framed on that region before and after the query."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from apptest_helpers import map_args, page_output
from test_app_retrieve import html_table

from geochunk.ui import retrieve as svc
from geochunk.ui.retrieve import RetrieveKeys as K
from geochunk.view.charts import sizes_chart
from geochunk.view.retrieve import snippet_html

APP_DIR = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def samples_index(tmp_path_factory: pytest.TempPathFactory):
    """The app's bundled-samples index, built into a fresh cache with its progress labels."""
    cache = tmp_path_factory.mktemp("retrieve_cache")
    old = os.environ.get("GEOCHUNK_CACHE")
    os.environ["GEOCHUNK_CACHE"] = str(cache)
    labels: list[str] = []
    try:
        path, report = svc.build_samples_index(list(svc.DEFAULT_SAMPLES),
                                               lambda d, t, name: labels.append(name))
        yield path, labels
    finally:
        if old is None:
            os.environ.pop("GEOCHUNK_CACHE", None)
        else:
            os.environ["GEOCHUNK_CACHE"] = old


def _page(index: Path, **state) -> AppTest:
    at = AppTest.from_file(str(APP_DIR / "pages" / "4_Retrieve.py"), default_timeout=180)
    at.session_state[K.INDEX_PATH] = str(index)
    for k, v in state.items():
        at.session_state[k] = v
    at.run()
    assert not at.exception, at.exception
    return at


def test_build_progress_and_results_name_documents_under_the_samples_folder(samples_index) -> None:
    path, labels = samples_index
    assert sorted(labels) == sorted(svc.sample_path(n).name for n in svc.DEFAULT_SAMPLES)
    at = _page(path, **{K.REGION_MODE: "Box"})
    results = html_table(at, "gc-scores")
    assert len(results) == 10
    chunks = [r["chunk"] for r in results]
    assert all(re.fullmatch(r"[\w.]+#\d+", c) for c in chunks), chunks
    out = page_output(at)
    assert str(APP_DIR) not in out and "/geochunk/samples/" not in out


def test_the_index_status_names_the_index_file_not_its_server_path(samples_index) -> None:
    # the "Index status" section printed `geochunk status`'s first line, the index's absolute
    # path in the server's cache (its home directory, its user name): the file name is enough
    path, _ = samples_index
    at = _page(path, **{K.REGION_MODE: "Box"})
    out = page_output(at)
    assert f"index:      {path.name} (format " in out
    assert str(path.parent) not in out and str(Path.home()) not in out


def test_an_index_an_older_geochunk_built_is_not_reused(samples_index, monkeypatch) -> None:
    path, _ = samples_index
    assert svc.samples_index_path(list(svc.DEFAULT_SAMPLES)) == path
    monkeypatch.setattr(svc, "CHUNKER_VERSION", "geochunk/0.0.9")
    assert svc.samples_index_path(list(svc.DEFAULT_SAMPLES)) != path


def test_an_index_an_edited_chunker_built_is_not_reused(samples_index, monkeypatch) -> None:
    """The WFS sample's chunks changed (its boundedBy Envelope stopped being a feature) while
    the version string stood still: the cache key follows the chunker's code as well."""
    path, _ = samples_index
    monkeypatch.setattr(svc, "chunker_digest", lambda: "0" * 16)
    assert svc.samples_index_path(list(svc.DEFAULT_SAMPLES)) != path


def test_the_chunker_digest_follows_the_code_that_makes_rows_only(tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "pkg"
    for rel in ("__init__.py", "detection/scan.py", "ui/retrieve.py", "view/tables.py"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(f"# {rel}\n", encoding="utf-8")
    first = svc.chunker_digest(root)
    svc.chunker_digest.cache_clear()
    assert svc.chunker_digest(root) == first  # deterministic
    for shown_only in ("ui/retrieve.py", "view/tables.py", "detection/__pycache__/scan.py"):
        (root / shown_only).parent.mkdir(parents=True, exist_ok=True)
        (root / shown_only).write_text("# the app's look, or bytecode\n", encoding="utf-8")
        svc.chunker_digest.cache_clear()
        assert svc.chunker_digest(root) == first, shown_only
    (root / "detection" / "scan.py").write_text("# an Envelope is extent\n", encoding="utf-8")
    svc.chunker_digest.cache_clear()
    edited = svc.chunker_digest(root)
    assert edited != first
    shutil.move(root / "detection" / "scan.py", root / "detection" / "scan2.py")  # renamed
    svc.chunker_digest.cache_clear()
    assert svc.chunker_digest(root) not in (first, edited)
    svc.chunker_digest.cache_clear()
    assert svc.chunker_digest() == svc.chunker_digest(svc.CORE_ROOT) and len(svc.chunker_digest()) == 16


def test_the_chunker_digest_does_not_depend_on_where_the_package_is(tmp_path: Path) -> None:
    # the same code installed in two places (or named in another case order) keys the same
    # cache: the digest reads relative names and contents, never the install path
    digests = []
    for where in ("a/site-packages/geochunk", "elsewhere/Deep/geochunk"):
        root = tmp_path / where
        for rel in ("__init__.py", "Zeta.py", "detection/scan.py", "alpha.py"):
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(f"# {rel}\n", encoding="utf-8")
        svc.chunker_digest.cache_clear()
        digests.append(svc.chunker_digest(root))
    svc.chunker_digest.cache_clear()
    assert digests[0] == digests[1]


def test_each_result_has_a_snippet_with_the_words_marked(samples_index) -> None:
    path, _ = samples_index
    at = _page(path, **{K.REGION_MODE: "Box"})
    [cards] = [h.proto.body for h in at.get("html") if "gc-results" in h.proto.body]
    items = cards.split("<li")[1:]
    assert len(items) == 10
    marked = 0
    for item in items:
        hit = re.search(r"<mark>(allotment|garden|gardens|community|growing)</mark>", item, re.I)
        # a result the BM25 lane found has its words marked (semantic or distance alone: none)
        assert hit or "bm25 rank —" in item, item
        marked += bool(hit)
        assert "parcels.geojson#" in item or ".md#" in item or ".sql#" in item or ".gml#" in item \
            or ".kml#" in item or ".txt#" in item
    assert marked >= 5
    # the document's own markup never survives as markup: the GeoJSON's HTML-injection probe
    assert "<img" not in cards and "<script" not in cards.lower()


def test_snippets_escape_the_document_and_mark_words_the_way_bm25_reads_them() -> None:
    text = 'Plot <script>alert(1)</script> of the Community Gardens; "allotments" LU-0042 POINT (1 2)'
    h = snippet_html(text, "community garden allotment lu-0042")
    assert "<script>" not in h and "&lt;script&gt;" in h
    assert h.count("<mark>") == 4  # Community, Gardens (plural folded), allotments, LU-0042
    assert "<mark>LU-0042</mark>" in h and "(1 2)" not in h  # coordinates left out
    long = ("filler words here " * 60) + "the orchard is here" + (" more filler" * 60)
    h = snippet_html(long, "orchard")
    assert "<mark>orchard</mark>" in h and h.startswith("… ") and h.endswith(" …")
    assert len(re.sub(r"<[^>]+>", "", h)) < 340


def _fit(args: dict) -> list[list[float]]:
    m = re.search(r"fitBounds\(\s*(\[\[.*?\]\])", args["script"], re.S)
    assert m, "the map is not fitted"
    return json.loads(m.group(1))


def test_the_map_is_framed_on_the_region_before_and_after_the_question(samples_index) -> None:
    path, _ = samples_index
    # before any question: the box typed frames the map and is drawn
    at = _page(path, **{K.REGION_MODE: "Box", K.QUESTION: " "})
    [args] = map_args(at)
    assert _fit(args) == [[55.92, -3.25], [55.97, -3.15]]
    assert '"role": "region"' in args["feature_group"] or '"role":"region"' in args["feature_group"]
    # after it: the same frame, the region and every result with a footprint drawn
    at.text_input(key=K.QUESTION).set_value("allotment gardens").run()
    [args] = map_args(at)
    assert _fit(args) == [[55.92, -3.25], [55.97, -3.15]]
    layer = args["feature_group"]
    assert layer.count('"role": "result"') + layer.count('"role":"result"') == 10
    # a point region: framed on its circle, not the country
    at.radio(key=K.REGION_MODE).set_value("Near a point").run()
    (s, w), (n, e) = _fit(map_args(at)[0])
    assert 0.02 < n - s < 0.05 and 0.03 < e - w < 0.1  # 2 km around Edinburgh


def test_size_histograms_have_a_scale_per_splitter() -> None:
    from geochunk.split.baselines import SplitStats

    spec = sizes_chart([SplitStats("fixed", 800, (), (800,) * 50, ()),
                        SplitStats("geochunk", 800, (), (700, 433_410), ())], 800).to_dict(validate=False)
    [a, b] = spec["hconcat"]
    ext = [p["layer"][0]["encoding"]["x"]["bin"]["extent"] for p in (a, b)]
    assert ext[0][1] < 1000 and ext[1][1] > 433_410  # each panel bins its own sizes
    assert all(e[0] <= 800 <= e[1] for e in ext)  # and still shows the budget
