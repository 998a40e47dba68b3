"""The ``geochunk`` command: ``chunk``, ``inspect`` and ``validate``.

Exit codes: 0 success; 1 a document could not be read or failed validation (the other documents
are still processed); 2 bad options.

>>> main(["chunk", "--budget", "8", "x.txt"], err=sys.stdout)
geochunk: error: budget must be at least 16 tokens, got 8
2
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Iterator, NoReturn, Sequence, TextIO

from .errors import ConfigError, GeochunkError, InputError
from .model import ENCODINGS, OVERSIZE_POLICIES, STRATEGIES, ChunkConfig

__all__ = ["main", "run", "build_parser"]


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (``geochunk: error: ...``) instead of the usage block."""

    def error(self, message: str) -> "NoReturn":  # type: ignore[override]
        self.exit(2, f"geochunk: error: {message} (see 'geochunk --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for documentation and tests)."""
    p = _Parser(
        prog="geochunk",
        description="Geometry-aware chunking: no chunk boundary ever falls inside a geometry.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    sub = p.add_subparsers(dest="command", required=True)
    fmt = {"formatter_class": argparse.ArgumentDefaultsHelpFormatter}

    def common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("paths", nargs="+", metavar="PATH", help="files to read; '-' reads stdin")
        sp.add_argument("--budget", type=int, default=800, help="token budget per chunk (>= 16)")
        sp.add_argument("--encoding", default="cl100k_base", help=f"one of {', '.join(ENCODINGS)}")
        sp.add_argument("--strategy", default="auto", help=f"one of {', '.join(STRATEGIES)}")
        sp.add_argument("--oversize", default="isolate", help=f"one of {', '.join(OVERSIZE_POLICIES)}")
        sp.add_argument("--tolerance", default=None, help="simplification tolerance in CRS units, or 'auto'")
        sp.add_argument("--overlap", type=int, default=0, help="whole sentences/features repeated")
        sp.add_argument("--rewrap", action="store_true", help="emit FeatureCollection chunks as valid FeatureCollections")
        sp.add_argument("--no-context", action="store_true", help="do not attach captions/attribute blocks to features")
        sp.add_argument("--doc-id", default="<stdin>", help="doc_id for '-' (stdin)")
        sp.add_argument("--paragraph-threshold", type=float, default=0.20,
                        help="density below which auto picks paragraph splitting")
        sp.add_argument("--feature-threshold", type=float, default=0.50,
                        help="density above which auto picks feature-atomic packing")

    c = sub.add_parser("chunk", help="chunk documents to JSON Lines (default) or GeoJSON", **fmt)
    common(c)
    c.add_argument("--format", choices=("jsonl", "geojson"), default="jsonl")
    c.add_argument("--out", default=None, help="write here instead of stdout")
    i = sub.add_parser("inspect", help="density, strategy and reason, frames, feature count", **fmt)
    common(i)
    v = sub.add_parser("validate", help="run the validation gates; exit 1 on failure", **fmt)
    common(v)
    return p


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
        paragraph_threshold=args.paragraph_threshold,
        feature_threshold=args.feature_threshold,
        doc_id=doc_id,
    )


def _read(path: str) -> str:
    from .source import read_document

    if path == "-":
        return read_document(sys.stdin.buffer.read(), name="<stdin>")
    return read_document(path)


def _documents(args: argparse.Namespace, err: TextIO) -> Iterator[tuple[str, str]]:
    for path in args.paths:
        doc_id = args.doc_id if path == "-" else path
        try:
            yield doc_id, _read(path)
        except InputError as e:
            print(f"geochunk: {e}", file=err)
            args._failed = True


def _chunk_sets(args: argparse.Namespace, err: TextIO) -> Iterator[tuple[str, str, Any]]:
    """``(doc_id, text, chunk_set)`` for every readable document; errors go to ``err``."""
    from . import pipeline

    for doc_id, text in _documents(args, err):
        try:
            yield doc_id, text, pipeline.chunk_text(text, _config(args, doc_id))
        except GeochunkError as e:
            print(f"geochunk: {doc_id}: {e}", file=err)
            args._failed = True


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the command line; returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse already printed the message
        return int(e.code or 0)
    args._failed = False
    try:
        _config(args, "check")
    except ConfigError as e:
        print(f"geochunk: error: {e}", file=err)
        return 2

    if args.command == "chunk":
        sink = open(args.out, "w", encoding="utf-8", newline="\n") if args.out else out
        try:
            collected = []
            for _, _, cs in _chunk_sets(args, err):
                if args.format == "jsonl":
                    from .export import to_jsonl

                    for line in to_jsonl(cs.chunks):
                        sink.write(line + "\n")
                else:
                    collected.extend(cs.chunks)
            if args.format == "geojson":
                from .export import to_geojson

                json.dump(to_geojson(collected), sink, ensure_ascii=False)
                sink.write("\n")
        finally:
            if args.out:
                sink.close()
        return 1 if args._failed else 0

    for doc_id, text, cs in _chunk_sets(args, err):
        if args.command == "inspect":
            for line in describe(cs):
                print(line, file=out)
        else:
            from .validate import validate

            report = validate(text, cs.chunks, budget=args.budget, detection=cs.analysis.detection)
            print(f"{doc_id}: {'PASS' if report.passed else 'FAIL'}", file=out)
            for line in report.lines():
                print(f"  {line}", file=out)
            if not report.passed:
                args._failed = True
    return 1 if args._failed else 0


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
        f"oversize rate {cs.oversize_rate:.1%}, flagged {len(cs.flagged)}",
    ]
    frames = a.frames.describe()
    head = frames[0].removeprefix("frames:").strip() if frames else "none"
    lines.append(f"frames:     {head}")
    lines.extend(f"  {x}" for x in frames[1:])
    for s in problems:
        lines.append(f"problem:    {s.status} {s.geom_type or 'geometry'} at {s.start}-{s.end}: {s.error}")
    return lines


def run() -> None:
    """Console-script entry point: ``main`` with a quiet exit when stdout's reader leaves."""
    import os

    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:  # `geochunk chunk doc.md | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 0
    raise SystemExit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
