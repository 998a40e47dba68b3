"""Browser-driven timings of the Inspector (headless Chromium + Selenium, the app really running).

    nice -n -15 python benchmarks/bench_browser.py [--rounds 5] [--no-write]

1. First render, warm: page load until the map is painted, with the server's caches warm
   (median over rounds; one cold load first).
2. Budget step on the 400-parcel sample (land_use_appendix): a keypress on the budget slider
   until Leaflet has redrawn the chunk layer (median over rounds, alternating down/up).
3. Click -> selection: a real mouse click on a drawn feature of the map (the pixel is aimed
   with Leaflet's own canvas hit test, ``browser_helpers.hover_feature``: a click there lands
   on that feature, never on one under it or on a gap), until the clicked feature's chunk is
   the selection shown on the page ("Chunk #n" above its text). Each round clicks a feature
   of another chunk than the one selected.
4. Select in the picker: choosing a chunk in the picker until its text is shown (the same
   end point as 3, for comparison).

Targets (issues 14 and 31, same 2-core machine): first render < 4 s warm; budget step and
click -> selection < 1 s median; picker < 1 s. Polls every 20-50 ms (each look into the map's
iframe costs a few tens of ms more), so figures carry up to ~0.1 s of measuring. Writes its
section of ``benchmarks/RESULTS.md`` (``bench_browser``) with the date, the machine and the
load average at the start and the end, unless ``--no-write``.
"""

from __future__ import annotations

import argparse
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import browser_helpers as bh  # noqa: E402
from _common import write_results_section  # noqa: E402


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


def _click_feature(drv) -> tuple[int, float]:
    """Click a drawn feature of another chunk than the selected one; returns its chunk index
    and the seconds from the click until that chunk is the selection shown."""
    label = bh.picker_label(drv)
    current = label.split(" · ")[0] if label.startswith("#") else None
    target = bh.hover_feature(drv, avoid=current)  # the mouse is on it, the tooltip shown
    index = int(str(target["chunk"]).lstrip("#"))
    t0 = time.perf_counter()
    bh.click_here(drv)
    bh.wait_until(lambda: _chunk_heading(drv) == f"Chunk #{index}", timeout=30, every=0.02)
    return index, time.perf_counter() - t0


def _stats(xs: list[float]) -> tuple[float, float, float]:
    return statistics.median(xs), min(xs), max(xs)


def _commit() -> str:
    try:
        return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, timeout=10).stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5, help="rounds of each step (budget: twice as many)")
    ap.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = ap.parse_args()
    load0 = os.getloadavg()
    started = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"load average before: {load0[0]:.1f} on {os.cpu_count()} CPUs")
    rows: list[tuple[str, str, list[float], float | None]] = []
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
            rows.append(("first render, warm (page load → map painted)", f"cold {cold:.2f} s", warm, 4.0))
            bh.idle(drv)

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
            rows.append(("budget step (keypress → map redrawn), 400 parcels",
                         f"budget {budget} after the last step", steps, 1.0))

            clicks, chosen = [], []
            for _ in range(max(args.rounds, 2)):
                index, dt = _click_feature(drv)
                clicks.append(dt)
                chosen.append(index)
                bh.idle(drv)
            print(f"click -> selection (a feature clicked on the map -> its chunk shown): median "
                  f"{statistics.median(clicks):.2f} s (min {min(clicks):.2f}, max {max(clicks):.2f}; "
                  f"chunks {', '.join(f'#{i}' for i in chosen)})")
            rows.append(("click → selection (a drawn feature clicked → its chunk shown)",
                         "chunks " + ", ".join(f"#{i}" for i in chosen), clicks, 1.0))

            picks = []
            for index in (3, 9, 17, 5, 12, 1, 20, 7)[: max(args.rounds, 2)]:
                _select_in_picker(drv, index)
                t0 = time.perf_counter()
                bh.wait_until(lambda: _chunk_heading(drv) == f"Chunk #{index}", every=0.02)
                picks.append(time.perf_counter() - t0)
                bh.idle(drv)
            print(f"select a chunk (picker choice -> its text shown): median "
                  f"{statistics.median(picks):.2f} s (min {min(picks):.2f}, max {max(picks):.2f})")
            rows.append(("select in the picker (choice → its chunk shown)", "", picks, 1.0))
    load1 = os.getloadavg()
    print(f"load average after: {load1[0]:.1f}")
    if args.no_write:
        return
    write_results_section("bench_browser", section_lines(rows, started=started, load=(load0[0], load1[0]),
                                                         rounds=args.rounds))
    print("wrote the bench_browser section of benchmarks/RESULTS.md")


def section_lines(rows: list[tuple[str, str, list[float], float | None]], *, started: str,
                  load: tuple[float, float], rounds: int) -> list[str]:
    """The ``bench_browser`` section of RESULTS.md: when, where (machine, load average at the
    start and the end), and one row per step with its median, min, max and target."""
    load0, load1 = load
    nice = os.nice(0)
    lines = [
        "## App in headless Chromium: first render, budget step, click and picker selection (bench_browser.py)",
        "",
        f"Run {started} at commit {_commit()}; machine: {platform.machine()}, {os.cpu_count()} CPUs "
        f"shared with other work, Python {platform.python_version()}, nice {nice}; load average "
        f"{load0:.1f} at the start, {load1:.1f} at the end. Headless Chromium at 1400 px, the app "
        f"really running (`streamlit run`), {rounds} rounds (the budget step {rounds * 2}, "
        "alternating down and up). Polls every 20-50 ms: up to ~0.1 s of each figure is measuring.",
        "",
        "| step | median (s) | min (s) | max (s) | target | met | note |",
        "| --- | ---: | ---: | ---: | ---: | :-: | --- |",
    ]
    for name, note, xs, target in rows:
        med, lo, hi = _stats(xs)
        met = "" if target is None else ("yes" if med < target else "**no**")
        lines.append(f"| {name} | {med:.2f} | {lo:.2f} | {hi:.2f} | "
                     f"{'' if target is None else f'< {target:g} s'} | {met} | {note} |")
    lines += ["", "Targets: issue #14 (first render < 4 s warm, select < 1 s) and issue #31 (budget step and "
              "click → selection under 1 s median). The click is a real mouse click on a pixel Leaflet's own "
              "hit test gives to that feature (`tests/browser_helpers.py`, `hover_feature`)."]
    return lines


if __name__ == "__main__":
    main()
