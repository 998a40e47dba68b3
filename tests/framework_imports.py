"""Import optional frameworks when a test file's first test runs, not at collection.

Every xdist worker collects every file, and ``llama_index.core`` alone is ~4 s of import, so the
integration tests bind the names they use from a module-scoped fixture instead of at the top.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest


def bind(namespace: dict[str, Any], needs: tuple[str, ...], **names: str) -> None:
    """Skip unless every module in ``needs`` imports; then set ``namespace[alias]`` to each
    ``"module:attribute"`` of ``names``."""
    for module in needs:
        pytest.importorskip(module)
    for alias, target in names.items():
        module, _, attribute = target.partition(":")
        namespace[alias] = getattr(importlib.import_module(module), attribute)
