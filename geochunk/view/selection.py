"""One chunk selection that survives re-chunking: resolve it against the current chunk set.

A selection remembers the chunk's identity (:func:`chunk_identity`: core range + feature ids)
and where its own text began. After a re-chunk at other settings, the same chunk is found again
by identity; when it no longer exists, the chunk that now holds its first character is chosen,
and the note says so. A map click arrives as the clicked feature's tooltip text, from which
:func:`chunk_from_tooltip` reads the chunk number.

>>> from geochunk.model import Chunk
>>> a = Chunk("d", 0, 0, 10, 0, "x" * 10, 3, "t", "document", "paragraph")
>>> b = Chunk("d", 1, 10, 20, 10, "y" * 10, 3, "t", "document", "paragraph")
>>> sel = Selection.of(b)
>>> resolve([a, b], sel)
(1, '')
>>> merged = Chunk("d", 0, 0, 20, 0, "x" * 20, 6, "t", "document", "paragraph")
>>> resolve([merged], sel)
(0, 'Chunk #1 no longer exists at these settings; showing #0, which now holds its text.')
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Sequence

from geochunk.model import Chunk
from geochunk.view.safe import printable

__all__ = ["Selection", "chunk_identity", "resolve", "chunk_from_tooltip"]


def chunk_identity(chunk: Chunk) -> str:
    """An identity that survives a re-chunk when the chunk itself is unchanged: its own text
    range (after any overlap), its feature ids, and how its text was made.

    >>> from geochunk.model import Chunk, ChunkFeature, Part
    >>> f = ChunkFeature("p-7", "source", "wkt", "POLYGON", 12, 40, 5)
    >>> chunk_identity(Chunk("d", 3, 10, 60, 12, "x", 1, "t", "feature", "feature",
    ...                      features=(f,), part=Part("p-7", 2, 3)))
    '12-60|p-7|source#part2'
    """
    ids = ",".join(printable(f.id) for f in chunk.features)
    kind = chunk.text_kind + (f"#part{chunk.part.index}" if chunk.part is not None else "")
    return f"{chunk.core_start}-{chunk.end}|{ids}|{kind}"


@dataclass(frozen=True)
class Selection:
    """The selected chunk as last seen: its identity, index and the start of its own text."""

    identity: str
    index: int
    core_start: int

    @classmethod
    def of(cls, chunk: Chunk) -> "Selection":
        return cls(chunk_identity(chunk), chunk.index, chunk.core_start)


def resolve(chunks: Sequence[Chunk], selection: Selection | None) -> tuple[int | None, str]:
    """``(index or None, note)``: the selection in the current chunk set; the note is empty
    unless the selected chunk changed."""
    if selection is None or not chunks:
        return None, ""
    if selection.index < len(chunks) and chunk_identity(chunks[selection.index]) == selection.identity:
        return selection.index, ""
    for c in chunks:
        if chunk_identity(c) == selection.identity:
            return c.index, ""
    starts = [c.core_start for c in chunks]
    k = bisect.bisect_right(starts, selection.core_start) - 1
    if k < 0 or selection.core_start >= chunks[k].end:
        return None, f"Chunk #{selection.index} no longer exists at these settings."
    return k, (f"Chunk #{selection.index} no longer exists at these settings; showing "
               f"#{k}, which now holds its text.")


def chunk_from_tooltip(text: str | None) -> int | None:
    """The chunk number in a clicked feature's tooltip text (``"chunk#7feature…"``: the
    tooltip's first row), or ``None``.

    >>> chunk_from_tooltip("chunk#12featurep-1tokens300"), chunk_from_tooltip("splitter…")
    (12, None)
    """
    if not text or not text.startswith("chunk#"):
        return None
    digits = ""
    for ch in text[len("chunk#"):]:
        if ch not in "0123456789":
            break
        digits += ch
    return int(digits) if digits and len(digits) < 9 else None
