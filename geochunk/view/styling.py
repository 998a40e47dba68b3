"""Style by value: colour a chunk map's features by token count, flag, unit, geometry type or
any attribute the document's features carry, with a legend.

:func:`feature_values` reads one value per drawn feature (keyed ``(chunk index, feature id)``,
as the map's features are), :func:`color_scale` turns the values into a colour function and a
legend: numbers get five quantile classes of a sequential palette, anything else a category
colour each (the eleven commonest; the rest "other", grey). The legend is escaped HTML.

>>> scale = color_scale({(0, "a"): 10, (1, "b"): 20, (2, "c"): None}, "tokens")
>>> scale.color((0, "a")) != scale.color((1, "b")), scale.color((2, "c")) == NO_VALUE
(True, True)
"""

from __future__ import annotations

import html
import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Hashable, Mapping

from geochunk.view.colors import PALETTE
from geochunk.view.safe import printable

__all__ = ["BASE_COLOR_BY", "NO_VALUE", "OTHER", "SEQUENTIAL", "ColorScale", "color_by_options",
           "feature_values", "color_scale"]

#: What a chunk map can colour by besides attributes ("chunk": each chunk its own colour).
BASE_COLOR_BY: tuple[str, ...] = ("chunk", "tokens", "flag", "unit", "geometry type")
_ATTR = "attribute: "
NO_VALUE = "#bdbdbd"  # a feature without the value
OTHER = "#7f7f7f"  # categories past the eleventh
#: Five classes, light to dark (viridis stops).
SEQUENTIAL: tuple[str, ...] = ("#fde725", "#5ec962", "#21918c", "#3b528b", "#440154")
_FLAG_COLORS = {"none": "#1f77b4", "oversized": "#d62728", "needs_fallback": "#111111"}


def color_by_options(features: Any, limit: int = 30) -> list[str]:
    """:data:`BASE_COLOR_BY` and ``"attribute: <key>"`` for the attribute keys the document's
    features carry (commonest first, at most ``limit``).

    >>> from geochunk.model import ChunkFeature
    >>> f = ChunkFeature("a", "hash", "wkt", "POINT", 0, 1, 1, attributes={"Land use": "Office"})
    >>> color_by_options([f])[-1]
    'attribute: Land use'
    """
    keys: Counter[str] = Counter()
    for f in features:
        for k in (f.attributes or {}):
            keys[printable(str(k))] += 1
    return [*BASE_COLOR_BY, *(_ATTR + k for k, _ in keys.most_common(limit))]


def feature_values(chunk_set: Any, by: str) -> dict[tuple[int, str], Any]:
    """``{(chunk index, feature id): value}`` of ``by`` for every feature of every chunk
    (``None`` where a feature has no such value)."""
    out: dict[tuple[int, str], Any] = {}
    key = by[len(_ATTR):] if by.startswith(_ATTR) else None
    for c in chunk_set.chunks:
        flag = next((f for f in ("needs_fallback", "oversized") if f in c.flags), "none")
        for f in c.features:
            if by == "tokens":
                value: Any = c.token_count
            elif by == "flag":
                value = flag
            elif by == "unit":
                value = c.unit
            elif by == "geometry type":
                value = f.geom_type or "unknown"
            elif key is not None:
                attrs = {printable(str(k)): v for k, v in (f.attributes or {}).items()}
                value = attrs.get(key)
            else:
                value = c.index
            out[(c.index, f.id)] = value
    return out


def _number(v: Any) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v) if math.isfinite(v) else None
    if isinstance(v, str):
        try:
            x = float(v.replace(",", ""))
        except ValueError:
            return None
        return x if math.isfinite(x) else None
    return None


@dataclass(frozen=True)
class ColorScale:
    """Colours by key and the legend saying what each colour means."""

    by: str
    colors: Mapping[Hashable, str] = field(default_factory=dict)
    legend: tuple[tuple[str, str], ...] = ()  # (colour, label)

    def color(self, key: Hashable) -> str:
        return self.colors.get(key, NO_VALUE)

    def legend_html(self) -> str:
        """The legend as HTML (labels escaped)."""
        rows = "".join(
            f'<span style="display:inline-flex;align-items:center;margin-right:12px">'
            f'<span style="display:inline-block;width:14px;height:14px;margin-right:4px;'
            f'border-radius:2px;background:{c}"></span>{html.escape(label)}</span>'
            for c, label in self.legend)
        return (f'<div style="font-size:0.8rem;line-height:1.8">'
                f'<b>{html.escape(self.by)}</b>: {rows}</div>')


def _fmt(x: float) -> str:
    return f"{x:,.0f}" if abs(x) >= 100 or x == int(x) else f"{x:,.3g}"


def color_scale(values: Mapping[Hashable, Any], by: str) -> ColorScale:
    """A :class:`ColorScale` for ``values`` (keys as :func:`feature_values` gives them):
    quantile classes when every value present is a number (and there are more than 5
    distinct ones), else categories.

    >>> s = color_scale({1: "a", 2: "b", 3: "a", 4: None}, "unit")
    >>> [label for _, label in s.legend]
    ['a (2)', 'b (1)', 'no value (1)']
    """
    present = {k: v for k, v in values.items() if v is not None and v != ""}
    missing = len(values) - len(present)
    numbers = {k: _number(v) for k, v in present.items()}
    colors: dict[Hashable, str] = {}
    legend: list[tuple[str, str]] = []
    distinct = {x for x in numbers.values() if x is not None}
    if by != "chunk" and present and all(x is not None for x in numbers.values()) \
            and len(distinct) > len(SEQUENTIAL):
        xs = sorted(x for x in numbers.values() if x is not None)
        cuts = [xs[min(len(xs) - 1, (len(xs) * i) // len(SEQUENTIAL))]
                for i in range(1, len(SEQUENTIAL))]
        edges = [xs[0], *cuts, xs[-1]]
        for k, x in numbers.items():
            cls = sum(1 for c in cuts if x is not None and x >= c)
            colors[k] = SEQUENTIAL[cls]
        for i, col in enumerate(SEQUENTIAL):
            lo, hi = edges[i], edges[i + 1]
            legend.append((col, f"{_fmt(lo)}–{_fmt(hi)}" if i == len(SEQUENTIAL) - 1
                           else f"{_fmt(lo)} to < {_fmt(hi)}"))
    else:
        counts = Counter(printable(str(v)) for v in present.values())
        named = [v for v, _ in counts.most_common(len(PALETTE) - 1)]
        palette = {v: (_FLAG_COLORS.get(v) if by == "flag" else None) or PALETTE[i % len(PALETTE)]
                   for i, v in enumerate(named)}
        for k, v in present.items():
            colors[k] = palette.get(printable(str(v)), OTHER)
        legend = [(palette[v], f"{v} ({counts[v]:,})") for v in named]
        rest = sum(n for v, n in counts.items() if v not in palette)
        if rest:
            legend.append((OTHER, f"other ({rest:,})"))
    if missing:
        legend.append((NO_VALUE, f"no value ({missing:,})"))
    return ColorScale(by, colors, tuple(legend))
