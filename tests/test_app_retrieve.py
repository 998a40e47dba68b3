"""AppTest of the Retrieve page against a real index (DuckDB + spatial, shipped model)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from apptest_helpers import map_args
from test_retrieve import CFG, CLOSED, OPEN_A, OPEN_B

from geochunk.retrieve import Region, build_index
from geochunk.ui.retrieve import RetrieveKeys as K
from geochunk.view.retrieve import LEAFLET_DRAW_JS_URL, drawn_geometry, retrieve_map


class _Rows(HTMLParser):
    """The cells' text of each row of the first ``<table>`` whose class holds ``cls``."""

    def __init__(self, cls: str) -> None:
        super().__init__()
        self.cls, self.depth, self.done, self.rows, self.cell = cls, 0, False, [], None

    def handle_starttag(self, tag, attrs):
        if tag == "table" and not self.done and self.cls in (dict(attrs).get("class") or "").split():
            self.depth = 1
        elif self.depth and tag == "tr":
            self.rows.append([])
        elif self.depth and tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if self.depth and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append("".join(self.cell))
            self.cell = None
        elif self.depth and tag == "table":
            self.depth, self.done = 0, True

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def html_table(at: AppTest, cls: str) -> list[dict[str, str]]:
    """The rows of the page's HTML table of class ``cls`` as header -> cell text; a row with
    one cell (a detail row, e.g. a collection's reason) is kept as ``{"": text}``."""
    for h in at.get("html"):
        p = _Rows(cls)
        p.feed(h.proto.body)
        if p.rows:
            head, *rows = p.rows
            return [dict(zip(head, r)) if len(r) == len(head) else {"": " ".join(r)} for r in rows]
    raise AssertionError(f"no table.{cls} on the page")


def shortlist_rows(at: AppTest) -> list[dict[str, str]]:
    """The Collections table: each collection's cells with its reason line as ``why``."""
    out: list[dict[str, str]] = []
    for row in html_table(at, "gc-shortlist"):
        if "" in row:
            out[-1]["why"] = row[""]
        else:
            out.append(row)
    return out


@pytest.fixture(scope="module")
def index_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("app_index")
    a, b, c = d / "open_a.md", d / "x<img src=x onerror=alert(1)>.md", d / "closed.md"
    a.write_text(OPEN_A, encoding="utf-8")
    b.write_text(OPEN_B, encoding="utf-8")
    c.write_text(CLOSED, encoding="utf-8")
    db = d / "app.duckdb"
    build_index([str(a), str(b)], db, collection="open", licence="CC-BY-4.0", config=CFG)
    build_index([str(c)], db, collection="closed", licence="LicenseRef-NoAI", config=CFG)
    return db


def test_retrieve_page_shows_shortlist_results_and_flagged_frames(app_dir: Path, index_file: Path) -> None:
    at = AppTest.from_file(str(app_dir / "pages" / "4_Retrieve.py"), default_timeout=120)
    at.session_state[K.INDEX_PATH] = str(index_file)
    at.run()
    assert not at.exception, at.exception
    at.radio(key=K.REGION_MODE).set_value("Near a point").run()
    at.text_input(key=K.NEAR).set_value("-3.19,55.95").run()
    at.number_input(key=K.RADIUS).set_value(500.0).run()
    at.text_input(key=K.QUESTION).set_value("orchard apple trees allotments").run()
    assert not at.exception, at.exception
    shortlist, results = shortlist_rows(at), html_table(at, "gc-scores")
    [closed] = [r for r in shortlist if r["collection"] == "closed"]
    assert closed["searched"] == "no" and "NoAI" in closed["why"] and closed["why"].startswith("reason: ")
    assert {r["collection"] for r in shortlist} == {"open", "closed"}
    assert len(results) >= 2 and {r["collection"] for r in results} == {"open@1"}
    assert [r["rank"] for r in results] == [str(i) for i in range(1, len(results) + 1)]
    flagged = [r for r in results if "flagged" in r["frame"]]
    assert len(flagged) == 1 and "onerror" in flagged[0]["chunk"]
    # the document's name is escaped in both tables' HTML (it names a chunk: <img ...>)
    body = "".join(h.proto.body for h in at.get("html"))
    assert "<img src=x" not in body and "&lt;img src=x onerror=alert(1)&gt;" in body
    assert any("chunks without extent skipped" in c.value for c in at.caption)
    args = map_args(at)[0]
    text = json.dumps(args)
    assert LEAFLET_DRAW_JS_URL in text and "cdnjs" not in text and "leaflet.draw/1.0" not in text
    layer = args["feature_group"]
    # the tooltip text is HTML-escaped before it reaches the page ('&' then JSON-escaped as \u0026)
    assert "\\u0026lt;img src=x onerror=alert(1)\\u0026gt;" in layer and "<img src=x" not in layer


def test_drawn_shapes_become_regions() -> None:
    circle = {"last_active_drawing": {"type": "Feature", "properties": {"radius": 300.0},
                                      "geometry": {"type": "Point", "coordinates": [-3.19, 55.95]}}}
    geom, radius = drawn_geometry(circle)
    region = Region.from_geojson(geom, radius_m=radius)
    assert region.kind == "near" and region.radius_m == 300.0
    rect = {"type": "Polygon", "coordinates": [[[-3.2, 55.9], [-3.1, 55.9], [-3.1, 56.0], [-3.2, 56.0], [-3.2, 55.9]]]}
    assert Region.from_geojson(rect).kind == "drawn"
    assert drawn_geometry({"last_active_drawing": None}) is None
    m = retrieve_map(None, (-3.3, 55.9, -3.1, 56.0))
    html = m.get_root().render()
    assert LEAFLET_DRAW_JS_URL in html and "cdnjs.cloudflare.com" not in html


def test_index_bounds_use_the_one_bbox_union() -> None:
    from types import SimpleNamespace

    from geochunk.errors import ConfigError
    from geochunk.crs.extent import union_bbox
    from geochunk.ui.retrieve import box_region, index_bounds, near_region

    def ix(*extents):
        return SimpleNamespace(catalog=[SimpleNamespace(extent=e) for e in extents])

    fiji = (176.9, -18.2, 179.9, -17.9), (-179.9, -18.1, -179.4, -17.0)
    assert index_bounds(ix(*fiji, None)) == union_bbox(fiji, lon=True) == (176.9, -18.2, -179.4, -17.0)
    assert index_bounds(ix(None)) is None and index_bounds(ix()) is None
    assert box_region("-3.25,55.92,-3.15,55.97").kind == "bbox"
    assert near_region("-3.19, 55.95", 250.0).radius_m == 250.0
    with pytest.raises(ConfigError, match="bbox must be 4 comma-separated"):
        box_region("-3.25,55.92")
    with pytest.raises(ConfigError, match="point must be 2 comma-separated"):
        near_region("north", 10.0)
