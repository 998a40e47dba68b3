"""Browser-driven timings of the Inspector (headless Chromium + Selenium, the app really running).

    python benchmarks/bench_browser.py [--rounds 5]

1. First render, warm: page load until the map is painted, with the server's caches warm
   (median over rounds; one cold load first).
2. Budget step on the 400-parcel sample (land_use_appendix): a keypress on the budget slider
   until Leaflet has redrawn the chunk layer (median over rounds, alternating down/up).
3. Select a chunk: choosing it in the picker until its highlighted text is on the page.

Targets (issue 14, same 2-core machine): first render < 4 s warm, budget step < 1 s,
select < 1 s. Polls every 50 ms (each look into the map's iframe costs a few tens of ms
more), so figures carry up to ~0.1 s of measuring.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import browser_helpers as bh  # noqa: E402


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _select_in_picker(drv, index: int) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    box = drv.find_element(By.CSS_SELECTOR, '[data-testid="stMain"] [data-testid="stSelectbox"] input[role="combobox"]')
    drv.execute_script("arguments[0].scrollIntoView({block: 'center'});", box)
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(f"#{index} ")
    time.sleep(0.2)
    for option in drv.find_elements(By.CSS_SELECTOR, '[role="listbox"] [role="option"]'):
        if option.text.startswith(f"#{index} "):
            option.click()
            return
    raise AssertionError(f"no option #{index}")


def _chunk_heading(drv) -> str:
    from selenium.webdriver.common.by import By

    for e in drv.find_elements(By.CSS_SELECTOR, '[data-testid="stMarkdownContainer"] strong'):
        if e.text.startswith("Chunk #"):
            return e.text
    return ""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp:
        env = {"GEOCHUNK_REVIEW_DB": str(Path(tmp) / "r.sqlite3")}
        with bh.running_app(ROOT, _port(), Path(tmp) / "st.log", env) as url, \
                bh.chrome(Path(tmp) / "profile") as drv:
            def load() -> float:
                t0 = time.perf_counter()
                drv.get(url)
                bh.wait_map(drv, lambda s: s["features"] > 0 and s["painted"] > 0, every=0.05)
                return time.perf_counter() - t0

            cold = load()
            warm = [load() for _ in range(args.rounds)]
            print(f"first render (page load -> map painted): cold {cold:.2f} s; warm median "
                  f"{statistics.median(warm):.2f} s (min {min(warm):.2f}, max {max(warm):.2f})")

            steps = []
            for k in range(args.rounds * 2):
                before = bh.map_state(drv)["chunks"]
                t0 = time.perf_counter()
                budget = bh.move_budget(drv, "PAGE_DOWN" if k % 2 == 0 else "PAGE_UP")
                bh.wait_map(drv, lambda s: s["chunks"] != before and s["painted"] > 0, every=0.05)
                steps.append(time.perf_counter() - t0)
                bh.idle(drv)
            print(f"budget step (keypress -> map redrawn), 400 parcels: median "
                  f"{statistics.median(steps):.2f} s (min {min(steps):.2f}, max {max(steps):.2f}; "
                  f"last budget {budget})")

            picks = []
            for index in (3, 9, 17, 5, 12, 1, 20, 7)[: max(args.rounds, 2)]:
                _select_in_picker(drv, index)
                t0 = time.perf_counter()
                bh.wait_until(lambda: _chunk_heading(drv) == f"Chunk #{index}", every=0.02)
                picks.append(time.perf_counter() - t0)
                bh.idle(drv)
            print(f"select a chunk (picker choice -> its text shown): median "
                  f"{statistics.median(picks):.2f} s (min {min(picks):.2f}, max {max(picks):.2f})")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
