"""A bounded geometry count (``max_features``, ``--max-features``): memory grows per geometry,
so a document with more geometries than the limit is refused with one clear line, before any
per-geometry work; a document at the limit is chunked as usual."""

from __future__ import annotations

import io
import json

import pytest

from geochunk import pipeline
from geochunk.cli import main
from geochunk.detection.scan import detect
from geochunk.errors import ConfigError, InputError
from geochunk.model import DEFAULT_MAX_FEATURES, ChunkConfig
from geochunk.pipeline import analyse, chunk_text

POINTS_100 = "POINT (1 2)\n" * 100
POINTS_101 = "POINT (1 2)\n" * 101


def _collection(n: int) -> str:
    feats = [{"type": "Feature", "properties": {"id": i},
              "geometry": {"type": "Point", "coordinates": [i, 1]}} for i in range(n)]
    return json.dumps({"type": "FeatureCollection", "features": feats})


def test_over_the_limit_is_one_clear_input_error_naming_the_option() -> None:
    with pytest.raises(InputError) as exc:
        chunk_text(POINTS_101, ChunkConfig(max_features=100))
    message = str(exc.value)
    assert "more than 100 geometries" in message
    assert "--max-features" in message and "max_features=" in message
    assert "\n" not in message


@pytest.mark.parametrize("text", [POINTS_100, _collection(100), POINTS_100 + _collection(0)])
def test_at_the_limit_every_geometry_is_kept(text: str) -> None:
    cs = chunk_text(text, ChunkConfig(max_features=100))
    assert len(cs.analysis.detection.spans) == 100
    assert "".join(c.text for c in cs.chunks) == text  # nothing lost


@pytest.mark.parametrize("text", [POINTS_101, _collection(101), POINTS_100 + _collection(1)])
def test_every_kind_of_geometry_counts(text: str) -> None:
    with pytest.raises(InputError, match="more than 100 geometries"):
        analyse(text, max_features=100)


def test_refused_before_any_geometry_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_parsing(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed a geometry of a refused document")

    monkeypatch.setattr("geochunk.detection.scan.parse_wkt_many", no_parsing)  # the one WKT read of detect
    monkeypatch.setattr("geochunk.detection.geometry.parse_wkt", no_parsing)
    monkeypatch.setattr(pipeline, "parse_spans", no_parsing)
    with pytest.raises(InputError):
        analyse(POINTS_101, max_features=100)
    with pytest.raises(InputError):
        detect(POINTS_101, max_features=100)


def test_the_default_applies_to_analyse_and_chunk_config(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ChunkConfig().max_features == DEFAULT_MAX_FEATURES == 500_000
    monkeypatch.setattr(pipeline, "DEFAULT_MAX_FEATURES", 100)
    with pytest.raises(InputError, match="more than 100 geometries"):
        analyse(POINTS_101)
    assert analyse(POINTS_100).detection.spans  # at the limit: fine


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "100"])
def test_a_bad_limit_is_a_config_error(bad: object) -> None:
    with pytest.raises(ConfigError, match="max_features"):
        ChunkConfig(max_features=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("command", ["chunk", "inspect", "validate"])
def test_cli_over_the_limit_is_one_line_and_exit_1(tmp_path, command: str) -> None:
    big = tmp_path / "big.txt"
    big.write_text(POINTS_101, encoding="utf-8")
    ok = tmp_path / "ok.txt"
    ok.write_text(POINTS_100, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = main([command, "--max-features", "100", str(big), str(ok)], out=out, err=err)
    assert code == 1
    [line] = err.getvalue().splitlines()
    assert line.startswith(f"geochunk: {big}: ") and "more than 100 geometries" in line
    assert "--max-features" in line and "Traceback" not in err.getvalue()
    assert out.getvalue()  # the document at the limit is still processed


def test_cli_at_the_limit_succeeds(tmp_path) -> None:
    ok = tmp_path / "ok.txt"
    ok.write_text(POINTS_100, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["chunk", "--max-features", "100", str(ok)], out=out, err=err) == 0
    assert err.getvalue() == ""
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert sum(len(r["features"]) for r in rows) == 100


@pytest.mark.parametrize("value", ["0", "-5", "many", "1.5"])
def test_cli_bad_limit_is_a_usage_error(capsys: pytest.CaptureFixture[str], value: str) -> None:
    assert main(["chunk", "--max-features", value, "x.txt"], out=io.StringIO()) == 2
    [line] = capsys.readouterr().err.splitlines()  # argparse writes to sys.stderr
    assert "--max-features takes a positive whole number" in line


def test_app_shows_the_library_message_not_a_traceback(app_dir, monkeypatch: pytest.MonkeyPatch) -> None:
    from streamlit.testing.v1 import AppTest

    from geochunk.ui.state import StateKeys

    monkeypatch.setattr(pipeline, "DEFAULT_MAX_FEATURES", 100)
    at = AppTest.from_file(str(app_dir / "app.py"), default_timeout=120)
    at.run()
    at.radio(key=StateKeys.SOURCE).set_value("Paste").run()
    at.text_area(key=StateKeys.PASTE).set_value(POINTS_101).run()
    assert not at.exception
    messages = [e.value.replace("\\", "") for e in at.error]
    assert any("more than 100 geometries" in m and "max-features" in m for m in messages), messages
    assert not any("unexpected error" in m for m in messages)
