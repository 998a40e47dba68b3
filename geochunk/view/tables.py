"""DataFrames for the app's tables, and the review decisions CSV.

These are plain functions of chunks (no Streamlit), so they are unit-tested directly.

>>> from geochunk.model import Chunk
>>> c = Chunk("d", 0, 0, 5, 0, "hello", 2, "cl100k_base", "document", "paragraph")
>>> chunks_frame([c], budget=100)[["chunk", "tokens", "features", "flags"]].values.tolist()
[[0, 2, 0, '']]
"""

from __future__ import annotations

import html
import io
import math
from dataclasses import asdict, dataclass
from typing import Any, Callable, Mapping, Sequence

import pandas as pd

from geochunk.model import Chunk
from geochunk.view.density import density_strategy
from geochunk.view.reasons import feature_ids_text, fitted, fitted_ids, flag_reasons, needs_review, review_flags
from geochunk.view.safe import printable, printable_tree
from geochunk.view.selection import chunk_identity
from geochunk.reviews import STATUSES, Decision

__all__ = [
    "DECISION_STATUSES",
    "Decision",
    "CorpusRow",
    "chunk_key",
    "chunk_metadata",
    "chunks_frame",
    "undrawn_cell",
    "FLAGGED_ROW",
    "flagged_rows_styled",
    "REVIEW_TABLE_CSS",
    "review_table_html",
    "filter_rows",
    "review_frame",
    "decisions_csv",
    "safe_csv",
    "corpus_row",
    "corpus_error_row",
    "corpus_frame",
    "corpus_summary",
    "unit_shares_text",
]

DECISION_STATUSES: tuple[str, ...] = STATUSES


def chunk_key(chunk: Chunk) -> str:
    """The chunk's review key: :func:`~geochunk.view.selection.chunk_identity` (its own text
    range, feature ids and text kind), so a decision survives a re-chunk that leaves the chunk
    unchanged.

    >>> from geochunk.model import Chunk, Part
    >>> chunk_key(Chunk("doc", 7, 10, 20, 10, "x", 1, "t", "feature", "feature",
    ...                 part=Part("f1", 2, 3)))
    '10-20||source#part2'
    """
    return chunk_identity(chunk)


def chunks_frame(chunks: Sequence[Chunk], budget: int,
                 undrawn: Mapping[str, str] | None = None) -> pd.DataFrame:
    """One row per chunk: index, tokens, features, unit, text kind, flags, ids and offsets;
    with ``undrawn`` (feature id -> why the map cannot draw it), a "not drawn" column saying
    how many of the chunk's features the map leaves out, and why in short
    (:func:`undrawn_cell`; the chunk's detail gives each whole reason)."""
    rows = [
        {
            "chunk": c.index,
            "tokens": c.token_count,
            "features": len(c.features),
            "unit": c.unit,
            "kind": c.text_kind,
            "flags": fitted(c.flags, 24),
            "over budget": c.token_count > budget,
            "feature ids": fitted_ids(c),
            "start": c.start,
            "end": c.end,
        }
        for c in chunks
    ]
    columns = ["chunk", "tokens", "features", "unit", "kind", "flags", "over budget",
               "feature ids", "start", "end"]
    if undrawn:
        for row, c in zip(rows, chunks):
            row["not drawn"] = undrawn_cell([undrawn[i] for i in dict.fromkeys(
                f.id for f in c.features if f.id in undrawn)])
        columns.insert(columns.index("feature ids") + 1, "not drawn")
    return pd.DataFrame(rows, columns=columns)


#: Short names of the reasons a feature is not drawn (the text before the reason's first ":").
_UNDRAWN_KINDS = {"not parsed": "unparsed", "empty geometry": "empty",
                  "no position on the map": "no position"}


def undrawn_cell(reasons: Sequence[str]) -> str:
    """A "not drawn" table cell: how many features and the first kind of reason, "…" when
    there are more kinds (the chunk's detail lists each reason whole), so the 130 px cell is
    read whole at 1400 px (a parser's message runs to hundreds of characters).

    >>> undrawn_cell(["not parsed: unclosed POLYGON: no matching ')'", "not parsed: x"])
    '2: unparsed'
    >>> undrawn_cell(["not parsed: unclosed POLYGON", "empty geometry: nothing to draw"])
    '2: unparsed, …'
    >>> undrawn_cell([])
    ''
    """
    if not reasons:
        return ""
    kinds = list(dict.fromkeys(
        _UNDRAWN_KINDS.get(k := r.split(":", 1)[0].strip(), printable(k)[:12]) for r in reasons))
    return f"{len(reasons)}: {kinds[0]}" + (", …" if len(kinds) > 1 else "")


def filter_rows(chunks: Sequence[Chunk], *, find: str = "", flagged_only: bool = False) -> list[bool]:
    """Which chunks a table shows: those with a feature id containing ``find`` (case-blind;
    empty matches all) and, with ``flagged_only``, only chunks that need review.

    >>> from geochunk.model import Chunk, ChunkFeature
    >>> f = ChunkFeature("Parcel-0042", "source", "wkt", "POLYGON", 0, 1, 5)
    >>> cs = [Chunk("d", 0, 0, 1, 0, "x", 1, "t", "feature", "feature", features=(f,)),
    ...       Chunk("d", 1, 1, 2, 1, "y", 1, "t", "document", "paragraph", flags=("oversized",))]
    >>> filter_rows(cs, find="parcel-004"), filter_rows(cs, flagged_only=True)
    ([True, False], [False, True])
    """
    needle = find.strip().casefold()
    out = []
    for c in chunks:
        ok = not needle or any(needle in f.id.casefold() for f in c.features)
        out.append(ok and (not flagged_only or needs_review(c)))
    return out


def chunk_metadata(chunk: Chunk) -> dict[str, Any]:
    """The chunk's JSON dict without its text (shown beside the highlighted text).

    >>> from geochunk.model import Chunk
    >>> "text" in chunk_metadata(Chunk("d", 0, 0, 1, 0, "x", 1, "t", "document", "paragraph"))
    False
    """
    d = chunk.to_dict()
    d.pop("text", None)
    return printable_tree(d)


def review_frame(
    chunks: Sequence[Chunk], budget: int, decisions: Mapping[str, Decision] | None = None
) -> pd.DataFrame:
    """Flagged chunks only, with the reason for each and the reviewer's decision."""
    decisions = decisions or {}
    rows = []
    for c in chunks:
        if not needs_review(c):
            continue
        d = decisions.get(chunk_key(c), Decision())
        rows.append(
            {
                "chunk": c.index,
                "tokens": c.token_count,
                "flags": ", ".join(review_flags(c)),
                "reason": "; ".join(flag_reasons(c, budget)),
                "feature ids": feature_ids_text(c, 5, " … "),
                "decision": d.status,
                "note": d.note,
                "reviewer": d.reviewer,
                "decided at": d.decided_at,
                "key": chunk_key(c),
            }
        )
    columns = ["chunk", "tokens", "flags", "reason", "feature ids", "decision", "note",
               "reviewer", "decided at", "key"]
    return pd.DataFrame(rows, columns=columns)


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def _cell(value: Any) -> Any:
    """Neutralise spreadsheet formulas in text cells (CSV injection): a cell that starts, after
    any leading spaces, with ``= + - @``, a tab or a line break (or a full-width ``＝ ＋ － ＠``)
    gets a leading ``'``. Lone surrogates are shown as escapes."""
    if isinstance(value, str):
        value = printable(value)
        if value.lstrip(" ")[:1] in _FORMULA_STARTS:
            return "'" + value
    return value


def safe_csv(frame: pd.DataFrame) -> str:
    """``frame`` as CSV text (CRLF rows) with every text cell neutralised against spreadsheet
    formulas. Every CSV the app offers goes through here.

    >>> safe_csv(pd.DataFrame({"document": ["=HYPERLINK(1)", "a.md"], "n": [1, -2]})).splitlines()
    ['document,n', "'=HYPERLINK(1),1", 'a.md,-2']
    """
    buf = io.StringIO()
    # CRLF rows (RFC 4180): a text cell holding a CR or LF is then quoted, never split
    frame.map(_cell).to_csv(buf, index=False, lineterminator="\r\n")
    return buf.getvalue()


def decisions_csv(
    chunks: Sequence[Chunk],
    budget: int,
    decisions: Mapping[str, Decision],
    *,
    doc_id: str,
) -> str:
    """CSV of every flagged chunk with its decision and note (undecided ones included).

    >>> from geochunk.model import Chunk
    >>> c = Chunk("d", 0, 0, 1, 0, "x", 1, "t", "document", "paragraph", flags=("crs_flagged",))
    >>> decided = {chunk_key(c): Decision("accepted", "=ok")}
    >>> decisions_csv([c], 64, decided, doc_id="d").splitlines()[1]
    "d,0,0-1||source,0,1,1,,crs_flagged,accepted,'=ok,,,crs_flagged: no frame could be established,64"
    """
    frame = review_frame(chunks, budget, decisions)
    by_index = {c.index: c for c in chunks}
    out = pd.DataFrame(
        {
            "doc_id": doc_id,
            "chunk": frame["chunk"],
            "key": frame["key"],
            "start": [by_index[i].start for i in frame["chunk"]],
            "end": [by_index[i].end for i in frame["chunk"]],
            "tokens": frame["tokens"],
            "feature_ids": frame["feature ids"],
            "flags": frame["flags"],
            "decision": frame["decision"],
            "note": frame["note"],
            "reviewer": frame["reviewer"],
            "decided_at": frame["decided at"],
            "reason": frame["reason"],
            "budget": budget,
        }
    )
    return safe_csv(out)


@dataclass(frozen=True)
class CorpusRow:
    """One document's summary on the Corpus page."""

    document: str
    characters: int = 0
    tokens: int = 0
    features: int = 0
    density: float = math.nan
    band: str = ""
    strategy: str = ""
    chunks: int = 0
    oversize_rate: float = math.nan
    fallback_rate: float = math.nan  # needs_fallback share, apart from the oversized share
    feature_share: float = math.nan  # share of chunks per unit (feature / section / document)
    section_share: float = math.nan
    document_share: float = math.nan
    document_fallback: bool = False  # the whole document is one over-budget chunk
    flagged: int = 0
    flags: str = ""
    seconds: float = 0.0
    error: str = ""


def corpus_row(chunk_set: Any, seconds: float = 0.0) -> CorpusRow:
    """Summarise a pipeline ``ChunkSet`` (``.analysis``, ``.chunks``, ``.strategy``, ...)."""
    a = chunk_set.analysis
    counts: dict[str, int] = {}
    for c in chunk_set.chunks:
        for f in c.flags:
            counts[f] = counts.get(f, 0) + 1
    cfg = chunk_set.config
    return CorpusRow(
        document=a.doc_id,
        characters=len(a.text),
        tokens=a.total_tokens,
        features=len(a.features),
        density=chunk_set.density,
        band=density_strategy(chunk_set.density, cfg.paragraph_threshold, cfg.feature_threshold),
        strategy=chunk_set.strategy,
        chunks=len(chunk_set.chunks),
        oversize_rate=chunk_set.oversize_rate,
        fallback_rate=chunk_set.fallback_rate,
        feature_share=chunk_set.unit_shares["feature"],
        section_share=chunk_set.unit_shares["section"],
        document_share=chunk_set.unit_shares["document"],
        document_fallback=chunk_set.document_fallback,
        flagged=sum(1 for c in chunk_set.chunks if needs_review(c)),
        flags=", ".join(f"{k}×{v}" for k, v in sorted(counts.items())),
        seconds=seconds,
    )


def unit_shares_text(chunk_set: Any) -> str:
    """``units: feature 90.0%, section 10.0%, document 0.0%`` for one chunk set."""
    shares = chunk_set.unit_shares
    text = "units: " + ", ".join(f"{u} {v:.1%}" for u, v in shares.items())
    return text + ("; whole-document fallback" if chunk_set.document_fallback else "")


def corpus_summary(rows: Sequence[CorpusRow]) -> str:
    """One line over the corpus: unit shares and needs_fallback share (weighted by chunks) and
    the whole-document fallback rate (share of documents).

    >>> corpus_summary([CorpusRow("a", chunks=3, fallback_rate=1 / 3, feature_share=1.0,
    ...                           section_share=0.0, document_share=0.0),
    ...                 CorpusRow("b", chunks=1, fallback_rate=1.0, feature_share=0.0,
    ...                           section_share=0.0, document_share=1.0, document_fallback=True)])
    '2 documents, 4 chunks; units: feature 75.0%, section 0.0%, document 25.0%; needs fallback 50.0%; whole-document fallback 50.0% of documents'
    """
    ok = [r for r in rows if not r.error and r.chunks]
    n = sum(r.chunks for r in ok)
    if not n:
        return f"{len(ok)} documents, no chunks"

    def share(get: Callable[[CorpusRow], float]) -> float:
        return sum(get(r) * r.chunks for r in ok) / n

    units = ", ".join(
        f"{u} {share(lambda r, u=u: getattr(r, u + '_share')):.1%}" for u in ("feature", "section", "document")
    )
    docs = sum(r.document_fallback for r in ok) / len(ok)
    return (f"{len(ok)} documents, {n} chunks; units: {units}; needs fallback "
            f"{share(lambda r: r.fallback_rate):.1%}; whole-document fallback {docs:.1%} of documents")


def corpus_error_row(document: str, message: str) -> CorpusRow:
    """A row for a document that could not be read or chunked."""
    return CorpusRow(document=document, error=message)


def corpus_frame(rows: Sequence[CorpusRow]) -> pd.DataFrame:
    """The Corpus table: one row per document.

    >>> frame = corpus_frame([corpus_error_row("a.bin", "not UTF-8")])
    >>> frame[["document", "error"]].values.tolist()
    [['a.bin', 'not UTF-8']]
    """
    columns = list(CorpusRow.__dataclass_fields__)
    return pd.DataFrame([asdict(r) for r in rows], columns=columns)


#: The background of a flagged chunk's row in the app's tables (a pale red: trouble).
FLAGGED_ROW = "background-color: #fde2e1"


def flagged_rows_styled(frame: pd.DataFrame, flagged: Sequence[bool]) -> Any:
    """``frame`` as a pandas ``Styler`` whose flagged rows (``flagged``, one per row) have the
    :data:`FLAGGED_ROW` background.

    >>> styled = flagged_rows_styled(pd.DataFrame({"chunk": [0, 1]}), [False, True])
    >>> styled._compute().ctx[(1, 0)]
    [('background-color', '#fde2e1')]
    """
    marks = list(flagged)

    def row_style(row: pd.Series) -> list[str]:
        return [FLAGGED_ROW if marks[row.name] else ""] * len(row)

    return frame.reset_index(drop=True).style.apply(row_style, axis=1)


#: Styles of :func:`review_table_html` (fixed text).
REVIEW_TABLE_CSS = """<style>
.gc-review-box { max-height: 24rem; overflow-y: auto; border: 1px solid #ddd; border-radius: 4px; }
table.gc-review { width: 100%; table-layout: fixed; border-collapse: collapse; font-size: 0.82rem; line-height: 1.35; }
table.gc-review th { position: sticky; top: 0; background: #f5f5f5; text-align: left;
  font-weight: 600; padding: 4px 6px; border-bottom: 1px solid #ccc; font-size: 0.78rem; }
table.gc-review td { padding: 4px 6px; border-bottom: 1px solid #eee; vertical-align: top;
  overflow-wrap: break-word; }
table.gc-review td.num { text-align: right; white-space: nowrap; }
table.gc-review tr.undecided td { background: #fde2e1; }
table.gc-review tr.accepted td { background: #e3f4e1; }
table.gc-review tr.needs-work td { background: #fff1cc; }
</style>"""

_REVIEW_HEADS = {"chunk": "chunk", "tokens": "tokens", "flags": "flags", "reason": "reason",
                 "feature ids": "feature ids", "decision": "decision", "note": "note",
                 "reviewer": "by", "decided at": "when (UTC)"}
_REVIEW_WIDTHS = {"chunk": "6%", "tokens": "6%", "flags": "13%", "reason": "27%",
                  "feature ids": "12%", "decision": "9%", "note": "11%", "reviewer": "6%",
                  "decided at": "10%"}


def review_table_html(frame: pd.DataFrame) -> str:
    """:func:`review_frame` as an HTML table whose long text wraps (read whole at 1400 px, no
    sideways scrolling), rows tinted by decision; every cell escaped.

    >>> t = review_table_html(pd.DataFrame([{"chunk": 1, "tokens": 9, "flags": "oversized",
    ...     "reason": "<b>", "feature ids": "a", "decision": "undecided", "note": "",
    ...     "reviewer": "", "decided at": "", "key": "k"}]))
    >>> "&lt;b&gt;" in t, '<tr class="undecided">' in t
    (True, True)
    """
    cols = [c for c in _REVIEW_HEADS if c in frame.columns]
    head = "".join(f'<th style="width:{_REVIEW_WIDTHS[c]}">{_REVIEW_HEADS[c]}</th>' for c in cols)
    rows = []
    for rec in frame.to_dict("records"):
        decision = str(rec.get("decision", ""))
        cells = []
        for c in cols:
            v = rec[c]
            text = "" if v is None or (isinstance(v, float) and math.isnan(v)) else str(v)
            cls = ' class="num"' if c in ("chunk", "tokens") else ""
            cells.append(f"<td{cls}>{html.escape(printable(text))}</td>")
        rows.append(f'<tr class="{html.escape(decision.replace(" ", "-"))}">{"".join(cells)}</tr>')
    return (f'<div class="gc-review-box"><table class="gc-review"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')
