"""baselines: naive fixed-token and recursive splitters, severed-geometry counting."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geochunk.split.baselines import compare, fixed_token_split, recursive_split, severed, split_stats
from geochunk.errors import ConfigError
from geochunk.model import Detection, Span
from geochunk.tokens.counting import get_counter

COUNTER = get_counter("cl100k_base")
TEXT = st.text(alphabet=st.sampled_from(list("ab cd.\n,()0123456789é漢🙂")), max_size=600)


def _covers(ranges: list[tuple[int, int]], n: int) -> bool:
    if n == 0:
        return ranges == []
    return ranges[0][0] == 0 and ranges[-1][1] == n and all(
        a < b and b == c for (a, b), (c, _) in zip(ranges, ranges[1:] + [(n, n)])
    )


@pytest.mark.parametrize("splitter", [fixed_token_split, recursive_split])
@settings(max_examples=80, deadline=None)
@given(text=TEXT, budget=st.integers(16, 64))
def test_splitters_cover_the_text_within_budget(splitter, text: str, budget: int) -> None:
    ranges = splitter(text, budget, COUNTER)
    assert _covers(ranges, len(text))
    index = COUNTER.index(text)
    assert all(index.count(a, b) <= budget for a, b in ranges)


@settings(max_examples=60, deadline=None)
@given(text=TEXT, budget=st.integers(16, 64))
def test_fixed_split_cuts_every_budget_tokens(text: str, budget: int) -> None:
    index = COUNTER.index(text)
    ranges = fixed_token_split(text, budget, COUNTER, index=index)
    counts = [index.count(a, b) for a, b in ranges]
    assert sum(counts) == index.total and all(c <= budget for c in counts)
    if text.isascii():  # no character is split across tokens: every cut is exactly N tokens
        assert counts[:-1] == [budget] * (len(ranges) - 1)


@pytest.mark.parametrize("budget", [0, -5, True, 2.5])
@pytest.mark.parametrize("splitter", [fixed_token_split, recursive_split])
def test_bad_budget_is_a_config_error(splitter, budget) -> None:
    with pytest.raises(ConfigError, match="budget must be a positive integer"):
        splitter("some text", budget, COUNTER)


def test_recursive_prefers_paragraphs_then_lines() -> None:
    text = ("Alpha beta gamma delta epsilon zeta eta theta.\n\n" * 3) + "Line one.\nLine two."
    parts = [text[a:b] for a, b in recursive_split(text, 16, COUNTER)]
    assert parts[0] == "Alpha beta gamma delta epsilon zeta eta theta."
    assert all(p.startswith("\n\n") for p in parts[1:3])


def _brute_severed(ranges, spans):
    cuts = {p for r in ranges for p in r}
    return tuple(i for i, (s, e) in enumerate(spans) if any(s < c < e for c in cuts))


@settings(max_examples=200, deadline=None)
@given(
    cuts=st.lists(st.integers(1, 299), max_size=12, unique=True),
    raw=st.lists(st.tuples(st.integers(0, 290), st.integers(1, 40)), max_size=10),
)
def test_severed_matches_brute_force(cuts: list[int], raw: list[tuple[int, int]]) -> None:
    points = [0, *sorted(cuts), 300]
    ranges = list(zip(points, points[1:]))
    spans, last = [], 0
    for start, length in sorted(raw):  # non-overlapping, sorted, like a Detection
        if start >= last:
            spans.append((start, start + length))
            last = start + length
    det = Detection(tuple(Span(s, e, "wkt", "POINT", "POINT (0 0)") for s, e in spans))
    assert severed(ranges, det) == _brute_severed(ranges, spans)


def test_split_stats_summarise() -> None:
    det = Detection((Span(5, 15, "wkt", "POINT", "POINT (0 0)"),))
    s = split_stats("x", [(0, 10), (10, 20)], det, 8, [7, 9])
    assert (s.chunks, s.over_budget, s.max_tokens, s.mean_tokens, s.severed) == (2, 1, 9, 8.0, (0,))


@pytest.mark.parametrize(
    "sample, recursive_severs",
    [("land_use_appendix", False), ("boundary_40k", True), ("parcels", True)],
)
def test_naive_splitters_sever_real_samples(sample: str, recursive_severs: bool) -> None:
    from geochunk.detection.scan import detect
    from geochunk.samples import load_sample

    text = load_sample(sample)
    det = detect(text)
    fixed, recursive = compare(text, det, 256, COUNTER)
    assert len(fixed.severed) > 0
    # one parcel per line never exceeds 256 tokens, so a line splitter keeps them whole
    assert (len(recursive.severed) > 0) == recursive_severs
    assert fixed.max_tokens == 256 and recursive.max_tokens <= 256
