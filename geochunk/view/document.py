"""The document view: the whole text with each chunk's range coloured inline.

Every chunk's own range (``core_start`` to ``end``: together they tile the document) is one
coloured ``<span data-c="N">`` run, geometry spans inside it are marked, and each cut (a
chunk's start) carries a small ``#N`` label, so where the chunker cut and why is visible at a
glance. Text is HTML-escaped *before* any markup is added. A document over
:data:`LARGE_CHARS` is shown by window (:func:`document_window`), never all at once, and a
geometry run longer than ``max_span_chars`` is shown with its middle elided (display only).

>>> from geochunk.model import Chunk
>>> cs = [Chunk("d", 0, 0, 4, 0, "<b> ", 1, "t", "document", "mixed"),
...       Chunk("d", 1, 4, 15, 4, "POINT (1 2)", 3, "t", "feature", "mixed")]
>>> html_text = document_html("<b> POINT (1 2)", cs, [(4, 15)])
>>> "&lt;b&gt;" in html_text, '<mark class="gc-dg">POINT (1 2)</mark>' in html_text
(True, True)
"""

from __future__ import annotations

import bisect
import html
from dataclasses import dataclass
from typing import Iterable, Sequence

from geochunk.model import Chunk
from geochunk.view.colors import chunk_color
from geochunk.view.highlight import elide
from geochunk.view.safe import printable

__all__ = ["LARGE_CHARS", "WINDOW_CHARS", "DOCUMENT_CSS", "Window", "document_window",
           "document_html", "chunk_at"]

#: Documents longer than this (characters) are shown by window.
LARGE_CHARS = 200_000
#: How much of a large document one window shows (characters).
WINDOW_CHARS = 100_000
_SNAP = 2_000  # a window edge moves at most this far back to fall at a line start

#: Styles of :func:`document_html` (fixed text).
DOCUMENT_CSS = """
.gc-doc { position: relative; white-space: pre-wrap; overflow-wrap: anywhere;
  font-family: ui-monospace, monospace; font-size: 0.78rem; line-height: 1.45;
  max-height: 30rem; overflow-y: auto; border: 1px solid #ddd; border-radius: 4px;
  padding: 0.5rem; background: #fff; color: #222; }
.gc-doc [data-c] { cursor: pointer; border-radius: 2px; }
.gc-doc [data-c]:hover { outline: 1px solid #555; }
.gc-doc .gc-flag { text-decoration: underline wavy #d62728; text-decoration-thickness: 1px; }
.gc-doc .gc-sel { background: #ffd43b !important; box-shadow: 0 0 0 1px #b08800; }
.gc-doc mark.gc-dg { background: transparent; color: inherit; font-weight: 600;
  border-bottom: 2px solid #e0a800; padding: 0; }
.gc-doc .gc-cut { display: inline-block; border-left: 2px solid #d62728; margin-left: 1px;
  padding: 0 2px; font-size: 0.68rem; line-height: 1; color: #fff; background: #555;
  border-radius: 0 3px 3px 0; user-select: none; vertical-align: 0.1em; }
.gc-doc .gc-elided { color: #fff; background: #888; border-radius: 3px; padding: 0 0.3em; }
.gc-doc .gc-edge { color: #666; font-style: italic; user-select: none; }
"""


@dataclass(frozen=True)
class Window:
    """The part of a document a view shows: characters ``start`` to ``end`` of ``total``.

    >>> Window(0, 10, 10).whole
    True
    """

    start: int
    end: int
    total: int

    @property
    def whole(self) -> bool:
        return self.start == 0 and self.end == self.total


def _line_start(text: str, p: int, snap: int) -> int:
    """``p`` moved back (at most ``snap`` characters) to the start of its line."""
    if p <= 0:
        return 0
    k = text.rfind("\n", max(0, p - snap), p)
    return p if k == -1 else k + 1


def document_window(text: str, around: int | None = None, *, start: int | None = None,
                    large: int = LARGE_CHARS, size: int = WINDOW_CHARS) -> Window:
    """The window to show: the whole text when it is at most ``large`` characters; else
    ``size`` characters from ``start`` (a line start), or, with ``around`` (a selected chunk's
    start) outside that, a window holding ``around`` near its top.

    >>> document_window("x" * 10)
    Window(start=0, end=10, total=10)
    >>> document_window("a\\n" * 150, around=200, large=100, size=50)
    Window(start=194, end=244, total=300)
    >>> document_window("a\\n" * 150, around=None, start=290, large=100, size=50)
    Window(start=250, end=300, total=300)
    """
    n = len(text)
    if n <= large:
        return Window(0, n, n)
    lo = 0 if start is None else max(0, min(start, n))
    if around is not None and not lo <= around < lo + size:
        lo = max(0, around - size // 10)
    snap = min(_SNAP, size // 10)
    lo = _line_start(text, min(lo, max(0, n - size)), snap)
    hi = n if lo + size + snap >= n else lo + size  # no sliver left after the last window
    return Window(lo, hi, n)


def chunk_at(chunks: Sequence[Chunk], p: int) -> int | None:
    """The index of the chunk whose own range holds character ``p``.

    >>> from geochunk.model import Chunk
    >>> cs = [Chunk("d", 0, 0, 4, 0, "abcd", 1, "t", "document", "mixed"),
    ...       Chunk("d", 1, 4, 8, 4, "efgh", 1, "t", "document", "mixed")]
    >>> chunk_at(cs, 5), chunk_at(cs, 8)
    (1, None)
    """
    starts = [c.core_start for c in chunks]
    k = bisect.bisect_right(starts, p) - 1
    if k < 0 or p >= chunks[k].end:
        return None
    return k


def _merged(spans: Iterable[tuple[int, int]], lo: int, hi: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for s, e in sorted((max(s, lo), min(e, hi)) for s, e in spans):
        if s >= e:
            continue
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def document_html(
    text: str,
    chunks: Sequence[Chunk],
    spans: Iterable[tuple[int, int]] = (),
    *,
    window: Window | None = None,
    max_span_chars: int = 2_000,
) -> str:
    """``text[window]`` as HTML: each chunk's own range a ``<span data-c="index">`` in the
    chunk's colour (flagged chunks underlined), geometry ``spans`` (document offsets) in
    ``<mark class="gc-dg">``, a ``#N`` label at each cut. Everything from the document is
    escaped; lone surrogates show as escapes.

    >>> from geochunk.model import Chunk
    >>> c = Chunk("d", 0, 0, 3, 0, "a&b", 1, "t", "document", "mixed", flags=("oversized",))
    >>> document_html("a&b", [c])
    '<div class="gc-doc"><span data-c="0" class="gc-flag" style="background:#1f77b42b"><b class="gc-cut" title="chunk #0 starts here">#0</b>a&amp;b</span></div>'
    """
    n = len(text)
    win = window or Window(0, n, n)
    lo, hi = max(0, win.start), min(n, win.end)
    ordered = sorted((c for c in chunks if c.end > lo and c.core_start < hi),
                     key=lambda c: c.core_start)
    geoms = _merged(spans, lo, hi)
    parts: list[str] = ['<div class="gc-doc">']
    if lo > 0:
        parts.append(f'<span class="gc-edge">… {lo:,} characters before this window …\n</span>')
    cursor = lo
    g = 0

    def emit(a: int, b: int) -> None:
        """Text ``[a, b)`` with its geometry parts marked."""
        nonlocal g
        while a < b:
            while g < len(geoms) and geoms[g][1] <= a:
                g += 1
            if g < len(geoms) and geoms[g][0] <= a:
                e = min(b, geoms[g][1])
                parts.append(f'<mark class="gc-dg">{elide(text[a:e], max_span_chars)}</mark>')
            else:
                e = min(b, geoms[g][0]) if g < len(geoms) else b
                parts.append(html.escape(printable(text[a:e])))
            a = e

    for c in ordered:
        a, b = max(lo, c.core_start), min(hi, c.end)
        if a < cursor:  # a range another chunk already showed (never when they tile): once
            a = cursor
            if a >= b:
                continue
        if a > cursor:  # text no chunk holds (never for a whole chunk set): plain
            emit(cursor, a)
        cls = ' class="gc-flag"' if c.flags else ""
        parts.append(f'<span data-c="{c.index}"{cls} style="background:{chunk_color(c.index)}2b">')
        if c.core_start >= lo:
            parts.append(f'<b class="gc-cut" title="chunk #{c.index} starts here">#{c.index}</b>')
        emit(a, b)
        parts.append("</span>")
        cursor = max(cursor, b)
    if cursor < hi:
        emit(cursor, hi)
    if hi < n:
        parts.append(f'<span class="gc-edge">\n… {n - hi:,} characters after this window …</span>')
    parts.append("</div>")
    return "".join(parts)
