"""Run one function over many documents: in this process, in a local process pool, on a Dask
LocalCluster, or a cluster.

``workers <= 1`` and no scheduler: a plain loop. ``workers = N``: N worker processes on this
machine, by default (``pool="auto"``) **forked from this process after it has warmed** (where
``fork`` exists and this process runs no other thread): each starts with the tokenizer ranks,
frame indexes and model already loaded, and pays neither an interpreter start, nor imports,
nor a warm-up of its own; otherwise (or ``pool="dask"``) a ``dask.distributed`` LocalCluster
of N single-threaded worker processes bound to 127.0.0.1 (no dashboard), each warmed once at
start, closed afterwards. ``scheduler = "tcp://host:8786"``: an existing cluster. Results
always come back in input order, so the index written afterwards does not depend on which
worker finished first, nor on which kind of pool ran it.

>>> run_ordered(len, ["a", "bb", "ccc"])
[1, 2, 3]
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
import types
from typing import Any, Callable, Iterator, Sequence, TypeVar

from geochunk.errors import ConfigError, GeochunkError

__all__ = ["run_ordered", "stream_ordered", "batches", "Progress", "POOLS", "pool_kind"]

T = TypeVar("T")
R = TypeVar("R")

#: ``progress(done, total, label)`` after each item finishes.
Progress = Callable[[int, int, str], None]


def _dask_client(workers: int, scheduler: str | None) -> tuple[Any, Any]:
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise GeochunkError("parallel builds need dask: pip install 'distributed==2026.8.0'") from e
    if scheduler:
        return _connect(Client, scheduler), None
    with _plain_main():
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            # the scheduler's HTTP server always starts (health routes): on a free local port,
            # without the dashboard (a taken 8787 printed a warning on every run)
            dashboard_address="127.0.0.1:0",
            scheduler_kwargs={"dashboard": False},
            silence_logs=40,
        )
    return Client(cluster), cluster


#: seconds to reach a scheduler: a plain TCP connect first (a refused port fails at once), then Dask
SCHEDULER_TIMEOUT_S = 5.0


def scheduler_address(scheduler: str) -> tuple[str, int]:
    """``(host, port)`` of a ``tcp://host:port`` scheduler address, or a one-line ConfigError.

    >>> scheduler_address("tcp://127.0.0.1:8786")
    ('127.0.0.1', 8786)
    >>> scheduler_address("not an address")
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: --scheduler must be tcp://HOST:PORT (a running Dask scheduler), got 'not an address'
    """
    from urllib.parse import urlsplit

    from geochunk.text.terminal import shown

    bad = ConfigError(f"--scheduler must be tcp://HOST:PORT (a running Dask scheduler), got '{shown(scheduler)}'")
    try:
        parts = urlsplit(scheduler.strip() if "://" in scheduler else f"tcp://{scheduler.strip()}")
        port = parts.port
    except ValueError:
        raise bad from None
    if parts.scheme not in ("tcp", "tls") or not parts.hostname or port is None or parts.path not in ("", "/"):
        raise bad
    try:  # what the resolver would choke on with a UnicodeError: an empty or 64+ letter label,
        parts.hostname.encode("idna")  # a byte that was not UTF-8 (a surrogate)
    except UnicodeError:
        raise bad from None
    return parts.hostname, port


def _connect(client: Any, scheduler: str) -> Any:
    """A Dask client of the scheduler at ``scheduler``, or one GeochunkError saying what failed."""
    import socket

    from geochunk.text.terminal import shown

    host, port = scheduler_address(scheduler)
    where = f"the Dask scheduler at {shown(scheduler)}"
    try:
        socket.create_connection((host, port), timeout=SCHEDULER_TIMEOUT_S).close()
    except OSError as e:
        why = "timed out" if isinstance(e, TimeoutError) else (e.strerror or str(e))
        raise GeochunkError(f"cannot reach {where}: {why}") from None
    try:
        return client(scheduler, timeout=f"{SCHEDULER_TIMEOUT_S:g}s")
    except (OSError, ValueError, TypeError) as e:  # TimeoutError is an OSError
        raise GeochunkError(f"cannot connect to {where}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}") from None


@contextlib.contextmanager
def _plain_main() -> Iterator[None]:
    """Start worker processes without re-running the caller's ``__main__``.

    Spawned workers re-import the parent's ``__main__`` module by path. Under Streamlit (and its
    AppTest) ``__main__`` is the app script, so every worker would run the page and die
    ("Nanny failed to start"). Worker code lives in geochunk modules, so a bare ``__main__`` is
    all the workers need.
    """
    saved = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if saved is not None:
            sys.modules["__main__"] = saved


#: a batch of consecutive documents holds at most this many bytes (a larger document is alone) ...
BATCH_BYTES = 256 * 1024
#: ... and at most this many documents: one task is tens to hundreds of milliseconds of work,
#: so the scheduler's few milliseconds a task and the results' transfer stay small beside it
BATCH_ITEMS = 32
#: batches a worker has queued or running at once; with the ones waiting to be written in
#: order, the memory of a run is bounded by a few batches a worker, never the corpus
WINDOW_PER_WORKER = 3


def batches(sizes: Sequence[int], *, most_bytes: int = BATCH_BYTES, most_items: int = BATCH_ITEMS) -> list[range]:
    """Consecutive runs of items (input order kept) of at most ``most_bytes`` together and at most
    ``most_items`` items; an item larger than ``most_bytes`` is a batch of its own.

    >>> batches([10, 10, 10, 100, 5, 5], most_bytes=25)
    [range(0, 2), range(2, 3), range(3, 4), range(4, 6)]
    >>> batches([1] * 5, most_items=2)
    [range(0, 2), range(2, 4), range(4, 5)]
    """
    out: list[range] = []
    lo, held = 0, 0
    for i, size in enumerate(sizes):
        size = max(0, int(size))
        if i > lo and (held + size > most_bytes or i - lo >= most_items):
            out.append(range(lo, i))
            lo, held = i, 0
        held += size
    if lo < len(sizes):
        out.append(range(lo, len(sizes)))
    return out


def _run_batch(func: Callable[..., Any], batch: Sequence[Any], kwargs: dict[str, Any]) -> list[Any]:
    """One task: ``func`` over a batch of items, in order (runs on a worker)."""
    return [func(item, **kwargs) for item in batch]


def _run_batch_here(func: Callable[..., Any], batch: Sequence[Any], kwargs: dict[str, Any]) -> tuple[int, float, list[Any]]:
    """One task of the local pool: the batch's results, with the worker's pid and peak memory."""
    return os.getpid(), _peak_rss_mb(), _run_batch(func, batch, kwargs)


#: seconds between a forked worker's checks that the process that forked it still runs
PARENT_CHECK_S = 0.5


def _exit_with_parent(parent: int) -> None:
    """Initializer of a forked worker: exit as soon as ``parent`` (the process that forked it) is
    gone. A parent killed (``kill -9``, a SIGTERM, a CI timeout) runs no clean-up, and its
    workers would otherwise wait for tasks for ever, holding memory and its output pipes."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(1)

    threading.Thread(target=watch, name="geochunk-parent-watch", daemon=True).start()


#: ``pool=`` of :func:`stream_ordered` for ``workers > 1`` without a scheduler
POOLS = ("auto", "fork", "dask")


def pool_kind(pool: str = "auto") -> str:
    """The pool ``pool`` runs ``workers > 1`` in: ``"fork"`` (worker processes forked from this one
    after it warmed) or ``"dask"`` (a LocalCluster). ``"auto"`` is ``"fork"`` where the platform
    has it and this process runs only its main thread (forking a process with other threads
    running, such as a web app's, can copy a lock one of them holds), else ``"dask"``.

    >>> pool_kind("dask")
    'dask'
    >>> pool_kind("threads")
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: pool must be one of auto, fork, dask; got 'threads'
    """
    if pool not in POOLS:
        raise ConfigError(f"pool must be one of {', '.join(POOLS)}; got {pool!r}")
    import multiprocessing

    has_fork = "fork" in multiprocessing.get_all_start_methods()
    if pool == "fork" and not has_fork:
        raise ConfigError("pool 'fork' needs a platform that can fork processes; use pool 'dask'")
    if pool != "auto":
        return pool
    forkable = has_fork and threading.active_count() == 1
    return "fork" if forkable else "dask"


def _stream_windowed(submit: Callable[[list[Any]], Any], wait_one: Callable[[], Any], take: Callable[[Any], list[Any]],
                     cancel: Callable[[list[Any]], None], items: Sequence[Any], groups: list[range], window: int,
                     on_result: Callable[[int, Any], None] | None, progress: Progress | None,
                     labels: Sequence[str]) -> Iterator[tuple[int, Any]]:
    """The batches ``groups`` of ``items`` run as tasks, at most ``window`` queued or waiting
    to be yielded at once; results yielded in input order (``on_result`` and ``progress`` in the
    order they finish). ``submit(batch)`` returns a future, ``wait_one()`` the next one done,
    ``take(future)`` its results (re-raising the task's exception)."""
    total = len(items)
    live: dict[int, tuple[int, Any]] = {}  # id(future) -> (batch, future)
    ready: dict[int, list[Any]] = {}
    sent = yielded = done = 0

    def send() -> None:
        nonlocal sent
        while sent < len(groups) and sent - yielded < window:
            fut = submit([items[j] for j in groups[sent]])
            live[id(fut)] = (sent, fut)
            sent += 1

    try:
        send()
        while yielded < len(groups):
            while yielded not in ready:
                fut = wait_one()
                b, _ = live.pop(id(fut))
                results = take(fut)  # re-raises the task's exception here
                del fut
                ready[b] = results
                for j, res in zip(groups[b], results):
                    done += 1
                    if on_result:
                        on_result(j, res)
                    if progress:
                        progress(done, total, labels[j])
            results = ready.pop(yielded)
            first = groups[yielded].start
            yielded += 1
            send()
            for k, res in enumerate(results):
                yield first + k, res
    except BaseException:
        cancel([f for _, f in live.values()])
        raise


def _stream_forked(func: Callable[..., Any], items: Sequence[Any], groups: list[range], workers: int,
                   warm: Callable[[], Any] | None, on_result: Callable[[int, Any], None] | None,
                   progress: Progress | None, labels: Sequence[str], peaks: Callable[[dict[str, float]], None] | None,
                   kwargs: dict[str, Any]) -> Iterator[tuple[int, Any]]:
    """:func:`stream_ordered` on ``workers`` processes forked from this one once it has warmed."""
    import multiprocessing
    import queue
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    if warm is not None:
        warm()  # once, here: every worker is forked with what it loaded
    finished: queue.SimpleQueue[Any] = queue.SimpleQueue()
    worker_peaks: dict[int, float] = {}
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=_exit_with_parent, initargs=(os.getpid(),))
    try:
        def submit(batch: list[Any]) -> Any:
            fut = pool.submit(_run_batch_here, func, batch, kwargs)
            fut.add_done_callback(finished.put)
            return fut

        def take(fut: Any) -> list[Any]:
            try:
                pid, peak, results = fut.result()
            except BrokenProcessPool as e:
                raise GeochunkError(f"a worker process died ({e})") from None
            worker_peaks[pid] = max(peak, worker_peaks.get(pid, 0.0))
            return results

        def cancel(futs: list[Any]) -> None:
            for f in futs:
                f.cancel()

        yield from _stream_windowed(submit, finished.get, take, cancel, items, groups, WINDOW_PER_WORKER * workers,
                                    on_result, progress, labels)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    if peaks is not None:
        peaks({f"worker {k + 1}": mb for k, (_, mb) in enumerate(sorted(worker_peaks.items()))})


def _peak_rss_mb() -> float:
    """This process's peak resident memory in MB (Linux reports KB, macOS bytes)."""
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def stream_ordered(
    func: Callable[..., R],
    items: Sequence[Any],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    sizes: Sequence[int] | None = None,
    warm: Callable[[], Any] | None = None,
    progress: Progress | None = None,
    labels: Sequence[str] | None = None,
    on_result: Callable[[int, Any], None] | None = None,
    peaks: Callable[[dict[str, float]], None] | None = None,
    pool: str = "auto",
    **kwargs: Any,
) -> Iterator[tuple[int, R]]:
    """``(i, func(items[i], **kwargs))`` for every item, **in input order**, as soon as each is
    ready and all before it have been yielded; with ``workers > 1`` in a local pool (``pool``:
    see :func:`pool_kind` and the module docstring), with a ``scheduler`` on its Dask cluster.

    On workers, consecutive items are sent in batches (:func:`batches` of ``sizes``, the items'
    sizes in bytes; without them, :data:`BATCH_ITEMS` a batch), at most
    :data:`WINDOW_PER_WORKER` batches a worker are queued at once, and the next are sent as
    earlier ones are consumed: results stream to the caller and the corpus is never held.
    ``warm()`` (picklable: a module function or a ``functools.partial`` of one) runs once in
    each Dask worker when it starts (a worker plugin), or once here before the workers of a
    forked pool are started (or before the first item of an in-process run). ``on_result(i, result)`` and ``progress(done, total,
    label)`` are called as each item finishes, in the order they finish. ``peaks(mapping)``
    receives each worker's peak memory in MB (``"this process"`` for an in-process run) when
    the run ends. The first exception raised by ``func`` is re-raised here and the remaining
    tasks are cancelled.

    >>> list(stream_ordered(len, ["a", "bb"]))
    [(0, 1), (1, 2)]
    """
    if workers < 1:
        raise ConfigError(f"workers must be >= 1, got {workers}")
    kind = pool_kind(pool)  # a bad name fails before anything runs
    labels = list(labels) if labels is not None else [str(x) for x in items]
    total = len(items)
    if workers == 1 and not scheduler:
        if warm is not None and total:
            warm()
        for i, item in enumerate(items):
            result = func(item, **kwargs)
            if on_result:
                on_result(i, result)
            if progress:
                progress(i + 1, total, labels[i])
            yield i, result
        if peaks is not None:
            peaks({"this process": _peak_rss_mb()})
        return
    if not total:
        return
    groups = batches(sizes if sizes is not None else [0] * total,
                     most_bytes=BATCH_BYTES if sizes is not None else 1 << 62)
    if not scheduler and kind == "fork":
        yield from _stream_forked(func, items, groups, workers, warm, on_result, progress, labels, peaks, kwargs)
        return

    from dask.distributed import as_completed

    client, cluster = _dask_client(workers, scheduler)
    try:
        if warm is not None:
            from geochunk.retrieve._warmplugin import WarmPlugin

            client.register_plugin(WarmPlugin(warm), name=WarmPlugin.name)
        n_workers = max(1, sum(client.nthreads().values()) or workers)  # task slots of the cluster
        pending = as_completed()

        def submit(batch: list[Any]) -> Any:
            fut = client.submit(_run_batch, func, batch, kwargs, pure=False)
            pending.add(fut)
            return fut

        yield from _stream_windowed(submit, lambda: next(pending), lambda fut: fut.result(), client.cancel, items,
                                    groups, WINDOW_PER_WORKER * n_workers, on_result, progress, labels)
        if peaks is not None:
            peaks({str(w): float(mb) for w, mb in client.run(_peak_rss_mb).items()})
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def run_ordered(
    func: Callable[..., R],
    items: Sequence[Any],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
    labels: Sequence[str] | None = None,
    on_result: Callable[[int, Any], None] | None = None,
    sizes: Sequence[int] | None = None,
    warm: Callable[[], Any] | None = None,
    pool: str = "auto",
    **kwargs: Any,
) -> list[R]:
    """``[func(item, **kwargs) for item in items]``, possibly on Dask workers, in input order
    (:func:`stream_ordered` collected into a list).

    ``on_result(i, result)`` is called as each item finishes (before ``progress``), in the order
    they finish. The first exception raised by ``func`` is re-raised here (remaining tasks are
    cancelled).
    """
    out: list[Any] = [None] * len(items)
    for i, result in stream_ordered(func, items, workers=workers, scheduler=scheduler, progress=progress,
                                    labels=labels, on_result=on_result, sizes=sizes, warm=warm, pool=pool,
                                    **kwargs):
        out[i] = result
    return out
