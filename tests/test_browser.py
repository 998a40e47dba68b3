"""A real browser against the running app: headless Debian chromium driven by Selenium.

Starts ``streamlit run app.py`` on a free port, loads a sample, moves the budget, checks that
the map (Leaflet from /app/static, drawn on a canvas) and the chunk table updated, saves a
screenshot to ``artifacts/browser.png`` and prints the first render time.

Skips when chromium/chromedriver are missing, unless ``CI`` is set: then it fails (CI installs
them: ``apt-get install chromium chromium-driver``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
CHROME_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
    "--disable-dev-shm-usage",
    "--window-size=1500,2200",
)
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'


def _require_browser() -> None:
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("python package selenium")
    if not missing:
        return
    reason = f"real-browser test needs {', '.join(missing)} (apt-get install chromium chromium-driver)"
    if os.environ.get("CI"):
        pytest.fail(reason + " — CI must install them")
    pytest.skip(reason)


def _wait_health(url: str, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                if r.read().strip() == b"ok":
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError("streamlit did not become healthy")


@pytest.fixture()
def app_url(app_dir: Path, free_port: int, tmp_path: Path):
    _require_browser()
    log = (tmp_path / "streamlit.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
         "--server.port", str(free_port), "--server.address", "127.0.0.1",
         "--browser.gatherUsageStats", "false"],
        cwd=app_dir, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        url = f"http://127.0.0.1:{free_port}"
        _wait_health(url, proc)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        log.close()


@pytest.fixture()
def driver(tmp_path: Path):
    _require_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager reach out
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in CHROME_ARGS:
        options.add_argument(arg)
    options.add_argument(f"--user-data-dir={tmp_path / 'chrome-profile'}")
    drv = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    drv.set_page_load_timeout(60)
    try:
        yield drv
    finally:
        drv.quit()


# JavaScript run inside the st_folium iframe: what Leaflet has drawn.
_MAP_STATE = """
const fg = window.feature_group || [];
const last = fg.length ? fg[fg.length - 1] : null;
let features = 0;
const chunks = new Set();
if (last) { last.eachLayer(l => { (l.getLayers ? l.getLayers() : [l]).forEach(f => {
  features += 1;
  if (f.feature && f.feature.properties) { chunks.add(f.feature.properties.chunk); }
}); }); }
const canvas = document.querySelector('.leaflet-overlay-pane canvas');
let painted = 0;
if (canvas && canvas.width) {
  const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  for (let i = 3; i < d.length; i += 16) { if (d[i] > 0) painted++; }
}
const resources = performance.getEntriesByType('resource').map(e => e.name);
return {leaflet: typeof L !== 'undefined' ? L.version : null, features: features,
        chunks: chunks.size,
        painted: painted, resources: resources,
        scripts: Array.from(document.scripts).map(s => s.src).filter(s => s)};
"""


def _idle(drv, timeout: float = 90) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    time.sleep(0.3)  # let a rerun that was just triggered start
    WebDriverWait(drv, timeout).until(EC.presence_of_element_located((By.CSS_SELECTOR, IDLE)))


def _map_state(drv) -> dict:
    from selenium.webdriver.common.by import By

    frame = drv.find_element(By.CSS_SELECTOR, 'iframe[title="streamlit_folium.st_folium"]')
    drv.switch_to.frame(frame)
    try:
        return drv.execute_script(_MAP_STATE)
    finally:
        drv.switch_to.default_content()


def _wait_map(drv, ok, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    state: dict = {}
    while time.monotonic() < deadline:
        try:
            state = _map_state(drv)
            if ok(state):
                return state
        except Exception:  # noqa: BLE001 - the iframe may be re-created while we look
            pass
        time.sleep(0.25)
    raise AssertionError(f"map never reached the expected state: {state}")


def _metric(drv, label: str) -> str:
    from selenium.webdriver.common.by import By

    for m in drv.find_elements(By.CSS_SELECTOR, '[data-testid="stMetric"]'):
        if m.find_element(By.CSS_SELECTOR, '[data-testid="stMetricLabel"]').text.strip() == label:
            return m.find_element(By.CSS_SELECTOR, '[data-testid="stMetricValue"]').text.strip()
    raise AssertionError(f"no metric {label!r}")


def _table_rows(drv) -> int:
    [grid] = _wait_for(drv, '[data-testid="stDataFrame"] [aria-rowcount]')[:1] or [None]
    assert grid is not None, "no chunk table"
    return int(grid.get_attribute("aria-rowcount"))


def _choose_sample(drv, title_part: str) -> None:
    from selenium.webdriver.common.by import By

    box = drv.find_element(By.CSS_SELECTOR, '[data-testid="stSidebar"] [data-testid="stSelectbox"]')
    box.click()
    for option in drv.find_elements(By.CSS_SELECTOR, '[role="listbox"] [role="option"]'):
        if title_part in option.text:
            option.click()
            return
    raise AssertionError(f"no sample option containing {title_part!r}")


def _move_budget(drv, key: str) -> int:
    """Focus the budget slider's range input and press ``key``; returns the new value."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    slider = drv.find_element(By.CSS_SELECTOR, '[data-testid="stSidebar"] [data-testid="stSlider"] input[type="range"]')
    drv.execute_script("arguments[0].focus();", slider)
    ActionChains(drv).send_keys(getattr(Keys, key)).perform()
    return int(slider.get_attribute("value"))


def _click_row(drv, row: int) -> None:
    """Tick the selection box of data row ``row`` of the chunk table (a canvas grid)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    grid = drv.find_element(By.CSS_SELECTOR, '[data-testid="stDataFrame"]')
    drv.execute_script("arguments[0].scrollIntoView({block: 'center'});", grid)
    time.sleep(0.3)
    r = grid.rect
    header = row_height = 35
    ActionChains(drv).move_to_element_with_offset(
        grid, -r["width"] / 2 + 14, -r["height"] / 2 + header + row_height * row + row_height // 2
    ).click().perform()


def _wait_for(drv, css: str, timeout: float = 30) -> list:
    from selenium.webdriver.common.by import By

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = drv.find_elements(By.CSS_SELECTOR, css)
        if found:
            return found
        time.sleep(0.25)
    return []


@pytest.mark.browser
def test_app_in_a_real_browser(app_url: str, driver, app_dir: Path) -> None:
    t0 = time.perf_counter()
    driver.get(app_url)
    _idle(driver)
    cold_script = time.perf_counter() - t0
    first = _wait_map(driver, lambda s: s["leaflet"] and s["features"] > 0 and s["painted"] > 0)
    cold = time.perf_counter() - t0
    t0 = time.perf_counter()
    driver.refresh()  # a second session: the analysis is cached on the server now
    _idle(driver)
    warm_script = time.perf_counter() - t0
    _wait_map(driver, lambda s: s["features"] == first["features"] and s["painted"] > 0)
    warm = time.perf_counter() - t0
    print(f"\nfirst render of app.py (land_use_appendix), page load -> script done -> map painted: "
          f"cold server {cold_script:.2f} s -> {cold:.2f} s; warm {warm_script:.2f} s -> {warm:.2f} s")

    _choose_sample(driver, "parcels.geojson")
    _idle(driver)
    loaded = _wait_map(driver, lambda s: s["features"] > 0 and s["chunks"] != first["chunks"])
    chunks_before, rows_before = _metric(driver, "Chunks"), _table_rows(driver)

    t1 = time.perf_counter()
    budget = _move_budget(driver, "PAGE_DOWN")
    assert budget < 800
    _idle(driver)
    after = _wait_map(driver, lambda s: s["chunks"] != loaded["chunks"] and s["painted"] > 0)
    print(f"budget 800 -> {budget}: map redrawn after {time.perf_counter() - t1:.2f} s")
    chunks_after, rows_after = _metric(driver, "Chunks"), _table_rows(driver)

    assert int(chunks_after.replace(",", "")) > int(chunks_before.replace(",", ""))
    assert rows_after > rows_before
    assert after["leaflet"] == "1.9.3"
    # the map loaded Leaflet from the app itself and fetched nothing from elsewhere
    assert any(s.endswith("/app/static/vendor/leaflet/leaflet.js") for s in after["scripts"])
    assert all(r.startswith(app_url) for r in after["resources"]), after["resources"]

    # clicking a table row selects the chunk: its text appears with geometry spans highlighted
    _click_row(driver, 2)
    _idle(driver)
    marks = _wait_for(driver, "mark.gc-geom")
    assert marks and marks[0].text.lstrip().startswith("{")  # parcels.geojson: GeoJSON Features
    _wait_map(driver, lambda s: s["painted"] > 0)

    out = app_dir / "artifacts"
    out.mkdir(exist_ok=True)
    driver.save_screenshot(str(out / "browser.png"))
    assert (out / "browser.png").stat().st_size > 10_000
    if os.environ.get("GEOCHUNK_UPDATE_SCREENSHOT"):
        shutil.copyfile(out / "browser.png", app_dir / "docs" / "screenshot.png")
