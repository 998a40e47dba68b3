"""The frame work one document may cause is bounded (issue 7): counted, never timed.

Each distinct EPSG code used to cost a database lookup and a transformer (~75 ms together), so a
34 kB document declaring 3,000 codes took minutes. Now a declaration that governs no geometry
builds no transformer, and per document at most ``MAX_LOOKUPS`` codes are looked up and
``MAX_FRAMES`` frames checked; the geometry past the bound is flagged, never silently framed.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from pyproj.database import query_crs_info
from pyproj.enums import PJType

from geochunk.crs import resolve_frames
from geochunk.crs.database import transformer
from geochunk.crs.work import MAX_FRAMES, MAX_LOOKUPS
from geochunk.detection.scan import detect
from geochunk.detection.geometry import parse_span


@lru_cache(maxsize=1)
def _codes() -> list[int]:
    infos = query_crs_info(auth_name="EPSG", pj_types=[PJType.PROJECTED_CRS])
    return sorted(int(i.code) for i in infos if i.code.isdigit() and not i.deprecated)


def _resolve(text: str):
    det = detect(text)
    return det, resolve_frames(text, det, [parse_span(s).geometry for s in det.spans])


def _builds() -> int:
    return transformer.cache_info().misses


def test_declarations_that_govern_no_geometry_build_no_transformer() -> None:
    codes = _codes()[:600]
    text = "".join(f"Section {k}: EPSG:{c}\n" for k, c in enumerate(codes))
    before = _builds()
    _, report = _resolve(text)
    assert _builds() == before
    assert report.work["codes_looked_up"] <= MAX_LOOKUPS
    assert report.work["lookups_refused"] == len(codes) - MAX_LOOKUPS
    assert any("bounded:" in line for line in report.describe())


@pytest.mark.parametrize("n", [MAX_FRAMES + 8, 4 * MAX_FRAMES])
def test_each_code_governing_a_point_is_bounded_and_the_rest_flagged(n: int) -> None:
    codes = _codes()[1000 : 1000 + n]
    text = "".join(f"Section {k}: EPSG:{c}\nPOINT (1000 2000)\n" for k, c in enumerate(codes))
    before = _builds()
    det, report = _resolve(text)
    assert len(det.spans) == n
    assert _builds() - before <= MAX_FRAMES
    assert report.work["frames_checked"] <= MAX_FRAMES
    assert report.work["checks_refused"] >= n - MAX_FRAMES
    frames = [report.frame_for(i) for i in range(n)]
    unchecked = [f for f in frames if any("was not checked" in note for note in f.notes)]
    assert len(unchecked) >= (n - MAX_FRAMES) // 2
    assert all(f.flagged for f in unchecked)
    # nothing unflagged rests on anything but a check of its own coordinates
    assert all(any("inside the area of use" in note for note in f.notes)
               for f in frames if not f.flagged)


def test_the_bound_does_not_depend_on_what_the_process_cached() -> None:
    codes = _codes()[1000 : 1000 + MAX_FRAMES + 4]
    text = "".join(f"Section {k}: EPSG:{c}\nPOINT (1000 2000)\n" for k, c in enumerate(codes))
    first = _resolve(text)[1]
    again = _resolve(text)[1]  # every transformer is cached now: same answers, same counts
    assert first.frames == again.frames
    assert first.work == again.work


def test_a_normal_document_is_not_bounded() -> None:
    text = ("Sites (EPSG:27700): POINT (530000 180000)\n"
            "Elsewhere EPSG:28992: POINT (155000 463000)\n")
    _, report = _resolve(text)
    assert [report.frame_for(i).epsg for i in range(2)] == [27700, 28992]
    assert not any(report.frame_for(i).flagged for i in range(2))
    assert report.work["checks_refused"] == 0 and report.work["lookups_refused"] == 0
