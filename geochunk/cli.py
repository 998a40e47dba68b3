"""The ``geochunk`` command: ``chunk``, ``inspect``, ``validate`` and ``extract`` (plus the
retrieval commands ``index`` and ``query``). PDF, HTML and .docx files are read through
:mod:`geochunk.read.extract`; their chunks carry ``source_pages`` / ``section_path``.

Exit codes: 0 success; 1 a document could not be read or failed validation (the other documents
are still processed), or the output could not be written; 2 bad options; 130 interrupted (Ctrl-C).

>>> main(["chunk", "--budget", "8", "x.txt"], err=sys.stdout)
geochunk: error: budget must be at least 16 tokens, got 8
2
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Iterator, NoReturn, Sequence, TextIO

from geochunk.errors import ConfigError, GeochunkError, InputError
from geochunk.model import (
    DEFAULT_MAX_FEATURES, ENCODINGS, NORMALIZE_FORMS, OVERSIZE_POLICIES, STRATEGIES, UNIT_MODES, ChunkConfig,
)

__all__ = ["main", "run", "build_parser"]


class _Help(argparse.ArgumentDefaultsHelpFormatter):
    """``--help`` shows each option's default once: not for flags and options without one
    (``None``/``False``), nor where the help text already names it.

    >>> parser = argparse.ArgumentParser(formatter_class=_Help)
    >>> _ = parser.add_argument("--budget", type=int, default=800, help="token budget")
    >>> _ = parser.add_argument("--out", default=None, help="output file")
    >>> _ = parser.add_argument("--cap", default=None, help="largest input (default 64M)")
    >>> text = parser.format_help()
    >>> "(default: 800)" in text, text.count("default")
    (True, 2)
    """

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        none = action.default is None or action.default is False or action.default == []
        if none or "default" in text.lower():
            return text
        return super()._get_help_string(action)


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (``geochunk: error: ...``) instead of the usage block."""

    def error(self, message: str) -> "NoReturn":  # type: ignore[override]
        self.exit(2, f"geochunk: error: {message} (see 'geochunk --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for documentation and tests)."""
    from geochunk import __version__

    p = _Parser(
        prog="geochunk",
        description="Geometry-aware chunking: no chunk boundary ever falls inside a geometry.",
        formatter_class=_Help,
    )
    p.add_argument("--version", action="version", version=f"geochunk {__version__}",
                   help="print geochunk's version and exit")
    sub = p.add_subparsers(dest="command", required=True)
    fmt = {"formatter_class": _Help}

    def common(sp: argparse.ArgumentParser, paths: str = "+") -> None:
        sp.add_argument("paths", nargs=paths, metavar="PATH",
                        help="files or folders to read (a folder: every document type geochunk reads); "
                        "'-' reads stdin")
        sp.add_argument("--budget", type=int, default=800, help="token budget per chunk (>= 16)")
        sp.add_argument("--encoding", default="cl100k_base", help=f"one of {', '.join(ENCODINGS)}")
        sp.add_argument("--strategy", default="auto", help=f"one of {', '.join(STRATEGIES)}")
        sp.add_argument("--oversize", default="isolate", help=f"one of {', '.join(OVERSIZE_POLICIES)}")
        sp.add_argument("--tolerance", default=None, help="simplification tolerance in CRS units, or 'auto'")
        sp.add_argument("--max-area-change", type=float, default=None, metavar="SHARE",
                        help="with --oversize generalize: keep the original (flagged) when "
                        "simplifying would change the area by more than SHARE (0.2 = 20%%)")
        sp.add_argument("--overlap", type=int, default=0, help="whole sentences/features repeated")
        sp.add_argument("--rewrap", action="store_true", help="emit FeatureCollection chunks as valid FeatureCollections")
        sp.add_argument("--no-context", action="store_true", help="do not attach captions/attribute blocks to features")
        sp.add_argument("--no-prose-context", action="store_true",
                        help="do not attach the paragraph that introduces a feature to it")
        sp.add_argument("--unit", default="auto", choices=UNIT_MODES,
                        help="feature: one feature (with its context) per chunk; section: chunks "
                        "never cross a heading; auto: pack by the strategy")
        sp.add_argument("--collection", default=None,
                        help="provenance: collection name (default: the document's folder name)")
        sp.add_argument("--version", default=None,
                        help="provenance: version label (default: the first 16 hex digits of doc_sha256)")
        sp.add_argument("--doc-id", default="<stdin>", help="doc_id for '-' (stdin)")
        sp.add_argument("--paragraph-threshold", type=float, default=0.20,
                        help="density below which auto picks paragraph splitting")
        sp.add_argument("--feature-threshold", type=float, default=0.50,
                        help="density above which auto picks feature-atomic packing")
        sp.add_argument("--max-bytes", type=_byte_size, default=None, metavar="N",
                        help="largest input read, files and standard input alike "
                        "(bytes, or with a K/M/G suffix; default 64M)")
        sp.add_argument("--normalize", default="none", choices=NORMALIZE_FORMS,
                        help="Unicode normalisation before chunking; chunk offsets stay in the "
                        "source and each chunk names the form it was given")
        sp.add_argument("--max-features", type=_feature_count, default=DEFAULT_MAX_FEATURES,
                        metavar="N", help="most geometries read from one document "
                        f"(default {DEFAULT_MAX_FEATURES:,}; memory grows per geometry)")
        sp.add_argument("--strict-tokens", action="store_true",
                        help="fail a document whose tokenizer fails part-way, instead of counting "
                        "the rest by the estimate (an upper bound; chunks flagged token_estimate)")

    c = sub.add_parser("chunk", help="chunk documents to JSON Lines (default) or GeoJSON", **fmt)
    common(c)
    c.add_argument("--format", choices=("jsonl", "geojson"), default="jsonl", help="output format")
    c.add_argument("--out", default=None, help="write here instead of stdout")
    c.add_argument("--workers", type=int, default=1, metavar="N",
                   help="chunk on a Dask LocalCluster of N worker processes (output identical to 1; "
                   "see docs/scale.md)")
    c.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="chunk on the running Dask cluster at tcp://HOST:PORT")
    c.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar with counts on stderr (default: when stderr is a terminal)")
    c.add_argument("--report", action=argparse.BooleanOptionalAction, default=None,
                   help="the per-document report (chunked, failed, skipped, with reasons) on stderr "
                   "at the end (default: with --out, --workers or --scheduler)")
    i = sub.add_parser("inspect", help="density, strategy and reason, frames, feature count", **fmt)
    common(i)
    v = sub.add_parser("validate", help="run the validation gates; exit 1 on failure", **fmt,
                       description="Chunk each PATH and run the gates; with --chunks, check stored "
                       "chunks (any tool's JSON Lines) against the PATHs, their sources, without "
                       "chunking; with --index, check a rotating sample of an index's documents. "
                       "See docs/validate.md.")
    common(v, paths="*")
    v.add_argument("--max-fallback-rate", type=_rate, default=None, metavar="R",
                   help="also fail when the share of chunks that need a fallback is over R (0-1)")
    v.add_argument("--chunks", default=None, metavar="FILE.jsonl",
                   help="stored chunks to check against the PATHs (geochunk's chunk schema, or "
                   "text with optional offsets); nothing is chunked again")
    v.add_argument("--index", default=None, metavar="DB",
                   help="check a sample of this index's documents and keep the rates in it")
    v.add_argument("--sample", type=int, default=10, metavar="N",
                   help="with --index: documents per run (the next N in a fixed random rotation)")
    v.add_argument("--max-drift", type=float, default=None, metavar="POINTS",
                   help="with --index: fail when the oversize or fallback rate moved more than "
                   "POINTS percentage points since the last run")
    x = sub.add_parser("extract", help="print the text a PDF, HTML or .docx document becomes", **fmt)
    x.add_argument("paths", nargs="+", metavar="PATH", help="PDF, HTML or .docx files")
    x.add_argument("--json", action="store_true",
                   help="print one JSON object per document: text, pages, sections, notes")
    x.add_argument("--max-bytes", type=_byte_size, default=None, metavar="N",
                   help="largest input read (bytes, or with a K/M/G suffix; default 64M)")
    from geochunk.retrieve.cli import add_subcommands as retrieval_subcommands

    retrieval_subcommands(sub, formatter_class=_Help)  # index, query, status
    return p


def _rate(value: str) -> float:
    """``--max-fallback-rate``: a share between 0 and 1.

    >>> _rate("0.05")
    0.05
    """
    try:
        r = float(value)
    except ValueError:
        r = -1.0
    if not 0.0 <= r <= 1.0:
        raise argparse.ArgumentTypeError(f"--max-fallback-rate takes a share from 0 to 1, got {value!r}")
    return r


def _byte_size(value: str) -> int:
    """``--max-bytes`` values: ``1000000``, ``512K``, ``64M``, ``1G`` (binary multiples).

    >>> _byte_size("64M"), _byte_size("1000")
    (67108864, 1000)
    """
    text = value.strip().upper().removesuffix("IB").removesuffix("B")
    scale = {"K": 1024, "M": 1024**2, "G": 1024**3}.get(text[-1:], 1)
    number = text[:-1] if scale > 1 else text
    if not number.isdigit() or int(number) * scale < 1:
        raise argparse.ArgumentTypeError(
            f"--max-bytes takes a positive number of bytes (e.g. 1000000, 512K, 64M), got {value!r}"
        )
    return int(number) * scale


def _feature_count(value: str) -> int:
    """``--max-features`` values: a positive whole number (``500000`` or ``500_000``).

    >>> _feature_count("500_000")
    500000
    """
    text = value.strip().replace("_", "").replace(",", "")
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(
            f"--max-features takes a positive whole number of geometries, got {value!r}"
        )
    return int(text)


def _config(args: argparse.Namespace, doc_id: str) -> ChunkConfig:
    return ChunkConfig(
        budget=args.budget,
        encoding=args.encoding,
        strategy=args.strategy,
        oversize=args.oversize,
        tolerance=args.tolerance,
        overlap=args.overlap,
        rewrap=args.rewrap,
        attach_context=not args.no_context,
        attach_prose=not args.no_prose_context,
        unit=args.unit,
        collection=args.collection,
        version=args.version,
        paragraph_threshold=args.paragraph_threshold,
        feature_threshold=args.feature_threshold,
        doc_id=doc_id,
        max_area_change=args.max_area_change,
        max_features=args.max_features,
        normalize=args.normalize,
        strict_tokens=args.strict_tokens,
    )


def _read(path: str, max_bytes: int | None) -> str:
    from geochunk.read.source import DEFAULT_MAX_BYTES, read_document, read_stream

    limit = DEFAULT_MAX_BYTES if max_bytes is None else max_bytes
    if path == "-":  # the same cap as files: `geochunk chunk - < /dev/zero` stops at the limit
        return read_stream(sys.stdin.buffer, max_bytes=limit, name="<stdin>")
    return read_document(path, max_bytes=limit)


def _read_any(path: str, max_bytes: int | None) -> tuple[str, Any]:
    """``(text, extracted)``: a PDF/HTML/.docx file through :mod:`geochunk.read.extract` (its
    :class:`~geochunk.read.extract.Extracted` second), any other path or ``-`` as UTF-8 text."""
    from geochunk.read.extract import read_any

    if path == "-":
        return _read(path, max_bytes), None
    return read_any(path, max_bytes=max_bytes)


def _paths(paths: Sequence[str], err: TextIO, skipped: list[tuple[str, str]] | None = None) -> Iterator[str]:
    """The paths as given, a folder expanded to its documents (the one list of document types,
    :mod:`geochunk.read.listing`); each file left out of a folder is one line on ``err`` (and a
    ``(path, why)`` pair in ``skipped``, when given)."""
    from geochunk.read.listing import list_documents

    for path in paths:
        if path == "-" or not os.path.isdir(path):
            yield path
            continue
        listing = list_documents([path])
        for left, why in listing.skipped:
            print(f"geochunk: skipped {left}: {why}", file=err)
            if skipped is not None:
                skipped.append((left, why))
        yield from (f.given for f in listing.files)


def _documents(args: argparse.Namespace, err: TextIO) -> Iterator[tuple[str, str, Any]]:
    for path in _paths(args.paths, err):
        doc_id = args.doc_id if path == "-" else path
        try:
            text, extracted = _read_any(path, args.max_bytes)
        except InputError as e:
            print(f"geochunk: {e}", file=err)
            args._failed = True
            continue
        yield doc_id, text, extracted


def _chunk_sets(args: argparse.Namespace, err: TextIO) -> Iterator[tuple[str, str, Any]]:
    """``(doc_id, text, chunk_set)`` for every readable document; errors go to ``err``."""
    from geochunk.batch import chunk_one

    for doc_id, text, extracted in _documents(args, err):
        chunk_set, messages, why = chunk_one(doc_id, text, extracted, _config(args, doc_id))
        for line in messages:
            print(line, file=err)
        if chunk_set is None:
            args._failed = True
            continue
        yield doc_id, text, chunk_set


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the command line; returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    from geochunk.retrieve.cli import join_negative_values

    argv = join_negative_values(list(sys.argv[1:] if argv is None else argv))
    if argv[:1] == ["--version"]:  # the program's version (``index --version`` is a corpus label)
        from geochunk import __version__

        print(f"geochunk {__version__}", file=out)
        return 0
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse already printed the message
        return int(e.code or 0)
    if args.command in ("index", "query", "status"):
        from geochunk.retrieve.cli import main_for

        return main_for(args.command, args, out, err)
    if args.command == "extract":
        return _extract(args, out, err)
    args._failed = False
    args._argv = tuple(argv)
    try:
        _config(args, "check")
    except ConfigError as e:
        print(f"geochunk: error: {e}", file=err)
        return 2

    if args.command == "chunk":
        return _chunk(args, out, err)
    if args.command == "validate" and (args.chunks or args.index):
        return _validate_stored(args, out, err)
    if not args.paths:
        print(f"geochunk: error: {args.command} needs at least one PATH (see 'geochunk --help')", file=err)
        return 2

    sets = []
    for doc_id, text, cs in _chunk_sets(args, err):
        sets.append(cs)
        if args.command == "inspect":
            for line in describe(cs):
                print(line, file=out)
        else:
            from geochunk.gates import validate

            # a normalised analysis's spans are in the normalised text: the gates find them
            # again in the document as read, where the chunks' offsets point
            detection = cs.analysis.detection if cs.analysis.source is None else None
            report = validate(text, cs.chunks, budget=args.budget, detection=detection,
                              max_fallback_rate=args.max_fallback_rate, encoding=args.encoding)
            print(f"{doc_id}: {'PASS' if report.passed else 'FAIL'}", file=out)
            for line in report.lines():
                print(f"  {line}", file=out)
            if not report.passed:
                args._failed = True
    if len(sets) > 1:
        print(corpus_line(sets), file=out)
    return 1 if args._failed else 0


def _extract(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``geochunk extract``: the text each document becomes (or ``--json``), notes on stderr."""
    from geochunk.export import json_text
    from geochunk.read.extract import extract

    failed = False
    for path in args.paths:
        try:
            ex = extract(path, max_bytes=args.max_bytes)
        except InputError as e:
            print(f"geochunk: {e}", file=err)
            failed = True
            continue
        for note in ex.notes:
            print(f"geochunk: {path}: {note}", file=err)
        if args.json:
            out.write(json_text({
                "path": path, "kind": ex.kind, "text": ex.text,
                "pages": [{"start": s, "end": e, "page": p} for s, e, p in ex.pages],
                "sections": [{"start": s, "end": e, "path": list(p)} for s, e, p in ex.sections],
                "notes": list(ex.notes),
            }) + "\n")
        else:
            out.write(ex.text if ex.text.endswith("\n") else ex.text + "\n")
    return 1 if failed else 0


def _validate_stored(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``validate --chunks FILE SOURCE...`` and ``validate --index DB --sample N``."""
    from geochunk.gates import validate
    from geochunk.tokens.counting import get_counter

    counter = get_counter(args.encoding)
    if args.index:
        from geochunk.gates.sample import sample_index
        from geochunk.retrieve.store import StoreError, connect, read_meta

        try:
            con = connect(args.index)
            read_meta(con)
        except StoreError as e:
            print(f"geochunk: error: {e}", file=err)
            return 2
        try:
            argv = getattr(args, "_argv", ())
            given = any(a == "--budget" or a.startswith("--budget=") for a in argv)
            named = any(a == "--encoding" or a.startswith("--encoding=") for a in argv)
            report = sample_index(con, sample=args.sample, counter=counter if named else None,
                                  budget=args.budget if given else None, max_drift=args.max_drift)
        except GeochunkError as e:
            print(f"geochunk: error: {e}", file=err)
            return 2
        finally:
            con.close()
        for line in report.lines():
            print(line, file=out)
        return 0 if report.passed else 1
    from geochunk.gates.stored import read_records, records_for, stored_chunks

    if not args.paths:
        print("geochunk: error: --chunks needs the SOURCE files the chunks were made from", file=err)
        return 2
    try:
        records = read_records(args.chunks)
    except InputError as e:
        print(f"geochunk: {e}", file=err)
        return 1
    failed = False
    claimed = 0
    for doc_id, text, _ in _documents(args, err):
        mine = records_for(records, doc_id, args.paths)
        claimed += len(mine)
        try:
            chunks = stored_chunks(mine, text, doc_id, counter)
        except (InputError, ValueError, TypeError) as e:
            print(f"geochunk: {doc_id}: {e}", file=err)
            failed = True
            continue
        names = {c.tokenizer for c in chunks}
        report = validate(text, chunks, budget=args.budget, max_fallback_rate=args.max_fallback_rate,
                          encoding=counter if names == {counter.name} else None)
        print(f"{doc_id}: {'PASS' if report.passed else 'FAIL'} ({len(chunks)} stored chunks)", file=out)
        for line in report.lines():
            print(f"  {line}", file=out)
        failed = failed or not report.passed
    if claimed < len(records):
        print(f"geochunk: {len(records) - claimed} of {len(records)} stored chunks name none of the sources",
              file=err)
        failed = True
    return 1 if failed or args._failed else 0


def _shares(shares: dict[str, float]) -> str:
    return ", ".join(f"{u} {v:.1%}" for u, v in shares.items())


def corpus_line(sets: Sequence[Any]) -> str:
    """One summary line over several documents: unit shares, fallback share, whole-document
    fallback rate (documents that came out as one over-budget chunk).

    >>> from geochunk import chunk_text, ChunkConfig
    >>> corpus_line([chunk_text("POINT (1 2)", ChunkConfig(budget=16))] * 2)
    'corpus:     2 documents, 2 chunks; units feature 0.0%, section 0.0%, document 100.0%; needs_fallback 0.0%; whole-document fallback 0.0% of documents'
    """
    chunks = [c for cs in sets for c in cs.chunks]
    n = len(chunks)
    shares = {u: (sum(c.unit == u for c in chunks) / n if n else 0.0) for u in ("feature", "section", "document")}
    fb = sum(c.needs_fallback for c in chunks) / n if n else 0.0
    docs = sum(cs.document_fallback for cs in sets) / len(sets) if sets else 0.0
    return (f"corpus:     {len(sets)} documents, {n} chunks; units {_shares(shares)}; "
            f"needs_fallback {fb:.1%}; whole-document fallback {docs:.1%} of documents")


def _chunk(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``geochunk chunk``: JSON Lines or GeoJSON to stdout or, through :class:`_Output`, a file;
    in this process or on Dask workers (:mod:`geochunk.batch`: the same output, in order)."""
    from geochunk.batch import CorpusReport, chunk_corpus
    from geochunk.export import json_text, to_geojson

    if args.workers < 1:
        print(f"geochunk: error: --workers must be at least 1, got {args.workers}", file=err)
        return 2
    if args.scheduler is not None:
        from geochunk.retrieve.parallel import scheduler_address

        try:
            scheduler_address(args.scheduler)
        except ConfigError as e:
            print(f"geochunk: error: {e}", file=err)
            return 2
    target = None
    if args.out:
        try:
            target = _Output(args.out, [p for p in args.paths if p != "-"])
            sink = target.open()
        except _OutputError as e:
            print(f"geochunk: error: {e}", file=err)
            return 2
    else:
        sink = out
    skipped: list[tuple[str, str]] = []
    items: list[tuple[str, str | None, str | None]] = []
    failed: list[tuple[str, str]] = []
    chunked: list[str] = []
    n_chunks = 0
    for path in _paths(args.paths, err, skipped):
        if path != "-":
            items.append((path, path, None))
            continue
        try:
            items.append((args.doc_id, None, _read(path, args.max_bytes)))
        except InputError as e:
            print(f"geochunk: {e}", file=err)
            failed.append((args.doc_id, str(e)))
            args._failed = True
    parallel = args.workers > 1 or bool(args.scheduler)
    tty = bool(getattr(err, "isatty", lambda: False)())
    show = args.progress if args.progress is not None else tty
    say = lambda line: print(line, file=err)  # noqa: E731
    progress, outcome, close = None, None, lambda: None
    if show and items:
        from geochunk.retrieve.cli import _progress_bar

        progress, outcome, close, say = _progress_bar(err, desc="chunking", kinds=("chunked", "failed"),
                                                      with_write=True)
    try:
        collected = []
        for res in chunk_corpus(items, _config(args, "check"), workers=args.workers,
                                scheduler=args.scheduler, max_bytes=args.max_bytes,
                                as_lines=args.format == "jsonl",
                                progress=progress, outcome=outcome):
            for line in res.messages:
                say(line)
            if res.status != "chunked":
                failed.append((res.doc_id, res.reason or "failed"))
                args._failed = True
                continue
            chunked.append(res.doc_id)
            if args.format == "jsonl":
                n_chunks += len(res.lines)
                for line in res.lines:
                    sink.write(line + "\n")
            else:
                n_chunks += len(res.chunks)
                collected.extend(res.chunks)
        close()
        if args.format == "geojson":
            sink.write(json_text(to_geojson(collected)) + "\n")
        if target:
            target.commit()
    except GeochunkError as e:  # a scheduler that cannot be reached: one line, nothing written
        close()
        if isinstance(e, ConfigError):
            print(f"geochunk: error: {e}", file=err)
            return 2
        print(f"geochunk: {e}", file=err)
        return 1
    except OSError as e:
        close()
        if target is None:
            raise  # stdout: BrokenPipeError is handled by run()
        kept = ("the output is incomplete" if target.direct
                else "the existing file is unchanged" if target.mode is not None else "nothing was written")
        print(f"geochunk: error: cannot write --out {args.out!r}: {e.strerror or e}; {kept}", file=err)
        return 1
    finally:
        close()
        if target:
            target.discard()
    report = args.report if args.report is not None else bool(args.out) or parallel
    if report:
        for line in CorpusReport(tuple(chunked), n_chunks, tuple(failed), tuple(skipped)).lines():
            print(line, file=err)
    return 1 if args._failed else 0


class _OutputError(Exception):
    pass


class _Output:
    """``--out``: written to a temporary file in the same folder and renamed over the target at
    the end, so a failed or interrupted run never leaves a truncated file (nor truncates an
    input); a path that is not a regular file (``/dev/null``, a pipe) is written directly."""

    def __init__(self, path: str, inputs: Sequence[str]) -> None:
        self.path = path
        self.final = os.path.realpath(path)  # through a symlink: replace its target, not the link
        self.tmp: str | None = None
        self.fh: Any = None
        folder = os.path.dirname(os.path.abspath(path))
        try:
            info: os.stat_result | None = os.stat(path)
        except FileNotFoundError:
            info = None
        except OSError as e:
            raise _OutputError(f"--out {path!r} cannot be used: {e.strerror or e}") from None
        if info is None and not os.path.isdir(folder):
            raise _OutputError(f"--out {path!r}: the folder {folder} does not exist; create it first")
        if info is not None and os.path.isdir(path):
            raise _OutputError(f"--out {path!r} is a folder; give a file name inside it")
        for p in inputs:
            try:
                same = info is not None and os.path.samefile(path, p)
            except OSError:
                same = False
            if same:
                raise _OutputError(
                    f"--out {path!r} is one of the input files; writing it would destroy the input. "
                    "Choose another output path"
                )
        self.direct = info is not None and not os.path.isfile(path)
        self.mode = info.st_mode & 0o7777 if info is not None and not self.direct else None

    def open(self) -> TextIO:
        import tempfile

        try:
            if self.direct:
                self.fh = open(self.path, "w", encoding="utf-8", newline="\n")
            else:
                folder, name = os.path.split(self.final)
                fd, self.tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
                if self.mode is not None:
                    os.chmod(self.tmp, self.mode)
                else:  # as a plain open() would have made it
                    umask = os.umask(0)
                    os.umask(umask)
                    os.chmod(self.tmp, 0o666 & ~umask)
                self.fh = open(fd, "w", encoding="utf-8", newline="\n")
        except OSError as e:
            self.discard()
            raise _OutputError(f"cannot write --out {self.path!r}: {e.strerror or e}") from None
        return self.fh

    def commit(self) -> None:
        self.fh.flush()
        if self.tmp is not None:
            os.fsync(self.fh.fileno())
        self.fh.close()
        if self.tmp is not None:
            os.replace(self.tmp, self.final)
            self.tmp = None

    def discard(self) -> None:
        """Close and remove the temporary file, if it is still there (a failed run)."""
        if self.fh is not None and not self.fh.closed:
            try:
                self.fh.close()
            except OSError:
                pass
        if self.tmp is not None:
            try:
                os.unlink(self.tmp)
            except OSError:
                pass
            self.tmp = None


def describe(cs: Any) -> list[str]:
    """Human-readable lines for ``geochunk inspect``."""
    a = cs.analysis
    problems = a.detection.problems
    lines = [
        f"document:   {a.doc_id}",
        f"characters: {len(a.text)}",
        f"tokens:     {a.total_tokens} ({a.tokenizer}{', ESTIMATED' if a.estimated else ''})",
        f"features:   {len(a.detection.spans)} geometry spans"
        + (f", {len(problems)} unparseable/unclosed" if problems else ""),
        f"density:    {a.density:.1%} of tokens inside geometry spans",
        f"strategy:   {cs.strategy} — {cs.reason}",
        f"chunks:     {len(cs.chunks)} at budget {cs.config.budget}, "
        f"oversize rate {cs.oversize_rate:.1%}, needs_fallback {cs.fallback_rate:.1%}, "
        f"flagged {len(cs.flagged)}",
        f"units:      {_shares(cs.unit_shares)} (--unit {cs.config.unit})"
        + ("; whole-document fallback" if cs.document_fallback else ""),
    ]
    structure = [f"{len(a.heading_list)} headings"]
    if a.fences:
        infos = sorted({f.info or "bare" for f in a.fences})
        what = "fenced block" if len(a.fences) == 1 else "fenced blocks"
        structure.append(f"{len(a.fences)} {what} ({', '.join(infos[:6])}{', ...' if len(infos) > 6 else ''})")
    if a.source is not None:
        structure.append(f"text normalised to {a.source.form}")
    lines.append(f"structure:  {'; '.join(structure)}")
    frames = a.frames.describe()
    head = frames[0].removeprefix("frames:").strip() if frames else "none"
    lines.append(f"frames:     {head}")
    lines.extend(f"  {x}" for x in frames[1:])
    for s in problems:
        lines.append(f"problem:    {s.status} {s.geom_type or 'geometry'} at {s.start}-{s.end}: {s.error}")
    return lines


def run() -> None:
    """Console-script entry point: ``main`` with a quiet exit when stdout's reader leaves, and
    one line and exit code 130 on Ctrl-C."""
    for stream in (sys.stdout, sys.stderr):  # a lone surrogate in a path never crashes a print
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:  # `geochunk chunk doc.md | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 0
    except KeyboardInterrupt:
        print("geochunk: interrupted", file=sys.stderr)
        code = 130
    except OSError as e:  # stdout on a full disk (`> /dev/full`), a closed descriptor, ...
        if e.filename is not None:  # a file that could not be opened or written: name it
            from geochunk.text.terminal import shown

            print(f"geochunk: cannot use {shown(e.filename)}: {e.strerror or e}", file=sys.stderr)
            raise SystemExit(1) from None
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        print(f"geochunk: cannot write to standard output: {e.strerror or e}; the output is incomplete",
              file=sys.stderr)
        code = 1
    raise SystemExit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
