"""Old import paths of modules that moved into the stage packages keep working.

``import geochunk.detect`` (or ``from geochunk.packing import ...``) imports the module's new
home and binds it under the old name too: one module object, not a copy. Installed by
``geochunk/__init__.py``; new code imports the new paths.

>>> import importlib
>>> importlib.import_module("geochunk.geometry").__name__
'geochunk.detection.geometry'
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType
from typing import Sequence

#: old module -> its home now (a package's submodules follow it)
MOVED: dict[str, str] = {
    "geochunk.lines": "geochunk.text.lines",
    "geochunk.runs": "geochunk.text.runs",
    "geochunk.textcase": "geochunk.text.textcase",
    "geochunk.memo": "geochunk.text.memo",
    "geochunk.source": "geochunk.read.source",
    "geochunk.listing": "geochunk.read.listing",
    "geochunk.folders": "geochunk.read.folders",
    "geochunk.normalize": "geochunk.read.normalize",
    "geochunk.extract": "geochunk.read.extract",
    "geochunk.detect": "geochunk.detection.scan",
    "geochunk.geometry": "geochunk.detection.geometry",
    "geochunk.parsed": "geochunk.detection.parsed",
    "geochunk.encodings": "geochunk.detection.encodings",
    "geochunk.attributes": "geochunk.context.attributes",
    "geochunk.ids": "geochunk.detection.ids",
    "geochunk.records": "geochunk.context.records",
    "geochunk.features": "geochunk.context.features",
    "geochunk.headings": "geochunk.context.headings",
    "geochunk.fences": "geochunk.context.fences",
    "geochunk.sentences": "geochunk.context.sentences",
    "geochunk.period": "geochunk.context.period",
    "geochunk.units": "geochunk.context.units",
    "geochunk.extent": "geochunk.crs.extent",
    "geochunk.prose": "geochunk.context.prose",
    "geochunk.strategy": "geochunk.split.strategy",
    "geochunk.strategies": "geochunk.split.strategies",
    "geochunk.packing": "geochunk.split.packing",
    "geochunk.chunking": "geochunk.split.chunking",
    "geochunk.overlap": "geochunk.split.overlap",
    "geochunk.blanks": "geochunk.split.blanks",
    "geochunk.rewrap": "geochunk.split.rewrap",
    "geochunk.oversize": "geochunk.split.oversize",
    "geochunk.baselines": "geochunk.split.baselines",
    "geochunk.terminal": "geochunk.text.terminal",
}


def _home(name: str) -> str | None:
    if name in MOVED:
        return MOVED[name]
    head, _, tail = name.rpartition(".")
    while head:
        if head in MOVED:
            return f"{MOVED[head]}.{name[len(head) + 1:]}"
        head, _, tail = head.rpartition(".")
    return None


class _Alias(importlib.abc.Loader):
    def __init__(self, home: str) -> None:
        self.home = home

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(self.home)

    def exec_module(self, module: ModuleType) -> None:  # already run under its own name
        return None


class MovedFinder(importlib.abc.MetaPathFinder):
    """Finds an old module name and answers with the module at its new home."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        home = _home(fullname)
        if home is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(home))


def install() -> None:
    """Put the finder on ``sys.meta_path`` once."""
    if not any(isinstance(f, MovedFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())  # before any path finder: only old names are its
