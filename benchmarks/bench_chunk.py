"""Chunking cost against one plain tiktoken encode of the same text, measured in one run.

Run: python benchmarks/bench_chunk.py [--repeat N]

Prints, per bundled sample: one `encode_ordinary` of the whole text, the first chunking run
(analyse + assemble, which tokenizes the document once), a re-chunk at a new budget reusing the
analysis, and the full `geochunk chunk` command in-process (JSON Lines to a null sink); then the
ratios. Also a linearity check: the 400-parcel appendix repeated 1x, 4x and 16x.
Targets (issue #2): first run <= 1.5x one encode; re-chunk <= 10% of the first run; 16x the
document <= 20x the time.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geochunk.cli import main as cli_main  # noqa: E402
from geochunk.model import ChunkConfig  # noqa: E402
from geochunk.pipeline import analyse, assemble  # noqa: E402
from geochunk.samples import list_samples, load_sample, sample_path  # noqa: E402
from geochunk.tokens import get_counter  # noqa: E402


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--budget", type=int, default=512)
    args = ap.parse_args()
    counter = get_counter("cl100k_base")
    enc = counter.tiktoken_encoding
    encode = (lambda t: enc.encode_ordinary(t)) if enc is not None else counter.count
    cfg = ChunkConfig(budget=args.budget)
    print(f"tokenizer: {counter.name}; budget {args.budget}; best of {args.repeat}")
    print(f"{'sample':<22}{'chars':>9}{'encode ms':>11}{'chunk ms':>10}{'x enc':>7}"
          f"{'rechunk ms':>12}{'% first':>9}{'cli ms':>9}{'x enc':>7}{'chunks':>8}")
    ratios, rechunk_ratios = [], []
    for s in list_samples():
        text = load_sample(s.name)
        t_enc = best(lambda: encode(text), args.repeat)
        t_first = best(lambda: assemble(analyse(text), cfg), args.repeat)
        a = analyse(text)
        budgets = iter(range(args.budget + 7, args.budget + 7000, 37))
        t_re = best(lambda: assemble(a, cfg.with_(budget=next(budgets))), args.repeat)
        path = str(sample_path(s.name))
        t_cli = best(lambda: cli_main(["chunk", path, "--budget", str(args.budget)], out=io.StringIO()), args.repeat)
        n = len(assemble(a, cfg).chunks)
        ratios.append(t_first / t_enc)
        rechunk_ratios.append(t_re / t_first)
        print(f"{s.name:<22}{len(text):>9}{t_enc*1e3:>11.1f}{t_first*1e3:>10.1f}{t_first/t_enc:>7.2f}"
              f"{t_re*1e3:>12.1f}{100*t_re/t_first:>8.1f}%{t_cli*1e3:>9.1f}{t_cli/t_enc:>7.2f}{n:>8}")
    print(f"median first-run / encode: {statistics.median(ratios):.2f}x; "
          f"median re-chunk / first run: {100*statistics.median(rechunk_ratios):.1f}%")
    base = load_sample("land_use_appendix")
    rows = []
    for k in (1, 4, 16):
        doc = "\n\n".join([base] * k)
        t = best(lambda: assemble(analyse(doc), cfg), max(1, args.repeat - 1))
        rows.append((k, len(doc), t))
    t1 = rows[0][2]
    for k, n, t in rows:
        print(f"linearity: {k:>2}x ({n:>9} chars) {t*1e3:9.1f} ms  = {t/t1:5.2f}x the 1x time")


if __name__ == "__main__":
    main()
