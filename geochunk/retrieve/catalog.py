"""The collection catalog and the shortlist: which collections are worth searching, and why.

One catalog row per collection: computed WGS 84 extent, period, declared resolution, licence,
item count (and how many items have no extent), refresh time. The shortlist scores each
collection for a query by **coverage = the number of its items inside the region** (not its box),
checks the period, and excludes a collection whose licence forbids retrieval, giving the reason
for every decision.

>>> licence_forbids("CC-BY-4.0") is None, licence_forbids("LicenseRef-NoAI")
(True, 'retrieval/AI use (NoAI)')
>>> periods_overlap(("2019", "2021"), ("2020", "2020")), periods_overlap(("2019", "2019"), ("2021", None))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..errors import ConfigError

__all__ = [
    "CatalogEntry",
    "Shortlisted",
    "licence_forbids",
    "parse_period",
    "periods_overlap",
    "refresh_catalog",
    "read_catalog",
    "shortlist",
]

#: Markers in a licence name that forbid use for retrieval / AI (case-insensitive), and why.
FORBIDDING_MARKERS: tuple[tuple[str, str], ...] = (
    ("noai", "retrieval/AI use (NoAI)"),
    ("no-ai", "retrieval/AI use (NoAI)"),
    ("notdm", "text and data mining (NoTDM)"),
    ("no-tdm", "text and data mining (NoTDM)"),
    ("no-retrieval", "retrieval"),
)


def licence_forbids(licence: str) -> str | None:
    """What the licence forbids for our use, or None when it does not forbid retrieval."""
    low = licence.lower()
    for marker, what in FORBIDDING_MARKERS:
        if marker in low:
            return what
    return None


def parse_period(text: str | None) -> tuple[str | None, str | None]:
    """``"2019/2021"``, ``"2020"`` or ``"2019-03/.."`` -> (start, end) ISO strings (None = open).

    >>> parse_period("2019/2021"), parse_period("2020"), parse_period("../2020-06")
    (('2019', '2021'), ('2020', '2020'), (None, '2020-06'))
    """
    if text is None or not str(text).strip():
        return (None, None)
    parts = str(text).strip().split("/")
    if len(parts) == 1:
        parts = [parts[0], parts[0]]
    if len(parts) != 2:
        raise ConfigError(f"period must be START/END (ISO dates, '..' for open), got {text!r}")
    out = []
    for p in parts:
        p = p.strip()
        if p in ("", ".."):
            out.append(None)
            continue
        digits = p.replace("-", "")
        if not digits.isdigit() or len(p) > 10 or not 4 <= len(digits) <= 8:
            raise ConfigError(f"period bounds must be ISO dates like 2020 or 2020-06-30, got {p!r}")
        out.append(p)
    if out[0] and out[1] and out[0] > out[1]:
        raise ConfigError(f"period starts after it ends: {text!r}")
    return (out[0], out[1])


def _end_key(p: str | None) -> str:
    return "9999" if p is None else p + "\uffff"  # '2020' covers all of 2020


def periods_overlap(a: tuple[str | None, str | None], b: tuple[str | None, str | None]) -> bool:
    """Whether two (start, end) periods overlap; open ends overlap everything on that side."""
    a0, a1 = a[0] or "", _end_key(a[1])
    b0, b1 = b[0] or "", _end_key(b[1])
    return a0 <= b1 and b0 <= a1


@dataclass(frozen=True)
class CatalogEntry:
    """One catalog row."""

    collection: str
    corpus_version: str
    licence: str
    licence_forbids: str | None
    resolution_m: float | None
    period: tuple[str | None, str | None]
    extent: tuple[float, float, float, float] | None
    item_count: int
    no_extent_count: int
    refreshed_at: Any  # datetime


@dataclass(frozen=True)
class Shortlisted:
    """A collection's score for one query and the reason; ``included`` says whether it is searched."""

    collection: str
    included: bool
    score: float
    in_region: int
    item_count: int
    reason: str
    #: what qualifies an answer drawn from this collection (coarser than the question, stale,
    #: sparse coverage, licence unknown ...), each a short sentence; the answer context prints
    #: them with every passage of the collection (:mod:`.answer`)
    caveats: tuple[str, ...] = ()


def refresh_catalog(
    con: Any,
    collection: str,
    *,
    version: str | None,
    licence: str | None,
    period: tuple[str | None, str | None] | None,
    resolution_m: float | None,
    keep_resolution: bool = False,
) -> None:
    """Recompute the catalog row of ``collection`` from its chunks (extent, counts, refresh time).

    ``None`` for ``version``, ``licence`` or ``period`` (and ``keep_resolution=True``) keeps the
    value the catalog holds (a new collection gets version ``"1"``, licence ``"unspecified"``, an
    open period and no resolution): a re-index that leaves them off does not erase them.
    """
    old = con.execute(
        "SELECT corpus_version, licence, period_start, period_end, resolution_m FROM collections "
        "WHERE collection = ?", [collection]).fetchone()
    if version is None:
        version = old[0] if old else "1"
    if licence is None:
        licence = old[1] if old else "unspecified"
    if period is None:
        period = (old[2], old[3]) if old else (None, None)
    if keep_resolution and resolution_m is None and old:
        resolution_m = old[4]
    con.execute("DELETE FROM collections WHERE collection = ?", [collection])
    con.execute(
        """
        INSERT INTO collections
        SELECT ?, ?, ?, ?, ?, ?, ?,
               min(xmin), min(ymin), max(xmax), max(ymax),
               count(*), count(*) FILTER (WHERE NOT has_extent), now()::TIMESTAMP
        FROM chunks WHERE collection = ?
        HAVING count(*) > 0""",
        [collection, version, licence, licence_forbids(licence), resolution_m, period[0], period[1], collection],
    )


def read_catalog(con: Any) -> list[CatalogEntry]:
    """Every catalog row, by collection name."""
    rows = con.execute(
        "SELECT collection, corpus_version, licence, licence_forbids, resolution_m, period_start, "
        "period_end, xmin, ymin, xmax, ymax, item_count, no_extent_count, refreshed_at "
        "FROM collections ORDER BY collection"
    ).fetchall()
    out = []
    for r in rows:
        ext = None if r[7] is None else (r[7], r[8], r[9], r[10])
        out.append(CatalogEntry(r[0], r[1], r[2], r[3], r[4], (r[5], r[6]), ext, int(r[11]), int(r[12]), r[13]))
    return out


def shortlist(
    catalog: Sequence[CatalogEntry],
    in_region: Mapping[str, int],
    *,
    period: tuple[str | None, str | None] = (None, None),
    only: Sequence[str] = (),
) -> list[Shortlisted]:
    """Score every collection for a query; included ones first, by items in the region.

    >>> e = lambda name, lic: CatalogEntry(name, "v1", lic, licence_forbids(lic), None, (None, None),
    ...                                    (0, 0, 1, 1), 10, 0, None)
    >>> for s in shortlist([e("open", "CC-BY-4.0"), e("closed", "LicenseRef-NoAI")], {"open": 4, "closed": 9}):
    ...     print(s.collection, s.included, s.score, s.reason)
    open True 4.0 4 of 10 items in the region; licence CC-BY-4.0
    closed False 0.0 excluded: licence LicenseRef-NoAI forbids retrieval/AI use (NoAI)
    """
    out = []
    for c in catalog:
        n = int(in_region.get(c.collection, 0))
        if only and c.collection not in only:
            out.append(Shortlisted(c.collection, False, 0.0, n, c.item_count, "excluded: not asked for"))
        elif c.licence_forbids:
            out.append(Shortlisted(c.collection, False, 0.0, n, c.item_count,
                                   f"excluded: licence {c.licence} forbids {c.licence_forbids}"))
        elif not periods_overlap(c.period, period):
            out.append(Shortlisted(c.collection, False, 0.0, n, c.item_count,
                                   f"excluded: period {_fmt(c.period)} does not overlap {_fmt(period)}"))
        elif n == 0:
            out.append(Shortlisted(c.collection, False, 0.0, 0, c.item_count,
                                   f"no items in the region (of {c.item_count})"))
        else:
            why = f"{n} of {c.item_count} items in the region; licence {c.licence}"
            if period != (None, None):
                why += f"; period {_fmt(c.period)} overlaps {_fmt(period)}"
            out.append(Shortlisted(c.collection, True, float(n), n, c.item_count, why))
    out.sort(key=lambda s: (not s.included, -s.score, s.collection))
    return out


def _fmt(p: tuple[str | None, str | None]) -> str:
    return f"{p[0] or '..'}/{p[1] or '..'}"
