import pytest
from hypothesis import given, settings, strategies as st

from geochunk.context.prose import (
    LINE, PARAGRAPH, SECTION, SENTENCE, WORD, find_boundaries, grapheme_boundaries,
)


@pytest.mark.parametrize(
    ("text", "offset", "level"),
    [
        ("intro\n# Heading\nbody", 6, SECTION),
        ("one\n\ntwo", 5, PARAGRAPH),
        ("one\n  \n\ntwo", 8, PARAGRAPH),
        ("one\ntwo", 4, LINE),
        ("It rained. Then it stopped.", 10, SENTENCE),
        ("Really? Yes.", 7, SENTENCE),
        ('He said "stop." Then left.', 15, SENTENCE),
        ("बारिश हुई। फिर रुकी।", 10, SENTENCE),
        ("雨が降った。止んだ。", 6, SENTENCE),
        ("alpha beta", 5, WORD),
    ],
)
def test_levels(text, offset, level):
    assert find_boundaries(text).levels_at(offset) == level


def test_excluded_ranges_have_no_interior_boundaries():
    text = "see POLYGON((0 0, 1 0, 1 1, 0 0)) here.\n\nNext."
    span = (4, 33)
    b = find_boundaries(text, (span,))
    inside = [p for p, _ in b.within(0, len(text), WORD) if span[0] < p < span[1]]
    assert inside == []
    assert b.levels_at(33) == WORD  # the edge itself stays a candidate


def test_within_respects_max_level():
    text = "a b. c\n\nd e"
    b = find_boundaries(text)
    assert [lv for _, lv in b.within(0, len(text), PARAGRAPH)] == [PARAGRAPH]
    assert all(lv <= SENTENCE for _, lv in b.within(0, len(text), SENTENCE))


@pytest.mark.parametrize(
    ("text", "forbidden"),
    [
        ("e\u0301", 1),  # combining acute
        ("\U0001F44D\U0001F3FD", 2),  # thumbs up + skin tone (surrogate-free str indices)
        ("\U0001F1EC\U0001F1E7", 1),  # regional indicator pair (flag)
        ("\U0001F468\u200d\U0001F469", 1),  # ZWJ sequence
        ("\r\n", 1),
        ("कि", 1),  # Devanagari consonant + vowel sign
    ],
)
def test_grapheme_clusters_are_not_split(text, forbidden):
    assert forbidden not in grapheme_boundaries(text, 0, len(text))


@settings(max_examples=100, deadline=None)
@given(st.text(min_size=0, max_size=300))
def test_boundaries_are_sorted_unique_and_inside(text):
    b = find_boundaries(text)
    ps = [p for p, _ in b.within(0, len(text), WORD)]
    assert ps == sorted(set(ps))
    assert all(0 < p < len(text) for p in ps)


def test_ascii_grapheme_boundaries_are_every_position_but_crlf():
    # the ASCII shortcut gives what the regex module's \X gives
    import random

    import regex

    rng = random.Random(3)
    for _ in range(3000):
        text = "".join(chr(rng.choice([rng.randint(0, 127), 10, 13])) for _ in range(rng.randint(0, 30)))
        lo, hi = sorted(rng.randint(0, len(text)) for _ in range(2))
        want = [m.end() for m in regex.finditer(r"\X", text, pos=lo, endpos=hi) if m.end() < hi]
        assert grapheme_boundaries(text, lo, hi) == want
