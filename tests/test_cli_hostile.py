"""Hostile input (issue 7), the command line: every reproduction of the issue is a test here."""

from __future__ import annotations

import io
import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from geochunk import cli
from geochunk.cli import main
from geochunk.errors import InputError
from geochunk.pipeline import chunk_file

GEOCHUNK = [sys.executable, "-m", "geochunk"]
SURROGATE_FEATURE = (
    '{"type":"Feature","id":"\\ud800","properties":{"name":"\\udfff x"},'
    '"geometry":{"type":"Point","coordinates":[1,2]}}\n'
)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.fixture()
def doc(tmp_path: Path) -> Path:
    p = tmp_path / "in.wkt"
    p.write_text("A well.\n\nPOINT (3 4)\n")
    return p


# -- standard input and special files -------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_stdin_from_dev_zero_is_capped_like_files() -> None:
    """`geochunk chunk - < /dev/zero` grew to 5.3 GB and died with a MemoryError traceback."""
    with open("/dev/zero", "rb") as zero:
        proc = subprocess.run(GEOCHUNK + ["chunk", "-", "--max-bytes", "64K"], stdin=zero,
                              capture_output=True, check=False, timeout=120)
    assert proc.returncode == 1
    line = _one_line(proc.stderr.decode())
    assert "'<stdin>' is larger than the limit of 64.0 KiB" in line and "--max-bytes" in line


def test_stdin_default_limit_is_the_file_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    from geochunk.read.source import DEFAULT_MAX_BYTES

    class Stdin:
        buffer = io.BytesIO(b"x" * (DEFAULT_MAX_BYTES + 10))

    monkeypatch.setattr(sys, "stdin", Stdin)
    code, out, err = run("chunk", "-")
    assert code == 1 and out == ""
    assert "larger than the limit of 64.0 MiB" in _one_line(err)
    assert Stdin.buffer.tell() == DEFAULT_MAX_BYTES + 1  # read no further than the cap


def test_max_bytes_option_applies_to_files(doc: Path) -> None:
    code, out, err = run("chunk", str(doc), "--max-bytes", "8")
    assert code == 1 and out == ""
    assert "larger than the limit of 8 bytes" in err and "--max-bytes" in _one_line(err)
    assert run("chunk", str(doc), "--max-bytes", "1K")[0] == 0


@pytest.mark.parametrize("bad", ["0", "-5", "lots", "1.5M"])
def test_bad_max_bytes_is_one_line_and_exit_2(doc: Path, bad: str, capsys) -> None:  # type: ignore[no-untyped-def]
    code, _, _ = run("chunk", str(doc), "--max-bytes", bad)
    err = capsys.readouterr().err  # argparse writes its one line to the real stderr
    assert code == 2 and "--max-bytes takes a positive number of bytes" in _one_line(err)


def test_library_chunk_file_takes_max_bytes(doc: Path) -> None:
    with pytest.raises(InputError, match=r"max_bytes=8\b"):
        chunk_file(doc, max_bytes=8)
    assert chunk_file(doc, max_bytes=1024).chunks


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")
def test_fifo_path_is_refused_not_waited_on(tmp_path: Path, doc: Path) -> None:
    """A FIFO path blocked forever (nothing ever writes to it); later files still run."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, out, err = run("chunk", str(fifo), str(doc))
    assert code == 1
    assert "is a named pipe (FIFO), not a regular file" in _one_line(err) and "'-'" in err
    assert json.loads(out.splitlines()[0])["doc_id"] == str(doc)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_device_path_is_refused() -> None:
    code, out, err = run("chunk", "/dev/zero")
    assert code == 1 and out == "" and "is a character device" in _one_line(err)


# -- lone surrogates ------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["jsonl", "geojson"])
def test_lone_surrogate_id_is_carried_escaped(tmp_path: Path, doc: Path, fmt: str) -> None:
    """`"id":"\\ud800"` crashed the CLI with UnicodeEncodeError; later files were never
    processed and `--format geojson` left invalid JSON on stdout."""
    bad = tmp_path / "sur.geojson"
    bad.write_text(SURROGATE_FEATURE)
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", newline="\n")  # strict, like a real stdout
    err = io.StringIO()
    code = main(["chunk", str(bad), str(doc), "--format", fmt], out=out, err=err)
    out.flush()
    assert code == 0, err.getvalue()
    text = raw.getvalue().decode("utf-8")  # strict: the output is valid UTF-8
    if fmt == "jsonl":
        rows = [json.loads(line) for line in text.splitlines()]
        ids = [f["id"] for r in rows for f in r["features"]]
    else:
        rows = [f["properties"] for f in json.loads(text)["features"]]
        ids = [i for r in rows for i in r["feature_ids"]]
    assert {r["doc_id"] for r in rows} == {str(bad), str(doc)}  # the later file ran too
    assert "\ud800" in ids  # the same value, carried as the JSON escape
    assert "\\ud800" in text


def test_lone_surrogate_inspect_and_validate_do_not_crash(tmp_path: Path) -> None:
    bad = tmp_path / "sur.geojson"
    bad.write_text(SURROGATE_FEATURE)
    for command in ("inspect", "validate"):
        code, out, err = run(command, str(bad))
        assert code == 0 and "Traceback" not in err, err


# -- --out ----------------------------------------------------------------------------------


def test_out_naming_an_input_is_refused_and_the_input_kept(doc: Path) -> None:
    """`--out` naming an input file truncated it to 0 bytes."""
    before = doc.read_bytes()
    code, out, err = run("chunk", str(doc), "--out", str(doc))
    assert code == 2 and "is one of the input files" in _one_line(err)
    assert doc.read_bytes() == before
    link = doc.parent / "alias.wkt"
    os.link(doc, link)  # the same file under another name
    code, _, err = run("chunk", str(doc), "--out", str(link))
    assert code == 2 and doc.read_bytes() == before


def test_out_missing_folder_is_one_line(tmp_path: Path, doc: Path) -> None:
    code, _, err = run("chunk", str(doc), "--out", str(tmp_path / "no" / "such" / "x.jsonl"))
    assert code == 2 and "does not exist; create it first" in _one_line(err)


def test_out_folder_is_one_line(tmp_path: Path, doc: Path) -> None:
    code, _, err = run("chunk", str(doc), "--out", str(tmp_path))
    assert code == 2 and "is a folder" in _one_line(err)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_out_on_a_full_disk_is_one_line(doc: Path) -> None:
    code, _, err = run("chunk", str(doc), "--out", "/dev/full")
    assert code == 1 and "No space left on device" in _one_line(err)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("command", ["chunk", "inspect"])
def test_stdout_on_a_full_disk_is_one_line(doc: Path, command: str) -> None:
    """`geochunk chunk doc > /dev/full` ended in an OSError traceback (review of #7)."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run(GEOCHUNK + [command, str(doc)], stdout=full, stderr=subprocess.PIPE,
                              check=False, timeout=120)
    assert proc.returncode == 1
    line = _one_line(proc.stderr.decode())
    assert line.startswith("geochunk: cannot write to standard output") and "No space left" in line


def test_out_is_replaced_whole_keeping_its_mode(tmp_path: Path, doc: Path) -> None:
    target = tmp_path / "chunks.jsonl"
    target.write_text("old\n")
    target.chmod(0o640)
    code, _, err = run("chunk", str(doc), "--out", str(target))
    assert code == 0, err
    assert json.loads(target.read_text().splitlines()[0])["doc_id"] == str(doc)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chunks.jsonl", "in.wkt"]


def test_out_through_a_symlink_replaces_its_target(tmp_path: Path, doc: Path) -> None:
    target = tmp_path / "real.jsonl"
    target.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    code, _, err = run("chunk", str(doc), "--out", str(link))
    assert code == 0, err
    assert link.is_symlink() and json.loads(target.read_text().splitlines()[0])["doc_id"] == str(doc)


def test_interrupted_run_leaves_the_old_output_and_no_temp_file(
    tmp_path: Path, doc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "chunks.jsonl"
    target.write_text("old\n")
    from geochunk import pipeline

    real = pipeline.chunk_text
    calls = []

    def interrupted(text, config):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(text, config)

    monkeypatch.setattr(pipeline, "chunk_text", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run("chunk", str(doc), str(doc), "--out", str(target))
    assert target.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chunks.jsonl", "in.wkt"]


# -- Ctrl-C ---------------------------------------------------------------------------------


def test_ctrl_c_is_one_line_and_exit_130(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    def interrupted() -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "main", interrupted)
    with pytest.raises(SystemExit) as exc:
        cli.run()
    assert exc.value.code == 130
    assert capsys.readouterr().err == "geochunk: interrupted\n"


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
def test_ctrl_c_on_a_real_process() -> None:
    # a pytest-xdist worker ignores SIGINT and a child inherits an ignored signal (then Python
    # installs no KeyboardInterrupt handler): give the child the default, as a terminal would
    proc = subprocess.Popen(GEOCHUNK + ["chunk", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    syscall = Path(f"/proc/{proc.pid}/syscall")
    for _ in range(1200):  # wait until it blocks in read(0, ...) on stdin (a state, not a timing):
        try:               # any other pipe read (a library asking a helper program) is not it
            if syscall.read_text().startswith("0 0x0 "):
                break
        except OSError:  # no /proc syscall here: give it time to start
            time.sleep(5)
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    proc.stdin.close()  # type: ignore[union-attr]
    assert proc.returncode == 130, err.decode()[-2000:]
    assert err.decode() == "geochunk: interrupted\n" and out == b""
