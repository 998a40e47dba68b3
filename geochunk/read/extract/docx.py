"""Word (.docx) to text with section paths (python-docx, MIT-licensed).

The archive is checked before anything is inflated: a damaged ZIP, a file that is not a Word
document, too many members, or members that would inflate past :data:`MAX_UNPACKED` bytes (a
zip bomb) are refused with one line. The body is read in document order: paragraphs styled
``Heading N`` (or ``Title``) become ``#`` lines and open a section, list paragraphs start with
``- ``, tables become one row a line (``Key: value`` for two columns, else a Markdown table), and
paragraphs are separated by a blank line, or one newline while a geometry is still open (see
:mod:`geochunk.read.extract.layout`). Headers, footers and comments are not part of the body.
"""

from __future__ import annotations

import io
import re
import zipfile

from geochunk.errors import InputError
from geochunk.read.extract.layout import Piece, join, table_lines
from geochunk.read.extract.result import Extracted

__all__ = ["MAX_UNPACKED", "MAX_MEMBERS", "extract_docx", "check_archive", "inflate_checked"]

#: Most bytes a .docx may inflate to, over all its members.
MAX_UNPACKED = 256 * 1024 * 1024
#: Most members a .docx may hold.
MAX_MEMBERS = 10_000
_MAX_RATIO = 200  # a member inflating more than this, and past 16 MiB, is a zip bomb
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_HEADING = re.compile(r"(?i)^heading\s*([1-9])$")


def check_archive(data: bytes, label: str) -> None:
    """Refuse a damaged ZIP, a non-Word archive or a zip bomb, reading only the directory.

    >>> check_archive(b"PK\\x03\\x04 not really", "a.docx")
    Traceback (most recent call last):
    ...
    geochunk.errors.InputError: 'a.docx' is not a readable Word file: the ZIP archive is damaged (File is not a zip file); save it again from Word or LibreOffice
    """
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError, EOFError) as exc:
        raise InputError(
            f"{label!r} is not a readable Word file: the ZIP archive is damaged ({exc}); "
            "save it again from Word or LibreOffice"
        ) from None
    with zf:
        infos = zf.infolist()
        if len(infos) > MAX_MEMBERS:
            raise InputError(f"{label!r} holds {len(infos):,} archive members (most {MAX_MEMBERS:,}); refused")
        if "word/document.xml" not in {i.filename for i in infos}:
            raise InputError(
                f"{label!r} is a ZIP archive without word/document.xml, not a Word document "
                "(.xlsx, .pptx and .odt are not read); save it as .docx or plain text"
            )
        total = sum(i.file_size for i in infos)
        bomb = [i for i in infos if i.file_size > 16 * 1024 * 1024
                and i.file_size > _MAX_RATIO * max(1, i.compress_size)]
        if total > MAX_UNPACKED or bomb:
            raise InputError(
                f"{label!r} would inflate to {total / 2**20:,.0f} MiB from {len(data) / 2**10:,.0f} KiB: "
                "refused as a possible zip bomb (nothing was inflated)"
            )


def inflate_checked(data: bytes, label: str) -> bytes:
    """The archive again with every member stored uncompressed, inflated here a bounded piece
    at a time: a member whose stream holds more than its directory entry declares (a zip bomb
    that lies about its sizes) is refused once it passes the declared size, before it can fill
    memory, so python-docx only ever reads bytes already counted.

    >>> import io, zipfile
    >>> buf = io.BytesIO()
    >>> with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
    ...     z.writestr("word/document.xml", "<w/>")
    >>> zipfile.ZipFile(io.BytesIO(inflate_checked(buf.getvalue(), "a.docx"))).read("word/document.xml")
    b'<w/>'
    """
    check_archive(data, label)
    out = io.BytesIO()
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as dst:
            for info in zf.infolist():
                if info.is_dir():
                    continue
                parts, size = [], 0
                with zf.open(info) as member:
                    while True:
                        piece = member.read(1 << 16)  # zipfile inflates at most this much per read
                        if not piece:
                            break
                        size += len(piece)
                        if size > info.file_size:  # zipfile stops at the declared size; belt and braces
                            raise zipfile.BadZipFile(f"{info.filename!r} holds more than it declares")
                        parts.append(piece)
                dst.writestr(info.filename, b"".join(parts))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, ValueError, OSError, EOFError,
            RuntimeError) as exc:
        raise InputError(
            f"{label!r} is not a readable Word file: the ZIP archive is damaged ({exc}); "
            "save it again from Word or LibreOffice"
        ) from None
    return out.getvalue()


def extract_docx(data: bytes, label: str) -> Extracted:
    """The body text of a Word document, with its section paths."""
    data = inflate_checked(data, label)
    try:
        import docx
        from docx.table import Table, _Cell
        from docx.text.paragraph import Paragraph
    except ImportError:
        raise InputError(
            "reading .docx needs the python-docx package: pip install 'geochunk[documents]' "
            "(or pip install python-docx)"
        ) from None
    try:
        document = docx.Document(io.BytesIO(data))
        pieces = list(_pieces(document, document.element.body, Paragraph, Table, _Cell, []))
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - any failure inside python-docx is this file's fault
        detail = str(exc).splitlines()[0][:160] if str(exc) else ""
        raise InputError(
            f"{label!r} cannot be read as a Word document ({type(exc).__name__}: {detail}); "
            "save it again from Word or LibreOffice"
        ) from None
    if not any(p.text.strip() for p in pieces):
        raise InputError(f"{label!r} has no text in its body; there is nothing to chunk")
    text, _, sections, notes = join(pieces)
    return Extracted(text, "docx", sections=sections, notes=notes)


def _pieces(document, body, Paragraph, Table, _Cell, path):  # noqa: ANN001, ANN202, N803
    """Pieces of the body in order; ``path`` (the heading path) is updated as headings pass."""
    for child in body.iterchildren():
        tag = child.tag
        if tag == f"{_W}p":
            p = Paragraph(child, document)
            text = p.text.replace("\r", "")
            if not text.strip():
                continue
            level = _heading_level(p)
            if level:
                title = " ".join(text.split())
                path[:] = path[: level - 1] + [title]
                yield Piece("#" * level + " " + title, section=tuple(path), tight=False)
                continue
            if _is_list(p):
                text = "- " + text.strip()
            yield Piece(text, section=tuple(path), tight=False)
        elif tag == f"{_W}tbl":
            table = Table(child, document)
            rows = []
            for tr in child.iterchildren(f"{_W}tr"):
                rows.append([_Cell(tc, table).text for tc in tr.iterchildren(f"{_W}tc")])
            for n, line in enumerate(table_lines(rows, header=True)):
                yield Piece(line, section=tuple(path), tight=n > 0)
        elif tag == f"{_W}sdt":  # a content control: its content is body
            content = child.find(f"{_W}sdtContent")
            if content is not None:
                yield from _pieces(document, content, Paragraph, Table, _Cell, path)


def _heading_level(p) -> int:  # noqa: ANN001 - a python-docx Paragraph
    try:
        name = p.style.name if p.style is not None else ""
    except Exception:  # noqa: BLE001 - a style the file names but does not define
        name = ""
    m = _HEADING.match(name or "")
    if m:
        return int(m.group(1))
    if (name or "").lower() == "title":
        return 1
    ppr = p._p.pPr
    lvl = ppr.find(f"{_W}outlineLvl") if ppr is not None else None
    if lvl is not None:
        try:
            return min(9, int(lvl.get(f"{_W}val")) + 1)
        except (TypeError, ValueError):
            return 0
    return 0


def _is_list(p) -> bool:  # noqa: ANN001 - a python-docx Paragraph
    ppr = p._p.pPr
    if ppr is not None and ppr.find(f"{_W}numPr") is not None:
        return True
    try:
        name = p.style.name if p.style is not None else ""
    except Exception:  # noqa: BLE001 - a style the file names but does not define
        return False
    return (name or "").startswith(("List Bullet", "List Number"))
