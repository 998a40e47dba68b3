from hypothesis import given, settings, strategies as st

from geochunk.split.packing import SimpleCounter, pack
from geochunk.context.prose import find_boundaries


def _words(text):
    return SimpleCounter(lambda a, b: len(text[a:b].split()) + text[a:b].count("\n"))


def test_pieces_cover_text_and_fit():
    text = "One two three. Four five six.\n\nSeven eight nine ten. Eleven twelve.\n"
    c = _words(text)
    pieces = pack(text, 6, find_boundaries(text), [], [], c)
    assert "".join(text[p.start:p.end] for p in pieces) == text
    assert all(c.count(p.start, p.end) <= 6 for p in pieces)


def test_unit_is_never_split_and_oversized_unit_is_flagged():
    text = "aa bb cc\nU1 U2 U3 U4 U5 U6 U7 U8\ndd ee\n"
    u = (text.index("U1"), text.index("dd"))
    c = _words(text)
    pieces = pack(text, 4, find_boundaries(text), [u], [(2, 2)], c)
    assert "".join(text[p.start:p.end] for p in pieces) == text
    (big,) = [p for p in pieces if p.unit is not None]
    assert (big.start, big.end) == u
    for p in pieces:
        assert not (p.start < u[0] < p.end) and not (p.start < u[1] < p.end) or p.unit is not None


def test_giant_word_falls_back_to_graphemes():
    text = "x" * 50
    c = SimpleCounter(lambda a, b: (b - a + 9) // 10)
    pieces = pack(text, 2, find_boundaries(text), [], [], c)
    assert all(p.grapheme_cut for p in pieces)
    assert [p.end - p.start for p in pieces] == [20, 20, 10]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(["w", "ww", ". ", "\n", "\n\n", " ", "U"]), min_size=1, max_size=80),
    st.integers(min_value=1, max_value=12),
)
def test_random_packing_invariants(tokens, budget):
    # "U" marks a unit of 3 words
    text = ""
    units = []
    for t in tokens:
        if t == "U":
            units.append((len(text), len(text) + 8))
            text += "uu uu uu"
        else:
            text += t
    # merge touching units so they do not overlap
    merged = []
    for u in units:
        if merged and u[0] <= merged[-1][1]:
            merged[-1] = (merged[-1][0], u[1])
        else:
            merged.append(u)
    c = _words(text)
    b = find_boundaries(text, tuple(merged))
    pieces = pack(text, budget, b, merged, [(4, 4)] * len(merged), c)
    assert "".join(text[p.start:p.end] for p in pieces) == text
    for p in pieces:
        assert p.start < p.end
        for a, z in merged:
            assert not (p.start < a < p.end and p.end < z), "cut inside a unit"
            assert not (a < p.end < z), "piece ends inside a unit"
        if p.unit is None:
            assert c.count(p.start, p.end) <= budget


def test_cuts_are_the_boundaries_outside_the_units_and_the_units_edges():
    """``_Packer.cuts``: the boundaries at the level or stronger strictly inside ``(lo, hi)``
    that no unit holds strictly inside it, with the units' edges at the level, each once,
    sorted, as Python ints."""
    import random

    from geochunk.split import packing

    rng = random.Random(7)
    words = ["a", "bb", "ccc.", "Dd,", "\n", "\n\n", "  ", "\t", "# H\n", "POINT (1 2)", "é", "x" * 40]
    dropped = 0
    for _ in range(200):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 120)))
        n = len(text)
        cuts = sorted(rng.sample(range(n + 1), min(n + 1, rng.randrange(0, 8))))
        units = [(a, b) for a, b in zip(cuts[::2], cuts[1::2]) if a < b]
        levels = [(rng.randrange(5), rng.randrange(5)) for _ in units]
        edges: dict[int, int] = {}
        for (a, b), (la, lb) in zip(units, levels):
            edges[a] = min(edges.get(a, 99), la)
            edges[b] = min(edges.get(b, 99), lb)
        # boundaries inside the units too, half the time (what the filter drops)
        bounds = find_boundaries(text, tuple(units) if rng.random() < 0.5 else ())
        packer = packing._Packer(text, 10, bounds, _words(text))
        packer.protect(units, levels)
        for _ in range(10):
            lo, hi = sorted(rng.sample(range(n + 1), 2)) if n else (0, 0)
            level = rng.randrange(5)
            found = [p for p, _ in bounds.within(lo, hi, level)]
            outside = {p for p in found if not any(a < p < b for a, b in units)}
            expected = sorted(outside | {p for p, lv in edges.items() if lo < p < hi and lv <= level})
            got = packer.cuts(lo, hi, level)
            dropped += len(found) > len(outside)
            assert got == expected and all(type(p) is int for p in got), (text, units, lo, hi, level)
    assert dropped > 100  # the unit filter was exercised
