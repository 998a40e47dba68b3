"""Altair charts: chunk tokens against the budget, and chunk size distributions by splitter.

>>> import pandas as pd
>>> type(tokens_chart(pd.DataFrame({"chunk": [0, 1], "tokens": [10, 30]}), 20)).__name__
'LayerChart'
"""

from __future__ import annotations

from typing import Any, Sequence

import pandas as pd

from geochunk.view.colors import TROUBLE_RED

__all__ = ["tokens_chart", "sizes_frame", "sizes_chart", "compare_frame", "sweep_frame",
           "sweep_chart"]


def tokens_chart(frame: pd.DataFrame, budget: int, *, height: int = 220) -> Any:
    """Bars of ``frame["tokens"]`` by ``frame["chunk"]`` (red when over budget), budget rule."""
    import altair as alt

    data = frame[["chunk", "tokens"]].assign(over=frame["tokens"] > budget)
    bars = (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X("chunk:O", title="chunk", axis=alt.Axis(labelOverlap=True)),
            y=alt.Y("tokens:Q", title="tokens"),
            color=alt.Color(
                "over:N",
                scale=alt.Scale(domain=[False, True], range=["#1f77b4", TROUBLE_RED]),
                legend=alt.Legend(title="over budget"),
            ),
            tooltip=["chunk:O", "tokens:Q"],
        )
    )
    rule = (
        alt.Chart(pd.DataFrame({"budget": [budget]}))
        .mark_rule(color="#333", strokeDash=[6, 4], strokeWidth=2)
        .encode(y="budget:Q", tooltip=["budget:Q"])
    )
    return (bars + rule).properties(height=height)


def sizes_frame(stats: Sequence[Any]) -> pd.DataFrame:
    """Long table ``(splitter, tokens)`` from ``baselines.SplitStats`` objects.

    >>> from geochunk.split.baselines import SplitStats
    >>> sizes_frame([SplitStats("a", 10, ((0, 1),), (7,), ())]).values.tolist()
    [['a', 7]]
    """
    rows = [(s.name, t) for s in stats for t in s.token_counts]
    return pd.DataFrame(rows, columns=["splitter", "tokens"])


def sizes_chart(stats: Sequence[Any], budget: int, *, height: int = 200) -> Any:
    """Histograms of chunk sizes, one panel per splitter, with the budget as a rule; each panel
    bins its own sizes on its own x and y scales (one oversized chunk of 400,000 tokens beside
    chunks of 800 used to squeeze every other panel into one bar), each still reaching the
    budget.

    >>> from geochunk.split.baselines import SplitStats
    >>> spec = sizes_chart([SplitStats("a", 8, (), (7, 9), ()), SplitStats("b", 8, (), (90,), ())],
    ...                    8).to_dict(validate=False)
    >>> [p["title"] for p in spec["hconcat"]]
    ['a', 'b']
    """
    import altair as alt

    data = sizes_frame(stats)
    panels = []
    for s in stats:
        part = data[data["splitter"] == s.name]
        hist = alt.Chart(part).mark_bar().encode(
            x=alt.X("tokens:Q", bin=alt.Bin(maxbins=30, extent=_extent(part["tokens"], budget)),
                    title="tokens per chunk"),
            y=alt.Y("count():Q", title="chunks"),
        )
        rule = alt.Chart(part).mark_rule(color=TROUBLE_RED, strokeDash=[6, 4]).encode(
            x=alt.datum(budget))
        panels.append(alt.layer(hist, rule, title=s.name).properties(width=220, height=height))
    return alt.hconcat(*panels) if panels else alt.Chart(data).mark_bar()


def _extent(tokens: Any, budget: int) -> list[float]:
    """A panel's bin extent: its sizes and the budget (so the budget rule is always inside)."""
    hi = max([budget, *(int(t) for t in tokens)])
    lo = min([budget, *(int(t) for t in tokens)])
    return [float(min(0, lo)), float(hi + max(1, hi // 100))]


def compare_frame(stats: Sequence[Any]) -> pd.DataFrame:
    """One row per splitter: chunks, severed geometries, over-budget chunks, sizes.

    >>> from geochunk.split.baselines import SplitStats
    >>> row = compare_frame([SplitStats("a", 10, ((0, 1),), (7,), (0, 2))]).iloc[0]
    >>> int(row["severed geometries"])
    2
    """
    return pd.DataFrame(
        [
            {
                "splitter": s.name,
                "chunks": s.chunks,
                "severed geometries": len(s.severed),
                "over budget": s.over_budget,
                "max tokens": s.max_tokens,
                "mean tokens": round(s.mean_tokens, 1),
            }
            for s in stats
        ]
    )


_SWEEP_SERIES = {
    "chunks": "chunks",
    "oversized_share": "oversized share",
    "needs_fallback_share": "needs-fallback share",
    "features_per_chunk": "features per chunk",
}


def sweep_frame(points: Sequence[Any]) -> pd.DataFrame:
    """Long table ``(budget, measure, value)`` from :class:`geochunk.sweep.SweepPoint` objects.

    >>> from geochunk.sweep import SweepPoint
    >>> sweep_frame([SweepPoint(64, 10, 0.1, 0.1, 2.0, 90)]).values.tolist()[:2]
    [[64, 'chunks', 10.0], [64, 'oversized share', 0.1]]
    """
    rows = [(p.budget, label, float(getattr(p, field)))
            for p in points for field, label in _SWEEP_SERIES.items()]
    return pd.DataFrame(rows, columns=["budget", "measure", "value"])


def sweep_chart(points: Sequence[Any], budget: int, *, height: int = 90, width: int = 330) -> Any:
    """Four small line charts (2 × 2) against the budget (log scale), the current budget as a
    rule; sized to fit a 1400-px page without scrolling."""
    import altair as alt

    data = sweep_frame(points)
    x = alt.X("budget:Q", scale=alt.Scale(type="log"), title="budget (tokens)")
    line = alt.Chart().mark_line(point=True).encode(
        x=x, y=alt.Y("value:Q", title=None),
        tooltip=["budget:Q", "measure:N", alt.Tooltip("value:Q", format=".3~f")],
    )
    rule = alt.Chart().mark_rule(color=TROUBLE_RED, strokeDash=[6, 4]).encode(x=alt.datum(budget))
    return (
        alt.layer(line, rule, data=data)
        .properties(width=width, height=height)
        .facet(facet=alt.Facet("measure:N", sort=list(_SWEEP_SERIES.values()), title=None),
               columns=2)
        .resolve_scale(y="independent")
    )
