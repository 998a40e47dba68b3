"""Every row of issue #13's table, measured in one run (ratios, so a loaded machine hits both
sides alike).

Run: python benchmarks/bench_chunk.py [--repeat N] [--memory-copies 70] [--quick] [--memory-only]
     [--dense-only]

1. Startup: `python -m geochunk chunk` on a one-line file in fresh processes (median), with
   bytecode as from an installed package and the BPE-rank cache warm; also ÷ `python -c pass`.
2. First run ÷ one tiktoken `encode_ordinary` of the same text (startup excluded: the process is
   warm, the document is new to the pipeline), for every bundled sample and two generated ones
   (land-use appendix ×4, mixed report ×4); also the re-chunk at a new budget (analysis reused)
   and the whole `geochunk chunk` command in-process.
3. Peak memory ÷ input size: in a child process warmed on two small samples (so per-process
   costs are excluded), the peak RSS growth while chunking the land-use appendix repeated
   `--memory-copies` times (70 ≈ 13 MB) and the 40k-vertex boundary, ÷ the document's UTF-8
   bytes (the document itself is read before the baseline; the kernel's peak-RSS mark is reset
   after the warm-up, so the warm-up's own peak is not reported as the document's: before that
   reset the 1 MB boundary read ~130x, the warm-up's peak).
   Figures (issue #13, mem13; this section's child, 3 runs each, min-max; before = 2aeb133,
   after = 32c6a03): land-use x16 7.65-7.66x -> 6.19x, x70 7.86-8.27x -> 7.33x, x140
   7.94-8.36x -> 7.50-7.51x; mixed report x300 7.93-8.20x -> 6.66-6.67x; parcels x40
   9.01-9.11x -> 8.27x (of which ~3x is the offline place gazetteer, a per-process cost this
   warm-up does not load: warmed on parcels too, 6.23x -> 5.30x); 40k boundary 4.9x -> 1.8x.
   What the growth is made of (x70): ~5.8x Python objects, ~3 kB per feature (unit, feature
   and boxes, frame with its example point, span, chunk), and ~1.7x glibc heap of which only
   ~0.9x is in use at the end: once a document-sized buffer has been freed, glibc's dynamic
   mmap threshold puts every later block up to that size on the heap, which is not given back
   (with MALLOC_MMAP_THRESHOLD_ fixed the row dropped ~0.4x before these changes; not a fix:
   the project sets no allocator tunables). What was done: scans work in 64k-character slices whose scratch is
   reused (line index, heading lead bytes, tokenizer pieces, the declaration finder's
   lower-cased anchors), find_boundaries keeps its candidates' scratch in anonymous mappings
   (prose.scratch), a scope's 500 sample points are read without joining all samples, and
   per-unit tuples were dropped (Unit keeps four offsets; shared kinds; shared keyword strs).
   Left: per-feature frames (~0.8x: each holds its own example line; making it derived needs
   FrameReport, GeomRecord and Evidence to agree), the heap left by the frame step's
   per-feature samples and sets, and per-feature boxes and tuples the output model holds.
   Dense GeoJSON and a long namespace (the reviewer's rows; `--dense-only` prints them alone;
   one run each, this child; before = d4aab9c, after = 28948a6, landed rebased as 9fab146; in
   brackets: warmed on parcels and wfs_getfeature too, which loads the per-process gazetteer
   and CRS area index):
   a one-line MultiPoint of 200k integer points (3.8 MB) 34.5x (31.8x) -> 27.8x (27.4x);
   20k small Point/Polygon features with three properties (4.5 MB) 30.1x (25.1x) -> 19.3x
   (14.5x); the bundled WFS with a 200k-character namespace URI (0.2 MB) 120.8x (54.7x) ->
   120.7x (42.8x); land-use x70 7.3x -> 7.2x, 40k boundary 1.8x -> 1.9x in the same run.
   What was done: the bracket-depth check reads 64k slices (22x a one-geometry text), the
   document-period scan reads fixed windows, not pieces ending at a line break (a one-line
   text was one piece: 12x), JSON whose arrays outnumber its strings twice goes to the bracket
   scan (the structural scan's scratch was 11x the MultiPoint), GeoJSON properties are decoded
   in one call (shared keys). Left: the MultiPoint's peak is now the frame step's name finder
   (crs/names: a set of every token of a piece, and its pieces end at a line break: ~14x a
   one-line document), then GEOS's MultiPoint (one geometry a point, ~128 bytes: ~7x integer
   points) and the span's geometry text (1x); the many-features row is ~10.5x of per-feature
   objects (RFC 7946 frames made per feature, not shared like the coordinates frame; units,
   boxes, spans, properties held decoded and as JSON); the WFS row is the per-process
   gazetteer (~18 MB), packing's grapheme cut list over the 200k-character start tag (a Python
   int a character, ~8 MB) and tiktoken's encoding of that one piece (~10 MB). The reviewer's
   616 MB for a 228 KB WFS did not reproduce here (namespace of the app, gml or wfs prefix, a
   default namespace, random or path-like URIs, the document inside prose, chunk, inspect,
   validate, --rewrap, --unit feature: 110-170 MB whole-process RSS at 7945526, 8d0aeb6 and
   a3d4f4f).
   The dense rows again (before = 26b8c29, after = e0b8a78; two alternating runs each, in
   brackets warmed on parcels and wfs_getfeature too): MultiPoint 22.5x (19.9x) -> 9.6x (8.1x);
   many features 19.4x (14.4x) -> 12.4x (11.1x); WFS 121x (42x) -> 62x (45x); land-use x70
   7.3x -> 7.2x; 40k boundary 1.7x (a later --dense-only at d33967d: 9.6x (8.2x), 12.7x
   (11.1x), 62.4x (43.7x)). What was done: a GeoJSON MultiPoint of 256k characters or more is read
   by GEOS 64k characters at a time into one coordinate array, its box and counts (its whole
   GEOS geometry, 15x the text, is built only when something draws, splits or generalizes
   it), GeoJSON spans read their geometry text from the document, RFC 7946 frames are shared
   per verdict, grapheme cuts are a range on an ASCII run (the WFS tag's 8 MB list), and the
   place gazetteer is held as flat blobs and arrays (RSS +19.7 MB -> +7.2 MB a process).
   Left: the WFS row is tiktoken's encoding of its one 200k-character piece (~8 MB, 40x) and
   the cache file read whole (2.6 MB JSON); the many-features row is per-feature objects
   (properties decoded and as JSON ~1.8x, units ~0.9x, spans ~0.7x, chunk features ~0.6x,
   source boxes ~0.7x, GEOS geometries ~0.4x).
4. Growth: the appendix ×1, ×4 and ×16; time(×16) ÷ time(×1), each the least CPU time of at
   least 3 first runs (wall clock, best of 2, ranged 10-29x in separate processes at load 2-3;
   CPU time is what the other engineers' A/B runs used).
5. ``--compare TREE``: first-run CPU time per document (and ÷ one encode) of this checkout and
   of the checkout TREE, each in its own process, alternating rounds so that load falls on both
   alike; prints before (TREE) / after (this) and stops.
6. Peer splitters on distinct documents (``--splitters-only`` prints just this; issue #33):
   LangChain's ``RecursiveCharacterTextSplitter``, LlamaIndex's ``SentenceSplitter``, Chonkie's
   ``TokenChunker`` and ``RecursiveChunker``, semchunk and text-splitter
   (``semantic-text-splitter``), all at the same budget in the same tiktoken encoding (passed
   in, or text-splitter's bundled cl100k: nothing downloads), no overlap. Each bundled sample's
   generator is run with ``max(2, --repeat)`` seeds of its own, and every splitter (geochunk's
   first run too) splits each of those distinct texts once: repeated copies of one document
   would flatter a splitter that caches token counts. CPU time; MB/s over the kind's documents,
   their time ÷ geochunk's (> 1: geochunk is faster) and the geometries each severs over them
   (a chunk edge strictly inside a detected span, :func:`geochunk.split.baselines.severed`). A peer
   that is not installed is skipped with a line (``pip install -r requirements-bench.txt``;
   never needed by the library or the tests).
Targets (issue #13): startup < 1 s; first run ≤ 2× encode; memory ≤ 8× input; 16× ≤ 17× time.
The test-suite row is measured by running the suite (`python -m pytest -q --durations=25`).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

# an older checkout timed by --compare may still have a tokenizer worker process: keep it off
# there, so that no worker's CPU hides off the books (this checkout ignores the variable)
os.environ.setdefault("GEOCHUNK_TOKENIZE_IN", "inline")
# --compare runs this script with GEOCHUNK_BENCH_TREE set to time another checkout's package
sys.path.insert(0, os.environ.get("GEOCHUNK_BENCH_TREE") or os.path.join(os.path.dirname(__file__), ".."))

from _common import best  # noqa: E402
from geochunk.cli import main as cli_main  # noqa: E402
from geochunk.model import ChunkConfig  # noqa: E402
from geochunk.pipeline import analyse, assemble  # noqa: E402
from geochunk.samples import list_samples, load_sample, sample_path  # noqa: E402
from geochunk.tokens.counting import get_counter  # noqa: E402


def rss_bytes() -> int:
    """Current resident set size (Linux /proc; falls back to the peak)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def memory_child(path: str, budget: int, warm: tuple[str, ...] = ()) -> None:
    """Run in a fresh process: peak RSS growth while chunking ``path`` (printed as JSON); the
    warm-up chunks the samples ``warm`` too."""
    import gc

    from geochunk.pipeline import chunk_text
    from geochunk.read.source import read_document

    # warm what every process pays once (frame databases, transformers, the tokenizer) so the
    # figure is the document's own memory
    for name in ("mixed_report", "land_use_appendix", *warm):
        chunk_text(load_sample(name), ChunkConfig(budget=budget))
    text = read_document(path, max_bytes=1 << 31)
    gc.collect()
    reset = reset_peak_rss()  # else the warm-up's own peak could be reported as this document's
    before = rss_bytes()
    peak_before = peak_rss_bytes()
    cs = chunk_text(text, ChunkConfig(budget=budget))
    peak = peak_rss_bytes()
    print(json.dumps({"bytes": len(text.encode("utf-8")), "chunks": len(cs.chunks),
                      "growth": max(peak, peak_before) - before, "peak_was_before": peak <= peak_before,
                      "peak_reset": reset}))


def reset_peak_rss() -> bool:
    """Reset the kernel's peak-RSS mark (Linux ``clear_refs`` 5); False where unsupported."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def peak_rss_bytes() -> int:
    """Peak RSS since the last reset (``VmHWM``), else the process's ``ru_maxrss``."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def peak_memory_ratio(text: str, budget: int, warm: tuple[str, ...] = ()) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "doc.txt")
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        extra = ["--memory-warm", ",".join(warm)] if warm else []
        proc = subprocess.run([sys.executable, __file__, "--memory-child", path, "--budget", str(budget), *extra],
                              capture_output=True, text=True, check=True)
    r = json.loads(proc.stdout.strip().splitlines()[-1])
    return r["bytes"], r["growth"] / r["bytes"]


def dense_geojson(points: int = 200_000, seed: int = 13) -> str:
    """A one-line FeatureCollection of one Feature whose MultiPoint holds ``points`` integer
    positions (as a GIS exports a point cloud; ~3.9 MB at 200k: the reviewer's dense row)."""
    import random

    rnd = random.Random(seed)
    pts = [[rnd.randrange(100_000, 999_999), rnd.randrange(1_000_000, 9_999_999)] for _ in range(points)]
    return json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": "cloud-1", "properties": {"name": "survey points"},
         "geometry": {"type": "MultiPoint", "coordinates": pts}}]})  # fmt: skip


def many_features_geojson(features: int = 20_000, seed: int = 13) -> str:
    """A one-line FeatureCollection of ``features`` small Points and square Polygons with a few
    properties each (~4.5 MB at 20k)."""
    import random

    rnd = random.Random(seed)
    out = []
    for i in range(features):
        x, y = round(rnd.uniform(-3.4, -3.0), 6), round(rnd.uniform(55.8, 56.0), 6)
        if i % 2:
            geom = {"type": "Point", "coordinates": [x, y]}
        else:
            ring = [[round(x + dx, 6), round(y + dy, 6)] for dx, dy in ((0, 0), (1e-3, 0), (1e-3, 1e-3), (0, 1e-3), (0, 0))]
            geom = {"type": "Polygon", "coordinates": [ring]}
        out.append({"type": "Feature", "id": f"F-{i}", "geometry": geom,
                    "properties": {"name": f"site {i}", "kind": rnd.choice(["park", "well", "allotment"]),
                                   "area": rnd.randrange(10, 9999)}})  # fmt: skip
    return json.dumps({"type": "FeatureCollection", "features": out})


def long_namespace_wfs(chars: int = 200_000) -> str:
    """The bundled WFS GetFeature document with its feature namespace URI ``chars`` long."""
    return load_sample("wfs_getfeature").replace("http://example.org/edinburgh",
                                                 "http://example.org/" + "x" * chars)


def memory_rows(base: str, copies: int, budget: int, dense: bool = True,
                only_dense: bool = False) -> list[tuple[str, int, float]]:
    """Print and return the peak-memory rows: the appendix ×``copies``, the 40k boundary and
    (``dense``) a dense MultiPoint GeoJSON, many small GeoJSON features and a WFS document with a
    200k-character namespace URI; these three are also measured warmed on ``parcels`` and
    ``wfs_getfeature`` (what the frame step loads once per process to infer or check a frame:
    the place gazetteer, the CRS area index), printed beside."""
    mem = []
    docs = [] if only_dense else [(f"land_use x{copies}", "\n\n".join([base] * copies), False),
                                  ("boundary_40k", load_sample("boundary_40k"), False)]
    if dense or only_dense:
        docs += [("dense MultiPoint", dense_geojson(), True),
                 ("many features", many_features_geojson(), True),
                 ("WFS long ns", long_namespace_wfs(), True)]
    for name, text, also_warm in docs:
        size, ratio = peak_memory_ratio(text, budget)
        mem.append((name, size, ratio))
        extra = ""
        if also_warm:
            _, warmed = peak_memory_ratio(text, budget, ("parcels", "wfs_getfeature"))
            extra = f" ({warmed:.1f}x warmed on parcels and wfs_getfeature too)"
        print(f"peak memory: {name} ({size / 1e6:.1f} MB) peak RSS growth = {ratio:.1f}x the input{extra}")
    return mem


def startup(repeat: int) -> tuple[float, float]:
    """Median seconds of `python -m geochunk chunk one.txt` and of `python -c pass`."""
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    with tempfile.TemporaryDirectory() as tmp:
        doc = os.path.join(tmp, "one.txt")
        with open(doc, "w", encoding="utf-8") as f:
            f.write("The well at POINT (530000 180000) was dry.\n")
        env = {**os.environ, "PYTHONPATH": root, "PYTHONPYCACHEPREFIX": os.path.join(tmp, "pyc")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.pop("GEOCHUNK_TOKENIZER", None)
        cmd = [sys.executable, "-m", "geochunk", "chunk", doc, "--budget", "64"]
        subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)  # bytecode, rank cache

        def timed(argv: list[str]) -> float:
            t = time.perf_counter()
            subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
            return time.perf_counter() - t

        cmd_t, bare_t = [], []
        for _ in range(repeat):
            cmd_t.append(timed(cmd))
            bare_t.append(timed([sys.executable, "-c", "pass"]))
    return statistics.median(cmd_t), statistics.median(bare_t)


def _cpu_best(fn, repeat: int) -> float:
    """The least CPU time of ``repeat`` calls (CPU, not wall: other jobs' load stays out)."""
    out = []
    for _ in range(max(1, repeat)):
        t = time.process_time()
        fn()
        out.append(time.process_time() - t)
    return min(out)


def first_runs(repeat: int, budget: int) -> dict[str, list[float]]:
    """``name -> [encode CPU s, first-run CPU s]`` for every bundled sample, appendix ×4 and ×16
    and mixed report ×4 (this process's geochunk, warmed on every document first)."""
    counter = get_counter("cl100k_base")
    enc = counter.tiktoken_encoding
    encode = (lambda t: enc.encode_ordinary(t)) if enc is not None else counter.count
    cfg = ChunkConfig(budget=budget)
    docs = [(s.name, load_sample(s.name)) for s in list_samples()]
    base, mixed = load_sample("land_use_appendix"), load_sample("mixed_report")
    docs += [("land_use x4", "\n\n".join([base] * 4)), ("land_use x16", "\n\n".join([base] * 16)),
             ("mixed_report x4", "\n\n".join([mixed] * 4))]
    out = {}
    for name, text in docs:
        assemble(analyse(text), cfg)
        out[name] = [_cpu_best(lambda: encode(text), repeat),
                     _cpu_best(lambda: assemble(analyse(text), cfg), repeat)]
    return out


def compare(tree: str, rounds: int, repeat: int, budget: int) -> None:
    """First-run CPU time here and in ``tree``, alternating processes (see the docstring)."""
    runs: dict[str, list[dict]] = {"tree": [], "this": []}
    for _ in range(rounds):
        for who in ("tree", "this"):
            env = dict(os.environ)
            env.pop("GEOCHUNK_BENCH_TREE", None)
            if who == "tree":
                env["GEOCHUNK_BENCH_TREE"] = os.path.abspath(tree)
                env["PYTHONPATH"] = os.path.abspath(tree)
            out = subprocess.run([sys.executable, __file__, "--first-json", "--repeat", str(repeat),
                                  "--budget", str(budget)], env=env, capture_output=True,
                                 text=True, check=True).stdout
            runs[who].append(json.loads(out.strip().splitlines()[-1]))
    print(f"{'document':<18}{'before ms':>10}{'after ms':>10}{'after/before':>13}"
          f"{'x enc before':>13}{'x enc after':>12}")
    xb, xa = [], []
    for name in runs["this"][0]:
        enc = min(r[name][0] for r in runs["tree"] + runs["this"])
        before = min(r[name][1] for r in runs["tree"])
        after = min(r[name][1] for r in runs["this"])
        xb.append(before / enc)
        xa.append(after / enc)
        print(f"{name:<18}{before*1e3:>10.1f}{after*1e3:>10.1f}{after/before:>13.2f}"
              f"{before/enc:>13.2f}{after/enc:>12.2f}")
    print(f"median first run / encode: before {statistics.median(xb):.2f}x, after "
          f"{statistics.median(xa):.2f}x (CPU time, each the least of {rounds} rounds x {repeat}; "
          f"before = {tree}, after = this checkout)")
    g = [min(r["land_use x16"][1] for r in runs[w]) / min(r["land_use_appendix"][1] for r in runs[w])
         for w in ("tree", "this")]
    print(f"16x the appendix: before {g[0]:.1f}x the time, after {g[1]:.1f}x")


def _piece_ranges(text: str, pieces: list[str]) -> list[tuple[int, int]]:
    """Contiguous ``(start, end)`` ranges covering ``text`` with an edge at each piece's start (the
    splitters return stripped strings without offsets; with no overlap they appear in order)."""
    starts, pos = [0], 0
    for piece in pieces:
        at = text.find(piece, pos)
        if at < 0:  # not found verbatim (a splitter rewrote whitespace): no edge from this piece
            continue
        if at > starts[-1]:
            starts.append(at)
        pos = at + len(piece)
    return list(zip(starts, starts[1:] + [len(text)]))


def _starts_ranges(text: str, starts: list[int]) -> list[tuple[int, int]]:
    """Contiguous ranges with an edge at each chunk's start offset (splitters that give offsets)."""
    edges = sorted({0, *(s for s in starts if 0 < s < len(text))})
    return list(zip(edges, edges[1:] + [len(text)]))


def _peers(cfg: ChunkConfig, encode) -> dict[str, Any]:
    """``name -> split(text) -> [(start, end), ...]`` for every peer splitter installed, at the
    budget in the same tiktoken encoding (given in, so nothing downloads), no overlap; a line for
    each peer that is not installed (``pip install -r requirements-bench.txt``)."""
    import warnings

    length = lambda s: len(encode(s))  # noqa: E731
    peers: dict[str, Any] = {}
    missing = []
    try:
        from langchain_text_splitters import RecursiveCharacterTextSplitter

        lc = RecursiveCharacterTextSplitter(chunk_size=cfg.budget, chunk_overlap=0, length_function=length)
        peers["langchain"] = lambda t: _piece_ranges(t, lc.split_text(t))
    except ImportError:
        missing.append("langchain (langchain-text-splitters)")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from llama_index.core.node_parser import SentenceSplitter
        li = SentenceSplitter(chunk_size=cfg.budget, chunk_overlap=0, tokenizer=encode)
        peers["llamaindex"] = lambda t: _piece_ranges(t, li.split_text(t))
    except ImportError:
        missing.append("llamaindex (llama-index-core)")
    counter = get_counter(cfg.encoding)
    enc = counter.tiktoken_encoding
    try:
        from chonkie import RecursiveChunker, TokenChunker

        ct = TokenChunker(tokenizer=enc, chunk_size=cfg.budget, chunk_overlap=0)
        cr = RecursiveChunker(tokenizer=enc, chunk_size=cfg.budget)
        peers["chonkie-token"] = lambda t: _starts_ranges(t, [c.start_index for c in ct.chunk(t)])
        peers["chonkie-recursive"] = lambda t: _starts_ranges(t, [c.start_index for c in cr.chunk(t)])
    except ImportError:
        missing.append("chonkie")
    try:
        import semchunk

        sc = semchunk.chunkerify(length, cfg.budget)
        peers["semchunk"] = lambda t: _starts_ranges(t, [a for a, _ in sc(t, offsets=True)[1]])
    except ImportError:
        missing.append("semchunk")
    try:
        from semantic_text_splitter import TextSplitter

        ts = TextSplitter.from_tiktoken_model("gpt-3.5-turbo" if cfg.encoding == "cl100k_base" else "gpt-4o",
                                              cfg.budget)
        peers["text-splitter"] = lambda t: _starts_ranges(t, [a for a, _ in ts.chunk_indices(t)])
    except ImportError:
        missing.append("text-splitter (semantic-text-splitter)")
    for name in missing:
        print(f"splitters: {name} skipped: not installed (pip install -r requirements-bench.txt)")
    return peers


def _distinct_docs(quick: bool, variants: int) -> list[tuple[str, list[str]]]:
    """``(kind, texts)``: each bundled sample's generator run with ``variants`` seeds of its own
    (full size, distinct bytes): no splitter meets the same text twice, so none is flattered by
    a cache of token counts (semchunk memoizes its counter; repeated copies hit it)."""
    sys.path.insert(0, os.path.dirname(__file__))
    from scale_corpus import variant

    kinds = [s.name for s in list_samples()]
    if quick:
        kinds = [k for k in kinds if k not in ("boundary_40k",)]
    return [(k, [variant(k, f"splitters:{k}:{i}") for i in range(variants)]) for k in kinds]


def splitter_rows(docs: list[tuple[str, list[str]]], cfg: ChunkConfig, encode) -> dict[str, float] | None:
    """Print section 6: every peer splitter installed against geochunk's first run, on distinct
    documents (each text split once by each); return ``kind -> fastest peer's time ÷ geochunk's``
    (``None`` when no peer is installed)."""
    from geochunk.split.baselines import severed

    peers = _peers(cfg, encode)
    if not peers:
        return None
    analyse("POINT (1 2)")  # the process's one-time loads are not a document's
    for split in peers.values():
        split("warm up the splitter: POINT (1 2)\n\nA paragraph.")
    n_var = len(docs[0][1]) if docs else 0
    print(f"\nsplitters, budget {cfg.budget}, {n_var} distinct documents a kind (each split once); "
          "MB/s of CPU time; x gc = their time / geochunk's; sev = geometries severed, all documents")
    print(f"{'document':<20}{'MB':>6}{'geochunk':>10}{'sev':>5}" + "".join(f"{n:>19}{'x gc':>6}{'sev':>5}" for n in peers))
    out = {}
    for kind, texts in docs:
        mb = sum(len(t.encode("utf-8")) for t in texts) / 1e6
        analyses, t_gc, sev_gc = [], 0.0, 0
        for text in texts:
            t = time.process_time()
            a = analyse(text)
            chunks = assemble(a, cfg).chunks
            t_gc += time.process_time() - t
            analyses.append(a)
            sev_gc += len(severed([(c.start, c.end) for c in chunks], a.detection))
        row = f"{kind:<20}{mb:>6.2f}{mb / t_gc:>10.1f}{sev_gc:>5}"
        ratios = []
        for split in peers.values():
            t_peer, sev = 0.0, 0
            for text, a in zip(texts, analyses):
                t = time.process_time()
                ranges = split(text)
                t_peer += time.process_time() - t
                sev += len(severed(ranges, a.detection))
            ratios.append(t_peer / t_gc)
            row += f"{mb / t_peer:>19.1f}{t_peer / t_gc:>6.1f}{sev:>5}"
        out[kind] = min(ratios)
        print(row)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--budget", type=int, default=512)
    ap.add_argument("--memory-copies", type=int, default=70, help="appendix copies for the memory row")
    ap.add_argument("--quick", action="store_true", help="bundled samples only, memory on 8 copies")
    ap.add_argument("--memory-only", action="store_true", help="print only the peak-memory rows (section 3)")
    ap.add_argument("--dense-only", action="store_true",
                    help="print only section 3's dense GeoJSON and long-namespace WFS rows")
    ap.add_argument("--splitters-only", action="store_true",
                    help="print only the structure-aware splitter rows (section 6)")
    ap.add_argument("--memory-child", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--memory-warm", default="", help=argparse.SUPPRESS)
    ap.add_argument("--first-json", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--compare", metavar="TREE", help="first-run CPU time here and in TREE, then stop")
    ap.add_argument("--rounds", type=int, default=3, help="with --compare: rounds per checkout")
    args = ap.parse_args()
    if args.memory_child:
        memory_child(args.memory_child, args.budget, tuple(filter(None, args.memory_warm.split(","))))
        return
    if args.first_json:
        print(json.dumps(first_runs(args.repeat, args.budget)))
        return
    if args.compare:
        compare(args.compare, args.rounds, args.repeat, args.budget)
        return
    if args.memory_only or args.dense_only:
        memory_rows(load_sample("land_use_appendix"), 8 if args.quick else args.memory_copies, args.budget,
                    dense=not args.quick, only_dense=args.dense_only)
        return
    counter = get_counter("cl100k_base")
    enc = counter.tiktoken_encoding
    encode = (lambda t: enc.encode_ordinary(t)) if enc is not None else counter.count
    cfg = ChunkConfig(budget=args.budget)
    if args.splitters_only:
        splitter_rows(_distinct_docs(args.quick, max(2, args.repeat)), cfg, encode)
        return

    t_cmd, t_bare = startup(max(3, args.repeat))
    print(f"tokenizer: {counter.name}; budget {args.budget}; best of {args.repeat}")
    print(f"startup: `geochunk chunk` on a one-line file {t_cmd:.2f} s = {t_cmd / t_bare:.1f}x `python -c pass` "
          f"({t_bare:.2f} s)")

    docs = [(s.name, load_sample(s.name), str(sample_path(s.name))) for s in list_samples()]
    if not args.quick:
        docs.append(("land_use x4", "\n\n".join([load_sample("land_use_appendix")] * 4), None))
        docs.append(("mixed_report x4", "\n\n".join([load_sample("mixed_report")] * 4), None))
    print(f"{'document':<22}{'chars':>9}{'encode ms':>11}{'chunk ms':>10}{'x enc':>7}"
          f"{'rechunk ms':>12}{'% first':>9}{'cli ms':>9}{'x enc':>7}{'chunks':>8}")
    ratios, rechunk_ratios = {}, []
    for name, text, path in docs:
        t_enc = best(lambda: encode(text), args.repeat)
        t_first = best(lambda: assemble(analyse(text), cfg), args.repeat)
        a = analyse(text)
        budgets = iter(range(args.budget + 7, args.budget + 7000, 37))
        t_re = best(lambda: assemble(a, cfg.with_(budget=next(budgets))), args.repeat)
        if path is not None:
            t_cli = best(lambda: cli_main(["chunk", path, "--budget", str(args.budget)], out=io.StringIO()), args.repeat)
            cli = f"{t_cli*1e3:>9.1f}{t_cli/t_enc:>7.2f}"
        else:
            cli = f"{'-':>9}{'-':>7}"
        n = len(assemble(a, cfg).chunks)
        ratios[name] = t_first / t_enc
        rechunk_ratios.append(t_re / t_first)
        print(f"{name:<22}{len(text):>9}{t_enc*1e3:>11.1f}{t_first*1e3:>10.1f}{t_first/t_enc:>7.2f}"
              f"{t_re*1e3:>12.1f}{100*t_re/t_first:>8.1f}%{cli}{n:>8}")
    print(f"median first-run / encode: {statistics.median(ratios.values()):.2f}x; "
          f"median re-chunk / first run: {100*statistics.median(rechunk_ratios):.1f}%")

    base = load_sample("land_use_appendix")
    rows = []
    for k in (1, 4, 16):
        doc = "\n\n".join([base] * k)
        t = _cpu_best(lambda: assemble(analyse(doc), cfg), max(3, args.repeat))
        rows.append((k, len(doc), t))
    t1 = rows[0][2]
    for k, n, t in rows:
        print(f"linearity: {k:>2}x ({n:>9} chars) {t*1e3:9.1f} ms CPU = {t/t1:5.2f}x the 1x time")
    growth = rows[-1][2] / t1

    mem = memory_rows(base, 8 if args.quick else args.memory_copies, args.budget, dense=not args.quick)
    vs = splitter_rows(_distinct_docs(args.quick, max(2, args.repeat)), cfg, encode)

    worst = max(ratios, key=ratios.get)
    print("\nissue #13, measured in this run:")
    print(f"  startup (one-line file)     {t_cmd:.2f} s ({t_cmd / t_bare:.1f}x python -c pass)   target < 1 s")
    print(f"  first run / encode          {min(ratios.values()):.1f}x - {max(ratios.values()):.1f}x "
          f"(worst {worst}; median {statistics.median(ratios.values()):.1f}x)   target <= 2x")
    if vs:
        slow = min(vs, key=vs.get)
        print(f"  vs the peer splitters       geochunk faster on {sum(r > 1 for r in vs.values())}/{len(vs)} documents "
              f"(the fastest peer takes {min(vs.values()):.1f}x - {max(vs.values()):.1f}x geochunk's time; "
              f"furthest behind on {slow})")
    print("  peak memory / input         " + ", ".join(f"{n} {r:.1f}x" for n, _, r in mem) + "   target <= 8x")
    print(f"  16x the document            {growth:.1f}x the time   target <= 17x")


if __name__ == "__main__":
    main()
