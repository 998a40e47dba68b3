import pytest

from geochunk.model import ChunkConfig
from geochunk.split.strategy import choose_strategy, chunk_unit, density_band


@pytest.mark.parametrize(
    ("density", "expected"),
    [(0.0, "paragraph"), (0.19, "paragraph"), (0.2, "mixed"), (0.5, "mixed"), (0.51, "feature"), (1.0, "feature")],
)
def test_auto_strategy_follows_density(density, expected):
    strategy, reason = choose_strategy(density, ChunkConfig())
    assert strategy == expected
    assert f"{density:.1%}" in reason


def test_thresholds_are_overridable():
    cfg = ChunkConfig(paragraph_threshold=0.05, feature_threshold=0.1)
    assert choose_strategy(0.07, cfg)[0] == "mixed"
    assert density_band(0.2, cfg) == "features"


def test_override_reports_what_auto_would_have_done():
    strategy, reason = choose_strategy(0.9, ChunkConfig(strategy="paragraph"))
    assert strategy == "paragraph"
    assert "'feature'" in reason and "caller" in reason


@pytest.mark.parametrize(
    ("kw", "unit"),
    [
        (dict(whole_document=True, n_features=5, within_unit=False), "document"),
        (dict(whole_document=True, n_features=1, within_unit=True), "document"),
        (dict(whole_document=False, n_features=1, within_unit=True), "feature"),
        (dict(whole_document=False, n_features=1, within_unit=False), "section"),  # + other prose
        (dict(whole_document=False, n_features=5, within_unit=False), "section"),
        (dict(whole_document=False, n_features=0, within_unit=False), "section"),
    ],
)
def test_chunk_unit(kw, unit):
    assert chunk_unit(**kw) == unit
