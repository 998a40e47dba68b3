"""The name scan's whole-token pre-test (``NameHeads.starts``: one compiled search per lead of
whole-token heads, instead of the set of a piece's tokens, where a piece has few such leads)
never skips a place where a name stands: the scan finds exactly what a walk from every token
finds (``test_crs_names_scan._reference``) on text made of real frame names and aliases from
the name index's own tables put at random places in random text, in random case and spacing,
whichever way the pre-test goes (searches or the token set)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geochunk.crs import names
from geochunk.crs.names import INFORMAL_NAMES, find_names, name_heads, name_index
from test_crs_names_scan import _reference


def _keys(node: dict, prefix: tuple[str, ...], out: list[tuple[str, ...]]) -> None:
    for tok, child in node.items():
        if tok == names._END:
            out.append(prefix)
        else:
            _keys(child, prefix + (tok,), out)


def _index_names() -> list[tuple[str, ...]]:
    keys: list[tuple[str, ...]] = []
    _keys(name_index().as_trie(), (), keys)
    keys.sort()
    rng = random.Random(13)
    chosen = rng.sample(keys, min(3000, len(keys)))
    # every key whose head has a digit or that is one token (the whole-token heads), and
    # the informal names
    chosen += [k for k in keys if len(k) == 1 or any(c.isdigit() for c in k[0])][:2000]
    chosen += [names.normalise(p) for p in INFORMAL_NAMES]
    return chosen


_NAMES = _index_names()
_FILLER = [
    "the", "survey", "north", "field", "be", "d", "cc", "ed", "id", "st", "point", "zone", "s",
    "abc123", "0101000020e6100000", "café", "Krüger", "ſt", "İ", "coordinates", "grid", "42",
    "1950", "of", "b", "ch", "x7", "de", "—", "(", ")", ":", ";", "\n", "\n\n", "'", '"',
]
_SEPS = [" ", "  ", "-", "/", " / ", "_", ", ", "\n", "\t", "·", " – "]


def _render(key: tuple[str, ...], rng: random.Random) -> str:
    out = []
    for i, tok in enumerate(key):
        style = rng.randrange(4)
        tok = tok.upper() if style == 0 else tok.title() if style == 1 else tok
        if i:
            out.append(rng.choice(_SEPS))
        out.append(tok)
    return "".join(out)


def _text(seed: int, n_names: int, n_words: int) -> str:
    rng = random.Random(seed)
    parts = [rng.choice(_FILLER) for _ in range(n_words)]
    for _ in range(n_names):
        parts.insert(rng.randrange(len(parts) + 1), _render(rng.choice(_NAMES), rng))
    glue = [rng.choice([" ", "", " ", "-", "\n", "0", "é"]) for _ in parts]
    return "".join(p + g for p, g in zip(parts, glue))


@pytest.fixture(params=[0, names._FEW_LEADS, 10**6], ids=["token-set", "default", "searches"])
def few_leads(request, monkeypatch) -> int:
    monkeypatch.setattr(names, "_FEW_LEADS", request.param)
    return request.param


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), n_names=st.integers(0, 6), n_words=st.integers(0, 60))
def test_pretest_never_skips_a_name(few_leads: int, seed: int, n_names: int, n_words: int) -> None:
    text = _text(seed, n_names, n_words)
    expected = _reference(text)
    found = find_names(text)
    assert found == expected
    if expected:
        assert name_heads().starts(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_pretest_in_small_pieces(few_leads: int, seed: int, monkeypatch) -> None:
    monkeypatch.setattr(names, "_PIECE_CHARS", 16)
    text = _text(seed, 4, 40)
    assert find_names(text) == _reference(text)


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=80).map(lambda b: b.translate(names._ALNUM)),
       head=st.sampled_from([b"cc42", b"cc4", b"b", b"st74", b"ed50", b"id", b"a1"]))
def test_whole_token_search_is_the_token_set(data: bytes, head: bytes) -> None:
    tokens = set(data.split())
    tokens.update(*(names._ASCII_ALNUM.findall(t) for t in tokens if not t.isascii()))
    assert (names._whole(head).search(data) is not None) == (head in tokens)
    family = (head, head + b"7", names._lead(head.decode()).encode())
    assert (names._whole_any(family).search(data) is not None) == any(h in tokens for h in family)
