"""Scans that read a large document a slice at a time (issue #13: no copy of the whole document,
no array of all its samples): the declaration finder's lower-cased anchors, every offset the one
a search of the whole lower-cased UTF-8 text finds (matches across slice edges included); the
frame step's thinned scope samples, the points thinning all the samples joined gives."""

from __future__ import annotations

import random

import pytest

from geochunk.crs import declarations


def _expected(text: str, sub: str) -> list[int]:
    data, b = text.encode("utf-8", "surrogatepass").lower(), sub.encode()
    out, i = [], data.find(b)
    while i != -1:
        out.append(len(data[:i].decode("utf-8", "surrogatepass")))
        i = data.find(b, i + 1)
    return out


@pytest.mark.parametrize("slice_chars", [1, 2, 3, 7, 64])
def test_offsets_match_whole_text_search(monkeypatch: pytest.MonkeyPatch, slice_chars: int) -> None:
    monkeypatch.setattr(declarations, "_LOWER_SLICE", slice_chars)
    rng = random.Random(slice_chars)
    alphabet = "epsgEPSG \u00e9\u00df\u2014\U0001f30d:wkid"
    for _ in range(400):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40))) + "\u00e9"
        low = declarations._Lowered(text)
        assert low._low is None  # the sliced byte path (not ASCII, no dotted I or Kelvin sign)
        for sub in ("epsg", "e", "gs", "wkid", "sge"):
            assert low._offsets(sub.encode()) == _expected(text, sub), (text, sub)


def test_find_from_a_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(declarations, "_LOWER_SLICE", 4)
    text = "Grid EPSG:27700 \u2014 epsg:4326 and Epsg"
    low = declarations._Lowered(text)
    hits, i = [], low.find("epsg")
    while i != -1:
        hits.append(i)
        i = low.find("epsg", i + 1)
    assert hits == [text.lower().find("epsg", k) for k in (0, 6, 21)]


def test_scope_samples_thinned_as_from_all_joined() -> None:
    """``resolve._concat`` reads only the samples that hold a kept point: the same points, in
    the same order, as thinning all the samples joined."""
    import numpy as np

    from geochunk.crs import resolve

    rng = np.random.default_rng(7)
    for n in (1, 3, 40, 300, 2000):
        samples = [None if rng.random() < 0.2 else rng.random((int(rng.integers(0, 9)), 2))
                   for _ in range(n)]
        parts = [s for s in samples if s is not None and len(s)]
        got = resolve._concat(samples)
        if not parts:
            assert got is None
            continue
        xy = np.concatenate(parts)
        if len(xy) > resolve._SCOPE_SAMPLE_CAP:
            xy = xy[np.linspace(0, len(xy) - 1, resolve._SCOPE_SAMPLE_CAP).round().astype(int)]
        assert got.dtype == xy.dtype and got.shape == xy.shape and np.array_equal(got, xy)
