"""Read a document (a path or raw bytes) into text, with errors that say what to do.

:func:`read_document` returns the text decoded as strict UTF-8 with **no newline translation**
(CRLF and lone CR survive). A leading UTF-8 byte-order mark is **removed**: every geochunk offset
is a ``str`` index into the string this function returns, so a file that starts with a BOM has
offsets one less than a decoder that keeps U+FEFF would give. Everything is checked before the
text reaches the chunker:

* the size against ``max_bytes`` -- from ``os.stat`` before a path is read, and reads are capped
  at ``max_bytes + 1`` bytes so a growing file or a stream cannot run away
  (:func:`read_stream` reads standard input under the same cap);
* only regular files are read by path: a FIFO would block forever and a device never ends
  (pass ``-`` on the command line to read a stream);
* empty input (0 bytes) and input that is only whitespace;
* binary input, judged on the first 8 KiB *before* decoding: a known binary signature (ZIP,
  PDF, gzip, SQLite, ...), UTF-16/UTF-32 text, any NUL byte, or more than 30% control bytes;
* invalid UTF-8: the message gives the byte offset, line and column and a guess at the real
  encoding (e.g. Latin-1/cp1252) with the command to convert it.

>>> read_document(b"\\xef\\xbb\\xbfPOINT (1 2)\\r\\n")
'POINT (1 2)\\r\\n'
>>> read_document(b"caf\\xe9 au lait", name="upload.txt")
Traceback (most recent call last):
...
geochunk.errors.InputError: 'upload.txt' is not valid UTF-8: byte 0xE9 at byte offset 3, line 1, column 4 cannot be decoded. It looks like Latin-1/cp1252 text; re-save it as UTF-8 (for example: iconv -f cp1252 -t utf-8 upload.txt > upload.utf8.txt)
"""

from __future__ import annotations

import hashlib
import os
import stat
from typing import BinaryIO
from pathlib import PurePath

from geochunk.errors import ConfigError, InputError

__all__ = [
    "DEFAULT_MAX_BYTES",
    "SNIFF_BYTES",
    "document_digest",
    "read_bytes",
    "read_document",
    "read_regular",
    "read_stream",
]

#: Largest document read by default: 64 MiB.
DEFAULT_MAX_BYTES = 64 * 1024 * 1024
#: How much of the input the binary check looks at.
SNIFF_BYTES = 8 * 1024

_UTF8_BOM = b"\xef\xbb\xbf"
_CONTROL_LIMIT = 0.30  # more than this share of control bytes in the sniffed head => binary
_TEXT_CONTROLS = frozenset(b"\t\n\r\f\v\x1b")  # controls that ordinary text files contain
# (signature, what it is, what to do). Checked in order; the first match wins. Signatures made
# only of printable ASCII are in _WEAK_SIGNATURES and count only if the head is not UTF-8 text.
_SIGNATURES: tuple[tuple[bytes, str, str], ...] = (
    (
        b"PK\x03\x04",
        "a ZIP archive (.zip, .docx, .xlsx, .kmz, zipped shapefile)",
        "a .docx is read by its path (geochunk chunk report.docx); other archives: extract the text first",
    ),
    (b"PK\x05\x06", "an empty ZIP archive", "extract or export the text first"),
    (b"\x1f\x8b", "a gzip-compressed file", "decompress it first (gunzip)"),
    (b"\xfd7zXZ\x00", "an xz-compressed file", "decompress it first (unxz)"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive", "extract the text first"),
    (
        b"SQLite format 3\x00",
        "an SQLite database (GeoPackage?)",
        "export the features as GeoJSON or WKT first (e.g. ogr2ogr)",
    ),
    (
        b"\x00\x00\x27\x0a",
        "an ESRI shapefile (.shp)",
        "convert it to GeoJSON or WKT first (e.g. ogr2ogr)",
    ),
    (
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",
        "an old Microsoft Office file (.doc/.xls)",
        "save it as plain text (UTF-8) first",
    ),
    (b"\x89PNG\r\n\x1a\n", "a PNG image", "pass a text document instead"),
    (b"\xff\xd8\xff", "a JPEG image", "pass a text document instead"),
    (b"\x7fELF", "an executable", "pass a text document instead"),
)
_WEAK_SIGNATURES: tuple[tuple[bytes, str, str], ...] = (
    (b"%PDF-", "a PDF document", "pass it by its path, which geochunk extracts (geochunk chunk report.pdf; "
               "geochunk extract shows the text), or extract its text first (e.g. pdftotext -enc UTF-8)"),
    (b"BZh", "a bzip2-compressed file", "decompress it first (bunzip2)"),
    (b"PAR1", "a Parquet file", "export it as GeoJSON, CSV or WKT first"),
    (b"GIF8", "a GIF image", "pass a text document instead"),
)
_UNICODE_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\x00\x00\xfe\xff", "UTF-32 (big-endian)"),
    (b"\xff\xfe\x00\x00", "UTF-32 (little-endian)"),
    (b"\xfe\xff", "UTF-16 (big-endian)"),
    (b"\xff\xfe", "UTF-16 (little-endian)"),
)


def read_document(
    src: str | os.PathLike[str] | bytes | bytearray | memoryview,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    name: str | None = None,
) -> str:
    """Read a path (``str`` or path-like) or raw bytes (e.g. an upload) as UTF-8 text.

    ``name`` labels the document in error messages (defaults to the path, or ``"<bytes>"``).
    Newlines are kept exactly as stored; a leading UTF-8 BOM is dropped, and offsets are into
    the returned string. Raises :class:`~geochunk.errors.InputError` for a missing path, a
    directory or another non-regular file (a FIFO, a device: pass ``-`` for streams),
    empty or whitespace-only input, binary data, invalid UTF-8, or more than
    ``max_bytes`` bytes (checked before reading), and
    :class:`~geochunk.errors.ConfigError` for a bad ``max_bytes``.

    >>> read_document(b"a\\r\\nb\\rc\\n")
    'a\\r\\nb\\rc\\n'
    >>> read_document(b"   \\n\\t", name="blank.txt")
    Traceback (most recent call last):
    ...
    geochunk.errors.InputError: 'blank.txt' contains only whitespace (5 bytes); there is nothing to chunk. Check that the right file was chosen and that it was saved completely
    """
    _check_max_bytes(max_bytes)
    if isinstance(src, (bytes, bytearray, memoryview)):
        data = bytes(src)
        label = name if name is not None else "<bytes>"
        if len(data) > max_bytes:
            raise _too_large(label, len(data), max_bytes)
    elif isinstance(src, (str, os.PathLike)):
        data, label = _read_path(src, max_bytes, name)
    else:
        raise InputError(
            f"read_document takes a file path or bytes, got {type(src).__name__}; "
            "to chunk a str you already hold, pass it to the chunker directly"
        )
    return _decode(data, label)


def read_bytes(src: str | os.PathLike[str], *, max_bytes: int = DEFAULT_MAX_BYTES, name: str | None = None) -> bytes:
    """A file's bytes, checked as :func:`read_document` checks a path (it exists, is a regular
    file, and is at most ``max_bytes``, known before reading) but not decoded: for readers of
    binary formats (PDF, DOCX).

    >>> read_bytes("/nonexistent/report.pdf")
    Traceback (most recent call last):
    ...
    geochunk.errors.InputError: '/nonexistent/report.pdf' does not exist (looked for /nonexistent/report.pdf); check the path and the working directory
    """
    _check_max_bytes(max_bytes)
    return _read_path(src, max_bytes, name)[0]


def _read_path(src: str | os.PathLike[str], max_bytes: int, name: str | None) -> tuple[bytes, str]:
    path = os.fspath(src)
    label = name if name is not None else str(path)
    if isinstance(src, str) and ("\n" in src or len(src) > 4096):
        raise InputError(
            f"read_document got a str of {len(src):,} characters that looks like document text, "
            "not a file path; pass the text to the chunker directly, or pass bytes here"
        )
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        where = os.path.abspath(path)
        raise InputError(
            f"{label!r} does not exist (looked for {where}); check the path and the working directory"
        ) from None
    except PermissionError:
        raise InputError(
            f"{label!r} cannot be read: permission denied; check the file's permissions"
        ) from None
    except (OSError, ValueError) as exc:  # ValueError: embedded NUL in the path
        raise InputError(f"{label!r} cannot be opened ({exc}); check the path") from None
    _require_regular(info, label)
    if info.st_size > max_bytes:
        raise _too_large(label, info.st_size, max_bytes)
    try:
        # O_NONBLOCK: a path swapped for a FIFO after the stat must not block the open; the
        # descriptor is checked again before anything is read
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with open(fd, "rb", closefd=True) as fh:
            _require_regular(os.fstat(fd), label)
            # capped: a file growing while it is read. Asked for what fstat says is there (+1):
            # read(n) allocates n bytes up front, and the default cap is 64 MiB
            expected = min(max_bytes, os.fstat(fd).st_size)
            data = fh.read(expected + 1)
            if len(data) > expected:  # it grew since: read on, still under the cap
                data += fh.read(max_bytes + 1 - len(data))
    except PermissionError:
        raise InputError(
            f"{label!r} cannot be read: permission denied; check the file's permissions"
        ) from None
    except OSError as exc:
        raise InputError(
            f"{label!r} cannot be read ({exc.strerror or exc}); check the path"
        ) from None
    if len(data) > max_bytes:
        raise _too_large(label, None, max_bytes)
    return data, label


def read_regular(path: str | os.PathLike[str], *, max_bytes: int) -> bytes:
    """The bytes of the regular file at ``path``, never more than ``max_bytes``: the rule for
    every file geochunk reads back for itself (its caches). A FIFO, a device (a symlink to
    ``/dev/zero``), a directory or a file larger than ``max_bytes`` (a 2 GB sparse file: its
    size is checked before reading, and the read is capped) is an :class:`InputError`, so the
    caller rebuilds instead of hanging or filling memory.

    >>> read_regular("/dev/zero", max_bytes=1024)
    Traceback (most recent call last):
    ...
    geochunk.errors.InputError: '/dev/zero' is a character device, not a regular file; to read a stream, pass '-' and redirect it to standard input (geochunk chunk - < source)
    """
    _check_max_bytes(max_bytes)
    return _read_path(os.fspath(path), max_bytes, None)[0]


_SPECIAL = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _require_regular(info: os.stat_result, label: str) -> None:
    """Only regular files are read by path: a FIFO blocks forever, a device never ends."""
    if stat.S_ISDIR(info.st_mode):
        raise InputError(
            f"{label!r} is a directory, not a file; pass the path of a document inside it"
        )
    if not stat.S_ISREG(info.st_mode):
        what = next((w for test, w in _SPECIAL if test(info.st_mode)), "not a regular file")
        raise InputError(
            f"{label!r} is {what}, not a regular file; to read a stream, pass '-' and "
            "redirect it to standard input (geochunk chunk - < source)"
        )


def read_stream(
    stream: BinaryIO, *, max_bytes: int = DEFAULT_MAX_BYTES, name: str = "<stdin>"
) -> str:
    """Read a binary stream (standard input) as :func:`read_document` reads bytes, never more
    than ``max_bytes + 1`` bytes: an endless stream (``/dev/zero``) is refused, not swallowed.

    >>> import io
    >>> read_stream(io.BytesIO(b"POINT (1 2)\\n"))
    'POINT (1 2)\\n'
    >>> read_stream(io.BytesIO(b"x" * 2000), max_bytes=1024)
    Traceback (most recent call last):
    ...
    geochunk.errors.InputError: '<stdin>' is larger than the limit of 1.0 KiB (max_bytes=1,024); split the document, or raise the limit if you trust it (--max-bytes on the command line, max_bytes= in Python)
    """
    _check_max_bytes(max_bytes)
    try:
        data = stream.read(max_bytes + 1)
    except OSError as exc:
        raise InputError(f"{name!r} cannot be read ({exc.strerror or exc})") from None
    if len(data) > max_bytes:
        raise _too_large(name, None, max_bytes)
    return _decode(data, name)


def _check_max_bytes(max_bytes: int) -> None:
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 1:
        raise ConfigError(f"max_bytes must be a positive whole number of bytes, got {max_bytes!r}")


def _too_large(label: str, size: int | None, max_bytes: int) -> InputError:
    """``size`` is None when only "more than max_bytes" is known (a capped read)."""
    what = f"is {_human(size)}, larger than" if size is not None else "is larger than"
    return InputError(
        f"{label!r} {what} the limit of {_human(max_bytes)} (max_bytes={max_bytes:,}); "
        "split the document, or raise the limit if you trust it "
        "(--max-bytes on the command line, max_bytes= in Python)"
    )


def _human(n: int) -> str:
    """``512 bytes``, ``8.0 KiB``, ``64.0 MiB``.

    >>> _human(512), _human(8192), _human(64 * 1024 * 1024)
    ('512 bytes', '8.0 KiB', '64.0 MiB')
    """
    if n < 1024:
        return f"{n:,} bytes"
    for unit in ("KiB", "MiB", "GiB"):
        n_f = n / 1024
        if n_f < 1024 or unit == "GiB":
            return f"{n_f:,.1f} {unit}"
        n = int(n_f)
    return f"{n:,} bytes"  # pragma: no cover - loop always returns


def _decode(data: bytes, label: str) -> str:
    if not data:
        raise InputError(
            f"{label!r} is empty (0 bytes); there is nothing to chunk. "
            "Check that the export or upload finished"
        )
    _reject_binary(data, label)
    body = data[len(_UTF8_BOM) :] if data.startswith(_UTF8_BOM) else data
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _not_utf8(data, exc, offset_shift=len(data) - len(body), label=label) from None
    if not text.strip():
        raise InputError(
            f"{label!r} contains only whitespace ({len(data):,} bytes); there is nothing to chunk. "
            "Check that the right file was chosen and that it was saved completely"
        )
    return text


def _reject_binary(data: bytes, label: str) -> None:
    """Judge the first :data:`SNIFF_BYTES` bytes, before any decoding."""
    head = data[:SNIFF_BYTES]
    for bom, encoding in _UNICODE_BOMS:
        if head.startswith(bom):
            raise InputError(
                f"{label!r} is {encoding} text (it starts with that byte-order mark), not UTF-8; "
                "re-save it as UTF-8"
            )
    for magic, what, todo in _SIGNATURES:
        if head.startswith(magic):
            raise InputError(f"{label!r} looks like {what}, not a text document; {todo}")
    for magic, what, todo in _WEAK_SIGNATURES:
        if head.startswith(magic) and not _utf8_text_head(head):
            raise InputError(f"{label!r} looks like {what}, not a text document; {todo}")
    nul = head.find(b"\x00")
    if nul >= 0:
        utf16 = _utf16_without_bom(head)
        if utf16:
            raise InputError(
                f"{label!r} looks like {utf16} text without a byte-order mark, not UTF-8; "
                "re-save it as UTF-8"
            )
        raise InputError(
            f"{label!r} looks binary, not text: NUL byte at byte offset {nul} in the first "
            f"{_human(SNIFF_BYTES)}; export the document as plain text (UTF-8) first"
        )
    controls = sum(1 for b in head if (b < 0x20 or b == 0x7F) and b not in _TEXT_CONTROLS)
    if controls > _CONTROL_LIMIT * len(head):
        raise InputError(
            f"{label!r} looks binary, not text: {controls / len(head):.0%} of the first "
            f"{_human(len(head))} are control bytes; export the document as plain text (UTF-8) first"
        )


def _utf8_text_head(head: bytes) -> bool:
    """Whether ``head`` is NUL-free UTF-8, allowing a character cut at its end.

    >>> _utf8_text_head(b"%PDF-1.7 notes"), _utf8_text_head(b"%PDF-1.7\\n%\\xe2\\xe3\\xcf\\xd3")
    (True, False)
    """
    if b"\x00" in head:
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.reason == "unexpected end of data" and exc.end == len(head)
    return True


def _utf16_without_bom(head: bytes) -> str | None:
    """``"UTF-16 (little-endian)"`` when NULs sit on one side of byte pairs (ASCII as UTF-16).

    >>> _utf16_without_bom("POINT (1 2)".encode("utf-16-le"))
    'UTF-16 (little-endian)'
    >>> _utf16_without_bom(b"ab\\x00\\x00\\x00cd") is None, _utf16_without_bom(b"POINT\\x00") is None
    (True, True)
    """
    head = head[: len(head) // 2 * 2]
    even, odd = head[0::2], head[1::2]
    if len(odd) < 8:
        return None
    even_nul, odd_nul = even.count(0) / len(even), odd.count(0) / len(odd)
    if odd_nul > 0.3 and even_nul < 0.05:
        codec, label = "utf-16-le", "UTF-16 (little-endian)"
    elif even_nul > 0.3 and odd_nul < 0.05:
        codec, label = "utf-16-be", "UTF-16 (big-endian)"
    else:
        return None
    try:
        head.decode(codec)
    except UnicodeDecodeError as exc:  # a pair cut at the end of the head is fine
        if exc.end != len(head):
            return None
    return label


def _not_utf8(data: bytes, exc: UnicodeDecodeError, *, offset_shift: int, label: str) -> InputError:
    offset = exc.start + offset_shift
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    where = f"at byte offset {offset:,}, line {line:,}, column {column:,}"
    bad = data[offset]
    codec, guess = _guess_encoding(data)
    if exc.reason == "unexpected end of data" and offset_shift + exc.end == len(data):
        if any(b >= 0x80 for b in data[:offset]):  # earlier multi-byte characters decoded fine
            return InputError(
                f"{label!r} ends in the middle of a UTF-8 character {where}; the file looks "
                "truncated. Re-export or re-upload it"
            )
        return InputError(
            f"{label!r} is not valid UTF-8: its last bytes {where} are an incomplete character. "
            f"Either the file was cut short (re-export or re-upload it) or it is {guess} text "
            "(re-save it as UTF-8)"
        )
    stem = PurePath(label).stem if not label.startswith("<") else "input"
    suffix = PurePath(label).suffix if not label.startswith("<") else ".txt"
    return InputError(
        f"{label!r} is not valid UTF-8: byte 0x{bad:02X} {where} cannot be decoded. "
        f"It looks like {guess} text; re-save it as UTF-8 (for example: iconv -f {codec} -t utf-8 "
        f"{label if not label.startswith('<') else 'input.txt'} > {stem}.utf8{suffix})"
    )


def _guess_encoding(data: bytes) -> tuple[str, str]:
    """(iconv codec name, human label) for bytes that are not UTF-8.

    Western text in Latin-1/cp1252 has isolated high bytes between ASCII letters; legacy CJK
    encodings put high bytes in pairs. The guess only feeds the error message.

    >>> _guess_encoding("Ça coûte 5 €".encode("cp1252"))
    ('cp1252', 'Latin-1/cp1252')
    >>> _guess_encoding("東京都の境界データ".encode("shift_jis"))[0]
    'shift_jis'
    """
    high = [i for i, b in enumerate(data) if b >= 0x80]
    if not high:  # pragma: no cover - non-UTF-8 bytes are always >= 0x80
        return "cp1252", "Latin-1/cp1252"
    high_set = set(high)
    isolated = sum(1 for i in high if i - 1 not in high_set and i + 1 not in high_set)
    if isolated / len(high) >= 0.5:
        return "cp1252", "Latin-1/cp1252"
    for codec, label in (
        ("shift_jis", "Shift_JIS (Japanese)"),
        ("euc_kr", "EUC-KR (Korean)"),
        ("gbk", "GBK (Simplified Chinese)"),
        ("big5", "Big5 (Traditional Chinese)"),
    ):
        try:
            data.decode(codec)
        except UnicodeDecodeError:
            continue
        return codec, label
    return "cp1252", "Latin-1/cp1252 or another legacy single-byte encoding"


def document_digest(text: str) -> str:
    """The document's identity: SHA-256 of its UTF-8 bytes (lone surrogates kept as they are),
    as ``Chunk.doc_sha256`` and the review store's key.

    >>> document_digest("abc")[:12]
    'ba7816bf8f01'
    """
    # UTF-8 encodes code point by code point (a lone surrogate too, with surrogatepass), so
    # the bytes of consecutive slices are the document's bytes: no encoded copy of it is held
    h = hashlib.sha256()
    for a in range(0, len(text), _DIGEST_SLICE):
        h.update(text[a : a + _DIGEST_SLICE].encode("utf-8", "surrogatepass"))
    return h.hexdigest()


_DIGEST_SLICE = 1 << 16  # characters encoded at once by document_digest
