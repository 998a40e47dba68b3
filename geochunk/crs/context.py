"""Whether a frame name found in the text declares a frame, from the words around it.

Many EPSG frame names are also place names: "Puerto Rico" and "São Tomé" are geographic
frames, "New Jersey" and "Texas North Central" the projection parts of state-plane grids,
"Point 58" a West African datum. A place name is evidence for *choosing among* frames (see
``places.py``), never a declaration by itself: a Markdown heading "## New Jersey", a CSV cell
"São Tomé" or an attribute ``City: São Tomé`` says where, not in which frame. So a name found
by the name index (``names.py``) declares a frame only when

* its line or attribute key names a frame (``CRS:``, ``SRS:``, ``Projection:``, ``Datum:``,
  ``Grid:``, ``Coordinates:``, ``srsName="..."``): ``"keyed"``, an explicit declaration;
* the name itself is a frame's name, not a place's: it holds a digit ("WGS 84", "OSGB 1936 /
  British National Grid"), the `` / `` of an official projected name, a word of the frames'
  own vocabulary ("Grid", "Mercator", "UTM", "Lambert", "ftUS", ...), an acronym written in
  capitals ("RD New", "NTF"), or is one word (the index keeps single words only for informal
  acronyms and long compounds: "NZTM", "Rijksdriehoek"): ``"named"``;
* otherwise (a place-like name) frame words stand near it on its line (projection, CRS, SRS,
  datum, grid, spatial reference, state plane, a code), or a coordinates word next to it
  ("coordinates in Puerto Rico", "New Jersey coordinates"; not "the coordinates of the São
  Tomé lighthouse"): ``"context"``.

A place-like name that is the value of another key (``City: São Tomé``, ``"site": "Puerto
Rico"``), a table cell (``3,São Tomé,POINT (6.7 0.3)``) or plain prose is no declaration
(``"attribute"``, ``"cell"``, ``"prose"``). Every test reads a bounded window of the name's
line: linear in the text.

>>> text = "City: São Tomé\\nCRS: Puerto Rico\\n## New Jersey\\nTiles in Web Mercator."
>>> [name_context(text, text.index(w), text.index(w) + len(w))
...  for w in ("São Tomé", "Puerto Rico", "New Jersey", "Web Mercator")]
['attribute', 'keyed', 'prose', 'named']
"""

from __future__ import annotations

import re

from geochunk.model import OGC_TYPES
from geochunk.crs.places import _fold  # the one folding rule for names (lower case, no accents)

__all__ = ["DECLARING", "name_context", "wkt_keyword"]

#: The verdicts of :func:`name_context` under which a name is a declaration.
DECLARING: frozenset[str] = frozenset({"keyed", "named", "context"})

_BEFORE = 120  # characters of the name's line read before it ...
_AFTER = 60  # ... and after it
_KEY_LEN = 48  # the longest key read before a ":" / "=" / ">"

# words of the frames' own vocabulary: a name holding one is a frame's name, not a place's
_FRAME_WORDS = frozenset({
    "grid", "grids", "mercator", "transverse", "lambert", "utm", "ups", "tm", "gk", "gauss",
    "kruger", "conformal", "conic", "albers", "stereographic", "polar", "laea", "lcc",
    "azimuthal", "equidistant", "equal", "cassini", "soldner", "krovak", "oblique", "rso",
    "projection", "coordinate", "coordinates", "coordinaten", "coordonnees", "koordinaten",
    "plane", "rectangular", "cs", "gcs", "crs", "ingcs", "wiscrs", "rmtcrs", "ftus", "ft",
    "datum", "system", "circuit", "belt", "mga", "sirgas", "ntf", "nsidc",
})
# words near a place-like name that make it a frame's: the "frame context"
_CONTEXT_WORDS = frozenset({
    "crs", "srs", "srid", "epsg", "esri", "wkid", "crs84", "projection", "projections",
    "projected", "reprojected", "datum", "datums", "grid", "grids", "coordinate",
    "coordinates", "coords", "coordinaten", "koordinaten", "coordonnees", "coordenadas",
    "easting", "eastings", "northing", "northings", "georeferenced", "spheroid", "ellipsoid",
    "geodetic", "prj", "proj4",
})
# words that name coordinates: prose says "the coordinates of the São Tomé lighthouse" of
# places all the time, so one counts only next to the name: "coordinates in (the) NAME",
# "NAME coordinates" (or in a pair of ``_CONTEXT_PAIRS``: "coordinate system")
_COORD_WORDS = frozenset({
    "coordinate", "coordinates", "coords", "coordinaten", "koordinaten", "coordonnees",
    "coordenadas",
})
_COORD_IN = frozenset({"in", "im", "en", "dans"})  # "coordinates in", "Koordinaten im"
_COORD_FILLER = frozenset({"are", "is", "the", "given", "expressed", "stated", "written"})
_CONTEXT_PAIRS = frozenset({
    ("spatial", "reference"), ("reference", "system"), ("state", "plane"),
    ("reference", "frame"), ("coordinate", "system"),
})
# the letters of a key that names a frame (``Projection:``, ``srsName="``, ``spatial_ref:``)
_KEY_PARTS = ("crs", "srs", "srid", "epsg", "projection", "projcs", "proj4", "datum", "grid",
              "coordinate", "spatialref", "referencesystem", "wkid")
_TOKEN = re.compile(r"[^\W\d_]+")
_JSON_KEY = re.compile(r'"\s{0,2}:')  # a token that ends a JSON key: structure, not prose
_CELL = ",;\t|"
_QUOTES = "\"'`*_ "
_WKT_HEAD = re.compile(r"([A-Za-z]+)\s{0,4}(?:[ZM]{1,2}\s{0,4})?\(")


def wkt_keyword(text: str, start: int, end: int) -> bool:
    """Whether the name ``text[start:end]`` begins with an OGC geometry keyword followed by
    its opening parenthesis: ``POINT (58`` is WKT, not the datum "Point 58".

    >>> wkt_keyword("POINT (58 12)", 0, 9), wkt_keyword("at Point 58", 3, 11)
    (True, False)
    """
    m = _WKT_HEAD.match(text, start, min(len(text), end + 8))
    return m is not None and m.group(1).upper() in OGC_TYPES


def _line(text: str, start: int, end: int) -> tuple[int, int]:
    """The bounded window of the name's line: at most ``_BEFORE`` characters before it and
    ``_AFTER`` after it, cut at line breaks."""
    lo = max(0, start - _BEFORE)
    cut = max(text.rfind("\n", lo, start), text.rfind("\r", lo, start))
    lo = cut + 1 if cut >= 0 else lo
    hi = min(len(text), end + _AFTER)
    cuts = [c for c in (text.find("\n", end, hi), text.find("\r", end, hi)) if c >= 0]
    return lo, (min(cuts) if cuts else hi)


def _key_before(prefix: str) -> str | None:
    """The key a value after ``prefix`` belongs to (``"City"`` for ``"City: "``, ``"srsName"``
    for ``'<gml:Point srsName="'``, the element for ``"<name>"``), or ``None``: no key."""
    head = prefix.rstrip(_QUOTES)
    if not head:
        return None
    mark = head[-1]
    if mark in ":=":
        head = head[:-1].rstrip(_QUOTES)
        k = len(head)
        while k > 0 and len(head) - k < _KEY_LEN and (head[k - 1].isalnum()
                                                      or head[k - 1] in " _-."):
            k -= 1
        key = head[k:].strip()
        return key or None
    if mark == ">":
        lt = head.rfind("<", max(0, len(head) - 2 * _KEY_LEN))
        return head[lt + 1:-1] if lt >= 0 else None
    return None


def _names_a_frame(key: str) -> bool:
    letters = "".join(c for c in _fold(key) if c.isalnum())
    return any(part in letters for part in _KEY_PARTS)


# the common nouns that are a frame's name with a number: "Point 58" is a West African
# datum, and "survey point 58" a numbered point; such a name is place-like
_NUMBERED_NOUNS = frozenset({"point"})


def _frame_named(name: str) -> bool:
    """Whether a name is a frame's own name by its words alone (see the module docstring).

    >>> _frame_named("WGS 84"), _frame_named("Puerto Rico"), _frame_named("Point 58")
    (True, False, False)
    """
    words = _TOKEN.findall(name)
    if len(words) == 1 and _fold(words[0]) in _NUMBERED_NOUNS and " / " not in name:
        return False  # "point 58 on the map": a numbered point unless frame words say so
    if any(c.isdigit() for c in name) or " / " in name:
        return True
    if len(words) <= 1:
        return True
    if any(_fold(w) in _FRAME_WORDS for w in words):
        return True
    if name.upper() != name:  # an acronym among words not all written in capitals
        return any(len(w) >= 2 and w.isupper() for w in words)
    return False


def _cell(prefix: str, suffix: str) -> bool:
    """Whether a value between ``prefix`` and ``suffix`` stands alone in a table cell."""
    before = prefix.rstrip(" \"'")
    after = suffix.lstrip(" \"'")
    opens = not before or before[-1] in _CELL
    closes = not after or after[0] in _CELL
    if not before and after:  # the line's first value: a row holds more than one delimiter
        return closes and after.count(after[0]) >= 2  # ("New Jersey, in state plane feet")
    return opens and closes and bool(before or after)


def _frame_words_near(window: str) -> bool:
    words = [(m, _fold(m.group())) for m in _TOKEN.finditer(window)]
    prev = ""
    for m, w in words:
        if _JSON_KEY.match(window, m.end()) and m.start() > 0 and window[m.start() - 1] == '"':
            prev = ""
            continue  # a JSON key ("coordinates": [...]) is the format's structure
        if (prev, w) in _CONTEXT_PAIRS or (w in _CONTEXT_WORDS and w not in _COORD_WORDS):
            return True
        prev = w
    return False


def _coordinates_next_to(prefix: str, suffix: str) -> bool:
    """Whether a coordinates word stands next to the name: ``"coordinates (are) in (the) "``
    ends ``prefix`` (spaces only between), or the name's next word is one (``"in New Jersey
    coordinates"``); ``"the coordinates of the São Tomé lighthouse"`` is prose.

    >>> _coordinates_next_to("Coordinates are in the ", ""), _coordinates_next_to("", " coords")
    (True, True)
    >>> _coordinates_next_to("The coordinates of the ", " lighthouse")
    False
    """
    first = _TOKEN.match(suffix.lstrip(" \t\"'"))
    if first is not None and _fold(first.group()) in _COORD_WORDS:
        return True
    tail = prefix.rstrip(" \t\"'")
    if not tail or not tail[-1].isalpha():
        return False  # punctuation stands between ("coordinates: ..., NAME")
    words = [_fold(w) for w in _TOKEN.findall(tail[-64:])]
    while words and words[-1] == "the":
        words.pop()
    if not words or words[-1] not in _COORD_IN:
        return False
    words.pop()
    while words and words[-1] in _COORD_FILLER:
        words.pop()
    return bool(words) and words[-1] in _COORD_WORDS


def name_context(text: str, start: int, end: int) -> str:
    """How the frame name ``text[start:end]`` stands in its text: ``"keyed"``, ``"named"``
    or ``"context"`` (it declares a frame: :data:`DECLARING`), else ``"attribute"``,
    ``"cell"`` or ``"prose"`` (a place-like name that is evidence only). See the module
    docstring.

    >>> t = "id,city,wkt\\n3,São Tomé,POINT (6.7 0.3)\\nSites in Puerto Rico (state plane)."
    >>> name_context(t, t.index("São"), t.index("São") + 8)
    'cell'
    >>> name_context(t, t.index("Puerto"), t.index("Puerto") + 11)
    'context'
    """
    lo, hi = _line(text, start, end)
    prefix, suffix = text[lo:start], text[end:hi]
    key = _key_before(prefix)
    if key is not None and _names_a_frame(key):
        return "keyed"
    if _frame_named(text[start:end]):
        return "named"
    if key is not None:
        return "attribute"
    if _cell(prefix, suffix):
        return "cell"
    near = (_frame_words_near(prefix) or _frame_words_near(suffix)
            or _coordinates_next_to(prefix, suffix))
    return "context" if near else "prose"
