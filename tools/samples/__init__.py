"""The seeded generator of ``geochunk/samples/`` (``python -m tools.samples.make_samples``).

The helper modules each build one kind of document: ``_land_use``, ``_geojson``, ``_reports``,
``_boundary``, ``_sql``, ``_malformed`` and ``_encodings`` (hex EWKB, GML, KML); ``_geom``
and ``_text`` hold shared geometry and wording, ``_common`` the seed and validity checks.
"""
