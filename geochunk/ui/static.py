"""Serve Leaflet from the app's own ``static/`` folder (no CDN needed).

Streamlit serves ``<app dir>/static/`` at ``/app/static/`` when ``server.enableStaticServing``
is on (see ``.streamlit/config.toml``). At start-up the app copies Leaflet's JS, CSS and images
from the installed ``xstatic-leaflet`` package into ``static/vendor/leaflet/`` (gitignored).

>>> sorted(LEAFLET_FILES)
['leaflet.css', 'leaflet.js']
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from geochunk.errors import GeochunkError

__all__ = [
    "LEAFLET_FILES", "VENDOR_SUBDIR", "leaflet_source_dir", "copy_assets", "ensure_leaflet_assets",
]

LEAFLET_FILES: tuple[str, ...] = ("leaflet.js", "leaflet.css")
VENDOR_SUBDIR = Path("static") / "vendor" / "leaflet"
OUTLINE_FILES: tuple[str, ...] = ("world_outlines.json",)
OUTLINES_SUBDIR = Path("static") / "vendor" / "geochunk"  # served at OUTLINES_URL


def leaflet_source_dir() -> Path:
    """The installed Leaflet distribution (``xstatic/pkg/leaflet/data``)."""
    try:
        import xstatic.pkg.leaflet as xleaflet
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise GeochunkError(
            "xstatic-leaflet is not installed (pip install xstatic-leaflet); "
            "without it the map needs the CDN option"
        ) from exc
    return Path(xleaflet.BASE_DIR)


def _copy(src: Path, dst: Path) -> None:
    """Copy atomically unless ``dst`` already has the same size (several sessions may race)."""
    if dst.is_file() and dst.stat().st_size == src.stat().st_size:
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=dst.parent, prefix=f".{dst.name}.")
    os.close(fd)
    try:
        shutil.copyfile(src, tmp)
        os.replace(tmp, dst)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def ensure_leaflet_assets(app_dir: str | os.PathLike[str]) -> Path:
    """Copy leaflet.js, leaflet.css and images/ into ``<app_dir>/static/vendor/leaflet``, and
    the map's country outlines (``geochunk/view/data``) into ``static/vendor/geochunk``.

    Cheap when already done (a few ``stat`` calls). Returns the Leaflet folder.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     out = ensure_leaflet_assets(d)
    ...     sorted(p.name for p in out.iterdir())
    ['images', 'leaflet.css', 'leaflet.js']
    """
    data = Path(__file__).resolve().parents[1] / "view" / "data"
    copy_assets(data, OUTLINE_FILES, Path(app_dir) / OUTLINES_SUBDIR)
    return copy_assets(leaflet_source_dir(), LEAFLET_FILES, Path(app_dir) / VENDOR_SUBDIR)


def copy_assets(src: Path, names: tuple[str, ...], dest: Path) -> Path:
    """Copy the files ``names`` and every file of ``images/`` from ``src`` into ``dest`` (each
    atomically, skipped when already there); returns ``dest``."""
    for name in names:
        _copy(src / name, dest / name)
    images = src / "images"
    if images.is_dir():
        for img in images.iterdir():
            if img.is_file():
                _copy(img, dest / "images" / img.name)
    return dest
