"""Sentence boundaries: titles and abbreviations end no sentence, the danda does, a decimal is
never split; measured on real prose (Django's documentation, labelled in
tests/data/sentences_django.json)."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings, strategies as st

import geochunk
from geochunk.context.prose import SENTENCE, _sentence_ends, find_boundaries
from geochunk.context.sentences import is_sentence_end, keep_sentence_ends

HERE = os.path.dirname(__file__)
SHARMA = ("Field notes were taken by Dr. Sharma and Mr. Okafor on 3 May. The bank at the weir had "
          "slipped by 1.5 m since the last visit, and the gauge read 4.2 m.")


@pytest.mark.parametrize("budget", range(16, 41))
def test_dr_sharma_is_never_split_from_her_title(budget):
    for c in geochunk.chunk(SHARMA, budget=budget):
        assert not c.text.rstrip().endswith(("Dr.", "Mr.")), (budget, c.text)


def test_the_issue_budgets_now_cut_at_the_sentence_end():
    for budget in (19, 20, 21, 22):
        first = geochunk.chunk(SHARMA, budget=budget)[0].text
        assert first == "Field notes were taken by Dr. Sharma and Mr. Okafor on 3 May.", budget


@pytest.mark.parametrize(("text", "ends"), [
    ("Led by Dr. A. Sharma and Prof. J. R. Smith. Next.", ["Smith."]),
    ("See Fig. 3 and No. 12, e.g. Parcel 4. Done.", ["Parcel 4."]),
    ("It stopped (i.e. the flow), vs. last year etc. and more. Then.", ["and more."]),
    ("The gauge read 1.5 m. It rose.", ["1.5 m."]),
    ("In Zone B. The bank held.", ["Zone B."]),
    ('"Stop!" he said. "Go!" She went.', ['he said.', '"Go!"']),
    ("Flooding began on 3 Jan. 2024 (built c. 1901). Next.", ["1901)."]),
    ("Ends etc. The next one.", ["etc."]),
    # a listed abbreviation that is also a word ends a sentence in lower case before a word
    # (before: "no." and "art." never did); written with a capital or before a number it is none
    ("The answer was no. Then we left.", ["was no."]),
    ("This is modern art. The museum agreed. See art. 5 and No. 12.", ["modern art.", "museum agreed."]),
    ("He ate a fig. Col. Hale saw fig. 3 of Sec. 2. Done.", ["a fig.", "Sec. 2."]),
])
def test_context_rules(text, ends):
    kept = keep_sentence_ends(text, sorted(_sentence_ends(text, 0, len(text))))
    assert [text[:p].rsplit(" ", 1)[-1] if " " in text[:p] else text[:p] for p in kept if p < len(text.rstrip())] == [
        e.rsplit(" ", 1)[-1] for e in ends]


def test_the_danda_and_cjk_stops_still_end_sentences():
    hindi = "बाढ़ का स्तर 4.5 मीटर था। नदी का किनारा टूट गया। सर्वेक्षण पूरा हुआ॥ अगला दिन।"
    b = find_boundaries(hindi)
    ends = [int(p) for p in b.by_level[SENTENCE]]
    assert [hindi[p - 1] for p in ends] == ["।", "।", "॥"]
    chunks = geochunk.chunk(" ".join([hindi] * 6), budget=48)  # a sentence is ~25 tokens
    assert all(c.text.rstrip()[-1] in "।॥" for c in chunks[:-1])
    assert is_sentence_end("这是笔。那是书。", 4)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 999), st.integers(0, 99)), min_size=1, max_size=30),
       st.integers(min_value=16, max_value=64))
def test_a_decimal_is_never_split(numbers, budget):
    text = " ".join(f"Level {a}.{b:02d} m. Rate {b}.{a} per s." for a, b in numbers)
    for c in geochunk.chunk(text, budget=budget)[1:]:
        p = c.core_start
        assert not (text[p - 1 : p].isdigit() and text[p : p + 1] == "."), repr(text[p - 8 : p + 8])
        assert not (text[p - 1 : p] == "." and text[p : p + 1].isdigit()), repr(text[p - 8 : p + 8])


def _labelled(name: str) -> list[tuple[str, set[int]]]:
    gold = json.load(open(os.path.join(HERE, "data", "sentences_django.json"), encoding="utf-8"))
    data = gold["sets"][name]
    docs = os.path.join(HERE, "real_data", "django-5.2.8", "docs")
    texts = {f: open(os.path.join(docs, f), encoding="utf-8", newline="").read() for f in data["files"]}
    rows = []
    for f, a, b in data["paragraphs"]:
        rows.append((texts[f][a:b].replace("\n", " "), {o - a for o in data["boundaries"].get(f, ()) if a < o < b}))
    return rows


def _f1(rows, keep):
    tp = fp = fn = 0
    for para, gold in rows:
        ends = _sentence_ends(para, 0, len(para))
        got = set(keep_sentence_ends(para, ends) if keep else ends) - {len(para.rstrip())}
        tp, fp, fn = tp + len(got & gold), fp + len(got - gold), fn + len(gold - got)
    p, r = tp / (tp + fp), tp / (tp + fn)
    return 2 * p * r / (p + r), fp, fn


@pytest.mark.parametrize("name", ["tuned", "held_out"])
def test_accuracy_on_real_prose(name):
    rows = _labelled(name)
    assert len(rows) > 200 and sum(len(g) for _, g in rows) > 200
    f1, fp, fn = _f1(rows, keep=True)
    before, fp0, _ = _f1(rows, keep=False)
    # measured: tuned 0.997 (1 fp, 1 fn), held out 0.994 (2 fp, 1 fn); stops only 0.982 on both
    assert f1 >= 0.99 and fp < fp0 and f1 > before, (f1, fp, fn, before)
