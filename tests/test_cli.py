"""The `geochunk` command: chunk / inspect / validate, bad input, several files."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from geochunk.cli import main
from geochunk.samples import sample_path

SCHEMA_KEYS = {
    "doc_id", "index", "start", "end", "text", "token_count", "tokenizer", "unit", "strategy",
    "features", "bbox", "bbox_wgs84", "crs", "oversized", "needs_fallback", "generalized", "part",
    "flags", "chunker_version",
}


def run(*argv, stdin=None):
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_chunk_emits_json_lines_in_the_schema():
    code, out, err = run("chunk", str(sample_path("land_use_appendix")), "--budget", "300")
    assert code == 0, err
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows and SCHEMA_KEYS <= set(rows[0])
    assert [r["index"] for r in rows] == list(range(len(rows)))
    text = sample_path("land_use_appendix").read_text(encoding="utf-8")
    for r in rows:
        assert r["text"] == text[r["start"]:r["end"]]
        assert r["crs"]["epsg"] == 27700


def test_geojson_format_is_a_feature_collection(tmp_path):
    target = tmp_path / "out.geojson"
    code, _, err = run("chunk", str(sample_path("parcels")), "--format", "geojson", "--out", str(target))
    assert code == 0, err
    obj = json.loads(target.read_text())
    assert obj["type"] == "FeatureCollection" and obj["features"]
    assert obj["features"][0]["geometry"]["type"] == "Polygon"


def test_several_files_good_ones_still_processed(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    binary = tmp_path / "blob.bin"
    binary.write_bytes(b"\x00\x01\x02PNG\x00" * 50)
    latin = tmp_path / "latin.txt"
    latin.write_bytes("Café POINT (1 2)".encode("latin-1"))
    code, out, err = run(
        "chunk", str(empty), str(sample_path("sparse_prose")), str(binary), str(latin), str(tmp_path / "missing.txt")
    )
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 4, err
    assert all(line.startswith("geochunk:") for line in lines)
    for name in ("empty.txt", "blob.bin", "latin.txt", "missing.txt"):
        assert any(name in line for line in lines), (name, err)
    docs = {json.loads(line)["doc_id"] for line in out.splitlines()}
    assert docs == {str(sample_path("sparse_prose"))}


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["chunk", "--budget", "15", "x"], "at least 16"),
        (["chunk", "--encoding", "p50k", "x"], "cl100k_base, o200k_base"),
        (["chunk", "--strategy", "smart", "x"], "auto, paragraph, mixed, feature"),
        (["chunk", "--oversize", "cut", "x"], "isolate, generalize, split"),
        (["chunk", "--tolerance", "-1", "x"], "positive"),
    ],
)
def test_bad_options_exit_2_with_one_clear_line(argv, needle):
    code, out, err = run(*argv)
    assert code == 2 and out == ""
    assert needle in err and len(err.strip().splitlines()) == 1


def test_stdin_with_doc_id():
    proc = subprocess.run(
        [sys.executable, "-m", "geochunk", "chunk", "-", "--doc-id", "notes.txt", "--budget", "64"],
        input="The well is at POINT (-1.5 52.1).\n".encode(), capture_output=True, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    row = json.loads(proc.stdout.decode().splitlines()[0])
    assert row["doc_id"] == "notes.txt" and row["features"][0]["geom_type"] == "POINT"


def test_inspect_prints_density_strategy_frames():
    code, out, err = run("inspect", str(sample_path("land_use_appendix")))
    assert code == 0, err
    assert "density:" in out and "strategy:   feature" in out and "27700" in out
    assert "features:   400" in out or "features:   4" in out


@pytest.mark.parametrize("name", ["land_use_appendix", "parcels", "malformed"])
def test_validate_passes_on_samples(name):
    code, out, err = run("validate", str(sample_path(name)), "--budget", "200")
    assert code == 0, out + err
    assert "PASS" in out


def test_console_script_is_installed_by_the_requirements():
    import shutil

    exe = shutil.which("geochunk")
    assert exe, "requirements.txt installs the package (-e .) and its `geochunk` command"
    proc = subprocess.run([exe, "inspect", str(sample_path("sparse_prose"))], capture_output=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert b"strategy:   paragraph" in proc.stdout


def test_broken_pipe_is_quiet():
    proc = subprocess.run(
        f"{sys.executable} -m geochunk chunk {sample_path('land_use_appendix')} --budget 64 | head -c 10",
        shell=True, capture_output=True, check=False,
    )
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr


def test_core_imports_without_streamlit_or_folium():
    code = (
        "import sys\n"
        "for m in ('streamlit', 'folium', 'streamlit_folium', 'branca'):\n"
        "    sys.modules[m] = None  # any import of them now raises ImportError\n"
        "import geochunk\n"
        "from geochunk import ChunkConfig, chunk_text\n"
        "cs = chunk_text('A well at POINT (1 2).', ChunkConfig(budget=32))\n"
        "assert cs.chunks[0].features[0].geom_type == 'POINT'\n"
        "import geochunk.cli, geochunk.export, geochunk.gates, geochunk.split.baselines\n"
        "print('ok')\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, check=False)
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout.strip() == b"ok"


def test_thresholds_are_overridable_from_the_command_line():
    path = str(sample_path("sparse_prose"))
    code, out, _ = run("inspect", path, "--paragraph-threshold", "0.0", "--feature-threshold", "0.01")
    assert code == 0 and "strategy:   feature" in out
    code, _, err = run("inspect", path, "--paragraph-threshold", "0.6", "--feature-threshold", "0.5")
    assert code == 2 and "thresholds must satisfy" in err


def test_public_api_names_are_the_functions():
    import geochunk
    from geochunk import analyse, assemble, chunk_file, chunk_text

    assert all(callable(f) for f in (analyse, assemble, chunk_file, chunk_text))
    assert geochunk.assemble is assemble


def test_argparse_errors_are_one_line(capsys):
    assert main(["chunk", "--budget", "abc", "x"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["geochunk: error: argument --budget: invalid int value: 'abc' (see 'geochunk --help')"]


def test_inspect_names_frames_once():
    code, out, _ = run("inspect", str(sample_path("mixed_report")))
    assert code == 0
    assert sum(line.startswith("frames:") for line in out.splitlines()) == 1
    assert out.count("frames:") == 1


@pytest.mark.parametrize("command", ["chunk", "inspect", "validate"])
def test_help_shows_defaults(command, capsys):
    assert main([command, "--help"]) == 0
    text = capsys.readouterr().out
    assert "(default: 800)" in text and "(default: isolate)" in text
