"""The answer context: a query's top results as one prompt-ready block an LLM can cite.

:func:`answer_context` turns a :class:`~.query.QueryResult` into an :class:`AnswerContext`
whose :meth:`~AnswerContext.text` fits a token budget, counted with the real tokenizer
(:func:`geochunk.tokens.counting.get_counter`). No model is involved: the same result and settings give
the same text.

What the block holds, in this order:

* the question and **the region searched** (or "everywhere": no distances);
* what each claim grade allows (:mod:`.claims`), then the **caveats of the whole answer**:
  staleness (index and catalog age, corpus versions), coverage (what was searched, what was
  skipped), each searched collection with its shortlist reason and the caveats the catalog gave
  it (``Shortlisted.caveats``: coarser than the question, stale, sparse ...), its licence, and
  what was left out (repeats, budget, licence);
* one **passage** per kept result, best first: a citation (``collection@version``, document,
  chunk, offsets, feature ids, pages or section), the claim its frame supports with the reason,
  the distance — a number only for a ``measurement`` frame, else "distance not established" —
  the passage's own caveats (simplified geometry, one part of a multipart, mixed frames, ...),
  then its text (control characters escaped: :func:`block_text`) in a fence no line of the
  text can close.

Rules:

* **Dedupe by feature identity**: a result whose features (document + id) are all in a kept
  passage is left out; one holding others too is kept and says which are ``also in`` which
  passage. Results with no features are compared by chunk id only.
* **Licence**: a result of a collection whose licence excludes retrieval never reaches the block
  (not its text, not its ids): it is only counted.
* **Budget**: passages are taken whole, best first; one that does not fit is left out (and
  counted) and a later, smaller one may still fit. The whole block's count is checked at the end.

>>> from geochunk.retrieve.answer import fence_for
>>> fence_for("plain text"), fence_for("a ```code``` run")
('```', '````')
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass, field
from typing import Any, Sequence

from geochunk.errors import ConfigError
from geochunk.text.terminal import shown
from geochunk.retrieve.claims import DESCRIPTIVE, MEASUREMENT, NONE

__all__ = ["DEFAULT_BUDGET", "Citation", "Passage", "LeftOut", "AnswerContext", "answer_context",
           "fence_for", "block_text", "licence_verdict"]

#: the default token budget of the whole block (``--context-budget``)
DEFAULT_BUDGET = 2048

#: what each grade lets the answer say (printed once, above the passages)
GRADE_MEANING: tuple[tuple[str, str], ...] = (
    (MEASUREMENT, "distances, positions and containment may be stated as measured"),
    (DESCRIPTIVE, "the place may be described; no distance or position from its coordinates"),
    (NONE, "nothing may be said about where from this passage's coordinates"),
)

#: chunk flags that qualify what a passage's text is, and the caveat each gives
FLAG_CAVEATS: tuple[tuple[str, str], ...] = (
    ("generalized", "the geometry text is simplified, not the source's"),
    ("split_part", "the text holds one part of a multipart geometry"),
    ("rewrapped", "the FeatureCollection around these features was rebuilt"),
    ("linearized", "curves were approximated by straight segments for the extent"),
    ("crs_mixed", "its features are in different frames"),
    ("unparseable_span", "it holds geometry text that does not parse"),
    ("unclosed_geometry", "it holds geometry text that never closes"),
    ("no_extent", "some of its geometry could not be placed (no extent)"),
    ("token_estimate", "its token count is an estimate"),
)


@dataclass(frozen=True)
class Citation:
    """Where a passage comes from: enough to find it again and to quote its source.

    >>> Citation("parks", "v2", "edinburgh.md", "edinburgh.md#3", ("W-7",), 120, 480).label()
    'parks@v2 · edinburgh.md · chars 120-480 · features W-7'
    >>> Citation("parks", "v2", "e.md", "e.md#3", (), 0, 9, period_start="2019-05", period_end="2019-05",
    ...          period_source="attribute:Survey date").label()
    'parks@v2 · e.md · chars 0-9 · period 2019-05/2019-05 (attribute:Survey date)'
    """

    collection: str
    version: str
    doc_id: str
    chunk_id: str
    feature_ids: tuple[str, ...]
    start: int | None  # str offsets in the document (None: the index did not record them)
    end: int | None
    source_pages: tuple[int, ...] = ()
    section_path: tuple[str, ...] = ()
    #: the time the chunk describes (its own, from the chunker; ``period_source`` says where it
    #: was read, ``"collection"`` for a row that holds its collection's period); None: not stated
    period_start: str | None = None
    period_end: str | None = None
    period_source: str | None = None

    def label(self) -> str:
        """The citation on one line (names from outside escaped)."""
        parts = [f"{shown(self.collection)}@{shown(self.version)}", shown(self.doc_id)]
        parts.append(f"chars {self.start}-{self.end}" if self.start is not None and self.end is not None
                     else f"chunk {shown(self.chunk_id)} (offsets not recorded)")
        if self.source_pages:
            p = self.source_pages
            parts.append(f"p. {p[0]}" if len(p) == 1 else f"pp. {p[0]}-{p[-1]}")
        if self.section_path:
            parts.append("section " + shown(" > ".join(self.section_path)))
        if self.period_start is not None or self.period_end is not None:
            when = f"{shown(self.period_start or '..')}/{shown(self.period_end or '..')}"
            parts.append(f"period {when}" + (f" ({shown(self.period_source)})" if self.period_source else ""))
        if self.feature_ids:
            shown_ids = ", ".join(shown(f) for f in self.feature_ids[:8])
            more = len(self.feature_ids) - 8
            parts.append(f"features {shown_ids}" + (f" and {more} more" if more > 0 else ""))
        return " · ".join(parts)


@dataclass(frozen=True)
class Passage:
    """One result in the context: text, citation, claim grade and reason, distance, caveats."""

    number: int  # 1-based, in the block
    rank: int  # the result's rank in the query
    text: str
    citation: Citation
    grade: str  # measurement / descriptive / none (:mod:`.claims`)
    reason: str
    distance_m: float | None  # only for a measurement (None: distance not established)
    distance: str  # the distance in words, as the block prints it
    score: float  # the query's final score
    caveats: tuple[str, ...] = ()
    #: features this passage shares with an earlier one: ``(feature id, passage number)``
    also_in: tuple[tuple[str, int], ...] = ()

    def metadata(self) -> dict[str, Any]:
        """Plain JSON metadata (for the LangChain / LlamaIndex retrievers)."""
        c = self.citation
        return {
            "passage": self.number, "rank": self.rank, "score": self.score,
            "collection": c.collection, "version": c.version, "doc_id": c.doc_id, "chunk_id": c.chunk_id,
            "feature_ids": list(c.feature_ids), "start": c.start, "end": c.end,
            "source_pages": list(c.source_pages), "section_path": list(c.section_path),
            "period_start": c.period_start, "period_end": c.period_end, "period_source": c.period_source,
            "citation": c.label(), "claim": self.grade, "claim_reason": self.reason,
            "distance_m": self.distance_m, "distance": self.distance, "caveats": list(self.caveats),
            "also_in": [[f, n] for f, n in self.also_in],
        }


@dataclass(frozen=True)
class LeftOut:
    """A result that is not in the block, and why (``repeat``, ``budget`` or ``licence``)."""

    rank: int
    chunk_id: str  # empty for a licence exclusion (nothing of it reaches the block)
    why: str
    detail: str = ""


@dataclass(frozen=True)
class AnswerContext:
    """The assembled context: :meth:`text` is the block, the fields its structured form."""

    question: str
    region: str  # the region searched, in words
    passages: tuple[Passage, ...]
    caveats: tuple[str, ...]  # of the whole answer: staleness, coverage, collections
    left_out: tuple[LeftOut, ...]
    budget: int
    encoding: str
    tokens: int = 0  # the count of :meth:`text` in ``encoding``

    def text(self) -> str:
        """The prompt-ready block (at most ``budget`` tokens)."""
        return _render(self.question, self.region, self.caveats, self.passages, self.left_out)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["passages"] = [{**p.metadata(), "text": p.text} for p in self.passages]
        d["text"] = self.text()
        return d


def fence_for(text: str) -> str:
    """A backtick fence longer than any run of backticks in ``text`` (at least three), so no
    line of the passage can close it (CommonMark)."""
    longest = run = 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    return "`" * max(3, longest + 1)


def block_text(text: str) -> str:
    """A passage's text as the block shows it: line ends as ``\\n`` (CRLF and CR too, one
    trailing line end dropped), every other control character escaped
    (:func:`geochunk.text.terminal.shown`), so a document cannot move the cursor of a terminal that
    prints the block or hide text from a reader; :attr:`Passage.text` stays exact.

    >>> block_text("Site A\\r\\nPOINT (1 2)\\x1b[2J\\n")
    'Site A\\nPOINT (1 2)\\\\x1b[2J'
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return "\n".join(shown(line) for line in lines)


def licence_verdict(entry: Any) -> tuple[str, str]:
    """``(status, reason)`` of a catalog entry's licence: ``allowed``, ``excluded`` or ``unknown``.

    Read by :mod:`.licence` when it is present (SPDX ids and phrases), else from the catalog's
    ``licence_forbids``; a licence nobody declared is ``unknown``.

    >>> from geochunk.retrieve.catalog import CatalogEntry, licence_forbids
    >>> e = lambda lic: CatalogEntry("c", "1", lic, licence_forbids(lic), None, (None, None), None, 1, 0, None)
    >>> licence_verdict(e("LicenseRef-NoAI"))[0], licence_verdict(e("unspecified"))[0]
    ('excluded', 'unknown')
    """
    if entry.licence_forbids:
        return "excluded", f"forbids {entry.licence_forbids}"
    status = getattr(entry, "licence_status", None)  # the catalog's reading, when it has one
    reason = str(getattr(entry, "licence_reason", "") or "")
    if status in ("allowed", "excluded") or (status == "unknown" and reason):
        return status, reason
    try:
        from geochunk.retrieve.licence import read_licence  # the catalog's licence reader, when installed
    except ImportError:
        read_licence = None
    if read_licence is not None:
        v = read_licence(entry.licence)
        return v.status, v.reason
    if entry.licence.strip().lower() in ("", "unspecified", "unknown", "noassertion", "none"):
        return "unknown", "no licence declared"
    return "allowed", "no restriction found in its name"


def _age(seconds: float) -> str:
    """``42 s``, ``12 min``, ``5.0 h``, ``3.2 days``."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 172800:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


def _distance_words(row: Any, region: Any) -> tuple[float | None, str]:
    if row.claim != MEASUREMENT:
        return None, "distance not established (the frame does not measure)"
    if region is None:
        return None, "no region given: no distance"
    if row.distance_m is None:
        return None, "distance not established"
    d = float(row.distance_m)
    if d == 0.0:
        return 0.0, "0 m: the anchor is inside or on the feature"
    return d, f"{d:,.0f} m from the anchor to the nearest feature"


def _region_words(res: Any) -> str:
    if res.region is None:
        return "everywhere (no region given: no distances)"
    lon, lat = res.region.anchor
    return f"{shown(res.region.description)} (anchor {lon:.5f},{lat:.5f})"


def _answer_caveats(res: Any, licences: dict[str, tuple[str, str]], stale_after_s: float | None) -> list[str]:
    st = res.staleness
    versions = ", ".join(f"{shown(k)}@{shown(v)}" for k, v in sorted(st.corpus_versions.items()))
    line = (f"index built {st.index_built_at}, {_age(st.index_age_s)} before the query; catalog refreshed "
            f"{_age(st.catalog_refresh_age_s)} before it; versions {versions}")
    out = [line]
    if stale_after_s is not None:
        for what, age in (("index", st.index_age_s), ("catalog", st.catalog_refresh_age_s)):
            if age > stale_after_s:
                out.append(f"stale: the {what} is {_age(age)} old, more than {_age(stale_after_s)}; "
                           "newer sources may say otherwise")
    skipped = res.no_extent_total - res.no_extent_lane
    cov = f"searched {res.searched} chunks ({res.in_region} in the region)"
    if res.region is not None and not res.no_extent_searched and skipped:
        cov += f"; {skipped} chunks without extent were not searched"
    out.append(cov)
    for s in res.shortlist:
        if not s.included:
            if s.reason.startswith("excluded: licence"):
                out.append(f"collection {shown(s.collection)} not searched: {shown(s.reason)}")
            continue
        status, why = licences.get(s.collection, ("unknown", "not in the catalog"))
        if status == "excluded":  # never searched, but say so if a shortlist let it through
            why = f"{why}; its results are withheld"
        lic = f"licence verdict: {status}" + (f" ({shown(why)})" if why else "")
        if status == "unknown":
            lic += "; check its terms before quoting"
        note = f"collection {shown(s.collection)}: {shown(s.reason)}; {lic}"
        for c in s.caveats:
            if not (status == "unknown" and c.startswith("licence unknown")):  # said just before
                note += f"; {shown(c)}"
        out.append(note)
    if res.deduplicated:
        out.append(f"{res.deduplicated} result(s) left out by the query: their features are in higher results")
    return out


def _left_out_lines(left: Sequence[LeftOut]) -> list[str]:
    out = []
    budget = [x for x in left if x.why == "budget"]
    if budget:
        out.append(f"{len(budget)} result(s) left out for the token budget (ranks "
                   + ", ".join(str(x.rank) for x in budget) + ")")
    repeats = [x for x in left if x.why == "repeat"]
    if repeats:
        out.append(f"{len(repeats)} result(s) left out as repeats of features already quoted (ranks "
                   + ", ".join(str(x.rank) for x in repeats) + ")")
    lic = [x for x in left if x.why == "licence"]
    if lic:
        out.append(f"{len(lic)} result(s) withheld: their collection's licence excludes retrieval")
    return out


def _render(question: str, region: str, caveats: Sequence[str], passages: Sequence[Passage],
            left: Sequence[LeftOut]) -> str:
    lines = [f"# Context for: {shown(question)}", f"Region searched: {region}",
             "Claims: " + "; ".join(f"{g} = {m}" for g, m in GRADE_MEANING) + ".", "Caveats:"]
    lines += [f"- {c}" for c in (*caveats, *_left_out_lines(left))]
    if not passages:
        lines.append("")
        lines.append("No passages: " + ("none fits the token budget." if any(x.why == "budget" for x in left)
                                        else "nothing was found that may be quoted."))
    for p in passages:
        lines.append("")
        lines.append(f"[{p.number}] {p.citation.label()}")
        lines.append(f"claim: {p.grade} ({shown(p.reason)})")
        lines.append(f"distance: {p.distance}")
        notes = list(p.caveats) + [f"feature {shown(f)} also in [{n}]" for f, n in p.also_in]
        if notes:
            lines.append("caveats: " + "; ".join(shown(c) for c in notes))
        body = block_text(p.text)
        fence = fence_for(body)
        lines.append(fence + "text")
        lines.append(body)
        lines.append(fence)
    return "\n".join(lines) + "\n"


def _row_caveats(row: Any) -> tuple[str, ...]:
    flags = set(row.flags)
    out = [text for flag, text in FLAG_CAVEATS if flag in flags]
    if row.lane == "no-extent":
        out.append("found by words and meaning only: it has no extent")
    return tuple(out)


def answer_context(result: Any, budget: int = DEFAULT_BUDGET, *, encoding: Any = "cl100k_base",
                   stale_after_s: float | None = None) -> AnswerContext:
    """The top results of ``result`` as a cited, caveated block of at most ``budget`` tokens.

    ``encoding`` is any tokenizer :func:`geochunk.tokens.counting.get_counter` takes (``cl100k_base``,
    ``o200k_base``, a ``tokenizer.json`` path, a callable); ``stale_after_s`` adds a "stale"
    caveat when the index or the catalog is older than that many seconds.

    >>> from geochunk.retrieve.query import QueryResult, ResultRow, Staleness
    >>> row = ResultRow(1, "d.md#0", "d.md", "c", "1", "region", 0.5, 1, 2.0, 1, 0.03, 0.0, 1.0, 1.0,
    ...                 4326, 0.95, False, ("W-7",), (), "Well W-7: POINT (1 2)", None,
    ...                 claim="measurement", claim_reason="frame EPSG:4326 at confidence 0.95", char_start=0,
    ...                 char_end=21)
    >>> res = QueryResult("wells", None, (row,), (), Staleness("2026-01-01T00:00:00Z", 60.0, 60.0, {"c": "1"}),
    ...                   "m", 1, 1, 0, True, "exponential", 1.0)
    >>> ctx = answer_context(res, budget=300)
    >>> [(p.citation.label(), p.grade, p.distance) for p in ctx.passages]
    [('c@1 · d.md · chars 0-21 · features W-7', 'measurement', 'no region given: no distance')]
    >>> ctx.tokens <= 300
    True
    """
    from geochunk.tokens.counting import get_counter

    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ConfigError(f"the context budget must be a whole number of tokens >= 1, got {budget!r}")
    counter = get_counter(encoding)
    licences = {e.collection: licence_verdict(e) for e in getattr(result, "catalog", ())}
    caveats = tuple(_answer_caveats(result, licences, stale_after_s))
    region = _region_words(result)

    def render(passages: Sequence[Passage], left: Sequence[LeftOut]) -> str:
        return _render(result.question, region, caveats, passages, left)

    # licence first (it does not depend on the budget): nothing of an excluded collection stays
    withheld = [LeftOut(r.rank, "", "licence") for r in result.rows
                if licences.get(r.collection, ("unknown", ""))[0] == "excluded"]
    rows = [r for r in result.rows if licences.get(r.collection, ("unknown", ""))[0] != "excluded"]

    def undecided(rest: Sequence[Any]) -> list[LeftOut]:
        # each row still to decide on both footer lines: a superset of any final footer
        return [LeftOut(r.rank, r.chunk_id, why) for r in rest for why in ("budget", "repeat")]

    head = counter.count(render((), [*withheld, *undecided(rows)]))
    if head > budget:
        raise ConfigError(f"a context budget of {budget} tokens cannot hold the context's header and "
                          f"caveats ({head} tokens); give at least {head}")
    kept: list[Passage] = []
    left: list[LeftOut] = list(withheld)
    seen: dict[tuple[str, str], int] = {}  # (document, feature id) -> passage number
    chunks: set[str] = set()
    for i, row in enumerate(rows):
        feats = [(row.doc_id, f) for f in row.feature_ids]
        repeated = [f for f in dict.fromkeys(feats) if f in seen]
        if row.chunk_id in chunks or (feats and len(repeated) == len(set(feats))):
            where = sorted({seen[f] for f in repeated})
            left.append(LeftOut(row.rank, row.chunk_id, "repeat",
                                "its features are all in " + ", ".join(f"[{n}]" for n in where) if where
                                else "the same chunk is already quoted"))
            continue
        dist_m, dist_words = _distance_words(row, result.region)
        passage = Passage(
            number=len(kept) + 1, rank=row.rank, text=row.text,
            citation=Citation(row.collection, row.corpus_version, row.doc_id, row.chunk_id,
                              tuple(row.feature_ids), row.char_start, row.char_end,
                              tuple(row.source_pages), tuple(row.section_path),
                              row.period_start, row.period_end, row.period_source),
            grade=row.claim, reason=row.claim_reason or "", distance_m=dist_m, distance=dist_words,
            score=float(row.final), caveats=_row_caveats(row),
            also_in=tuple((f[1], seen[f]) for f in repeated),
        )
        if counter.count(render([*kept, passage], [*left, *undecided(rows[i + 1:])])) <= budget:
            kept.append(passage)
            chunks.add(row.chunk_id)
            for f in feats:
                seen.setdefault(f, passage.number)
        else:
            left.append(LeftOut(row.rank, row.chunk_id, "budget"))
    text = render(kept, left)
    tokens = counter.count(text)
    while tokens > budget and kept:  # never expected (the footer only shrank): stay within
        gone = kept.pop()
        left.append(LeftOut(gone.rank, gone.citation.chunk_id, "budget"))
        text = render(kept, left)
        tokens = counter.count(text)
    return AnswerContext(question=result.question, region=region, passages=tuple(kept), caveats=caveats,
                         left_out=tuple(left), budget=budget, encoding=counter.name, tokens=tokens)
