"""Are the chunks byte-identical to another checkout's? For speed work, whose invariant is
"same chunks, same ids, same flags, faster".

Run: python benchmarks/chunk_digests.py --compare TREE [SAMPLE ...]

Each checkout runs in its own process (``PYTHONPATH`` = the checkout) and digests, for every
bundled sample (or the ones named) and the land-use appendix twice over (duplicate ids), the
whole ``ChunkSet`` at 42 configurations: budgets 64/256/512/2048 x overlap 0/1/2, and at
budgets 128 and 512 the units, oversize policies (generalize with a fixed and an ``auto``
tolerance, split), rewrap (with and without overlap), no context, no prose, and each strategy.
A digest covers every chunk's ``to_dict()`` (text, offsets, token count, features and ids,
boxes, frame, flags, context, period, provenance), the strategy and its reason and what each
chunk draws; the analysis (features, units, periods, boundaries, headings) is digested too.
Prints the keys that differ; exit status 1 if any does. About 30 s per checkout.
``--ignore FIELD`` (repeatable) leaves a chunk field out of the digests on both sides (a new
field that one checkout lacks: compare the rest).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from typing import Any, Iterator

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def configs() -> Iterator[dict[str, Any]]:
    for budget in (64, 256, 512, 2048):
        for overlap in (0, 1, 2):
            yield {"budget": budget, "overlap": overlap}
    for budget in (128, 512):
        yield {"budget": budget, "unit": "feature"}
        yield {"budget": budget, "unit": "section", "overlap": 1}
        yield {"budget": budget, "oversize": "generalize"}
        yield {"budget": budget, "oversize": "generalize", "tolerance": "auto"}
        yield {"budget": budget, "oversize": "split"}
        yield {"budget": budget, "rewrap": True}
        yield {"budget": budget, "rewrap": True, "overlap": 1}
        yield {"budget": budget, "attach_context": False}
        yield {"budget": budget, "attach_prose": False}
        yield {"budget": budget, "strategy": "paragraph"}
        yield {"budget": budget, "strategy": "mixed"}
        yield {"budget": budget, "strategy": "feature", "overlap": 1}


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _plain(value: Any) -> Any:
    """Boundaries as their offsets per level (every offset, whatever the integer dtype: the
    repr of an array shows only its ends, and its dtype unless int64)."""
    by_level = getattr(value, "by_level", None)
    if by_level is None:
        return value
    return tuple(a.tolist() for a in by_level), value.length


def _chunk_dict(c: Any, ignore: tuple[str, ...]) -> dict[str, Any]:
    d = c.to_dict()
    for name in ignore:
        d.pop(name, None)
    return d


def digests(names: list[str], ignore: tuple[str, ...] = ()) -> dict[str, str]:
    """``"sample/config" -> sha256`` for this process's geochunk."""
    from geochunk.model import ChunkConfig
    from geochunk.pipeline import analyse, assemble
    from geochunk.samples import list_samples, load_sample

    names = names or [s.name for s in list_samples()] + ["land_use_appendix_x2"]
    out: dict[str, str] = {}
    for name in names:
        text = load_sample("land_use_appendix") * 2 if name == "land_use_appendix_x2" else load_sample(name)
        a = analyse(text)
        for kw in configs():
            try:
                cfg = ChunkConfig(**kw)
            except (TypeError, ValueError) as e:  # an older checkout without the option
                out[f"{name}/{json.dumps(kw, sort_keys=True)}"] = f"refused: {type(e).__name__}"
                continue
            cs = assemble(a, cfg)
            blob = json.dumps({
                "chunks": [_chunk_dict(c, ignore) for c in cs.chunks], "strategy": cs.strategy, "reason": cs.reason,
                "geoms": [[repr(g) for g in gs] for gs in cs.geometries],
            }, default=repr)  # ensure_ascii: lone surrogates are escaped, never an error
            out[f"{name}/{json.dumps(kw, sort_keys=True)}"] = _sha(blob)
        fields = ("features", "units", "periods", "boundaries", "headings", "geometry_tokens")
        out[f"{name}/analysis"] = _sha(repr(tuple(_plain(getattr(a, f, None)) for f in fields)))
    return out


def run_in(tree: str, names: list[str], ignore: tuple[str, ...] = ()) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": tree}
    flags = [x for name in ignore for x in ("--ignore", name)]
    proc = subprocess.run([sys.executable, __file__, "--child", *flags, *names], env=env, cwd=tree,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"digests failed in {tree}:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", metavar="TREE", help="the other checkout (its package is imported from there)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--ignore", action="append", default=[], metavar="FIELD",
                    help="leave this chunk field out of the digests (repeatable)")
    ap.add_argument("samples", nargs="*")
    args = ap.parse_args(argv)
    ignore = tuple(args.ignore)
    if args.child:
        print(json.dumps(digests(args.samples, ignore)))
        return 0
    if not args.compare:
        ap.error("--compare TREE is required")
    here = run_in(ROOT, args.samples, ignore)
    there = run_in(os.path.abspath(args.compare), args.samples, ignore)
    differ = sorted(k for k in here.keys() | there.keys() if here.get(k) != there.get(k))
    print(f"{len(here)} digests; {len(differ)} differ from {args.compare}")
    for key in differ:
        print("  differs:", key)
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
