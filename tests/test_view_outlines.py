"""Country outlines for the offline map: shipped data (Natural Earth, public domain), small,
valid lon/lat, copied to the static folder, drawn under everything with no basemap only, and
the initial fit padded so edge features are not cut."""

from __future__ import annotations

import json
from pathlib import Path

from geochunk.ui.static import OUTLINES_SUBDIR, ensure_leaflet_assets
from geochunk.view.maps import OUTLINES_URL, base_map

DATA = Path(__file__).resolve().parents[1] / "geochunk" / "view" / "data"


def test_outlines_are_small_valid_lon_lat_with_their_licence() -> None:
    path = DATA / "world_outlines.json"
    assert path.stat().st_size < 200_000
    data = json.loads(path.read_text(encoding="utf-8"))
    lines = data["features"][0]["geometry"]["coordinates"]
    assert len(lines) > 250  # every country's rings, islands included
    xs = [x for line in lines for x, _ in line]
    ys = [y for line in lines for _, y in line]
    assert -180 <= min(xs) < -170 and 170 < max(xs) <= 180
    assert -90 <= min(ys) < -80 and 80 < max(ys) <= 90
    notice = (DATA / "NOTICE.md").read_text(encoding="utf-8")
    assert "public domain" in notice and "geopandas 0.14.4" in notice


def test_outlines_are_served_from_the_static_folder(tmp_path: Path) -> None:
    ensure_leaflet_assets(tmp_path)
    served = tmp_path / OUTLINES_SUBDIR / "world_outlines.json"
    assert served.read_bytes() == (DATA / "world_outlines.json").read_bytes()
    assert OUTLINES_URL == "/app/static/" + "/".join(OUTLINES_SUBDIR.parts[1:]) + "/world_outlines.json"


def _script(m) -> str:
    return m.get_root().render()


def test_outlines_drawn_under_features_only_without_a_basemap() -> None:
    offline = _script(base_map((-1.0, 51.0, 0.0, 52.0)))
    assert OUTLINES_URL in offline and '"gcOutlines"' in offline
    assert "pointerEvents = \"none\"" in offline and "interactive: false" in offline
    online = _script(base_map((-1.0, 51.0, 0.0, 52.0), "OpenStreetMap"))
    assert OUTLINES_URL not in online


def test_initial_fit_is_padded() -> None:
    html = _script(base_map((-1.0, 51.0, 0.0, 52.0)))
    assert '"padding": [16, 16]' in html and '"zoomSnap": 0.25' in html
