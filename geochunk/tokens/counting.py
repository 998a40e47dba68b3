"""Offline tiktoken encodings, token counting and a per-document token index.

The real ``cl100k_base`` / ``o200k_base`` BPE ranks come from the data files that the
``bpe-openai`` package installs (``bpe_openai/data/<name>.tiktoken.gz``); they are decompressed,
checked against the sha256 that tiktoken itself pins for the encoding, and turned into a
``tiktoken.Encoding`` whose regex and special tokens are taken from the installed
``tiktoken_ext.openai_public`` so they never drift from tiktoken. Nothing is downloaded, ever.

When the real encoding cannot be loaded (package missing, hash mismatch, any error) the counter
falls back to a deterministic estimate, says so in its ``name`` (``"estimate(cl100k_base)"``) and
``estimated`` flag, and logs one warning. Setting the environment variable
``GEOCHUNK_TOKENIZER=estimate`` forces the estimate (handy for fast tests).

A :class:`TokenIndex` encodes a whole document once; afterwards ``count(a, b)`` (tokens of the
document that start in ``[a, b)``) is an O(1) lookup, and it equals the token count of the
substring ``text[a:b]`` whenever both ends are clean boundaries (see :func:`clean_boundary`).

>>> counter = get_counter("cl100k_base")
>>> counter.encoding
'cl100k_base'
>>> index = counter.index("Survey area.\\nPOINT (530000 180000)")
>>> index.count(0, 13) + index.count(13, index.length) == index.total
True
>>> index.is_clean(13), index.exact(13, index.length) == counter.count("POINT (530000 180000)")
(True, True)
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import importlib.resources
import importlib.util
import json
import logging
import os
import re
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from geochunk.errors import ConfigError, InputError, TokenizerError
from geochunk.model import ENCODINGS

if TYPE_CHECKING:  # pragma: no cover - typing only
    import tiktoken

__all__ = [
    "ENV_VAR",
    "TOKENIZER_MODES",
    "ESTIMATE_UNIT",
    "PINNED_SHA256",
    "ANALYSED_PAT_SHA256",
    "TokenCounter",
    "TokenIndex",
    "get_counter",
    "cache_dir",
    "CACHE_ENV_VAR",
    "hf_counter",
    "callable_counter",
    "clear_cache",
    "clean_boundary",
    "split_boundary",
    "estimate_count",
    "check_growth",
    "guarded",
    "Outage",
]

log = logging.getLogger(__name__)

#: Environment variable that selects the tokenizer: ``auto`` (default) or ``estimate``.
ENV_VAR = "GEOCHUNK_TOKENIZER"
#: Valid values of :data:`ENV_VAR` (an empty value means ``auto``).
TOKENIZER_MODES: tuple[str, ...] = ("auto", "estimate")

#: sha256 of the *decompressed* ``.tiktoken`` rank files, as pinned by
#: ``tiktoken_ext.openai_public`` (tiktoken 0.7 - 0.14). The loader checks the data against this
#: table and against the hash the installed tiktoken passes when it builds the encoding.
PINNED_SHA256: dict[str, str] = {
    "cl100k_base": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    "o200k_base": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
}

# Published ids of "hello world" (tiktoken's own tests for cl100k; harmony / js-tiktoken test
# vectors for o200k). Checked on every load: a wrong table never passes for a real one.
_SMOKE: dict[str, tuple[str, list[int]]] = {
    "cl100k_base": ("hello world", [15339, 1917]),
    "o200k_base": ("hello world", [24912, 2375]),
}

#: sha256 of the ``pat_str`` regexes :func:`clean_boundary` was derived and property-tested
#: against. If the installed tiktoken ever ships a different regex, only the ends of a document
#: are treated as clean (``exact`` then encodes), and a warning says so.
ANALYSED_PAT_SHA256: dict[str, str] = {
    "cl100k_base": "f021c3d976978e62ee64cdad150cc3405c2e3d6e3b40407850bb9e8d9eb65899",
    "o200k_base": "2d1b8dc11e89af71459b36004f698ab3693f59fd84f63e8ec2b49564ab857420",
}

#: The estimate counts in units of 1/12 token (so digits can weigh exactly 1/3 token).
ESTIMATE_UNIT = 12


# --------------------------------------------------------------------------------------------
# clean boundaries
# --------------------------------------------------------------------------------------------


def clean_boundary(text: str, p: int) -> bool:
    """True where BPE token counts of ``text`` are exactly additive at offset ``p``.

    tiktoken first splits text into pre-tokens with its ``pat_str`` regex (scanned left to right,
    no lookbehind, every character covered by some alternative) and BPE never merges across a
    pre-token. So for clean ``a < b``, ``len(encode(text[a:b]))`` equals the number of document
    tokens starting in ``[a, b)``: ``a`` and ``b`` are pre-token boundaries of the document, and
    the substring's own pre-tokenisation agrees with the document's. Clean positions are:

    * ``p == 0`` and ``p == len(text)``;
    * (A) ``text[p - 1] == "\\n"`` and ``text[p]`` is neither whitespace nor ``"/"``: no pre-token
      of either encoding runs from a newline into a non-space character, except o200k's
      ``` ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*``` which swallows ``/`` after newlines. A substring that
      ends in the newline run matches it whole with ``\\s++$`` (cl100k) or ``\\s*[\\r\\n]+``,
      exactly as the document's ``\\s*[\\r\\n]`` does;
    * (A') ``text[p - 1] == "\\n"`` and ``text[p:]`` is a run of at most 256 spaces and tabs followed
      by a non-whitespace character (the indentation of pretty-printed JSON, XML or code): the
      newline run before ``p`` holds its last newline at ``p - 1``, and a whitespace run that
      holds a newline is one pre-token up to and including its last newline in both encodings
      (``\\s*[\\r\\n]`` / ``\\s*[\\r\\n]+`` backtrack to it; a punctuation run's trailing
      ``[\\r\\n]*`` / ``[\\r\\n/]*`` stops at the space), so the document has a pre-token
      boundary at ``p``; a substring that ends at ``p`` ends with the same piece (``\\s++$`` or the
      same newline patterns), and one that starts at ``p`` reads the same text from ``p`` (no
      pattern looks behind);
    * (B) ``text[p] == " "`` and ``text[p - 1]`` and ``text[p + 1]`` are both non-whitespace:
      a space after a non-space always starts a new pre-token (it is the optional leading
      character of the next word / punctuation run, or a lone ``\\s``) and no pattern reaches
      back over it, while the non-space neighbours keep ``\\s+(?!\\S)`` and ``\\s++$`` from
      seeing a different whitespace run in the substring.

    Whitespace means ``str.isspace()``, a superset of the regex ``\\s`` (Unicode White_Space), so
    the rule only errs on the safe side. Surrogate pairs are never split by a clean position
    (``text[p]`` is a space or follows a newline). Everything else is treated as not clean.
    Checked by property tests against both encodings.

    >>> [p for p in range(12) if clean_boundary("Hi there.\\nOK", p)]
    [0, 2, 10]
    >>> clean_boundary("a\\n/b", 2), clean_boundary("a  b", 2)
    (False, False)
    >>> clean_boundary('{\\n    "a": 1\\n}', 2), clean_boundary("a\\n  \\nb", 2)
    (True, False)
    """
    n = len(text)
    if p <= 0 or p >= n:
        return p == 0 or p == n
    c = text[p]
    prev = text[p - 1]
    if prev == "\n":
        if c == " " or c == "\t":
            return _INDENT_THEN_TEXT.match(text, p) is not None  # (A')
        return c != "/" and not c.isspace()
    if c == " ":
        return p + 1 < n and not prev.isspace() and not text[p + 1].isspace()
    return False


# (A'): at most 256 spaces and tabs, then a character that is not whitespace (str.isspace, the
# regex's \s here: a superset of the tokenizers' \s); possessive, so a longer run never matches
_INDENT_THEN_TEXT = re.compile(r"[ \t]{1,256}+\S")


# --------------------------------------------------------------------------------------------
# the estimate
# --------------------------------------------------------------------------------------------

# The estimate reads each character's class and the class of the character before it: a run of
# digits costs a third of a token a digit (cl100k/o200k cut digits in groups of at most 3), a
# space before a word is free but one before a number is a token of its own, a word starts a
# token, and so on. Costs are in 1/12 token: a pair table (previous class, this class), a start
# table (a text's first character) and an end table (its last), fitted as a linear programme on
# real text (licence texts and package docs, JSON data files, the bundled coordinate samples)
# so that the estimate is at least 1.15 x the real count of every sampled window of 4 tokens
# or more, for both encodings; digit pairs are held at >= 1/3 token and capital pairs at >= 1/2.
# Characters outside ASCII cost their UTF-8 length in tokens (a byte-level BPE never uses more)
# and end the run before them. Checked to stay an upper bound on real files the fit never saw
# (tests/test_token_estimate.py, benchmarks/estimate_bound.py).
#: estimate classes: ASCII lower, upper, digit, space, newline, other ASCII whitespace,
#: punctuation/control, 2-, 3-, 4-byte characters, non-ASCII whitespace
_CLASS_NAMES = ("lower", "upper", "digit", "space", "newline", "tab", "punct", "utf8-2", "utf8-3",
                "utf8-4", "unicode-space")
_PAIR = np.array((
    (2, 5, 23, 11, 14, 27, 12, 58, 70, 82, 70),
    (13, 6, 9, 12, 24, 38, 7, 62, 74, 86, 74),  # a capital before a space or newline: a token ends
    (28, 19, 4, 0, 27, 0, 7, 55, 67, 79, 67),
    (0, 0, 24, 1, 0, 40, 9, 64, 76, 88, 76),
    (15, 0, 4, 17, 0, 0, 0, 24, 36, 48, 36),
    (51, 25, 0, 49, 53, 20, 0, 44, 56, 68, 56),
    (13, 12, 17, 8, 0, 31, 6, 55, 67, 79, 67),
    (31, 5, 10, 29, 33, 0, 24, 24, 36, 48, 36),
    (31, 5, 10, 29, 33, 0, 24, 24, 36, 48, 36),
    (31, 5, 10, 29, 33, 0, 24, 24, 36, 48, 36),
    (31, 5, 10, 29, 33, 0, 24, 24, 36, 48, 36),
), dtype=np.int64)
_START = np.array((31, 5, 10, 29, 33, 0, 24, 24, 36, 48, 36), dtype=np.int64)
_END = np.array((34, 38, 31, 40, 0, 20, 31, 0, 0, 0, 0), dtype=np.int64)
_NCLASS = len(_CLASS_NAMES)
_PAIR_FLAT = _PAIR.ravel()

_ASCII_CLASS = np.full(128, 6, dtype=np.uint8)
for _c in range(128):
    _ch = chr(_c)
    if "a" <= _ch <= "z":
        _ASCII_CLASS[_c] = 0
    elif "A" <= _ch <= "Z":
        _ASCII_CLASS[_c] = 1
    elif _ch.isdigit():
        _ASCII_CLASS[_c] = 2
    elif _ch == " ":
        _ASCII_CLASS[_c] = 3
    elif _ch in "\r\n":
        _ASCII_CLASS[_c] = 4
    elif _ch.isspace():
        _ASCII_CLASS[_c] = 5
del _c, _ch

_UNICODE_SPACES = np.array(
    [0x85, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028, 0x2029, 0x202F, 0x205F, 0x3000],
    dtype=np.uint32,
)


def _code_points(text: str) -> np.ndarray:
    """Code units of ``text`` as uint32 (surrogates kept as themselves)."""
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


def _estimate_classes(text: str) -> np.ndarray:
    """Every character's estimate class (uint8, an index into :data:`_CLASS_NAMES`)."""
    cp = _code_points(text)
    k = np.where(cp < 0x800, 7, np.where(cp < 0x10000, 8, 9)).astype(np.uint8)
    ascii_mask = cp < 0x80
    k[ascii_mask] = _ASCII_CLASS[cp[ascii_mask]]
    k[np.isin(cp, _UNICODE_SPACES)] = 10
    return k


def _estimate_weights(text: str, classes: np.ndarray | None = None) -> np.ndarray:
    """Per-character costs in 1/:data:`ESTIMATE_UNIT` token (int64): the first character's start
    cost, then each character's pair cost with the one before it (the end cost is added by
    :func:`estimate_count` and the estimate's index at a range's last character)."""
    k = _estimate_classes(text) if classes is None else classes
    w = np.empty(len(k), dtype=np.int64)
    if len(k):
        w[0] = _START[k[0]]
        np.take(_PAIR_FLAT, k[:-1].astype(np.int64) * _NCLASS + k[1:], out=w[1:])
    return w


def estimate_count(text: str) -> int:
    """The deterministic fallback count, an upper bound of cl100k_base and o200k_base on prose,
    coordinates and JSON: ``ceil((start + pair costs + end) / 12)`` over the characters'
    classes (see the tables above; ``tests/test_token_estimate.py`` checks the bound on real
    files the fit never saw, and :data:`ESTIMATE_UNIT` is the twelfth).

    >>> estimate_count(""), estimate_count("hello world"), estimate_count("530000.5 180000.25")
    (0, 8, 14)
    """
    if not text:
        return 0
    k = _estimate_classes(text)
    units = int(_estimate_weights(text, k).sum()) + int(_END[k[-1]])
    return -(-units // ESTIMATE_UNIT)


# --------------------------------------------------------------------------------------------
# loading real encodings offline
# --------------------------------------------------------------------------------------------

_PATCH_LOCK = threading.Lock()


def _rank_file(name: str) -> Any:
    """The installed ``bpe_openai/data/<name>.tiktoken.gz`` (a Path or Traversable).

    The package is located with ``find_spec`` so its native extension is not imported (0.8 s);
    for a non-directory install, ``importlib.resources`` finds the file instead.
    """
    fname = f"{name}.tiktoken.gz"
    spec = importlib.util.find_spec("bpe_openai")
    if spec is None:
        raise TokenizerError("the bpe-openai package (which ships the BPE ranks) is not installed")
    for location in spec.submodule_search_locations or ():
        candidate = Path(location) / "data" / fname
        if candidate.is_file():
            return candidate
    resource = importlib.resources.files("bpe_openai").joinpath("data", fname)
    if not resource.is_file():
        raise TokenizerError(f"bpe-openai does not ship {fname}")
    return resource


def _parse_ranks(raw: bytes, name: str) -> dict[bytes, int]:
    """Parse ``base64-token rank`` lines into tiktoken's ``mergeable_ranks``."""
    ranks: dict[bytes, int] = {}
    for line in raw.splitlines():
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2:
            raise TokenizerError(f"{name}: malformed rank line {line[:40]!r}")
        ranks[base64.b64decode(parts[0], validate=True)] = int(parts[1])
    return ranks


def _constructor_kwargs(name: str, ranks: dict[bytes, int], sha256: str) -> dict[str, Any]:
    """Call the installed ``tiktoken_ext.openai_public.<name>()`` with our verified ranks.

    Its module-level ``load_tiktoken_bpe`` is replaced, under a lock and restored in ``finally``,
    by a function that hands back ``ranks`` once the hash tiktoken pins equals ``sha256``; any
    other file is delegated to the original loader, so the downloader is never reached by us.
    """
    import tiktoken_ext.openai_public as openai_public

    constructor = openai_public.ENCODING_CONSTRUCTORS.get(name)
    if constructor is None:
        raise TokenizerError(f"installed tiktoken has no constructor for {name}")
    with _PATCH_LOCK:
        original = openai_public.load_tiktoken_bpe

        def verified_ranks(path: str, expected_hash: str | None = None) -> dict[bytes, int]:
            if not str(path).endswith(f"/{name}.tiktoken"):
                return original(path, expected_hash=expected_hash)
            if expected_hash != sha256:
                raise TokenizerError(
                    f"{name}: tiktoken pins sha256 {expected_hash}, installed data is {sha256}"
                )
            return ranks

        openai_public.load_tiktoken_bpe = verified_ranks
        try:
            kwargs = dict(constructor())
        finally:
            openai_public.load_tiktoken_bpe = original
    return kwargs


#: Environment variable naming geochunk's cache directory; set it empty to switch the cache off.
CACHE_ENV_VAR = "GEOCHUNK_CACHE_DIR"
_RANKS_MAGIC = b"geochunk-bpe-ranks 1\n"
_RANKS_MAX_BYTES = 64 * 1024 * 1024  # the cached ranks read back (o200k_base: ~2.5 MB)


def cache_dir() -> Path | None:
    """geochunk's directory in the user cache (``$GEOCHUNK_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/geochunk`` or ``~/.cache/geochunk``; the platform's cache folder on macOS
    and Windows). ``None`` when ``GEOCHUNK_CACHE_DIR`` is set but empty (cache off)."""
    env = os.environ.get(CACHE_ENV_VAR)
    if env is not None:
        return Path(env) if env.strip() else None
    home = Path.home()
    if os.name == "nt":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif os.uname().sysname == "Darwin":
        base = home / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or home / ".cache")
    return base / "geochunk"


def _ranks_cache_path(name: str) -> Path | None:
    d = cache_dir()
    return None if d is None else d / "bpe" / f"{name}-{PINNED_SHA256[name][:16]}.ranks"


def _pack_ranks(name: str, ranks: dict[bytes, int]) -> bytes:
    """The parsed ranks as one binary blob: magic, sha256 of the body, body.

    Body: the pinned sha256 of the source ranks (ASCII), the count (uint32), token byte lengths
    (uint16), ranks (uint32), then the token bytes back to back (all little-endian)."""
    n = len(ranks)
    lengths = np.fromiter(map(len, ranks.keys()), dtype="<u2", count=n)
    ids = np.fromiter(ranks.values(), dtype="<u4", count=n)
    body = b"".join(
        [PINNED_SHA256[name].encode("ascii"), np.uint32(n).astype("<u4").tobytes(), lengths.tobytes(),
         ids.tobytes(), *ranks.keys()]
    )
    return _RANKS_MAGIC + hashlib.sha256(body).hexdigest().encode("ascii") + b"\n" + body


def _unpack_ranks(name: str, data: bytes) -> tuple[dict[bytes, int], np.ndarray, np.ndarray] | None:
    """``(ranks, ids, byte lengths)`` from :func:`_pack_ranks` output, or ``None`` when the data
    is not exactly what was written for this encoding (truncated, altered, other version)."""
    head = len(_RANKS_MAGIC)
    if not data.startswith(_RANKS_MAGIC) or len(data) < head + 65 + 68:
        return None
    digest, body = data[head : head + 64], memoryview(data)[head + 65 :]
    if hashlib.sha256(body).hexdigest().encode("ascii") != digest:
        return None
    if bytes(body[:64]) != PINNED_SHA256[name].encode("ascii"):
        return None
    n = int(np.frombuffer(body, dtype="<u4", count=1, offset=64)[0])
    if len(body) < 68 + 6 * n:
        return None
    lengths = np.frombuffer(body, dtype="<u2", count=n, offset=68)
    ids = np.frombuffer(body, dtype="<u4", count=n, offset=68 + 2 * n)
    blob = bytes(body[68 + 6 * n :])
    if int(lengths.sum(dtype=np.int64)) != len(blob):
        return None
    ends = np.cumsum(lengths, dtype=np.int64).tolist()
    keys = [blob[a:b] for a, b in zip([0, *ends], ends)]
    return dict(zip(keys, ids.tolist())), ids.astype(np.int64), lengths.astype(np.int64)


def _write_cache(path: Path, data: bytes) -> None:
    """Write atomically (temp file + rename); a cache that cannot be written is skipped."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError as exc:
        log.debug("token rank cache not written to %s: %s", path, exc)
        try:
            tmp.unlink()
        except OSError:
            pass


def _load_ranks(name: str) -> tuple[dict[bytes, int], np.ndarray, np.ndarray]:
    """The verified ranks with their ids and byte lengths: from the user cache when it holds an
    intact copy (its sha256 checked, keyed by the pinned hash of the source), else parsed from
    the installed data (checked against the pinned sha256) and cached for the next process."""
    path = _ranks_cache_path(name)
    if path is not None:
        from geochunk.read.source import read_regular

        try:  # a regular file of at most 64 MiB (~2 MB written), else rebuilt: never a FIFO
            cached = _unpack_ranks(name, read_regular(path, max_bytes=_RANKS_MAX_BYTES))
        except (InputError, OSError):
            cached = None
        if cached is not None:
            return cached
    raw = gzip.decompress(_rank_file(name).read_bytes())
    sha = hashlib.sha256(raw).hexdigest()
    if sha != PINNED_SHA256[name]:
        raise TokenizerError(f"{name}: sha256 mismatch (expected {PINNED_SHA256[name]}, got {sha})")
    ranks = _parse_ranks(raw, name)
    if path is not None:
        _write_cache(path, _pack_ranks(name, ranks))
    ids = np.fromiter(ranks.values(), dtype=np.int64, count=len(ranks))
    lengths = np.fromiter(map(len, ranks.keys()), dtype=np.int64, count=len(ranks))
    return ranks, ids, lengths


def _load_real(name: str) -> tuple["tiktoken.Encoding", np.ndarray]:
    """The verified ``tiktoken.Encoding`` and its token byte-length table; TokenizerError if not.

    Whether the ranks come from the cache or the package data, the encoding built from them must
    reproduce the published ids of a smoke text before it is used."""
    import tiktoken

    ranks, ids, lengths = _load_ranks(name)
    enc = tiktoken.Encoding(**_constructor_kwargs(name, ranks, PINNED_SHA256[name]))
    smoke_text, smoke_ids = _SMOKE[name]
    if enc.encode_ordinary(smoke_text) != smoke_ids:
        raise TokenizerError(f"{name}: {smoke_text!r} does not encode to the published ids")
    byte_len = np.zeros(int(ids.max()) + 1, dtype=np.int64)
    byte_len[ids] = lengths
    return enc, byte_len


# --------------------------------------------------------------------------------------------
# counters and indexes
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class TokenCounter:
    """Counts tokens with one encoding: the real tiktoken one, or the flagged estimate.

    ``name`` is what every chunk records in its ``tokenizer`` field: the encoding name for the
    real tokenizer, ``"estimate(<encoding>)"`` for the fallback. Instances are shared per process
    (see :func:`get_counter`), hash by identity and are safe to use from several threads.

    >>> c = get_counter("o200k_base")
    >>> c.encoding, c.name in ("o200k_base", "estimate(o200k_base)")
    ('o200k_base', True)
    >>> c.count("<|endoftext|>") > 1  # special-token text is ordinary text here
    True
    """

    name: str
    encoding: str
    estimated: bool
    _enc: "tiktoken.Encoding | None" = field(default=None, repr=False)
    _byte_len: np.ndarray | None = field(default=None, repr=False)
    _rule_verified: bool = field(default=True, repr=False)  # pat_str is the analysed one
    # any other tokenizer: its count and, optionally, the token start offsets of a
    # whole document (for the index's fast estimate; exact counts always come from ``_fn``)
    _fn: Callable[[str], int] | None = field(default=None, repr=False)
    _starts: Callable[[str], np.ndarray | None] | None = field(default=None, repr=False)
    _sha256: str | None = field(default=None, repr=False)  # of a tokenizer JSON
    # a per-document guarded copy (:func:`guarded`): where the first failure is recorded
    _outage: "Outage | None" = field(default=None, repr=False)

    @property
    def sha256(self) -> str | None:
        """What the counts rest on: the pinned sha256 of the tiktoken ranks, the sha256 of a
        Hugging Face tokenizer's JSON, or ``None`` (the estimate, a plain callable)."""
        if self.estimated:
            return None
        if self._enc is not None:
            return PINNED_SHA256.get(self.encoding)
        return self._sha256

    @property
    def tiktoken_encoding(self) -> "tiktoken.Encoding | None":
        """The underlying ``tiktoken.Encoding`` (``None`` for the estimate)."""
        return self._enc

    @property
    def max_token_bytes(self) -> int | None:
        """The longest token's length in UTF-8 bytes (a tiktoken encoding; else ``None``), so
        ``count(text) >= ceil(len(text) / max_token_bytes)`` for any text.

        >>> get_counter("cl100k_base").max_token_bytes
        128
        """
        if self._fn is not None or self._enc is None or self._byte_len is None:
            return None
        return int(self._byte_len.max())

    def count(self, text: str) -> int:
        """Number of tokens in ``text`` (special-token text such as ``<|endoftext|>`` counts
        as ordinary text, it never raises)."""
        if self._fn is not None:
            return self._fn(text)
        if self._enc is None:
            return estimate_count(text)
        return len(self._enc.encode_ordinary(text))

    def index(self, text: str) -> "TokenIndex":
        """Encode the whole document once and return its :class:`TokenIndex`."""
        if self._fn is not None:
            return _generic_index(self, text)
        if self._enc is None or self._byte_len is None:
            return _estimate_index(text, self)
        prefix = _token_start_prefix(self._enc, self._byte_len, text, cut=self._rule_verified)
        if self._rule_verified:
            return TokenIndex(text, self, prefix, 1, lambda p: clean_boundary(text, p), split=True)
        return TokenIndex(text, self, prefix, 1, lambda p: p == 0 or p == len(text), inner=False)


def _encode_array(enc: "tiktoken.Encoding", text: str) -> np.ndarray:
    """``encode_ordinary(text)`` as a uint32 array (no Python list in between)."""
    try:
        return enc.encode_to_numpy(text, allowed_special=set(), disallowed_special=())
    except UnicodeEncodeError:
        # the same fix-up tiktoken applies in encode_ordinary: pairs joined, lone ones -> U+FFFD
        fixed = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
        return enc.encode_to_numpy(fixed, allowed_special=set(), disallowed_special=())


def _char_byte_lengths(text: str) -> np.ndarray:
    """UTF-8 byte length of every character as tiktoken sees it (int64).

    A surrogate pair counts 4 bytes on its high half and 0 on its low half; a lone surrogate
    becomes U+FFFD (3 bytes), matching tiktoken's fix-up.
    """
    cp = _code_points(text)
    lengths = 1 + (cp >= 0x80).astype(np.int64) + (cp >= 0x800) + (cp >= 0x10000)
    high = (cp >= 0xD800) & (cp <= 0xDBFF)
    if high.any():
        low = (cp >= 0xDC00) & (cp <= 0xDFFF)
        paired_high = high[:-1] & low[1:]
        lengths[:-1][paired_high] = 4
        lengths[1:][paired_high] = 0
    return lengths


def _token_start_chars(enc: "tiktoken.Encoding", byte_len: np.ndarray, text: str) -> np.ndarray:
    """The str offset where each document token starts (int64, non-decreasing).

    Vectorised, no Python loop per token: token byte lengths come from the per-encoding table,
    their running sum gives each token's start byte, which is mapped to a str offset by
    subtracting the UTF-8 continuation bytes before it (none for ASCII; a ``searchsorted`` over
    the sparse continuation bytes otherwise).
    """
    n = len(text)
    ids = _encode_array(enc, text)
    m = len(ids)
    starts = np.zeros(m, dtype=np.int64)
    if m > 1:
        np.cumsum(np.take(byte_len, ids[:-1]), out=starts[1:])  # (take: half the time of indexing)
    total_bytes = int(starts[-1] + byte_len[ids[-1]]) if m else 0
    del ids
    if text.isascii():
        start_chars = starts
        doc_bytes = n
    else:
        try:
            raw = np.frombuffer(text.encode("utf-8"), dtype=np.uint8)
        except UnicodeEncodeError:  # surrogates: map through per-character byte lengths
            char_ends = np.cumsum(_char_byte_lengths(text))
            doc_bytes = int(char_ends[-1])
            start_chars = np.searchsorted(char_ends, starts, side="right")
        else:
            doc_bytes = len(raw)
            continuation = np.flatnonzero((raw & 0xC0) == 0x80)
            del raw
            # a token starting inside a character belongs to that character
            start_chars = starts - np.searchsorted(continuation, starts, side="right")
    if total_bytes != doc_bytes:
        raise TokenizerError(f"tokens cover {total_bytes} bytes of a {doc_bytes}-byte document")
    return start_chars


def _token_start_prefix(
    enc: "tiktoken.Encoding", byte_len: np.ndarray, text: str, *, cut: bool = True
) -> "_Prefix":
    """``prefix[i]`` = number of document tokens whose first byte lies in ``text[:i]``, as a
    compact :class:`_Prefix` (its bits form: about 0.25 bytes per character).

    With ``cut`` (the clean rule holds for this encoding), the document is encoded in pieces of
    about :data:`_ENCODE_PIECE` characters cut at clean positions (:func:`clean_boundary`):
    BPE never merges across a pre-token and a clean position is a pre-token boundary both of the
    document and of the pieces, so the pieces' tokens are the document's tokens. Each piece's
    token starts fill its part of the prefix and are dropped, so no per-token or per-character
    array of the whole document exists besides the result (tiktoken's own buffer for a whole
    document peaked at ~5 bytes per character)."""
    n = len(text)
    pieces = _pieces(text) if cut else [(0, n)]
    # every piece at once (its token starts straight to words) while no piece is long; else
    # slice by slice through prefix values (a document encoded whole, its rule unverified)
    prefix = _BitsBuilder(n + 1, whole=max(b - a for a, b in pieces) <= _WHOLE)
    before = 0  # tokens starting before the piece
    for a, b in pieces:
        starts = _token_start_chars(enc, byte_len, text if (a, b) == (0, n) else text[a:b])
        prefix.add(a, b + 1 if b == n else b, starts, before)
        before += len(starts)
        del starts
    return prefix.done()


_ENCODE_PIECE = 1 << 16  # characters per encoded piece (cut at the next clean position; a
# piece's scratch, a few bytes a character, is reused from one piece to the next: 1 << 18 left
# ~0.6x a 3 MB document's size of heap behind, issue #13)
_ENCODE_ONE = 1 << 18  # a document up to this long is encoded in one piece (its scratch is small)
# candidates for a clean cut (confirmed by clean_boundary): a newline then a non-space other
# than "/" (rule A), or a space between two non-spaces (rule B); one character each side, no
# repetition, so the scan is linear
_CUT = re.compile(r"\n[^\s/]|\S \S")


def _pieces(text: str) -> list[tuple[int, int]]:
    """``[(a, b), ...]`` covering ``text``, each cut at a clean position about every
    :data:`_ENCODE_PIECE` characters (one piece when no clean position follows, or when the
    text is at most :data:`_ENCODE_ONE` characters long)."""
    n, out, a = len(text), [], 0
    while n - a > _ENCODE_PIECE and n > _ENCODE_ONE:
        m = _CUT.search(text, a + _ENCODE_PIECE)
        while m is not None and not clean_boundary(text, m.start() + 1):
            m = _CUT.search(text, m.start() + 1)
        if m is None:
            break
        out.append((a, m.start() + 1))
        a = m.start() + 1
    out.append((a, n))
    return out


#: characters per block of the compact prefix: a block's tokens start in at most 63 characters
#: before any position in it, each at most 4 UTF-8 bytes (so at most 4 tokens): 252 fits a byte
_BLOCK = 64
_SLICE = 1 << 16  # characters per construction slice (bounds the temporary int64 arrays)
#: pieces of at most this many characters are built a piece at a time
#: (:meth:`_BitsBuilder._whole`: one bool per character and the token starts, no int64 per
#: character; about a third of the slices' time); a longer piece, slice by slice
_WHOLE = 1 << 19


_MASKS = [(2 << r) - 1 for r in range(_BLOCK)]  # bits 0..r of a block's word (a table: no big-int arithmetic)


class _Prefix:
    """A non-decreasing per-character prefix count ``prefix[0..n]``: the value at every 64th
    position (``base``, int64) and, within each block of 64 positions, the difference to it,
    in one of two forms (``value(i)`` is O(1) in both, plain-int memoryview lookups):

    - *per position* (``delta`` uint8 while it fits, else uint16/int64, ``n + 1`` long): about
      1.1 bytes per character; what :meth:`from_array` makes (the estimate, other tokenizers).
    - *bits* (``delta`` uint64, one word per block; made by :class:`_BitsBuilder` for tiktoken):
      bit ``r`` (1..63) of word ``k`` is set when the count steps by one at ``64k + r`` (a token
      starts at the character before it), so the difference is a popcount. A block where some
      character starts several tokens (a multi-byte character split into byte tokens) is
      marked by bit 0 and keeps its 64 differences as uint8 at ``extra[64 * slot:]``, ``slot``
      being the word's other bits. About 0.25 bytes per character (issue #13: the per-position
      form was 1.1x the input in the peak memory of a large document).

    >>> p = _Prefix.from_array(np.array([0, 1, 1, 2, 5], dtype=np.int64))
    >>> [p.value(i) for i in range(5)], p.length
    ([0, 1, 1, 2, 5], 5)
    >>> b = _BitsBuilder(5)
    >>> b.add(0, 5, np.array([0, 2, 3, 3, 3]), 0)  # three tokens start in character 3
    >>> q = b.done()
    >>> [q.value(i) for i in range(5)], q.delta.dtype.name
    ([0, 1, 1, 2, 5], 'uint64')
    """

    __slots__ = ("base", "delta", "extra", "_base", "_delta", "_extra", "_bits", "length")

    def __init__(self, base: np.ndarray, delta: np.ndarray, extra: np.ndarray | None = None,
                 length: int | None = None) -> None:
        self.base = base
        self.delta = delta
        self._bits = delta.dtype == np.uint64
        if self._bits and length is None:
            raise ValueError("a bits-form prefix needs its length")
        self.extra = np.zeros(0, dtype=np.uint8) if extra is None else extra
        self._base = memoryview(base)  # plain-int lookups, ~4x faster than numpy scalars
        self._delta = memoryview(delta)
        self._extra = memoryview(self.extra)
        self.length = len(delta) if length is None else length

    def value(self, i: int) -> int:
        k = i >> 6
        if not self._bits:
            return self._base[k] + self._delta[i]
        w = self._delta[k]
        if w & 1:
            return self._base[k] + self._extra[(w >> 1 << 6) | (i & 63)]
        return self._base[k] + (w & _MASKS[i & 63]).bit_count()

    def to_array(self) -> np.ndarray:
        """The plain int64 prefix array (tests and debugging)."""
        if not self._bits:
            return self.base[np.arange(self.length) >> 6] + self.delta
        words = self.delta.astype("<u8")
        flags = np.unpackbits(words.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
        off = np.cumsum(flags, axis=1, dtype=np.int64)
        marked = (words & 1).astype(bool)
        if marked.any():
            off[marked] = self.extra.reshape(-1, _BLOCK)[(words[marked] >> 1).astype(np.int64)]
        return (self.base[:, None] + off).ravel()[: self.length]

    @classmethod
    def from_array(cls, prefix: np.ndarray) -> "_Prefix":
        prefix = np.asarray(prefix, dtype=np.int64)
        base = prefix[::_BLOCK].copy()
        delta = prefix - np.repeat(base, _BLOCK)[: len(prefix)]
        return cls(base, delta.astype(_delta_dtype(int(delta.max()) if len(delta) else 0)))


class _BitsBuilder:
    """Builds the bits form of a :class:`_Prefix` of ``length`` positions from the sorted token
    starts of consecutive pieces: with ``whole``, each piece's blocks straight from its token
    starts (:meth:`_whole`; the starts of an unfinished last block wait in ``pending``), else a
    slice at a time through prefix values (no per-character array of the whole document: the
    temporaries are a slice's; a block cut by a slice edge waits in ``carry``)."""

    def __init__(self, length: int, *, whole: bool = False) -> None:
        nb = (length - 1) // _BLOCK + 1
        self.length = length
        self.base = np.zeros(nb, dtype=np.int64)
        self.words = np.zeros(nb, dtype=np.uint64)
        self.extra = bytearray()
        self.slots = 0
        self.written = 0  # positions [0, written) are in base/words (a multiple of 64)
        self.carry = np.zeros(0, dtype=np.int64)  # prefix values at [written, written + len)
        self.whole = whole
        self.pending = np.zeros(0, dtype=np.int64)  # (whole) token starts at or after written
        self.counted = 0  # (whole) tokens starting before written

    def add(self, a: int, e: int, starts: np.ndarray, before: int) -> None:
        """Positions ``[a, e)`` (every earlier position added already) from the sorted token
        starts of a piece beginning at ``a`` (offsets relative to ``a``) with ``before``
        tokens ahead of it (read by the slice build; the whole build counts the starts it was
        given itself, and shifts ``starts`` in place: the caller drops them)."""
        if self.whole:
            self._whole(a, e, starts)
            return
        for s in range(a, e, _SLICE):
            t = min(e, s + _SLICE)
            j0, j1 = np.searchsorted(starts, np.array((s - a, t - a), dtype=starts.dtype), "left")
            gaps = np.diff(starts[j0:j1] - (s - a), prepend=-1, append=t - s)
            pre = np.repeat(np.arange(before + j0, before + j1 + 1, dtype=np.int64), gaps)[: t - s]
            vals = np.concatenate((self.carry, pre)) if len(self.carry) else pre
            del pre
            if t == self.length and len(vals) % _BLOCK:  # the last block: steps of 0 past the end
                vals = np.concatenate((vals, np.full(_BLOCK - len(vals) % _BLOCK, vals[-1])))
            m = len(vals) // _BLOCK
            self._blocks(self.written // _BLOCK, vals[: m * _BLOCK].reshape(m, _BLOCK))
            self.carry = vals[m * _BLOCK :].copy()
            self.written += m * _BLOCK

    def _whole(self, a: int, e: int, starts: np.ndarray) -> None:
        """The blocks that positions ``[a, e)`` complete (all that remain at the document's
        end), from the token starts alone, without the per-position prefix values the slices
        hold: bit ``r`` (1..63) of word ``k`` is set where one token starts at ``64k + r - 1``,
        ``base[k]`` counts the starts before ``64k``, and a block where some character starts
        several tokens is marked and keeps its 64 differences in ``extra`` (slots in block
        order): the words, bases and extra the slices give."""
        starts += a  # (in place: the caller drops them)
        g = starts if not len(self.pending) else np.concatenate((self.pending, starts))
        k0 = self.written // _BLOCK
        k1 = len(self.base) if e == self.length else e // _BLOCK  # blocks k0 .. k1 - 1 complete
        lo, hi = k0 * _BLOCK, k1 * _BLOCK
        if k1 > k0:
            # a start at s steps the count at s + 1: the starts in [lo, hi - 1) set flags
            i, j = np.searchsorted(g, np.array((lo, hi - 1), dtype=g.dtype), "left").tolist()
            flags = np.zeros(hi - lo, dtype=bool)
            flags[g[i:j] - (lo - 1)] = True
            flags[:: _BLOCK] = False  # the step arriving at a block's first position is in base
            words = np.packbits(flags.reshape(k1 - k0, _BLOCK), axis=1, bitorder="little").view("<u8").ravel()
            del flags
            base = np.searchsorted(g, np.arange(lo, hi, _BLOCK, dtype=np.int64), "left")
            if j - i > 1:
                run = g[i:j]
                several = run[1:][run[1:] == run[:-1]] + 1  # a step of 2 or more arrives there
                several = np.unique(several[several % _BLOCK != 0] // _BLOCK) - k0
                if len(several):
                    q = len(several)
                    pos = (several * _BLOCK + lo)[:, None] + np.arange(_BLOCK)
                    vals = np.searchsorted(g, pos, "left") - base[several][:, None]
                    words[several] = (np.arange(self.slots, self.slots + q, dtype=np.uint64)
                                      << np.uint64(1)) | np.uint64(1)
                    self.extra += vals.astype(np.uint8).tobytes()
                    self.slots += q
            self.words[k0:k1] = words
            self.base[k0:k1] = base + self.counted
            self.written = hi
        cut = int(np.searchsorted(g, self.written, "left"))
        self.counted += cut
        self.pending = g[cut:].copy()

    def _blocks(self, k0: int, vals: np.ndarray) -> None:
        """Whole blocks ``k0 ..`` from their prefix values (one row of 64 per block)."""
        m = len(vals)
        self.base[k0 : k0 + m] = vals[:, 0]
        steps = np.diff(vals, axis=1)  # the step arriving at 1..63 of each block
        flags = np.zeros((m, _BLOCK), dtype=bool)
        flags[:, 1:] = steps == 1
        words = np.packbits(flags, axis=1, bitorder="little").view("<u8").ravel()
        several = (steps > 1).any(axis=1)
        if several.any():
            q = int(several.sum())
            words[several] = (np.arange(self.slots, self.slots + q, dtype=np.uint64) << np.uint64(1)) | np.uint64(1)
            self.extra += (vals[several] - vals[several, :1]).astype(np.uint8).tobytes()
            self.slots += q
        self.words[k0 : k0 + m] = words

    def done(self) -> _Prefix:
        return _Prefix(self.base, self.words, np.frombuffer(self.extra, dtype=np.uint8), self.length)


def _delta_dtype(largest: int) -> type:
    return np.uint8 if largest <= 0xFF else np.uint16 if largest <= 0xFFFF else np.int64


#: how far :meth:`TokenIndex.exact` looks inward from a ragged end for a clean position
_CLEAN_REACH = 1024


# ASCII punctuation: never a letter (\p{L}), a number (\p{N}) or whitespace (\s) to either
# encoding's regex; without the apostrophe, which contractions join to the letters before it
_PUNCT = r"!-/:-@\[-`{-~"
_PUNCT_NO_APOS = r"!-&(-/:-@\[-`{-~"
# the character before a split position and a lookahead at the one after it (see split_boundary)
_SPLIT = re.compile(
    rf"[A-Za-z](?=[0-9{_PUNCT_NO_APOS}])|[0-9](?=[A-Za-z{_PUNCT}])|[{_PUNCT}](?=[0-9])"
)


def split_boundary(text: str, p: int) -> bool:
    """True where the count of any substring ``text[x:y]`` with ``x < p < y`` splits at ``p``:
    ``count(text[x:y]) == count(text[x:p]) + count(text[p:y])`` for ``cl100k_base`` and
    ``o200k_base`` (their analysed regexes, :data:`ANALYSED_PAT_SHA256`), and the document's
    tokens starting in ``[p, q)`` are those of ``text[p:q]`` for two such positions.

    Unlike :func:`clean_boundary` this holds inside runs with no whitespace (a pasted key, a
    base64 blob), so ``exact`` encodes only a few characters at each ragged end there. The
    positions are changes of ASCII character class, ``text[p - 1]`` / ``text[p]``:

    * a letter then a digit or a punctuation character other than ``'``;
    * a digit then a letter or a punctuation character;
    * a punctuation character then a digit.

    (ASCII punctuation is ``!"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~``.) Why: the one pre-token that
    holds ``text[p - 1]`` ends at ``p`` in every substring that holds ``p - 1``. A letter lies
    only in a letter run (``[^\\r\\n\\p{L}\\p{N}]?\\p{L}+``, o200k's cased runs, cl100k's
    ``'(?i:[sdmt]|ll|ve|re)``), which stops at a non-letter; o200k's contraction suffix needs
    ``text[p] == "'"``, which is excluded. A digit lies only in ``\\p{N}{1,3}``, which stops at a
    non-digit. A punctuation character followed by a digit lies in the punctuation run
    (`` ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*``), which stops at the digit; it is not a letter run's
    optional first character (a digit, not a letter, follows). No attempt made at an earlier
    position reads past ``p`` in a way the end of ``text[x:p]`` would change: every such attempt
    runs through ``text[p - 1]`` and stops at ``text[p]`` (or at the end) alike. From ``p`` on, the
    scan reads only forward, so ``text[x:y]`` and ``text[p:y]`` agree. BPE never merges across a
    pre-token. Property-tested against both encodings.

    >>> [p for p in range(1, 9) if split_boundary("ab12/c+d", p)]
    [2, 4, 6]
    >>> split_boundary("it's", 2), split_boundary("a b", 1)
    (False, False)
    """
    return 0 < p < len(text) and _SPLIT.match(text, p - 1, p + 1) is not None


def _first_split(text: str, lo: int, hi: int) -> int | None:
    """The first ``p`` in ``[lo, hi]`` (``lo >= 1``) with :func:`split_boundary`."""
    if hi < lo:
        return None
    m = _SPLIT.search(text, lo - 1, hi + 1)
    return None if m is None else m.end()


def _last_split(text: str, lo: int, hi: int) -> int | None:
    """The last ``p`` in ``[lo, hi]`` (``lo >= 1``) with :func:`split_boundary`: a short window
    before ``hi`` first (one is usually there), then the rest."""
    if hi < lo:
        return None
    top = hi
    for width in (64, 1 << 30):
        start = max(lo, top - width + 1)
        last = None
        for m in _SPLIT.finditer(text, start - 1, top + 1):
            last = m
        if last is not None:
            return last.end()
        if start == lo:
            return None
        top = start - 1
    return None  # pragma: no cover - the second window reaches lo


def _first_clean(text: str, clean: Callable[[int], bool], lo: int, hi: int) -> int | None:
    """The first ``p`` in ``[lo, hi]`` with ``clean(p)``. Only a position at a space or after a
    newline can be clean (:func:`clean_boundary`), so only those are asked about (``lo >= 1``),
    and not those the rules reject at a glance (:func:`_rejected`: the indentation of
    pretty-printed JSON, where every space would be asked about)."""
    if hi < lo:  # (a negative end would count from the end of the text)
        return None
    sp = text.find(" ", lo, hi + 1)
    nl = text.find("\n", lo - 1, hi)  # a newline at nl: candidate nl + 1
    while sp >= 0 or nl >= 0:
        if nl < 0 or 0 <= sp <= nl:
            c, sp = sp, text.find(" ", sp + 1, hi + 1)
        else:
            c, nl = nl + 1, text.find("\n", nl + 1, hi)
        if not _rejected(text, c) and clean(c):
            return c
    return None


def _last_clean(text: str, clean: Callable[[int], bool], lo: int, hi: int) -> int | None:
    """The last ``p`` in ``[lo, hi]`` with ``clean(p)`` (candidates as in :func:`_first_clean`)."""
    if hi < lo:
        return None
    sp = text.rfind(" ", lo, hi + 1)
    nl = text.rfind("\n", lo - 1, hi)
    while sp >= 0 or nl >= 0:
        if nl < 0 or sp > nl:
            c, sp = sp, text.rfind(" ", lo, sp)
        else:
            c, nl = nl + 1, text.rfind("\n", lo - 1, nl)
        if not _rejected(text, c) and clean(c):
            return c
    return None


def _rejected(text: str, c: int) -> bool:
    """A candidate (``1 <= c < len(text)``, at a space or after a newline) that
    :func:`clean_boundary` rejects by its first look: ``/`` or whitespace other than a space or
    tab after a newline (A, A'),
    a space with whitespace before or after it (B). Cheaper than asking the rule.

    >>> t = '{\\n  "a": [1, 2],\\n  "b": "x y"\\n}'
    >>> [c for c in range(1, len(t)) if (t[c] == " " or t[c - 1] == "\\n") and _rejected(t, c) and clean_boundary(t, c)]
    []
    """
    prev, cur = text[c - 1], text[c]
    if prev == "\n":
        return cur == "/" or (cur.isspace() and cur != " " and cur != "\t")
    return prev.isspace() or text[c + 1 : c + 2].isspace()


class TokenIndex:
    """Token counts of one document, built by encoding the whole document once.

    ``count(a, b)`` is the number of document tokens starting in ``[a, b)`` (O(1)); it equals
    ``len(encode(text[a:b]))`` when ``a`` and ``b`` are clean (:meth:`is_clean`), and is additive:
    ``count(a, b) + count(b, c) == count(a, c)``. ``exact(a, b)`` is always the substring's own
    count, encoding (and caching) it only when an end is not clean.

    For the estimate every position is clean and ``count(a, b)`` is the substring's estimate
    ``ceil(units / 12)`` (so sums of counts may exceed the whole by rounding, never fall short).

    >>> idx = get_counter().index("One. Two three.\\n\\nFour")
    >>> idx.total == idx.count(0, idx.length)
    True
    >>> idx.exact(2, 9) == get_counter().count("One. Two three."[2:9])
    True
    """

    __slots__ = ("text", "counter", "_prefix", "_base", "_delta", "_extra", "_bits", "_per_token", "_clean",
                 "_inner", "_split", "_cache", "_lock", "_estimated")

    def __init__(
        self,
        text: str,
        counter: TokenCounter,
        prefix: "np.ndarray | _Prefix",
        per_token: int,
        clean: Callable[[int], bool],
        *,
        inner: bool = True,
        split: bool = False,
    ) -> None:
        self.text = text
        self.counter = counter
        self._prefix = prefix if isinstance(prefix, _Prefix) else _Prefix.from_array(prefix)
        p = self._prefix  # inlined in count (as _Prefix.value)
        self._base, self._delta, self._extra, self._bits = p._base, p._delta, p._extra, p._bits
        self._per_token = per_token  # prefix steps per token (ESTIMATE_UNIT for the estimate)
        self._clean = clean
        self._inner = inner  # False: no position but the ends is ever clean (nothing to search)
        self._split = split  # split_boundary holds (a tiktoken encoding with its analysed regex)
        self._cache: dict[tuple[int, int], int] = {}
        self._lock = threading.Lock()
        self._estimated: set[tuple[int, int]] = set()  # exact values the outage estimate gave

    @property
    def length(self) -> int:
        """Length of the document in characters."""
        return len(self.text)

    @property
    def total(self) -> int:
        """Token count of the whole document."""
        return self.count(0, len(self.text))

    @property
    def estimated(self) -> bool:
        """Whether these counts come from the estimate."""
        return self.counter.estimated

    def count(self, a: int, b: int) -> int:
        """Number of document tokens starting in ``[a, b)``; O(1)."""
        if not 0 <= a <= b <= len(self.text):
            raise IndexError(f"range [{a}, {b}) is outside a document of length {len(self.text)}")
        base, delta = self._base, self._delta
        if not self._bits:
            steps = base[b >> 6] + delta[b] - base[a >> 6] - delta[a]
        else:  # _Prefix.value at both ends: a popcount, or a marked block's byte
            wb, wa = delta[b >> 6], delta[a >> 6]
            vb = self._extra[(wb >> 1 << 6) | (b & 63)] if wb & 1 else (wb & _MASKS[b & 63]).bit_count()
            va = self._extra[(wa >> 1 << 6) | (a & 63)] if wa & 1 else (wa & _MASKS[a & 63]).bit_count()
            steps = base[b >> 6] + vb - base[a >> 6] - va
        return steps if self._per_token == 1 else -(-steps // self._per_token)

    def is_clean(self, p: int) -> bool:
        """Whether counts are exactly additive at ``p`` (see :func:`clean_boundary`)."""
        return self._clean(p)

    def exact(self, a: int, b: int) -> int:
        """``len(encode_ordinary(text[a:b]))`` for any ``a <= b``; O(1) at clean ends, else
        encoded once and cached (thread-safe)."""
        if self._clean(a) and self._clean(b):
            return self.count(a, b)
        if self._split and self._splits(a) and self._splits(b) and a <= b:
            return self.count(a, b)  # (split or clean ends: additive as clean ones are)
        if not 0 <= a <= b <= len(self.text):
            raise IndexError(f"range [{a}, {b}) is outside a document of length {len(self.text)}")
        key = (a, b)
        with self._lock:
            hit = self._cache.get(key)
        if hit is not None:
            return hit
        value = self._exact_between_clean(a, b)
        outage = getattr(self.counter, "_outage", None)  # a duck-typed counter has none
        with self._lock:
            self._cache[key] = value
            if outage is not None and outage.error is not None:
                self._estimated.add(key)  # the counter had failed by the end of this count
        return value

    def is_estimate(self, a: int, b: int) -> bool:
        """Whether ``exact(a, b)`` came from the outage estimate (the document's tokenizer had
        failed when it was counted, see :func:`guarded`), or the whole counter is the estimate."""
        if self.counter.estimated:
            return True
        with self._lock:
            return (a, b) in self._estimated

    def _splits(self, p: int) -> bool:
        """``p`` is clean or a :func:`split_boundary` (with ``split``): counts add up there."""
        return self._clean(p) or split_boundary(self.text, p)

    def _exact_between_clean(self, a: int, b: int) -> int:
        """``exact(a, b)`` for an end that is not clean: only the ragged ends are encoded.

        The first clean position ``lo`` after ``a`` and the last ``hi`` before ``b - 1`` (each
        searched within :data:`_CLEAN_REACH` characters) are clean in the substring too: the
        rule reads ``p - 1 .. p + 1``, all inside it, except (A') which reads an indentation on
        to its first non-space character — a ``hi`` whose indentation runs past ``b`` is
        passed over (``lo`` cannot be such: ``hi`` lies after it). So the count is additive:
        ``count(text[a:lo]) + count(lo, hi) + count(text[hi:b])``, the middle read from the
        index. A long oversized unit ending between two newlines is thus never encoded again.
        With ``split`` (tiktoken's analysed regexes) a :func:`split_boundary` nearer the end
        serves as well, so a run with no whitespace (a pasted key cut between graphemes) costs
        two short encodes, not one of the whole run. Without such positions (or for
        tokenizers with no clean positions) the whole substring is encoded."""
        clean, text = self._clean, self.text
        if not self._inner:
            return self.counter.count(text[a:b])
        if clean(a) or (self._split and split_boundary(text, a)):
            lo = a
        else:
            lo_s = _first_split(text, a + 1, min(b - 1, a + _CLEAN_REACH)) if self._split else None
            lo = _first_clean(text, clean, a + 1, min(b - 2, a + _CLEAN_REACH if lo_s is None else lo_s - 1))
            lo = lo_s if lo is None else lo
        if clean(b) or (self._split and split_boundary(text, b)):
            hi = b
        else:
            hi_s = _last_split(text, max(a + 1, b - _CLEAN_REACH), b - 1) if self._split else None
            floor = max(a + 1, b - _CLEAN_REACH if hi_s is None else hi_s + 1)
            hi = _last_clean(text, clean, floor, b - 2)
            while hi is not None and text[hi] in " \t" and text[hi:b].isspace():
                # clean in the document by (A') only: its indentation runs on past ``b``, so in
                # the substring it is a trailing whitespace run, not a boundary: an earlier one
                hi = _last_clean(text, clean, floor, hi - 1)
            hi = hi_s if hi is None else hi
        if lo is None or hi is None or hi <= lo:
            return self.counter.count(text[a:b])
        head = self.counter.count(text[a:lo]) if lo > a else 0
        tail = self.counter.count(text[hi:b]) if hi < b else 0
        return head + self.count(lo, hi) + tail

    def __repr__(self) -> str:
        return f"TokenIndex({self.counter.name}, chars={len(self.text)}, tokens={self.total})"


class _EstimateIndex(TokenIndex):
    """The estimate's index: every position is clean and ``count(a, b)`` is exactly
    ``estimate_count(text[a:b])`` (the document's pair costs over the range, the first
    character's pair cost swapped for its start cost, plus the last character's end cost)."""

    __slots__ = ("_classes",)

    def __init__(self, text: str, counter: TokenCounter, prefix: np.ndarray, classes: np.ndarray) -> None:
        super().__init__(text, counter, prefix, 1, lambda p: 0 <= p <= len(text))
        self._classes = classes

    def count(self, a: int, b: int) -> int:
        units = TokenIndex.count(self, a, b)  # (checks the range)
        if a == b:
            return 0
        k = self._classes
        first = int(k[a])
        swap = int(_START[first]) - (int(_PAIR_FLAT[int(k[a - 1]) * _NCLASS + first]) if a else int(_START[first]))
        return -(-(units + swap + int(_END[k[b - 1]])) // ESTIMATE_UNIT)


def _estimate_index(text: str, counter: TokenCounter) -> TokenIndex:
    classes = _estimate_classes(text)
    prefix = np.zeros(len(text) + 1, dtype=np.int64)
    np.cumsum(_estimate_weights(text, classes), out=prefix[1:])
    return _EstimateIndex(text, counter, prefix, classes)


# --------------------------------------------------------------------------------------------
# any other tokenizer: Hugging Face ``tokenizers`` or a plain callable
# --------------------------------------------------------------------------------------------


def _generic_index(counter: TokenCounter, text: str) -> "TokenIndex":
    """A :class:`TokenIndex` for a tokenizer whose counts are not proven additive anywhere.

    ``count(a, b)`` is only a guide for packing (tokens starting in ``[a, b)`` when the tokenizer
    reports offsets, else the estimate scaled to the document's real total); no position is
    clean, so ``exact`` always counts the substring itself and every emitted ``token_count`` is
    the tokenizer's own count of the chunk text.
    """
    n = len(text)
    starts = counter._starts(text) if counter._starts is not None and n else None
    if starts is not None:
        starts = np.clip(np.sort(np.asarray(starts, dtype=np.int64)), 0, max(0, n - 1))
        reps = np.diff(starts, prepend=-1, append=n)
        prefix = np.repeat(np.arange(len(starts) + 1, dtype=np.int64), reps)
    else:
        total = counter.count(text) if n else 0
        try:
            check_growth(counter.count, text, total, counter.name)
        except ConfigError:
            outage = getattr(counter, "_outage", None)
            if outage is None or outage.error is None:
                raise
            # the tokenizer failed while the halves were counted: they are the estimate (an
            # upper bound), not a sign of truncation; the outage is recorded and the build goes on
        cum = np.zeros(n + 1, dtype=np.float64)
        if n:
            np.cumsum(_estimate_weights(text), out=cum[1:])
        scale = total / cum[-1] if n and cum[-1] > 0 else 0.0
        prefix = np.rint(cum * scale).astype(np.int64)
        if n:
            prefix[-1] = total
    return TokenIndex(text, counter, prefix, 1, lambda p: False, inner=False)


def _halves(text: str) -> tuple[str, str]:
    """``text`` cut in two near its middle, at a space or newline when one is near."""
    mid = len(text) // 2
    lo = max(0, mid - 200)
    cut = max(text.rfind(" ", lo, mid), text.rfind("\n", lo, mid))
    cut = mid if cut <= 0 else cut
    return text[:cut], text[cut:]


def check_growth(count: Callable[[str], int], text: str, total: int, name: str) -> None:
    """Refuse a counter that stops growing: ``total`` (its count of ``text``) below the sum of
    its counts of the two halves by more than 16 tokens and 1/16 of ``total`` means it truncates
    (a Hugging Face tokenizer with truncation on counts every long text as its ``max_length``,
    e.g. 512), and every chunk would claim to fit. A real tokenizer's halves add up to the whole
    within a few tokens at the cut (and the special tokens the halves add once more each), so a
    cap is caught as soon as the text holds 1/16 more than it: a looser margin let a
    10,000-token chunk pass as the 8,192 an 8k cap gave it.

    >>> check_growth(lambda s: min(len(s.split()), 512), "w " * 3000, 512, "capped")
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: token counter capped stops growing: a text of 6000 characters counts 512 tokens, but its halves count 512 and 512: it truncates (a Hugging Face tokenizer with truncation on caps every count at max_length). Turn truncation off (tok.no_truncation()), or pass the tokenizers.Tokenizer itself as encoding=
    """
    if total < 16 or len(text) < 64:
        return
    first, second = _halves(text)
    a, b = count(first), count(second)
    if a + b > total + 16 + total // 16:
        raise ConfigError(
            f"token counter {name} stops growing: a text of {len(text)} characters counts {total} "
            f"tokens, but its halves count {a} and {b}: it truncates (a Hugging Face tokenizer with "
            "truncation on caps every count at max_length). Turn truncation off (tok.no_truncation()), "
            "or pass the tokenizers.Tokenizer itself as encoding="
        )


#: the probe a new callable counter must count as growing (7,000 tokens of cl100k_base)
_GROWTH_PROBE = " ".join(f"parcel {i} lies north of road {i % 97}." for i in range(700))


class Outage:
    """Where a document's tokenizer first failed (shared by the guarded counter of one
    document, see :func:`guarded`); ``error`` stays ``None`` while it has not."""

    __slots__ = ("error", "_lock")

    def __init__(self) -> None:
        self.error: str | None = None
        self._lock = threading.Lock()

    def fail(self, name: str, exc: BaseException, chars: int) -> None:
        with self._lock:
            if self.error is not None:
                return
            self.error = str(exc) if isinstance(exc, TokenizerError) else (
                f"token counter {name} raised {type(exc).__name__}: {exc} (counting a text of {chars} characters)")
        log.warning("%s; the rest of this document is counted by the estimate (chunks flagged "
                    "token_estimate; strict_tokens=True fails instead)", self.error)


def guarded(counter: TokenCounter, *, strict: bool = False) -> TokenCounter:
    """A copy of ``counter`` for one document that survives a tokenizer outage: when the
    counting function raises, the failure is recorded (``counter._outage.error``, logged once)
    and every later count of that document is :func:`estimate_count`, an upper bound per content
    class, so the build finishes and the chunks counted so are flagged ``token_estimate``. With
    ``strict`` a failure raises :class:`~geochunk.errors.TokenizerError` instead. Only counters
    with a counting function (a callable, a Hugging Face tokenizer) are guarded: the tiktoken
    encodings and the estimate are returned as they are.

    >>> calls = []
    >>> def flaky(s):
    ...     calls.append(s)
    ...     if len(calls) > 5:  # (the first four: callable_counter's checks)
    ...         raise OSError("tokenizer service down")
    ...     return len(s.split())
    >>> c = guarded(callable_counter(flaky, name="flaky"))
    >>> c.count("two words"), c._outage.error is None
    (2, True)
    >>> c.count("three more words") == estimate_count("three more words"), c._outage.error is not None
    (True, True)
    """
    fn, starts = counter._fn, counter._starts
    if fn is None:
        return counter
    state = Outage()
    name = counter.name

    def count(text: str) -> int:
        if state.error is None:
            try:
                return fn(text)
            except Exception as exc:  # noqa: BLE001 - the tokenizer's own failure, whatever it is
                if strict:
                    if isinstance(exc, TokenizerError):
                        raise
                    raise TokenizerError(f"token counter {name} raised {type(exc).__name__}: {exc} "
                                         f"(counting a text of {len(text)} characters)") from exc
                state.fail(name, exc, len(text))
        return estimate_count(text)

    def safe_starts(text: str) -> np.ndarray | None:
        if state.error is None and starts is not None:
            try:
                return starts(text)
            except Exception as exc:  # noqa: BLE001 - as in count
                if strict:
                    raise TokenizerError(f"token counter {name} raised {type(exc).__name__}: {exc}") from exc
                state.fail(name, exc, len(text))
        return None

    return replace(counter, _fn=count, _starts=None if starts is None else safe_starts, _outage=state)


def _checked(fn: Callable[[str], Any], name: str) -> Callable[[str], int]:
    def count(text: str) -> int:
        try:
            n = fn(text)
        except Exception as exc:  # noqa: BLE001 - the caller's code: say whose error it is
            raise TokenizerError(
                f"token counter {name} raised {type(exc).__name__}: {exc} "
                f"(counting a text of {len(text)} characters)"
            ) from exc
        if _bad_count(n):
            raise TokenizerError(f"{name} returned {n!r}; a token counter must return an int >= 0")
        return int(n)

    return count


def _bad_count(value: Any) -> bool:
    return isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0


def callable_counter(fn: Callable[[str], int], *, name: str | None = None) -> TokenCounter:
    """A :class:`TokenCounter` from any ``Callable[[str], int]`` (e.g. a model's tokenizer).

    ``name`` is what chunks record in ``tokenizer`` (default ``callable:<module>.<qualname>``).
    Counts are verified per chunk (the callable counts every chunk's text); the document-wide
    index only guides packing.

    >>> c = callable_counter(lambda s: len(s.split()), name="words")
    >>> c.name, c.count("two words"), c.estimated
    ('words', 2, False)
    >>> callable_counter(lambda s: s.split())
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: a token counter must return an int >= 0; callable:geochunk.tokens.counting.<lambda> returned list for 'hello world'
    """
    if not callable(fn):
        raise ConfigError(f"a token counter must be callable, got {type(fn).__name__}")
    if name is None:
        module = getattr(fn, "__module__", None) or type(fn).__module__
        qual = getattr(fn, "__qualname__", None) or type(fn).__qualname__
        name = f"callable:{module}.{qual}"
    try:
        probe = fn("hello world")
    except Exception as exc:  # noqa: BLE001 - a counter that cannot count is a wrong argument
        raise ConfigError(
            f"a token counter must take one str and return an int >= 0; {name} raised "
            f"{type(exc).__name__}: {exc} for 'hello world'"
        ) from exc
    if _bad_count(probe):
        shown = repr(probe) if isinstance(probe, (int, np.integer)) else type(probe).__name__
        raise ConfigError(
            f"a token counter must return an int >= 0; {name} returned {shown} for 'hello world'"
        )
    checked = _checked(fn, name)
    try:
        total = checked(_GROWTH_PROBE)
    except TokenizerError as exc:
        raise ConfigError(f"a token counter must count any text; {exc}") from exc.__cause__
    check_growth(checked, _GROWTH_PROBE, total, name)
    return TokenCounter(name=name, encoding=name, estimated=False, _fn=checked)


def _is_hf_tokenizer(obj: Any) -> bool:
    return type(obj).__module__.split(".")[0] == "tokenizers" and callable(getattr(obj, "encode_batch", None))


def hf_counter(
    tokenizer: Any, *, name: str | None = None, add_special_tokens: bool = False
) -> TokenCounter:
    """A :class:`TokenCounter` from a Hugging Face ``tokenizers.Tokenizer`` or a path to its
    ``tokenizer.json`` (read locally: nothing is downloaded).

    Counts are ``len(encode(text, add_special_tokens=...).ids)`` on a private copy of the
    tokenizer with truncation and padding switched off (so a long chunk is never under-counted).
    By default the model's special tokens (``[CLS]``/``[SEP]``) are not counted: leave room for
    them in the budget, or pass ``add_special_tokens=True``. ``name`` defaults to
    ``tokenizers:<folder or model type>@<sha256 of the tokenizer JSON, 12 hex>``.
    """
    try:
        from tokenizers import Tokenizer
    except ImportError as exc:  # pragma: no cover - tokenizers is installed with the dev deps
        raise ConfigError(
            "a tokenizer.json needs the 'tokenizers' package: pip install tokenizers"
        ) from exc
    if isinstance(tokenizer, (str, os.PathLike)):
        path = Path(tokenizer)
        try:
            spec = path.read_text(encoding="utf-8")
            tok = Tokenizer.from_str(spec)
        except Exception as exc:  # noqa: BLE001 - any failure to read or parse: say which file
            raise ConfigError(f"cannot load tokenizer {str(path)!r}: {exc}") from None
        label = path.parent.name if path.name == "tokenizer.json" and path.parent.name else path.stem
    elif _is_hf_tokenizer(tokenizer):
        spec = tokenizer.to_str()
        tok = Tokenizer.from_str(spec)
        label = _json_model_type(spec)
    else:
        raise ConfigError(f"expected a tokenizers.Tokenizer or a tokenizer.json path, got {type(tokenizer).__name__}")
    tok.no_truncation()
    tok.no_padding()
    sha256 = hashlib.sha256(spec.encode("utf-8")).hexdigest()
    if name is None:
        name = f"tokenizers:{label}@{sha256[:12]}"
    special = bool(add_special_tokens)

    def fix(text: str) -> str:  # lone surrogates cannot cross into Rust: U+FFFD, like tiktoken
        try:
            text.encode("utf-8")
            return text
        except UnicodeEncodeError:
            return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")

    def count(text: str) -> int:
        return len(tok.encode(fix(text), add_special_tokens=special).ids)

    def starts(text: str) -> np.ndarray | None:
        fixed = fix(text)
        if len(fixed) != len(text):
            return None  # offsets would not line up with str indices: use the scaled estimate
        offsets = tok.encode(fixed, add_special_tokens=special).offsets
        return np.fromiter((o[0] for o in offsets), dtype=np.int64, count=len(offsets))

    return TokenCounter(
        name=name, encoding=name, estimated=False, _fn=count, _starts=starts,
        _sha256=sha256,
    )


def _json_model_type(spec: str) -> str:
    """The ``model.type`` of a tokenizer JSON (``"BPE"``, ``"WordPiece"`` ...), or ``"tokenizer"``."""
    try:
        return str(json.loads(spec).get("model", {}).get("type") or "tokenizer")
    except (ValueError, AttributeError):
        return "tokenizer"


# --------------------------------------------------------------------------------------------
# the per-process cache
# --------------------------------------------------------------------------------------------

_COUNTERS: dict[tuple[str, str], TokenCounter] = {}
_COUNTERS_LOCK = threading.Lock()
_WARNED: set[str] = set()


def _mode() -> str:
    mode = os.environ.get(ENV_VAR, "").strip().lower() or "auto"
    if mode not in TOKENIZER_MODES:
        raise ConfigError(
            f"unknown {ENV_VAR} value {mode!r}; valid values: {', '.join(TOKENIZER_MODES)}"
        )
    return mode


def _estimate_counter(encoding: str) -> TokenCounter:
    return TokenCounter(name=f"estimate({encoding})", encoding=encoding, estimated=True)


def _build_counter(encoding: str, mode: str) -> TokenCounter:
    if mode == "estimate":
        log.info("%s=estimate: using the token estimate for %s", ENV_VAR, encoding)
        return _estimate_counter(encoding)
    try:
        enc, byte_len = _load_real(encoding)
    except Exception as exc:  # noqa: BLE001 - any failure means: fall back, flagged
        if encoding not in _WARNED:
            _WARNED.add(encoding)
            log.warning(
                "real %s tokenizer unavailable (%s: %s); token counts are estimates",
                encoding,
                type(exc).__name__,
                exc,
            )
        return _estimate_counter(encoding)
    pat_sha = hashlib.sha256(enc._pat_str.encode("utf-8")).hexdigest()
    verified = pat_sha == ANALYSED_PAT_SHA256[encoding]
    if not verified:
        log.warning(
            "installed tiktoken's %s regex differs from the analysed one; only document ends "
            "are treated as clean token boundaries",
            encoding,
        )
    return TokenCounter(
        name=encoding,
        encoding=encoding,
        estimated=False,
        _enc=enc,
        _byte_len=byte_len,
        _rule_verified=verified,
    )


def get_counter(encoding: Any = "cl100k_base") -> TokenCounter:
    """The :class:`TokenCounter` for ``encoding``.

    ``encoding`` is ``"cl100k_base"`` or ``"o200k_base"`` (real tiktoken ranks, shared per process,
    thread-safe), a path to a Hugging Face ``tokenizer.json`` (see :func:`hf_counter`; cached per
    file version), a ``tokenizers.Tokenizer``, a ``tiktoken.Encoding`` you loaded (named
    ``tiktoken:<name>``), a :class:`TokenCounter` (returned as is) or any ``Callable[[str], int]``
    (see :func:`callable_counter`; one that raises or returns anything but an int >= 0 is a
    ``ConfigError``).

    >>> get_counter("cl100k_base") is get_counter("cl100k_base")
    True
    >>> get_counter(len).count("four"), get_counter(len).name
    (4, 'callable:builtins.len')
    >>> get_counter("gpt2")
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: unknown encoding 'gpt2'; valid values: cl100k_base, o200k_base, a path to a Hugging Face tokenizer.json, a tokenizers.Tokenizer, a TokenCounter or a callable str -> int
    """
    if isinstance(encoding, TokenCounter):
        return encoding
    if not (isinstance(encoding, str) and encoding in ENCODINGS):
        return _other_counter(encoding)
    key = (encoding, _mode())
    counter = _COUNTERS.get(key)
    if counter is not None:
        return counter
    with _COUNTERS_LOCK:
        counter = _COUNTERS.get(key)
        if counter is None:
            counter = _build_counter(encoding, key[1])
            _COUNTERS[key] = counter
    return counter


_FILE_COUNTERS: dict[tuple[str, int, int], TokenCounter] = {}


def _other_counter(encoding: Any) -> TokenCounter:
    from geochunk.model import OTHER_TOKENIZERS, tokenizer_json_path

    if isinstance(encoding, (str, os.PathLike)):
        path = tokenizer_json_path(encoding) or os.fspath(encoding)
        if not (isinstance(path, str) and path.endswith(".json") and os.path.isfile(path)):
            what = "no such tokenizer.json" if isinstance(path, str) and path.endswith(".json") else "unknown encoding"
            raise ConfigError(
                f"{what} {encoding!r}; valid values: {', '.join(ENCODINGS)}, {OTHER_TOKENIZERS}"
            )
        st = os.stat(path)
        key = (os.path.realpath(path), st.st_mtime_ns, st.st_size)
        with _COUNTERS_LOCK:
            counter = _FILE_COUNTERS.get(key)
        if counter is None:
            counter = hf_counter(path)
            with _COUNTERS_LOCK:
                _FILE_COUNTERS[key] = counter
        return counter
    if _is_hf_tokenizer(encoding):
        return hf_counter(encoding)
    if type(encoding).__module__.split(".")[0] == "tiktoken" and callable(
        getattr(encoding, "encode_ordinary", None)
    ):  # a tiktoken.Encoding the caller loaded: its own count, verified per chunk
        enc = encoding
        return callable_counter(lambda s: len(enc.encode_ordinary(s)), name=f"tiktoken:{enc.name}")
    hint = _ENCODE_HINT if callable(getattr(encoding, "encode", None)) else ""
    if callable(encoding):
        try:
            return callable_counter(encoding)
        except ConfigError as exc:
            if hint:
                raise ConfigError(f"{exc}{hint}") from exc.__cause__
            raise
    raise ConfigError(
        f"unknown encoding {encoding!r}; valid values: {', '.join(ENCODINGS)}, {OTHER_TOKENIZERS}{hint}"
    )


# an object with .encode (e.g. a transformers tokenizer) is not itself a counter
_ENCODE_HINT = (
    " (for a tokenizer object with .encode, pass encoding=lambda s: len(tok.encode(s)) -"
    " for transformers: tok.encode(s, add_special_tokens=False))"
)


def clear_cache() -> None:
    """Forget loaded counters and the warned-once set (the next call reloads)."""
    with _COUNTERS_LOCK:
        _COUNTERS.clear()
        _FILE_COUNTERS.clear()
        _WARNED.clear()
