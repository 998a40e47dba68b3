
import pytest

from geochunk.context.attributes import attribute_pairs
from geochunk.context.units import find_units
from geochunk.model import Detection, Span


def _span(text, wkt, **kw):
    start = text.index(wkt)
    return Span(start, start + len(wkt), "wkt", wkt.split("(")[0].strip().upper(), wkt, **kw)


def test_caption_and_attribute_block_travel_with_the_feature():
    text = "Intro.\n\n### Parcel LU-0001 — Residential\nPOLYGON((0 0,1 0,1 1,0 0))\nParcel ID: LU-0001\nLand use: Residential\n\nAfter."
    span = _span(text, "POLYGON((0 0,1 0,1 1,0 0))")
    (u,) = find_units(text, Detection((span,)))
    assert text[u.full[0]:u.full[1]] == "### Parcel LU-0001 — Residential\nPOLYGON((0 0,1 0,1 1,0 0))\nParcel ID: LU-0001\nLand use: Residential\n"
    assert u.ids == (("LU-0001", "attribute:Parcel ID"),)
    assert u.attributes == (("Parcel ID", "LU-0001"), ("Land use", "Residential"))


def test_without_context_full_equals_core():
    text = "### P-1\nPOINT (1 2)\nName: x\n"
    span = _span(text, "POINT (1 2)")
    (u,) = find_units(text, Detection((span,)), context=False)
    assert u.full == u.core == (8, 20)


def test_heading_gives_the_id_when_no_attribute_does():
    text = "## Well W-17\nPOINT (1 2)\n"
    (u,) = find_units(text, Detection((_span(text, "POINT (1 2)"),)))
    assert u.ids == (("W-17", "heading"),)


def test_hash_id_is_positional_free():
    a = "POINT (1 2)\n"
    b = "Some prose first.\n\nPOINT (1 2)\n"
    (ua,) = find_units(a, Detection((_span(a, "POINT (1 2)"),)))
    (ub,) = find_units(b, Detection((_span(b, "POINT (1 2)"),)))
    assert ua.ids == ub.ids and ua.ids[0][1] == "hash"


def test_sql_lead_in_and_tail_join_the_unit():
    text = "INSERT INTO t VALUES (1, ST_GeomFromEWKT('SRID=27700;POINT(1 2)'));\nINSERT INTO t VALUES (2, ST_GeomFromEWKT('SRID=27700;POINT(3 4)'));\n"
    s1 = text.index("SRID=27700;POINT(1 2)")
    s2 = text.index("SRID=27700;POINT(3 4)")
    spans = (
        Span(s1, s1 + 21, "wkt", "POINT", "POINT(1 2)", srid=27700),
        Span(s2, s2 + 21, "wkt", "POINT", "POINT(3 4)", srid=27700),
    )
    u1, u2 = find_units(text, Detection(spans))
    assert u1.core == (0, text.index("INSERT", 1)) and u2.core[1] == len(text)


def test_prose_sentence_is_not_swallowed_by_a_point():
    text = "It rained. The gauge at POINT (1 2) flooded. Then it stopped.\n"
    span = _span(text, "POINT (1 2)")
    (u,) = find_units(text, Detection((span,)))
    assert u.core == (span.start, span.end)


def test_two_geometries_on_one_line_are_two_units_with_a_cut_between():
    text = "1,POINT (1 2),POINT (3 4)\n"
    s1 = _span(text, "POINT (1 2)")
    s2 = _span(text, "POINT (3 4)")
    u1, u2 = find_units(text, Detection((s1, s2)))
    assert u1.spans == (0,) and u2.spans == (1,)
    assert u1.full[1] <= u2.full[0]
    assert u1.core[0] == 0 and u2.core[1] == len(text)  # each still takes its side of the line


@pytest.mark.parametrize(
    "caption",
    [
        "    def test_polygon_2(self):",
        "A database row follows:",
        "# the second polygon",
        "-- row 2 of table parcels",
        "## Site boundary (2019 survey)",
    ],
)
def test_ids_never_come_from_code_comments_or_captions(caption):
    text = f"{caption}\nPOINT (1 2)\n"
    (u,) = find_units(text, Detection((_span(text, "POINT (1 2)"),)))
    assert u.ids[0][1] == "hash"


def test_attribute_pairs_ignore_prose_and_urls():
    block = "Source: http://x.org\nhttp://example.org/page\nratio 3:4 was kept\n(see: below)\n"
    assert attribute_pairs(block) == (("Source", "http://x.org"),)
