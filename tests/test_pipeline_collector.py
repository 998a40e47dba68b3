"""The cyclic garbage collector is paused while a document goes through the pipeline
(``pipeline._CollectorPaused``) and given back as it was; the pipeline leaves no cyclic garbage
for it to find (what makes pausing it safe)."""

from __future__ import annotations

import gc
import threading

import pytest

from geochunk import pipeline
from geochunk.model import ChunkConfig
from geochunk.pipeline import analyse, assemble, chunk_text
from geochunk.samples import list_samples, load_sample

TEXT = "Site A.\n\nPOINT (1 2)\nWell ID: W-7\n\nPOLYGON ((0 0, 1 0, 1 1, 0 0))\n"


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    (gc.enable if was else gc.disable)()


@pytest.fixture
def only_thread(monkeypatch):
    """The pause is taken only by a process's only thread; a test process has others alive
    (earlier tests' daemon threads): these tests stand in for the only thread."""
    monkeypatch.setattr(pipeline, "_only_thread", lambda: True)


def _watch(monkeypatch, name: str) -> list[bool]:
    """Record whether the collector is on each time ``pipeline.<name>`` is called."""
    seen: list[bool] = []
    real = getattr(pipeline, name)

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(pipeline, name, spy)
    return seen


def test_paused_inside_and_on_again_after(collector_on, only_thread, monkeypatch) -> None:
    in_detect = _watch(monkeypatch, "detect")
    in_pack = _watch(monkeypatch, "pack")
    a = analyse(TEXT, tokenize_in="inline")
    assert gc.isenabled()
    cs = assemble(a, ChunkConfig(budget=64))
    assert gc.isenabled() and cs.chunks
    assert in_detect == [False] and in_pack == [False]


def test_a_collector_that_was_off_stays_off(only_thread) -> None:
    was = gc.isenabled()
    gc.disable()
    try:
        chunk_text(TEXT, ChunkConfig(budget=64), tokenize_in="inline")
        assert not gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


def test_given_back_when_the_pipeline_raises(collector_on, only_thread, monkeypatch) -> None:
    """A document's own error (too many geometries) propagates; a failing detector is caught
    (the document is emitted whole, flagged): either way the collector is given back."""
    from geochunk.errors import GeochunkError

    with pytest.raises(GeochunkError, match="geometr"):
        analyse(TEXT, tokenize_in="inline", max_features=1)
    assert gc.isenabled()

    def boom(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(pipeline, "detect", boom)
    assert "detection_failed" in chunk_text(TEXT, ChunkConfig(budget=64), tokenize_in="inline").chunks[0].flags
    assert gc.isenabled()


def test_nested_and_threaded_calls_give_it_back_once_all_are_done(collector_on, only_thread) -> None:
    with pipeline._collector_paused:
        chunk_text(TEXT, ChunkConfig(budget=64), tokenize_in="inline")
        assert not gc.isenabled()  # the inner call did not switch it on under the outer one
    assert gc.isenabled()
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(5):
                chunk_text(TEXT, ChunkConfig(budget=64), tokenize_in="inline")
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and gc.isenabled()


@pytest.mark.parametrize("name", [s.name for s in list_samples()])
def test_no_cyclic_garbage_left_by_a_document(name: str) -> None:
    text = load_sample(name)
    chunk_text(text, ChunkConfig(budget=256), tokenize_in="inline")  # warm: caches filled once
    was = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        for budget in (64, 512):
            cs = chunk_text(text, ChunkConfig(budget=budget), tokenize_in="inline")
            assert cs.chunks
            del cs
        assert gc.collect() == 0  # every temporary was freed by its reference count
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs os.fork")
def test_a_process_forked_while_another_thread_is_inside_gets_it_back(collector_on, only_thread) -> None:
    import os

    # a thread that holds a pause while another runs stands for a thread started during a
    # pause (what a fork could catch)

    inside, leave = threading.Event(), threading.Event()

    def hold() -> None:
        with pipeline._collector_paused:
            inside.set()
            leave.wait(30)

    t = threading.Thread(target=hold)
    t.start()
    try:
        assert inside.wait(30) and not gc.isenabled()
        pid = os.fork()
        if pid == 0:  # the child has no holding thread: the collector is on, and calls work
            ok = gc.isenabled()
            chunk_text(TEXT, ChunkConfig(budget=64), tokenize_in="inline")
            os._exit(0 if ok and gc.isenabled() else 1)
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    finally:
        leave.set()
        t.join()
    assert gc.isenabled()


def test_left_alone_while_other_threads_run(collector_on, monkeypatch) -> None:
    """With another thread alive the process-wide switch is not flipped: two threads chunking
    in turn would keep it off, and one that saves and restores it could restore "off" for good
    (both seen when every call paused it)."""
    in_detect = _watch(monkeypatch, "detect")
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, args=(30,))
    other.start()
    try:
        chunk_text(TEXT, ChunkConfig(budget=64), tokenize_in="inline")
        assert in_detect == [True] and gc.isenabled()
        # a save/restore around our call in another thread ends with the collector on
        done = threading.Event()

        def chunk() -> None:
            chunk_text(TEXT, ChunkConfig(budget=64), tokenize_in="inline")
            done.set()

        worker = threading.Thread(target=chunk)
        was = gc.isenabled()
        gc.disable()
        worker.start()
        done.wait(30)
        (gc.enable if was else gc.disable)()
        worker.join()
        assert gc.isenabled()
    finally:
        stop.set()
        other.join()
