"""The nightly sample of an index (``geochunk validate --index DB --sample N``): the gates over a
rotating, deterministic sample of its documents, the rates kept in the index, and a drift gate.

Documents are put in a fixed pseudo-random order (by the sha256 of their ``doc_id``); each run
takes the next ``N`` after where the last run stopped (``validation_runs.next_start``, wrapping),
so successive runs cover the whole index and the same index and history give the same sample.
Each sampled document's source (its ``doc_id`` as a path) is read again; a missing source or one
whose digest differs from the rows' ``doc_sha256`` is a failure of that document. Its stored rows
become chunks over the source (:mod:`geochunk.gates.stored`) and every gate runs. The run's
oversize rate (chunks over the budget by recount) and fallback rate (chunks flagged
``needs_fallback``) are appended to the index's ``validation_runs`` table; the run fails when
either moved more than ``max_drift`` percentage points since the previous run.

>>> order_documents(["b.md", "a.md", "c.md"]) == order_documents(["c.md", "a.md", "b.md"])
True
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, replace
from typing import Any, Sequence

from geochunk.errors import InputError
from geochunk.model import Frame
from geochunk.read.source import document_digest, read_document
from geochunk.tokens.counting import TokenCounter
from geochunk.gates import counter_named, validate
from geochunk.gates.report import GateReport
from geochunk.gates.stored import stored_chunks

__all__ = ["SampleReport", "order_documents", "sample_index"]


def order_documents(doc_ids: Sequence[str]) -> list[str]:
    """The index's documents in the rotation's fixed pseudo-random order."""
    return sorted(set(doc_ids), key=lambda d: (hashlib.sha256(d.encode("utf-8", "surrogatepass")).hexdigest(), d))


@dataclass(frozen=True)
class SampleReport:
    """One sample run: per-document reports (or why a document could not be checked), the
    rates, the previous run's rates and the drift verdict."""

    documents: tuple[str, ...]
    reports: tuple[tuple[str, GateReport | None, str | None], ...]  # (doc_id, report, problem)
    chunks: int
    oversize_rate: float
    fallback_rate: float
    previous: tuple[float, float] | None  # (oversize, fallback) of the last run
    max_drift: float | None  # percentage points
    next_start: int

    @property
    def drift(self) -> tuple[float, float] | None:
        """How far (percentage points) the oversize and fallback rates moved since the last run."""
        if self.previous is None:
            return None
        return (abs(self.oversize_rate - self.previous[0]) * 100, abs(self.fallback_rate - self.previous[1]) * 100)

    @property
    def drifted(self) -> bool:
        d = self.drift
        return d is not None and self.max_drift is not None and max(d) > self.max_drift

    @property
    def failed_gates(self) -> tuple[str, ...]:
        names: list[str] = []
        for _, report, problem in self.reports:
            found = ["source"] if problem else [g.name for g in report.failures] if report else []
            names.extend(n for n in found if n not in names)
        if self.drifted:
            names.append("drift")
        return tuple(names)

    @property
    def passed(self) -> bool:
        return not self.failed_gates

    def lines(self) -> list[str]:
        out = []
        for doc, report, problem in self.reports:
            if problem:
                out.append(f"{doc}: FAIL source: {problem}")
                continue
            assert report is not None
            out.append(f"{doc}: {'PASS' if report.passed else 'FAIL'}")
            out.extend(f"  {line}" for line in report.lines())
        rates = f"oversize rate {self.oversize_rate:.1%}, needs_fallback {self.fallback_rate:.1%}"
        if self.drift is None:
            drift = "first run: no drift to measure"
        else:
            o, f = self.drift
            limit = "" if self.max_drift is None else f" (limit {self.max_drift:g})"
            drift = (f"{'FAIL' if self.drifted else 'PASS'} drift: oversize {o:.1f} points, "
                     f"needs_fallback {f:.1f} points since the last run{limit}")
        out.append(f"sample: {len(self.documents)} documents, {self.chunks} chunks; {rates}")
        out.append(drift)
        return out


def _rows(con: Any, doc_id: str, collection: str) -> list[dict[str, Any]]:
    """One collection's rows of ``doc_id`` (a document may be in several collections, each with
    rows of its own recipe: mixing them would interleave two chunkings)."""
    from geochunk.retrieve.store import has_columns

    extra = ", source_path, tokenizer, chunk_budget" if has_columns(con, "source_path", "tokenizer", "chunk_budget") else ""
    rows = con.execute(
        "SELECT chunk_index, text, flags, epsg, frame_confidence, frame_flagged, doc_sha256" + extra
        + " FROM chunks WHERE doc_id = ? AND collection = ? ORDER BY chunk_index", [doc_id, collection]).fetchall()
    return [{"index": r[0], "text": r[1], "flags": list(r[2] or ()), "epsg": r[3], "confidence": r[4],
             "flagged": bool(r[5]), "doc_sha256": r[6], "source_path": r[7] if extra else None,
             "row_tokenizer": r[8] if extra else None, "row_budget": r[9] if extra else None}
            for r in rows]


def _units(con: Any) -> dict[str, tuple[str, str]]:
    """The sampled units in rotation order: label -> (doc_id, collection). A document is one unit
    per collection it is in; its label is its ``doc_id``, with ``[collection]`` added when the
    same ``doc_id`` is in more than one collection."""
    pairs = con.execute("SELECT DISTINCT doc_id, collection FROM chunks").fetchall()
    per_doc: dict[str, list[str]] = {}
    for d, c in pairs:
        per_doc.setdefault(d, []).append(c)
    out: dict[str, tuple[str, str]] = {}
    for d in order_documents(list(per_doc)):
        for c in sorted(per_doc[d]):
            out[d if len(per_doc[d]) == 1 else f"{d} [{c}]"] = (d, c)
    return out


def _source_path(doc_id: str, rows: Sequence[dict[str, Any]], root: str | None) -> str:
    """Where a document's source is: the path the build recorded, else its id under the index's
    document root, else the id itself."""
    if rows and rows[0].get("source_path"):
        return str(rows[0]["source_path"])
    if root and not os.path.isabs(doc_id):
        return os.path.join(root, doc_id)
    return doc_id


def sample_index(con: Any, *, sample: int, counter: TokenCounter | None, budget: int | None,
                 max_drift: float | None = None, record: bool = True) -> SampleReport:
    """Check the next ``sample`` documents of the index open on ``con`` and (with ``record``)
    append the run to its ``validation_runs`` table (created if the index has none).

    ``counter`` recounts the chunks (``None``: the tokenizer each row records, else cl100k_base);
    ``budget`` is the budget they are checked against (``None``: the one each row records, else
    the index's ``meta.chunk_budget``, else 800)."""
    from geochunk.retrieve.store import read_meta, record_validation_run, validation_runs
    from geochunk.tokens.counting import get_counter

    meta = read_meta(con)
    root = meta.get("doc_root") if isinstance(meta.get("doc_root"), str) else None

    if sample < 1:
        raise InputError(f"--sample takes a positive number of documents, got {sample}")
    units = _units(con)
    docs = list(units)
    history = validation_runs(con)
    start = history[-1].next_start % len(docs) if history and docs else 0
    take = min(sample, len(docs))
    chosen = [docs[(start + k) % len(docs)] for k in range(take)]
    reports: list[tuple[str, GateReport | None, str | None]] = []
    n_chunks = over = fallback = 0
    for doc in chosen:
        doc_id, collection = units[doc]
        rows = _rows(con, doc_id, collection)
        try:
            text = read_document(_source_path(doc_id, rows, root))
        except (InputError, OSError) as e:
            reports.append((doc, None, f"cannot read the source: {e}"))
            continue
        if rows and document_digest(text) != rows[0]["doc_sha256"]:
            reports.append((doc, None, "the source changed since it was indexed (sha256 differs): re-index it"))
            continue
        doc_counter = counter or _row_counter(rows) or get_counter("cl100k_base")
        doc_budget = budget or _row_budget(rows) or default_budget(con, None)
        chunks = stored_chunks(rows, text, doc_id, doc_counter)
        chunks = [replace(c, crs=Frame(r["epsg"], float(r["confidence"] or 0.0), "index", r["flagged"]))
                  if r["epsg"] is not None else c for c, r in zip(chunks, rows)]
        report = validate(text, chunks, budget=doc_budget, encoding=doc_counter)
        reports.append((doc, report, None))
        n_chunks += len(chunks)
        over += round(report.oversize_rate * report.chunks)
        fallback += sum(1 for c in chunks if c.needs_fallback)
    o_rate = over / n_chunks if n_chunks else 0.0
    f_rate = fallback / n_chunks if n_chunks else 0.0
    previous = (history[-1].oversize_rate, history[-1].fallback_rate) if history else None
    nxt = (start + take) % len(docs) if docs else 0
    result = SampleReport(tuple(chosen), tuple(reports), n_chunks, o_rate, f_rate, previous, max_drift, nxt)
    if record:
        record_validation_run(con, documents=tuple(chosen), chunks=n_chunks, oversize_rate=o_rate,
                              fallback_rate=f_rate, failed_gates=result.failed_gates, next_start=nxt,
                              passed=result.passed)
    return result


def _row_counter(rows: Sequence[dict[str, Any]]) -> TokenCounter | None:
    return counter_named(rows[0].get("row_tokenizer")) if rows else None


def _row_budget(rows: Sequence[dict[str, Any]]) -> int | None:
    b = rows[0].get("row_budget") if rows else None
    return int(b) if isinstance(b, int) and b > 0 else None


def default_budget(con: Any, given: int | None) -> int:
    """The budget the index was built with (``meta.chunk_budget``), unless ``given``."""
    from geochunk.retrieve.store import read_meta

    if given is not None:
        return given
    value = read_meta(con).get("chunk_budget")
    return int(value) if isinstance(value, int) and value > 0 else 800

