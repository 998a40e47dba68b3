"""The tokenizer worker process builds exactly the in-process token index, and any failure of
it (killed, stopped, a failed reply) falls back to tokenizing in this process with the same
result. The worker is a real process: it is killed and stopped with real signals. One warm
worker is shared by the module (a start costs ~0.5-1 s)."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import threading
import time
import warnings

import numpy as np
import pytest

from geochunk.tokens import worker as tw
from geochunk.errors import ConfigError
from geochunk.model import ChunkConfig
from geochunk.pipeline import analyse, assemble
from geochunk.samples import list_samples, load_sample
from geochunk.tokens.counting import TokenIndex, get_counter

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the worker runs on POSIX only")

CL100K = get_counter("cl100k_base")
REAL = CL100K.tiktoken_encoding is not None


@pytest.fixture(scope="module")
def worker():
    """A warm worker for the module's tests; stopped afterwards (so other modules start cold)."""
    if not REAL:
        pytest.skip("the real cl100k_base ranks are not loadable here")
    tw.shutdown()
    tw._STATE.update(failures=0, off=None)
    assert tw.warm("cl100k_base", wait=60.0), tw._STATE["off"]
    yield
    tw.shutdown()
    tw._STATE.update(failures=0, off=None)


def _same(a: TokenIndex, b: TokenIndex) -> None:
    """The two indexes are the same index (arrays, dtypes, flags, clean positions, counts)."""
    assert a.text == b.text and a.counter is b.counter
    assert a._prefix.base.dtype == b._prefix.base.dtype
    assert a._prefix.delta.dtype == b._prefix.delta.dtype
    assert np.array_equal(a._prefix.base, b._prefix.base)
    assert np.array_equal(a._prefix.delta, b._prefix.delta)
    assert np.array_equal(a._prefix.extra, b._prefix.extra)  # the bits form's blocks of offsets
    assert a._prefix.length == b._prefix.length
    assert (a._per_token, a._inner, a.total) == (b._per_token, b._inner, b.total)
    n = len(a.text)
    probe = sorted({0, n, *range(0, n + 1, max(1, n // 97))})
    assert [a.is_clean(p) for p in probe] == [b.is_clean(p) for p in probe]


def _in_worker(counter, text: str) -> TokenIndex:
    ahead = tw.tokenize_ahead(counter, text, "process")
    assert ahead.in_worker, tw._STATE["off"]
    index = ahead.index()
    assert ahead.fallback is None
    return index


GENERATED = {
    "empty": "",
    "one char": "x",
    "crlf": "Site A\r\nPOINT (1 2)\r\n\r\nWell: W-7\r\n" * 300,
    "lone cr": "a\rb\r\r\nc " * 500,
    "non-bmp": "Plot 😀 at POINT (1 2) 𝔘𝔫𝔦 — ñ\n" * 400,
    "surrogates": "pair \ud83d\ude00 lone \udc00 high \ud800\nPOINT (1 2)\n" * 300,
    "cjk and combining": "東京 e\u0301 \u200b\u3000 ①\n" * 500,
    "no clean position": "9" * 300_000,
    "long lines": ("LINESTRING (" + ", ".join(f"{i}.5 {i}.25" for i in range(40_000)) + ")\n") * 2,
    "special tokens": "<|endoftext|> and <|fim_prefix|>\n" * 100,
}


@pytest.mark.parametrize("name", [s.name for s in list_samples()])
def test_worker_index_is_the_in_process_index_on_every_sample(worker, name: str) -> None:
    text = load_sample(name)
    _same(_in_worker(CL100K, text), CL100K.index(text))


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_worker_index_is_the_in_process_index_on_generated_documents(worker, name: str) -> None:
    text = GENERATED[name]
    _same(_in_worker(CL100K, text), CL100K.index(text))


def test_worker_loads_o200k_on_request_and_builds_its_index(worker) -> None:
    o200k = get_counter("o200k_base")
    assert tw.warm("o200k_base", wait=60.0)
    text = GENERATED["non-bmp"] + load_sample("mixed_report")
    _same(_in_worker(o200k, text), o200k.index(text))


@pytest.mark.parametrize("name", ["land_use_appendix", "encodings_report"])
def test_chunks_are_the_same_whichever_process_tokenized(worker, name: str) -> None:
    text = load_sample(name)
    cfg = ChunkConfig(budget=256, overlap=32)
    inline = assemble(analyse(text, tokenize_in="inline"), cfg)
    process = assemble(analyse(text, tokenize_in="process"), cfg)
    assert [c.to_dict() for c in process.chunks] == [c.to_dict() for c in inline.chunks]


def test_killed_worker_falls_back_to_the_same_index_and_is_replaced(worker) -> None:
    text = load_sample("land_use_appendix")
    ahead = tw.tokenize_ahead(CL100K, text, "process")
    assert ahead.in_worker
    pid = tw.worker_pid()
    os.kill(pid, signal.SIGKILL)  # the real worker, mid-document
    _same(ahead.index(), CL100K.index(text))
    assert ahead.fallback is not None and tw.worker_pid() != pid
    # killed while idle: the next document finds it dead, the same chunks come out
    assert tw.warm(wait=60.0)
    pid = tw.worker_pid()
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    cfg = ChunkConfig(budget=512)
    got = assemble(analyse(text, tokenize_in="process"), cfg)
    assert [c.to_dict() for c in got.chunks] == [c.to_dict() for c in assemble(analyse(text, tokenize_in="inline"), cfg).chunks]
    assert tw.worker_pid() not in (None, pid)
    _same(_in_worker(CL100K, text), CL100K.index(text))  # the replacement works
    assert tw._STATE["failures"] == 0 and tw._STATE["off"] is None


def test_stopped_worker_times_out_and_falls_back(worker, monkeypatch) -> None:
    text = load_sample("mixed_report")  # fits a default 64 KB pipe (no F_SETPIPE_SZ needed)
    assert len(text.encode("utf-8")) < 60_000
    assert tw.warm(wait=60.0)
    pid = tw.worker_pid()
    monkeypatch.setattr(tw, "reply_timeout", lambda chars: 0.5)  # the policy knob, not the worker
    os.kill(pid, signal.SIGSTOP)
    try:
        ahead = tw.tokenize_ahead(CL100K, text, "process")
        assert ahead.in_worker  # the text fits the pipe; the reply never comes
        _same(ahead.index(), CL100K.index(text))
        assert "in time" in ahead.fallback
    finally:
        try:
            os.kill(pid, signal.SIGCONT)
        except ProcessLookupError:
            pass
    assert tw.worker_pid() != pid  # killed, not reused: its reply would be out of step
    monkeypatch.undo()
    _same(_in_worker(CL100K, text), CL100K.index(text))


def test_a_failed_reply_is_an_error_and_the_worker_keeps_serving(worker) -> None:
    assert tw.warm(wait=60.0)
    w = tw._STATE["worker"]
    deadline = time.monotonic() + 30.0
    with tw._LOCK:  # a request whose length is a lie: the worker answers with its error
        w._send({"op": "index", "id": -1, "encoding": "cl100k_base", "nbytes": 3, "chars": 5}, b"abc", deadline=deadline)
        with pytest.raises(tw._WorkerError, match="3 characters arrived, 5 were sent"):
            w.collect(-1, 5, deadline=deadline)
        w.pending = None
    _same(_in_worker(CL100K, load_sample("sql_dump")), CL100K.index(load_sample("sql_dump")))


def test_one_document_at_a_time_and_an_abandoned_reply_is_drained(worker) -> None:
    text = load_sample("parcels")
    first = tw.tokenize_ahead(CL100K, text, "process")
    second = tw.tokenize_ahead(CL100K, text, "process")
    assert first.in_worker and not second.in_worker  # the worker is busy: tokenized here
    _same(second.index(), first.index())
    abandoned = tw.tokenize_ahead(CL100K, text, "process")
    assert abandoned.in_worker
    del abandoned  # e.g. detection raised: nobody collects this reply
    gc.collect()
    for _ in range(600):  # its reply is read and dropped once it arrives
        later = tw.tokenize_ahead(CL100K, text, "process")
        if later.in_worker:
            break
        later.index()
        time.sleep(0.05)
    assert later.in_worker
    _same(later.index(), CL100K.index(text))


def test_policy_values_and_errors(monkeypatch) -> None:
    monkeypatch.delenv(tw.ENV_VAR, raising=False)
    assert tw.resolve_policy() == "auto"
    monkeypatch.setenv(tw.ENV_VAR, " Inline ")
    assert tw.resolve_policy() == "inline" and tw.resolve_policy("process") == "process"
    monkeypatch.setenv(tw.ENV_VAR, "threads")  # a typo in the environment: a warning (once), auto
    monkeypatch.setattr(tw, "_WARNED_ENV", set())
    with pytest.warns(UserWarning, match="unknown GEOCHUNK_TOKENIZE_IN 'threads' ignored .*valid values: auto, process, inline"):
        assert analyse("POINT (1 2)").index.total == analyse("POINT (1 2)", tokenize_in="inline").index.total
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert tw.resolve_policy() == "auto"  # warned once, not on every document
    with pytest.raises(ConfigError, match="unknown tokenize_in 'fork'"):
        analyse("POINT (1 2)", tokenize_in="fork")
    with pytest.raises(ConfigError, match="must be a str"):
        tw.resolve_policy(2)  # type: ignore[arg-type]


def test_other_counters_never_leave_the_process(worker) -> None:
    text = load_sample("land_use_appendix")
    for counter in (get_counter(len), get_counter(lambda s: len(s.split())), tw.get_counter(CL100K.tiktoken_encoding)):
        assert not tw.eligible(counter)
        ahead = tw.tokenize_ahead(counter, text, "process")
        assert not ahead.in_worker
        assert ahead.index().total == counter.index(text).total


def test_auto_uses_only_a_warm_worker_and_only_for_large_documents(monkeypatch) -> None:
    if not REAL:
        pytest.skip("the real cl100k_base ranks are not loadable here")
    monkeypatch.delenv(tw.ENV_VAR, raising=False)
    tw.shutdown()
    small = load_sample("mixed_report")
    assert len(small) < tw.MIN_CHARS
    analyse(small)
    assert tw.worker_pid() is None  # a small document never starts it
    analyse(load_sample("land_use_appendix"), tokenize_in="inline")
    assert tw.worker_pid() is None  # inline never does
    large = load_sample("land_use_appendix")
    if tw._cpus() < 2:  # (e.g. taskset -c 0) the documented one-CPU behaviour: auto stays here
        cold = tw.tokenize_ahead(CL100K, large)
        assert not cold.in_worker and tw.worker_pid() is None
        _same(cold.index(), CL100K.index(large))
        return
    cold = tw.tokenize_ahead(CL100K, large)
    assert not cold.in_worker and tw.worker_pid() is not None  # started, not waited for
    _same(cold.index(), CL100K.index(large))
    assert tw.warm(wait=60.0)
    warm = tw.tokenize_ahead(CL100K, large)
    assert warm.in_worker
    _same(warm.index(), CL100K.index(large))
    assert not tw.tokenize_ahead(CL100K, small).in_worker  # warm, but small: here
    tw.shutdown()


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="needs CPU affinity")
def test_auto_stays_inline_on_one_cpu(monkeypatch) -> None:
    monkeypatch.delenv(tw.ENV_VAR, raising=False)
    tw.shutdown()
    cpus = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cpus)})
    try:
        ahead = tw.tokenize_ahead(CL100K, load_sample("land_use_appendix"))
        assert not ahead.in_worker and tw.worker_pid() is None
    finally:
        os.sched_setaffinity(0, cpus)


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.parametrize("end", ["exit", "killed"])
def test_worker_ends_with_its_parent(end: str) -> None:
    """A normal exit stops it (atexit); a parent killed outright leaves it its pipe's end."""
    if not REAL or not os.path.isdir("/proc"):
        pytest.skip("needs the real ranks and /proc")
    code = ("import os, sys, time\n"
            "from geochunk import tokenworker as tw\n"
            "assert tw.warm(wait=60.0)\n"
            "print(tw.worker_pid(), flush=True)\n"
            + ("os.kill(os.getpid(), 9)\n" if end == "killed" else ""))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in [os.path.dirname(os.path.dirname(os.path.dirname(tw.__file__))), os.environ.get("PYTHONPATH")] if p)}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    pid = int(proc.stdout.split()[0])
    for _ in range(200):
        if not _running(pid):
            break
        time.sleep(0.05)
    assert not _running(pid)


def test_cli_one_shot_never_starts_the_worker_and_several_files_do(monkeypatch, tmp_path) -> None:
    import io

    from geochunk.cli import main
    from geochunk.samples import sample_path

    if not REAL or tw._cpus() < 2:
        pytest.skip("needs the real ranks and two CPUs")
    monkeypatch.delenv(tw.ENV_VAR, raising=False)
    tw.shutdown()
    big = str(sample_path("land_use_appendix"))
    assert main(["chunk", big, "--budget", "512"], out=io.StringIO()) == 0
    assert tw.worker_pid() is None  # one document: it could never be warm in time
    assert main(["chunk", big, big, "--budget", "512"], out=io.StringIO()) == 0
    assert tw.worker_pid() is not None  # the first large one warms it for the next
    tw.shutdown()


def test_a_worker_that_never_gets_ready_is_killed_and_counted(worker, monkeypatch) -> None:
    tw.shutdown()
    tw._STATE["failures"] = 0
    monkeypatch.setattr(tw, "_START_WAIT", 0.0)  # the policy knob: "ready at once, or failed"
    text = load_sample("parcels")
    ahead = tw.tokenize_ahead(CL100K, text, "process")
    assert not ahead.in_worker and tw.worker_pid() is None and tw._STATE["failures"] == 1
    _same(ahead.index(), CL100K.index(text))
    monkeypatch.undo()
    _same(_in_worker(CL100K, text), CL100K.index(text))
    assert tw._STATE["failures"] == 0


def test_worker_pipes_past_descriptor_1023_still_work(worker) -> None:
    """A server process may hold many descriptors: the worker's pipes then lie past select()'s
    limit (FD_SETSIZE 1024), which must not matter."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 1200
    if hard != resource.RLIM_INFINITY and hard < want:
        pytest.skip("cannot open descriptors past 1023 here")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, want), hard))
    held = []
    try:
        while not held or held[-1] < 1100:
            held.append(os.dup(0 if not held else held[0]))
        tw.shutdown()
        text = load_sample("parcels")
        _same(_in_worker(CL100K, text), CL100K.index(text))
        assert tw._STATE["worker"].rfd > 1023
    finally:
        tw.shutdown()
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# --------------------------------------------------------------------------------------------
# the review's cases: a reply that waited, interrupts, the caller's directory, warm(), the
# handshake. Bounds below are generous timeouts on events, never measured durations.
# --------------------------------------------------------------------------------------------


def _stopped_state(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] in "Tt"
    except OSError:
        return False


def test_a_reply_waiting_past_the_hand_over_deadline_is_used(worker, monkeypatch) -> None:
    """The caller's own work may outlast the reply timeout; a reply already in the pipe is the
    worker's answer, not its failure (the timeout runs from ``.index()``)."""
    text = load_sample("mixed_report")
    monkeypatch.setattr(tw, "reply_timeout", lambda chars: 0.5)
    for _ in range(tw.MAX_FAILURES + 1):  # (before: a failure each time, then switched off)
        ahead = tw.tokenize_ahead(CL100K, text, "process")
        assert ahead.in_worker, ahead.fallback
        w, _job, deadline = ahead._job
        assert tw._ready_fd(w.rfd, write=False, timeout=30.0)  # the reply has arrived
        while time.monotonic() <= deadline:  # the caller detects for longer than the timeout
            time.sleep(0.05)
        _same(ahead.index(), CL100K.index(text))
        assert ahead.fallback is None
        assert tw._STATE["failures"] == 0 and tw._STATE["off"] is None


def test_an_interrupt_while_handing_over_restarts_the_worker_uncounted(worker, monkeypatch) -> None:
    """Ctrl-C between the request's header and its text: the pipe is out of step, so that
    worker is killed, but it is not counted as a failure and later documents use a new one."""
    assert tw.warm(wait=60.0)
    pid = tw.worker_pid()
    real, calls = os.write, [0]

    def write(fd, data):  # the signal arrives on the second write (the header went out)
        calls[0] += 1
        if calls[0] == 2:
            raise KeyboardInterrupt
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)
    with pytest.raises(KeyboardInterrupt):
        tw.tokenize_ahead(CL100K, load_sample("mixed_report"), "process")
    monkeypatch.setattr(os, "write", real)
    assert calls[0] == 2
    assert tw.worker_pid() != pid and not _running(pid)
    assert tw._STATE["failures"] == 0
    text = load_sample("sql_dump")
    _same(_in_worker(CL100K, text), CL100K.index(text))


def test_an_interrupt_while_collecting_kills_the_worker_but_is_not_a_failure(worker, monkeypatch) -> None:
    """Ctrl-C (a real SIGINT to the main thread) while waiting for a stopped worker's reply."""
    monkeypatch.setattr(tw, "reply_timeout", lambda chars: 60.0)  # only the interrupt ends the wait
    for _ in range(tw.MAX_FAILURES):  # (before: the third switched the worker off)
        assert tw.warm(wait=60.0)
        pid = tw.worker_pid()
        os.kill(pid, signal.SIGSTOP)  # before the hand-over: no reply can be there already
        ahead = tw.tokenize_ahead(CL100K, load_sample("mixed_report"), "process")
        assert ahead.in_worker  # (the request fits the pipe)
        main = threading.main_thread()

        def interrupt() -> None:
            for _ in range(600):  # until the main thread sleeps in the wait for the reply
                if tw._LOCK.locked() and _stopped_state(pid) and _sleeping(main.native_id):
                    break
                time.sleep(0.01)
            signal.pthread_kill(main.ident, signal.SIGINT)

        t = threading.Thread(target=interrupt)
        t.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                ahead.index()
        finally:
            t.join()
        assert not _running(pid) and tw.worker_pid() is None
        assert tw._STATE["failures"] == 0 and tw._STATE["off"] is None
    text = load_sample("mixed_report")
    _same(_in_worker(CL100K, text), CL100K.index(text))


def _sleeping(tid: int) -> bool:
    try:
        with open(f"/proc/self/task/{tid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "S"
    except OSError:
        return True  # no /proc: the loop's bound decides


def test_worker_does_not_import_from_the_callers_directory(worker, monkeypatch, tmp_path) -> None:
    """``python -m`` puts the current directory first on sys.path: a numpy.py there must not be
    what the worker imports (nor may a relative PYTHONPATH entry change meaning)."""
    marker = tmp_path / "imported"
    for name in ("numpy", "tiktoken", "geochunk"):
        (tmp_path / f"{name}.py").write_text(
            f"open({str(marker)!r}, 'a').write('{name}\\n')\nraise ImportError('shadow')\n")
    pkg_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(tw.__file__))))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", os.path.relpath(pkg_root, tmp_path))
    tw.shutdown()
    try:
        assert tw.warm(wait=60.0), tw._STATE["off"]
        assert not marker.exists()
        text = load_sample("parcels")
        _same(_in_worker(CL100K, text), CL100K.index(text))
    finally:
        tw.shutdown()


def test_warm_without_wait_does_not_queue_behind_a_reply(worker, monkeypatch) -> None:
    """A thread waiting for a stopped worker's reply holds the lock; ``warm()`` (no ``wait``)
    answers while that thread is still waiting."""
    monkeypatch.setattr(tw, "reply_timeout", lambda chars: 20.0)
    assert tw.warm(wait=60.0)
    pid = tw.worker_pid()
    os.kill(pid, signal.SIGSTOP)  # before the hand-over: no reply can be there already
    ahead = tw.tokenize_ahead(CL100K, load_sample("mixed_report"), "process")
    assert ahead.in_worker  # (the request fits the pipe)
    got: list = []
    collector = threading.Thread(target=lambda: got.append(ahead.index()))
    collector.start()
    try:
        for _ in range(1000):
            if tw._LOCK.locked():
                break
            time.sleep(0.01)
        assert tw._LOCK.locked()
        answer: list = []
        caller = threading.Thread(target=lambda: answer.append(tw.warm("cl100k_base")))
        caller.start()
        caller.join(timeout=15.0)
        assert answer == [True] and collector.is_alive()  # answered; the reply is still awaited
    finally:
        os.kill(pid, signal.SIGCONT)
        collector.join()
        caller.join()
    _same(got[0], CL100K.index(load_sample("mixed_report")))
    assert ahead.fallback is None


def test_a_worker_whose_tokenizer_differs_is_refused(worker) -> None:
    """The handshake carries a digest of the tokenizer (tiktoken version, pattern, special
    tokens, vocabulary): a worker that reports another one is never used."""
    assert tw.warm(wait=60.0)
    info = tw._STATE["worker"].loaded["cl100k_base"]
    assert info["tokenizer"] == tw._tokenizer_id(CL100K) is not None
    info["tokenizer"] = "0" * 64  # what a worker importing another tiktoken would report
    try:
        text = load_sample("mixed_report")
        ahead = tw.tokenize_ahead(CL100K, text, "process")
        assert not ahead.in_worker and "differs" in ahead.fallback
        assert tw.worker_pid() is None
        _same(ahead.index(), CL100K.index(text))
    finally:
        tw.shutdown()
        tw._STATE.update(failures=0, off=None)


def test_a_reply_pointing_past_its_exception_slots_is_refused(worker, monkeypatch) -> None:
    """A bits-form reply whose marked block names an exception slot the reply does not carry
    would raise IndexError later, in a count: it is refused on arrival and the document is
    tokenized here instead, with the same index."""
    assert tw.warm(wait=60.0)
    w = tw._STATE["worker"]
    real = type(w)._take

    def corrupt(self, head, *, deadline):  # noqa: ANN001, ANN202 - wraps the real reader
        arrays = real(self, head, deadline=deadline)
        if arrays is not None and head.get("op") == "index" and arrays[1].dtype == np.uint64:
            base, delta, extra = arrays
            delta = delta.copy()
            delta[0] = np.uint64((len(extra) // 64 + 5) << 1 | 1)  # slot past the end, marked
            arrays = (base, delta, extra)
        return arrays

    monkeypatch.setattr(type(w), "_take", corrupt)
    text = load_sample("mixed_report")
    ahead = tw.tokenize_ahead(CL100K, text, "process")
    assert ahead.in_worker
    got = ahead.index()
    assert ahead.fallback is not None and "exception slots" in ahead.fallback
    _same(got, CL100K.index(text))
