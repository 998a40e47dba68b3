"""PDF to text with pages (pypdf, BSD-licensed, pure Python).

Each page's text layer is read with ``pypdf``; then, before the pages are joined:

* **Page furniture** is removed: a line at the top or bottom of a page (the first or last two
  lines) that repeats on at least half of the pages, compared with its digits masked (``Page 3
  of 9`` = ``Page 9 of 9``), and a bare page number there (``7``, ``- 7 -``, ``7 / 40``) that
  follows the page order on three or more pages (both pages of a two-page PDF), looked for
  once the repeated lines are gone (a number under a running header). A line made only of numbers and punctuation,
  or holding a bracket and a digit, is never taken for a repeated header: that is what a
  coordinate list or a WKT line on every page looks like.
* **Minus signs wrapped to the next line** inside an open geometry (``..., -`` then
  ``3.21 51.2``) are rejoined, since a coordinate cannot end in ``-``; a digit followed by a
  line-final ``-`` (``530100-``) is ambiguous (a minus sign or a range) and only reported.
* Pages are joined with a blank line, or one newline while a geometry is still open (see
  :mod:`geochunk.read.extract.layout`), so a page break never lands inside a geometry.

Refused with one line: an encrypted PDF that an empty password does not open, a PDF whose pages
hold no text (scanned images: OCR is not done), and a file pypdf cannot read.
"""

from __future__ import annotations

import io
import logging
import re
from collections import Counter
from typing import Sequence

from geochunk.errors import InputError
from geochunk.read.extract.layout import Piece, bracket_depth, join
from geochunk.read.extract.result import Extracted

__all__ = ["extract_pdf", "strip_furniture", "rejoin_minus"]

_EDGE = 2  # lines looked at on each edge of a page
_DIGITS = re.compile(r"\d+")
_LETTER = re.compile(r"[^\W\d_]")
# a bare page number: "7", "- 7 -", "7 / 40", "7 of 40", "Page 7", "p. 7" (no nested quantifiers)
_PAGE_NO = re.compile(r"(?i)^(?:page|p\.|pg\.?|seite|pagina)?\s*[-\u2013\u2014(\[]?\s*(\d{1,5})\s*[-\u2013\u2014)\]]?"
                      r"(?:\s*(?:/|of|von|de|sur)\s*\d{1,5})?$")


def extract_pdf(data: bytes, label: str) -> Extracted:
    """The text of a PDF's pages (1-based page numbers in :attr:`Extracted.pages`).

    >>> extract_pdf(b"%PDF-1.4 nothing else", "broken.pdf")
    Traceback (most recent call last):
    ...
    geochunk.errors.InputError: 'broken.pdf' cannot be read as a PDF (PdfStreamError: ...); check that the file is complete, or export its text another way
    """
    pypdf = _pypdf()
    quiet = logging.getLogger("pypdf")
    level = quiet.level
    quiet.setLevel(logging.ERROR)  # pypdf warns about every small flaw of real files
    try:
        try:
            reader = pypdf.PdfReader(io.BytesIO(data), strict=False)
            if reader.is_encrypted:
                _decrypt(reader, label)
            pages = [_page_text(p) for p in reader.pages]
        except InputError:
            raise
        except Exception as exc:  # noqa: BLE001 - any failure inside pypdf is this file's fault
            detail = str(exc).splitlines()[0][:160] if str(exc) else ""
            raise InputError(
                f"{label!r} cannot be read as a PDF ({type(exc).__name__}: {detail}); check that the "
                "file is complete, or export its text another way"
            ) from None
    finally:
        quiet.setLevel(level)
    if not any(t.strip() for t in pages):
        raise InputError(
            f"{label!r} has no text layer ({len(pages)} page{'s' if len(pages) != 1 else ''}, "
            "scanned images?); OCR is not done: run OCR first (e.g. ocrmypdf) and chunk the result"
        )
    return pages_to_text(pages)


def pages_to_text(pages: Sequence[str]) -> Extracted:
    """Join page texts (furniture removed, minus signs rejoined) into an :class:`Extracted`.

    >>> ex = pages_to_text(["Survey report\\nPOLYGON ((0 0, 1 0,", "Survey report\\n1 1, 0 0))"])
    >>> ex.text
    'POLYGON ((0 0, 1 0,\\n1 1, 0 0))'
    >>> ex.pages_of(ex.text.index("1 1"), len(ex.text)), ex.notes[0]
    ((2,), 'page 1 -> 2: the page break fell inside an open geometry; the pages were joined')
    """
    lines = [_tidy(t.replace("\r\n", "\n").replace("\r", "\n").split("\n")) for t in pages]
    lines, removed = strip_furniture(lines)
    lines = [_tidy(page) for page in lines]  # blank lines left at a page's edge by its furniture
    flat = [(line, n + 1) for n, page in enumerate(lines) for line in page]
    flat, rejoined, ambiguous = rejoin_minus(flat)
    pieces = []
    last_page = 0
    for line, page in flat:
        pieces.append(Piece(line, page=page, tight=page == last_page))
        last_page = page
    text, page_map, _, notes = join(pieces)
    told = list(notes)
    if removed:
        shown = ", ".join(repr(k) for k in sorted(removed)[:4]) + (" ..." if len(removed) > 4 else "")
        told.append(f"removed {sum(removed.values())} repeated header/footer line(s): {shown}")
    if rejoined:
        told.append(f"rejoined {rejoined} minus sign(s) wrapped to the next line inside coordinates")
    told.extend(ambiguous)
    return Extracted(text, "pdf", pages=page_map, notes=tuple(told))


def _tidy(lines: list[str]) -> list[str]:
    """Lines without trailing blanks, runs of blank lines as one, none at the page's edges.

    >>> _tidy(["", "a ", "", "", "b", ""])
    ['a', '', 'b']
    """
    out: list[str] = []
    for line in lines:
        line = line.rstrip()
        if line or (out and out[-1]):
            out.append(line)
    while out and not out[-1]:
        out.pop()
    return out


def strip_furniture(pages: list[list[str]]) -> tuple[list[list[str]], Counter]:
    """Pages' lines without repeated headers/footers and page numbers; and what was removed
    (the masked line -> how many times).

    >>> pages = [["ACME Appendix B", "text one", "Page 1 of 2"], ["ACME Appendix B", "text two", "Page 2 of 2"]]
    >>> kept, removed = strip_furniture(pages)
    >>> kept, sorted(removed)
    ([['text one'], ['text two']], ['acme appendix b', 'page # of #'])
    """
    if len(pages) < 2:
        return pages, Counter()
    removed: Counter = Counter()
    edges = [_edges(lines) for lines in pages]
    counts: Counter = Counter()
    for n, lines in enumerate(pages):
        for pos, i in edges[n]:
            key = _mask(lines[i])
            if key is not None:
                counts[(pos, key)] += 1
    need = max(2, (len(pages) + 1) // 2)
    out = []
    for n, lines in enumerate(pages):
        drop = set()
        for pos, i in edges[n]:
            key = _mask(lines[i])
            if key is not None and counts[(pos, key)] >= need:
                drop.add(i)
                removed[key] += 1
        out.append([line for i, line in enumerate(lines) if i not in drop])
    # page numbers are looked for once the repeated headers/footers are gone: a number printed
    # under a running header is then the page's outermost line
    edges = [_edges(lines) for lines in out]
    numbers = _page_number_lines(out, edges)
    for n, drop in numbers.items():
        for i in drop:
            removed[_mask(out[n][i]) or out[n][i].strip()] += 1
        out[n] = [line for i, line in enumerate(out[n]) if i not in set(drop)]
    return out, removed


def _edges(lines: list[str]) -> list[tuple[str, int]]:
    """A page's edge lines: (position key, line index), ``t0`` the first non-blank line."""
    idx = [i for i, line in enumerate(lines) if line.strip()]
    chosen = [(f"t{k}", i) for k, i in enumerate(idx[:_EDGE])]
    chosen += [(f"b{k}", i) for k, i in enumerate(reversed(idx[-_EDGE:])) if i not in idx[:_EDGE]]
    return chosen


def _mask(line: str) -> str | None:
    """A line as compared across pages (digits masked, case folded), or ``None`` for a line that
    may not be furniture: without a letter (coordinates), with a bracket and a digit (``POINT
    (1 2)``, ``[3.1, 51.2]``, ``<coordinates>``: geometry differs from page to page only in its
    numbers), or too long for a header."""
    s = " ".join(line.split())
    if not s or len(s) > 120 or not _LETTER.search(s):
        return None
    if any(c in s for c in "([{<") and any(c.isdigit() for c in s):
        return None
    return _DIGITS.sub("#", s).casefold()


def _page_number_lines(pages: list[list[str]], edges: list[list[tuple[str, int]]]) -> dict[int, list[int]]:
    """Per page, the edge lines that are the page's number: a bare number whose difference from
    the page's position is the same on at least half of the pages and on three or more; in a
    two-page PDF, one such line on each page, numbered from 1, 2 or 3 (a coordinate alone on a
    line could otherwise match by chance)."""
    found: dict[int, list[tuple[int, int]]] = {}
    offsets: Counter = Counter()
    for n, lines in enumerate(pages):
        for pos, i in edges[n]:
            if not pos.endswith("0"):  # only the outermost line of each edge
                continue
            m = _PAGE_NO.match(lines[i].strip())
            if m:
                off = int(m.group(1)) - n
                found.setdefault(n, []).append((i, off))
                offsets[off] += 1
    if not offsets:
        return {}
    off, hits = offsets.most_common(1)[0]
    if len(pages) == 2:  # a coordinate alone on a line could match: both pages, numbered 1-3 on
        if hits < 2 or not 0 <= off <= 2 or any(len(c) != 1 for c in found.values()):
            return {}
    elif hits < max(3, (len(pages) + 1) // 2):
        return {}
    return {n: [i for i, o in cands if o == off] for n, cands in found.items()}


def rejoin_minus(lines: list[tuple[str, int]]) -> tuple[list[tuple[str, int]], int, list[str]]:
    """Lines ``(text, page)`` with a minus sign wrapped inside an open geometry put back on the
    number it belongs to; the count, and a note for each ambiguous case left alone.

    >>> rejoin_minus([("LINESTRING (0.5 51.2, -", 1), ("0.7 51.3)", 1)])
    ([('LINESTRING (0.5 51.2, -0.7 51.3)', 1)], 1, [])
    >>> rejoin_minus([("MULTIPOINT ((530100-", 1), ("180000))", 1)])[2]
    ["page 1: '...530100-' then '180000...' inside a geometry: a minus sign or a range? not rejoined"]
    """
    out: list[tuple[str, int]] = []
    rejoined = 0
    notes: list[str] = []
    depth = 0
    i = 0
    while i < len(lines):
        text, page = lines[i]
        depth = bracket_depth(text, depth) if text.strip() else 0
        while depth > 0 and i + 1 < len(lines):
            stripped = text.rstrip()
            nxt = lines[i + 1][0].lstrip()
            if not (stripped.endswith("-") and nxt[:1].isdigit() or stripped.endswith("-") and nxt[:1] == "."):
                break
            before = stripped[-2:-1]
            if before in ("", " ", ",", "(", "[", "\t"):
                text = stripped + nxt
                rejoined += 1
                i += 1
                depth = bracket_depth(nxt, depth)
                continue
            if before.isdigit():
                notes.append(f"page {page}: '...{stripped[-12:].lstrip()}' then '{nxt[:12]}...' inside a "
                             "geometry: a minus sign or a range? not rejoined")
            break
        out.append((text, page))
        i += 1
    return out, rejoined, notes


def _page_text(page) -> str:  # noqa: ANN001 - a pypdf PageObject
    """A page's text. pypdf's plain mode reads every character in order; its layout mode also
    keeps a vertical gap as a blank line (the paragraph breaks a splitter needs) but can drop
    rotated text and reverse right-to-left runs. So the layout is used only when it holds exactly
    the plain text's characters in the same order (whitespace aside), with the spaces it pads
    columns and justified lines with collapsed; otherwise the plain text."""
    plain = page.extract_text() or ""
    try:
        laid = page.extract_text(extraction_mode="layout") or ""
    except Exception:  # noqa: BLE001 - layout mode is stricter about fonts; plain mode is enough
        laid = ""
    if laid and "".join(laid.split()) == "".join(plain.split()):
        text = "\n".join(" ".join(line.split()) for line in laid.split("\n"))
    else:
        text = plain
    # NUL and other C0 controls (but tab and newline) are extraction debris, not text
    return text.translate(_CONTROLS) if any(c in text for c in _CONTROL_CHARS) else text


_CONTROL_CHARS = [chr(c) for c in range(32) if chr(c) not in "\t\n\r"]
_CONTROLS = {ord(c): None for c in _CONTROL_CHARS}


def _decrypt(reader, label: str) -> None:  # noqa: ANN001 - a pypdf PdfReader
    try:
        ok = reader.decrypt("")
    except Exception:  # noqa: BLE001 - a missing crypto backend or a bad key: not opened
        ok = 0
    if not ok:
        raise InputError(
            f"{label!r} is an encrypted PDF and an empty password does not open it; geochunk does not "
            "decrypt documents: save an unencrypted copy (e.g. qpdf --decrypt) and chunk that"
        )


def _pypdf():  # noqa: ANN202 - the module
    try:
        import pypdf
    except ImportError:
        raise InputError(
            "reading PDF needs the pypdf package: pip install 'geochunk[documents]' (or pip install pypdf)"
        ) from None
    return pypdf
