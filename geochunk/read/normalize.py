"""Unicode normalisation before chunking, with a map back to the source's offsets.

The same words typed in NFD (``e`` + U+0301) and NFC (``é``) tokenize differently: decomposed
text takes more tokens and so more chunks. ``--normalize nfc|nfkc`` chunks the normalised text;
:func:`normalize_text` makes it and an :class:`OffsetMap` from its offsets to the source's, so
every chunk's ``start``/``end`` still point into the document as read and
``chunk.text == unicodedata.normalize(form, source[chunk.start:chunk.end])``.

How the map is made: a boundary before a character that never combines with the one before it
(every ASCII character is one) splits normalisation, ``normalize(x + y) == normalize(x) +
normalize(y)``. The text is cut there, each non-ASCII run with the character before it is one
piece, a piece that normalisation changes is cut again into grapheme clusters (UAX #29: a
base character and its marks, a Hangul syllable's jamo), and the map records every piece whose
length changed. An offset inside a changed piece (only a last-resort cut between the graphemes
of one character's expansion, such as NFKC's ``ﬁ`` -> ``fi``) maps to the piece's start.
Linear: one C-speed check when the text is already normalised, else one pass over its
non-ASCII runs.

>>> src = "Cafe\\u0301 de\\u0301ja\\u0300"
>>> n = normalize_text(src, "nfc")
>>> n.text, len(src), len(n.text)
('Café déjà', 12, 9)
>>> [n.offsets.to_source(p) for p in (0, 4, 5, 9)]
[0, 5, 6, 12]
>>> normalize_text("plain ASCII", "nfkc").offsets is None
True
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Any, Sequence

import numpy as np
import regex

from geochunk.errors import ConfigError
from geochunk.model import NORMALIZE_FORMS

__all__ = ["OffsetMap", "Normalized", "Source", "normalize_text", "normalized_view", "unicode_form"]

_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
_GRAPHEME = regex.compile(r"\X")


def unicode_form(normalize: str) -> str | None:
    """The :mod:`unicodedata` form for a ``normalize`` option (``None`` for ``"none"``).

    >>> unicode_form("nfc"), unicode_form("none")
    ('NFC', None)
    """
    if normalize not in NORMALIZE_FORMS:
        raise ConfigError(f"unknown normalize form {normalize!r}; valid values: {', '.join(NORMALIZE_FORMS)}")
    return None if normalize == "none" else normalize.upper()


@dataclass(frozen=True, eq=False)
class OffsetMap:
    """Offsets in the normalised text -> offsets in the source: the pieces whose length
    changed, as sorted arrays (normalised start/end, source start/end); between them the two
    texts are the same character for character."""

    norm_lo: np.ndarray
    norm_hi: np.ndarray
    src_lo: np.ndarray
    src_hi: np.ndarray

    def to_source(self, p: int) -> int:
        """The source offset of normalised offset ``p`` (monotone; a piece's inside maps to
        its start)."""
        return int(self.to_source_many(np.array([p], dtype=np.int64))[0])

    def to_source_many(self, ps: np.ndarray) -> np.ndarray:
        """:meth:`to_source` of many offsets at once."""
        ps = np.asarray(ps, dtype=np.int64)
        k = np.searchsorted(self.norm_lo, ps, "right") - 1
        kk = np.maximum(k, 0)
        after = ps - self.norm_hi[kk] + self.src_hi[kk]  # at or past the piece's end
        out = np.where(ps < self.norm_hi[kk], self.src_lo[kk], after)
        return np.where(k < 0, ps, out)

    def to_source_list(self, ps: Sequence[int]) -> list[int]:
        return self.to_source_many(np.asarray(ps, dtype=np.int64)).tolist()  # type: ignore[no-any-return]

    def to_normalized_list(self, ps: Sequence[int]) -> list[int]:
        """The inverse: normalised offsets of source offsets ``ps`` (a changed piece's inside
        maps to its start).

        >>> m = normalize_text("e\u0301te\u0301 x", "nfc").offsets
        >>> m.to_normalized_list([0, 2, 3, 5, 7]), m.to_source_list([0, 1, 2, 3, 5])
        ([0, 1, 2, 3, 5], [0, 2, 3, 5, 7])
        """
        ss = np.asarray(ps, dtype=np.int64)
        k = np.searchsorted(self.src_lo, ss, "right") - 1
        kk = np.maximum(k, 0)
        after = ss - self.src_hi[kk] + self.norm_hi[kk]
        out = np.where(ss < self.src_hi[kk], self.norm_lo[kk], after)
        return np.where(k < 0, ss, out).tolist()  # type: ignore[no-any-return]


@dataclass(frozen=True, eq=False)
class Normalized:
    """A normalised text, the form used, and the map to the source (``None``: the same text)."""

    text: str
    form: str | None
    offsets: OffsetMap | None


def normalize_text(source: str, normalize: str) -> Normalized:
    """``source`` in the ``normalize`` form (``"none"``, ``"nfc"``, ``"nfkc"``) with the map
    from its offsets back to ``source``'s (see the module docstring)."""
    form = unicode_form(normalize)
    if form is None or source.isascii() or unicodedata.is_normalized(form, source):
        return Normalized(source, form, None)
    out: list[str] = []
    changed: list[tuple[int, int, int, int]] = []  # norm lo, norm hi, src lo, src hi
    at_src = at_norm = 0
    for m in _NON_ASCII.finditer(source):
        lo, hi = m.start(), m.end()
        if lo > 0:
            lo -= 1  # the ASCII character before may combine with the run (e + U+0301)
        if lo > at_src:  # the unchanged ASCII between
            out.append(source[at_src:lo])
            at_norm += lo - at_src
        piece = source[lo:hi]
        done = unicodedata.normalize(form, piece)
        if done == piece:
            out.append(piece)
            at_norm += hi - lo
        else:
            at_norm = _pieces(source, lo, hi, form, done, out, changed, at_norm)
        at_src = hi
    out.append(source[at_src:])
    text = "".join(out)
    if not changed:
        return Normalized(text, form, None)
    arr = np.array(changed, dtype=np.int64).reshape(-1, 4)
    return Normalized(text, form, OffsetMap(arr[:, 0].copy(), arr[:, 1].copy(), arr[:, 2].copy(), arr[:, 3].copy()))


def _pieces(
    source: str, lo: int, hi: int, form: str, done: str,
    out: list[str], changed: list[tuple[int, int, int, int]], at_norm: int,
) -> int:
    """Normalise ``source[lo:hi]`` grapheme by grapheme into ``out`` (recording the clusters
    whose length changed); the whole run as one piece if per-cluster normalisation is not
    what the run's is (never seen, kept as the safe answer). Returns the new normalised end."""
    parts = []
    recs = []
    n_at = at_norm
    for g in _GRAPHEME.finditer(source, lo, hi):
        a, b = g.start(), g.end()
        s = source[a:b]
        t = unicodedata.normalize(form, s)
        parts.append(t)
        if len(t) != b - a:
            recs.append((n_at, n_at + len(t), a, b))
        n_at += len(t)
    if "".join(parts) != done:
        out.append(done)
        if len(done) != hi - lo:
            changed.append((at_norm, at_norm + len(done), lo, hi))
        return at_norm + len(done)
    out.extend(parts)
    changed.extend(recs)
    return n_at


@dataclass(frozen=True, eq=False)
class Source:
    """The document as read, when an analysis is of its normalised text: what chunks point
    back into (``text``, ``digest``), the form applied and the offset map (``None``: the
    normalised text has the source's offsets)."""

    text: str
    digest: str
    form: str
    offsets: OffsetMap | None

    def to_source(self, ps: Sequence[int]) -> list[int]:
        """Source offsets of normalised offsets ``ps``.

        >>> from geochunk.read.source import document_digest
        >>> n = normalize_text("e\\u0301t\\u00e9", "nfc")
        >>> Source("e\\u0301t\\u00e9", "", "NFC", n.offsets).to_source([0, 1, 3])
        [0, 2, 4]
        """
        return list(ps) if self.offsets is None else self.offsets.to_source_list(ps)


def normalized_view(text: str, chunks: Sequence[Any]) -> tuple[str, list[Any]]:
    """``(text, chunks)`` as the analysis saw them when the chunks were made with
    ``--normalize``: the normalised text and the chunks (and their features) with offsets into
    it, ``normalization`` cleared. Chunks made without it come back as they are. For the gates
    (:func:`geochunk.gates.validate`), which relate a chunk's text to the document by offsets.

    >>> import geochunk
    >>> src = "Cafe\u0301. POINT (1 2)"
    >>> t, cs = normalized_view(src, geochunk.chunk(src, budget=16, normalize="nfc"))
    >>> t, [(c.start, c.end, c.normalization) for c in cs], cs[0].features[0].start
    ('Café. POINT (1 2)', [(0, 17, None)], 6)
    """
    forms = {getattr(c, "normalization", None) for c in chunks}
    if forms == {None} or len(forms) != 1:
        return text, list(chunks)
    form = forms.pop()
    n = normalize_text(text, form.lower())
    if n.offsets is None:
        return n.text, [replace(c, normalization=None) for c in chunks]
    inv = n.offsets.to_normalized_list
    out = []
    for c in chunks:
        start, end, core = inv([c.start, c.end, c.core_start])
        feats = []
        for f in c.features:
            lo, hi = inv([f.start, f.end])
            feats.append(replace(f, start=lo, end=hi))
        out.append(replace(c, start=start, end=end, core_start=core, normalization=None, features=tuple(feats)))
    return n.text, out
