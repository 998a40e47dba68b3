"""The document-period scan tries its case-insensitive pattern only where a declaration's first
word starts (found on the lower-cased text); it must find exactly what the plain scan finds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geochunk.context import period
from geochunk.samples import list_samples, load_sample

WORDS = [
    "Surveyed", "survey date", "SURVEYED IN", "surveyed on", "captured", "observed during",
    "Digitised", "digitized", "mapped", "inspected at", "VALID FROM", "validated", "dated",
    "as of", "As Of", "recorded", " ", "\t", ":", "12", "March", "2019", "2021-05",
    "1998-03-12", "x", "\u017furveyed", "\u0131NSPECTED", "\u0130", "\u212a", "unsurveyed",
    "_surveyed", "3 ", "in ", "on ", "\n", "\u00e9", "\u00df",
]  # fmt: skip


def _plain(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group(1)) for m in period._DECLARATION.finditer(text)]


def _fast(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group(1)) for m in period._declarations(text)]


@pytest.mark.parametrize("name", [s.name for s in list_samples()])
def test_the_first_word_scan_finds_what_the_plain_scan_finds_in_every_sample(name: str) -> None:
    text = load_sample(name)
    assert _fast(text) == _plain(text)


def test_the_first_word_scan_on_mixed_case_overlaps_and_case_folds() -> None:
    rng = random.Random(11)
    found = 0
    for _ in range(3000):
        text = "".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 14)))
        assert _fast(text) == _plain(text), repr(text)
        found += bool(_plain(text))
    assert found > 50  # the generator does produce declarations


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS) | st.text(max_size=4), max_size=12).map("".join))
def test_the_first_word_scan_is_the_plain_scan(text: str) -> None:
    assert _fast(text) == _plain(text)


@pytest.mark.parametrize("piece", [1, 2, 3, 8, 1 << 16])
def test_the_scan_piece_by_piece_finds_what_the_plain_scan_finds(piece: int) -> None:
    # first words found one window of ``piece`` characters at a time (no copy of the whole
    # document), each window read with the two characters after it; a window holding "\u0130"
    # (whose lower-casing is longer) hands the rest of the text to the plain scan
    rng = random.Random(piece)
    for _ in range(1500):
        text = "".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 20)))
        got = [(m.start(), m.end(), m.group(1)) for m in period._declarations(text, piece)]
        assert got == _plain(text), repr(text)
