"""Chunk many documents for the Corpus table, on several cores when it pays.

A :class:`CorpusJob` names one document and where its bytes come from (an upload's bytes, a
file listed by :mod:`geochunk.read.folders`, or a bundled sample), so it can be sent to a worker
process. :func:`run_corpus_jobs` reads, analyses and assembles each job and returns one
:class:`~geochunk.view.tables.CorpusRow` per job, in the jobs' order; a document that fails gets
a row with the error and the run goes on. Jobs run in a process pool (``forkserver``: no
threads are forked) when there are several and enough bytes to repay the workers' start-up.

>>> rows = run_corpus_jobs([CorpusJob("a.wkt", data=b"Site.\\n\\nPOINT (1 2)\\n"),
...                         CorpusJob("bad.txt", data=b"")], ChunkConfig(budget=64))
>>> [(r.document, r.features, bool(r.error)) for r in rows]
[('a.wkt', 1, False), ('bad.txt', 0, True)]
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
import types
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Callable, Sequence

from geochunk.errors import GeochunkError
from geochunk.read.folders import FolderFile, FolderPolicy, read_file
from geochunk.model import ChunkConfig
from geochunk.view.messages import error_line
from geochunk.view.tables import CorpusRow, corpus_error_row, corpus_row

__all__ = ["CorpusJob", "PARALLEL_MIN_BYTES", "job_text", "summarise_job", "corpus_workers", "run_corpus_jobs"]

#: Below this much input in total, one process is faster than starting workers (each worker
#: loads the tokenizer: ~1-2 s on a busy 2-core machine).
PARALLEL_MIN_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class CorpusJob:
    """One document: exactly one of ``data`` (bytes), ``file`` (+ ``policy``) or ``sample``."""

    name: str
    data: bytes | None = None
    file: FolderFile | None = None
    policy: FolderPolicy | None = None
    sample: str | None = None
    max_bytes: int = 20 * 1024 * 1024

    @property
    def size(self) -> int:
        """Bytes to read (a sample counts as 64 kB: its size is not known without loading)."""
        if self.data is not None:
            return len(self.data)
        if self.file is not None:
            return self.file.size
        return 64 * 1024


def job_text(job: CorpusJob) -> str:
    """The text of a job, read with the same checks as an upload (PDF, HTML and .docx
    extracted)."""
    from geochunk.read.extract import read_any

    if job.sample is not None:
        from geochunk.samples import load_sample

        return load_sample(job.sample)
    if job.file is not None and job.policy is not None:
        data = read_file(job.policy, job.file)
    elif job.data is not None:
        data = job.data
    else:
        raise GeochunkError(f"{job.name}: nothing to read")
    return read_any(data, max_bytes=job.max_bytes, name=job.name)[0]


def summarise_job(job: CorpusJob, config: ChunkConfig) -> CorpusRow:
    """Read, analyse and assemble one job (in whatever process runs it)."""
    from geochunk.pipeline import analyse, assemble

    t0 = time.perf_counter()
    try:
        text = job_text(job)
        a = analyse(text, encoding=config.encoding, doc_id=job.name, max_features=config.max_features)
        cs = assemble(a, config.with_(doc_id=job.name))
        return corpus_row(cs, time.perf_counter() - t0)
    except GeochunkError as exc:
        known = (job.file.path, job.file.root) if job.file is not None else ()
        return corpus_error_row(job.name, error_line(exc, paths=known))  # never a server path


def corpus_workers(jobs: Sequence[CorpusJob], cpus: int | None = None) -> int:
    """How many worker processes to use: 1 unless several jobs carry enough bytes.

    >>> corpus_workers([CorpusJob("a", data=b"x")] * 8, cpus=4)
    1
    >>> corpus_workers([CorpusJob("a", data=b"x" * 600_000 * 8)] * 8, cpus=4)
    4
    """
    cpus = cpus if cpus is not None else (os.cpu_count() or 1)
    if len(jobs) < 2 or sum(j.size for j in jobs) < PARALLEL_MIN_BYTES:
        return 1
    return max(1, min(cpus, len(jobs), 8))


def run_corpus_jobs(
    jobs: Sequence[CorpusJob],
    config: ChunkConfig,
    on_progress: Callable[[int, int, str], None] | None = None,
    *,
    workers: int | None = None,
) -> list[CorpusRow]:
    """One row per job, in order; ``on_progress(done, total, name)`` after each document."""
    jobs = list(jobs)
    n = corpus_workers(jobs) if workers is None else max(1, workers)
    rows: list[CorpusRow | None] = [None] * len(jobs)
    if n == 1:
        for k, job in enumerate(jobs):
            rows[k] = summarise_job(job, config)
            if on_progress is not None:
                on_progress(k + 1, len(jobs), job.name)
        return [r for r in rows if r is not None]
    finished: set[int] = set()
    try:
        _run_pool(jobs, config, n, rows, finished, on_progress)
    except (BrokenProcessPool, OSError):  # workers could not start: finish in this process
        pass
    for k, job in enumerate(jobs):
        if k not in finished:
            rows[k] = summarise_job(job, config)
            finished.add(k)
            if on_progress is not None:
                on_progress(len(finished), len(jobs), job.name)
    return [r for r in rows if r is not None]


def _run_pool(
    jobs: Sequence[CorpusJob],
    config: ChunkConfig,
    n: int,
    rows: list[CorpusRow | None],
    finished: set[int],
    on_progress: Callable[[int, int, str], None] | None,
) -> None:
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    with ProcessPoolExecutor(max_workers=n, mp_context=ctx) as pool:
        # workers start on the first submits; under Streamlit ``__main__`` is the running page,
        # which a spawned child would re-run: start them with a bare main module instead
        main = sys.modules.get("__main__")
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            futures: dict[Future[CorpusRow], int] = {
                pool.submit(summarise_job, job, config): k for k, job in enumerate(jobs)
            }
        finally:
            if main is not None:
                sys.modules["__main__"] = main
        for fut in as_completed(futures):
            k = futures[fut]
            rows[k] = fut.result()  # BrokenProcessPool propagates: the caller finishes serially
            finished.add(k)
            if on_progress is not None:
                on_progress(len(finished), len(jobs), jobs[k].name)
