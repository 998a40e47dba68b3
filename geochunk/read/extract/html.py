"""HTML to text with section paths (the standard library's ``html.parser``: nothing is run).

The text reads like Markdown, which the chunker's heading and attribute rules already know:

* ``<h1>``..``<h6>`` become ``#``..``######`` lines and open a section: every later block's
  section path is the headings above it;
* paragraphs and other blocks are separated by a blank line (one newline while a geometry is
  still open, see :mod:`geochunk.read.extract.layout`), ``<br>`` is a newline, list items start
  with ``- `` (``1. `` in an ordered list), a definition list's ``<dt>`` and ``<dd>`` become
  one ``Key: value`` line;
* ``<pre>`` keeps its text exactly, inside a fence (```` ```wkt ```` for ``class="language-wkt"``);
* a table is one row a line: a two-column table as ``Key: value`` lines, a wider one as a
  Markdown table (``| a | b |``, a ``| --- |`` rule under a header row of ``<th>`` cells);
* ``<script>``, ``<style>``, ``<title>``, ``<template>``, ``<noscript>``, ``<svg>``, ``<head>`` and comments
  are dropped: their text is never read as the document's, and nothing in them is run.

>>> ex = extract_html(b"<h1>Appendix B</h1><p>Parcel <b>LU-1</b></p><table><tr><th>Zone</th><td>R2</td></tr></table>", "a.html")
>>> print(ex.text)
# Appendix B
<BLANKLINE>
Parcel LU-1
<BLANKLINE>
Zone: R2
>>> ex.section_of(ex.text.index("Zone"), len(ex.text))
('Appendix B',)
"""

from __future__ import annotations

import codecs
import re
from html.parser import HTMLParser

from geochunk.errors import InputError
from geochunk.read.extract.layout import Piece, join, table_lines
from geochunk.read.extract.result import Extracted

__all__ = ["extract_html", "decode_html"]

_SKIP = frozenset({"script", "style", "title", "template", "noscript", "svg", "head", "iframe", "object", "canvas"})
# what a <head> holds; any other start tag there begins the body (HTML lets "</head>" be left out)
_HEAD_CONTENT = frozenset({"title", "meta", "link", "style", "script", "base", "noscript", "template"})
_BLOCK = frozenset({
    "p", "div", "section", "article", "aside", "header", "footer", "nav", "main", "blockquote",
    "ul", "ol", "dl", "dd", "figure", "figcaption", "address", "form", "fieldset", "hr",
    "details", "summary", "body", "html", "center",
})
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
_CHARSET = re.compile(rb"""(?i)charset\s*=\s*["']?\s*([a-z0-9_.:-]{1,40})""")  # linear
_FENCE_LANG = re.compile(r"(?:^|\s)(?:language|lang)-([A-Za-z0-9_+-]{1,20})")


def decode_html(data: bytes, label: str) -> str:
    """The page's text as its byte-order mark, or its ``<meta charset>``, or UTF-8 says.

    >>> decode_html(b'<meta charset="latin-1"><p>caf\\xe9</p>', "p.html")[-8:]
    'café</p>'
    """
    from geochunk.read.source import read_document

    for bom, enc in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            return _decode(data, enc, label)
    m = _CHARSET.search(data[:4096])
    if m:
        enc = m.group(1).decode("ascii").lower()
        try:
            if not getattr(codecs.lookup(enc), "_is_text_encoding", True):  # "zlib", "rot13": not a charset
                enc = "utf-8"
        except LookupError:
            enc = "utf-8"
        if codecs.lookup(enc).name != "utf-8":
            return _decode(data, enc, label)
    return read_document(data, name=label)  # strict UTF-8 with its clear messages


def _decode(data: bytes, enc: str, label: str) -> str:
    try:
        text = data.decode(enc)
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{label!r} declares the {enc} encoding but byte offset {exc.start} is not {enc}; "
            "re-save the page as UTF-8"
        ) from None
    return text.lstrip("\ufeff")


def extract_html(data: bytes, label: str) -> Extracted:
    """The text of an HTML page, with its section paths (see the module docstring)."""
    page = decode_html(data, label)
    parser = _Extractor()
    try:
        parser.feed(page)
        parser.close()
    except Exception as exc:  # noqa: BLE001 - html.parser is lenient; anything left is this file's fault
        raise InputError(f"{label!r} cannot be read as HTML ({type(exc).__name__}: {exc})") from None
    parser.end_block()
    pieces = parser.pieces
    if not any(p.text.strip() for p in pieces):
        raise InputError(f"{label!r} holds no text outside scripts, styles and tags; there is nothing to chunk")
    text, _, sections, notes = join(pieces)
    return Extracted(text, "html", sections=sections, notes=notes)


class _Table:
    __slots__ = ("rows", "row", "cell", "header")

    def __init__(self) -> None:
        self.rows: list[tuple[list[str], bool]] = []  # (cells, every cell a <th>)
        self.row: list[str] | None = None
        self.cell: list[str] | None = None
        self.header = True

    def render(self) -> list[str]:
        head = bool(self.rows) and self.rows[0][1]
        return table_lines([cells for cells, _ in self.rows], header=head)


class _Extractor(HTMLParser):
    """Blocks of text in document order, each with the heading path it sits under."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[Piece] = []
        self.path: list[str] = []
        self.inline: list[str] = []
        self.skip = 0
        self.in_head = False  # the skipped element is <head> (whose end tag is optional)
        self.pre = 0
        self.pre_lang = ""
        self.heading: int | None = None
        self.tables: list[_Table] = []
        self.lists: list[list] = []  # [ordered, next number]
        self.term: str | None = None  # a <dt> waiting for its <dd>: "Key: value"

    # -- blocks -----------------------------------------------------------------------------
    def emit(self, text: str, *, tight: bool = False) -> None:
        if text.strip():
            self.pieces.append(Piece(text, section=tuple(self.path), tight=tight and bool(self.pieces)))

    def end_block(self) -> None:
        if self.tables and self.tables[-1].cell is not None:
            return  # inside a table cell, blocks are part of the cell
        raw = "".join(self.inline)
        self.inline = []
        lines = [" ".join(part.split()) for part in raw.split("\n")]
        text = "\n".join(line for line in lines if line)
        if not text:
            return
        if self.lists and not self.pre:
            ordered = self.lists[-1]
            marker = f"{ordered[1]}. " if ordered[0] else "- "
            text = "  " * (len(self.lists) - 1) + marker + text
        if self.term is not None:
            term, self.term = self.term, None
            text = f"{term} {text}" if term.endswith(":") else f"{term}: {text}"
        self.emit(text)

    def flush_term(self) -> None:
        """A ``<dt>`` whose ``<dd>`` did not start with text stands as its own line."""
        if self.term is not None:
            term, self.term = self.term, None
            self.emit(term)

    # -- parser callbacks -------------------------------------------------------------------
    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skip == 1 and self.in_head and tag not in _HEAD_CONTENT:
            self.skip = 0  # "</head>" may be left out: the body's first tag ends the head
            self.in_head = False
        if self.skip:
            if tag in _SKIP:
                self.skip += 1
            return
        if tag in _SKIP:
            self.skip = 1
            self.in_head = tag == "head"
            return
        if tag == "br":
            self.inline.append("\n")
        elif tag in _HEADINGS:
            self.end_block()
            self.heading = _HEADINGS[tag]
        elif tag == "pre":
            self.end_block()
            self.flush_term()
            self.pre += 1
            if self.pre == 1:
                self.pre_lang = _lang(attrs)
        elif tag == "code" and self.pre and not self.pre_lang:
            self.pre_lang = _lang(attrs)
        elif tag == "table":
            self.end_block()
            self.flush_term()
            self.tables.append(_Table())
        elif tag == "tr" and self.tables:
            t = self.tables[-1]
            self._close_cell(t)
            if t.row is not None:
                t.rows.append((t.row, t.header))
            t.row, t.header = [], True
        elif tag in ("td", "th") and self.tables:
            t = self.tables[-1]
            self._close_cell(t)
            if t.row is None:
                t.row, t.header = [], True
            t.cell = []
            t.header = t.header and tag == "th"
            self.inline = []
        elif tag == "dt":
            self.end_block()
            self.flush_term()
        elif tag in ("ul", "ol"):
            self.end_block()
            self.flush_term()
            self.lists.append([tag == "ol", 1])
        elif tag == "li":
            self.end_block()
        elif tag in _BLOCK:
            self.end_block()

    def handle_endtag(self, tag: str) -> None:
        if self.skip:
            if tag in _SKIP:
                self.skip -= 1
                self.in_head = self.in_head and self.skip > 0
            return
        if tag in _HEADINGS and self.heading is not None:
            title = " ".join("".join(self.inline).split())
            self.inline = []
            level = self.heading
            self.heading = None
            if title:
                self.path = self.path[: level - 1] + [title]  # h1 then h3: the path is [h1, h3]
                self.emit("#" * level + " " + title)
        elif tag == "pre" and self.pre:
            self.pre -= 1
            if self.pre == 0:
                body = "".join(self.inline).strip("\n")
                self.inline = []
                if body.strip():
                    fence = "~~~~" if "```" in body else "```"
                    self.emit(f"{fence}{self.pre_lang}\n{body}\n{fence}")
                self.pre_lang = ""
        elif tag in ("td", "th") and self.tables:
            self._close_cell(self.tables[-1])
        elif tag == "tr" and self.tables:
            t = self.tables[-1]
            self._close_cell(t)
            if t.row is not None:
                t.rows.append((t.row, t.header))
            t.row = None
        elif tag == "table" and self.tables:
            t = self.tables.pop()
            self._close_cell(t)
            if t.row is not None:
                t.rows.append((t.row, t.header))
            lines = t.render()
            if self.tables and self.tables[-1].cell is not None:
                self.tables[-1].cell.append(" ".join(lines))  # a table in a cell: its text
            else:
                for n, line in enumerate(lines):
                    self.emit(line, tight=n > 0)
        elif tag == "dt" and not self.pre and not (self.tables and self.tables[-1].cell is not None):
            self.flush_term()
            term = " ".join("".join(self.inline).split())
            self.inline = []
            self.term = term or None
        elif tag == "dl":
            self.end_block()
            self.flush_term()
        elif tag in ("ul", "ol") and self.lists:
            self.end_block()
            self.lists.pop()
        elif tag == "li":
            self.end_block()
            if self.lists:
                self.lists[-1][1] += 1
        elif tag in _BLOCK:
            self.end_block()

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.tables and self.tables[-1].cell is not None:
            self.tables[-1].cell.append(data)
        elif self.pre:
            self.inline.append(data)
        else:
            self.inline.append(data.replace("\n", " ").replace("\r", " "))

    def _close_cell(self, t: _Table) -> None:
        if t.cell is not None:
            if t.row is None:
                t.row = []
            t.row.append(" ".join("".join(t.cell).split()))
            t.cell = None


def _lang(attrs: list[tuple[str, str | None]]) -> str:
    for k, v in attrs:
        if k == "class" and v:
            m = _FENCE_LANG.search(v)
            if m:
                return m.group(1).lower()
    return ""
