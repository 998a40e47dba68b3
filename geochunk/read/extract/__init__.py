"""Reports as they arrive: PDF, HTML and Word documents into the text chunks are cut from.

:func:`extract` reads a ``.pdf`` (pypdf), ``.html``/``.htm``/``.xhtml`` (the standard library's
parser) or ``.docx`` (python-docx) file, or bytes of one, into an :class:`Extracted`: the text,
a page map (PDF) or section paths (HTML, DOCX), and notes on what extraction did. Chunks are cut
from ``Extracted.text``, so their offsets are exact in it; :func:`locate` adds each chunk's
``source_pages`` and ``section_path``. ``geochunk extract FILE`` prints the text a document
becomes.

>>> ex = extract(b"<h2>Site</h2><p>The well at POINT (1 2).</p>", name="site.html")
>>> ex.kind, ex.text
('html', '## Site\\n\\nThe well at POINT (1 2).')
>>> extractable("report.PDF"), extractable("notes.md")
(True, False)
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import PurePath
from typing import Iterable

from geochunk.errors import InputError
from geochunk.read.extract.result import Extracted

__all__ = ["EXTRACTABLE_SUFFIXES", "Extracted", "extract", "extractable", "kind_of", "locate", "read_any"]

#: File name endings read by extraction (lower case, with the dot), and the reader of each.
EXTRACTABLE_SUFFIXES: dict[str, str] = {
    ".pdf": "pdf", ".html": "html", ".htm": "html", ".xhtml": "html", ".docx": "docx",
}


def kind_of(name: str | os.PathLike[str] | None, head: bytes = b"") -> str | None:
    """``"pdf"``, ``"html"`` or ``"docx"`` by the name's ending, else by the bytes' signature
    (``%PDF-``; a ZIP holding ``word/document.xml`` is only known by name); ``None`` for text.

    >>> kind_of("a.htm"), kind_of(None, b"%PDF-1.7"), kind_of("a.txt", b"POINT (1 2)")
    ('html', 'pdf', None)
    """
    if name is not None:
        suffix = PurePath(os.fspath(name)).suffix.lower()
        if suffix in EXTRACTABLE_SUFFIXES:
            return EXTRACTABLE_SUFFIXES[suffix]
    if head.startswith(b"%PDF-"):
        return "pdf"
    return None


def extractable(name: str | os.PathLike[str]) -> bool:
    """Whether a file of this name is extracted (rather than read as UTF-8 text)."""
    return kind_of(name) is not None


def extract(
    src: str | os.PathLike[str] | bytes,
    *,
    name: str | None = None,
    kind: str | None = None,
    max_bytes: int | None = None,
) -> Extracted:
    """Read a PDF, HTML or DOCX file (a path) or its bytes into an :class:`Extracted`.

    ``kind`` forces a reader; otherwise the name (``name``, or the path) decides, then the
    bytes' signature. Paths are read as the text reader reads them (regular files only, size
    checked before reading, at most ``max_bytes``, default 64 MiB). Every failure is an
    :class:`~geochunk.errors.InputError` with one line: encrypted or image-only PDFs, damaged
    archives, zip bombs, pages that hold no text.

    >>> extract(b"plain words", name="notes.txt")
    Traceback (most recent call last):
    ...
    geochunk.errors.InputError: 'notes.txt' is not a PDF, HTML or .docx document (read it as text)
    """
    from geochunk.read.source import DEFAULT_MAX_BYTES, read_bytes

    limit = DEFAULT_MAX_BYTES if max_bytes is None else max_bytes
    if isinstance(src, (bytes, bytearray, memoryview)):
        data = bytes(src)
        label = name if name is not None else "<bytes>"
        if len(data) > limit:
            raise InputError(f"{label!r} is larger than the limit of {limit:,} bytes (max_bytes)")
    else:
        label = name if name is not None else os.fspath(src)
        data = read_bytes(src, max_bytes=limit, name=label)
    if not data:
        raise InputError(f"{label!r} is empty (0 bytes); there is nothing to chunk")
    which = kind or kind_of(name if name is not None else (None if isinstance(src, bytes) else src), data[:8])
    if which == "pdf":
        from geochunk.read.extract.pdf import extract_pdf

        return extract_pdf(data, label)
    if which == "html":
        from geochunk.read.extract.html import extract_html

        return extract_html(data, label)
    if which == "docx":
        from geochunk.read.extract.docx import extract_docx

        return extract_docx(data, label)
    raise InputError(f"{label!r} is not a PDF, HTML or .docx document (read it as text)")


def read_any(
    src: str | os.PathLike[str] | bytes,
    *,
    name: str | None = None,
    max_bytes: int | None = None,
) -> tuple[str, Extracted | None]:
    """``(text, extracted)`` for any document: a PDF, HTML or .docx one (by ``name`` or the
    path's ending, or a PDF's signature) through :func:`extract`, anything else as strict UTF-8
    text (:func:`geochunk.read_document`, ``extracted`` ``None``).

    >>> read_any(b"POINT (1 2)", name="a.wkt")
    ('POINT (1 2)', None)
    >>> read_any(b"<p>POINT (1 2)</p>", name="a.html")[0]
    'POINT (1 2)'
    """
    from geochunk.read.source import DEFAULT_MAX_BYTES, read_document

    limit = DEFAULT_MAX_BYTES if max_bytes is None else max_bytes
    is_bytes = isinstance(src, (bytes, bytearray, memoryview))
    label = name if name is not None else (None if is_bytes else os.fspath(src))
    if kind_of(label, bytes(src[:8]) if is_bytes else b"") is not None:
        ex = extract(src, name=name, max_bytes=limit)
        return ex.text, ex
    return read_document(src, max_bytes=limit, name=name), None


def _body_start(text: str, start: int, end: int) -> int:
    """The first offset in ``[start, end)`` that is not on a ``#`` heading line (``start`` when
    the range holds only headings): a chunk that opens with headings sits under them."""
    pos = start
    while pos < end:
        line_end = text.find("\n", pos, end)
        line_end = end if line_end < 0 else line_end
        line = text[pos:line_end]
        if line.strip() and not (line.startswith("#") and line.lstrip("#").startswith(" ")):
            return pos
        pos = line_end + 1
    return start


def locate(chunks: Iterable, extracted: Extracted) -> list:
    """The chunks with ``source_pages`` (PDF) and ``section_path`` (HTML, DOCX) filled in from
    where each chunk's ``[start, end)`` lies in the extracted text: the pages it overlaps, and
    the heading path of its first line that is not a heading (a chunk that opens with headings
    sits under them).

    >>> from geochunk import ChunkConfig, chunk_text
    >>> ex = extract(b"<h1>A</h1><p>POINT (1 2)</p><h1>B</h1><p>POINT (3 4)</p>", name="x.html")
    >>> cs = chunk_text(ex.text, ChunkConfig(budget=16, unit="feature"))
    >>> [c.section_path for c in locate(cs.chunks, ex)]
    [('A',), ('B',)]
    """
    out = []
    for c in chunks:
        pages = extracted.pages_of(c.start, c.end)
        section = extracted.section_of(_body_start(extracted.text, c.start, c.end), c.end)
        out.append(replace(c, source_pages=pages, section_path=section) if pages or section else c)
    return out
