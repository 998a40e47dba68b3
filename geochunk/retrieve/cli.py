"""``geochunk index``, ``geochunk query`` and ``geochunk status``: registered on the main parser
by :mod:`geochunk.cli`.

Exit codes: 0 ok; 1 the build or query failed, or the index cannot be read (one clear line on
stderr); 2 bad options; 3 (``status``) a threshold was crossed.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence, TextIO

from geochunk.errors import GeochunkError
from geochunk.text.terminal import shown
from geochunk.retrieve.embed import EMBEDDERS
from geochunk.retrieve.fuse import DECAYS

__all__ = ["add_subcommands", "join_negative_values", "run_index", "run_query", "run_status", "format_result"]


def add_subcommands(sub: Any, formatter_class: Any = argparse.ArgumentDefaultsHelpFormatter) -> None:
    """Add ``index`` and ``query`` to an argparse sub-parser collection (``--help`` shows defaults)."""
    from geochunk.model import ENCODINGS

    fmt = {"formatter_class": formatter_class}
    ix = sub.add_parser("index", help="build or update a retrieval index (one DuckDB file)", **fmt)
    ix.add_argument("paths", nargs="+", metavar="PATH", help="documents or folders (folders: every document type geochunk reads)")
    ix.add_argument("--db", required=True, help="the index file, e.g. corpus.duckdb")
    ix.add_argument("--collection", required=True, help="collection name for these documents")
    ix.add_argument("--version", default=None,
                    help="corpus version label (default: the stored one, else 1; a new label re-chunks)")
    ix.add_argument("--licence", default=None,
                    help="licence of the collection: an SPDX expression (MIT OR Apache-2.0, CC-BY-NC-4.0) "
                    "or words; read as allowed / excluded (no AI, no reuse, all rights reserved, "
                    "non-commercial: never searched) / unknown (default: the stored one, else unspecified)")
    ix.add_argument("--period", default=None,
                    help="period covered, START/END (ISO, '..' open; default: the stored one, else open)")
    ix.add_argument("--resolution", type=float, default=None,
                    help="declared resolution, metres (default: the stored one, else none)")
    ix.add_argument("--embedder", default="static", help=f"one of {', '.join(EMBEDDERS)}")
    ix.add_argument("--budget", type=int, default=512, help="chunk token budget (>= 16)")
    ix.add_argument("--encoding", default="cl100k_base",
                    help=f"tokenizer: one of {', '.join(ENCODINGS)}, or a tokenizer.json path")
    ix.add_argument("--root", default=None,
                    help="documents are identified by their path under this folder (default: the "
                    "one the index recorded, else the deepest folder holding every PATH)")
    ix.add_argument("--doc-id", default=None, help="identity of the one document given (instead of its path)")
    ix.add_argument("--keep-going", action=argparse.BooleanOptionalAction, default=None,
                    help="report a failing document and index the rest (default: on when a folder is given)")
    ix.add_argument("--prune", action="store_true",
                    help="remove the collection's documents whose file no longer exists")
    ix.add_argument("--workers", type=int, default=1, help="Dask LocalCluster worker processes")
    ix.add_argument("--scheduler", default=None, help="address of a running Dask scheduler (tcp://...)")
    ix.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                    help="progress bar with counts on stderr (default: when stderr is a terminal)")

    q = sub.add_parser("query", help="ask an index: by place and meaning", **fmt)
    q.add_argument("question")
    q.add_argument("--db", required=True, help="the index file")
    where = q.add_mutually_exclusive_group(required=False)  # none of them: search everywhere
    where.add_argument("--bbox", help="w,s,e,n (WGS 84 degrees unless --crs)")
    where.add_argument("--near", help="lon,lat (WGS 84), with --radius")
    where.add_argument("--feature", help="a feature id in the index")
    q.add_argument("--crs", type=int, default=None, help="EPSG code of --bbox (default: 4326, WGS 84 degrees)")
    q.add_argument("--radius", type=float, default=None, help="metres (required with --near)")
    q.add_argument("--k", type=int, default=10, help="results to return")
    q.add_argument("--period", default=None,
                   help="START/END: only collections overlapping it, then only chunks whose own period "
                   "overlaps it (chunks stating none stay)")
    fine = q.add_mutually_exclusive_group()
    fine.add_argument("--max-resolution-m", type=float, default=None, metavar="M",
                      help="the finest detail the question needs, metres: a collection declaring a coarser "
                      "resolution is searched with the caveat 'coarser than the question needs'")
    fine.add_argument("--scale", default=None, metavar="1:N",
                      help="the question's map scale (1:10000 needs 5 m: 0.5 mm on the map), instead of "
                      "--max-resolution-m")
    q.add_argument("--collection", action="append", default=[], help="only these collections (repeat)")
    q.add_argument("--include-no-extent", action="store_true", help="also search chunks with no extent")
    q.add_argument("--decay", default="exponential", help=f"one of {', '.join(DECAYS)}")
    q.add_argument("--half-life", type=float, default=None, help="metres (default: half the region radius)")
    q.add_argument("--proximity-weight", type=float, default=1.0,
                   help="weight of the distance ranking in the fusion (the text rankings weigh 0..1 each; 0 = none)")
    q.add_argument("--measurement-confidence", type=float, default=0.8,
                   help="least confidence of an unflagged frame whose distances count as measured "
                   "(below it: no distance, no proximity)")
    q.add_argument("--descriptive-confidence", type=float, default=0.1,
                   help="below this frame confidence nothing may be claimed about where")
    q.add_argument("--context", action="store_true",
                   help="print the answer context: the top results as a cited, caveated block for an LLM")
    q.add_argument("--context-budget", type=int, default=2048, help="tokens the --context block may use")
    q.add_argument("--context-encoding", default="cl100k_base",
                   help="tokenizer the --context budget is counted in (cl100k_base, o200k_base or a tokenizer.json path)")
    q.add_argument("--json", action="store_true", help="JSON for programs")

    st = sub.add_parser("status", help="an index's age, catalog, recall history and build rates; "
                        "exit 3 when a threshold is crossed (for cron or CI)", **fmt)
    st.add_argument("--db", required=True, help="the index file")
    st.add_argument("--max-index-age", default=None, metavar="AGE",
                    help="fail when the last build is older (seconds, or 90m, 36h, 7d, 2w)")
    st.add_argument("--max-catalog-age", default=None, metavar="AGE",
                    help="fail when a collection's catalog row was refreshed longer ago")
    st.add_argument("--max-recall-drop", type=float, default=None, metavar="SHARE",
                    help="fail when the last build's recall@10 at some selectivity is more than this "
                    "(0-1) below the best earlier build's")
    st.add_argument("--max-rejection-rate", type=float, default=None, metavar="SHARE",
                    help="fail when the last build refused more than this share (0-1) of its documents")
    st.add_argument("--builds", type=int, default=5, help="how many of the last builds to show")
    st.add_argument("--json", action="store_true", help="JSON for programs")


_COORD_OPTIONS = ("--bbox", "--near")


def join_negative_values(argv: list[str]) -> list[str]:
    """``--near -3.19,55.95`` -> ``--near=-3.19,55.95`` (argparse reads a leading '-' as an option).

    >>> join_negative_values(["query", "q", "--near", "-3.2,55.9", "--radius", "500"])
    ['query', 'q', '--near=-3.2,55.9', '--radius', '500']
    """
    out: list[str] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in _COORD_OPTIONS and i + 1 < len(argv) and argv[i + 1][:2].startswith("-") and argv[i + 1][1:2].isdigit():
            out.append(f"{a}={argv[i + 1]}")
            i += 2
            continue
        out.append(a)
        i += 1
    return out


def _progress_bar(err: TextIO, *, desc: str = "indexing",
                  kinds: Sequence[str] = ("indexed", "unchanged", "failed"), with_write: bool = False) -> Any:
    """``(progress, outcome, close)`` callbacks drawing a tqdm bar with the counts so far (of
    each status in ``kinds``); with ``with_write`` a fourth, ``write(line)``, printing a line
    above the bar."""
    from tqdm import tqdm

    bar: dict[str, Any] = {}
    counts: dict[str, int] = {}

    def outcome(doc_id: str, status: str) -> None:
        counts[status] = counts.get(status, 0) + 1

    def update(done: int, total: int, label: str) -> None:
        if "b" not in bar:
            bar["b"] = tqdm(total=total, unit="doc", file=err, desc=desc, leave=True)
        b = bar["b"]
        tally = ", ".join(f"{counts[k]} {k}" for k in kinds if counts.get(k))
        b.set_postfix_str(f"{tally}; {label[-30:]}" if tally else label[-40:], refresh=False)
        b.update(done - b.n)
        if done >= total:
            b.close()

    def close() -> None:
        if "b" in bar:
            bar["b"].close()

    def write(line: str) -> None:
        if "b" in bar and not bar["b"].disable:
            bar["b"].write(line, file=err)
        else:
            print(line, file=err)

    return (update, outcome, close, write) if with_write else (update, outcome, close)


def _report(e: GeochunkError, err: TextIO) -> int:
    """One line on ``err``; exit 2 for bad options (ConfigError), 1 for a failed build or query."""
    from geochunk.errors import ConfigError

    if isinstance(e, ConfigError):
        print(f"geochunk: error: {shown(e)}", file=err)
        return 2
    print(f"geochunk: {shown(e)}", file=err)
    return 1


def text_option(value: str | None, what: str) -> str | None:
    """A command-line value that must be text: one that is not valid UTF-8 (Python hands such
    bytes over as lone surrogates) is a one-line ConfigError showing it escaped.

    >>> text_option("pond", "the question")
    'pond'
    >>> text_option(b"\\xffpond".decode("utf-8", "surrogateescape"), "the question")
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: the question is not valid UTF-8 text: '\\udcffpond'
    """
    from geochunk.errors import ConfigError

    if value is None:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ConfigError(f"{what} is not valid UTF-8 text: '{shown(value)}'") from None
    return value


def run_index(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``geochunk index``: the build report on ``out``; exit 1 when any document failed."""
    from geochunk.model import ChunkConfig
    from geochunk.retrieve.build import build_index

    show = args.progress if args.progress is not None else bool(getattr(err, "isatty", lambda: False)())
    progress, outcome, close = _progress_bar(err) if show else (None, None, lambda: None)
    try:
        for value, what in ((args.collection, "--collection"), (args.version, "--version"),
                            (args.licence, "--licence"), (args.period, "--period")):
            text_option(value, what)
        report = build_index(
            args.paths, args.db, collection=args.collection, version=args.version,
            embedder=args.embedder, licence=args.licence, period=args.period,
            resolution_m=args.resolution, config=ChunkConfig(budget=args.budget, encoding=args.encoding),
            workers=args.workers, scheduler=args.scheduler, progress=progress, outcome=outcome,
            root=args.root, doc_id=args.doc_id, keep_going=args.keep_going, prune=args.prune,
        )
    except GeochunkError as e:
        close()
        return _report(e, err)
    except OSError as e:  # a read-only folder, a full disk: what failed, not "standard output"
        close()
        where = f" ({shown(e.filename)})" if e.filename else ""
        print(f"geochunk: cannot write the index {shown(args.db)}: {e.strerror or e}{where}", file=err)
        return 1
    close()
    for line in report.lines():  # names from outside (collection, files) printed escaped
        print(shown(line), file=out)
    if args.licence is not None:  # what queries will make of it (geochunk/retrieve/licence.py)
        from geochunk.retrieve.licence import read_licence

        v = read_licence(args.licence)
        then = {"excluded": "queries will not search this collection", "unknown": "searched with a caveat",
                "allowed": "searched"}[v.status]
        print(shown(f"licence:    {args.licence}: {v.status} ({v.reason}); {then}"), file=out)
    if not report.ok:
        print(f"geochunk: {len(report.failed)} document(s) failed (listed above); the others were indexed",
              file=err)
        return 1
    return 0


def _bbox_region(text: str, crs: int | None) -> Any:
    """The ``--bbox`` region. Numbers that cannot be degrees with no ``--crs`` given are one line
    that says so and asks for the frame (before: a 36-line pyproj traceback)."""
    from geochunk.errors import ConfigError
    from geochunk.retrieve.region import Region, parse_floats

    w, s, e, n = parse_floats(text, 4, "bbox")
    try:
        return Region.from_bbox(w, s, e, n, epsg=4326 if crs is None else crs)
    except ConfigError as err:
        degrees = all(abs(x) <= 180 for x in (w, e)) and all(abs(y) <= 90 for y in (s, n))
        if crs is not None or degrees:
            raise
        raise ConfigError(f"{err}: the numbers look projected (metres?); give their frame with "
                          "--crs EPSG (e.g. --crs 27700 for British National Grid)") from None


def run_query(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from geochunk.errors import ConfigError
    from geochunk.retrieve.claims import ClaimPolicy
    from geochunk.retrieve.catalog import scale_resolution
    from geochunk.retrieve.query import open_index, query_index, resolve_feature
    from geochunk.retrieve.region import Region, parse_floats

    try:
        text_option(args.question, "the question")
        text_option(args.feature, "--feature")
        text_option(args.period, "--period")
        for name in args.collection:
            text_option(name, "--collection")
    except GeochunkError as e:
        return _report(e, err)
    try:
        ix = open_index(args.db)
    except GeochunkError as e:
        print(f"geochunk: {shown(e)}", file=err)
        return 1
    try:
        if args.bbox:
            region = _bbox_region(args.bbox, args.crs)
        elif args.near:
            if args.radius is None:
                raise ConfigError("--near needs --radius (metres)")
            lon, lat = parse_floats(args.near, 2, "near")
            region = Region.near(lon, lat, args.radius)
        elif args.feature is not None:
            region = resolve_feature(ix, args.feature, args.radius or 0.0)
        else:  # no region: every chunk, no distance
            region = None
        res = query_index(
            ix, args.question, region, k=args.k, period=args.period, collections=args.collection,
            include_no_extent=args.include_no_extent, decay=args.decay, half_life_m=args.half_life,
            proximity_weight=args.proximity_weight,
            claims=ClaimPolicy(measurement_at=args.measurement_confidence,
                               descriptive_at=args.descriptive_confidence),
            max_resolution_m=args.max_resolution_m if args.scale is None else scale_resolution(args.scale),
        )
        if args.context:
            from geochunk.retrieve.answer import answer_context

            ctx = answer_context(res, budget=args.context_budget, encoding=args.context_encoding)
    except GeochunkError as e:
        return _report(e, err)
    finally:
        ix.close()
    if args.context:
        if args.json:
            json.dump(ctx.to_dict(), out, ensure_ascii=False, default=str)
            out.write("\n")
        else:
            out.write(ctx.text())
        return 0
    if args.json:
        json.dump(res.to_dict(), out, ensure_ascii=False, default=str)
        out.write("\n")
    else:
        for line in format_result(res):
            print(line, file=out)
    return 0


def _num(v: float | None, fmt: str) -> str:
    return "-" if v is None else format(v, fmt)


def format_result(res: Any) -> list[str]:
    """The terminal table: region, shortlist, staleness, then one line per result. Every string
    that came from outside (collection, version, chunk and document ids, the region's
    description, reasons) is passed through :func:`geochunk.text.terminal.shown`: a name holding
    ESC, CR or a newline is printed escaped and cannot forge a row."""
    st = res.staleness
    where = ("everywhere (no region: no distance, no proximity)" if res.region is None else
             f"{shown(res.region.description)} (anchor {res.region.anchor[0]:.5f},{res.region.anchor[1]:.5f})")
    lines = [
        f"region:     {where}",
        f"searched:   {res.searched} chunks ({res.in_region} in the region; "
        + (f"no-extent lane searched: {res.no_extent_lane} of {res.no_extent_total})" if res.no_extent_searched
           else f"{res.no_extent_total} without extent skipped)"),
        f"model:      {shown(res.model_id)}; decay {res.decay}, half-life {res.half_life_m:.0f} m",
        f"staleness:  index {st.index_age_s:.0f} s old, catalog refreshed {st.catalog_refresh_age_s:.0f} s ago, "
        f"versions {', '.join(f'{shown(k)}={shown(v)}' for k, v in st.corpus_versions.items())}",
        *([f"fusion:     lexical {res.fusion['lexical']:g}, dense {res.fusion['dense']:g} "
           f"({shown(res.fusion['reason'])})"] if res.fusion else []),
        "collections:",
    ]
    for s in res.shortlist:
        lines.append(f"  {'+' if s.included else '-'} {shown(s.collection)}: score {s.score:g}; {shown(s.reason)}")
        for c in getattr(s, "caveats", ()):
            lines.append(f"      caveat: {shown(c)}")
    head = f"{'#':>2} {'final':>6} {'sem':>6} {'dense#':>6} {'bm25#':>5} {'dist#':>5} {'kind':>4} {'fused':>7} {'dist_m':>9} {'prox':>5}  frame{'':<12} collection  chunk"
    lines.append(head)
    for r in res.rows:
        frame = "-" if r.epsg is None else f"EPSG:{r.epsg} {r.frame_confidence:.2f}"
        if r.frame_flagged:
            frame += " FLAG"
        lines.append(
            f"{r.rank:>2} {r.final:6.3f} {r.semantic:6.3f} {_num(r.dense_rank, 'd'):>6} {_num(r.bm25_rank, 'd'):>5} "
            f"{_num(r.distance_rank, 'd'):>5} {_num(r.kind_rank, 'd'):>4} {r.fused:7.4f} "
            f"{_num(r.distance_m, '9.0f'):>9} {r.proximity:5.2f}  {frame:<17} "
            f"{shown(r.collection)}@{shown(r.corpus_version)}  {shown(r.chunk_id)}"
            + ("  [no extent]" if r.lane == "no-extent" else "")
            + (f"  [{_pages(r.source_pages)}]" if r.source_pages else "")
            + (f"  [{shown(' > '.join(r.section_path))}]" if r.section_path else "")
            + ("".join(f"  [{shown(f)} also in {shown(c)}]" for f, c in r.also_in))
        )
    if not res.rows:
        lines.append("   (no results in the region)")
    return lines


def _pages(pages: Sequence[int]) -> str:
    """``p. 14`` or ``pp. 14-15`` (a chunk's pages are consecutive).

    >>> _pages((14,)), _pages((14, 15, 16))
    ('p. 14', 'pp. 14-16')
    """
    return f"p. {pages[0]}" if len(pages) == 1 else f"pp. {pages[0]}-{pages[-1]}"


def run_status(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``geochunk status``: the report on ``out``; exit 3 when a threshold is crossed."""
    from geochunk.retrieve.status import EXIT_THRESHOLD, index_status, parse_age

    try:
        status = index_status(
            args.db,
            max_index_age_s=None if args.max_index_age is None else parse_age(args.max_index_age),
            max_catalog_age_s=None if args.max_catalog_age is None else parse_age(args.max_catalog_age),
            max_recall_drop=args.max_recall_drop, max_rejection_rate=args.max_rejection_rate,
            last_builds=args.builds,
        )
    except GeochunkError as e:
        return _report(e, err)
    if args.json:
        json.dump(status.to_dict(), out, ensure_ascii=False, default=str)
        out.write("\n")
    else:
        for line in status.lines():
            print(line, file=out)
    if not status.ok:
        crossed = [c.name for c in status.checks if c.crossed]
        print(f"geochunk: {shown(args.db)}: threshold crossed: {', '.join(crossed)}", file=err)
        return EXIT_THRESHOLD
    return 0


def main_for(command: str, args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Dispatch for :mod:`geochunk.cli`."""
    out = out or sys.stdout
    err = err or sys.stderr
    if command == "status":
        return run_status(args, out, err)
    return run_index(args, out, err) if command == "index" else run_query(args, out, err)
