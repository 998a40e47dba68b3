"""Write the bundled sample documents (seeded: byte-identical output on every run).

Run ``python -m tools.samples.make_samples`` from the repository root to regenerate the files
in ``geochunk/samples/`` (the installed package carries the files, not this generator), or
``--out DIR`` to write them elsewhere. Only the standard library's ``random.Random`` (one per
file, seeded with a string, so ``PYTHONHASHSEED`` does not matter) and shapely (to check that
every generated geometry is valid) are used; coordinates are printed with fixed decimals.
``tests/test_samples.py`` checks that regenerating gives the bundled files byte for byte.

>>> docs = build_all()
>>> list(docs) == list(FILENAMES)
True
>>> docs["land_use_appendix.md"].count("### Parcel LU-") == PARCEL_COUNT
True
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable, Sequence

from . import _encodings
from ._boundary import BOUNDARY_VERTICES, DISTRICT_PART_VERTICES, build_boundary_40k
from ._common import SEED
from ._geojson import GEOJSON_FEATURE_COUNT, XSS_PROBE, build_parcels_geojson
from ._land_use import PARCEL_COUNT, build_land_use_appendix
from ._malformed import build_malformed
from ._reports import build_mixed_report, build_sparse_prose
from ._sql import SQL_INSERT_COUNT, build_sql_dump

__all__ = [
    "SEED",
    "SAMPLES_DIR",
    "FILENAMES",
    "PARCEL_COUNT",
    "GEOJSON_FEATURE_COUNT",
    "BOUNDARY_VERTICES",
    "DISTRICT_PART_VERTICES",
    "SQL_INSERT_COUNT",
    "XSS_PROBE",
    "build_all",
    "write_samples",
    "main",
]

#: Where the committed samples live: the ``geochunk.samples`` package of this repository.
SAMPLES_DIR: Path = Path(__file__).resolve().parents[2] / "geochunk" / "samples"

_BUILDERS: dict[str, Callable[[], str]] = {
    "land_use_appendix.md": build_land_use_appendix,
    "parcels.geojson": build_parcels_geojson,
    "mixed_report.md": build_mixed_report,
    "boundary_40k.txt": build_boundary_40k,
    "sparse_prose.txt": build_sparse_prose,
    "sql_dump.sql": build_sql_dump,
    "malformed.txt": build_malformed,
    "postgis_copy.sql": _encodings.build_postgis_copy,
    "wfs_getfeature.gml": _encodings.build_wfs_getfeature,
    "placemarks.kml": _encodings.build_placemarks_kml,
    "encodings_report.md": _encodings.build_encodings_report,
}

#: The file names written, in build order.
FILENAMES: tuple[str, ...] = tuple(_BUILDERS)


def build_all() -> dict[str, str]:
    """Every sample's text keyed by file name, in :data:`FILENAMES` order (nothing written)."""
    return {name: build() for name, build in _BUILDERS.items()}


def write_samples(out_dir: str | Path | None = None) -> list[Path]:
    """Write every sample as UTF-8 bytes (no newline translation); return the paths written.

    ``out_dir`` defaults to :data:`SAMPLES_DIR`, where the committed samples live.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in write_samples(d)] == list(FILENAMES)
    True
    """
    target = Path(out_dir) if out_dir is not None else SAMPLES_DIR
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in build_all().items():
        path = target / name
        path.write_bytes(text.encode("utf-8"))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tools.samples.make_samples [--out DIR]``; prints each file's size."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.samples.make_samples",
        description="Regenerate geochunk's bundled sample documents (deterministic).",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="directory to write to (default: geochunk/samples in this repository)",
    )
    args = parser.parse_args(argv)
    for path in write_samples(args.out):
        print(f"{path.stat().st_size:>11,d}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
