"""The time a feature describes, from what the source says — never invented.

Sources, strongest first: a date-like attribute (``Survey date: 2024-03-12``, ``valid_from`` /
``valid_to``, ``year``; GeoJSON properties and SQL row columns too), a date or year in the
feature's caption (``## Site boundary (2019 survey)``), a document-level declaration
("surveyed in 2019"). Dates are read by ``dateutil`` (python-dateutil); a value it cannot read
is skipped. Nothing found: ``None``.

>>> feature_period({"Survey date": "12 March 2024"}, None)
Period(start='2024-03-12', end='2024-03-12', source='attribute:Survey date', confidence=0.9)
>>> feature_period({"valid_from": "2019", "valid_to": "2021-06"}, None).end
'2021-06'
>>> feature_period({"Land use": "Park"}, "### Parcel LU-1") is None
True
>>> document_period("The outlines were surveyed in May 2019 by the county.")
Period(start='2019-05', end='2019-05', source='document', confidence=0.4)
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache
from typing import Any, Iterable, Iterator, Mapping

import numpy as np
from dateutil import parser as _dateparser

from geochunk.text.memo import key_memo, tuple_memo
from geochunk.model import Period
from geochunk.text.textcase import PIECE

__all__ = ["feature_period", "document_period", "merge_periods", "parse_date"]

_WORD = re.compile(r"[A-Za-z]+|[0-9]+")
_START_WORDS = frozenset({"from", "start", "begin", "since", "opened", "commenced"})
_END_WORDS = frozenset({"to", "end", "until", "till", "closed", "expires", "expiry"})
_DATE_WORDS = frozenset({
    "date", "dated", "dates", "day", "surveyed", "survey", "year", "valid", "observed",
    "captured", "acquired", "inspected", "inspection", "built", "updated", "created", "period",
    "timestamp", "time", "when", "mapped", "digitised", "digitized", "recorded", "on",
}) | _START_WORDS | _END_WORDS  # fmt: skip
_ISO = re.compile(r"[0-9]{4}-[0-9]{2}(?:-[0-9]{2})?")
_YEAR = re.compile(r"(?<![0-9])(1[5-9][0-9]{2}|20[0-9]{2})(?![0-9])")
_DECLARATION = re.compile(
    r"(?i)\b(?:surveyed|survey(?:ed)? date|captured|observed|digiti[sz]ed|mapped|inspected|"
    r"valid|dated|as of|recorded)\b[ \t]*+(?:in|on|during|at|from|:)?[ \t]*+"
    r"((?:[0-9]{1,2}[ \t]++)?(?:[A-Za-z]{3,9}[ \t]++)?[0-9]{4}(?:-[0-9]{2}(?:-[0-9]{2})?)?)"
)
_SENTINELS = (dt.datetime(1, 1, 1), dt.datetime(2, 2, 2))


@key_memo()  # the same keys repeat on every feature
def _key_words(key: str) -> frozenset[str]:
    spaced = _CAMEL.sub(" ", key)  # validFrom -> valid From
    return frozenset(w.lower() for w in _WORD.findall(spaced))


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


@key_memo()
def _date_key(key: str) -> tuple[bool, bool] | None:
    """None unless ``key`` names a date; else whether it names a start, an end."""
    words = _key_words(key)
    if not words & _DATE_WORDS:
        return None
    return bool(words & _START_WORDS), bool(words & _END_WORDS)


@tuple_memo(max_entries=1024, max_chars=1 << 20)  # features repeat one or a few key sequences
def _date_keys(keys: tuple[Any, ...]) -> tuple[tuple[str, bool, bool], ...]:
    """The keys among ``keys`` that name a date, in order, each with whether it names a start
    and an end (:func:`_date_key`); keys that are not strings are skipped.

    >>> _date_keys(("Land use", "Survey date", "valid_to", 3))
    (('Survey date', False, False), ('valid_to', False, True))
    """
    out = []
    for key in keys:
        if not isinstance(key, str):
            continue
        kind = _date_key(key)
        if kind is not None:
            out.append((key, *kind))
    return tuple(out)


@lru_cache(maxsize=1024)
def _source(origin: str, key: str) -> str:
    """``origin:key`` (one string per key of a document, not one per feature)."""
    return f"{origin}:{key}"


def parse_date(value: str) -> str | None:
    """An ISO date (``YYYY-MM-DD``), month (``YYYY-MM``) or year (``YYYY``) for ``value``, at the
    precision the value states; None when it is not a date.

    >>> parse_date("2024-03-12"), parse_date("March 2024"), parse_date("1998"), parse_date("Park")
    ('2024-03-12', '2024-03', '1998', None)
    """
    v = value.strip()
    if not v or len(v) > 40 or not any(c.isdigit() for c in v):
        return None
    return _parse_date(v)


@lru_cache(maxsize=4096)  # dateutil takes ~0.1 ms a value; surveys repeat their dates
def _parse_date(v: str) -> str | None:
    if _YEAR.fullmatch(v):
        return v
    if _ISO.fullmatch(v):
        return v
    stamp = _stamp_date(v)
    if stamp is not None:
        return stamp
    try:
        a, b = (_dateparser.parse(v, default=d) for d in _SENTINELS)
    except (ValueError, OverflowError, TypeError):
        return None
    if a.year != b.year:
        return None  # no year stated: "12 March" is not a period we can place
    if not 1000 <= a.year <= 2999:
        return None
    if a.month != b.month:
        return f"{a.year:04d}"
    if a.day != b.day:
        return f"{a.year:04d}-{a.month:02d}"
    return f"{a.year:04d}-{a.month:02d}-{a.day:02d}"


# an ISO / SQL timestamp ("2022-02-08 10:35:00+00", "2022-02-08T10:35:00.5Z"): SQL dumps carry
# one per row, and dateutil reads each in ~0.05 ms
_STAMP = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.[0-9]{1,6})?)?"
    r"(?:Z|[+-][0-9]{2}(?::?[0-9]{2})?)?"
)


def _stamp_date(v: str) -> str | None:
    """The date of a well-formed timestamp, exactly as dateutil reads it; None for anything
    else (dateutil then decides: a field out of range, another layout).

    >>> _stamp_date("2022-02-08 10:35:00+00"), _stamp_date("2022-02-30 10:35"), _stamp_date("May")
    ('2022-02-08', None, None)
    """
    m = _STAMP.fullmatch(v)
    if m is None:
        return None
    y, mo, d, h, mi, sec = (int(x) if x else 0 for x in m.groups())
    if not (1000 <= y <= 2999 and h < 24 and mi < 60 and sec < 60):
        return None
    try:
        dt.date(y, mo, d)
    except ValueError:
        return None
    return v[:10]


def feature_period(
    attributes: Mapping[str, Any] | None, caption: str | None, *, origin: str = "attribute"
) -> Period | None:
    """The period of one feature from its attributes (``origin`` names their kind in
    ``source``), else from a date or year in its caption."""
    start = end = None
    src_start = src_end = None
    point: tuple[str, str] | None = None
    for key, is_start, is_end in _date_keys(tuple(attributes)) if attributes else ():
        value = attributes[key]  # type: ignore[index]
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            continue
        d = parse_date(str(value))
        if d is None:
            continue
        src = _source(origin, key)
        if is_start and start is None:
            start, src_start = d, src
        elif is_end and end is None:
            end, src_end = d, src
        elif point is None:
            point = (d, src)
    if start is not None or end is not None:
        return _period(start, end, src_start or src_end or "", 0.9)
    if point is not None:
        return _period(point[0], point[0], point[1], 0.9)
    if caption:
        m = _ISO.search(caption) or _YEAR.search(caption)
        if m is not None:
            return _period(m.group(), m.group(), "caption", 0.6)
    return None


@lru_cache(maxsize=4096)
def _period(start: str | None, end: str | None, source: str, confidence: float) -> Period:
    """One :class:`Period` per distinct value (frozen: the features of a survey share their
    dates, and a feature's and a chunk's period are held for every one; issue #13)."""
    return Period(start, end, source, confidence)


# Where a declaration can start: its first word, case-sensitive on the lower-cased text (a
# literal alternation the regex engine scans for fast; the case-insensitive pattern tried at
# every offset took ~0.3 us a character, several times one tiktoken encode).
_DECLARATION_START = re.compile(r"survey|captured|observed|digiti|mapped|inspected|valid|dated|as of|recorded")
# characters that match an ASCII letter case-insensitively but do not lower-case to it
_FOLDS_TO_ASCII = ("\u0131", "\u017f")  # dotless i, long s


def _declarations(text: str, piece: int = PIECE) -> Iterator[re.Match[str]]:
    """``_DECLARATION.finditer(text)``, trying the pattern only where its first word starts.

    The first words are found ``piece`` characters at a time (each window read with the next
    two characters, the rest of a first word's three), so the scratch stays one window's
    however long the text's lines are (a window ending at a line break left a one-line 4.5 MB
    GeoJSON one window: 12x the text); from the first window that holds an İ on, whose
    lower-casing is longer, the plain scan."""
    if any(c in text for c in _FOLDS_TO_ASCII):
        yield from _DECLARATION.finditer(text)
        return
    done, n, step = 0, len(text), max(piece, 1)
    for lo in range(0, n, step):
        part = text if (lo == 0 and step + 2 >= n) else text[lo : lo + step + 2]
        if "\u0130" in part:  # the one character whose lower-casing is longer (İ -> i + dot)
            yield from _DECLARATION.finditer(text, max(done, lo))
            return
        for c in _word_starts(part).tolist():
            if c >= step:
                break  # the next window's
            q = lo + c
            if q >= done:
                m = _DECLARATION.match(text, q)
                if m is not None:
                    yield m
                    done = m.end()


_WORDS = ("survey", "captured", "observed", "digiti", "mapped", "inspected", "valid", "dated", "as of", "recorded")
# first two characters of each first word (all different) -> its third, as byte codes
_THIRD = np.zeros(1 << 16, dtype=np.uint8)
for _w in _WORDS:
    _THIRD[ord(_w[0]) << 8 | ord(_w[1])] = ord(_w[2])


def _word_starts(part: str) -> np.ndarray:
    """Offsets in ``part`` where its lower-cased text may start a first word: where the first
    three characters of one read, ASCII letters folded with ``| 0x20``, one byte a character
    (Latin-1, ``?`` for the rest). Every offset where ``_DECLARATION_START`` matches the
    lower-cased part is among them (only ASCII letters lower-case to ASCII letters, but for İ,
    which the caller leaves to the plain scan, and the Kelvin sign, which lower-cases to a
    ``k`` that no first word has in its first three); the others fail ``_DECLARATION``. One
    vectorised pass: the regex alternation tried every offset of the lower-cased copy.

    >>> t = "Surveyed; DATA dated. as of 2019"
    >>> _word_starts(t).tolist(), [m.start() for m in _DECLARATION_START.finditer(t.lower())]
    ([0, 10, 15, 22], [0, 15, 22])
    """
    c = np.frombuffer(part.encode("latin-1", "replace"), dtype=np.uint8) | 0x20
    if len(c) < 3:
        return np.zeros(0, dtype=np.int64)
    key = c[:-2].astype(np.uint16)
    key <<= 8
    key |= c[1:-1]
    third = np.take(_THIRD, key)  # (indexing _THIRD[key] took twice as long)
    return np.flatnonzero((third != 0) & (c[2:] == third))


def document_period(text: str) -> Period | None:
    """A document-level declaration ("surveyed in 2019", "captured on 3 May 2021"), if any."""
    for m in _declarations(text):
        d = parse_date(m.group(1))
        if d is not None:
            return Period(d, d, "document", 0.4)
    return None


def merge_periods(periods: Iterable[Period | None]) -> Period | None:
    """The span of several periods (earliest start, latest end); the weakest confidence, and
    the first source when they differ in strength.

    >>> merge_periods([Period("2019", "2019", "caption", 0.6), None,
    ...                Period("2021-05-01", "2021-05-01", "attribute:Date", 0.9)])
    Period(start='2019', end='2021-05-01', source='caption', confidence=0.6)
    """
    ps = [p for p in periods if p is not None]
    if not ps:
        return None
    if len(ps) == 1:
        return ps[0]
    starts = [p.start for p in ps if p.start is not None]
    ends = [p.end for p in ps if p.end is not None]
    weakest = min(ps, key=lambda p: p.confidence)
    return _period(min(starts) if starts else None, max(ends) if ends else None,
                   weakest.source, weakest.confidence)  # fmt: skip
