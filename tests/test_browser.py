"""A real browser against the running app: headless Debian chromium driven by Selenium.

Starts ``streamlit run app.py`` on a free port and, as a reviewer would: on every bundled sample
hovers a drawn feature (at a pixel Leaflet's own hit test gives to it), reads its tooltip (not
the chunk bbox's), clicks it and sees its chunk selected with no page error and no clipped
metric or table cell; sees the table row ticked, moves the budget, checks that the picker's label follows a budget change, opens the
invalid-geometry document, and saves a review decision that survives a page reload. At 1400 px:
clicks a chunk's text in the document view and sees it selected and the table scrolled to its
row, finds no clipped metric or table cell, sees the 1 MB sample's document view show one
window, colours the map by an attribute and toggles its layers. Saves screenshots to
``artifacts/`` (``GEOCHUNK_UPDATE_SCREENSHOT=1`` copies them to ``docs/``, which docs/app.md
uses) and prints the timings (``benchmarks/bench_browser.py`` measures them properly).

Skips when chromium/chromedriver are missing, unless ``CI`` is set: then it fails (CI installs
them: ``apt-get install chromium chromium-driver``); the skip reason is always listed.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest

from browser_helpers import (
    chrome,
    choose_in,
    choose_sample,
    click_here,
    clipped_cells,
    clipped_metrics,
    doc_view,
    doc_view_click,
    go_to_page,
    hover_feature,
    idle,
    map_html,
    map_style,
    metric,
    move_budget,
    picker_label,
    require_browser,
    running_app,
    selected_rows,
    table_cells,
    table_heads,
    table_rows,
    table_scroll,
    toggle_pill,
    wait_for,
    wait_map,
    wait_until,
)

from browser_checks import page_errors

from geochunk.samples import list_samples

INVALID = Path(__file__).parent / "data" / "invalid_geometries.md"
DOCS_IMG = Path(__file__).resolve().parents[1] / "docs" / "img"


def _widths() -> dict[str, int]:
    """Column header -> configured width (px) of the chunk table's text and number columns
    (a checkbox column shows no text)."""
    from geochunk.ui.sections import CHUNK_COLUMNS

    return {c["label"]: c["width"] for c in CHUNK_COLUMNS.values()
            if isinstance(c.get("width"), int)
            and c.get("type_config", {}).get("type") in ("text", "number")}


def _shot(drv, out: Path, name: str, element=None) -> None:
    """A screenshot in ``artifacts/``, copied to ``docs/img/`` (which docs/app.md uses) when
    ``GEOCHUNK_UPDATE_SCREENSHOT`` is set."""
    if element is not None:
        drv.execute_script("arguments[0].scrollIntoView({block: 'start'});", element)
        time.sleep(0.5)
    drv.save_screenshot(str(out / name))
    assert (out / name).stat().st_size > 10_000
    if os.environ.get("GEOCHUNK_UPDATE_SCREENSHOT"):
        DOCS_IMG.mkdir(exist_ok=True)
        shutil.copyfile(out / name, DOCS_IMG / name)


#: Every value the chunk table's enumerated columns can hold (``Chunk.text_kind``, ``Chunk.unit``):
#: each must fit its column whether or not a row of the sample shown holds it.
EVERY_VALUE = {"kind": ["source", "generalized", "part", "rewrapped"], "unit": ["feature", "section"]}


@pytest.fixture()
def app_url(app_dir: Path, free_port: int, tmp_path: Path, _review_db: Path):
    require_browser()
    # the Retrieve page builds its samples index into a cache of its own (never the user's)
    with running_app(app_dir, free_port, tmp_path / "streamlit.log",
                     env={"GEOCHUNK_REVIEW_DB": str(_review_db),
                          "GEOCHUNK_CACHE": str(tmp_path / "cache")}) as url:
        yield url


@pytest.fixture()
def driver(tmp_path: Path):
    require_browser()
    with chrome(tmp_path / "chrome-profile") as drv:
        yield drv


def _stale(element) -> bool:
    """Whether ``element`` has left the page (Streamlit replaced it)."""
    from selenium.common.exceptions import StaleElementReferenceException

    try:
        element.is_enabled()
    except StaleElementReferenceException:
        return True
    return False


def _paste(drv, text: str) -> None:
    """Paste ``text`` as the document (Source: Paste, then the text area)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    for label in drv.find_elements(By.CSS_SELECTOR, '[data-testid="stSidebar"] [role="radiogroup"] label'):
        if label.text.strip() == "Paste":
            label.click()
            break
    idle(drv)
    area = wait_for(drv, '[data-testid="stSidebar"] textarea')[0]
    drv.execute_script(
        "const el = arguments[0]; const set = Object.getOwnPropertyDescriptor("
        "HTMLTextAreaElement.prototype, 'value').set; set.call(el, arguments[1]);"
        "el.dispatchEvent(new Event('input', {bubbles: true}));", area, text)
    area.send_keys(Keys.CONTROL, Keys.ENTER)  # submit the text area
    idle(drv)


@pytest.mark.browser
@pytest.mark.slow
def test_app_in_a_real_browser(app_url: str, driver, app_dir: Path) -> None:
    from selenium.webdriver.common.by import By

    driver.set_window_size(1400, 2200)  # the width analysts read at: nothing may be clipped
    t0 = time.perf_counter()
    driver.get(app_url)
    idle(driver)
    first = wait_map(driver, lambda s: s["leaflet"] and s["features"] > 0 and s["painted"] > 0)
    cold = time.perf_counter() - t0
    t0 = time.perf_counter()
    driver.refresh()  # a second session: the analysis is cached on the server now
    idle(driver)
    wait_map(driver, lambda s: s["features"] == first["features"] and s["painted"] > 0)
    warm = time.perf_counter() - t0
    print(f"\nfirst render (land_use_appendix), page load -> map painted: cold {cold:.2f} s, "
          f"warm {warm:.2f} s")
    nav = [a.text.strip() for a in driver.find_elements(By.CSS_SELECTOR, '[data-testid="stSidebarNav"] a')]
    assert nav[:4] == ["Inspector", "Review", "Compare", "Corpus"]
    assert picker_label(driver) == "— none —"

    # a review decision survives a page reload (the URL keeps the sample)
    choose_sample(driver, "boundary_40k")
    idle(driver)
    # the 1 MB document: its document view shows one window, not the whole text
    big = wait_until(lambda: (v := doc_view(driver)) and v["text"].startswith("#0LOWER WANDLE") and v)
    assert big["chars"] < 130_000 and big["ranges"] >= 1
    assert clipped_metrics(driver) == []  # "1,030,260" whole
    go_to_page(driver, "Review")
    idle(driver)
    [nxt] = wait_until(lambda: [b for b in driver.find_elements(
        By.CSS_SELECTOR, '[data-testid="stButton"] button') if "Next flagged" in b.text])
    nxt.click()
    idle(driver)
    [accepted] = [l for l in wait_for(driver, '[data-testid="stForm"] [role="radiogroup"] label')
                  if l.text.strip() == "accepted"]
    accepted.click()
    note = driver.find_element(By.CSS_SELECTOR, '[data-testid="stForm"] input[type="text"]')
    note.send_keys("checked in the browser")
    [save] = [b for b in driver.find_elements(By.CSS_SELECTOR, '[data-testid="stForm"] button')
              if "Save decision" in b.text]
    save.click()
    idle(driver)
    wait_until(lambda: "accepted" in picker_label(driver))
    driver.refresh()
    idle(driver)
    wait_until(lambda: "checked in the browser" in driver.find_element(
        By.CSS_SELECTOR, "table.gc-review").text)
    assert clipped_cells(driver, _widths(), EVERY_VALUE) == []  # flags, reason, note, by, when read whole
    go_to_page(driver, "Inspector")
    idle(driver)
    assert page_errors(driver) == []

    # every sample: a click on a drawn feature (at a point Leaflet's own hit test gives to
    # it) selects that feature's chunk, with no page error; the Land-use appendix last, as
    # the steps below go on with it
    names = [s.name for s in list_samples() if s.name != "land_use_appendix"]
    for name in [*names, "land_use_appendix"]:
        [old] = wait_for(driver, 'iframe[title="streamlit_folium.st_folium"]')[:1]
        choose_sample(driver, name)
        idle(driver)
        wait_until(lambda: _stale(old), timeout=30)  # the new document's map, not the last one's
        wait_map(driver, lambda s: s["features"] > 0 and s["painted"] > 0)
        label = picker_label(driver)
        current = label.split(" · ")[0] if label.startswith("#") else None
        # hovering a feature shows the feature's tooltip, not the chunk bbox's
        hovered = hover_feature(driver, avoid=current)
        assert hovered["tooltip"].startswith(f"chunk{hovered['chunk']}"), (name, hovered)
        click_here(driver)
        index = int(hovered["chunk"].lstrip("#"))
        wait_until(lambda: picker_label(driver).startswith(f"#{index} · "), timeout=20)
        assert page_errors(driver) == [], name
        # at 1400 px no metric or chunk-table cell of any sample is clipped (the Malformed
        # sample's "not drawn" reasons run to hundreds of characters: the cell says them short)
        assert clipped_metrics(driver) == [], name
        assert clipped_cells(driver, _widths(), EVERY_VALUE) == [], name
        if name == "malformed":  # the widest layout: the "not drawn" column is shown
            assert "not drawn" in table_heads(driver), name
    assert hovered["tooltip"].startswith(f"chunk{hovered['chunk']}feature{hovered['feature']}")
    # the click on the Land-use appendix ticked its table row too
    wait_until(lambda: selected_rows(driver, near=index) == [index])
    wait_for(driver, "mark.gc-geom")

    # a budget change: the picker's label describes the current chunk of that number
    before_label, before_chunks = picker_label(driver), int(metric(driver, "Chunks").replace(",", ""))
    t1 = time.perf_counter()
    budget = move_budget(driver, "PAGE_DOWN")
    assert budget < 800
    idle(driver)
    after = wait_map(driver, lambda s: s["chunks"] != first["chunks"] and s["painted"] > 0)
    print(f"budget 800 -> {budget}: map redrawn after {time.perf_counter() - t1:.2f} s")
    assert int(metric(driver, "Chunks").replace(",", "")) > before_chunks
    label = picker_label(driver)
    shown = int(re.match(r"#(\d+) · (\d+) tokens", label).group(1))
    tokens = int(re.match(r"#(\d+) · (\d+) tokens", label).group(2))
    assert label != before_label
    cells = wait_until(lambda: table_cells(driver, shown))
    assert int(cells[1]) == tokens  # the label matches the table row of the same chunk
    assert selected_rows(driver, near=shown) == [shown]
    assert after["leaflet"] == "1.9.3"
    assert all(r.startswith(app_url) for r in after["resources"]), after["resources"]

    out = app_dir / "artifacts"
    out.mkdir(exist_ok=True)
    driver.save_screenshot(str(out / "browser.png"))
    assert (out / "browser.png").stat().st_size > 10_000
    if os.environ.get("GEOCHUNK_UPDATE_SCREENSHOT"):
        shutil.copyfile(out / "browser.png", app_dir / "docs" / "screenshot.png")

    # the document view: a click on a chunk's text selects it everywhere, and the table
    # scrolls to its row; no metric or table cell is clipped at 1400 px
    target = int(metric(driver, "Chunks").replace(",", "")) // 2
    doc_view_click(driver, target)
    wait_until(lambda: picker_label(driver).startswith(f"#{target} · "))
    wait_until(lambda: doc_view(driver)["selected"] == target)
    scrolled = wait_until(lambda: (t := table_scroll(driver, "gc_chunk_table-inspector"))
                          and t["top"] > 0 and t["ticked"] == [target] and t)
    assert scrolled["scrollWidth"] <= scrolled["clientWidth"] + 1
    assert clipped_metrics(driver) == []
    assert clipped_cells(driver, _widths(), EVERY_VALUE) == []
    heading = [h for h in driver.find_elements(By.CSS_SELECTOR, "h3") if h.text == "Document"]
    _shot(driver, out, "document-view.png", heading[0] if heading else None)

    # style by value and the layer toggles change the map
    before = map_style(driver)
    choose_in(driver, "Colour features by", "attribute: Land use")
    idle(driver)
    styled = wait_until(lambda: (s := map_style(driver))["fills"] != before["fills"] and s)
    assert 2 <= len(styled["fills"]) <= 12
    assert any("Land use" in e.text for e in driver.find_elements(
        By.CSS_SELECTOR, '[data-testid="stHtml"]'))  # the legend under the map
    toggle_pill(driver, "severed by fixed-size")
    idle(driver)
    wait_until(lambda: map_style(driver)["roles"].get("severed", 0) > 0)
    heading = [h for h in driver.find_elements(By.CSS_SELECTOR, "h3") if h.text == "Map"]
    _shot(driver, out, "style-by-value.png", heading[0] if heading else None)
    toggle_pill(driver, "features")
    idle(driver)
    wait_until(lambda: map_style(driver)["roles"].get("feature", 0) == 0)
    toggle_pill(driver, "features")
    idle(driver)
    assert map_style(driver)["outlines"] == "drawn"  # country outlines under the features

    # the invalid-geometry document: drawn, with the repair said in the tooltip, no error
    _paste(driver, INVALID.read_text(encoding="utf-8"))
    wait_map(driver, lambda s: s["features"] > 0 and s["painted"] > 0)
    assert not driver.find_elements(By.CSS_SELECTOR, '[data-testid="stException"]')
    assert metric(driver, "Features") == "11"
    assert table_rows(driver) > 1
    assert page_errors(driver) == []  # no script error or failed request on the whole way

    # Retrieve on the bundled samples index (built here, in the running server): one query
    # near a point; result cards with the matched words highlighted, the searched region and
    # the results drawn, no server path anywhere in the page or its map, no page error
    t_rt = time.perf_counter()
    go_to_page(driver, "Retrieve")
    idle(driver)
    [build] = wait_until(lambda: [b for b in driver.find_elements(
        By.CSS_SELECTOR, '[data-testid="stSidebar"] [data-testid="stButton"] button')
        if "samples index" in b.text])
    build.click()
    idle(driver)
    near = wait_until(lambda: [l for l in driver.find_elements(
        By.CSS_SELECTOR, '[data-testid="stMain"] [role="radiogroup"] label')
        if l.text.strip() == "Near a point"], timeout=120)
    near[0].click()
    idle(driver)
    cards = wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, "ol.gc-results > li"), timeout=60)
    marked = [c for c in cards if c.find_elements(By.CSS_SELECTOR, ".gc-snip mark")]
    assert len(marked) >= 1 and all(m.text.strip() for c in marked
                                    for m in c.find_elements(By.CSS_SELECTOR, "mark"))
    drawn = wait_until(lambda: (r := map_style(driver)["roles"]).get("region") and r.get("result") and r)
    assert drawn["region"] == 1, drawn
    here = str(app_dir.resolve())
    assert here not in driver.page_source and here not in map_html(driver)
    # the Collections table and the score components read whole at 1400 px (they wrap)
    [shortlist] = driver.find_elements(By.CSS_SELECTOR, "table.gc-shortlist:not(.gc-scores)")
    assert "reason: " in shortlist.text
    assert clipped_cells(driver, {}) == []
    [more] = [e for e in driver.find_elements(By.CSS_SELECTOR, '[data-testid="stExpander"] summary')
              if "Every score component" in e.text]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", more)
    more.click()
    scores = wait_until(lambda: [t for t in driver.find_elements(By.CSS_SELECTOR, "table.gc-scores")
                                 if t.is_displayed()])
    assert len(scores[0].find_elements(By.CSS_SELECTOR, "tbody tr")) == len(cards)
    assert clipped_cells(driver, {}) == []
    assert page_errors(driver) == []
    print(f"Retrieve: index built and one query answered in {time.perf_counter() - t_rt:.2f} s")
    heading = [h for h in driver.find_elements(By.CSS_SELECTOR, "h1") if h.text == "Retrieve"]
    _shot(driver, out, "retrieve.png", heading[0] if heading else None)
