"""split_boundary (issue #13, speed): counts split at ASCII character-class changes, so
``TokenIndex.exact`` inside a run with no whitespace encodes only its ragged ends, and the
grapheme cut of an oversized run gives the very pieces it gave when it encoded every guess."""

from __future__ import annotations

import dataclasses
import random

import hypothesis.strategies as st
import pytest
from hypothesis import example, given, settings

from geochunk.model import ChunkConfig
from geochunk.split.packing import pack
from geochunk.pipeline import analyse, assemble
from geochunk.samples import load_sample
from geochunk.tokens.counting import TokenIndex, _first_split, _last_split, get_counter, split_boundary

ENCODINGS = ["cl100k_base", "o200k_base"]

# the characters that make or break the rule (letters, digits, punctuation with the apostrophe
# and "/", whitespace of every kind), contraction letters, and non-ASCII letters, digits and marks
ALPHABET = list("abzXYZsStTdlLmvVreE0123456789'/+=-_.,;:\"()[]{}!?#$%&*<>@\\^`|~ \n\r\t") + [
    "\u00e9", "\u00df", "\u03a9", "\u4e2d", "\u0661", "\u0301", "\U0001F469", "\u00a0", "\u216b", "\u00b2",
    "\u3000", "\u2028",
]
runs = st.text(alphabet=st.sampled_from(ALPHABET), min_size=2, max_size=60)
# long runs with no whitespace, as a pasted key or base64 blob
keys = st.text(alphabet=st.sampled_from(list("abcXYZ0189+/=_-'")), min_size=2, max_size=400)


def _counters() -> dict[str, object]:
    return {name: get_counter(name) for name in ENCODINGS}


@pytest.fixture(scope="module")
def real():  # type: ignore[no-untyped-def]
    counters = _counters()
    for c in counters.values():
        if c.estimated:  # pragma: no cover - the test env has the real ranks
            pytest.skip("the real tokenizer is not available")
    return counters


@pytest.mark.parametrize("name", ENCODINGS)
@settings(max_examples=300, deadline=None)
@given(text=runs, data=st.data())
@example(text="it's 12/ab+cd'll'9", data=None)
@example(text="A1'sB2'reC", data=None)
def test_counts_split_at_every_split_boundary(real, name: str, text: str, data) -> None:  # type: ignore[no-untyped-def]
    """count(text[x:y]) == count(text[x:p]) + count(text[p:y]) for every split position p and
    x < p < y (all pairs on the explicit examples, drawn ones otherwise)."""
    enc = real[name].tiktoken_encoding
    n = len(text)
    for p in [p for p in range(1, n) if split_boundary(text, p)]:
        if data is None:
            pairs = [(x, y) for x in range(p) for y in range(p + 1, n + 1)]
        else:
            pairs = data.draw(st.lists(st.tuples(st.integers(0, p - 1), st.integers(p + 1, n)), max_size=6))
        for x, y in pairs:
            whole = len(enc.encode_ordinary(text[x:y]))
            parts = len(enc.encode_ordinary(text[x:p])) + len(enc.encode_ordinary(text[p:y]))
            assert whole == parts, (text[x:y], p - x)


@pytest.mark.parametrize("name", ENCODINGS)
@settings(max_examples=150, deadline=None)
@given(text=st.one_of(runs, keys, st.lists(st.one_of(runs, keys), min_size=2, max_size=6).map("".join)),
       data=st.data())
def test_exact_equals_the_substring_count(real, name: str, text: str, data) -> None:  # type: ignore[no-untyped-def]
    """exact(a, b), now cut at split positions too, is still the substring's own count."""
    counter = real[name]
    idx = counter.index(text)
    pos = st.integers(0, len(text))
    for a, b in data.draw(st.lists(st.tuples(pos, pos), min_size=1, max_size=10)):
        a, b = min(a, b), max(a, b)
        assert idx.exact(a, b) == counter.count(text[a:b]), (a, b, text[a:b])


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(runs, keys), lo=st.integers(1, 400), width=st.integers(0, 400))
def test_split_search_equals_asking_every_position(text: str, lo: int, width: int) -> None:
    lo = min(lo, max(1, len(text) - 1))
    hi = min(lo + width, len(text) - 1)
    every = [p for p in range(lo, hi + 1) if split_boundary(text, p)]
    assert _first_split(text, lo, hi) == (every[0] if every else None)
    assert _last_split(text, lo, hi) == (every[-1] if every else None)


def test_split_boundary_examples() -> None:
    text = "ab12/c+d'e 3'x\n4"
    assert [p for p in range(len(text) + 1) if split_boundary(text, p)] == [2, 4, 6, 12]
    assert not split_boundary(text, 0) and not split_boundary(text, len(text))


def _old_index(idx: TokenIndex) -> TokenIndex:
    """The same index without split positions: exact encodes as it did before them."""
    return TokenIndex(idx.text, idx.counter, idx._prefix, 1, idx._clean, split=False)


@pytest.mark.parametrize("name", ENCODINGS)
@settings(max_examples=40, deadline=None)
@given(key=keys, budget=st.integers(8, 120), seed=st.integers(0, 2**16))
def test_grapheme_cut_of_a_key_is_the_cut_made_by_encoding(real, name: str, key: str, budget: int, seed: int) -> None:  # type: ignore[no-untyped-def]
    """A run with no word boundary, packed with the split-aware exact, gives the pieces the
    packer gave when every exact encoded its whole substring."""
    rnd = random.Random(seed)
    text = "Key:\n" + key * rnd.randint(1, 4) + "\n\nAfter the key.\n"
    idx = real[name].index(text)
    boundaries = analyse(text, encoding=name).boundaries
    new = pack(text, budget, boundaries, [], [], idx)
    old = pack(text, budget, boundaries, [], [], _old_index(idx))
    assert new == old


@pytest.mark.parametrize("budget", [64, 512])
def test_malformed_sample_chunks_as_before(budget: int) -> None:
    """The bundled sample's base64 run (2,400 characters, over the budget) is cut where the
    encoding exact cut it, and no exact count encodes more than a few dozen characters of it."""
    text = load_sample("malformed")
    a = analyse(text)
    old = assemble(dataclasses.replace(a, index=_old_index(a.index)), ChunkConfig(budget=budget))
    counter = a.counter
    encoded: list[int] = []
    real_count = type(counter).count

    def spy(self, s: str) -> int:  # type: ignore[no-untyped-def]
        encoded.append(len(s))
        return real_count(self, s)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(type(counter), "count", spy)
        new = assemble(analyse(text), ChunkConfig(budget=budget))
    assert [(c.start, c.end, c.token_count) for c in new.chunks] == [
        (c.start, c.end, c.token_count) for c in old.chunks]
    if not counter.estimated:
        assert max(encoded, default=0) <= 200


@pytest.mark.parametrize("name", ENCODINGS)
def test_exact_between_split_positions_encodes_nothing(real, name: str) -> None:  # type: ignore[no-untyped-def]
    """Both ends split positions (or one clean): exact is the index's count, no encode."""
    counter = real[name]
    text = "Key:\n/idhZXYymMJs0XAUAm0kNVi3dRZXLRYj8/m9U49qt0aL1oBJxow5iav22YfuX2ch3\n"
    idx = counter.index(text)
    ends = [p for p in range(len(text) + 1) if idx.is_clean(p) or split_boundary(text, p)]
    calls: list[str] = []
    real_count = type(counter).count
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(type(counter), "count", lambda self, s: calls.append(s) or real_count(self, s))
        got = {(a, b): idx.exact(a, b) for a in ends for b in ends if a <= b}
    assert calls == []
    assert all(v == counter.count(text[a:b]) for (a, b), v in got.items())
