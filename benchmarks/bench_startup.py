"""The fixed cost of every call: `geochunk chunk` on a one-line file, in fresh processes.

Run: python benchmarks/bench_startup.py [--repeat N] [--compare OTHER_TREE]

``--compare`` measures another checkout in the same run (before/after), e.g.
``git archive <commit> | tar -x -C /tmp/before`` then ``--compare /tmp/before``.

Each figure is the median wall time of N fresh interpreters (the way a user runs the command),
measured in one run beside a bare `python -c pass`, so the ratios hold on a loaded machine too:

* `python -c pass`                      the interpreter alone
* `import geochunk`                     the package face (should stay light: lazy imports)
* `import geochunk.pipeline`            everything `chunk` needs (shapely, pyproj, tiktoken ...)
* `get_counter("cl100k_base")`          the BPE ranks: cold (empty cache dir) and warm
* `python -m geochunk chunk one.txt`    the whole command on a one-line file (warm cache)

Geochunk's own modules run with bytecode (as from a pip install, which compiles .pyc; kept in a
temporary PYTHONPYCACHEPREFIX so the tree stays clean); the last row repeats the command with
PYTHONDONTWRITEBYTECODE=1 (every module compiled from source on every start), which is how
this repository's development shell runs. Target (issue #13): the whole command under 1 s. The CRS name index is not in this path unless
the document names a frame in prose (a one-line file without one never pays for it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def run(code: list[str], env: dict[str, str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(code, env=env, check=True, stdout=subprocess.DEVNULL, cwd=env["PYTHONPATH"])
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--compare", default=None, help="another source tree to measure in the same run")
    args = ap.parse_args()
    trees = [("this tree", ROOT)] + ([("compared", os.path.abspath(args.compare))] if args.compare else [])
    # trees alternate repeat by repeat, so a change in machine load hits both alike
    samples: dict[str, list[list[tuple[str, float]]]] = {label: [] for label, _ in trees}
    for _ in range(args.repeat):
        for label, root in trees:
            samples[label].append(measure(root, 1))
    results = [
        (label, [(name, statistics.median(s[k][1] for s in runs)) for k, (name, _) in enumerate(runs[0])])
        for label, runs in samples.items()
    ]
    print(f"median of {args.repeat} fresh processes each")
    bare = results[0][1][0][1]
    for label, rows in results:
        print(f"-- {label}")
        for name, t in rows:
            print(f"{name:<28}{t * 1e3:8.0f} ms  {t / bare:6.1f}x python -c pass")
    cmd = dict(results[0][1])["geochunk chunk one.txt"]
    print(f"fixed cost of `geochunk chunk` (one-line file): {cmd:.2f} s (target < 1 s: "
          f"{'met' if cmd < 1 else 'NOT met'})")
    if len(results) == 2:
        other = dict(results[1][1])["geochunk chunk one.txt"]
        print(f"this tree / compared: {cmd / other:.2f}x")


def measure(root: str, repeat: int) -> list[tuple[str, float]]:
    py = sys.executable
    args = argparse.Namespace(repeat=repeat)
    with tempfile.TemporaryDirectory() as tmp:
        doc = os.path.join(tmp, "one.txt")
        with open(doc, "w", encoding="utf-8") as f:
            f.write("The well at POINT (530000 180000) was dry.\n")
        warm_cache = os.path.join(tmp, "warm")
        env = {**os.environ, "PYTHONPATH": root, "GEOCHUNK_CACHE_DIR": warm_cache,
               "PYTHONPYCACHEPREFIX": os.path.join(tmp, "pyc")}
        env.pop("GEOCHUNK_TOKENIZER", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run([py, "-m", "geochunk", "chunk", doc], env=env, check=True, stdout=subprocess.DEVNULL)
        # fill the warm cache once
        subprocess.run([py, "-c", "from geochunk.tokens.counting import get_counter; get_counter()"], env=env, check=True)

        def cold_env() -> dict[str, str]:
            return {**env, "GEOCHUNK_CACHE_DIR": tempfile.mkdtemp(dir=tmp)}

        rows = []
        bare = run([py, "-c", "pass"], env, args.repeat)
        rows.append(("python -c pass", bare))
        rows.append(("import geochunk", run([py, "-c", "import geochunk"], env, args.repeat)))
        rows.append(("import geochunk.pipeline", run([py, "-c", "import geochunk.pipeline"], env, args.repeat)))
        load = [py, "-c", "from geochunk.tokens.counting import get_counter; assert not get_counter().estimated"]
        cold = statistics.median(
            run(load, cold_env(), 1) for _ in range(args.repeat)
        )
        rows.append(("get_counter() cold cache", cold))
        rows.append(("get_counter() warm cache", run(load, env, args.repeat)))
        cmd = run([py, "-m", "geochunk", "chunk", doc, "--budget", "64"], env, args.repeat)
        rows.append(("geochunk chunk one.txt", cmd))
        nobc = {**env, "PYTHONDONTWRITEBYTECODE": "1"}
        nobc.pop("PYTHONPYCACHEPREFIX")
        rows.append(("  same, no bytecode", run([py, "-m", "geochunk", "chunk", doc, "--budget", "64"], nobc, args.repeat)))
    return rows


if __name__ == "__main__":
    main()
