"""Hostile input, round three (issue 29): the newer surfaces never stall, crash, lie or leak.

Each test names what happened before the fix. Stalls are measured with work counters (the
vertices GEOS's ``make_valid`` is handed), never clocks.
"""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from shapely.geometry import mapping

from geochunk import oversize
from geochunk.errors import ConfigError
from geochunk.retrieve.region import Region
from geochunk.view.features import display_shape


def scribble(n: int, seed: int = 0):
    """A ring through ``n`` random points: it crosses itself about n**2 / 10 times."""
    xy = np.round(np.random.default_rng(seed).uniform(0, 1, size=(n, 2)), 6)
    return shapely.Polygon(np.vstack([xy, xy[:1]]))


@pytest.fixture()
def make_valid_calls(monkeypatch):
    """Vertices handed to GEOS's make_valid (a work counter: it grows faster than the
    crossings, 9 CPU-s at 200 vertices on the Inspector before)."""
    seen: list[int] = []
    real = shapely.make_valid

    def spy(geom, *args, **kwargs):
        seen.append(int(shapely.get_num_coordinates(geom)))
        return real(geom, *args, **kwargs)

    monkeypatch.setattr(shapely, "make_valid", spy)
    return seen


@pytest.mark.parametrize("n", [100, 200, 400])
def test_a_self_crossing_outline_is_drawn_unrepaired_without_make_valid(make_valid_calls, n):
    """Before: make_valid with no bound (0.5 / 3.8 / 52 CPU-s at 100 / 200 / 400 vertices)."""
    ring = scribble(n)
    assert not oversize.crossing_work(ring).affordable
    shown = display_shape(ring)
    assert make_valid_calls == []
    assert "crosses itself too often to repair; raw outline drawn" in shown.note
    assert shown.geometry.geom_type in ("LineString", "MultiLineString", "GeometryCollection")
    assert shapely.get_num_coordinates(shown.geometry) >= n  # the outline, whole


@pytest.mark.parametrize("n", [100, 200, 400])
def test_a_self_crossing_drawn_region_is_refused_in_one_line(make_valid_calls, n):
    """Before: accepted after make_valid ran unbounded (0.5 / 3.2 / 41 CPU-s; 500 vertices > 120 s)."""
    with pytest.raises(ConfigError) as err:
        Region.from_geojson(mapping(scribble(n)))
    assert make_valid_calls == []
    assert "crosses itself too often" in str(err.value) and "\n" not in str(err.value)


def test_the_bound_is_one_rule_for_the_escape_the_map_and_the_region(make_valid_calls):
    """A few crossings are still repaired in all three places (a bow-tie; a crossed circle)."""
    bowtie = shapely.Polygon([(0, 0), (1, 1), (1, 0), (0, 1)])
    assert display_shape(bowtie).geometry.is_valid
    assert "repaired for display only (make_valid)" in display_shape(bowtie).note
    assert Region.from_geojson(mapping(bowtie)).geometry.is_valid
    t = np.linspace(0, 2 * np.pi, 300, endpoint=False)
    xy = np.column_stack([np.cos(t), np.sin(t)])
    xy[[10, 20]] = xy[[20, 10]]
    crossed = shapely.Polygon(xy)
    assert oversize.bounded_make_valid(crossed).is_valid
    assert oversize._repair(crossed, crossed).is_valid  # the escape's repair uses the same rule
    assert oversize._repair(scribble(200), scribble(200)) is None
    assert max(make_valid_calls) <= 301  # never the 200-vertex scribble
    assert 201 not in make_valid_calls
    # the same verdict everywhere: refused by one, drawn unrepaired by the other
    for n in (30, 60, 100, 150):
        g = scribble(n)
        fixable = oversize.bounded_make_valid(g) is not None
        assert fixable == oversize.crossing_work(g).affordable
        assert ("raw outline" not in display_shape(g).note) == fixable
        try:
            Region.from_geojson(mapping(g))
            accepted = True
        except ConfigError:
            accepted = False
        assert accepted == fixable
