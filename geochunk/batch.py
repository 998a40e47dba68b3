"""Chunk a corpus: one document a task, in this process or on Dask workers, results in order.

``geochunk chunk DIR --workers N`` (or ``--scheduler tcp://HOST:PORT``) runs
:func:`chunk_item` on each document; :func:`chunk_corpus` streams the results back in input
order (:func:`geochunk.retrieve.parallel.stream_ordered`: batched by size, a few batches a
worker in flight, each worker warmed once by :func:`geochunk.warm.warm_process`), so the output
and the messages are those of one process, byte for byte, and the corpus is never held in
memory. :func:`chunk_one` is the one per-document step (reading aside) that the command's
one-process path shares, so both word a failure or a warning the same way.

>>> [r.status for r in chunk_corpus([("a.md", None, "Site: POINT (1 2)")], ChunkConfig(budget=16))]
['chunked']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from geochunk.errors import GeochunkError, InputError
from geochunk.model import Chunk, ChunkConfig

__all__ = ["DocumentResult", "CorpusReport", "chunk_one", "chunk_item", "chunk_corpus"]


@dataclass(frozen=True)
class DocumentResult:
    """One document's outcome: ``status`` ``"chunked"`` or ``"failed"`` (``reason`` then says
    why), its chunks (or their JSON Lines, ``lines``, when asked for), and the lines the
    command prints on stderr for it, in order (warnings, the failure)."""

    doc_id: str
    status: str
    chunks: tuple[Chunk, ...] = ()
    lines: tuple[str, ...] = ()
    messages: tuple[str, ...] = ()
    reason: str | None = None


def chunk_one(doc_id: str, text: str, extracted: Any, config: ChunkConfig,
              tokenize_in: str | None = None) -> tuple[Any, tuple[str, ...], str | None]:
    """``(chunk_set or None, messages, failure reason or None)`` for one document read.
    ``tokenize_in`` is passed to :func:`~geochunk.pipeline.chunk_text` (where it has no effect).

    >>> cs, messages, why = chunk_one("a.md", "POINT (1 2)", None, ChunkConfig(budget=16))
    >>> len(cs.chunks), messages, why
    (1, (), None)
    """
    from geochunk import pipeline

    try:
        where = {"tokenize_in": tokenize_in} if tokenize_in is not None else {}
        chunk_set = pipeline.chunk_text(text, config.with_(doc_id=doc_id), **where)
        if extracted is not None:
            from dataclasses import replace

            from geochunk.read.extract import locate

            chunk_set = replace(chunk_set, chunks=tuple(locate(chunk_set.chunks, extracted)))
    except GeochunkError as e:
        return None, (f"geochunk: {doc_id}: {e}",), str(e)
    except Exception as e:  # noqa: BLE001 - reported, and the run goes on
        # a bug must not cost the other documents of the run: one line, carry on
        why = f"internal error ({type(e).__name__}: {e}); please report it with the document"
        return None, (f"geochunk: {doc_id}: {why}",), why
    messages = []
    if chunk_set.analysis.token_outage is not None:
        n = sum("token_estimate" in c.flags for c in chunk_set.chunks)
        messages.append(f"geochunk: {doc_id}: warning: {chunk_set.analysis.token_outage}; {n} chunk(s) "
                        "counted by the estimate (flag token_estimate; --strict-tokens fails instead)")
    if chunk_set.analysis.detection_error is not None:
        messages.append(f"geochunk: {doc_id}: warning: detection failed ({chunk_set.analysis.detection_error}); "
                        "the document is one chunk, uncut (flag detection_failed)")
    return chunk_set, tuple(messages), None


def chunk_item(item: tuple[str, str | None, str | None], *, config: ChunkConfig,
               max_bytes: int | None = None, as_lines: bool = False,
               tokenize_in: str | None = None) -> DocumentResult:
    """One task: ``(doc_id, path, text)`` (``text`` given: a document already read, e.g. stdin;
    else ``path`` is read, a PDF, HTML or .docx file through :mod:`geochunk.read.extract`) chunked.
    With ``as_lines`` the chunks come back as their JSON Lines (serialised on the worker)."""
    from geochunk.read.extract import read_any

    doc_id, path, text = item
    extracted = None
    if text is None:
        try:
            text, extracted = read_any(path, max_bytes=max_bytes)
        except InputError as e:
            return DocumentResult(doc_id, "failed", messages=(f"geochunk: {e}",), reason=str(e))
    chunk_set, messages, why = chunk_one(doc_id, text, extracted, config, tokenize_in)
    if chunk_set is None:
        return DocumentResult(doc_id, "failed", messages=messages, reason=why)
    if as_lines:
        from geochunk.export import to_jsonl

        return DocumentResult(doc_id, "chunked", lines=tuple(to_jsonl(chunk_set.chunks)), messages=messages)
    return DocumentResult(doc_id, "chunked", chunks=chunk_set.chunks, messages=messages)


def _size(item: tuple[str, str | None, str | None]) -> int:
    import os

    _, path, text = item
    if text is not None:
        return len(text)
    try:
        return os.path.getsize(path) if path else 0
    except OSError:
        return 0


def chunk_corpus(
    items: Sequence[tuple[str, str | None, str | None]],
    config: ChunkConfig,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    max_bytes: int | None = None,
    as_lines: bool = False,
    tokenize_in: str | None = None,
    progress: Callable[[int, int, str], None] | None = None,
    outcome: Callable[[str, str], None] | None = None,
) -> Iterator[DocumentResult]:
    """:func:`chunk_item` over ``items`` (``(doc_id, path, text)``), in input order, in this
    process (``workers=1``, no scheduler) or on Dask workers (a LocalCluster of ``workers``
    processes, or the cluster at ``scheduler``). ``outcome(doc_id, status)`` and
    ``progress(done, total, doc_id)`` are called as each document finishes."""
    from functools import partial

    from geochunk.retrieve.parallel import stream_ordered
    from geochunk.warm import warm_process

    labels = [doc_id for doc_id, _, _ in items]

    def finished(i: int, res: DocumentResult) -> None:
        if outcome is not None:
            outcome(res.doc_id, res.status)

    parallel = workers > 1 or bool(scheduler)
    for _, res in stream_ordered(
        chunk_item, items, workers=workers, scheduler=scheduler,
        sizes=[_size(item) for item in items] if parallel else None,
        warm=partial(warm_process, config.encoding) if parallel else None,
        progress=progress, labels=labels, on_result=finished,
        config=config, max_bytes=max_bytes, as_lines=as_lines, tokenize_in=tokenize_in,
    ):
        yield res


@dataclass(frozen=True)
class CorpusReport:
    """What ``geochunk chunk`` did with each document, in the shape of the index's build report:
    a count per outcome, then the documents that failed or were skipped, each with the reason.

    >>> print("\\n".join(CorpusReport(chunked=("a.md",), chunks=3, failed=(("b.md", "empty"),)).lines()))
    chunk report:
      chunked         1  (3 chunks)
      failed          1
      skipped         0
    failed:
      b.md: empty
    """

    chunked: tuple[str, ...] = ()
    chunks: int = 0
    failed: tuple[tuple[str, str], ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()

    def lines(self, *, limit: int = 20) -> list[str]:
        """The report's lines (at most ``limit`` documents listed under each heading)."""
        from geochunk.text.terminal import listed, shown

        out = [
            "chunk report:",
            f"  chunked    {len(self.chunked):>6}  ({self.chunks} chunks)",
            f"  failed     {len(self.failed):>6}",
            f"  skipped    {len(self.skipped):>6}",
        ]
        for title, pairs in (("failed", self.failed), ("skipped", self.skipped)):
            out += listed(title, pairs, limit, shown)
        return out
