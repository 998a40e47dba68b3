"""The declaration scan's lower-cased finder reads the text a slice at a time (issue #13: no
lower-cased copy of the whole document): every anchor offset is the one a search of the whole
lower-cased UTF-8 text finds, matches across slice edges included."""

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
