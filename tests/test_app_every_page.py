"""Every page of the app on every bundled sample and on a document of invalid geometries:
nothing raises, nothing shows a traceback; an unexpected error becomes a plain message."""

from __future__ import annotations

import logging
import tomllib
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from apptest_helpers import map_args
from apptest_helpers import page_output

from geochunk.samples import list_samples
from geochunk.ui.navigation import discover_pages, leave_v1_mode
from geochunk.ui.services import MAX_DOCUMENT_BYTES
from geochunk.ui.state import StateKeys

INVALID = Path(__file__).parent / "data" / "invalid_geometries.md"
APP_DIR = Path(__file__).resolve().parents[1]
PAGES = [str(p.path.relative_to(APP_DIR)) for p in discover_pages(APP_DIR)]


def _texts(at: AppTest) -> list[str]:
    """Every string value the page shows (alerts, markdown, text, code, captions)."""
    out: list[str] = []
    for kind in ("error", "warning", "info", "success", "markdown", "text", "code", "caption",
                 "exception"):
        out += [str(getattr(e, "value", "")) for e in at.get(kind)]
    return out


def _assert_clean(at: AppTest, where: str) -> None:
    assert not at.exception, (where, at.exception)
    for text in _texts(at):
        assert "Traceback" not in text and "unexpected error" not in text, (where, text)
    # no server path anywhere the page sends: texts, HTML, tables, map scripts and tooltips
    out = page_output(at)
    for path in (str(APP_DIR), "site-packages"):
        at_ = out.find(path)
        assert at_ < 0, (where, out[max(0, at_ - 200):at_ + 100])


@pytest.fixture(scope="module")
def samples_index(tmp_path_factory: pytest.TempPathFactory):
    """The Retrieve page's bundled-samples index (built once, in a cache of its own)."""
    import os

    from geochunk.ui import retrieve as svc

    old = os.environ.get("GEOCHUNK_CACHE")
    os.environ["GEOCHUNK_CACHE"] = str(tmp_path_factory.mktemp("every_page_cache"))
    try:
        yield svc.build_samples_index(list(svc.DEFAULT_SAMPLES))[0]
    finally:
        if old is None:
            os.environ.pop("GEOCHUNK_CACHE", None)
        else:
            os.environ["GEOCHUNK_CACHE"] = old


def test_a_page_run_directly_in_v1_mode_hands_over_to_the_router() -> None:
    # The project layout keeps pages in pages/. Streamlit then starts each process in its v1
    # multipage mode, where the first request for /Review runs pages/1_Review.py directly, outside
    # the router's guard. The page must switch the process to the router (and rerun) first.
    from streamlit.runtime.pages_manager import PagesManager

    assert (APP_DIR / "pages" / "1_Review.py").is_file() and not (APP_DIR / "app_pages").exists()
    at = AppTest.from_file(str(APP_DIR / "app.py"), default_timeout=120)
    at.switch_page("pages/1_Review.py").run()  # each run starts as a fresh server: v1 mode
    # Without the hand-over the page would have run via Streamlit's v1 router and left it on.
    assert PagesManager.uses_pages_directory is False
    assert not at.exception
    assert [t.value for t in at.title][:1] == ["Review flagged chunks"]


def test_the_pages_are_discovered_with_the_inspector_first() -> None:
    titles = [p.title for p in discover_pages(APP_DIR)]
    assert titles[:4] == ["Inspector", "Review", "Compare", "Corpus"]
    assert [p.default for p in discover_pages(APP_DIR)].count(True) == 1
    assert discover_pages(APP_DIR)[0].default


@pytest.mark.parametrize("document", [s.name for s in list_samples()] + ["invalid geometries"])
def test_every_page_on_every_document(app_dir: Path, document: str, samples_index: Path) -> None:
    from geochunk.ui.retrieve import RetrieveKeys

    at = AppTest.from_file(str(app_dir / "app.py"), default_timeout=120)
    at.session_state[RetrieveKeys.INDEX_PATH] = str(samples_index)  # Retrieve shows results
    at.session_state[RetrieveKeys.REGION_MODE] = "Box"
    at.run()
    if document == "invalid geometries":
        at.radio(key=StateKeys.SOURCE).set_value("Paste").run()
        at.text_area(key=StateKeys.PASTE).set_value(INVALID.read_text(encoding="utf-8")).run()
        at.slider(key=StateKeys.BUDGET).set_value(64).run()  # every geometry alone in a chunk
    else:
        at.selectbox(key=StateKeys.SAMPLE).set_value(document).run()
    _assert_clean(at, "Inspector")
    for page in PAGES:
        at.switch_page(page).run()
        _assert_clean(at, page)
        if page.endswith("Retrieve.py"):  # results were shown and checked
            assert any("gc-results" in h.proto.body for h in at.get("html")), page
    if document == "invalid geometries":
        at.switch_page("pages/0_Inspector.py").run()
        shown = "".join(a["feature_group"] for a in map_args(at))
        assert "repaired for display only (make_valid)" in shown  # the tooltip says so
        assert "Self-intersection" in shown
        assert "\\\\ud800" in shown  # the lone surrogate id is shown as its escape
        ids = at.dataframe[0].value["feature ids"]
        assert ids.str.contains("\\ud800", regex=False).any()


@pytest.mark.parametrize("page", PAGES)
def test_an_unexpected_error_is_a_message_and_a_server_log(
    app_dir: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, page: str
) -> None:
    from geochunk.ui import widgets

    at = AppTest.from_file(str(app_dir / "app.py"), default_timeout=120)
    at.run()

    def boom(*args: object, **kwargs: object) -> None:
        leave_v1_mode()  # setup_page's first act: hand a directly run page over to the router
        raise RuntimeError(f"secret detail in {app_dir}/server/path")

    monkeypatch.setattr(widgets, "setup_page", boom)  # every page calls it first
    with caplog.at_level(logging.ERROR, logger="geochunk.app"):
        at.switch_page(page).run()
    assert not at.exception
    [message] = [e.value for e in at.error]
    assert "unexpected error" in message and "RuntimeError" in message
    assert "secret" not in message and str(app_dir) not in message
    [record] = [r for r in caplog.records if r.name == "geochunk.app"]
    assert record.exc_info is not None and "secret detail" in str(record.exc_info[1])
    ref = message.split("reference ")[1].split(")")[0]
    assert ref in record.getMessage()


def test_streamlit_config_is_safe_for_a_team_deployment(app_dir: Path) -> None:
    config = tomllib.loads((app_dir / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["client"]["showErrorDetails"] == "none"
    assert config["browser"]["gatherUsageStats"] is False
    assert config["browser"]["serverAddress"]  # no external-IP probe at start-up
    assert config["server"]["maxUploadSize"] * 2**20 == MAX_DOCUMENT_BYTES
