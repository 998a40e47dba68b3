"""Shared plumbing for the sample builders: the seed, per-file generators, validity checks.

>>> rng_for("x").random() == rng_for("x").random()
True
>>> check_valid("POLYGON ((0 0, 1 0, 0 1, 0 0))", "triangle")
>>> iso_date(rng_for("x"), _dt.date(2024, 1, 1), 1)
'2024-01-01'
"""

from __future__ import annotations

import datetime as _dt
import random

import shapely

__all__ = ["SEED", "rng_for", "check_valid", "iso_date"]

SEED = 20240611


def rng_for(name: str) -> random.Random:
    """One independent generator per sample, seeded with a string (so ``PYTHONHASHSEED`` and
    the order in which samples are built do not matter)."""
    return random.Random(f"geochunk-samples:{SEED}:{name}")


def check_valid(wkt: str, what: str) -> None:
    """Raise ``RuntimeError`` if the generated WKT is not a valid geometry (a generator bug)."""
    geom = shapely.from_wkt(wkt)
    if not geom.is_valid:
        raise RuntimeError(
            f"generated geometry for {what} is invalid: {shapely.is_valid_reason(geom)}"
        )


def iso_date(rng: random.Random, start: _dt.date, days: int) -> str:
    """A seeded ISO date in ``[start, start + days)``."""
    return (start + _dt.timedelta(days=rng.randrange(days))).isoformat()
