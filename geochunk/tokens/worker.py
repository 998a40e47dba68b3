"""Tokenize a large document in a second process while this one detects.

tiktoken holds the GIL while it encodes (0.14: ``encode_ordinary`` and ``encode_to_numpy``), so
a thread cannot overlap tokenizing with detection; another process can. One optional worker
process (``python -m geochunk.tokens.worker``, a fresh interpreter started with ``subprocess``:
never a ``fork`` of this possibly multithreaded process, and no re-import of the caller's main
module as ``multiprocessing``'s spawn would do) builds the same :class:`~geochunk.tokens.counting.TokenIndex`
as :meth:`~geochunk.tokens.counting.TokenCounter.index` — the same code on the same verified ranks — and
sends back its two numpy arrays while :func:`geochunk.pipeline.analyse` detects, parses, resolves
frames and finds units.

Where a document is tokenized (``analyse(..., tokenize_in=...)``, else the environment variable
``GEOCHUNK_TOKENIZE_IN`` — an unknown value of it warns once and means ``"auto"`` — else
``"auto"``):

* ``"inline"``: always in this process (what every run did before).
* ``"auto"``: in the worker only when all of these hold, else inline:
  the counter is a real tiktoken encoding built by :func:`~geochunk.tokens.counting.get_counter`
  (``cl100k_base``/``o200k_base``; Hugging Face tokenizers, callables and the estimate always
  stay here); the document has at least :data:`MIN_CHARS` characters (below that, moving it
  costs about what it saves); this process may run on at least 2 CPUs; it is not itself a
  ``multiprocessing`` child (pool workers already keep the cores busy); the platform is POSIX;
  no other thread of this process has a document in the worker; and the worker is *warm*
  (started and holding the encoding). A large document that finds the worker cold starts it in
  the background (nobody waits for it) and is tokenized inline; later ones use it. A small
  document never starts it, so a one-shot ``geochunk chunk`` of a small file never does.
* ``"process"``: the worker for every real tiktoken counter whatever the size or core count,
  waiting for it to start if it is cold (tests and benchmarks).

Whatever goes wrong with the worker — killed, a broken pipe, a malformed or failed reply, no
answer within :func:`reply_timeout` of :meth:`TokenizeAhead.index` being called — the document is
tokenized inline, with the same result; the worker is killed and started again on a later large
document (after :data:`MAX_FAILURES` failures in a row it stays off for this process). An
interrupt (Ctrl-C) while a document is handed over or its reply read kills the worker too (its
pipe is out of step) but is not counted as its failure. A worker whose tokenizer differs from
this process's (its handshake reports the ranks' sha256, the tiktoken version, pattern, special
tokens and vocabulary size) is never used. The worker runs with ``-P`` in the package root: it
imports this package and ``$PYTHONPATH``, never modules from the caller's directory. It exits when this process closes its pipe (at exit,
or when this process dies), and :func:`shutdown` stops it at once.

>>> from geochunk.tokens.counting import get_counter
>>> text = "Site A.\\nPOINT (1 2)\\n"
>>> ahead = tokenize_ahead(get_counter("cl100k_base"), text)  # small: tokenized inline
>>> ahead.in_worker, ahead.index().total == get_counter("cl100k_base").index(text).total
(False, True)
>>> resolve_policy("sideways")
Traceback (most recent call last):
...
geochunk.errors.ConfigError: unknown tokenize_in 'sideways'; valid values: auto, process, inline
"""

from __future__ import annotations

import atexit
import json
import logging
import math
import os
import select
import struct
import sys
import threading
import time
import warnings
import weakref
from typing import Any

import numpy as np

from geochunk.errors import ConfigError
from geochunk.model import ENCODINGS
from geochunk.tokens import counting as _tokens_module
from geochunk.tokens.counting import TokenCounter, TokenIndex, _Prefix, get_counter

__all__ = [
    "ENV_VAR",
    "POLICIES",
    "MIN_CHARS",
    "MAX_FAILURES",
    "TokenizeAhead",
    "tokenize_ahead",
    "resolve_policy",
    "eligible",
    "warm",
    "is_warm",
    "shutdown",
    "worker_pid",
    "worker_cpu_seconds",
    "worker_ready_after",
    "reply_timeout",
]

log = logging.getLogger(__name__)

#: Environment variable choosing where documents are tokenized (see the module docstring).
ENV_VAR = "GEOCHUNK_TOKENIZE_IN"
#: Valid values of ``tokenize_in`` / :data:`ENV_VAR` (empty means ``auto``).
POLICIES: tuple[str, ...] = ("auto", "process", "inline")
#: Smallest document (characters) that ``auto`` hands to the worker or starts it for. Measured
#: (``benchmarks/bench_chunk.py --worker-only``): handing a document over and taking its index
#: back costs this process ~0.3 ms + ~2.4 ms per million characters of CPU; encoding it here
#: costs ~0.15 ms per thousand, so the CPU crossover is ~2,000 characters. 25,000 keeps the
#: saving (~3.5 ms and up) at least ten times the cost, and small files never start a worker.
MIN_CHARS = 25_000
#: Failures in a row after which the worker stays off for this process.
MAX_FAILURES = 3

_HEAD = struct.Struct("<I")
_START_WAIT = 30.0  # seconds a worker may take to load its first encoding, else it has failed
_PIPE_SIZE = 1 << 20  # ask Linux for 1 MB pipes: fewer wake-ups while the arrays move
_DELTA_DTYPES = ("|u1", "<u2", "<i8", "<u8")  # "<u8": the bits form (one word per block)
_WARNED_ENV: set[str] = set()  # unknown $GEOCHUNK_TOKENIZE_IN values already warned about


def resolve_policy(tokenize_in: str | None = None) -> str:
    """``tokenize_in``, else ``$GEOCHUNK_TOKENIZE_IN``, else ``"auto"``; checked.

    >>> resolve_policy("inline"), resolve_policy(None) in POLICIES
    ('inline', True)

    An unknown ``tokenize_in`` argument is a :class:`~geochunk.errors.ConfigError`; an unknown
    :data:`ENV_VAR` value (a typo in the environment) warns once and means ``"auto"``: it must
    not make every document fail.
    """
    value = tokenize_in if tokenize_in is not None else os.environ.get(ENV_VAR, "")
    if not isinstance(value, str):
        raise ConfigError(f"tokenize_in must be a str, got {type(value).__name__}")
    mode = value.strip().lower() or "auto"
    if mode not in POLICIES:
        if tokenize_in is not None:
            raise ConfigError(f"unknown tokenize_in {value!r}; valid values: {', '.join(POLICIES)}")
        if value not in _WARNED_ENV:
            _WARNED_ENV.add(value)
            warnings.warn(f"unknown {ENV_VAR} {value!r} ignored (using auto); valid values: "
                          f"{', '.join(POLICIES)}", UserWarning, stacklevel=2)
        return "auto"
    return mode


def eligible(counter: TokenCounter) -> bool:
    """Whether the worker can build ``counter``'s index: a real tiktoken encoding as
    :func:`~geochunk.tokens.counting.get_counter` builds it by name (the worker loads the same one).

    >>> from geochunk.tokens.counting import get_counter
    >>> eligible(get_counter(len))
    False
    """
    return (
        counter._enc is not None
        and counter._fn is None
        and not counter.estimated
        and counter.encoding in ENCODINGS
        and counter.name == counter.encoding
    )


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def reply_timeout(chars: int) -> float:
    """Seconds to wait for the worker's index of a ``chars``-character document before
    tokenizing inline: 10 s plus 4 s per million characters (an encode runs at 7-19 MB/s on one
    core; this leaves room for a heavily loaded machine). A dead worker is noticed at once (its
    pipe closes); the timeout only bounds a stuck one.

    >>> reply_timeout(0), reply_timeout(1_000_000)
    (10.0, 14.0)
    """
    return 10.0 + 4.0 * chars / 1_000_000


# --------------------------------------------------------------------------------------------
# the parent's side: one worker process per parent process
# --------------------------------------------------------------------------------------------


class _WorkerError(Exception):
    """The worker misbehaved (closed pipe, timeout, malformed or failed reply)."""


class _Worker:
    """One worker process and its two pipes (non-blocking, waited on with ``select``)."""

    def __init__(self, encoding: str) -> None:
        import subprocess  # (imported here: a small document never pays for it)

        # The child imports this very package first, then what $PYTHONPATH names (made absolute:
        # it runs in the package root, not the caller's directory), and never the caller's
        # directory: ``python -m`` would put the current directory first on sys.path, where a
        # stray numpy.py or tiktoken.py would be imported (-P stops that, Python 3.11+; older
        # ones at least run it in the package root, which is on its path anyway).
        env = dict(os.environ)
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        extra = [os.path.abspath(p) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
        env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys([root, *extra]))
        env[PARENT_ENV] = str(os.getpid())  # the worker exits when this process is gone
        safe = ["-P"] if sys.version_info >= (3, 11) else []
        # started from one long-lived thread: on Linux the worker asks to be killed when the
        # thread that started it ends (PR_SET_PDEATHSIG, which also reaches a *stopped* worker),
        # so that thread must live as long as this process, not end with a Streamlit rerun
        self.proc = _spawner().submit(
            subprocess.Popen,
            [sys.executable, *safe, "-m", "geochunk.tokens.worker", encoding],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=env, cwd=root, close_fds=True, start_new_session=True,  # no Ctrl-C traceback from it
        ).result()
        self.owner = os.getpid()
        self.wfd, self.rfd = self.proc.stdin.fileno(), self.proc.stdout.fileno()
        for fd in (self.wfd, self.rfd):
            os.set_blocking(fd, False)
            _grow_pipe(fd)
        self.loaded: dict[str, dict[str, Any]] = {}  # encoding -> what the worker reported
        self.asked: set[str] = {encoding}
        self.started = time.perf_counter()
        self.ready_after: float | None = None  # seconds from start to the first "loaded"
        self.next_id = 0
        self.pending: tuple[int, weakref.ref] | None = None  # an index reply not read yet

    # -- low-level I/O -----------------------------------------------------------------------

    def _send(self, head: dict[str, Any], payload: bytes | memoryview = b"", *, deadline: float) -> None:
        h = json.dumps(head).encode("utf-8")
        for part in (_HEAD.pack(len(h)) + h, payload):
            view, off = memoryview(part).cast("B"), 0
            while off < len(view):
                _wait(self.wfd, write=True, deadline=deadline)
                try:
                    off += os.write(self.wfd, view[off : off + _PIPE_SIZE])
                except BlockingIOError:
                    continue
                except OSError as exc:  # EPIPE: the worker is gone
                    raise _WorkerError(f"cannot write to the worker: {exc}") from None

    def _read_into(self, view: memoryview, *, deadline: float) -> None:
        view, off = view.cast("B"), 0
        while off < len(view):
            _wait(self.rfd, write=False, deadline=deadline)
            try:
                got = os.readv(self.rfd, [view[off:]])
            except BlockingIOError:
                continue
            except OSError as exc:
                raise _WorkerError(f"cannot read from the worker: {exc}") from None
            if got == 0:
                raise _WorkerError(f"the worker closed its pipe (exit code {self.proc.poll()})")
            off += got

    def _recv(self, *, deadline: float) -> dict[str, Any]:
        size = bytearray(_HEAD.size)
        self._read_into(memoryview(size), deadline=deadline)
        (n,) = _HEAD.unpack(size)
        if n > 1 << 20:
            raise _WorkerError(f"malformed reply header ({n} bytes)")
        raw = bytearray(n)
        self._read_into(memoryview(raw), deadline=deadline)
        try:
            head = json.loads(raw)
        except ValueError:
            raise _WorkerError("malformed reply header") from None
        if not isinstance(head, dict):
            raise _WorkerError("malformed reply header")
        return head

    # -- messages ------------------------------------------------------------------------------

    def _take(self, head: dict[str, Any], *, deadline: float) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """Handle one message; an index reply's arrays are returned (payload always read)."""
        op = head.get("op")
        if op == "loaded":
            if not head.get("ok"):
                raise _WorkerError(f"cannot load {head.get('encoding')}: {head.get('error')}")
            self.loaded[str(head.get("encoding"))] = head
            if self.ready_after is None:
                self.ready_after = time.perf_counter() - self.started
            return None
        if op != "index":
            raise _WorkerError(f"unknown reply {op!r}")
        if not head.get("ok"):
            raise _WorkerError(f"the worker failed: {head.get('error')}")
        try:
            bdt, ddt = np.dtype(head["base_dtype"]), np.dtype(head["delta_dtype"])
            nb, nd = int(head["base_len"]), int(head["delta_len"])
        except (KeyError, TypeError, ValueError):
            raise _WorkerError("malformed index reply") from None
        try:
            ne = int(head.get("extra_len", 0))
        except (TypeError, ValueError):
            raise _WorkerError("malformed index reply") from None
        if bdt != np.dtype("<i8") or ddt.str not in _DELTA_DTYPES or nb < 1 or nd < 1 or ne < 0:
            raise _WorkerError("malformed index reply")
        base, delta, extra = np.empty(nb, dtype=bdt), np.empty(nd, dtype=ddt), np.empty(ne, dtype=np.uint8)
        self._read_into(memoryview(base), deadline=deadline)
        self._read_into(memoryview(delta), deadline=deadline)
        self._read_into(memoryview(extra), deadline=deadline)
        return base, delta, extra

    def poll(self) -> None:
        """Read every message already waiting that is not an index reply still owed to a
        live caller (an abandoned one is read and dropped)."""
        while _readable(self.rfd):
            if self.pending is not None and self.pending[1]() is not None:
                return  # the next message may be that caller's reply: leave it to them
            deadline = time.monotonic() + 5.0
            head = self._recv(deadline=deadline)
            self._take(head, deadline=deadline)
            if head.get("op") == "index":
                self.pending = None

    def ask_load(self, encoding: str) -> None:
        if encoding not in self.asked:
            self.asked.add(encoding)
            self._send({"op": "load", "encoding": encoding}, deadline=time.monotonic() + 5.0)

    def matches(self, counter: TokenCounter) -> bool:
        """The worker holds ``counter``'s encoding, built the same way from the same code."""
        info = self.loaded.get(counter.encoding)
        return (
            info is not None
            and info.get("name") == counter.name
            and info.get("sha256") == counter.sha256
            and info.get("verified") == counter._rule_verified
            and info.get("estimated") is False
            and info.get("tokens_file") == _TOKENS_FILE
            and info.get("tokenizer") == _tokenizer_id(counter)
        )

    def submit(self, owner: "TokenizeAhead", counter: TokenCounter, text: str) -> int:
        data = text.encode("utf-8", "surrogatepass")  # decoded back exactly (lone surrogates too)
        self.next_id += 1
        head = {"op": "index", "id": self.next_id, "encoding": counter.encoding,
                "nbytes": len(data), "chars": len(text)}
        # (pending only once the whole request is in the pipe: an interrupted send leaves the
        # pipe out of step, and the caller kills the worker)
        self._send(head, data, deadline=time.monotonic() + reply_timeout(len(text)))
        self.pending = (self.next_id, weakref.ref(owner))
        return self.next_id

    def collect(self, job: int, chars: int, *, deadline: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
        while True:
            head = self._recv(deadline=deadline)
            arrays = self._take(head, deadline=deadline)
            if head.get("op") != "index":
                continue
            self.pending = None
            if head.get("id") != job or arrays is None:
                raise _WorkerError(f"reply {head.get('id')} for request {job}")
            base, delta, extra = arrays
            bits = delta.dtype == np.uint64
            if (len(delta) != (len(base) if bits else chars + 1) or len(base) != chars // 64 + 1
                    or base[0] != 0 or (not bits and delta[0] != 0)
                    or len(extra) % 64 or (not bits and len(extra))):
                raise _WorkerError("index arrays of the wrong shape")
            if bits:  # a block marked by bit 0 keeps its differences at extra[64 * slot:]
                slots = delta[(delta & np.uint64(1)) == 1] >> np.uint64(1)
                if len(slots) and int(slots.max()) >= len(extra) // 64:
                    raise _WorkerError("index arrays point past their exception slots")
            return base, delta, extra, float(head.get("cpu") or 0.0)

    def stop(self, *, kill: bool = False) -> None:
        """Close the pipes (the worker exits on end of input) and reap it; ``kill`` first."""
        if os.getpid() != self.owner:
            return
        import subprocess

        proc = self.proc
        if kill:
            _quiet(proc.kill)
        for f in (proc.stdin, proc.stdout):
            _quiet(f.close)
        try:
            proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            _quiet(proc.kill)
            _quiet(lambda: proc.wait(timeout=2.0))


#: the environment variable naming the worker's parent process (the worker exits without it)
PARENT_ENV = "GEOCHUNK_TOKENWORKER_PARENT"
_PARENT_POLL_S = 1.0  # how often an idle worker checks that its parent is still there
_SPAWN: dict[str, Any] = {"pool": None}


def _spawner() -> Any:
    """The one thread of this process that starts workers (lives until the process ends)."""
    from concurrent.futures import ThreadPoolExecutor

    if _SPAWN["pool"] is None:
        _SPAWN["pool"] = ThreadPoolExecutor(max_workers=1, thread_name_prefix="geochunk-tokenworker-spawn")
    return _SPAWN["pool"]


def _quiet(fn: Any) -> None:
    try:
        fn()
    except Exception:  # noqa: BLE001 - best effort while tearing down
        pass


def _grow_pipe(fd: int) -> None:
    try:
        import fcntl

        if hasattr(fcntl, "F_SETPIPE_SZ"):  # Linux only
            fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, _PIPE_SIZE)
    except (ImportError, OSError):
        pass


def _ready_fd(fd: int, *, write: bool, timeout: float) -> bool:
    """Whether ``fd`` can be read (written) within ``timeout`` seconds; a closed other end
    counts as ready (the read or write then says so). ``poll`` where there is one: ``select``
    fails on descriptors past 1023, which a busy server process may well hand out."""
    if hasattr(select, "poll"):
        p = select.poll()
        p.register(fd, select.POLLOUT if write else select.POLLIN)
        return bool(p.poll(max(0, math.ceil(timeout * 1000))))
    r, w, _ = select.select([] if write else [fd], [fd] if write else [], [], max(0.0, timeout))
    return bool(r or w)


def _readable(fd: int) -> bool:
    return _ready_fd(fd, write=False, timeout=0.0)


def _wait(fd: int, *, write: bool, deadline: float) -> None:
    """Wait until ``fd`` is ready, up to ``deadline``; once time is up it is still looked at
    once (a reply already waiting in the pipe is taken, not thrown away)."""
    if not _ready_fd(fd, write=write, timeout=max(0.0, deadline - time.monotonic())):
        raise _WorkerError("the worker did not answer in time")


_TOKENS_FILE = os.path.realpath(_tokens_module.__file__)


def _tokenizer_id(counter: TokenCounter) -> str | None:
    """A digest of what a tiktoken encoding's tokens depend on beyond its ranks (whose pinned
    sha256 is compared apart): the tiktoken version, the pattern, the special tokens and the
    vocabulary size. Each process computes it; a worker whose digest differs is not used."""
    enc = counter._enc
    if enc is None:
        return None
    import hashlib

    import tiktoken

    what = [getattr(tiktoken, "__version__", None), enc.name, getattr(enc, "_pat_str", None),
            sorted(getattr(enc, "_special_tokens", {}).items()), enc.n_vocab]
    return hashlib.sha256(json.dumps(what).encode("utf-8")).hexdigest()

_LOCK = threading.Lock()
_STATE: dict[str, Any] = {"worker": None, "failures": 0, "off": None, "atexit": False, "cpu": 0.0}


def _usable_platform() -> str | None:
    """Why the worker cannot run here at all, or ``None``."""
    if os.name != "posix":
        return "not a POSIX platform"
    if not sys.executable:
        return "no Python executable to start"
    return None


def _start_locked(encoding: str) -> "_Worker | None":
    """The live worker (started for ``encoding`` when there is none), or ``None`` when off."""
    if _STATE["off"] is not None:
        return None
    w = _STATE["worker"]
    if w is not None and w.proc.poll() is None:
        return w
    if w is not None:  # it died while idle
        _fail_locked(w, f"exited with code {w.proc.poll()}")
        if _STATE["off"] is not None:
            return None
    reason = _usable_platform()
    if reason is not None:
        _STATE["off"] = reason
        return None
    try:
        w = _Worker(encoding)
    except OSError as exc:
        _STATE["off"] = f"cannot start: {exc}"
        log.warning("tokenizer worker %s; tokenizing in this process", _STATE["off"])
        return None
    _STATE["worker"] = w
    if not _STATE["atexit"]:
        atexit.register(shutdown)
        _STATE["atexit"] = True
    return w


def _why(exc: Exception) -> str:
    return str(exc) if isinstance(exc, _WorkerError) else f"{type(exc).__name__}: {exc}"


def _fail_locked(w: "_Worker", why: str, *, count: bool = True) -> None:
    """Kill ``w`` (a later document starts another); ``count``: a failure of the worker (not an
    interrupt of this process) that counts toward :data:`MAX_FAILURES`."""
    log.info("tokenizer worker failed (%s); tokenizing in this process", why)
    w.stop(kill=True)
    if _STATE["worker"] is w:
        _STATE["worker"] = None
    if not count:
        return
    _STATE["failures"] += 1
    if _STATE["failures"] >= MAX_FAILURES and _STATE["off"] is None:
        _STATE["off"] = f"{MAX_FAILURES} failures in a row (last: {why})"
        log.warning("tokenizer worker switched off: %s", _STATE["off"])


def _ready_locked(w: "_Worker", counter: TokenCounter) -> bool:
    try:
        w.poll()
        if not w.matches(counter):
            if not w.loaded and time.perf_counter() - w.started > _START_WAIT:
                raise _WorkerError(f"not ready {_START_WAIT:.0f} s after its start")
            if counter.encoding in w.loaded:  # loaded, but not what this process would build
                _STATE["off"] = "its tokenizer differs from this process's"
                log.warning("tokenizer worker switched off: %s", _STATE["off"])
                w.stop(kill=True)
                _STATE["worker"] = None
                return False
            w.ask_load(counter.encoding)
            return False
        return True
    except Exception as exc:  # noqa: BLE001 - any failure of the worker: tokenize here
        _fail_locked(w, _why(exc))
        return False


def warm(encoding: str = "cl100k_base", *, wait: float | None = None) -> bool:
    """Start the worker (if it is not running) and have it load ``encoding``; returns whether it
    is warm. Without ``wait`` this never blocks (the worker starts in the background); with
    ``wait`` seconds it waits up to that long. An app that will chunk large documents can call
    it at start-up.
    """
    counter = get_counter(encoding)
    if not eligible(counter):
        return False
    deadline = time.monotonic() + (wait or 0.0)
    while True:
        # (another thread may hold the lock for as long as a reply takes: without ``wait`` this
        # does not queue behind it; the worker it talks to is then as warm as it was)
        if not _LOCK.acquire(timeout=max(0.0, deadline - time.monotonic())):
            w = _STATE["worker"]
            return w is not None and w.matches(counter)
        try:
            w = _start_locked(counter.encoding)
            if w is None:
                return False
            if _ready_locked(w, counter):
                return True
            if _STATE["worker"] is None:
                return False
        finally:
            _LOCK.release()
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        _quiet(lambda: _ready_fd(w.rfd, write=False, timeout=min(left, 0.05)))


def is_warm(encoding: str = "cl100k_base") -> bool:
    """Whether the worker is running and holds ``encoding`` (checked without waiting)."""
    counter = get_counter(encoding)
    if not eligible(counter) or not _LOCK.acquire(timeout=1.0):
        return False
    try:
        w = _STATE["worker"]
        return w is not None and w.proc.poll() is None and _ready_locked(w, counter)
    finally:
        _LOCK.release()


def worker_pid() -> int | None:
    """The worker's process id, or ``None`` when none is running (tests kill it by this id)."""
    w = _STATE["worker"]
    return w.proc.pid if w is not None and w.proc.poll() is None else None


def worker_cpu_seconds() -> float:
    """CPU seconds the worker(s) of this process spent on documents whose index was used (the
    benchmarks add it to this process's own CPU time)."""
    return float(_STATE["cpu"])


def worker_ready_after() -> float | None:
    """Seconds from starting the running worker to its first encoding loaded (``None`` before)."""
    w = _STATE["worker"]
    return None if w is None else w.ready_after


def shutdown() -> None:
    """Stop the worker now (it is also stopped at exit); a later document may start it again."""
    locked = _LOCK.acquire(timeout=2.0)  # at exit a daemon thread may hold it: stop it anyway
    try:
        w = _STATE["worker"]
        _STATE["worker"] = None
        if w is not None:
            w.stop(kill=True)
    finally:
        if locked:
            _LOCK.release()


def _reset_after_fork() -> None:
    """In a forked child the parent's worker is not ours: forget it (the pipes are the
    parent's; closing our copies lets the worker see end of input when the parent closes)."""
    global _LOCK
    _LOCK = threading.Lock()
    _SPAWN["pool"] = None  # the parent's spawner thread does not exist here
    w = _STATE["worker"]
    _STATE.update(worker=None, failures=0)
    if w is not None:
        for f in (w.proc.stdin, w.proc.stdout):
            _quiet(f.close)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_reset_after_fork)


class TokenizeAhead:
    """A document's token index, built in the worker while the caller does other work, or
    here. Make it first (it hands the text over, or does nothing), call :meth:`index` once when
    the index is needed: it returns the worker's index, or encodes the document in this process
    (not in the worker / any worker failure), the same index either way.
    """

    def __init__(self, counter: TokenCounter, text: str, tokenize_in: str | None = None) -> None:
        self.counter, self.text = counter, text
        self.policy = resolve_policy(tokenize_in)
        self.fallback: str | None = None  # why the worker's index was not used, if it was tried
        self.worker_cpu = 0.0  # CPU seconds the worker spent on this document (benchmarks)
        self._job: tuple["_Worker", int, float] | None = None
        if self.policy != "inline" and eligible(counter):
            self._try_submit()

    @property
    def in_worker(self) -> bool:
        """Whether the worker has the document (so far)."""
        return self._job is not None

    def _wanted(self) -> bool:
        if self.policy == "process":
            return True
        if len(self.text) < MIN_CHARS or _cpus() < 2:
            return False
        import multiprocessing

        return multiprocessing.parent_process() is None

    def _try_submit(self) -> None:
        if not self._wanted():
            return
        if self.policy == "process" and not warm(self.counter.encoding, wait=_START_WAIT + 1.0):
            if _STATE["off"] is not None:
                self.fallback = f"the worker is off: {_STATE['off']}"
            return  # (a worker that never gets ready is killed by _ready_locked: a failure)
        if not _LOCK.acquire(blocking=False):
            return  # another thread is talking to the worker: tokenize here
        try:
            w = _start_locked(self.counter.encoding)  # cold: starts it, for later documents
            if w is None or not _ready_locked(w, self.counter) or _STATE["worker"] is not w:
                if _STATE["off"] is not None:
                    self.fallback = f"the worker is off: {_STATE['off']}"
                return
            if w.pending is not None:
                return  # another caller's document is in the worker
            try:
                job = w.submit(self, self.counter, self.text)
            except Exception as exc:  # noqa: BLE001 - any failure of the worker: tokenize here
                _fail_locked(w, _why(exc))
                return
            except BaseException:  # interrupted mid-request: the pipe is out of step
                _fail_locked(w, "interrupted", count=False)
                raise
            self._job = (w, job, time.monotonic() + reply_timeout(len(self.text)))
        finally:
            _LOCK.release()

    def index(self) -> TokenIndex:
        """The document's :class:`~geochunk.tokens.counting.TokenIndex` (call once)."""
        if self._job is not None:
            got = self._collect()
            if got is not None:
                base, delta, extra, self.worker_cpu = got
                _STATE["cpu"] += self.worker_cpu
                return self.counter._tiktoken_index(self.text, _Prefix(base, delta, extra, len(self.text) + 1))
        return self.counter.index(self.text)

    def _collect(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, float] | None:
        # The reply is waited for from now: the caller's own work since the hand-over (which
        # may take longer than the timeout on a loaded machine) is not the worker's delay.
        w, job, deadline = self._job
        self._job = None
        deadline = max(deadline, time.monotonic() + reply_timeout(len(self.text)))
        if not _LOCK.acquire(timeout=max(0.0, deadline - time.monotonic())):
            self.fallback = "the worker's lock was not free in time"
            return None
        try:
            if _STATE["worker"] is not w or w.pending is None or w.pending[0] != job:
                self.fallback = "the worker was replaced"
                return None
            try:
                arrays = w.collect(job, len(self.text), deadline=deadline)
            except Exception as exc:  # noqa: BLE001 - any failure of the worker: tokenize here
                self.fallback = _why(exc)
                _fail_locked(w, self.fallback)
                return None
            except BaseException:  # interrupted mid-reply: the pipe is out of step, start afresh
                _fail_locked(w, "interrupted", count=False)  # (Ctrl-C is not the worker's fault)
                raise
            _STATE["failures"] = 0
            return arrays
        finally:
            _LOCK.release()


def tokenize_ahead(counter: TokenCounter, text: str, tokenize_in: str | None = None) -> TokenizeAhead:
    """Start building ``text``'s token index (in the worker when the policy says so); call
    ``.index()`` on the result when it is needed. See the module docstring for the policy."""
    return TokenizeAhead(counter, text, tokenize_in)


# --------------------------------------------------------------------------------------------
# the worker's side
# --------------------------------------------------------------------------------------------


_PARENT: dict[str, int | None] = {"pid": None}  # the worker's parent (set in _main)


def _parent_gone() -> bool:
    """Whether the process that started this worker has gone (the worker was re-parented)."""
    parent = _PARENT["pid"]
    return parent is not None and os.getppid() != parent


def _die_with_parent() -> None:
    """Linux: the kernel kills this worker when its parent's spawner thread ends, even while it
    is stopped (SIGSTOP) and could not notice anything itself. Everywhere: an idle worker also
    polls for its parent (:func:`_parent_gone`), and a parent gone already means exit now."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError, ValueError):  # pragma: no cover - no prctl: polling only
            pass
    if _parent_gone():
        os._exit(0)


def _read_exact(fd: int, n: int) -> bytearray | None:
    """``n`` bytes from the parent, or ``None`` at end of input or when the parent is gone (a
    pipe may outlive it: a process it forked can hold the other end open)."""
    buf = bytearray(n)
    view, off = memoryview(buf), 0
    while off < n:
        while not _ready_fd(fd, write=False, timeout=_PARENT_POLL_S):
            if _parent_gone():
                return None
        got = os.readv(fd, [view[off:]])
        if got == 0:
            return None
        off += got
    return buf


def _write_all(fd: int, *parts: Any) -> None:
    for part in parts:
        view, off = memoryview(part).cast("B"), 0
        while off < len(view):
            off += os.write(fd, view[off : off + _PIPE_SIZE])


def _reply(fd: int, head: dict[str, Any], *payload: Any) -> None:
    h = json.dumps(head).encode("utf-8")
    _write_all(fd, _HEAD.pack(len(h)) + h, *payload)


def _load_reply(encoding: str) -> dict[str, Any]:
    try:
        counter = get_counter(encoding)
    except Exception as exc:  # noqa: BLE001 - reported to the parent, which stays inline
        return {"op": "loaded", "encoding": encoding, "ok": False, "error": f"{type(exc).__name__}: {exc}"}
    return {"op": "loaded", "encoding": encoding, "ok": eligible(counter), "name": counter.name,
            "sha256": counter.sha256, "verified": counter._rule_verified,
            "estimated": counter.estimated, "tokens_file": _TOKENS_FILE,
            "tokenizer": _tokenizer_id(counter)}


def _serve(rfd: int, wfd: int, encodings: list[str]) -> None:
    """Answer requests until end of input: ``load`` (an encoding) and ``index`` (a document)."""
    for encoding in encodings:
        _reply(wfd, _load_reply(encoding))
    while True:
        size = _read_exact(rfd, _HEAD.size)
        if size is None:
            return
        raw = _read_exact(rfd, _HEAD.unpack(size)[0])
        if raw is None:
            return
        head = json.loads(raw)
        if head.get("op") == "load":
            _reply(wfd, _load_reply(str(head.get("encoding"))))
            continue
        data = _read_exact(rfd, int(head["nbytes"]))
        if data is None:
            return
        _answer(wfd, head, data)
        del data  # (the document and its arrays are freed before the next request waits)


def _answer(wfd: int, head: dict[str, Any], data: bytearray) -> None:
    """Build one document's index and send its arrays (or the error)."""
    try:
        text = data.decode("utf-8", "surrogatepass")
        data.clear()
        if len(text) != head["chars"]:
            raise ValueError(f"{len(text)} characters arrived, {head['chars']} were sent")
        cpu = time.process_time()
        counter = get_counter(head["encoding"])
        if not eligible(counter):
            raise ValueError(f"{head['encoding']} is not a real tiktoken encoding here")
        prefix = counter.index(text)._prefix
        cpu = time.process_time() - cpu
    except Exception as exc:  # noqa: BLE001 - reported; the parent tokenizes inline
        _reply(wfd, {"op": "index", "id": head.get("id"), "ok": False,
                     "error": f"{type(exc).__name__}: {exc}"})
        return
    base, delta, extra = prefix.base, prefix.delta.astype("<u8", copy=False) if prefix.delta.dtype == np.uint64 \
        else prefix.delta, prefix.extra
    _reply(wfd, {"op": "index", "id": head["id"], "ok": True, "base_dtype": base.dtype.str,
                 "base_len": len(base), "delta_dtype": delta.dtype.str, "delta_len": len(delta),
                 "extra_len": len(extra), "cpu": cpu},
           base, delta, extra)


def _main(argv: list[str]) -> int:
    try:
        _PARENT["pid"] = int(os.environ.get(PARENT_ENV, ""))
    except ValueError:
        _PARENT["pid"] = None
    _die_with_parent()
    # the protocol owns the original stdin/stdout; stray prints go to stderr instead
    rfd, wfd = os.dup(0), os.dup(1)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(2, 1)
    try:
        _serve(rfd, wfd, [e for e in argv if e in ENCODINGS])
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
