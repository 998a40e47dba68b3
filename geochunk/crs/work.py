"""A bound on the frame work one document can cause.

Looking a code up in PROJ's database costs about a millisecond and building its transformer to
WGS 84 tens of milliseconds, so a document that declares thousands of distinct codes would cost
minutes. Per document, at most :data:`MAX_LOOKUPS` distinct codes are looked up and at most
:data:`MAX_FRAMES` distinct frames are checked against coordinates (a transformer is built only
for a frame that governs geometry); everything past the bound is reported as unresolved and the
geometry it governs is flagged. The counts depend only on the document, never on what an
earlier document left in the process caches, so results stay deterministic.

>>> with document_work() as w:
...     [w.may_check(c) for c in (27700, 27700, 3857)], w.checked
([True, True, True], 2)
>>> current() is None
True
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Iterator

__all__ = ["MAX_FRAMES", "MAX_LOOKUPS", "Work", "current", "document_work", "over_limit_note"]

MAX_FRAMES = 32  # distinct frames checked against coordinates (transformers built) per document
MAX_LOOKUPS = 256  # distinct codes looked up in the database per document


@dataclass
class Work:
    """Distinct codes one document has had looked up and checked, and what was refused."""

    looked_up_codes: set = field(default_factory=set)
    checked_codes: set = field(default_factory=set)
    refused_lookups: int = 0
    refused_checks: int = 0
    text: str = ""  # the document (set by the resolver), for evidence found on demand
    spans: tuple = ()  # its geometry spans as (start, end): not searched for places
    _places: list | None = None
    memo: dict = field(default_factory=dict)  # per-document results (zone choices)
    _lower: str | None = None
    _folded: tuple | None = None
    _folded_words: frozenset | None = None
    runs: list | None = None  # ``names.letter_runs`` of the text (set by the declaration scan)
    odd_runs: list | None = None  # those runs that are not ASCII (the same scan)
    _gate: tuple | None = None

    def places(self) -> list:
        """Places named in the document outside its geometry (found once, on first use)."""
        if self._places is None:
            from geochunk.crs.places import find_places

            self._places = find_places(self.text, self.spans) if self.text else []
        return self._places

    def folded(self) -> tuple[frozenset, str]:
        """The document outside its geometry, lower-cased with accents dropped (once, on
        first use; see ``places.fold_text``)."""
        if self._folded is None:
            from geochunk.crs.places import fold_text

            self._folded = fold_text(self.text, self.spans)
        return self._folded

    def folded_words(self) -> frozenset:
        """``folded()[0]``, folding only the lines that are not ASCII (once, on first use;
        see ``places.fold_words``)."""
        if self._folded is not None:
            return self._folded[0]
        if self._folded_words is None:
            from geochunk.crs.places import fold_words

            self._folded_words = fold_words(self.text, self.spans)
        return self._folded_words

    def fold_gate(self) -> tuple | None:
        """``places.fold_gate`` of the document (once, on first use): sets that hold every
        word of :meth:`folded_words`, made from its letter runs, or ``None``."""
        if self._gate is None:
            from geochunk.crs.names import letter_runs
            from geochunk.crs.places import fold_gate

            if self.runs is None:
                self.runs, self.odd_runs = letter_runs(self.text), None
            self._gate = (fold_gate(self.text, self.spans, self.runs, self.odd_runs),)
        return self._gate[0]

    def lower(self) -> str:
        """The document in lower case (computed once, on first use)."""
        if self._lower is None:
            from geochunk.text.textcase import lower

            self._lower = lower(self.text)
        return self._lower

    @property
    def looked_up(self) -> int:
        return len(self.looked_up_codes)

    @property
    def checked(self) -> int:
        return len(self.checked_codes)

    def may_look_up(self, code: object) -> bool:
        """Whether ``code`` may be looked up (already seen, or still under the bound)."""
        if code in self.looked_up_codes or len(self.looked_up_codes) < MAX_LOOKUPS:
            self.looked_up_codes.add(code)
            return True
        self.refused_lookups += 1
        return False

    def may_check(self, code: object) -> bool:
        """Whether ``code`` may be checked against coordinates (a transformer built)."""
        if code in self.checked_codes or len(self.checked_codes) < MAX_FRAMES:
            self.checked_codes.add(code)
            return True
        self.refused_checks += 1
        return False

    def as_dict(self) -> dict[str, int]:
        return {
            "codes_looked_up": self.looked_up,
            "frames_checked": self.checked,
            "lookups_refused": self.refused_lookups,
            "checks_refused": self.refused_checks,
        }


_CURRENT: ContextVar[Work | None] = ContextVar("geochunk_crs_work", default=None)


def current() -> Work | None:
    """The work record of the document being resolved, or ``None`` outside one."""
    return _CURRENT.get()


@contextmanager
def document_work() -> Iterator[Work]:
    """Count (and bound) the frame work done inside the ``with`` block as one document's.
    Nested blocks share the outer record."""
    outer = _CURRENT.get()
    if outer is not None:
        yield outer
        return
    work = Work()
    token = _CURRENT.set(work)
    try:
        yield work
    finally:
        _CURRENT.reset(token)


def over_limit_note(code: object, what: str) -> str:
    limit = MAX_FRAMES if what == "checked" else MAX_LOOKUPS
    return (f"{code} was not {what}: this document names more than {limit} distinct frames "
            "(a bound on the work one document may cause); its geometry is flagged")
