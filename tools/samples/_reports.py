"""Samples 3 and 5: ``mixed_report.md`` (a flood-defence survey with EWKT, Z and a UTM 30N
appendix) and ``sparse_prose.txt`` (field-trip notes with a handful of POINT literals).

>>> _xyz([(1.0, 2.0, 3.0)])
'1.00 2.00 3.000'
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from ._common import check_valid, rng_for
from ._geom import fmt, star_ring
from ._text import FIELD_DAYS, FIELD_LOGISTICS, FIELD_TEACHING, FIELD_WEATHER

__all__ = ["build_mixed_report", "build_sparse_prose"]


def _walk3(
    rng: random.Random,
    x: float,
    y: float,
    z: float,
    n: int,
    heading: float,
    step: tuple[float, float],
) -> list[tuple[float, float, float]]:
    """A gently curving 3D traverse; heights wander by at most 0.12 m a step within 1.5 m."""
    low, high = z - 1.5, z + 1.5
    pts = []
    for _ in range(n):
        pts.append((x, y, z))
        heading += rng.uniform(-0.15, 0.15)
        d = rng.uniform(*step)
        x, y = x + d * math.cos(heading), y + d * math.sin(heading)
        z = max(low, min(high, z + rng.uniform(-0.12, 0.12)))
    return pts


def _xyz(pts: Sequence[tuple[float, float, float]], per_line: int = 0) -> str:
    items = [f"{fmt(x, 2)} {fmt(y, 2)} {fmt(z, 3)}" for x, y, z in pts]
    if not per_line:
        return ", ".join(items)
    rows = [", ".join(items[i : i + per_line]) for i in range(0, len(items), per_line)]
    return ",\n  ".join(rows)


def build_mixed_report() -> str:
    """A flood-defence survey report: prose, EWKT with Z, then a UTM 30N section.

    >>> text = build_mixed_report()
    >>> "SRID=27700;POINT Z (" in text, "WGS 84 / UTM zone 30N" in text, "।" in text
    (True, True, True)
    """
    rng = rng_for("mixed_report")
    cps = []
    for i, label in enumerate(
        (
            "benchmark on the Dunball sluice wall",
            "rivet in the Chilton Trinity outfall headwall",
            "survey nail, crest of the Pawlett embankment",
            "cut mark on the Bridgwater town bridge",
            "pin in concrete, Combwich pill",
            "survey nail, Westonzoyland washland bund",
        ),
        start=1,
    ):
        x, y = 330000 + rng.uniform(-2500, 2500), 137500 + rng.uniform(-3000, 4000)
        cps.append(
            f"- CP-{i:02d}, {label}: "
            f"SRID=27700;POINT Z ({fmt(x, 2)} {fmt(y, 2)} {fmt(rng.uniform(5.5, 9.2), 3)})"
        )
    lines = []
    for i in range(1, 5):
        pts = _walk3(
            rng,
            330000 + rng.uniform(-2000, 2000),
            137000 + rng.uniform(-2000, 3000),
            rng.uniform(6.8, 7.6),
            rng.randint(8, 18),
            rng.uniform(0, 2 * math.pi),
            (20, 60),
        )
        lines.append(f"Section E{i} crest profile: SRID=27700;LINESTRING Z ({_xyz(pts)})")
    long_line = _walk3(rng, 331200.0, 139800.0, 7.4, 60, 1.2, (25, 45))
    wash = star_ring(rng, 334000.0, 134500.0, 300.0, 420.0, 14, decimals=2, jitter=0.2)
    wash_z = ", ".join(f"{fmt(x, 2)} {fmt(y, 2)} {fmt(5.8, 3)}" for x, y in wash)
    check_valid(f"POLYGON Z (({wash_z}))", "washland")
    gnss = []
    for i in range(1, 7):
        e, n = 500700 + rng.uniform(-2500, 2500), 5664280 + rng.uniform(-3000, 4000)
        gnss.append(
            f"- G{i:02d}: POINT Z ({fmt(e, 3)} {fmt(n, 3)} {fmt(rng.uniform(56.0, 60.5), 3)})"
        )
    utm_line = _walk3(rng, 501400.0, 5666900.0, 58.1, 12, 0.9, (30, 70))

    return f"""# River Parrett tidal flood defences: condition survey 2024

Prepared for the Parrett Estuary Flood Partnership. Draft for consultation, not for construction.

## 1. Summary

Between March and May 2024 a team of four engineers walked 23 kilometres of tidal embankment on \
both banks of the River Parrett, from the Bridgwater town bridge downstream to Combwich. Every \
asset was inspected on foot, photographed, and its crest level surveyed with GNSS at intervals of \
no more than 50 metres. The defences are generally in fair condition, but three lengths have \
settled below their design crest level and one outfall flap valve no longer seals.

The lowest length, near Pawlett, sits about 0.4 metres below its design level over 600 metres. \
In a 1 in 200 year tide with wave action it would overtop for roughly an hour either side of high \
water. We recommend that it be raised before the winter of 2025 and that the other two lengths be \
monitored every six months until they can be included in the capital programme.

## 2. Scope and method

The survey covered earth embankments, the concrete river wall through the town, six outfalls with \
flap valves, and the Dunball sluice. Assets were inspected against the condition grades of the \
national asset inspection manual, from grade 1 (very good) to grade 5 (very poor). Where the crest \
could not be walked safely it was surveyed from the landward toe with a pole-mounted antenna.

Crest levels were observed with a real-time kinematic receiver on the national network, checked \
each morning and evening against the control points listed in Appendix A. Residuals at the control \
points did not exceed 25 millimetres in height. Heights in the main report are in metres above \
Ordnance Datum Newlyn; the raw GNSS observations in Appendix B keep their ellipsoidal heights.

## 3. Findings

### 3.1 Embankments

Most of the embankment is grass-covered clay in grade 2 or 3. Animal burrowing is the commonest \
defect, particularly badger setts on the landward slope north of Chilton Trinity. Desiccation \
cracking was seen on the crest after the dry spell in April but had closed again by the end of the \
survey. Cattle poaching at the toe is severe where the fence has been removed.

Settlement is the more serious problem. Comparing this survey with the 2016 profiles shows that \
the crest has fallen by up to 120 millimetres in eight years on the soft alluvium between Pawlett \
and Combwich. The settlement is steady rather than accelerating, which suggests consolidation of \
the foundation rather than internal erosion, but this should be confirmed by ground investigation.

### 3.2 Outfalls and flap valves

Five of the six outfalls are in working order. The flap valve at the Chilton Trinity outfall is \
distorted and no longer seats; at high tide water runs back into the rhyne behind it. A temporary \
stop-log was fitted during the survey and the valve should be replaced as a priority.

### 3.3 The town river wall

The river wall through Bridgwater is in grade 2 apart from the joints, several of which have lost \
their sealant. Graffiti has been removed since the last inspection. The demountable barrier \
sockets at the quay were cleaned and tested and all accepted the posts.

## 4. Community engagement

Drop-in sessions were held at the Blake Museum and at Pawlett village hall. Residents were most \
concerned about the footpath closures during the works and about access for emergency vehicles. \
Leaflets were also produced in Polish, Romanian and Hindi, and a volunteer read the main points \
aloud at the Saturday session. The Hindi leaflet's summary read:

> सर्वेक्षण दल ने तटबंध के सभी खंडों का निरीक्षण किया। पावलेट के पास का हिस्सा अपने डिज़ाइन स्तर से नीचे है। \
सर्दियों से पहले मरम्मत का काम पूरा किया जाएगा।

(The survey team inspected every section of the embankment. The length near Pawlett is below its \
design level. The repair work will be completed before winter.)

## 5. Recommendations

| Ref | Action | Priority | Indicative cost |
| --- | --- | --- | ---: |
| R1 | Raise the Pawlett embankment to design crest level over 600 m | High | £420,000 |
| R2 | Replace the Chilton Trinity flap valve | High | £35,000 |
| R3 | Six-monthly crest survey of lengths E2 and E3 | Medium | £6,000 a year |
| R4 | Reinstate stock fencing at the landward toe | Medium | £18,000 |
| R5 | Reseal the river wall joints through the town | Low | £12,000 |

## Appendix A: Survey control and crest profiles

Coordinates in this appendix are in British National Grid (EPSG:27700), metres, with heights in \
metres above Ordnance Datum Newlyn. Each geometry carries its SRID as Extended WKT, as exported \
from the asset database.

Control points:

{chr(10).join(cps)}

Crest profiles of the settled lengths, from upstream to downstream:

{chr(10).join(lines)}

The full crest profile of the Pawlett length, observed on 14 May 2024:

```
SRID=27700;LINESTRING Z ({_xyz(long_line, per_line=4)})
```

The Westonzoyland washland storage area, at its spillway level:

SRID=27700;POLYGON Z (({wash_z}))

## Appendix B: Raw GNSS check observations

From here on, coordinates are in WGS 84 / UTM zone 30N: eastings and northings in metres, heights \
in metres above the ellipsoid. They are the raw receiver output and have not been transformed to \
the national grid.

{chr(10).join(gnss)}

Check traverse along the Combwich access track:

LINESTRING Z ({_xyz(utm_line)})

End of report.
"""


def build_sparse_prose() -> str:
    """Several pages of field-trip notes with five POINT literals and one EPSG:4326 mention.

    >>> text = build_sparse_prose()
    >>> text.count("POINT ("), text.count("EPSG:4326")
    (5, 1)
    """
    rng = rng_for("sparse_prose")
    general = [list(FIELD_WEATHER), list(FIELD_TEACHING), list(FIELD_LOGISTICS)]
    for pool in general:
        rng.shuffle(pool)

    def aside() -> str:
        pools = [p for p in general if p]
        return rng.choice(pools).pop() if pools else ""

    out = [
        "FIELD TRIP NOTES: SOUTH-EAST SCOTLAND, SECOND-YEAR GEOLOGY",
        "",
        "These notes were written up each evening from the staff notebooks and are shared with the "
        "students as a record of what we saw and what we asked them to do. Locations are given as "
        "longitude and latitude in WGS 84 (EPSG:4326), read from a hand-held receiver, so treat "
        "them as good to ten metres or so. Grid references in the student notebooks are on the "
        "national grid and are not repeated here.",
        "",
        "BACKGROUND",
        "",
        "The trip follows James Hutton round the places where, in the 1780s, he convinced himself "
        "that the Earth is very old and that the processes we see today, working slowly, are "
        "enough to explain the rocks. The aim is not to teach the history of geology but to let "
        "students stand where the argument was made and see that it still works. Each site was "
        "chosen because it can be read without a map: the evidence is all in the outcrop, and the "
        "students have to find it.",
        "",
        "The group was twenty-two second-year students, three staff and two postgraduate "
        "demonstrators. Most of the students had done one previous day in the field, on the "
        "coast at North Berwick, and all had passed the first-year mapping course.",
        "",
        "SAFETY",
        "",
        "Every participant signed the department's field safety form and was briefed on the "
        "particular hazards of each day: loose rock below the crags, the steep slope and the tide "
        "at Siccar Point, and the incoming tide on the Dunbar foreshore, which fills the gullies "
        "behind you before it covers the rocks in front. Staff carried first aid kits and a list "
        "of the students' emergency contacts, and the minibus drivers knew the nearest hospital "
        "for each site. Nobody worked alone, and pairs were asked to stay within sight of a member "
        "of staff at all times on the shore.",
        "",
        "BEFORE WE LEFT",
        "",
        " ".join(x for x in (aside(), aside(), aside()) if x),
        "",
    ]
    for title, sentences in FIELD_DAYS:
        out += [title, ""]
        i = 0
        while i < len(sentences):
            size = rng.choice((2, 3, 3, 4))
            para = list(sentences[i : i + size])
            i += size
            if rng.random() < 0.6:
                extra = aside()
                if extra:
                    para.append(extra)
            out += [" ".join(para), ""]
    leftovers = [s for pool in general for s in pool]
    rng.shuffle(leftovers)
    out += ["EVENING SESSIONS", ""]
    while leftovers:
        out += [" ".join(leftovers[:3]), ""]
        del leftovers[:3]
    out += [
        "REFLECTIONS",
        "",
        "Four days is about right for this trip. The students arrived knowing the words and left "
        "able to read an outcrop, which is the point. The Siccar Point day is the one they will "
        "remember, but the Dunbar foreshore did more to teach them how to look, because nothing "
        "there is labelled and the story has to be pieced together from small observations.",
        "",
        "For next year: book accommodation earlier, check the tide tables before fixing the order "
        "of the days, and give each group a printed copy of the safety briefing to sign. It would "
        "also be worth asking the students to bring their own hand lenses, since the department's "
        "are getting scratched.",
        "",
    ]
    return "\n".join(out)
