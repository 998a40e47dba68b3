"""Fast paths of the frame resolver give the answers of the slow ones (issue 12's speed-up)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from geochunk.crs import zones

_EDGES = [-180.0, -179.95, -6.05, -6.0, -5.95, 0.0, 5.95, 6.0, 6.05, 179.95, 180.0]
_coord = st.sampled_from(_EDGES) | st.floats(-200, 200, allow_nan=False)
_area = st.tuples(st.sampled_from(_EDGES) | st.floats(-180, 180),
                  st.sampled_from(_EDGES[2:9]) | st.floats(-90, 90),
                  st.sampled_from(_EDGES) | st.floats(-180, 180),
                  st.sampled_from(_EDGES[2:9]) | st.floats(-90, 90))


@settings(max_examples=300)
@given(st.lists(st.tuples(_coord, _coord), max_size=12), st.lists(_area, min_size=1, max_size=3))
def test_share_point_by_point_is_the_vectorised_share(points, areas) -> None:
    """A zone candidate's share of points in its area, tested point by point in Python for
    a few points, is the numpy share (dateline-crossing areas and margin edges included)."""
    lon = [p[0] for p in points]
    lat = [p[1] for p in points]
    (bounds,) = zones._margins(((0, "", None, tuple(areas), None),))  # a candidate row's areas
    one_by_one = sum(zones._in_bounds(x, y, bounds) for x, y in points) / len(points) if points else 0.0
    assert one_by_one == zones._strict_share(np.array(lon, dtype=float), np.array(lat, dtype=float), areas)


_ZONE_TEXTS = ["Boreholes near München, DHDN. Gauss-Krüger zone 4.",
               "Survey near Utrecht and Berlin, ETRS89. UTM 32", "UTM zone 31 near Lagos",
               "near Sydney, GDA94, UTM 56 south, near Melbourne", "no place, UTM 60N"]
_ZONE_PHRASES = [("gk", "Gauss-Krüger zone 4", ("gk", 4, None, None)),
                 ("utm", "UTM 32", ("utm", 32, None, None)),
                 ("utm", "UTM 56 south", ("utm", 56, "S", None)),
                 ("gk", "gk 4", ("gk", 4, None, 6)), ("utm", "UTM 60N", ("utm", 60, "N", None)),
                 ("utm", "UTM 1", ("utm", 1, None, None))]
_zone_x = st.sampled_from([4468000.0, 3500000.0, 4400000.0, 166000.0, 500000.0, 833000.0,
                           1e9, -5e6, float("nan"), float("inf")]) | st.floats(-1e7, 1e7)
_zone_y = st.sampled_from([5333000.0, 5800000.0, 5700000.0, 9e6, 1.2e6, 100.0, -5e6, 2e7,
                           6e6, 9.3e6]) | st.floats(-2e7, 2e7)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(_ZONE_TEXTS), st.sampled_from(_ZONE_PHRASES),
       st.lists(st.lists(st.tuples(_zone_x, _zone_y), min_size=1, max_size=4)
                | st.tuples(_zone_x, _zone_y, st.lists(st.tuples(st.floats(-4e5, 4e5),
                                                                 st.floats(-9e5, 9e5)),
                                                       min_size=1, max_size=4)).map(
                    lambda t: [(t[0] + dx, t[1] + dy) for dx, dy in t[2]])
                | st.lists(st.tuples(_zone_x, _zone_y), min_size=1, max_size=1).map(
                    lambda p: p * 33), min_size=1, max_size=5))
def test_zone_choices_for_many_samples_are_the_choices_one_by_one(text, phrase, samples) -> None:
    """A zone phrase's choices for several samples at once (the area tests in numpy, a
    choice per distinct outcome) are :func:`zones.choose_zone`'s for each sample alone,
    numbers no projection can read and samples of many points included."""
    from geochunk.crs.places import find_places
    from geochunk.crs.work import document_work

    system, phrase_text, args = phrase
    cands = zones.zone_candidates(*args)
    places = find_places(text)
    xys = [np.array(s, dtype=float) for s in samples]
    with document_work():
        many = zones.choose_zones(system, phrase_text, cands, xys, text.lower(), places)
    with document_work():
        alone = [zones.choose_zone(system, phrase_text, cands, xy, text.lower(), places)
                 for xy in xys]
    assert many == alone


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(155000.0, 463000.0), (263065.0, 197101.0), (488015.0, 7427084.0),
                        (911126.0, 6457351.0), (500000.0, 0.0), (0.0, 0.0), (-4e6, 2.3e6)])
       | st.tuples(st.floats(-3e6, 3e6), st.floats(-1e7, 1e7)))
def test_one_point_listing_is_the_general_one(point) -> None:
    """The grids holding one point, found by flat tests, are those the general path finds
    for the point given twice (every point must then lie inside); its listing the same."""
    from geochunk.crs import candidates

    one = np.array([point], dtype=float)
    two = np.vstack([one, one])
    assert candidates._rows_holding(one).tolist() == candidates._rows_holding(two).tolist()
    assert candidates.listing(one).codes == candidates.frames_holding(two)


def _reference_listing(xy: np.ndarray) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The listing as first written (np.unique over the codes, numpy runs per grid, every
    point-in-polygon asked of GEOS): the fast path must give its codes and lines."""
    import shapely

    from geochunk.crs import candidates as c

    ix = c._index()
    x0, y0 = float(xy[0, 0]), float(xy[0, 1])
    b = ix.boxes
    rows = np.flatnonzero((b[:, 0] <= x0) & (x0 <= b[:, 2]) & (b[:, 1] <= y0) & (y0 <= b[:, 3]))
    rows = rows[shapely.contains_xy(ix.polygons[rows], x0, y0)]
    if not len(rows):
        return (), ()
    b = b[rows]
    with np.errstate(divide="ignore", invalid="ignore"):
        fx = np.abs((x0 - b[:, 0]) / (b[:, 2] - b[:, 0]) - 0.5)
        fy = np.abs((y0 - b[:, 1]) / (b[:, 3] - b[:, 1]) - 0.5)
    edge = np.round(np.nan_to_num(np.maximum(fx, fy), nan=1.0), 2)
    codes, first, inv = np.unique(ix.codes[rows], return_index=True, return_inverse=True)
    central = np.full(len(codes), 2.0)
    np.minimum.at(central, inv, edge)
    names = [c._grid(ix.names[k]) for k in codes.tolist()]
    ids = {n: k for k, n in enumerate(dict.fromkeys(names))}
    grid = np.array([ids[n] for n in names])
    size = ix.row_sizes[rows][first]
    best = np.full(len(ids), 2.0)
    np.minimum.at(best, grid, central)
    widest = np.zeros(len(ids))
    np.maximum.at(widest, grid, size)
    known = np.zeros(len(ids), dtype=bool)
    np.logical_or.at(known, grid, np.isin(codes, sorted(c.leading())))
    order = np.lexsort((codes, -widest[grid], best[grid], ~known[grid]))
    ordered = codes[order]
    cuts = (np.flatnonzero(np.diff(grid[order])) + 1).tolist()
    bounds = list(zip([0] + cuts, cuts + [len(ordered)]))
    lines = [f"{len(codes)} regional projected frame(s) in {len(bounds)} grid(s) hold these "
             "numbers in their area of use (PROJ's rectangles); none is chosen"]
    for lo, hi in bounds[:c.MAX_LISTED]:
        members = ordered[lo:hi].tolist()
        if len(members) == 1:
            lines.append(f"{ix.names[members[0]]} (EPSG:{members[0]}): fits")
        else:
            name = ix.names[members[0]]
            lines.append(f"{c._grid(name)}: {len(members)} frames (datums or zones), e.g. "
                         f"{name} ({c._code_runs(members, most=4)}): fit")
    if len(bounds) > c.MAX_LISTED:
        lines.append(f"... {len(bounds) - c.MAX_LISTED} more grid(s)")
    lines.append("every frame that fits, most central first: "
                 + c._code_runs(ordered.tolist(), most=c._MAX_RUNS))
    return tuple(sorted(codes.tolist())), tuple(lines)


def _index_point(data) -> tuple[float, float]:
    """A corner, an edge's middle or a vertex of one of the index's areas (the places where
    a box test and a polygon test part)."""
    from geochunk.crs import candidates as c

    ix = c._index()
    k = data.draw(st.integers(0, len(ix.codes) - 1))
    x0, y0, x1, y1 = ix.boxes[k].tolist()
    ring = np.asarray(ix.polygons[k].exterior.coords)
    return data.draw(st.sampled_from([(x0, y0), (x1, (y0 + y1) / 2), ((x0 + x1) / 2, y1),
                                      tuple(ring[data.draw(st.integers(0, len(ring) - 1))]),
                                      (c._index().inner[0][k], c._index().inner[1][k])]))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_listing_is_the_reference_listing(data) -> None:
    """The listing (codes in index order cut by reduceat, runs found once, inner boxes that
    spare GEOS its point-in-polygon test) names the frames, grids and runs the straightforward
    listing names, in its order: at well-known points, anywhere, and on the areas' edges."""
    from geochunk.crs import candidates

    point = data.draw(st.sampled_from([(155000.0, 463000.0), (263065.0, 197101.0),
                                       (488015.0, 7427084.0), (911126.0, 6457351.0),
                                       (500000.0, 0.0), (600000.0, 5000000.0)])
                      | st.tuples(st.floats(-3e6, 3e6), st.floats(-1e7, 1e7))
                      | st.tuples(st.floats(0, 1e6), st.floats(0, 8e6)))
    for p in (point, _index_point(data)):
        xy = np.array([p], dtype=float)
        got = candidates.listing(xy)
        assert (got.codes, got.lines) == _reference_listing(xy), p


def test_every_inner_box_lies_inside_its_area() -> None:
    """A point in a row's inner box is taken as inside the area without asking GEOS: every
    inner box (edges included) must lie in the area's interior, and most rows have one."""
    import shapely

    from geochunk.crs import candidates

    ix = candidates._index()
    x0, y0, x1, y1 = ix.inner
    has = x0 <= x1
    assert has.mean() > 0.9
    boxes = shapely.box(x0[has], y0[has], x1[has], y1[has])
    assert shapely.contains_properly(ix.polygons[has], boxes).all()
    assert (x0[has] >= ix.boxes[has, 0]).all() and (x1[has] <= ix.boxes[has, 2]).all()


def test_zone_choices_made_ahead_and_announced_checks_change_no_frame(monkeypatch) -> None:
    """Zone phrases' frames chosen for all their samples ahead of the checks (one PROJ call
    per candidate projection) and lon/lat checks announced for undeclared numbers give the
    frames, scopes and work counts of resolving feature by feature, on every hard document."""
    import crs_hard_cases as hard

    from geochunk.crs import resolve as res
    from geochunk.crs import resolve_frames
    from geochunk.detection.scan import detect
    from geochunk.detection.geometry import parse_span

    texts = [c.text for c in hard.generate(6, 3)]
    texts.append("UTM zone 31: POINT (500000 5700000)\nPOINT (500000 -5700000)\n"
                 "ETRS89. POINT (1e400 5)\nGauß-Krüger Zone 4 near München:\n"
                 "POINT (4468000 5333000)\nPOINT (4468000 5333000)\nPOINT (1 2)\n")
    for text in texts:
        det = detect(text)
        geoms = [parse_span(s).geometry for s in det.spans]
        ahead = resolve_frames(text, det, geoms)
        with monkeypatch.context() as m:
            m.setattr(res, "_expect_checks", lambda *a, **k: None)
            alone = resolve_frames(text, det, geoms)
        assert ahead == alone and ahead.work == alone.work, text


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aZz \n-éÉüÑłŁßẞ\u0301\u200d🇬İı0")), max_size=60))
def test_the_name_scans_odd_runs_make_the_gate_the_runs_make(text: str) -> None:
    """The runs that are not ASCII, as the name scan meets them, make the swap check's gate
    that picking them from every run makes."""
    from geochunk.crs import names
    from geochunk.crs.places import fold_gate

    runs = names.letter_runs(text)
    odd: list[bytes] = []
    names.find_names(text, runs, odd)
    assert sorted(odd) == sorted(r for rs in runs for r in rs if not r.isascii())
    assert fold_gate(text, [], runs, odd) == fold_gate(text, [], runs)


def test_a_gauss_zone_spelled_with_sharp_s_is_found_upper_case_too() -> None:
    """The "gauß" anchor is looked for only where ß or ẞ stands (the characters whose lower
    case holds ß): both spellings are found, and a text with neither finds the others."""
    found = zones.find_zones("GAUẞ-KRÜGER Zone 4; Gauß-Krüger zone 5; Gauss-Kruger zone 3")
    assert [(z.zone, z.text.split()[0][:4]) for z in found] == [
        (4, "GAUẞ"), (5, "Gauß"), (3, "Gaus")]


_NAME_WORDS = ["cc42", "CC42", "b", "B", "ch", "ch1903", "CH1903+", "zone", "Zone 31", "UTM",
               "utm zone 12N", "RD", "New", "rd new", "British", "National", "Grid",
               "Gauß-Krüger", "Gauss", "Krüger", "k0", "de", "42", "point", "Point 58", "s",
               "ED50", "ETRS89", "epsg", "é", "—", "_", "ｃｃ42", "\u200b", "😀", "\n", ".",
               "4326", "Amersfoort", "/", "LV95", "WGS", "84", "NAD83", "Lambert", "93", "ß", "ẞ"]


def _every_start(heads, text: str) -> list[int]:
    """Where a name can start, by asking every offset (the definition the scan must meet)."""
    return [s for s in range(len(text)) if heads._may_start(text, s)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_NAME_WORDS), st.sampled_from(["", " ", "-", "—"])),
                min_size=1, max_size=25))
def test_name_starts_are_every_start(parts) -> None:
    """The name-head scan (letter-run sets, then only heads that are whole tokens of the piece
    looked for, a token next to a dash or an accented letter included) finds exactly the
    offsets where a name can start."""
    from geochunk.crs.names import name_heads

    text = "".join(w + sep for w, sep in parts)
    heads = name_heads()
    assert heads.starts(text) == _every_start(heads, text)


def test_name_starts_on_the_samples_are_every_start() -> None:
    from geochunk.crs.names import name_heads
    from geochunk.samples import list_samples, load_sample

    heads = name_heads()
    for sample in list_samples():
        text = load_sample(sample.name)[:60_000]
        assert heads.starts(text) == _every_start(heads, text), sample.name


@settings(max_examples=400)
@given(st.floats(-90, 90), st.floats(-180, 180), st.floats(-0.7, 0.7), st.floats(-0.7, 0.7))
def test_swap_check_skips_only_points_it_could_not_flag(x, y, dlon, dlat) -> None:
    """The swap check settles a point whose two readings lie less than 3.9° apart without
    looking for places: a place within 1° of the swapped reading (y, x) then always lies
    within 5° of the reading as written (x, y), so the check could never flag it."""
    from geochunk.crs import resolve

    lat = max(-90.0, min(90.0, x + dlat))
    place = np.array([[y + dlon, lat, 0.0]])
    near = resolve._distances(place, np.array([y]), np.array([x]))[0, 0]
    far = resolve._distances(place, np.array([x]), np.array([y]))[0, 0]
    if near <= resolve._SWAP_NEAR_DEG and far >= resolve._SWAP_FAR_DEG:  # it would be flagged
        assert resolve._swap_shift(x, y) >= (resolve._SWAP_FAR_DEG - resolve._SWAP_NEAR_DEG
                                             - 0.1)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["Parcels surveyed in Tilburg.", "Sites near Newport and Cardiff.",
                        "The Hague, Utrecht", "nothing named"]),
       st.lists(st.none() | st.lists(st.tuples(
           st.sampled_from([136000.0, 78559.0, 330000.0, 530000.0, 1e9, float("nan")])
           | st.floats(-1e6, 1e6), st.sampled_from([455000.0, 180000.0, 190000.0, -1e9])
           | st.floats(-1e6, 1e6)), min_size=1, max_size=3), max_size=5))
def test_grids_inferred_for_many_samples_are_those_inferred_one_by_one(text, samples) -> None:
    """Grids inferred for a document's undeclared samples together (one PROJ call per
    candidate grid) are those inferred for each sample alone."""
    from geochunk.crs.infer import infer_many
    from geochunk.crs.places import find_places

    places = find_places(text)
    xys = [None if s is None else np.array(s, dtype=float) for s in samples]
    assert infer_many(xys, places) == [infer_many([xy], places)[0] for xy in xys]


def test_a_zone_choice_lists_eight_losers_and_counts_the_rest() -> None:
    """A choice among 26 candidates writes the lines of the first eight others and counts
    the rest (the lines past the eighth are not made)."""
    cands = zones.zone_candidates("utm", 32)
    rows = [((i % 3 == 0, False, False, i == 0), r[0], r[1], i % 3 == 0, [])
            for i, r in enumerate(zones._candidate_rows(cands))]
    choice = zones._choice(rows, set(), "WGS 84", "UTM 32")
    assert len(rows) == 26 and choice.code == rows[0][1]
    assert choice.considered[-1] == "... and 17 more"
    assert [line.split(" ", 1)[0] for line in choice.considered[1:9]] == [
        f"EPSG:{r[1]}" for r in rows[1:9]]
