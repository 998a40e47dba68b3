"""ARCHITECTURE.md's tree names every module of the stage packages (and every root module), so
that reading it is reading ``ls geochunk/*/``; the stage pages of the guide name each of them."""

from __future__ import annotations

import re
from pathlib import Path

import geochunk

ROOT = Path(geochunk.__file__).parent
STAGES = ("text", "read", "tokens", "crs", "detection", "context", "split")


def _tree() -> dict[str, set[str]]:
    """Words of each line group of the tree block: ``"crs"`` -> its entry's words; ``""`` -> the
    root lines'."""
    text = (ROOT.parent / "ARCHITECTURE.md").read_text(encoding="utf-8")
    block = text.split("## The tree", 1)[1].split("```", 2)[1]
    out: dict[str, set[str]] = {"": set()}
    current = ""
    for line in block.splitlines()[2:]:
        head = re.match(r"  (\w+)/", line)
        if head:
            current = head.group(1)
        elif not line.startswith("    ") and line.strip():
            current = ""
        out.setdefault(current, set()).update(re.findall(r"[\w.]+", line.replace("/", " ")))
    return out


def test_the_tree_names_every_module_of_the_stage_packages_and_the_root() -> None:
    tree = _tree()
    missing = []
    for stage in STAGES:
        assert stage in tree, stage
        for path in sorted((ROOT / stage).iterdir()):
            name = path.stem
            if name.startswith("_") or path.suffix not in (".py", "") or (path.is_dir() and not (path / "__init__.py").exists()):
                continue
            if name not in tree[stage]:
                missing.append(f"{stage}/{path.name}")
    for path in sorted(ROOT.glob("*.py")):
        if path.name not in tree[""]:
            missing.append(path.name)
    for path in sorted(p for p in ROOT.iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        if path.name not in tree:
            missing.append(f"{path.name}/")
    assert missing == []


def test_every_module_of_the_stage_packages_is_on_a_stage_page() -> None:
    """A reader of docs/stages/ alone finds each stage's modules: each is named there by its
    path (``geochunk/crs/zones.py``) or, in a package's list, as a name in backticks."""
    pages = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT.parent / "docs" / "stages").glob("*.md")))
    missing = []
    for stage in STAGES:
        for path in sorted((ROOT / stage).iterdir()):
            name = path.stem
            if name.startswith("_") or (path.suffix != ".py" and not (path / "__init__.py").exists()):
                continue
            if f"geochunk/{stage}/{name}" not in pages and f"`{name}`" not in pages:
                missing.append(f"{stage}/{path.name}")
    assert missing == []
