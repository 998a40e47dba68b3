"""The collection catalog and the shortlist: which collections are fit to search, and why.

One catalog row per collection: computed WGS 84 extent, period, declared resolution, licence,
item count (and how many items have no extent), refresh time. The shortlist judges each
collection for a query:

* **coverage** = the number of its items inside the region (each feature's own footprint, not
  the collection's box) — the score; a collection with none is not searched, one with fewer than
  ``sparse_below`` gets the caveat "sparse coverage";
* **period** — the collection's period is the coarse first pass (no overlap: not searched);
  chunks are then filtered by their own periods (:mod:`.query`);
* **resolution** — with ``max_resolution_m`` (or a question scale, :func:`scale_resolution`) a
  collection coarser than that is still searched but carries the caveat "coarser than the
  question needs" (and is ranked after the fit ones); one that declares none says so;
* **licence** — read by :func:`.licence.read_licence` into allowed / excluded / unknown: an
  excluded one is never searched (nor its no-extent lane), an unknown one carries a caveat;
* **staleness** — a catalog row refreshed longer ago than ``stale_after_s`` carries "stale".

Every entry has a ``reason`` and a tuple of ``caveats`` (short sentences an answer repeats:
:mod:`.answer` reads them).

>>> licence_forbids("CC-BY-4.0") is None, licence_forbids("LicenseRef-NoAI")
(True, 'no AI use')
>>> periods_overlap(("2019", "2021"), ("2020", "2020")), periods_overlap(("2019", "2019"), ("2021", None))
(True, False)
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from geochunk.errors import ConfigError
from geochunk.retrieve.licence import LicenceVerdict, read_licence

__all__ = [
    "CatalogEntry",
    "Shortlisted",
    "COARSER",
    "licence_forbids",
    "parse_period",
    "parse_scale",
    "scale_resolution",
    "periods_overlap",
    "refresh_catalog",
    "read_catalog",
    "shortlist",
]

#: the caveat of a collection coarser than the question needs
COARSER = "coarser than the question needs"
#: a collection with fewer items than this in the region carries "sparse coverage"
SPARSE_BELOW = 3
#: a catalog row refreshed longer ago than this (seconds) carries "stale"
STALE_AFTER_S = 90 * 86400.0
#: the smallest detail a map shows at its scale: 0.5 mm on the map
MAP_DETAIL_M = 0.0005


def licence_forbids(licence: str) -> str | None:
    """Why the licence excludes the collection from retrieval, or None when it does not
    (:func:`.licence.read_licence` says allowed or unknown)."""
    v = read_licence(licence)
    return v.reason if v.excluded else None


def parse_scale(text: str) -> float:
    """A map scale ``"1:10000"``, ``"1:10,000"`` or ``"10000"`` -> its denominator.

    >>> parse_scale("1:25,000"), parse_scale("50000")
    (25000.0, 50000.0)
    """
    t = str(text).strip().replace(",", "").replace("_", "").replace(" ", "")
    if t.startswith("1:"):
        t = t[2:]
    try:
        v = float(t)
    except ValueError:
        v = math.nan
    if not math.isfinite(v) or v < 1:
        raise ConfigError(f"a scale must look like 1:10000, got {text!r}")
    return v


def scale_resolution(scale: str | float) -> float:
    """The resolution (metres) a question at this map scale needs: 0.5 mm on the map.

    >>> scale_resolution("1:10000"), scale_resolution(1_000_000)
    (5.0, 500.0)
    """
    return (parse_scale(scale) if isinstance(scale, str) else float(scale)) * MAP_DETAIL_M


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
    #: the licence read (:func:`.licence.read_licence`): "allowed", "excluded" or "unknown", and
    #: why (read from ``licence`` when left empty; a ``licence_forbids`` given always excludes)
    licence_status: str = ""
    licence_reason: str = ""

    def __post_init__(self) -> None:
        if not self.licence_status:
            v = read_licence(self.licence)
            status, reason = v.status, v.reason
            if self.licence_forbids and status != "excluded":
                status, reason = "excluded", str(self.licence_forbids)
            object.__setattr__(self, "licence_status", status)
            object.__setattr__(self, "licence_reason", reason)


@dataclass(frozen=True)
class Shortlisted:
    """A collection's score for one query and the reason; ``included`` says whether it is
    searched. ``caveats`` are short sentences an answer built from it must repeat ("coarser
    than the question needs", "stale", "sparse coverage", the licence's terms)."""

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
    licence_status: str = "unknown"  # allowed / excluded / unknown (:func:`.licence.read_licence`)
    resolution_m: float | None = None  # the collection's declared resolution
    corpus_version: str = ""


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
        v = read_licence(r[2])  # read again: an older index stored the old marker test's answer
        out.append(CatalogEntry(r[0], r[1], r[2], v.reason if v.excluded else None, r[4], (r[5], r[6]), ext,
                                int(r[11]), int(r[12]), r[13], v.status, v.reason))
    return out


def shortlist(
    catalog: Sequence[CatalogEntry],
    in_region: Mapping[str, int],
    *,
    period: tuple[str | None, str | None] = (None, None),
    only: Sequence[str] = (),
    max_resolution_m: float | None = None,
    now: dt.datetime | None = None,
    stale_after_s: float | None = STALE_AFTER_S,
    sparse_below: int = SPARSE_BELOW,
) -> list[Shortlisted]:
    """Score every collection for a query: included ones first (fit before coarser than the
    question needs), then by items in the region; each with its reason and caveats.

    >>> e = lambda name, lic, res=None: CatalogEntry(name, "v1", lic, licence_forbids(lic), res, (None, None),
    ...                                              (0, 0, 1, 1), 10, 0, None, read_licence(lic).status)
    >>> cat = [e("open", "CC-BY-4.0", 1.0), e("coarse", "OGL-UK-3.0", 250.0), e("closed", "LicenseRef-NoAI"),
    ...        e("mystery", "Dual License")]
    >>> for s in shortlist(cat, {"open": 4, "coarse": 9, "closed": 9, "mystery": 2}, max_resolution_m=10):
    ...     print(s.collection, s.included, s.score, "|", s.reason, "|", "; ".join(s.caveats))
    open True 4.0 | 4 of 10 items in the region; licence CC-BY-4.0; resolution 1 m <= 10 m | 
    mystery True 2.0 | 2 of 10 items in the region; licence Dual License; resolution not declared | sparse coverage: 2 items in the region; licence unknown: not an SPDX expression or a licence this geochunk recognises; resolution not declared
    coarse True 9.0 | 9 of 10 items in the region; licence OGL-UK-3.0; resolution 250 m > 10 m | coarser than the question needs (250 m; the question needs <= 10 m)
    closed False 0.0 | excluded: licence LicenseRef-NoAI: no AI use | 
    """
    if max_resolution_m is not None and not (math.isfinite(max_resolution_m) and max_resolution_m > 0):
        raise ConfigError(f"max_resolution_m must be a positive number of metres, got {max_resolution_m}")
    out = []
    for c in catalog:
        n = int(in_region.get(c.collection, 0))
        lic = read_licence(c.licence)
        common = {"licence_status": lic.status, "resolution_m": c.resolution_m, "corpus_version": c.corpus_version}
        if only and c.collection not in only:
            out.append(Shortlisted(c.collection, False, 0.0, n, c.item_count, "excluded: not asked for", **common))
            continue
        if lic.excluded:
            out.append(Shortlisted(c.collection, False, 0.0, n, c.item_count,
                                   f"excluded: licence {c.licence}: {lic.reason}", **common))
            continue
        if not periods_overlap(c.period, period):
            out.append(Shortlisted(c.collection, False, 0.0, n, c.item_count,
                                   f"excluded: period {_fmt(c.period)} does not overlap {_fmt(period)}", **common))
            continue
        if n == 0:
            out.append(Shortlisted(c.collection, False, 0.0, 0, c.item_count,
                                   f"no items in the region (of {c.item_count})", **common))
            continue
        why = [f"{n} of {c.item_count} items in the region", f"licence {c.licence}"]
        caveats = []
        if n < sparse_below:
            caveats.append(f"sparse coverage: {n} item{'s' if n != 1 else ''} in the region")
        if lic.status == "unknown":
            caveats.append(f"licence unknown: {lic.reason}")
        elif "share-alike" in lic.reason:
            caveats.append(f"licence {c.licence}: share-alike terms apply to what is redistributed")
        if period != (None, None):
            why.append(f"period {_fmt(c.period)} overlaps {_fmt(period)}")
            if c.period == (None, None):
                caveats.append("period not declared for the collection: only chunks stating their own are checked")
        if max_resolution_m is not None:
            if c.resolution_m is None:
                why.append("resolution not declared")
                caveats.append("resolution not declared")
            elif c.resolution_m > max_resolution_m:
                why.append(f"resolution {c.resolution_m:g} m > {max_resolution_m:g} m")
                caveats.append(f"{COARSER} ({c.resolution_m:g} m; the question needs <= {max_resolution_m:g} m)")
            else:
                why.append(f"resolution {c.resolution_m:g} m <= {max_resolution_m:g} m")
        age = _age_s(c.refreshed_at, now)
        if stale_after_s is not None and age is not None and age > stale_after_s:
            caveats.append(f"stale: catalog refreshed {age / 86400:.0f} days ago")
        out.append(Shortlisted(c.collection, True, float(n), n, c.item_count, "; ".join(why), tuple(caveats),
                               **common))
    out.sort(key=lambda s: (not s.included, any(x.startswith(COARSER) for x in s.caveats), -s.score, s.collection))
    return out


def _age_s(when: Any, now: dt.datetime | None) -> float | None:
    if not isinstance(when, dt.datetime):
        return None
    now = now or dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
    return max(0.0, (now - when).total_seconds())


def _fmt(p: tuple[str | None, str | None]) -> str:
    return f"{p[0] or '..'}/{p[1] or '..'}"
