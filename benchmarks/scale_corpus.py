"""A corpus of N distinct documents of mixed kinds for the scale benchmark (issue #33).

    python benchmarks/scale_corpus.py --docs 10000 --out /tmp/scale_corpus

Each generated document is one of the bundled samples' seeded generators (``tools/samples``)
run with a seed of its own and smaller feature counts drawn from that seed (a corpus of many
small and a few large files, as a folder of survey reports, exports and notes is); the
land-use appendix's grid also moves by a seeded offset. The real files under
``tests/real_data`` (written by others; PDF, HTML, .docx, GML, KML, GeoJSON, text) are added
once each (at most a tenth of the corpus: a small corpus takes a spread of them). No two documents have the same digest (checked: a duplicate is a generator bug and
stops the run), so no cache of an earlier document flatters the build.

Kinds and shares (of the generated documents): field-trip notes 22%, the encodings report
18%, KML placemarks 14%, WFS GML 10%, SQL inserts 8%, malformed text 8%, the flood survey 6%,
PostGIS COPY 5%, GeoJSON parcels 5%, land-use appendices 3%, and one 40k-vertex boundary in
2,000.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

REAL_DATA = ROOT / "tests" / "real_data"

#: (file name of the sample, share of the generated documents, {module: {constant: (lo, hi)}})
KINDS: tuple[tuple[str, float, dict[str, dict[str, tuple[int, int]]]], ...] = (
    ("sparse_prose.txt", 22, {}),
    ("encodings_report.md", 18, {}),
    ("placemarks.kml", 14, {"_encodings": {"KML_PLACEMARKS": (4, 14)}}),
    ("wfs_getfeature.gml", 10, {"_encodings": {"WFS_FEATURES": (3, 12)}}),
    ("sql_dump.sql", 8, {"_sql": {"SQL_INSERT_COUNT": (8, 30)}}),
    ("malformed.txt", 8, {}),
    ("mixed_report.md", 6, {}),
    ("postgis_copy.sql", 5, {"_encodings": {"COPY_PARCELS": (10, 30), "COPY_POINTS": (3, 8)}}),
    ("parcels.geojson", 5, {"_geojson": {"GEOJSON_FEATURE_COUNT": (8, 24)}}),
    ("land_use_appendix.md", 3, {"_land_use": {"PARCEL_COUNT": (12, 40)}}),
    ("boundary_40k.txt", 0.05, {}),
)


@dataclass(frozen=True)
class CorpusInfo:
    """What :func:`write_corpus` wrote: the files (in order), bytes, documents per kind, seconds."""

    files: tuple[Path, ...]
    bytes: int
    kinds: dict[str, int]
    seconds: float


@contextlib.contextmanager
def _seeded(seed: str, counts: dict[str, dict[str, int]], offset: tuple[float, float]) -> Iterator[None]:
    """The sample generators with ``seed``, feature ``counts`` and the land-use grid moved by
    ``offset`` metres; everything is put back afterwards (the bundled samples stay as they are)."""
    from tools.samples import _common, _land_use

    modules = {name: sys.modules[f"tools.samples.{name}"] for name in counts}
    saved: list[tuple[Any, str, Any]] = [(_common, "SEED", _common.SEED),
                                         (_land_use, "_E0", _land_use._E0), (_land_use, "_N0", _land_use._N0)]
    for name, values in counts.items():
        for const in values:
            saved.append((modules[name], const, getattr(modules[name], const)))
    try:
        _common.SEED = seed  # type: ignore[assignment]
        _land_use._E0 += offset[0]
        _land_use._N0 += offset[1]
        for name, values in counts.items():
            for const, value in values.items():
                setattr(modules[name], const, value)
        yield
    finally:
        for module, const, value in saved:
            setattr(module, const, value)


def _plan(n: int, seed: int) -> list[str]:
    """The kind of each of ``n`` generated documents (seeded, shares as in :data:`KINDS`)."""
    rng = random.Random(f"scale-corpus:{seed}")
    names = [k[0] for k in KINDS]
    weights = [k[1] for k in KINDS]
    return rng.choices(names, weights=weights, k=n)


def generated(n: int, seed: int = 33) -> Iterator[tuple[str, str]]:
    """``(file name, text)`` for ``n`` generated documents, each from its own seed."""
    from tools.samples import make_samples  # noqa: F401 - imports every generator module

    builders = make_samples._BUILDERS
    specs = {k[0]: k[2] for k in KINDS}
    for i, kind in enumerate(_plan(n, seed)):
        rng = random.Random(f"scale-doc:{seed}:{i}")
        counts = {mod: {c: rng.randint(lo, hi) for c, (lo, hi) in consts.items()}
                  for mod, consts in specs[kind].items()}
        offset = (rng.randrange(-20, 21) * 100.0, rng.randrange(-20, 21) * 100.0)
        with _seeded(f"scale:{seed}:{i}", counts, offset):
            text = builders[kind]()
        stem, ext = kind.rsplit(".", 1)
        yield f"{stem}/{stem}_{i:05d}.{ext}", text


def variant(kind: str, seed: str) -> str:
    """One bundled sample's generator (``kind``: its name, with or without the extension) run
    with ``seed`` at its full size: the same kind of document, distinct bytes.

    >>> variant("malformed", "a") != variant("malformed", "b")
    True
    """
    from tools.samples import make_samples

    name = next(n for n in make_samples._BUILDERS if n == kind or n.rsplit(".", 1)[0] == kind)
    with _seeded(seed, {}, (0.0, 0.0)):
        return make_samples._BUILDERS[name]()


def real_files() -> list[Path]:
    """The real documents under ``tests/real_data`` that geochunk reads, each once."""
    from geochunk.read.listing import list_documents

    listing = list_documents([str(REAL_DATA)])
    return [Path(f.canonical) for f in listing.files]


def write_corpus(out: Path, n_docs: int, *, seed: int = 33, with_real: bool = True) -> CorpusInfo:
    """Write ``n_docs`` distinct documents under ``out`` (real files first, under ``real/``: at
    most a tenth of the corpus, all of them from ten times their number up; then generated
    ones to make up the number); raises ``RuntimeError`` on a repeated digest."""
    t0 = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    seen: dict[str, str] = {}
    files: list[Path] = []
    kinds: dict[str, int] = {}
    total = 0

    def put(rel: str, data: bytes, kind: str) -> None:
        nonlocal total
        digest = hashlib.sha256(data).hexdigest()
        if digest in seen:
            raise RuntimeError(f"{rel} has the same bytes as {seen[digest]}: the corpus must be distinct")
        seen[digest] = rel
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        files.append(path)
        kinds[kind] = kinds.get(kind, 0) + 1
        total += len(data)

    if with_real:
        real = real_files()
        # at most a tenth of the corpus (all of them from 10 x their number up), spread over the list
        n_real = min(len(real), max(1, n_docs // 10))
        for src in [real[i * len(real) // n_real] for i in range(n_real)]:
            data = src.read_bytes()
            if hashlib.sha256(data).hexdigest() in seen:  # the same file shipped by two packages
                continue
            put(f"real/{src.relative_to(REAL_DATA).as_posix()}", data, "real file")
    from geochunk.read.source import document_digest

    texts: dict[str, str] = {}
    for rel, text in generated(n_docs - len(files), seed):
        digest = document_digest(text)  # the index's identity of a text, not only its bytes
        if digest in texts:
            raise RuntimeError(f"{rel} has the same document digest as {texts[digest]}")
        texts[digest] = rel
        put(rel, text.encode("utf-8"), rel.split("/", 1)[0])
    return CorpusInfo(tuple(files), total, dict(sorted(kinds.items(), key=lambda kv: -kv[1])),
                      time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=int, default=10_000)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=33)
    args = ap.parse_args()
    info = write_corpus(args.out, args.docs, seed=args.seed)
    print(f"{len(info.files)} documents, {info.bytes / 1e6:.1f} MB in {info.seconds:.1f} s -> {args.out}")
    for kind, n in info.kinds.items():
        print(f"  {kind:<22}{n:>6}")


if __name__ == "__main__":
    main()
