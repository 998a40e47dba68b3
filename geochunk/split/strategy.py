"""Geometry density, the strategy it implies, and the unit each chunk records — with reasons.

Density is the share of the document's tokens that lie inside geometry spans. Under the paragraph
threshold (0.20) prose dominates: split paragraph → sentence → word, geometry spans protected.
Over the feature threshold (0.50) the document is a feature dump: pack whole features. In
between, ``mixed``: prose is split by paragraphs and runs of features are packed by feature.

>>> choose_strategy(0.05, ChunkConfig())
('paragraph', 'geometry density 5.0% < 20%: paragraph/sentence splitting, geometry spans protected')
>>> choose_strategy(0.9, ChunkConfig(strategy="paragraph"))[0]
'paragraph'
"""

from __future__ import annotations

from geochunk.model import ChunkConfig

__all__ = ["BAND_STRATEGY", "choose_strategy", "density_band", "chunk_unit"]

#: The strategy ``auto`` picks in each density band (bands named by what dominates).
BAND_STRATEGY: dict[str, str] = {"prose": "paragraph", "mixed": "mixed", "features": "feature"}


def density_band(density: float, config: ChunkConfig = ChunkConfig()) -> str:
    """``"prose"``, ``"mixed"`` or ``"features"`` for a density (the strategy each band picks:
    :data:`BAND_STRATEGY`).

    >>> density_band(0.3)
    'mixed'
    """
    if density < config.paragraph_threshold:
        return "prose"
    if density > config.feature_threshold:
        return "features"
    return "mixed"


def choose_strategy(density: float, config: ChunkConfig) -> tuple[str, str]:
    """The strategy to use and a one-line reason a person can read."""
    pct = f"{density:.1%}"
    lo, hi = f"{config.paragraph_threshold:.0%}", f"{config.feature_threshold:.0%}"
    band = density_band(density, config)
    why = {
        "prose": f"geometry density {pct} < {lo}: paragraph/sentence splitting, geometry spans protected",
        "mixed": f"geometry density {pct} between {lo} and {hi}: prose split by paragraphs, "
                 "feature runs packed by feature",
        "features": f"geometry density {pct} > {hi}: feature-atomic packing",
    }[band]
    auto = (BAND_STRATEGY[band], why)
    if config.strategy == "auto":
        return auto
    return config.strategy, (
        f"strategy set to {config.strategy!r} by the caller (auto would choose {auto[0]!r}: "
        f"geometry density {pct})"
    )


def chunk_unit(*, whole_document: bool, n_features: int, within_unit: bool) -> str:
    """The ``unit`` a chunk records, as the seeds define it: ``document`` (the whole document,
    also what a no-safe-boundary fallback produces), ``feature`` (exactly one feature, with its
    context and nothing else) or ``section`` (a run of features or prose).

    >>> chunk_unit(whole_document=False, n_features=3, within_unit=False)
    'section'
    >>> chunk_unit(whole_document=False, n_features=1, within_unit=True)
    'feature'
    """
    if whole_document:
        return "document"
    if n_features == 1 and within_unit:
        return "feature"
    return "section"
