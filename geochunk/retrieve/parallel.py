"""Run one function over many documents: in this process, on a Dask LocalCluster, or a cluster.

``workers <= 1`` and no scheduler: a plain loop. ``workers = N``: a ``dask.distributed``
LocalCluster of N single-threaded worker processes bound to 127.0.0.1 (no dashboard), closed
afterwards. ``scheduler = "tcp://host:8786"``: an existing cluster. Results always come back in
input order, so the index written afterwards does not depend on which worker finished first.

>>> run_ordered(len, ["a", "bb", "ccc"])
[1, 2, 3]
"""

from __future__ import annotations

import contextlib
import sys
import types
from typing import Any, Callable, Iterator, Sequence, TypeVar

from ..errors import ConfigError, GeochunkError

__all__ = ["run_ordered", "Progress"]

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
            dashboard_address=None,
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

    from ..terminal import shown

    bad = ConfigError(f"--scheduler must be tcp://HOST:PORT (a running Dask scheduler), got '{shown(scheduler)}'")
    try:
        parts = urlsplit(scheduler.strip() if "://" in scheduler else f"tcp://{scheduler.strip()}")
        port = parts.port
    except ValueError:
        raise bad from None
    if parts.scheme not in ("tcp", "tls") or not parts.hostname or port is None or parts.path not in ("", "/"):
        raise bad
    return parts.hostname, port


def _connect(client: Any, scheduler: str) -> Any:
    """A Dask client of the scheduler at ``scheduler``, or one GeochunkError saying what failed."""
    import socket

    from ..terminal import shown

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


def run_ordered(
    func: Callable[..., R],
    items: Sequence[Any],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
    labels: Sequence[str] | None = None,
    on_result: Callable[[int, Any], None] | None = None,
    **kwargs: Any,
) -> list[R]:
    """``[func(item, **kwargs) for item in items]``, possibly on Dask workers, in input order.

    ``on_result(i, result)`` is called as each item finishes (before ``progress``), in the order
    they finish. The first exception raised by ``func`` is re-raised here (remaining tasks are
    cancelled).
    """
    if workers < 1:
        raise ConfigError(f"workers must be >= 1, got {workers}")
    labels = list(labels) if labels is not None else [str(x) for x in items]
    total = len(items)
    if workers == 1 and not scheduler:
        out = []
        for i, item in enumerate(items):
            out.append(func(item, **kwargs))
            if on_result:
                on_result(i, out[-1])
            if progress:
                progress(i + 1, total, labels[i])
        return out

    from dask.distributed import as_completed

    client, cluster = _dask_client(workers, scheduler)
    try:
        futures = [client.submit(func, item, pure=False, **kwargs) for item in items]
        where = {f.key: i for i, f in enumerate(futures)}
        results: list[Any] = [None] * total
        done = 0
        try:
            for fut in as_completed(futures):
                i = where[fut.key]
                results[i] = fut.result()  # re-raises the task's exception here
                done += 1
                if on_result:
                    on_result(i, results[i])
                if progress:
                    progress(done, total, labels[i])
        except BaseException:
            client.cancel(futures)
            raise
        return results
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
