"""``geochunk status``: how an index is doing, and whether it crossed a threshold.

An index records every build that wrote it (the ``builds`` table: documents given, refused,
chunks written and how many were oversized or need a fallback) and every build's filtered recall
at each selectivity (``recall_history``; :mod:`.store`). :func:`index_status` reads them with the
index's age, the catalog's refresh ages and corpus versions and the oversize/fallback shares of
the rows it holds now, and checks the thresholds asked for:

* ``max_index_age_s``   the last build is older than this;
* ``max_catalog_age_s`` a collection's catalog row was refreshed longer ago than this;
* ``max_recall_drop``   at some selectivity the last build's recall@10 is more than this below
  the best earlier build's (drift across builds; each build's own gate checks the tightest
  region against the unfiltered baseline);
* ``max_rejection_rate`` the last build refused more than this share of its documents.

A cron job or CI runs ``geochunk status --db ix.duckdb --max-index-age 7d`` and reads the exit
code (0 fine, 3 a threshold crossed, 1 the index cannot be read, 2 bad options). An index of
format 3 or older has no history: its one ``recall`` table stands for it (build 0) and the
status says the next build records the rest.

>>> parse_age("36h"), parse_age("7d"), parse_age("90m"), parse_age("45")
(129600.0, 604800.0, 5400.0, 45.0)
"""

from __future__ import annotations

import datetime as dt
import math
import os
from dataclasses import dataclass
from typing import Any, Sequence

from geochunk.errors import ConfigError
from geochunk.retrieve.store import BuildRecord, RecallRecord, builds, check_consistency, connect, read_meta, recall_history

__all__ = ["Check", "IndexStatus", "index_status", "status_of", "parse_age", "recall_drops", "EXIT_THRESHOLD"]

#: the exit code of ``geochunk status`` when a threshold is crossed
EXIT_THRESHOLD = 3
_UNITS = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, "w": 604800.0}


def parse_age(text: str | float | int) -> float:
    """An age as seconds: a number (seconds) or one with a unit ``s``, ``m``, ``h``, ``d``, ``w``.

    >>> parse_age("1.5d")
    129600.0
    >>> parse_age("soon")
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: an age must be a number of seconds or one with a unit (s, m, h, d, w) like 36h or 7d, got 'soon'
    """
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        value, unit = float(text), "s"
    else:
        s = str(text).strip().lower()
        unit = s[-1] if s and s[-1] in _UNITS else "s"
        number = s[:-1] if s and s[-1] in _UNITS else s
        try:
            value = float(number)
        except ValueError:
            value = math.nan
    if not math.isfinite(value) or value < 0:
        raise ConfigError("an age must be a number of seconds or one with a unit (s, m, h, d, w) "
                          f"like 36h or 7d, got {text!r}")
    return value * _UNITS[unit]


def _age(seconds: float) -> str:
    """``93784`` -> ``'1d 2h'``: an age for a person.

    >>> _age(42), _age(5400), _age(93784)
    ('42s', '1h 30m', '1d 2h')
    """
    s = int(round(seconds))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m"
    if s < 86400:
        return f"{s // 3600}h {s % 3600 // 60}m"
    return f"{s // 86400}d {s % 86400 // 3600}h"


@dataclass(frozen=True)
class Check:
    """One threshold: its name, the limit asked, the value found, and whether it was crossed."""

    name: str
    limit: float
    value: float | None
    crossed: bool
    message: str


@dataclass(frozen=True)
class IndexStatus:
    """What ``geochunk status`` prints (:meth:`lines`) and decides (:attr:`ok`)."""

    path: str
    index_format: int
    built_at: dt.datetime | None
    index_age_s: float | None
    #: per collection: (corpus version, catalog refresh age in seconds, items, licence)
    collections: tuple[tuple[str, str, float | None, int, str], ...]
    rows: int
    oversize_rate: float  # of the rows the index holds now
    fallback_rate: float
    builds: tuple[BuildRecord, ...]  # the last builds, oldest first
    recall: tuple[RecallRecord, ...]  # every recorded figure, oldest build first
    checks: tuple[Check, ...]
    history_recorded: bool  # format 4: builds and recall history kept

    @property
    def ok(self) -> bool:
        """No threshold crossed."""
        return not any(c.crossed for c in self.checks)

    @property
    def catalog_refresh_age_s(self) -> float | None:
        """The oldest collection refresh's age (None without a catalog)."""
        ages = [c[2] for c in self.collections if c[2] is not None]
        return max(ages) if ages else None

    @property
    def rejection_rate(self) -> float | None:
        """Documents refused / documents given over the last builds shown (None without any)."""
        given = sum(b.documents for b in self.builds)
        return sum(b.failed for b in self.builds) / given if given else None

    def lines(self) -> list[str]:
        """The report, one fact a line; names from outside are escaped."""
        from geochunk.text.terminal import shown

        out = [f"index:      {shown(self.path)} (format {self.index_format})"]
        out.append("built:      " + ("unknown" if self.built_at is None else
                                     f"{self.built_at.isoformat()}Z, {_age(self.index_age_s or 0.0)} ago"))
        cat = self.catalog_refresh_age_s
        out.append("catalog:    " + ("no collections" if cat is None else f"oldest refresh {_age(cat)} ago"))
        for name, version, age, items, licence in self.collections:
            out.append(f"  {shown(name)}@{shown(version)}: {items} items, refreshed "
                       f"{'?' if age is None else _age(age)} ago, licence {shown(licence)}")
        out.append(f"rows:       {self.rows}; oversized {self.oversize_rate:.2%}, needs fallback "
                   f"{self.fallback_rate:.2%}")
        if not self.history_recorded:
            out.append("history:    not recorded by this index's format; the next build records it")
        if self.builds:
            rate = self.rejection_rate
            out.append(f"builds:     last {len(self.builds)}; documents refused "
                       f"{'-' if rate is None else f'{rate:.2%}'} of those given")
            for b in self.builds:
                over = b.oversized / b.chunks_written if b.chunks_written else 0.0
                fall = b.needs_fallback / b.chunks_written if b.chunks_written else 0.0
                out.append(f"  #{b.build} {b.built_at.isoformat()}Z {shown(b.collection)}@{shown(b.corpus_version)}: "
                           f"{b.documents} given, {b.indexed} indexed, {b.unchanged} unchanged, "
                           f"{b.failed} refused ({b.rejection_rate:.0%}), {b.chunks_written} chunks written "
                           f"(oversized {over:.0%}, fallback {fall:.0%}), {b.seconds:.1f} s")
        labels = list(dict.fromkeys(r.label for r in self.recall))
        if labels:
            out.append("recall@10:  " + "  ".join(f"{lbl:>10}" for lbl in labels))
            by_build: dict[int, dict[str, RecallRecord]] = {}
            for r in self.recall:
                by_build.setdefault(r.build, {})[r.label] = r
            shown_builds = list(by_build)[-max(len(self.builds), 1):] if self.builds else list(by_build)
            for build in shown_builds:
                figs = by_build[build]
                cells = []
                for lbl in labels:
                    f = figs.get(lbl)
                    cells.append(f"{'-':>10}" if f is None else
                                 f"{f.recall_at_10:>9.3f}{'' if f.claimed is not False else '*'}")
                out.append(f"  #{build:<7} " + "  ".join(cells))
            if any(r.claimed is False for r in self.recall):
                out.append("  (* not claimed: the index is too small for that selectivity; "
                           "measured on the closest region)")
        else:
            out.append("recall@10:  never measured")
        for c in self.checks:
            out.append(f"{'FAIL' if c.crossed else 'ok  '} {shown(c.message)}")
        return out

    def to_dict(self) -> dict[str, Any]:
        """For ``--json`` and the app."""
        from dataclasses import asdict

        return {
            "path": self.path, "index_format": self.index_format,
            "built_at": None if self.built_at is None else self.built_at.isoformat() + "Z",
            "index_age_s": self.index_age_s, "catalog_refresh_age_s": self.catalog_refresh_age_s,
            "collections": [{"collection": n, "corpus_version": v, "refresh_age_s": a, "items": i, "licence": lic}
                            for n, v, a, i, lic in self.collections],
            "rows": self.rows, "oversize_rate": self.oversize_rate, "fallback_rate": self.fallback_rate,
            "rejection_rate": self.rejection_rate, "history_recorded": self.history_recorded,
            "builds": [asdict(b) for b in self.builds], "recall": [asdict(r) for r in self.recall],
            "checks": [asdict(c) for c in self.checks], "ok": self.ok,
        }


def recall_drops(history: Sequence[RecallRecord]) -> dict[str, float]:
    """Per selectivity label: how far the last build's recall@10 is below the best earlier
    build's (0 when it is not below; labels the last build or no earlier build has are left out).

    >>> R = lambda b, lbl, v: RecallRecord(b, None, lbl, None, 0.5, 12, v, 100, True, True)
    >>> recall_drops([R(1, "5%", 1.0), R(2, "5%", 0.97), R(3, "5%", 0.9), R(3, "50%", 1.0)])
    {'5%': 0.1}
    """
    if not history:
        return {}
    last = max(r.build for r in history)
    now = {r.label: r.recall_at_10 for r in history if r.build == last}
    best: dict[str, float] = {}
    for r in history:
        if r.build != last:
            best[r.label] = max(best.get(r.label, 0.0), r.recall_at_10)
    return {lbl: round(max(0.0, best[lbl] - v), 12) for lbl, v in now.items() if lbl in best}


def index_status(
    db: str | os.PathLike[str],
    *,
    max_index_age_s: float | None = None,
    max_catalog_age_s: float | None = None,
    max_recall_drop: float | None = None,
    max_rejection_rate: float | None = None,
    last_builds: int = 5,
    now: dt.datetime | None = None,
) -> IndexStatus:
    """Read an index's status (read-only) and check the thresholds given (None = not checked).

    Raises :class:`~.store.StoreError` for a file that is not a readable, self-consistent index.
    """
    for name, v in (("max_recall_drop", max_recall_drop), ("max_rejection_rate", max_rejection_rate)):
        if v is not None and not (math.isfinite(v) and 0.0 <= v <= 1.0):
            raise ConfigError(f"{name} must be a share between 0 and 1, got {v}")
    if last_builds < 1:
        raise ConfigError(f"last_builds must be >= 1, got {last_builds}")
    con = connect(db, read_only=True)
    try:
        return status_of(con, str(db), max_index_age_s=max_index_age_s, max_catalog_age_s=max_catalog_age_s,
                         max_recall_drop=max_recall_drop, max_rejection_rate=max_rejection_rate,
                         last_builds=last_builds, now=now)
    finally:
        con.close()


def status_of(
    con: Any,
    path: str,
    *,
    max_index_age_s: float | None = None,
    max_catalog_age_s: float | None = None,
    max_recall_drop: float | None = None,
    max_rejection_rate: float | None = None,
    last_builds: int = 5,
    now: dt.datetime | None = None,
) -> IndexStatus:
    """:func:`index_status` on an open connection to the index (the app's, under its lock)."""
    now = now or dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
    meta = read_meta(con)
    check_consistency(con, meta, path)
    fmt = int(meta.get("index_format", 1))
    built = dt.datetime.fromisoformat(meta["built_at"]) if "built_at" in meta else None
    cols = tuple((str(c), str(v), None if t is None else max(0.0, (now - t).total_seconds()), int(n), str(lic))
                 for c, v, t, n, lic in con.execute(
                     "SELECT collection, corpus_version, refreshed_at, item_count, licence FROM collections "
                     "ORDER BY collection").fetchall())
    rows, over, fall = con.execute(
        "SELECT count(*), count(*) FILTER (WHERE list_contains(flags, 'oversized')), "
        "count(*) FILTER (WHERE list_contains(flags, 'needs_fallback')) FROM chunks").fetchone()
    all_builds = builds(con)
    history = recall_history(con)
    rows = int(rows)
    age = None if built is None else max(0.0, (now - built).total_seconds())
    recent = tuple(all_builds[-last_builds:])
    checks = []
    if max_index_age_s is not None:
        crossed = age is None or age > max_index_age_s
        checks.append(Check("index_age", max_index_age_s, age, crossed,
                            f"index age {'unknown' if age is None else _age(age)} "
                            f"{'>' if crossed else '<='} {_age(max_index_age_s)}"
                            + (" (stale: build it again)" if crossed else "")))
    if max_catalog_age_s is not None:
        oldest = max(cols, key=lambda c: -1.0 if c[2] is None else c[2], default=None)
        value = None if oldest is None else oldest[2]
        crossed = value is not None and value > max_catalog_age_s
        checks.append(Check("catalog_age", max_catalog_age_s, value, crossed,
                            "catalog: no collections" if oldest is None else
                            f"catalog refresh age {_age(value or 0.0)} ({oldest[0]}) "
                            f"{'>' if crossed else '<='} {_age(max_catalog_age_s)}"))
    if max_recall_drop is not None:
        drops = recall_drops(history)
        worst = max(drops.items(), key=lambda kv: (kv[1], kv[0]), default=None)
        crossed = worst is not None and worst[1] > max_recall_drop + 1e-12
        checks.append(Check(
            "recall_drop", max_recall_drop, None if worst is None else worst[1], crossed,
            "recall drop: fewer than two builds measured" if worst is None else
            f"recall drop {worst[1]:.3f} at {worst[0]} (last build vs the best earlier one) "
            f"{'>' if crossed else '<='} {max_recall_drop:.3f}"))
    if max_rejection_rate is not None:
        last = recent[-1] if recent else None
        value = None if last is None else last.rejection_rate
        crossed = value is not None and value > max_rejection_rate + 1e-12
        checks.append(Check(
            "rejection_rate", max_rejection_rate, value, crossed,
            "rejection rate: no build recorded" if last is None else
            f"rejection rate of build #{last.build} {value:.2%} ({last.failed} of {last.documents} refused) "
            f"{'>' if crossed else '<='} {max_rejection_rate:.2%}"))
    return IndexStatus(
        path=path, index_format=fmt, built_at=built, index_age_s=age, collections=cols, rows=rows,
        oversize_rate=int(over) / rows if rows else 0.0, fallback_rate=int(fall) / rows if rows else 0.0,
        builds=recent, recall=tuple(history), checks=tuple(checks), history_recorded=fmt >= 4,
    )
