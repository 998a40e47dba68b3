"""Helpers that drive the running app in headless Chromium (Selenium), shared by
``tests/test_browser.py`` and ``benchmarks/bench_browser.py``."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

__all__: list[str] = []

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


def require_browser() -> None:
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


def wait_health(url: str, proc: subprocess.Popen, timeout: float = 90) -> None:
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


@contextlib.contextmanager
def running_app(app_dir: Path, port: int, log_path: Path, env: dict | None = None):
    """``streamlit run app.py`` on ``port``; yields its URL once healthy, stops it after."""
    log = log_path.open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1",
         "--browser.gatherUsageStats", "false"],
        cwd=app_dir, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})},
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_health(url, proc)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        log.close()


@contextlib.contextmanager
def chrome(profile: Path):
    """A headless Chromium driven by chromedriver, with its own profile folder."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager reach out
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in CHROME_ARGS:
        options.add_argument(arg)
    options.add_argument(f"--user-data-dir={profile}")
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


def idle(drv, timeout: float = 90) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    time.sleep(0.3)  # let a rerun that was just triggered start
    WebDriverWait(drv, timeout).until(EC.presence_of_element_located((By.CSS_SELECTOR, IDLE)))


def map_state(drv) -> dict:
    from selenium.webdriver.common.by import By

    frame = drv.find_element(By.CSS_SELECTOR, 'iframe[title="streamlit_folium.st_folium"]')
    drv.switch_to.frame(frame)
    try:
        return drv.execute_script(_MAP_STATE)
    finally:
        drv.switch_to.default_content()


def wait_map(drv, ok, timeout: float = 60, every: float = 0.25) -> dict:
    """Poll what Leaflet has drawn until ``ok(state)``; returns that state."""
    deadline = time.monotonic() + timeout
    state: dict = {}
    while time.monotonic() < deadline:
        try:
            state = map_state(drv)
            if ok(state):
                return state
        except Exception:  # noqa: BLE001 - the iframe may be re-created while we look
            pass
        time.sleep(every)
    raise AssertionError(f"map never reached the expected state: {state}")


def metric(drv, label: str) -> str:
    from selenium.webdriver.common.by import By

    for m in drv.find_elements(By.CSS_SELECTOR, '[data-testid="stMetric"]'):
        if m.find_element(By.CSS_SELECTOR, '[data-testid="stMetricLabel"]').text.strip() == label:
            return m.find_element(By.CSS_SELECTOR, '[data-testid="stMetricValue"]').text.strip()
    raise AssertionError(f"no metric {label!r}")


def table_rows(drv) -> int:
    [grid] = wait_for(drv, '[data-testid="stDataFrame"] [aria-rowcount]')[:1] or [None]
    assert grid is not None, "no chunk table"
    return int(grid.get_attribute("aria-rowcount"))


def sample_label(name: str) -> str:
    """The sample picker's label of bundled sample ``name`` (its title and file name)."""
    from geochunk.samples import list_samples

    [label] = [f"{s.title} ({s.filename})" for s in list_samples() if s.name == name]
    return label


def choose_sample(drv, name: str) -> None:
    """Choose bundled sample ``name`` in the sidebar: the option whose whole text is its label
    (a substring would let "parcels" pick "Land-use appendix (400 parcels, BNG)")."""
    from selenium.webdriver.common.by import By

    label = sample_label(name)
    box = drv.find_element(By.CSS_SELECTOR, '[data-testid="stSidebar"] [data-testid="stSelectbox"]')
    box.click()
    options = wait_for(drv, '[role="listbox"] [role="option"]')
    for option in options:
        if option.text.strip() == label:
            option.click()
            return
    raise AssertionError(f"no sample option {label!r} in {[o.text for o in options]}")


def move_budget(drv, key: str) -> int:
    """Focus the budget slider's range input and press ``key``; returns the new value."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    slider = drv.find_element(By.CSS_SELECTOR, '[data-testid="stSidebar"] [data-testid="stSlider"] input[type="range"]')
    drv.execute_script("arguments[0].focus();", slider)
    ActionChains(drv).send_keys(getattr(Keys, key)).perform()
    return int(slider.get_attribute("value"))


def click_row(drv, row: int) -> None:
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


def wait_for(drv, css: str, timeout: float = 30) -> list:
    from selenium.webdriver.common.by import By

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = drv.find_elements(By.CSS_SELECTOR, css)
        if found:
            return found
        time.sleep(0.25)
    return []



_FEATURE_NEAR_CENTRE = """
// A point where a click really lands on a feature: Leaflet's canvas renderer gives a click to
// the last-drawn interactive path whose _containsPoint(p) holds, so test candidate pixels (a
// circle marker's centre; a grid over a polygon's pixel box; a line's vertices and segment
// midpoints) with that same hit test, and keep a pixel whose topmost hit is the feature itself
// on every pixel 2 px around it too (the real mouse lands on whole pixels: a bbox centre, or
// an edge pixel, misses a bow-tie, a bent line or a ring with a hole). Polygons and points
// first (a 1-2 px line is only a fallback), nearest the map's centre first; never of the chunk
// ``avoid`` (the one already selected).
const avoid = arguments[0];
const fg = window.feature_group[window.feature_group.length - 1];
const map = window.map, size = map.getSize();
const inside = p => p.x >= 20 && p.y >= 40 && p.x <= size.x - 60 && p.y <= size.y - 60;
const leaves = [];  // [path, its feature layer]
const walk = (l, owner) => {
  if (l.getLayers) { l.getLayers().forEach(c => walk(c, owner)); }
  else if (l._containsPoint && l.options.interactive !== false) { leaves.push([l, owner]); }
};
fg.eachLayer(g => g.eachLayer && g.eachLayer(l => {
  if (l.feature && l.feature.properties.role === 'feature'
      && l.feature.properties.chunk !== avoid) { walk(l, l); }
}));
const renderer = leaves.length ? leaves[0][0]._renderer : null;
const order = [];  // every interactive path in draw order (what the renderer hit-tests)
for (let o = renderer && renderer._drawFirst; o; o = o.next) {
  if (o.layer.options.interactive) { order.push(o.layer); }
}
const near = (l, p) => !l._pxBounds || (
    p.x >= l._pxBounds.min.x - 12 && p.x <= l._pxBounds.max.x + 12
    && p.y >= l._pxBounds.min.y - 12 && p.y <= l._pxBounds.max.y + 12);
const topmost = p => {
  let hit = null;
  for (const l of order) { if (near(l, p) && l._containsPoint(p)) { hit = l; } }
  return hit;
};
const isLine = l => !(l instanceof L.Polygon) && !(l._radius !== undefined);
const candidates = l => {
  if (l._point && l._radius !== undefined) { return [l._point]; }
  const pts = [];
  if (l instanceof L.Polygon) {
    const b = l._pxBounds; if (!b) { return pts; }
    for (let i = 1; i < 12; i++) { for (let j = 1; j < 12; j++) {
      pts.push(L.point(b.min.x + (b.max.x - b.min.x) * i / 12, b.min.y + (b.max.y - b.min.y) * j / 12));
    } }
  } else {
    (l._parts || []).forEach(part => { for (let i = 1; i < part.length; i++) {
      pts.push(part[i - 1].add(part[i]).divideBy(2)); pts.push(part[i]);
    } });
  }
  return pts;
};
const offset = map.containerPointToLayerPoint(L.point(0, 0));
const solid = (leaf, c, r) => {  // every pixel within r of container pixel c hits leaf on top
  for (let dx = -r; dx <= r; dx++) { for (let dy = -r; dy <= r; dy++) {
    if (topmost(L.point(c.x + dx, c.y + dy).add(offset)) !== leaf) { return false; }
  } }
  return true;
};
const ranked = leaves.map(([leaf, owner]) => {
  const centre = map.layerPointToContainerPoint(
      leaf._point || (leaf._pxBounds ? leaf._pxBounds.getCenter() : L.point(0, 0)));
  return [isLine(leaf) ? 1 : 0, Math.hypot(centre.x - size.x / 2, centre.y - size.y / 2), leaf, owner];
}).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
let best = null;
for (const [line, , leaf, owner] of ranked) {
  for (const p of candidates(leaf)) {
    const c = map.layerPointToContainerPoint(p).round();
    if (!inside(c) || !solid(leaf, c, line ? 0 : 2)) { continue; }
    best = {x: c.x, y: c.y, chunk: owner.feature.properties.chunk,
            feature: owner.feature.properties.feature};
    break;
  }
  if (best) { break; }
}
if (!best) return null;
const r = map.getContainer().getBoundingClientRect();
best.x += r.left; best.y += r.top;
return best;
"""


def _map_frame(drv):
    from selenium.webdriver.common.by import By

    return drv.find_element(By.CSS_SELECTOR, 'iframe[title="streamlit_folium.st_folium"]')


def hover_feature(drv, avoid: str | None = None) -> dict:
    """Move the real mouse onto a pixel of the feature nearest the map's centre that a click
    there would hit (Leaflet's own hit test; not of chunk ``avoid``, e.g. ``"#3"``); returns
    the feature (``chunk``, ``feature``) and the tooltip text Leaflet then shows."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    frame = _map_frame(drv)
    drv.execute_script("arguments[0].scrollIntoView({block: 'center'});", frame)
    time.sleep(0.4)
    drv.switch_to.frame(frame)
    try:
        target = drv.execute_script(_FEATURE_NEAR_CENTRE, avoid)
    finally:
        drv.switch_to.default_content()
    assert target, "no feature on the map"
    # the pointer goes to the nearest whole pixel of the page's viewport (the frame may sit
    # at a fractional offset: the target's 2 px around hit the same feature, so it still lands)
    left, top = drv.execute_script(
        "const f = arguments[0], r = f.getBoundingClientRect();"
        "return [r.left + f.clientLeft, r.top + f.clientTop];", frame)
    x, y = round(left + target["x"]), round(top + target["y"])
    actions = ActionBuilder(drv)
    actions.pointer_action.move_to_location(x, y)
    actions.perform()
    deadline = time.monotonic() + 5
    text = None
    while time.monotonic() < deadline and not text:
        drv.switch_to.frame(frame)
        try:
            text = drv.execute_script(
                "const t = document.querySelector('.leaflet-tooltip'); return t ? t.textContent : null")
        finally:
            drv.switch_to.default_content()
        time.sleep(0.1)
    target["tooltip"] = text or ""
    return target


def click_here(drv) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(drv).click().perform()


def scroll_table_to(drv, row: int) -> None:
    """Scroll the first table so that data row ``row`` is rendered (the grid is virtual)."""
    drv.execute_script(
        "const s = document.querySelector('[data-testid=\"stDataFrame\"] .dvn-scroller');"
        "if (s) { s.scrollTop = Math.max(0, arguments[0] * 35 - 70); }", row)
    time.sleep(0.3)


def selected_rows(drv, near: int | None = None) -> list[int]:
    """Data-row numbers ticked in the first table (0-based), looking near row ``near``."""
    from selenium.webdriver.common.by import By

    if near is not None:
        scroll_table_to(drv, near)
    rows = drv.find_elements(By.CSS_SELECTOR, '[data-testid="stDataFrame"] tr[aria-selected="true"]')
    return [int(r.get_attribute("aria-rowindex")) - 2 for r in rows]


def table_cells(drv, row: int) -> list[str]:
    """The text of every cell of data row ``row`` of the first table."""
    from selenium.webdriver.common.by import By

    scroll_table_to(drv, row)
    sel = f'[data-testid="stDataFrame"] tr[aria-rowindex="{row + 2}"] td'
    return [c.get_attribute("textContent") for c in drv.find_elements(By.CSS_SELECTOR, sel)]


def picker_label(drv) -> str:
    """The label shown by the chunk picker on the page (the first selectbox in the main area)."""
    from selenium.webdriver.common.by import By

    box = drv.find_element(By.CSS_SELECTOR, '[data-testid="stMain"] [data-testid="stSelectbox"] input[role="combobox"]')
    return (box.get_attribute("value") or "").strip()


def wait_until(fn, timeout: float = 60, every: float = 0.05):
    """Poll ``fn`` until it returns something truthy; returns it (AssertionError on timeout)."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = fn()
            if last:
                return last
        except Exception:  # noqa: BLE001 - the page may be re-rendering
            pass
        time.sleep(every)
    raise AssertionError(f"condition not met in {timeout} s (last: {last!r})")


def go_to_page(drv, title: str) -> None:
    """Click a page in the sidebar navigation."""
    from selenium.webdriver.common.by import By

    for link in drv.find_elements(By.CSS_SELECTOR, '[data-testid="stSidebarNav"] a'):
        if link.text.strip() == title:
            link.click()
            return
    raise AssertionError(f"no page {title!r} in the sidebar")


# The document view (an st.components.v2 component in a shadow root on the page itself).
_DOC_ROOT = """
const host = document.querySelector('[class*="st-key-gc_doc_view"]');
if (!host) { return null; }
let root = null;
host.querySelectorAll('*').forEach(x => { if (x.shadowRoot) { root = x.shadowRoot; } });
root = root || host;
"""


def doc_view(drv) -> dict | None:
    """What the document view shows: its chunk ranges, the selected chunk, its text length."""
    return drv.execute_script(_DOC_ROOT + """
const box = root.querySelector('.gc-doc');
if (!box) { return null; }
const sel = root.querySelector('.gc-sel');
return {ranges: root.querySelectorAll('[data-c]').length, chars: box.textContent.length,
        selected: sel ? Number(sel.dataset.c) : null, scrollTop: box.scrollTop,
        geometry: root.querySelectorAll('mark.gc-dg').length, text: box.textContent.slice(0, 200)};
""")


def doc_view_click(drv, chunk: int) -> None:
    """Click the start of ``chunk``'s range in the document view (its ``#N`` tag, part of the
    range: a long chunk's box is taller than the view), as a reader would."""
    from selenium.webdriver.common.action_chains import ActionChains

    el = drv.execute_script(_DOC_ROOT + """
const range = root.querySelector('[data-c="' + arguments[0] + '"]');
const el = range && (range.querySelector('.gc-cut') || range);
if (el) { el.scrollIntoView({block: 'center'}); }
return el;""", chunk)
    assert el is not None, f"no range of chunk {chunk} in the document view"
    time.sleep(0.2)
    ActionChains(drv).move_to_element(el).click().perform()


def table_scroll(drv, key: str) -> dict:
    """The scroll state of a keyed ``st.dataframe`` and which data rows it shows ticked."""
    return drv.execute_script("""
const t = document.querySelector('.st-key-' + arguments[0]);
const s = t && t.querySelector('.dvn-scroller');
const ticked = t ? Array.from(t.querySelectorAll('tr[aria-selected="true"]'))
    .map(r => Number(r.getAttribute('aria-rowindex')) - 2) : [];
return s ? {top: s.scrollTop, height: s.clientHeight, scrollWidth: s.scrollWidth,
            clientWidth: s.clientWidth, ticked: ticked} : null;""", key)


def clipped_metrics(drv) -> list[str]:
    """Metric values whose text does not fit their box (DOM: scrollWidth > clientWidth)."""
    return drv.execute_script("""
return Array.from(document.querySelectorAll('[data-testid="stMetricValue"]')).filter(m => {
  const boxes = [m, ...m.querySelectorAll('*')];
  return boxes.some(b => b.scrollWidth > b.clientWidth + 1);
}).map(m => m.textContent);""")


def clipped_cells(drv, widths: dict[str, int], every: dict[str, list[str]] | None = None) -> list[str]:
    """Cells of every table on the page whose text is wider than its column: each rendered
    cell's text of a data grid measured in the grid's font (one line per ~35 px row), against
    the column's configured width (``widths``: header -> px; a stretched grid only widens it);
    with ``every`` (header -> every value the column can hold, e.g. each text kind), each of
    those values too wherever the column is shown, whether or not a row holds it now; any grid
    or HTML table (Review's, Retrieve's Collections and score components) that scrolls
    sideways; any HTML table cell whose scrollWidth exceeds its clientWidth."""
    return drv.execute_script("""
const widths = arguments[0], every = arguments[1] || {}, out = [];
const ctx = document.createElement('canvas').getContext('2d');
document.querySelectorAll('[data-testid="stDataFrame"]').forEach(t => {
  const s = t.querySelector('.dvn-scroller');
  if (s && s.scrollWidth > s.clientWidth + 1) { out.push('table scrolls sideways: ' + s.scrollWidth + ' > ' + s.clientWidth); }
  const heads = Array.from(t.querySelectorAll('thead th')).map(h => h.textContent.trim());
  const row = t.querySelector('tbody tr');
  const lines = row ? Math.max(1, Math.floor((row.getBoundingClientRect().height || 35) / 22)) : 1;
  const font = getComputedStyle(t).fontFamily || 'sans-serif';
  ctx.font = '14px ' + font;
  heads.forEach(head => (every[head] || []).forEach(text => {
    const need = ctx.measureText(text).width + 17;
    if (widths[head] && need > widths[head]) {
      out.push(head + ' could not show ' + text + ' (' + Math.round(need) + ' > ' + widths[head] + ' px)');
    }
  }));
  t.querySelectorAll('tbody tr').forEach(r => r.querySelectorAll('td').forEach(td => {
    const k = Number(td.getAttribute('aria-colindex')) - 1, head = heads[k];
    const w = widths[head];
    if (!w) { return; }
    const text = td.textContent;
    const need = ctx.measureText(text).width + 17;
    if (need > w * lines) { out.push(head + ': ' + text + ' (' + Math.round(need) + ' > ' + w * lines + ' px)'); }
  }));
});
document.querySelectorAll('table.gc-review, .gc-review-box, table.gc-shortlist').forEach(t => {
  if (t.scrollWidth > t.clientWidth + 1) { out.push('HTML table scrolls sideways'); }
  t.querySelectorAll('td, th').forEach(td => {
    if (td.scrollWidth > td.clientWidth + 1) { out.push('HTML cell clipped: ' + td.textContent); }
  });
});
return out;""", widths, every or {})


_MAP_STYLE = """
const fg = window.feature_group[window.feature_group.length - 1];
const fills = new Set(), roles = {};
fg.eachLayer(g => g.eachLayer && g.eachLayer(l => {
  const role = l.feature && l.feature.properties.role;
  roles[role] = (roles[role] || 0) + 1;
  if (role === 'feature' && l.options) { fills.add(l.options.fillColor); }
}));
return {fills: Array.from(fills).sort(), roles: roles,
        outlines: map.getContainer().dataset.gcOutlines || null};
"""


def map_style(drv) -> dict:
    """The fill colours of the map's features and how many layers each role has."""
    frame = _map_frame(drv)
    drv.switch_to.frame(frame)
    try:
        return drv.execute_script(_MAP_STYLE)
    finally:
        drv.switch_to.default_content()


def map_html(drv) -> str:
    """The map iframe's whole document, as the browser holds it (its tooltips' data too)."""
    frame = _map_frame(drv)
    drv.switch_to.frame(frame)
    try:
        return drv.execute_script("return document.documentElement.outerHTML;")
    finally:
        drv.switch_to.default_content()


def table_heads(drv, key: str = "gc_chunk_table-inspector") -> list[str]:
    """The column headers a keyed ``st.dataframe`` shows."""
    return drv.execute_script("""
const t = document.querySelector('.st-key-' + arguments[0]);
return t ? Array.from(t.querySelectorAll('thead th')).map(h => h.textContent.trim()) : [];""", key)


def choose_in(drv, label: str, option: str) -> None:
    """Choose ``option`` in the main area's selectbox labelled ``label``."""
    from selenium.webdriver.common.by import By

    for box in drv.find_elements(By.CSS_SELECTOR, '[data-testid="stMain"] [data-testid="stSelectbox"]'):
        if box.find_element(By.CSS_SELECTOR, "label").text.strip() == label:
            drv.execute_script("arguments[0].scrollIntoView({block: 'center'});", box)
            box.click()
            for o in wait_for(drv, '[role="listbox"] [role="option"]'):
                if o.text.strip() == option:
                    o.click()
                    return
    raise AssertionError(f"no option {option!r} in {label!r}")


def toggle_pill(drv, text: str) -> None:
    """Click the pill (a toggle button) reading ``text``."""
    from selenium.webdriver.common.by import By

    for b in drv.find_elements(By.CSS_SELECTOR, '[data-testid="stMain"] [data-testid="stButtonGroup"] button'):
        if b.text.strip() == text:
            b.click()
            return
    raise AssertionError(f"no pill {text!r}")
