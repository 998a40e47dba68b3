"""Which candidate sentence ends are real: the context test after the stop-character scan.

:mod:`geochunk.context.prose` finds every stop (``.``, ``!``, ``?``, ``…``, the Devanagari danda and
double danda, the CJK stops) with its closing quotes and brackets before whitespace. Most are
sentence ends; the ones that are not fail one of the tests Punkt (Kiss & Strunk 2006) uses at
inference, applied to the candidate's neighbours only:

1. **Orthographic context.** A sentence does not start with a lower-case letter: a stop
   followed (after spaces, opening quotes, brackets or dashes) by one ends no sentence
   (``(i.e. one not loaded``, ``etc.) are defined``, ``"Stop!" he said``, ``U.S. team``).
   Scripts without case (Devanagari, CJK) are untouched: the danda always ends a sentence.
2. **Abbreviation type.** A full stop after a word that precedes a name or a number
   (:data:`PRENOMINAL`: ``Dr.``, ``Mr.``, ``St.``, ``Fig.``, ``No.``, ``e.g.``, ``cf.``, month
   names) ends no sentence, whatever follows (``Dr. Sharma``, ``Fig. 3``); one that is also an
   everyday word (:data:`WORDS_TOO`: ``the answer was no.``, ``modern art.``) only when written
   with a capital or before a number. Abbreviations that often end a sentence (``etc.``,
   ``Inc.``, ``a.m.``, ``U.S.``) are not listed: for them the first test decides.
   A lone lower-case letter is listed only where it is no unit (``c. 1901``, ``p. 4``, not the
   ``m.`` of ``1.5 m.``, which often ends a sentence).
3. **Initials.** A single capital letter and a stop ends no sentence when an initial or a
   listed abbreviation comes before it or an initial after it (``Dr. A. Sharma``,
   ``J. R. Smith``); a lone one may (``in Zone B. The bank``).

A decimal (``3.5``) is never a candidate: the scan wants whitespace after the stop.
``benchmarks/sentences.py`` measures these rules against the segmenters on the package index on
real prose (``docs/structure.md``, ``benchmarks/RESULTS.md``). Each test reads a few characters
around one candidate: linear in the number of candidates.

>>> from geochunk.context.prose import _sentence_ends
>>> t = "Led by Dr. A. Sharma (i.e. the lead). See Fig. 2. It rose 3.5 m. Done!"
>>> [t[:p][-8:] for p in sorted(_sentence_ends(t, 0, len(t)))]
['d by Dr.', 'y Dr. A.', 'ma (i.e.', 'e lead).', 'See Fig.', ' Fig. 2.', 'e 3.5 m.']
>>> [t[:p][-8:] for p in keep_sentence_ends(t, sorted(_sentence_ends(t, 0, len(t))))]
['e lead).', ' Fig. 2.', 'e 3.5 m.']
"""

from __future__ import annotations

import re
from typing import Iterable

__all__ = ["PRENOMINAL", "WORDS_TOO", "keep_sentence_ends", "is_sentence_end"]

#: Abbreviations written before a name, a number or a reference, lower case, without the final
#: stop: a full stop after one of these ends no sentence.
PRENOMINAL: frozenset[str] = frozenset("""
mr mrs ms mx dr prof rev hon fr sr gen col capt cpt lt sgt maj gov sen rep pres supt insp
st mt fig figs eq eqs no nos vol vols ch chap sec sect art para pp p cf e.g i.e viz vs
approx ca c nr tel ref op est incl excl dept univ jan feb mar apr jun jul aug sep sept oct nov dec
""".split())

#: Listed abbreviations that are also everyday words (``the answer was no.``, ``modern art.``,
#: ``a fig.``): one ends no sentence only when written with a capital (``No. 12``, ``Col.
#: Hale``) or before a number (``fig. 3``, ``art. 5``).
WORDS_TOO: frozenset[str] = frozenset("no art fig rep col gen op ref sec pres rev hon mar sen est".split())

_CLOSERS = "\"'\u2019\u201d)]"
_WORD_BEFORE = 24  # characters read back for the word before a stop (longer words are no abbreviation)
# after the stop: whitespace, then opening quotes, brackets, dashes and emphasis marks, then
# the first word character (possessive: linear)
_NEXT = re.compile(r"\s++[\"'\u201c\u2018(\[{*_\u2013\u2014-]*+(\w)")


_LONGEST = max(map(len, PRENOMINAL))  # a longer run of letters before a stop is no listed abbreviation
# the word before a stop: up to _WORD_BEFORE characters back to whitespace or an opening mark
_TAIL = re.compile(r"[^\s(\[\"'\u201c\u2018]{1,%d}$" % _WORD_BEFORE)


def _word_before(text: str, q: int) -> str:
    """The word that ends at ``q`` (just before a full stop), lower case, without the opening
    quotes or brackets before it.

    >>> _word_before("see (e.g.", 8), _word_before("Led by Dr.", 9), _word_before("a ", 2)
    ('e.g', 'dr', '')
    """
    m = _TAIL.search(text, max(0, q - _WORD_BEFORE), q)
    return m.group().lower() if m is not None else ""


def is_sentence_end(text: str, p: int) -> bool:
    """Whether the candidate end ``p`` (just after a stop and its closers, before whitespace)
    ends a sentence: see the module docstring.

    >>> [is_sentence_end(s, s.index(" ")) for s in ("Dr. Who", "etc. and", "etc. The", "m. Next", "\u0964 \u0906")]
    [False, False, True, True, True]
    """
    m = _NEXT.match(text, p)
    if m is not None and m.group(1).islower():
        return False
    q = p
    while q > 0 and text[q - 1] in _CLOSERS:
        q -= 1
    if q < 2 or text[q - 1] != "." or text[q - 2] == ".":
        return True  # not a full stop after a word (!, ?, a danda, an ellipsis '...')
    if q > _LONGEST + 1 and text[q - _LONGEST - 2 : q - 1].isalpha():
        return True  # a word longer than every listed abbreviation (most sentence ends)
    word = _word_before(text, q - 1)
    if word in PRENOMINAL:
        if word not in WORDS_TOO or text[q - 1 - len(word)].isupper():
            return False
        if m is not None and m.group(1).isdigit():
            return False
    if len(word) == 1 and word.isalpha() and text[q - 2].isupper():
        # an initial: with an initial or a listed abbreviation before it, or an initial after
        if q >= 4 and text[q - 3].isspace() and text[q - 4] == ".":
            prev = _word_before(text, q - 4)
            if (len(prev) == 1 and prev.isalpha()) or prev in PRENOMINAL:
                return False
        if m is not None and m.group(1).isupper():
            e = m.end()
            if text[e : e + 1] == "." and (e + 1 >= len(text) or text[e + 1].isspace()):
                return False  # "J. R. Smith": the next word is an initial too
    return True


def keep_sentence_ends(text: str, ends: Iterable[int]) -> list[int]:
    """The candidate ends (see :func:`is_sentence_end`) that end a sentence, in the given order."""
    return [p for p in ends if is_sentence_end(text, p)]
