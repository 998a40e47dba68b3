"""Sentence banks for the sample generator: realistic text composed deterministically.

Each bank is a tuple, so a seeded ``random.Random`` picks from it the same way on every run.

>>> import random
>>> para = compose(random.Random(3), FIELD_TEACHING, 2)
>>> para.count(". ") >= 1 and para.endswith(".")
True
"""

from __future__ import annotations

import random
from typing import Sequence

__all__ = [
    "compose",
    "LAND_USES",
    "LAND_USE_WEIGHTS",
    "OWNERS",
    "STREETS",
    "PARCEL_NOTES",
    "CONDITIONS",
    "EDINBURGH_SITES",
    "GARDEN_TAGS",
    "GARDEN_REMARKS",
    "HOLDERS",
    "INSPECTION_RESULTS",
    "FIELD_DAYS",
    "FIELD_WEATHER",
    "FIELD_TEACHING",
    "FIELD_LOGISTICS",
    "SQL_OWNERS",
    "SQL_LABELS",
]


def compose(rng: random.Random, bank: Sequence[str], k: int) -> str:
    """``k`` distinct sentences from ``bank`` in a seeded order, joined as one paragraph.

    >>> sorted(compose(random.Random(0), ("A.", "B.", "C."), 3).split())
    ['A.', 'B.', 'C.']
    """
    return " ".join(rng.sample(list(bank), k))


LAND_USES: tuple[str, ...] = (
    "Residential",
    "Mixed use",
    "Office",
    "Retail",
    "Open space",
    "Education",
    "Healthcare",
    "Community",
    "Transport",
    "Light industrial",
    "Civic",
    "Hotel",
)
LAND_USE_WEIGHTS: tuple[int, ...] = (34, 12, 12, 9, 8, 5, 3, 4, 4, 3, 2, 4)

OWNERS: tuple[str, ...] = (
    "Albert Embankment Estates Ltd",
    "Kennington Park Housing Co-operative",
    "Private freeholder (title withheld)",
    "Thameside Community Land Trust",
    "St Olave Property Partnership",
    "Vauxhall Cross Holdings plc",
    "Pimlico Mews Trust",
    "Lower Marsh Traders' Association",
    "Riverside Diocesan Board of Finance",
    "Horseferry Developments LLP",
    "Lambeth Walk Almshouse Charity",
    "Borough estates portfolio",
    "Tachbrook Lettings Ltd",
    "South Bank Arts Foundation",
)

#: Real street names on each bank, keyed by borough.
STREETS: dict[str, tuple[str, ...]] = {
    "Westminster": (
        "Vauxhall Bridge Road",
        "Horseferry Road",
        "Millbank",
        "Page Street",
        "Regency Street",
        "Tachbrook Street",
        "Lupus Street",
        "Wilton Road",
        "Greycoat Place",
        "Marsham Street",
        "Great Peter Street",
        "Villiers Street",
    ),
    "Lambeth": (
        "Lambeth Road",
        "Kennington Lane",
        "Belvedere Road",
        "Westminster Bridge Road",
        "Lower Marsh",
        "Black Prince Road",
        "Harleyford Road",
        "Kennington Road",
        "Stamford Street",
        "Baylis Road",
        "Cleaver Square",
        "Fentiman Road",
        "Albert Embankment",
        "Lambeth Walk",
    ),
}

PARCEL_NOTES: tuple[str, ...] = (
    "Listed building within the curtilage; consult the conservation officer before any works.",
    "Basement extends beyond the recorded outline under the public footway.",
    "Boundary follows the back edge of the pavement, not the kerb.",
    "Rear yard used for refuse storage by the adjoining premises under a licence.",
    "Courtyard recorded as a hole; it is open to the sky and not part of the demise.",
    "Outline redrawn from the 2019 measured survey; the title plan is known to be inaccurate.",
    "Ground floor in retail use, upper floors residential; recorded under the dominant use.",
    "Temporary meanwhile use as a community garden until planning consent is implemented.",
    "Part of the site lies within the Thames tidal flood extent; see the flood risk assessment.",
    "Access easement in favour of the neighbouring parcel along the northern edge.",
    "Vacant at the time of survey; hoardings in place.",
    "Tree preservation order covers the plane trees on the frontage.",
    "Railway arches under separate ownership are excluded from the parcel.",
    "Site visited twice because the first visit coincided with a street market.",
    "Boundary wall leaning; structural inspection recommended.",
    "Surveyor could not gain access; outline taken from aerial imagery.",
)

CONDITIONS: tuple[str, ...] = ("Good", "Good", "Fair", "Fair", "Poor")

EDINBURGH_SITES: tuple[tuple[str, str, str, float, float], ...] = (
    # code, site name, ward, lon, lat
    ("LL", "Leith Links", "Leith Links", -3.1615, 55.9700),
    ("IN", "Inverleith", "Inverleith", -3.2130, 55.9650),
    ("CR", "Craigentinny", "Craigentinny/Duddingston", -3.1350, 55.9590),
    ("WE", "West Mains", "Liberton/Gilmerton", -3.1650, 55.9260),
    ("MR", "Meadows & Bruntsfield Links", "Southside/Newington", -3.1920, 55.9395),
    ("DA", "Dalry Community Park", "Sighthill/Gorgie", -3.2230, 55.9410),
    ("PB", "Portobello Coast", "Portobello/Craigmillar", -3.1110, 55.9530),
    ("GR", "Granton Harbour", "Forth", -3.2260, 55.9830),
)

GARDEN_TAGS: tuple[str, ...] = (
    "raised beds",
    "water butt",
    "polytunnel",
    "accessible path",
    "composting",
    "fruit cage",
    "wildflower strip",
    "shared shed",
    "beehive",
    "pond",
    "no-dig",
    "herb spiral",
)

GARDEN_REMARKS: tuple[str, ...] = (
    'Shed marked {B7} on the 1998 plan; the tenant calls it "the bothy".',
    "Plot boundary was re-pegged after the {2021} path works.",
    'Committee minute reads: "plots {12-14} to be merged when vacant".',
    "Water trough at the gate leaks; reported twice, reference {WT/4471}.",
    'Sign on the gate says "Please close {and latch} the gate".',
    "Template field left unfilled by the old database: {{owner_name}}.",
    'Tenant\'s note: "beans did well, brassicas lost to pigeons".',
    "Rent waived in 2020 under the {hardship} scheme.",
    'Hedge planted by the school; pupils labelled it "our {secret} garden".',
    "Plot split in two at the tenant's request; see file {P-88a}.",
    "Soil test: pH 6.4, lead below guideline value.",
    "Path surface renewed with whin dust; edging boards replaced.",
)

HOLDERS: tuple[str, ...] = (
    "J. Murray",
    "A. Nowak",
    "S. MacLeod",
    "R. Chaudhry",
    "E. Ó Súilleabháin",
    "K. Hamilton",
    "Leith Primary School",
    "Friends of the Links",
    "M. Fraser",
    "D. Kowalczyk",
    "T. Adeyemi",
    "Café Marmalade co-op",
)

INSPECTION_RESULTS: tuple[str, ...] = (
    "satisfactory",
    "satisfactory",
    "needs weeding",
    "uncultivated",
    "exemplary",
)

#: One list per field day, in narrative order (a paragraph takes the next few sentences).
FIELD_DAYS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "DAY 1: HOLYROOD PARK",
        (
            "We walked from the department to the park, which takes twenty minutes and saves the hire of a bus.",
            "We began at the car park below Salisbury Crags, at POINT (-3.1665 55.9488), where the whole sill can be seen in one view.",
            "From there the crags look like a single wall of rock, and the first task was to say why they stand up above the softer sediments around them.",
            "The dolerite is columnar in places, and the columns are easiest to see where the quarrymen took the face back in the eighteenth century.",
            "Hutton's Section, at POINT (-3.1684 55.9469), was crowded with another party, so we worked the southern end of the crags first and came back after lunch.",
            "At the section the sill has broken across the bedding of the sediments below and carried a raft of sandstone up with it.",
            "The baked margin of the sandstone is hard and pale, and several students found the chilled edge of the dolerite with a hand lens.",
            "Hutton used this exposure to argue that the dolerite had been molten and had pushed its way in, rather than settling out of sea water.",
            "We discussed why the contact is intrusive rather than a lava flow, and how you would tell the difference if the top of the sheet were hidden.",
            "After lunch we climbed the Radical Road to the top of the crags and looked across to the volcanic rocks of Arthur's Seat.",
            "The agglomerate on the lower slopes is full of volcanic bombs, and one block had a clear chilled rim.",
            "We came down by the Dry Dam and were back at the department by half past four.",
        ),
    ),
    (
        "DAY 2: SICCAR POINT AND THE BERWICKSHIRE COAST",
        (
            "We left the department a little after eight, two minibuses and one borrowed estate car.",
            "The drive out along the A1 took longer than planned because of roadworks near Haddington.",
            "Parking at the layby is limited, so the second bus dropped us and went on to the farm track.",
            "We walked the last kilometre along the field margin with the farmer's permission.",
            "The unconformity itself is at POINT (-2.2993 55.9316), reached by a steep grass slope from the clifftop path; we roped the last section for the nervous.",
            "The grey greywackes below stand almost vertical, striking roughly north-east.",
            "Above them the red sandstones dip gently to the north, and the contrast is obvious even from the cliff top.",
            "The basal breccia contains angular clasts of the underlying greywacke, some the size of a fist.",
            "Hutton's point was that the lower rocks had been folded, raised and eroded before the upper ones were laid down.",
            "Several students measured dip and strike on both sides of the contact and plotted them on a stereonet that evening.",
            "We compared the section with the sketch in Playfair's account and found it remarkably faithful.",
            "On the way back we stopped at the harbour at Cove, POINT (-2.3406 55.9405), to see the tunnel cut through the cliff for the fishermen.",
            "The sandstone in the tunnel walls shows cross-bedding, with currents flowing broadly towards the south-west.",
            "The return journey was quiet; most of the group slept until the city bypass.",
        ),
    ),
    (
        "DAY 3: DUNBAR FORESHORE",
        (
            "The tide decided the timetable, so we left early and were on the shore by half past nine.",
            "The best exposure of the volcanic vent is on the foreshore below the old castle, at POINT (-2.5137 56.0026), and it is only safe for an hour either side of low water.",
            "The vent is filled with a jumble of blocks of every size, some of them sandstone and some of them lava, set in a fine ash.",
            "The sediments around it are thin sandstones, shales and limestones, and fossil plant fragments turned up in the shaly beds near the harbour wall.",
            "Ripple marks are preserved on a few bedding planes, which helps with way-up criteria.",
            "A thin coal seam crops out in the cliff but is too weathered to sample.",
            "Some of the bedding surfaces carry trace fossils that the group argued over for some time.",
            "The raised beach terrace behind the shore marks an old sea level, now some metres above the tide.",
            "By early afternoon the sea was coming back over the outer skerries and we moved up onto the terrace to write up.",
            "A detour through the town let us look at the building stone in the churchyard wall, which turned out to be the same red sandstone as at Siccar.",
        ),
    ),
    (
        "DAY 4: PENTLAND HILLS",
        (
            "The last day was shorter, a walk from the Flotterstone car park up into the hills behind the reservoir.",
            "The lower slopes are in lavas and tuffs of Devonian age, and the group mapped the contact between two flows along the burn.",
            "The upper lava is more vesicular towards its top, and the vesicles are filled with pale calcite and a little agate.",
            "Higher up the valley the Silurian rocks come up through the cover, and we found graptolite fragments in the shale at the old quarry.",
            "The inlier makes the point of the whole trip in miniature: older folded rocks below, younger gently dipping rocks above, and a long gap between them.",
            "We ate lunch by the reservoir and then walked back down the road, which is dull but quick.",
            "Everyone was back in Edinburgh by three, in time for the final write-up session.",
        ),
    ),
)

FIELD_WEATHER: tuple[str, ...] = (
    "Lunch was taken in the lee of a dyke, out of the worst of the wind.",
    "The wind dropped in the afternoon and the light was good for photographs.",
    "It rained hard for twenty minutes and then cleared completely, as it often does on this coast.",
    "The morning was bright but a cold easterly came off the sea by eleven.",
    "Showers blew through every half hour and notebooks had to be kept in plastic bags.",
    "Visibility was excellent; the Bass Rock stood out clearly to the north.",
    "By mid-afternoon the haar rolled in and we could barely see the far end of the bay.",
    "It was the warmest day of the trip and several people regretted not bringing sun cream.",
    "Low tide was at half past one, which gave us about two hours on the foreshore.",
)

FIELD_TEACHING: tuple[str, ...] = (
    "Each pair drew a field sketch before taking any measurements, which slowed things down usefully.",
    "The exercise was to work out the sequence of events from the outcrop alone, without the map.",
    "We insisted that every observation in the notebook carry a grid reference and a time.",
    "Photographs are no substitute for a labelled sketch, and we said so more than once.",
    "Two of the groups reached the right answer by quite different routes, which made for a good discussion.",
    "The evening session turned the day's notes into a short written interpretation.",
    "Students were asked to estimate how long the unconformity represents and to justify the figure.",
    "Several people found the hand lens harder to use than expected in the wind.",
    "A quick quiz on rock names at lunch showed that the greywacke had finally stuck.",
    "We tried to make the students say what they saw before saying what it meant, with mixed success.",
    "One group kept a shared notebook, which made their interpretation better argued than the rest.",
    "The stronger students were asked to explain the section to the others, which helped both.",
    "We reminded everyone that a measurement without a note of where it was taken is of little use.",
)

FIELD_LOGISTICS: tuple[str, ...] = (
    "Hard hats were worn below the cliff, and nobody went beyond the marked boulder at any point.",
    "The first aid kit was needed once, for a grazed knee.",
    "Tide tables were checked before we set out and again at the shore.",
    "We carried a radio because mobile reception on the shore is unreliable.",
    "Hammering was not allowed at the protected site, and nobody collected samples there.",
    "The landowner asked that gates be left as found, which we did.",
    "Next year we should book the farm track in advance and bring more waterproof paper.",
    "Two students had forgotten their waterproof trousers and were lent spares from the van.",
    "A headcount was taken at every stop, which sounds fussy but caught one straggler on the second day.",
    "Everyone carried their own water, and the minibuses carried more.",
)

SQL_OWNERS: tuple[str, ...] = (
    "Borough Market Trustees",
    "St Mary's Overie Dock Co",
    "Bankside Estates Ltd",
    "O'Brien & Sons; builders",
    "Southwark Cathedral Chapter",
    "Private freeholder",
    "Guy's Hospital Estates",
    "Union Street Housing Co-op",
)

SQL_LABELS: tuple[str, ...] = (
    "GNSS check point",
    "benchmark (cut mark)",
    "drainage cover",
    "tree",
    "lamp column",
    "survey nail",
    "river wall crest",
)
