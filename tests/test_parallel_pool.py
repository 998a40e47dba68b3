"""The local pool of ``stream_ordered`` (workers forked after one warm-up) against the in-process
loop: the same results in input order, the warm-up paid once before the fork, failures re-raised."""

from __future__ import annotations

import os

import pytest

from geochunk.errors import ConfigError
from geochunk.retrieve import parallel
from geochunk.retrieve.parallel import pool_kind, run_ordered, stream_ordered

WARMED: dict[str, int] = {}


def _warm() -> None:
    WARMED["pid"] = os.getpid()
    WARMED["count"] = WARMED.get("count", 0) + 1


def _work(x: int, *, scale: int) -> tuple[int, int, int | None]:
    """The item scaled, the pid that ran it and the pid that warmed the state it runs with."""
    if x == 13:
        raise ValueError("thirteen")
    return x * scale, os.getpid(), WARMED.get("pid")


@pytest.mark.skipif("fork" not in __import__("multiprocessing").get_all_start_methods(), reason="no fork")
def test_forked_pool_streams_in_order_and_warms_once(monkeypatch) -> None:
    monkeypatch.setattr(parallel, "BATCH_ITEMS", 3)  # many batches, a window that refills
    WARMED.clear()
    items = list(range(14, 54))  # 13 fails
    seen, finished, peaks = [], [], {}
    out = list(stream_ordered(_work, items, workers=2, pool="fork", scale=3, warm=_warm, peaks=peaks.update,
                              on_result=lambda i, r: finished.append(i),
                              progress=lambda done, total, label: seen.append((done, total))))
    assert [i for i, _ in out] == list(range(40)) and [r[0] for _, r in out] == [3 * x for x in items]
    me = os.getpid()
    assert WARMED == {"pid": me, "count": 1}  # warmed once, here, before the workers were forked
    assert {r[2] for _, r in out} == {me}  # every worker started with that state
    assert me not in {r[1] for _, r in out}  # and the work ran in the workers
    assert sorted(finished) == list(range(40)) and seen[-1] == (40, 40) and [d for d, _ in seen] == list(range(1, 41))
    assert 1 <= len(peaks) <= 2 and all(k.startswith("worker ") and mb > 0 for k, mb in peaks.items())


@pytest.mark.skipif("fork" not in __import__("multiprocessing").get_all_start_methods(), reason="no fork")
def test_forked_pool_matches_the_loop_and_reraises(monkeypatch) -> None:
    monkeypatch.setattr(parallel, "BATCH_ITEMS", 2)
    items = list(range(14, 26))
    here = [r[0] for r in run_ordered(_work, items, scale=5)]
    there = [r[0] for r in run_ordered(_work, items, workers=2, pool="fork", scale=5)]
    assert here == there
    with pytest.raises(ValueError, match="thirteen"):
        run_ordered(_work, list(range(30)), workers=2, pool="fork", scale=1)


def test_pool_names() -> None:
    assert pool_kind("fork") == "fork" and pool_kind("dask") == "dask"
    assert pool_kind("auto") in ("fork", "dask")
    with pytest.raises(ConfigError, match="pool must be one of"):
        list(stream_ordered(len, ["a"], workers=2, pool="threads"))


def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry))
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc") or "fork" not in __import__("multiprocessing").get_all_start_methods(),
                    reason="needs fork and /proc")
def test_forked_workers_exit_when_their_parent_is_killed(tmp_path) -> None:
    """A ``kill -9`` of the process that forked the pool runs no clean-up: its workers must not
    stay behind waiting for tasks (holding memory and the caller's output pipes)."""
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    script = tmp_path / "job.py"
    script.write_text(
        "import time\n"
        "from geochunk.retrieve.parallel import run_ordered\n"
        "def slow(x):\n"
        "    time.sleep(0.2)\n"
        "    return x\n"
        "run_ordered(slow, list(range(2000)), workers=2, pool='fork')\n")
    root = str(Path(__file__).resolve().parents[1])
    p = subprocess.Popen([sys.executable, str(script)], env={**os.environ, "PYTHONPATH": root},
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    workers: list[int] = []
    try:
        for _ in range(1200):  # the workers forked (generous: a loaded machine)
            workers = _children(p.pid)
            if len(workers) >= 2 or p.poll() is not None:
                break
            time.sleep(0.1)
        assert len(workers) >= 2, "the pool's workers never started"
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
        for _ in range(600):
            if not any(_alive(w) for w in workers):
                break
            time.sleep(0.1)
        left = [w for w in workers if _alive(w)]
        assert not left, f"workers {left} outlived their killed parent"
    finally:
        for w in workers:
            if _alive(w):
                os.kill(w, signal.SIGKILL)
        if p.poll() is None:
            p.kill()


def test_a_fork_pool_where_there_is_no_fork_is_a_clear_error(monkeypatch) -> None:
    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    with pytest.raises(ConfigError, match="pool 'fork' needs a platform that can fork"):
        list(stream_ordered(len, ["a", "b"], workers=2, pool="fork"))
    assert pool_kind("auto") == "dask"
