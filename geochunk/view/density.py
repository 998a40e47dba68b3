"""Geometry density bands: which band a document sits in, as data and as a small chart.

Density is the share of a document's tokens that sit inside geometry spans. The strategy
bands are: under ``paragraph_threshold`` (prose first), between the thresholds (mixed), and
over ``feature_threshold`` (feature first). Defaults are 20% and 50%.

>>> density_strategy(0.35)
'mixed'
>>> bands_frame(0.35)["contains"].tolist()
[False, True, False]
"""

from __future__ import annotations

import pandas as pd

from geochunk.model import ChunkConfig
from geochunk.split.strategy import BAND_STRATEGY, density_band

__all__ = ["BAND_NAMES", "density_strategy", "bands_frame", "density_html"]

#: The bands as the strategy each picks, lowest density first.
BAND_NAMES: tuple[str, ...] = tuple(BAND_STRATEGY.values())
_BAND_COLORS = ("#c6dbef", "#fdd0a2", "#c7e9c0")


def density_strategy(
    density: float, paragraph_threshold: float = 0.20, feature_threshold: float = 0.50
) -> str:
    """The strategy ``auto`` picks for ``density`` (a fraction in [0, 1]): the core's band
    (:func:`geochunk.split.strategy.density_band`) through :data:`geochunk.split.strategy.BAND_STRATEGY`.

    >>> density_strategy(0.1), density_strategy(0.2), density_strategy(0.51)
    ('paragraph', 'mixed', 'feature')
    """
    config = ChunkConfig(paragraph_threshold=paragraph_threshold, feature_threshold=feature_threshold)
    return BAND_STRATEGY[density_band(density, config)]


def bands_frame(
    density: float, paragraph_threshold: float = 0.20, feature_threshold: float = 0.50
) -> pd.DataFrame:
    """One row per band: name, start, end (fractions), a label and whether it holds ``density``.

    >>> bands_frame(0.9)[["band", "label"]].values.tolist()[2]
    ['feature', 'over 50%']
    """
    p, f = paragraph_threshold, feature_threshold
    here = density_strategy(density, p, f)
    rows = [
        (BAND_NAMES[0], 0.0, p, f"under {p:.0%}"),
        (BAND_NAMES[1], p, f, f"{p:.0%}–{f:.0%}"),
        (BAND_NAMES[2], f, 1.0, f"over {f:.0%}"),
    ]
    return pd.DataFrame(
        [
            {"band": n, "start": a, "end": b, "label": lab, "contains": n == here}
            for n, a, b, lab in rows
        ]
    )


def density_html(
    density: float,
    paragraph_threshold: float = 0.20,
    feature_threshold: float = 0.50,
) -> str:
    """A small HTML figure: the three bands as coloured blocks and a red rule where this
    document sits (plain ``div`` elements with inline styles, which survive HTML sanitisers).

    Only numbers go into it (no document text). Cheap to build on every rerun.

    >>> fig = density_html(0.42)
    >>> fig.count('class="gc-band"'), "42.0%" in fig
    (3, True)
    """
    bands = bands_frame(density, paragraph_threshold, feature_threshold)
    d = min(max(density, 0.0), 1.0) * 100
    parts = [
        '<div class="gc-density" style="position:relative;height:64px;margin:0 12px;'
        f'font:12px sans-serif" role="img" aria-label="geometry density {density:.1%}">'
    ]
    for (_, row), color in zip(bands.iterrows(), _BAND_COLORS):
        left, width = row["start"] * 100, (row["end"] - row["start"]) * 100
        weight = "bold" if row["contains"] else "normal"
        parts.append(
            f'<div class="gc-band" style="position:absolute;left:{left:.2f}%;width:{width:.2f}%;'
            f"top:18px;height:28px;background:{color};text-align:center;line-height:28px;"
            f'font-weight:{weight};overflow:hidden;white-space:nowrap">{row["label"]}</div>'
        )
    align = "right" if density > 0.85 else ("left" if density < 0.15 else "center")
    shift = {"right": "-100%", "left": "0", "center": "-50%"}[align]
    parts.append(
        f'<div style="position:absolute;left:{d:.2f}%;top:12px;height:40px;width:0;'
        'border-left:3px solid #d62728;margin-left:-1px"></div>'
        f'<div style="position:absolute;left:{d:.2f}%;top:-4px;transform:translateX({shift});'
        f'color:#d62728;font-weight:bold;white-space:nowrap">{density:.1%}</div>'
        '<div style="position:absolute;left:0;top:48px;color:#666">0%</div>'
        '<div style="position:absolute;right:0;top:48px;color:#666">100%</div>'
        "</div>"
    )
    return "".join(parts)
