"""Sample 7, ``malformed.txt``: damaged and awkward input the chunker must survive.

>>> text = build_malformed()
>>> "\\r\\n" in text, text.endswith("POLYGON((1 2, 3 4"), "CURVEPOLYGON(" in text
(True, True, True)
"""

from __future__ import annotations

from ._common import rng_for

__all__ = ["build_malformed"]


def build_malformed() -> str:
    """Input the chunker must survive; it ends inside an unclosed POLYGON (no final newline).

    >>> text = build_malformed()
    >>> text.endswith("POLYGON((1 2, 3 4")
    True
    """
    rng = rng_for("malformed")
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    blob = "".join(rng.choice(alphabet) for _ in range(2400))
    crlf = (
        "This paragraph was pasted from a Windows editor and keeps its CRLF line endings.\r\n"
        "The survey point is POINT (12.5 41.9) and the line after it is plain prose.\r\n"
        "Nothing here should be translated or normalised.\r\n"
    )
    deep = 40
    return (
        "MALFORMED AND AWKWARD GEOMETRY TEXT\n"
        "\n"
        "Every case in this file is deliberate. It collects the kinds of damage we have seen in "
        "real exports, so that the chunker can be shown to survive them: it must never crash, "
        "never hang, and never cut a chunk inside anything that looks like a geometry.\n"
        "\n"
        "1. Prose that only looks like geometry. The surveyor marked a point (see below) on the "
        'sketch and wrote "Point (approx.)" beside it. Polygon (the shaded one) is the old yard. '
        "At this point (as noted) nobody had checked the levels. The yard is in flood zone 3 and "
        "the gauge is in zone 2 of the pumping station; both are planning categories, not map "
        "projections. The map shows a linestring-like "
        "path (dotted) along the fence.\n"
        "\n"
        "2. A ring that closes but has too few points to be a polygon:\n"
        "POLYGON((0 0, 1 1, 0 0))\n"
        "\n"
        "3. A bow-tie that parses but crosses itself:\n"
        "POLYGON((0 0, 10 10, 10 0, 0 10, 0 0))\n"
        "\n"
        "4. Curved geometry types (GEOS may refuse them; they must still be kept whole):\n"
        "CIRCULARSTRING(0 0, 1 1, 2 0)\n"
        "CURVEPOLYGON(CIRCULARSTRING(0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 3 3, 3 1, 1 1))\n"
        "COMPOUNDCURVE(CIRCULARSTRING(0 0, 1 1, 1 0), (1 0, 0 1))\n"
        "\n"
        "5. Deeply nested brackets, in prose and after a keyword:\n"
        f"The clause reads {'(' * deep}see the schedule{')' * deep} and nothing more.\n"
        f"MULTIPOLYGON{'(' * deep}0 0, 1 0, 1 1, 0 0{')' * deep}\n"
        "GEOMETRYCOLLECTION(GEOMETRYCOLLECTION(GEOMETRYCOLLECTION(POINT(1 2), LINESTRING(0 0, 1 1))))\n"
        "\n"
        "6. Brackets that do not balance the other way:\n"
        "LINESTRING (0 0, 1 1)) followed by text on the same line.\n"
        "\n"
        "7. Coordinates that are not numbers, or not finite:\n"
        "POINT (east north)\n"
        "POINT (1e400 2)\n"
        "POINT (nan nan)\n"
        "\n"
        "8. Empty geometries and lower-case keywords:\n"
        "POINT EMPTY\n"
        "POLYGON EMPTY\n"
        "polygon ((0 0, 1 0, 1 1, 0 0))\n"
        "\n"
        "9. A GeoJSON geometry that never closes its object:\n"
        '{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]\n'
        "\n"
        "10. Mixed line endings:\n" + crlf + "\n"
        "11. One very long word with no spaces (a pasted key):\n" + blob + "\n"
        "\n"
        "12. Characters made of several code points: e\u0301 (e + combining acute), "
        "\U0001f469\U0001f3fd\u200d\U0001f52c (woman scientist, medium skin tone), "
        "\U0001f1ec\U0001f1e7 (flag), and a zero\u200bwidth space.\n"
        "\n"
        "13. The export was cut off here:\n"
        "POLYGON((1 2, 3 4"
    )
