"""The "Frames in detail" view: every frame the resolver chose and the evidence behind it.

``frames_table`` gives one row per distinct frame decision (features sharing a frame are folded
into one row) with the words, codes, places and coordinates that decided it and what else was
considered; ``frames_text`` the resolver's own description as plain text. Both are data or plain
text (no HTML): the page shows them with ``st.dataframe`` / ``st.text``, which escape.

>>> import shapely
>>> from geochunk.crs import resolve_frames
>>> from geochunk.model import Detection, Span
>>> wkt = "POINT (530000 180000)"
>>> text = "Sites (EPSG:27700): " + wkt
>>> report = resolve_frames(text, Detection((Span(20, 41, "wkt", "POINT", wkt),)),
...                         [shapely.from_wkt(wkt)])
>>> row = frames_table(report).iloc[0]
>>> row["frame"], row["codes"]
('EPSG:27700 OSGB36 / British National Grid', "'EPSG:27700' (epsg_code) at offset 7")
"""

from __future__ import annotations

import pandas as pd

from geochunk.crs.resolve import FrameReport, index_ranges
from geochunk.model import Frame

__all__ = ["frames_table", "frames_text", "COLUMNS"]

COLUMNS = ("features", "frame", "confidence", "flagged", "source", "words", "codes", "places",
           "coordinates", "considered")


def _name(frame: Frame) -> str:
    ref = frame.ref
    code = (f"EPSG:{ref}" if isinstance(ref, int) else str(ref)) if ref is not None else "none"
    return f"{code} {frame.name or ''}".rstrip()


def frames_table(report: FrameReport) -> pd.DataFrame:
    """One row per distinct frame decision of a ``FrameReport`` (document frame first when the
    document has no geometry)."""
    groups: dict[Frame, list[int]] = {}
    for i, f in enumerate(report.frames):
        groups.setdefault(f, []).append(i)
    if not groups:
        groups = {report.document_frame: []}
    rows = []
    for frame, members in groups.items():
        ev = frame.evidence
        part = (lambda name: "; ".join(getattr(ev, name)) if ev is not None else "")
        rows.append({
            "features": index_ranges(members) if members else "(document)",
            "frame": _name(frame),
            "confidence": round(float(frame.confidence), 2),
            "flagged": bool(frame.flagged),
            "source": frame.source,
            "words": part("words"),
            "codes": part("codes"),
            "places": part("places"),
            "coordinates": part("coordinates"),
            "considered": part("considered") or "; ".join(frame.notes[1:3]),
        })
    return pd.DataFrame(rows, columns=list(COLUMNS))


def frames_text(report: FrameReport) -> str:
    """The resolver's description (declarations, scopes, evidence) as plain text."""
    return "\n".join(report.describe())
