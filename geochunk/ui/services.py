"""Cached service functions behind the pages: load, analyse, assemble, compare, export.

``analyse`` (detection, parsing, frames, tokenizing) runs once per document digest and
encoding; ``assemble`` once per digest and configuration. Both are kept with
``st.cache_resource`` (shared, never pickled) and keyed on the digest, the document text being
passed as an unhashed ``_text`` argument. So moving the budget slider only re-assembles.

>>> d = Document.from_text("POINT (1 2)", name="p.wkt", origin="paste")
>>> d.digest[:12], d.chars
('b44f192275df', 11)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import streamlit as st

from geochunk.split.baselines import SplitStats, compare, split_stats
from geochunk.model import Chunk, ChunkConfig
from geochunk.read.folders import FolderPolicy, list_folder
from geochunk.read.listing import DOCUMENT_SUFFIXES
from geochunk.view.corpus import CorpusJob, job_text, run_corpus_jobs
from geochunk.reviews import Decision, ReviewStore, default_path
from geochunk.read.source import document_digest
from geochunk.view.tables import CorpusRow

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "UPLOAD_TYPES",
    "Document",
    "read_upload",
    "sample_options",
    "sample_document",
    "get_analysis",
    "get_chunk_set",
    "display_cache",
    "get_sweep",
    "get_comparison",
    "export_jsonl",
    "export_geojson",
    "review_store",
    "review_decisions",
    "corpus_policy",
    "corpus_folder_jobs",
    "upload_jobs",
    "sample_jobs",
    "corpus_document",
    "run_corpus",
]

APP_DIR = Path(__file__).resolve().parents[2]

#: Largest document the app accepts (bytes). The upload widget's own cap is set higher in
#: ``.streamlit/config.toml`` so that this check, with its clearer message, is the one seen.
MAX_DOCUMENT_BYTES = 20 * 1024 * 1024
UPLOAD_TYPES: tuple[str, ...] = DOCUMENT_SUFFIXES  # the one list of document types


@dataclass(frozen=True)
class Document:
    """A loaded document: its name, text and sha256 digest (the cache key)."""

    name: str
    text: str
    digest: str
    origin: str  # "sample", "upload", "paste" or "path"

    @property
    def chars(self) -> int:
        return len(self.text)

    @classmethod
    def from_text(cls, text: str, *, name: str, origin: str) -> "Document":
        return cls(name=name, text=text, digest=document_digest(text), origin=origin)


def read_upload(data: bytes, name: str, origin: str = "upload") -> Document:
    """Bytes from an upload or a file -> :class:`Document`; :class:`InputError` with a clear
    message when the bytes are empty, not UTF-8 text, or over :data:`MAX_DOCUMENT_BYTES`. A
    PDF, HTML or .docx upload becomes the text it extracts to (:mod:`geochunk.read.extract`)."""
    from geochunk.read.extract import read_any

    text, _ = read_any(data, max_bytes=MAX_DOCUMENT_BYTES, name=name)
    return Document.from_text(text, name=name, origin=origin)


@st.cache_data(show_spinner=False)
def sample_options() -> dict[str, str]:
    """Bundled samples: name -> "title (filename)"."""
    from geochunk.samples import list_samples

    return {s.name: f"{s.title} ({s.filename})" for s in list_samples()}


@st.cache_resource(show_spinner=False, max_entries=16)
def sample_document(name: str) -> Document:
    """A bundled sample as a :class:`Document` (its filename is the document id)."""
    from geochunk.samples import list_samples, load_sample

    filename = {s.name: s.filename for s in list_samples()}.get(name, name)
    return Document.from_text(load_sample(name), name=filename, origin="sample")


@st.cache_resource(show_spinner="Analysing the document (tokenizing once)…", max_entries=8)
def _analysis(digest: str, encoding: str, doc_id: str, _text: str) -> Any:
    from geochunk.pipeline import analyse

    return analyse(_text, encoding=encoding, doc_id=doc_id)


def get_analysis(doc: Document, encoding: str) -> Any:
    """The pipeline ``Analysis`` of ``doc``, computed once per digest and encoding."""
    return _analysis(doc.digest, encoding, doc.name, doc.text)


@st.cache_resource(show_spinner=False, max_entries=64)
def _chunk_set(digest: str, config: ChunkConfig, _analysis: Any) -> Any:
    from geochunk.pipeline import assemble

    return assemble(_analysis, config)


def get_chunk_set(analysis: Any, config: ChunkConfig) -> Any:
    """The pipeline ``ChunkSet`` for ``config``, computed once per digest and configuration."""
    config = config.with_(encoding=analysis.encoding, doc_id=analysis.doc_id)
    return _chunk_set(analysis.digest, config, analysis)


@st.cache_resource(show_spinner="Sweeping budgets…", max_entries=16)
def _sweep(digest: str, config: ChunkConfig, budgets: tuple[int, ...], _analysis: Any) -> Any:
    from geochunk.sweep import budget_sweep

    return budget_sweep(_analysis, config, budgets)


def get_sweep(analysis: Any, config: ChunkConfig) -> tuple[Any, str]:
    """``(points, note)``: the budget sweep of the analysis under ``config``, cached per
    document and settings (not per budget: the current budget only adds its own point).
    ``generalize`` is swept as ``isolate`` (the same chunks and oversized share, without
    searching a simplification 20 times); the note says so."""
    from geochunk.sweep import sweep_budgets

    note = ""
    if config.oversize == "generalize":
        config = config.with_(oversize="isolate", tolerance=None)
        note = ("Swept with oversized features isolated: chunk counts and the oversized share "
                "are the same under generalize; the needs-fallback share is before generalizing.")
    base = config.with_(budget=16, encoding=analysis.encoding, doc_id=analysis.doc_id)
    grid = _sweep(analysis.digest, base, sweep_budgets(64), analysis)
    points = list(grid)
    if all(p.budget != config.budget for p in points):
        points += _sweep(analysis.digest, base, (config.budget,), analysis)
    return tuple(sorted(points, key=lambda p: p.budget)), note


@st.cache_resource(show_spinner=False, max_entries=16)
def display_cache(digest: str, encoding: str, display_max_vertices: int) -> dict[Any, Any]:
    """A per-document dict of display geometries (WGS 84, simplified), filled by the map."""
    return {}


@st.cache_resource(show_spinner="Running the naive splitters…", max_entries=32)
def _comparison(digest: str, config: ChunkConfig, _chunk_set: Any) -> tuple[SplitStats, ...]:
    budget = config.budget
    a = _chunk_set.analysis
    fixed, recursive = compare(a.text, a.detection, budget, a.counter, index=a.index)
    ours = split_stats(
        "geochunk",
        [(c.core_start, c.end) for c in _chunk_set.chunks],
        a.detection,
        budget,
        [c.token_count for c in _chunk_set.chunks],
    )
    return (fixed, recursive, ours)


def get_comparison(chunk_set: Any) -> tuple[SplitStats, ...]:
    """Fixed-token, recursive and geochunk stats for the chunk set's document and budget."""
    a = chunk_set.analysis
    # keyed on the whole config (strategy, overlap, context... change geochunk's row), and the
    # encoding, which the config carries
    return _comparison(a.digest, chunk_set.config.with_(doc_id=a.doc_id, encoding=a.encoding), chunk_set)


@st.cache_resource(show_spinner=False, max_entries=16)
def _jsonl(digest: str, config: ChunkConfig, _chunks: Sequence[Chunk]) -> str:
    from geochunk.export import to_jsonl

    return "".join(line if line.endswith("\n") else line + "\n" for line in to_jsonl(_chunks))


@st.cache_resource(show_spinner=False, max_entries=16)
def _geojson(digest: str, config: ChunkConfig, _chunks: Sequence[Chunk]) -> str:
    import json

    from geochunk.export import to_geojson

    return json.dumps(to_geojson(_chunks), ensure_ascii=False)


def export_jsonl(chunk_set: Any) -> str:
    """The chunks as JSON Lines."""
    return _jsonl(chunk_set.analysis.digest, chunk_set.config, chunk_set.chunks)


def export_geojson(chunk_set: Any) -> str:
    """The chunks as a GeoJSON FeatureCollection (one Feature per chunk)."""
    return _geojson(chunk_set.analysis.digest, chunk_set.config, chunk_set.chunks)


@st.cache_resource(show_spinner=False, max_entries=8)
def _review_store(path: str) -> ReviewStore:
    return ReviewStore(path)


def review_store() -> ReviewStore:
    """The app's review decisions database (``GEOCHUNK_REVIEW_DB`` or
    ``.geochunk/reviews.sqlite3`` beside the app), shared by every session."""
    return _review_store(str(default_path(APP_DIR)))


def review_decisions(store: ReviewStore, digest: str) -> dict[str, Decision]:
    """The stored decisions of a document (:class:`~geochunk.reviews.Decision`), keyed by
    chunk identity (read fresh on every run, so other tabs' decisions show up)."""
    return store.decisions(digest)


def corpus_policy() -> FolderPolicy | None:
    """The operator's folder policy (``GEOCHUNK_CORPUS_ROOTS``); ``None``: folder input is off.
    A misconfigured root raises :class:`~geochunk.errors.ConfigError` with a clear message."""
    return FolderPolicy.from_env(max_bytes=MAX_DOCUMENT_BYTES)


def corpus_folder_jobs(policy: FolderPolicy, folder: str) -> tuple[list[CorpusJob], str]:
    """Jobs for the readable files of a visitor's folder, and a one-line summary;
    :class:`~geochunk.errors.InputError` when the folder is refused."""
    listing = list_folder(policy, folder)
    jobs = [CorpusJob(f.name, file=f, policy=policy, max_bytes=MAX_DOCUMENT_BYTES)
            for f in listing.files]
    return jobs, listing.message()


def upload_jobs(uploads: Sequence[Any] | None) -> list[CorpusJob]:
    """Jobs for the Corpus page's uploaded files (``UploadedFile``: ``.name``, ``.getvalue()``),
    each read later with the app's size cap."""
    return [CorpusJob(f.name, data=f.getvalue(), max_bytes=MAX_DOCUMENT_BYTES)
            for f in uploads or []]


def sample_jobs() -> list[CorpusJob]:
    """One job per bundled sample, named by its file name."""
    return [CorpusJob(sample_document(n).name, sample=n) for n in sample_options()]


def corpus_document(job: CorpusJob) -> Document:
    """The :class:`Document` of a corpus job, to open it in the Inspector or Review."""
    if job.sample is not None:
        return sample_document(job.sample)
    return Document.from_text(job_text(job), name=job.name, origin="upload")


def run_corpus(
    jobs: Sequence[CorpusJob],
    config: ChunkConfig,
    on_progress: Callable[[int, int, str], None] | None = None,
) -> list[CorpusRow]:
    """One :class:`CorpusRow` per job (several processes when it pays); a document that fails
    gets a row with the error and the run goes on."""
    return run_corpus_jobs(jobs, config, on_progress)
