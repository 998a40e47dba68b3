"""The token estimate is an upper bound of cl100k_base and o200k_base per content class
(coordinates, prose, JSON), on real files shipped in packages that its weights were never fitted
on (the fit used licence texts, package docs and JSON data installed with the dependencies and
the bundled samples; these files are Django's, geojson's and geomet's, see real_data/SOURCES.md).

A chunk that the estimate puts within a hard ceiling is within it for the real tokenizer, so
every window is checked, cut anywhere (mid-word cuts are the hardest case for the estimate).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from geochunk.tokens.counting import estimate_count, get_counter

REAL = Path(__file__).parent / "real_data"
CLASSES = {
    "coordinates": ["django-5.2.8/geometries.json", "django-5.2.8/has_nulls.geojson",
                    "django-5.2.8/distapp_initial.json", "django-5.2.8/geogapp_initial.json",
                    "django-5.2.8/test_vrt.csv"],
    "prose": ["django-5.2.8/docs_gis_tutorial.txt", "django-5.2.8/docs_gis_measure.txt",
              "django-5.2.8/docs_intro_overview.txt", "geojson-3.2.0/README.rst", "geomet-1.1.0/README.md"],
    "json": ["django-5.2.8/relatedapp_initial.json", "django-5.2.8/fixtures_regress_big-fixture.json",
             "django-5.2.8/fixtures_fixture1.json", "django-5.2.8/fixtures_fixture6.json"],
    # capital words one a line (1.03x under, every window of ~450 tokens, before the capital's
    # pair with a newline or space cost a token)
    "capitals": ["moto-5.2.1/dynamodb_reserved_keywords.txt"],
}
SIZES = (64, 200, 600, 2000, 8000)  # characters: chunks of ~16 to ~2,000 tokens


def _windows(text: str, seed: int, n: int = 120) -> list[str]:
    rng = random.Random(seed)
    out = [text]
    for _ in range(n):
        size = rng.choice(SIZES)
        if len(text) <= size:
            continue
        a = rng.randrange(0, len(text) - size)
        out.append(text[a : a + size])
    return out


@pytest.fixture(scope="module")
def real() -> dict:
    counters = {name: get_counter(name) for name in ("cl100k_base", "o200k_base")}
    assert not any(c.estimated for c in counters.values()), "the real tokenizers must load offline"
    return counters


@pytest.mark.parametrize(("content", "path"), [(k, p) for k, ps in CLASSES.items() for p in ps])
def test_estimate_never_undercounts_real_text(real: dict, content: str, path: str) -> None:
    text = (REAL / path).read_text(encoding="utf-8")
    worst = 0.0
    for k, window in enumerate(_windows(text, seed=len(path))):
        for name, counter in real.items():
            n = counter.count(window)
            if n < 16:
                continue
            est = estimate_count(window)
            assert est >= n, f"{content} {path} window {k}: estimate {est} < {name} {n}: {window[:80]!r}"
            worst = max(worst, n / est)
    assert worst > 0.0  # some window was long enough to check


@pytest.mark.parametrize("content", sorted(CLASSES))
def test_estimate_stays_useful(real: dict, content: str) -> None:
    """An upper bound that wastes most of the budget would be safe and useless: on whole files
    the estimate stays under twice the real count."""
    for path in CLASSES[content]:
        text = (REAL / path).read_text(encoding="utf-8")
        for counter in real.values():
            assert estimate_count(text) <= 2 * counter.count(text), (path, counter.name)


@pytest.mark.parametrize("text", [
    "\n".join(["US", "FR", "DE", "GB", "IT", "ES", "NL"] * 70) + "\n",  # ISO codes a line: was 4x under
    "\n".join("ABCDEFGHIJKLMNOPQRSTUVWXYZ" * 20),  # one capital a line: 999 tokens, estimated 4
    " ".join(["US", "FR", "DE", "GB"] * 120),  # codes between spaces: was 2x under
    "code,name\n" + "\n".join(["US,FR", "DE,GB", "IT,ES"] * 100),  # a CSV of codes: 1.55x under
    "I\n", "ER\n", "HAR\n",
])
def test_capitals_before_a_space_or_newline_are_not_free(real: dict, text: str) -> None:
    """A capital letter's pair with the space or newline after it cost nothing: a line of
    capitals (country codes, SQL keywords, enum values) was a fraction of a token."""
    for counter in real.values():
        assert estimate_count(text) >= counter.count(text), counter.name
