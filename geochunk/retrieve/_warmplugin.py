"""The Dask worker plugin of :func:`geochunk.retrieve.parallel.stream_ordered` (a module of its
own: it imports ``distributed``, which only a cluster run needs)."""

from __future__ import annotations

from typing import Any, Callable

from distributed.diagnostics.plugin import WorkerPlugin

__all__ = ["WarmPlugin"]


class WarmPlugin(WorkerPlugin):
    """Calls ``warm()`` once when a worker starts (and on every worker already running when it
    is registered), so no task pays a worker's one-time loads (tokenizer ranks, frame index,
    embedding model)."""

    name = "geochunk-warm"

    def __init__(self, warm: Callable[[], Any]) -> None:
        self.warm = warm

    def setup(self, worker: Any) -> None:
        self.warm()
