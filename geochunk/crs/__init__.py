"""Coordinate reference systems: find, scope, validate and grade frames; WGS 84 boxes.

A geometry's coordinates mean nothing without their frame, and a silently guessed frame gives
confident answers hundreds of metres off. This package finds every frame declaration in a
document (EPSG codes, URNs, OGC URLs, GeoJSON ``crs`` members, EWKT ``SRID=n;``, ``CRS84`` and
frame names in prose, the names resolved through PROJ's own EPSG database), scopes them, checks
each against a sample of the coordinates it governs, and grades the result 0-1 with the reason.

Modules: ``declarations`` (finding; ESRI codes too), ``names`` (the name index), ``zones``
(UTM / Gauss-Krüger phrases that leave the datum or hemisphere out), ``places`` (places named in
the document, from an offline gazetteer), ``infer`` (a grid for undeclared numbers from a named
place), ``candidates`` (every regional grid whose area of use holds undeclared numbers, from an
inverse index of the grids' areas in their own coordinates), ``database`` (cached pyproj facts and transformers), ``validate`` (area-of-use checks),
``grade`` (confidence and evidence), ``resolve`` (scoping, swapped-axis checks,
:class:`FrameReport`), ``transform`` (WGS 84 boxes and geometries), ``work`` (the per-document
bound), ``cache`` (the user cache for the name index, the gazetteer and the grid areas).
Every frame carries its ``evidence``: the words, codes, places and coordinates that decided it
and the other frames considered.

>>> [d.epsg for d in find_declarations("Plots in British National Grid (EPSG:27700).")]
[27700, 27700]
>>> frame_units(2229)
'US survey foot'
"""

from __future__ import annotations

from geochunk.crs.database import frame_units
from geochunk.crs.declarations import ENCODING_FORMS, FORMS, Declaration, find_declarations
from geochunk.crs.names import name_index
from geochunk.crs.resolve import FrameReport, FrameScope, merge_frames, merge_one_ref, resolve_frames
from geochunk.crs.transform import bbox_wgs84, bboxes_wgs84, to_wgs84

__all__ = [
    "ENCODING_FORMS",
    "FORMS",
    "Declaration",
    "FrameReport",
    "FrameScope",
    "bbox_wgs84",
    "bboxes_wgs84",
    "find_declarations",
    "frame_units",
    "merge_frames",
    "merge_one_ref",
    "name_index",
    "resolve_frames",
    "to_wgs84",
]
