"""Tests for geochunk.tokens.counting: offline loading, counting, the token index and clean boundaries."""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import inspect
import json
import logging
import random
import socket
import threading
from typing import Iterator

import hypothesis.strategies as st
import pytest
import tiktoken.load
import tiktoken_ext.openai_public as openai_public
from hypothesis import example, given, settings

from geochunk.tokens import counting as tokens
from geochunk.errors import ConfigError, TokenizerError
from geochunk.tokens.counting import (
    ENV_VAR,
    PINNED_SHA256,
    TokenCounter,
    clean_boundary,
    clear_cache,
    estimate_count,
    get_counter,
)

ENCODINGS = ["cl100k_base", "o200k_base"]


# ------------------------------------------------------------------------------------------
# fixtures
# ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real() -> dict[str, TokenCounter]:
    """Real counters for both encodings, whatever GEOCHUNK_TOKENIZER says elsewhere."""
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv(ENV_VAR, raising=False)
        counters = {name: get_counter(name) for name in ENCODINGS}
    for counter in counters.values():
        assert not counter.estimated, "the real tokenizer must load offline in the test env"
    return counters


@pytest.fixture(scope="module")
def estimate() -> TokenCounter:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(ENV_VAR, "estimate")
        return get_counter("cl100k_base")


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """An empty counter cache, and an empty one again afterwards (no estimate leaks out); an
    empty rank cache directory, so loads read the package data."""
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.setenv(tokens.CACHE_ENV_VAR, str(tmp_path / "geochunk-cache"))
    clear_cache()
    yield
    clear_cache()


def enc_of(counter: TokenCounter):  # type: ignore[no-untyped-def]
    enc = counter.tiktoken_encoding
    assert enc is not None
    return enc


# ------------------------------------------------------------------------------------------
# document strategies
# ------------------------------------------------------------------------------------------

WORDS = (
    "The survey boundary follows the river north of the old mill and it's marked on the "
    "1:2500 plan; they'll re-survey in May. Don't cut geometries! Parcel A-17 (see Annex) "
    "covers 3.2 ha, e.g. fields, hedges & ditches."
).split(" ")

SEPARATORS = [
    " ", "  ", "   ", "\n", "\n\n", "\r\n", "\r\n\r\n", "\r", "\t", "\t\t", " \n", "\n ",
    "\u00a0", "\u2009", "\u202f", "\u3000", "\u2028", "\x85", "\x0b", "\x1c",
    "/", "\n/", "\n//", " /", "/\n", ".\n/", "'s", "'S", "'ll", "'re", "'", "\n'",
    "\n    ", "\n\t", "\n \t ", "},\n  ", "\n  \n  ", "\n  /", "\n  '",  # indentation (A')
]

UNICODE_BITS = [
    "地理空间数据", "北京", "東京都", "😀", "👍🏽", "🗺️", "🇬🇧", "e\u0301", "\u0301", "n\u0303o",
    "नमस्ते", "हिन्दी", "Ünïcödé", "Straße", "ǅ", "Σίσυφος", "Москва", "עברית", "٣٤٥",
    "\u200b", "\ufeff", "ﬁ", "①②", "Ⅻ",
]


def _coords(points: list[tuple[float, float]], decimals: int) -> str:
    body = ", ".join(f"{x:.{decimals}f} {y:.{decimals}f}" for x, y in points)
    return f"POLYGON(({body}))"


coordinate_text = st.builds(
    _coords,
    st.lists(
        st.tuples(st.floats(400000, 700000), st.floats(0, 1300000)), min_size=1, max_size=6
    ),
    st.integers(0, 6),
)

json_text = st.builds(
    lambda xs, props: json.dumps(
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": xs}, "properties": props},
        ensure_ascii=False,
    ),
    st.lists(st.floats(-180, 180), min_size=2, max_size=3),
    st.dictionaries(
        st.text(max_size=6), st.one_of(st.integers(), st.text(max_size=8)), max_size=3
    ),
)

fragment = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(WORDS).map(lambda w: " " + w),
    st.sampled_from(SEPARATORS),
    st.sampled_from(UNICODE_BITS),
    st.text(alphabet="0123456789", min_size=1, max_size=30),
    coordinate_text,
    json_text,
    st.text(max_size=8),  # anything at all (hypothesis' default alphabet has no surrogates)
)

documents = st.lists(fragment, min_size=1, max_size=30).map("".join)


# ------------------------------------------------------------------------------------------
# offline loading
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ENCODINGS)
def test_pinned_hash_is_the_one_tiktoken_pins(name: str) -> None:
    assert PINNED_SHA256[name] in inspect.getsource(getattr(openai_public, name))


@pytest.mark.parametrize("name", ENCODINGS)
def test_clean_rule_was_verified_against_the_installed_regex(
    real: dict[str, TokenCounter], name: str
) -> None:
    pat = enc_of(real[name])._pat_str
    assert hashlib.sha256(pat.encode()).hexdigest() == tokens.ANALYSED_PAT_SHA256[name]
    eot = {"cl100k_base": 100257, "o200k_base": 199999}[name]
    assert enc_of(real[name])._special_tokens["<|endoftext|>"] == eot  # from openai_public
    assert real[name].index("a b\nc").is_clean(1)


def test_unknown_regex_leaves_only_document_ends_clean(
    fresh: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(tokens.ANALYSED_PAT_SHA256, "cl100k_base", "0" * 64)
    with caplog.at_level(logging.WARNING, logger="geochunk.tokens.counting"):
        counter = get_counter("cl100k_base")
    assert not counter.estimated and "regex differs" in caplog.text
    text = "Hello there.\nPOINT (1 2) it is"
    idx = counter.index(text)
    assert [p for p in range(len(text) + 1) if idx.is_clean(p)] == [0, len(text)]
    assert idx.exact(13, len(text)) == counter.count(text[13:])


@pytest.mark.parametrize("name", ENCODINGS)
def test_loads_offline_without_the_downloader(
    name: str, fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"network / downloader used: {args!r}")

    monkeypatch.setattr(tiktoken.load, "read_file", no_network)
    monkeypatch.setattr(tiktoken.load, "read_file_cached", no_network)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    if importlib.util.find_spec("requests") is not None:
        import requests

        monkeypatch.setattr(requests, "get", no_network)
        monkeypatch.setattr(requests.Session, "request", no_network)
    counter = get_counter(name)
    assert not counter.estimated
    assert counter.name == counter.encoding == name
    assert enc_of(counter).encode_ordinary("hello world") == tokens._SMOKE[name][1]
    # the constructor's loader is put back afterwards
    assert openai_public.load_tiktoken_bpe is tiktoken.load.load_tiktoken_bpe


@pytest.mark.parametrize(
    ("name", "text", "ids"),
    [
        ("cl100k_base", "hello world", [15339, 1917]),
        ("cl100k_base", "<|endoftext|>", [27, 91, 8862, 728, 428, 91, 29]),
        (
            "cl100k_base",
            " 日本語とEnglish 12345!\n",
            [76502, 22656, 45918, 252, 19732, 23392, 220, 4513, 1774, 4999],
        ),
        ("cl100k_base", "a\n\n", [64, 271]),
        ("cl100k_base", "👍", [9468, 239, 235]),
        ("cl100k_base", "today\n \n", [31213, 27907]),
        ("cl100k_base", "!hello1234567", [0, 15339, 4513, 10961, 22]),
        ("cl100k_base", "'rer", [2351, 81]),
        ("cl100k_base", "a\ud800b", [64, 5809, 65]),
        ("o200k_base", "hello world", [24912, 2375]),
        ("o200k_base", "<|endoftext|>", [27, 91, 419, 1440, 919, 91, 29]),
        (
            "o200k_base",
            " 日本語とEnglish 12345!\n",
            [17428, 40909, 5330, 28881, 220, 7633, 2548, 4175],
        ),
        ("o200k_base", "a\n\n", [64, 279]),
        ("o200k_base", "This is some text", [2500, 382, 1236, 2201]),
        ("o200k_base", "a\ud800b", [64, 3251, 65]),
    ],
)
def test_published_token_ids(
    real: dict[str, TokenCounter], name: str, text: str, ids: list[int]
) -> None:
    counter = real[name]
    assert enc_of(counter).encode_ordinary(text) == ids
    assert counter.count(text) == len(ids)
    assert counter.index(text).total == len(ids)


def _tampered_rank_file(tmp_path, name: str):  # type: ignore[no-untyped-def]
    raw = gzip.decompress(tokens._rank_file(name).read_bytes())
    lines = raw.splitlines(keepends=True)
    lines[1000], lines[1001] = lines[1001], lines[1000]  # two ranks swapped: same size, wrong
    path = tmp_path / f"{name}.tiktoken.gz"
    path.write_bytes(gzip.compress(b"".join(lines)))
    return path


@pytest.mark.parametrize("name", ENCODINGS)
def test_hash_mismatch_falls_back_to_flagged_estimate(
    name: str,
    fresh: None,
    tmp_path,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    bad = _tampered_rank_file(tmp_path, name)
    monkeypatch.setattr(tokens, "_rank_file", lambda n: bad)
    with caplog.at_level(logging.WARNING, logger="geochunk.tokens.counting"):
        first = get_counter(name)
        second = get_counter(name)
    assert first is second
    assert first.estimated and first.name == f"estimate({name})" and first.encoding == name
    assert first.tiktoken_encoding is None
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "sha256 mismatch" in warnings[0].getMessage()
    assert first.count("hello world") == estimate_count("hello world")


def test_warning_is_logged_once_per_encoding(
    fresh: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(name: str) -> None:
        raise TokenizerError("no data")

    monkeypatch.setattr(tokens, "_rank_file", broken)
    with caplog.at_level(logging.WARNING, logger="geochunk.tokens.counting"):
        for _ in range(3):
            tokens._COUNTERS.clear()  # force a rebuild: the warning must still not repeat
            assert get_counter("cl100k_base").estimated
    assert sum(r.levelno == logging.WARNING for r in caplog.records) == 1


def test_missing_package_falls_back(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    original = importlib.util.find_spec

    def find_spec(name: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        return None if name == "bpe_openai" else original(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    counter = get_counter("o200k_base")
    assert counter.estimated and counter.name == "estimate(o200k_base)"


def test_tiktoken_pin_disagreeing_with_data_is_refused() -> None:
    raw = gzip.decompress(tokens._rank_file("cl100k_base").read_bytes())
    ranks = tokens._parse_ranks(raw, "cl100k_base")
    with pytest.raises(TokenizerError, match="tiktoken pins sha256"):
        tokens._constructor_kwargs("cl100k_base", ranks, "0" * 64)
    assert openai_public.load_tiktoken_bpe is tiktoken.load.load_tiktoken_bpe


def test_env_var_forces_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "estimate")
    counter = get_counter("cl100k_base")
    assert counter.estimated and counter.name == "estimate(cl100k_base)"
    assert counter.tiktoken_encoding is None


@pytest.mark.parametrize("bad", ["gpt2", "CL100K_BASE", "", "p50k_base"])
def test_unknown_encoding_lists_valid_names(bad: str) -> None:
    with pytest.raises(ConfigError, match="valid values: cl100k_base, o200k_base"):
        get_counter(bad)


def test_unknown_env_mode_lists_valid_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "guess")
    with pytest.raises(ConfigError, match="valid values: auto, estimate"):
        get_counter()


def test_get_counter_is_cached_and_thread_safe(fresh: None) -> None:
    seen: list[TokenCounter] = []
    threads = [threading.Thread(target=lambda: seen.append(get_counter())) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(seen) == 8 and all(c is seen[0] for c in seen) and not seen[0].estimated


# ------------------------------------------------------------------------------------------
# counting
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ENCODINGS)
@pytest.mark.parametrize(
    "text", ["<|endoftext|>", "before <|endoftext|> after", "<|fim_prefix|><|endofprompt|>"]
)
def test_special_token_text_is_counted_not_raised(
    real: dict[str, TokenCounter], name: str, text: str
) -> None:
    counter = real[name]
    expected = len(enc_of(counter).encode_ordinary(text))
    assert expected > 3
    assert counter.count(text) == expected
    assert counter.index(text).total == expected


def test_index_counts_token_starts(real: dict[str, TokenCounter]) -> None:
    counter = real["cl100k_base"]
    idx = counter.index("a👍b")  # "a", three byte-level tokens for the emoji, "b"
    assert idx.total == 5 == len(enc_of(counter).encode_ordinary("a👍b"))
    assert [idx.count(p, p + 1) for p in range(idx.length)] == [1, 3, 1]
    assert not idx.is_clean(1) and idx.exact(0, 1) == 1 and idx.exact(1, 2) == 3
    idx = counter.index("hello world")
    assert (idx.count(0, 5), idx.count(5, 11), idx.count(0, 6), idx.count(6, 11)) == (1, 1, 2, 0)


def _plain_prefix(counter: TokenCounter, text: str) -> list[int]:
    """prefix[i] = tokens starting in text[:i], by encoding every token on its own (slow, plain)."""
    enc = enc_of(counter)
    ids = enc.encode_ordinary(text)
    raw = text.encode("utf-8")
    char_of_byte = [i for i, ch in enumerate(text) for _ in ch.encode("utf-8")]
    out, byte, starts = [0] * (len(text) + 1), 0, []
    for t in ids:
        starts.append(char_of_byte[byte])
        byte += len(enc.decode_single_token_bytes(t))
    assert byte == len(raw)
    for s in starts:
        for i in range(s + 1, len(text) + 1):
            out[i] += 1
    return out


@pytest.mark.parametrize("name", ENCODINGS)
@pytest.mark.parametrize(("piece_slice", "whole"), [(100, -1), (128, -1), (100, 1 << 19)])
def test_compact_index_equals_the_plain_prefix_across_blocks_and_slices(
    real: dict[str, TokenCounter], name: str, piece_slice: int, whole: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index keeps a value per 64 characters + a word of bits (a block where a character
    starts several tokens: 64 byte offsets instead); built in slices (edges inside blocks and on
    them), encoded in pieces cut at clean positions. Every position agrees with the plain
    per-token prefix, across block and slice edges, with 4-byte characters that split into
    several tokens each."""
    monkeypatch.setattr(tokens, "_SLICE", piece_slice)  # many slices on a small text
    monkeypatch.setattr(tokens, "_WHOLE", whole)  # -1: slice by slice; else a piece at a time
    monkeypatch.setattr(tokens, "_ENCODE_PIECE", 40)  # encoded in many pieces, cut where clean
    monkeypatch.setattr(tokens, "_ENCODE_ONE", 0)  # (however short the text)
    rng = random.Random(7)
    alphabet = ["a", " ", "\n", "7", ".", "é", "中", "👍", "\U0001f9ec", "ok", "  "]
    text = "".join(rng.choice(alphabet) for _ in range(900)) + "👍" * 70 + "[1,2]" * 40 + "\n/x y"
    assert len(tokens._pieces(text)) > 10
    counter = real[name]
    idx = counter.index(text)
    plain = _plain_prefix(counter, text)
    assert [idx.count(0, i) for i in range(len(text) + 1)] == plain
    assert idx._prefix.to_array().tolist() == plain
    p = idx._prefix
    marked = int((p.delta & 1).astype(bool).sum())
    assert 0 < marked < len(p.base)  # both kinds of block are exercised
    assert len(p.extra) == 64 * marked
    assert p.base.nbytes + p.delta.nbytes + p.extra.nbytes <= len(text) / 4 + 64 * marked + 16


@pytest.mark.parametrize("name", ENCODINGS)
@pytest.mark.parametrize("piece", [37, 1 << 18])
def test_piece_at_once_build_equals_the_slice_build(
    real: dict[str, TokenCounter], name: str, piece: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pieces built at once (``_BitsBuilder._whole``: blocks straight from token starts, the
    starts of a block a piece leaves unfinished carried to the next) give the bases, words and
    marked blocks of the slice-by-slice build, over one piece or many, with characters that
    start several tokens on block edges, inside blocks and at piece cuts."""
    counter = real[name]
    enc = enc_of(counter)
    monkeypatch.setattr(tokens, "_ENCODE_PIECE", piece)
    monkeypatch.setattr(tokens, "_ENCODE_ONE", 0)  # pieces however short the text
    rng = random.Random(11)
    alphabet = ["a", " ", "\n", "7", ".", "é", "中", "ok", "\t", "👍", "\U0001f9ec", "\ud83d"]
    texts = ["", "a", "x" * 63, "x " * 64, "👍" * 70, *[("a" * k + "👍 ") * 9 for k in (0, 61, 62, 63, 64)]]
    texts += ["".join(rng.choice(alphabet[: rng.choice((9, 12))]) for _ in range(rng.randint(1, 700)))
              for _ in range(40)]
    marked = plain = several_pieces = 0
    for text in texts:
        several_pieces += len(tokens._pieces(text)) > 1
        with monkeypatch.context() as m:
            m.setattr(tokens, "_WHOLE", 1 << 40)
            p = tokens._token_start_prefix(enc, counter._byte_len, text)
        with monkeypatch.context() as m:
            m.setattr(tokens, "_WHOLE", -1)
            m.setattr(tokens, "_SLICE", 100)
            q = tokens._token_start_prefix(enc, counter._byte_len, text)
        assert p.base.tolist() == q.base.tolist() and p.delta.tolist() == q.delta.tolist(), text
        assert p.extra.tobytes() == q.extra.tobytes() and p.length == q.length
        if "\ud83d" not in text:  # (the plain prefix reads UTF-8)
            assert p.to_array().tolist() == _plain_prefix(counter, text)
        marked += int((p.delta & 1).astype(bool).sum())
        plain += int((~(p.delta & 1).astype(bool)).sum())
    assert marked > 20 and plain > 20  # both kinds of block were built
    assert several_pieces > 20 if piece < 100 else several_pieces == 0


@pytest.mark.parametrize("name", ENCODINGS)
def test_index_of_text_whose_characters_start_one_token_each_keeps_a_quarter_byte_per_character(
    real: dict[str, TokenCounter], name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where no character starts two tokens (ASCII, and "é", "²", "—" as whole tokens) the index
    is two 8-byte words per 64 characters (issue #13: it was 1.1 bytes per character)."""
    monkeypatch.setattr(tokens, "_SLICE", 100)
    text = ("Parcel LU-0001 — Residential, area (m²) 1409.7\nPOLYGON ((529875.62 180960.17, 1 2))\n" * 40)
    idx = real[name].index(text)
    p = idx._prefix
    assert not (p.delta & 1).any() and len(p.extra) == 0
    assert p.base.nbytes + p.delta.nbytes == 16 * (len(text) // 64 + 1)
    assert p.to_array().tolist() == _plain_prefix(real[name], text)


@pytest.mark.parametrize("name", ENCODINGS)
@pytest.mark.parametrize(
    "text",
    ["a\ud83d\udc4db", "\ud83d", "x\udc4d y", "\ud83d\ud83d\udc4d\n\udc4d", "ok \ud800\n\udfff"],
)
def test_index_with_surrogates(real: dict[str, TokenCounter], name: str, text: str) -> None:
    counter = real[name]
    idx = counter.index(text)
    assert idx.total == len(enc_of(counter).encode_ordinary(text))
    for a in range(len(text) + 1):
        for b in range(a, len(text) + 1):
            assert idx.exact(a, b) == len(enc_of(counter).encode_ordinary(text[a:b]))


@pytest.mark.parametrize("name", ENCODINGS)
@pytest.mark.parametrize(("a", "b"), [(-1, 2), (3, 2), (0, 99)])
def test_index_rejects_ranges_outside_the_document(
    real: dict[str, TokenCounter], name: str, a: int, b: int
) -> None:
    idx = real[name].index("hello world")
    with pytest.raises(IndexError, match="outside a document"):
        idx.count(a, b)
    with pytest.raises(IndexError, match="outside a document"):
        idx.exact(a, b)


@pytest.mark.parametrize("name", ENCODINGS)
def test_exact_caches_and_is_thread_safe(real: dict[str, TokenCounter], name: str) -> None:
    counter = real[name]
    text = "Parcel 17 lies at POINT (530000.5 180000.25).\nIt's fine." * 20
    idx = counter.index(text)
    rng = random.Random(7)
    ranges = [tuple(sorted(rng.sample(range(len(text) + 1), 2))) for _ in range(200)]
    want = [len(enc_of(counter).encode_ordinary(text[a:b])) for a, b in ranges]
    results: list[list[int]] = []

    def work() -> None:
        results.append([idx.exact(a, b) for a, b in ranges])

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [want] * 4


# ------------------------------------------------------------------------------------------
# clean boundaries: the property that makes O(1) counting exact
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "clean"),
    [
        ("Hi there.\nOK", [0, 2, 10, 12]),
        ("a  b", [0, 4]),
        ("a\n\nb", [0, 3, 4]),
        ("a\n/b", [0, 4]),  # o200k swallows "/" after newlines
        ("a\n b", [0, 2, 4]),  # (A') indentation then text
        ("a\n \tb\n  \n c", [0, 2, 9, 11]),  # not before a blank line with spaces
        ("a\n  ", [0, 4]),  # nor before the end
        ("x \ty", [0, 4]),
        ("1 2", [0, 1, 3]),
        ("a\u00a0b c", [0, 3, 5]),  # NBSP is not a clean space
        ("end ", [0, 4]),
        ("a\r\nb", [0, 3, 4]),
        ("", [0]),
    ],
)
def test_clean_boundary_examples(text: str, clean: list[int]) -> None:
    assert [p for p in range(len(text) + 1) if clean_boundary(text, p)] == clean
    assert not clean_boundary(text, -1) and not clean_boundary(text, len(text) + 1)


def test_regression_slash_after_newline_is_not_additive_in_o200k(
    real: dict[str, TokenCounter],
) -> None:
    # found by brute force: why rule (A) excludes "/". o200k's " ?[^\s\p{L}\p{N}]+[\r\n/]*"
    # makes ".\n/" one pre-token, so no token of the document starts at the "/".
    counter = real["o200k_base"]
    text = ".\n/"
    idx = counter.index(text)
    assert idx.count(2, 3) == 0 and counter.count(text[2:3]) == 1
    assert not clean_boundary(text, 2)
    assert idx.exact(2, 3) == 1


@pytest.mark.parametrize("name", ENCODINGS)
@settings(max_examples=200, deadline=None)
@given(text=documents, data=st.data())
@example(text="See:\n/ x.\n/", data=None)  # regression: o200k fails if "/" were clean
@example(text="it's  a\r\n\r\nb /c\u3000d 12345678 e\u0301f", data=None)
def test_counts_are_exact_at_clean_boundaries(
    real: dict[str, TokenCounter], name: str, text: str, data: st.DataObject | None
) -> None:
    counter = real[name]
    enc = enc_of(counter)
    idx = counter.index(text)
    n = len(text)
    assert idx.total == len(enc.encode_ordinary(text))
    clean = [p for p in range(n + 1) if idx.is_clean(p)]
    assert clean == [p for p in range(n + 1) if clean_boundary(text, p)]
    if data is None:  # explicit examples: check every clean pair
        pairs = [(a, b) for a in clean for b in clean if a < b]
    else:
        pairs = data.draw(
            st.lists(st.tuples(st.sampled_from(clean), st.sampled_from(clean)), max_size=12)
        )
    for a, b in pairs:
        a, b = min(a, b), max(a, b)
        want = len(enc.encode_ordinary(text[a:b]))
        assert idx.count(a, b) == want, (a, b, text[a:b])
        assert idx.exact(a, b) == want
    assert sum(idx.count(a, b) for a, b in zip(clean, clean[1:])) == idx.total


@pytest.mark.parametrize("name", ENCODINGS)
@settings(max_examples=100, deadline=None)
@given(text=documents, data=st.data())
def test_exact_is_exact_anywhere(
    real: dict[str, TokenCounter], name: str, text: str, data: st.DataObject
) -> None:
    counter = real[name]
    enc = enc_of(counter)
    idx = counter.index(text)
    pos = st.integers(0, len(text))
    ranges = [
        (min(a, b), max(a, b)) for a, b in data.draw(st.lists(st.tuples(pos, pos), max_size=8))
    ]
    want = [len(enc.encode_ordinary(text[a:b])) for a, b in ranges]
    assert [idx.exact(a, b) for a, b in ranges] == want


# ------------------------------------------------------------------------------------------
# the estimate
# ------------------------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(text=documents, data=st.data())
def test_estimate_is_exactly_consistent_everywhere(
    estimate: TokenCounter, text: str, data: st.DataObject
) -> None:
    idx = estimate.index(text)
    assert idx.estimated and idx.total == estimate.count(text) == estimate_count(text)
    assert all(idx.is_clean(p) for p in range(len(text) + 1))
    pos = st.integers(0, len(text))
    for a, b in data.draw(st.lists(st.tuples(pos, pos), min_size=1, max_size=10)):
        a, b = min(a, b), max(a, b)
        assert idx.count(a, b) == idx.exact(a, b) == estimate.count(text[a:b])
    assert estimate.count(text) == estimate.count(text)  # deterministic


@pytest.mark.parametrize(
    ("text", "units"),
    [
        ("", 0),
        ("a", 31 + 34),  # start + end of a lower-case letter
        ("7", 10 + 31),
        ("ab", 31 + 2 + 34),  # a letter after a letter: one pair cost
        ("123", 10 + 4 + 4 + 31),  # digits: a third of a token each after the first
        ("\u00e9", 24),  # two UTF-8 bytes: two tokens at most
        ("\u4e2d", 36),
        ("\U0001f600", 48),
    ],
)
def test_estimate_costs_are_the_tables(text: str, units: int) -> None:
    k = tokens._estimate_classes(text)
    got = int(tokens._estimate_weights(text).sum()) + (int(tokens._END[k[-1]]) if text else 0)
    assert got == units
    assert estimate_count(text) == -(-units // tokens.ESTIMATE_UNIT)


def test_estimate_splits_never_count_less_than_the_whole() -> None:
    """Cutting a text never lowers the estimate: start + end >= the pair cost they replace."""
    assert (tokens._START[None, :] + tokens._END[:, None] >= tokens._PAIR).all()


PROSE = """\
Geometry-aware chunking matters whenever a retrieval system indexes documents that mix plain
language with spatial data. A planning report, for example, may describe a proposed housing
site in a few careful paragraphs, then list the boundary of every parcel as well-known text.
If a naive splitter cuts a polygon in half, the retriever returns a fragment that no parser can
read, and the answer that cites it points at nothing. Our approach is simple: find every
geometry first, treat each one as a unit that must never be divided, and only then pack the
surrounding sentences into chunks that respect the token budget. When a single feature is too
large for the budget on its own, the chunker says so openly and offers three remedies: keep it
whole and flag it, simplify it while preserving topology, or split a multipart feature into its
parts. Each chunk records which features it carries, their bounding boxes, the coordinate
reference system they were read in, and how confident we are about that frame.
"""


def _coordinate_document(seed: int) -> str:
    rng = random.Random(seed)
    lines = []
    for _ in range(40):
        decimals = rng.choice([0, 1, 2, 3])
        pts = [
            f"{rng.uniform(400000, 700000):.{decimals}f} {rng.uniform(0, 1300000):.{decimals}f}"
            for _ in range(rng.randint(4, 30))
        ]
        lines.append(f"POLYGON(({', '.join(pts)}))")
        lines.append(
            json.dumps(
                {
                    "type": "LineString",
                    "coordinates": [
                        [round(rng.uniform(-180, 180), 6), round(rng.uniform(-90, 90), 6)]
                        for _ in range(rng.randint(4, 30))
                    ],
                }
            )
        )
    return "\n".join(lines)


@pytest.mark.parametrize("text", [PROSE, _coordinate_document(1), _coordinate_document(2)])
def test_estimate_bounds_cl100k_and_stays_near_it(
    real: dict[str, TokenCounter], text: str
) -> None:
    for name in ("cl100k_base", "o200k_base"):
        ratio = estimate_count(text) / real[name].count(text)
        assert 1.0 <= ratio <= 1.8, (name, ratio)


# --- the parsed-rank cache in the user cache directory -----------------------------------------


def _fresh_load(monkeypatch, cache):
    monkeypatch.setenv(tokens.CACHE_ENV_VAR, str(cache))
    return tokens._load_real("cl100k_base")


def test_rank_cache_is_written_once_and_gives_the_same_encoding(monkeypatch, tmp_path):
    cold_enc, cold_len = _fresh_load(monkeypatch, tmp_path)
    files = list((tmp_path / "bpe").iterdir())
    assert [f.name for f in files] == [f"cl100k_base-{tokens.PINNED_SHA256['cl100k_base'][:16]}.ranks"]
    stamp = files[0].stat().st_mtime_ns
    warm_enc, warm_len = _fresh_load(monkeypatch, tmp_path)
    assert files[0].stat().st_mtime_ns == stamp  # read, not rewritten
    assert (warm_len == cold_len).all()
    from geochunk.samples import load_sample

    text = load_sample("mixed_report")
    assert warm_enc.encode_ordinary(text) == cold_enc.encode_ordinary(text)
    assert warm_enc._mergeable_ranks == cold_enc._mergeable_ranks


@pytest.mark.parametrize("damage", ["flip", "truncate", "other_encoding", "count_too_large"])
def test_a_damaged_rank_cache_is_ignored_and_replaced(monkeypatch, tmp_path, damage):
    _fresh_load(monkeypatch, tmp_path)
    path = tokens._ranks_cache_path("cl100k_base")
    data = bytearray(path.read_bytes())
    if damage == "flip":
        data[len(data) // 2] ^= 0x01  # one token's bytes changed: the body hash no longer matches
    elif damage == "truncate":
        data = data[: len(data) // 3]
    elif damage == "other_encoding":  # a valid cache file of another encoding under this name
        data = bytearray(tokens._pack_ranks("o200k_base", {b"a": 0}))
    else:  # an intact hash over a body that claims more tokens than it holds
        packed = tokens._pack_ranks("cl100k_base", {b"a": 0, b"b": 1})
        head = len(tokens._RANKS_MAGIC) + 65
        body = bytearray(packed[head:])
        body[64:68] = (10**6).to_bytes(4, "little")
        data = bytearray(packed[: len(tokens._RANKS_MAGIC)] + hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
    path.write_bytes(bytes(data))
    assert tokens._unpack_ranks("cl100k_base", bytes(data)) is None
    enc, _ = _fresh_load(monkeypatch, tmp_path)
    assert enc.encode_ordinary("hello world") == [15339, 1917]
    assert tokens._unpack_ranks("cl100k_base", path.read_bytes()) is not None  # rewritten whole


def test_an_unwritable_or_disabled_cache_is_no_error(monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    enc, _ = _fresh_load(monkeypatch, blocker / "cache")  # mkdir fails: load without caching
    assert enc.encode_ordinary("hello world") == [15339, 1917]
    monkeypatch.setenv(tokens.CACHE_ENV_VAR, "")
    assert tokens.cache_dir() is None and tokens._ranks_cache_path("cl100k_base") is None
    enc, _ = tokens._load_real("cl100k_base")
    assert enc.encode_ordinary("hello world") == [15339, 1917]


@pytest.mark.parametrize("encoding", ["cl100k_base", "o200k_base"])
def test_exact_never_splits_at_an_indentation_that_runs_past_the_end(encoding, monkeypatch) -> None:
    """``exact(a, b)`` with ``b`` inside an indentation: the position after the newline is
    clean in the document (rule A': indentation, then text) but not in ``text[a:b]``, where
    the indentation is a trailing whitespace run. The index's middle count never ends there,
    so exactness does not rest on the vocabulary holding no "newline + spaces" token."""
    from geochunk.tokens.counting import TokenIndex, get_counter

    counter = get_counter(encoding)
    text = "ab\n    cd\n  ef"
    index = counter.index(text)
    assert index.is_clean(3) and index.is_clean(10)
    middles: list[tuple[int, int]] = []
    real = TokenIndex.count
    monkeypatch.setattr(TokenIndex, "count", lambda self, a, b: middles.append((a, b)) or real(self, a, b))
    for a in range(len(text)):
        for b in range(a + 1, len(text) + 1):
            middles.clear()
            assert index.exact(a, b) == counter.count(text[a:b]), (a, b)
            for lo, hi in middles:
                assert not (hi < b and text[hi] in " \t" and text[hi:b].isspace()), (a, b, lo, hi)
