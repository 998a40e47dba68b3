"""Tests for geochunk.read.source: reading paths and bytes into text, and errors."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from geochunk.read import source
from geochunk.errors import ConfigError, GeochunkError, InputError
from geochunk.read.source import DEFAULT_MAX_BYTES, read_document

# --------------------------------------------------------------------------------------------
# happy paths
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("as_type", [str, Path])
def test_reads_a_path_given_as_str_or_pathlike(
    tmp_path: Path, as_type: Callable[[str], object]
) -> None:
    f = tmp_path / "doc.wkt"
    f.write_bytes("POINT (1 2)\nLINESTRING (0 0, 1 1)\n".encode())
    assert read_document(as_type(str(f))) == "POINT (1 2)\nLINESTRING (0 0, 1 1)\n"


@pytest.mark.parametrize("wrap", [bytes, bytearray, memoryview])
def test_reads_bytes_like_uploads(wrap: Callable[[bytes], object]) -> None:
    data = "Parcel — área 12 m² । POINT (1 2)\n".encode()
    assert read_document(wrap(data), name="upload.md") == data.decode("utf-8")


@pytest.mark.parametrize(
    "raw",
    [b"a\r\nb\r\n", b"a\rb\rc", b"a\nb\r\nc\rd\n", b"POINT (1 2)\r\n\r\nPOINT (3 4)"],
    ids=["crlf", "lone-cr", "mixed", "crlf-blank-line"],
)
def test_newlines_are_never_translated(tmp_path: Path, raw: bytes) -> None:
    f = tmp_path / "x.txt"
    f.write_bytes(raw)
    assert read_document(f) == raw.decode("utf-8")
    assert read_document(raw) == raw.decode("utf-8")


def test_utf8_bom_is_removed_and_offsets_index_the_returned_text() -> None:
    text = read_document(b"\xef\xbb\xbfPOINT (1 2)")
    assert text == "POINT (1 2)"
    assert text[text.index("(") : text.index(")") + 1] == "(1 2)"


def test_only_one_leading_bom_is_removed() -> None:
    assert read_document("\ufeff\ufeffx".encode()) == "\ufeffx"


def test_name_overrides_the_label_in_errors(tmp_path: Path) -> None:
    f = tmp_path / "secret-temp-name.txt"
    f.write_bytes(b"")
    with pytest.raises(InputError, match=r"'parcels\.csv' is empty") as info:
        read_document(f, name="parcels.csv")
    assert "secret-temp-name" not in str(info.value)


def test_bytes_default_label() -> None:
    with pytest.raises(InputError, match="'<bytes>' is empty"):
        read_document(b"")


# --------------------------------------------------------------------------------------------
# errors: every one names the document and says what to do
# --------------------------------------------------------------------------------------------

LATIN1 = "Parcel 12\nOwner: Ré Müller, £40\n".encode("latin-1")
ERROR_CASES: list[tuple[str, bytes, str]] = [
    ("empty", b"", r"is empty \(0 bytes\).*nothing to chunk"),
    ("whitespace", b" \n\t\r\n  ", r"contains only whitespace \(7 bytes\)"),
    ("bom-and-whitespace", b"\xef\xbb\xbf \n", r"contains only whitespace"),
    (
        "nul",
        b"POINT\x00(1 2)",
        r"looks binary, not text: NUL byte at byte offset 5.*plain text \(UTF-8\)",
    ),
    ("short-nul", b"POINT\x00", r"looks binary, not text: NUL byte at byte offset 5"),
    ("controls", bytes(range(1, 9)) * 50 + b"abc", r"looks binary.*control bytes"),
    ("zip", b"PK\x03\x04\x14\x00\x00\x00rest", r"ZIP archive.*docx is read by its path.*extract the text first"),
    ("gzip", b"\x1f\x8b\x08\x00abc", r"gzip-compressed.*gunzip"),
    ("sqlite", b"SQLite format 3\x00" + b"\x00" * 20, r"SQLite database.*ogr2ogr"),
    ("pdf", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", r"PDF document.*pdftotext"),
    ("png", b"\x89PNG\r\n\x1a\n\x00\x00", r"PNG image"),
    (
        "utf16-bom",
        "POINT (1 2)".encode("utf-16"),
        r"UTF-16 \(little-endian\) text.*re-save it as UTF-8",
    ),
    (
        "utf16be-nobom",
        "POINT (1 2) and more".encode("utf-16-be"),
        r"UTF-16 \(big-endian\) text without",
    ),
    ("utf32-bom", "POINT (1 2)".encode("utf-32"), r"UTF-32"),
    (
        "latin1",
        LATIN1,
        r"not valid UTF-8: byte 0xE9 at byte offset 18, line 2, column 9 .*Latin-1/cp1252.*"
        r"re-save it as UTF-8.*iconv -f cp1252",
    ),
    ("cp1252-quotes", "He said “POINT (1 2)”.".encode("cp1252"), r"Latin-1/cp1252"),
    ("shift_jis", "境界データ POINT (1 2) 東京都".encode("shift_jis"), r"Shift_JIS"),
    (
        "truncated",
        "Café POINT (1 2) ✓".encode()[:-2],
        r"ends in the middle of a UTF-8 character.*truncated",
    ),
    ("lone-lead-byte-at-end", b"caf\xe9", r"incomplete character.*cut short.*Latin-1/cp1252"),
]


@pytest.mark.parametrize(
    "raw, pattern", [c[1:] for c in ERROR_CASES], ids=[c[0] for c in ERROR_CASES]
)
def test_bad_bytes_raise_input_error_naming_the_file(
    tmp_path: Path, raw: bytes, pattern: str
) -> None:
    f = tmp_path / "survey_notes.txt"
    f.write_bytes(raw)
    with pytest.raises(InputError, match=pattern) as info:
        read_document(f)
    assert str(f) in str(info.value)
    with pytest.raises(InputError, match=pattern) as info:
        read_document(raw, name="upload.txt")
    assert "'upload.txt'" in str(info.value)


def test_missing_path(tmp_path: Path) -> None:
    missing = tmp_path / "nope" / "parcels.geojson"
    with pytest.raises(
        InputError, match=r"does not exist \(looked for .*parcels\.geojson\); check the path"
    ):
        read_document(missing)


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(
        InputError, match=r"is a directory, not a file; pass the path of a document"
    ):
        read_document(tmp_path)


def test_path_with_nul_character() -> None:
    with pytest.raises(InputError, match="cannot be opened"):
        read_document("bad\x00name.txt")


def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "locked.txt"
    f.write_bytes(b"POINT (1 2)")
    f.chmod(0)
    if os.name != "posix" or os.geteuid() == 0:  # root reads anything: make open() refuse
        real_open = open

        def refusing_open(path, *args, **kwargs):
            if str(path) == str(f):
                raise PermissionError(13, "Permission denied", str(path))
            return real_open(path, *args, **kwargs)

        real_os_open = os.open

        def refusing_os_open(path, *args, **kwargs):
            if str(path) == str(f):
                raise PermissionError(13, "Permission denied", str(path))
            return real_os_open(path, *args, **kwargs)

        monkeypatch.setattr("builtins.open", refusing_open)
        monkeypatch.setattr("os.open", refusing_os_open)
    with pytest.raises(InputError, match="permission denied"):
        read_document(f)


def test_text_passed_instead_of_a_path_gets_a_helpful_error() -> None:
    with pytest.raises(InputError, match="looks like document text, not a file path"):
        read_document("POINT (1 2)\nPOINT (3 4)\n")


@pytest.mark.parametrize("bad", [12, 3.5, None, ["a.txt"]])
def test_wrong_source_type(bad: object) -> None:
    with pytest.raises(InputError, match="takes a file path or bytes"):
        read_document(bad)  # type: ignore[arg-type]


def test_errors_are_value_errors_and_geochunk_errors() -> None:
    with pytest.raises(ValueError):
        read_document(b"")
    with pytest.raises(GeochunkError):
        read_document(b"")


# --------------------------------------------------------------------------------------------
# max_bytes
# --------------------------------------------------------------------------------------------


def test_default_limit_is_64_mib() -> None:
    assert DEFAULT_MAX_BYTES == 64 * 1024 * 1024


@pytest.mark.parametrize("size, ok", [(99, True), (100, True), (101, False)])
def test_max_bytes_boundary_for_paths_and_bytes(tmp_path: Path, size: int, ok: bool) -> None:
    raw = b"x" * size
    f = tmp_path / "big.txt"
    f.write_bytes(raw)
    for src in (f, raw):
        if ok:
            assert read_document(src, max_bytes=100) == "x" * size
        else:
            with pytest.raises(
                InputError,
                match=r"101 bytes, larger than the limit of 100 bytes.*raise the limit.*"
                r"--max-bytes on the command line, max_bytes= in Python",
            ):
                read_document(src, max_bytes=100)


def test_size_is_checked_before_the_file_is_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    f = tmp_path / "huge.txt"
    f.write_bytes(b"x" * 5000)

    def no_open(*args: object, **kwargs: object) -> None:
        raise AssertionError("the file was opened although it is too large")

    monkeypatch.setattr(source, "open", no_open, raising=False)
    with pytest.raises(InputError, match=r"4\.9 KiB, larger than the limit of 1\.0 KiB"):
        read_document(f, max_bytes=1024)


def test_huge_sparse_file_is_refused_fast(tmp_path: Path) -> None:
    f = tmp_path / "sparse.bin"
    with open(f, "wb") as fh:
        fh.truncate(DEFAULT_MAX_BYTES + 1)
    with pytest.raises(InputError, match=r"64\.0 MiB, larger than the limit of 64\.0 MiB"):
        read_document(f)  # refused on its size (never opened: see the test above)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_devices_are_refused_by_path() -> None:
    # A character device reports size 0 and never ends: refused before reading (issue 7).
    with pytest.raises(InputError, match=r"'/dev/zero' is a character device, not a regular file.*'-'"):
        read_document("/dev/zero", max_bytes=1024)


def test_stream_reads_are_capped() -> None:
    import io

    class Endless(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, b) -> int:  # type: ignore[no-untyped-def]
            b[:] = b"x" * len(b)
            return len(b)

    with pytest.raises(InputError, match=r"'<stdin>' is larger than the limit of 1\.0 KiB"):
        source.read_stream(io.BufferedReader(Endless()), max_bytes=1024)


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "10", None])
def test_bad_max_bytes_is_a_config_error(bad: object) -> None:
    with pytest.raises(ConfigError, match="max_bytes must be a positive whole number"):
        read_document(b"x", max_bytes=bad)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# properties
# --------------------------------------------------------------------------------------------

_text_chars = st.characters(blacklist_categories=("Cs", "Cc"), whitelist_characters="\t\n\r")


@settings(max_examples=150, deadline=None)
@given(st.text(_text_chars, min_size=1, max_size=300))
def test_any_utf8_text_round_trips_through_bytes_and_files(text: str) -> None:
    assume(text.strip() and not text.startswith("\ufeff"))
    assume(not text.startswith(("%PDF-", "BZh", "PAR1", "GIF8")))
    data = text.encode("utf-8")
    assert read_document(data) == text
    assert read_document(b"\xef\xbb\xbf" + data) == text
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "t.txt"
        f.write_bytes(data)
        assert read_document(f) == text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_arbitrary_bytes_give_text_or_input_error(data: bytes) -> None:
    try:
        text = read_document(data, max_bytes=300)
    except InputError as exc:
        assert "'<bytes>'" in str(exc)
    else:
        assert isinstance(text, str) and text.strip()
        assert len(data) <= 300
