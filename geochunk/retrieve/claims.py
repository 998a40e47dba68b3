"""What a result's frame lets an answer claim about where it is: one rule, used by the query
(no proximity without a measurement) and by the answer context (the caveat it prints).

Three grades, from the frame the index stored for a placed chunk:

* ``measurement`` — the frame is at least :attr:`ClaimPolicy.measurement_at` confident (0.8 by
  default) and not flagged: distances, containment and positions may be stated as measured;
* ``descriptive`` — a flagged frame, or one below that (a lon/lat guess, a frame inferred from a
  place, a declaration the coordinates contradict): the passage may say what the place is, but a
  distance or position computed from its coordinates is not established;
* ``none`` — the fallback frame (nothing declared, nothing recognised), a frame below
  :attr:`ClaimPolicy.descriptive_at`, or no placed geometry at all: nothing may be claimed about
  where from this passage's coordinates.

Every grade comes with its reason, in words.

>>> grade_frame(27700, 0.95, False, "explicit_code").grade
'measurement'
>>> c = grade_frame(4326, 0.3, True, "coordinates")
>>> c.grade, c.reason
('descriptive', 'frame EPSG:4326 (coordinates) is flagged at confidence 0.30; measurement needs 0.80 and no flag: the place may be described, distance not established')
>>> grade_frame(4326, 0.0, True, "fallback").grade
'none'
>>> grade_frame(4326, 0.9, False, "name", ClaimPolicy(measurement_at=0.95)).grade
'descriptive'
>>> grade_frame(4326, 0.3, True, "coordinates", ClaimPolicy(measurement_at=0.3, measure_flagged=True)).grade
'measurement'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from geochunk.errors import ConfigError

__all__ = ["GRADES", "MEASUREMENT", "DESCRIPTIVE", "NONE", "Claim", "ClaimPolicy", "grade_frame"]

MEASUREMENT = "measurement"
DESCRIPTIVE = "descriptive"
NONE = "none"
#: the grades, strongest first
GRADES: tuple[str, ...] = (MEASUREMENT, DESCRIPTIVE, NONE)


@dataclass(frozen=True)
class ClaimPolicy:
    """The confidence thresholds of the grades (``0 <= descriptive_at <= measurement_at <= 1``).

    >>> ClaimPolicy(measurement_at=0.5, descriptive_at=0.6)
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: descriptive_at (0.6) must not exceed measurement_at (0.5)
    """

    #: the least confidence of an unflagged frame whose distances count as measured
    measurement_at: float = 0.8
    #: below this confidence a frame supports no claim about where (the fallback is 0)
    descriptive_at: float = 0.1
    #: whether a flagged frame may measure too (off: a flag always means ``descriptive``); for a
    #: corpus known to be WGS 84 that never says so (its lon/lat guess is flagged, at 0.30)
    measure_flagged: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.measure_flagged, bool):
            raise ConfigError(f"measure_flagged must be True or False, got {self.measure_flagged!r}")
        for name in ("measurement_at", "descriptive_at"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not 0.0 <= v <= 1.0:
                raise ConfigError(f"{name} must be a number in [0, 1], got {v!r}")
        if self.descriptive_at > self.measurement_at:
            raise ConfigError(f"descriptive_at ({self.descriptive_at:g}) must not exceed "
                              f"measurement_at ({self.measurement_at:g})")


@dataclass(frozen=True)
class Claim:
    """A grade and the reason for it."""

    grade: str
    reason: str

    @property
    def measured(self) -> bool:
        """Whether distances from this frame may be stated (and ranked on)."""
        return self.grade == MEASUREMENT


def _frame(epsg: int | None, source: str | None) -> str:
    name = f"EPSG:{epsg}" if epsg is not None else "of no EPSG code"
    return f"frame {name}" + (f" ({source})" if source else "")


def grade_frame(epsg: int | None, confidence: float | None, flagged: bool, source: str | None = None,
                policy: ClaimPolicy | None = None) -> Claim:
    """The claim a placed chunk's frame supports (``confidence None``: the chunk has no placed
    geometry). ``source`` is ``Frame.source`` (``None`` for an index that did not record it: the
    fallback is then known by its confidence, 0)."""
    p = policy or ClaimPolicy()
    if confidence is None:
        return Claim(NONE, "no placed geometry: nothing may be claimed about where, distance not established")
    frame = _frame(epsg, source)
    if source == "fallback":
        return Claim(NONE, f"{frame}: nothing declared or recognised, EPSG:4326 assumed at confidence "
                           f"{confidence:.2f}: no claim about where, distance not established")
    if confidence < p.descriptive_at:
        return Claim(NONE, f"{frame} at confidence {confidence:.2f}, below {p.descriptive_at:.2f}: "
                           "no claim about where, distance not established")
    if confidence >= p.measurement_at and not flagged:
        return Claim(MEASUREMENT, f"{frame} at confidence {confidence:.2f}, not flagged: "
                                  "distances and containment may be stated as measured")
    if confidence >= p.measurement_at and p.measure_flagged:
        return Claim(MEASUREMENT, f"{frame} is flagged at confidence {confidence:.2f}, accepted as "
                                  "measuring by the policy: distances may be stated as measured")
    why = "is flagged" if flagged else "is"
    return Claim(DESCRIPTIVE, f"{frame} {why} at confidence {confidence:.2f}; measurement needs "
                              f"{p.measurement_at:.2f} and no flag: the place may be described, "
                              "distance not established")
