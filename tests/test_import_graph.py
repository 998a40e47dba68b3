"""The core's modules import each other in one direction only: no import circle, lazy or not.

Every ``import``/``from … import`` of a geochunk module anywhere in a module's source counts,
including those inside functions (a lazy import is still a circle a reader has to walk).
"""

from __future__ import annotations

import ast
from pathlib import Path

import geochunk

ROOT = Path(geochunk.__file__).parent


def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _lazy(name: str, known: dict[str, Path]) -> dict[str, str]:
    """A package's ``_LAZY`` map (public name -> the module that defines it, imported on first
    use with ``importlib``), as full module names; empty for a module without one."""
    path = known.get(name)
    if path is None or path.name != "__init__.py":
        return {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id == "_LAZY" and isinstance(node.value, ast.Dict):
            return {k.value: f"{name}.{v.value}" for k, v in zip(node.value.keys, node.value.values)
                    if isinstance(k, ast.Constant) and isinstance(v, ast.Constant)}
    return {}


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The geochunk modules ``name`` imports: every import statement (at any depth), a name
    taken from a package's ``_LAZY`` map counted as its defining module, and a package's own
    ``_LAZY`` targets (its ``__getattr__`` imports them)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set(_lazy(name, known).values())
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            lazy = _lazy(module, known)
            for alias in node.names:
                full = f"{module}.{alias.name}"
                found.add(full if full in known else lazy.get(alias.name, module))
    return {m for m in found if m in known and m != name}


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1:
                        out.append(sorted(component))
    return out


def test_no_module_of_geochunk_imports_itself_back() -> None:
    known = _modules()
    edges = {name: _imports(name, path, known) for name, path in known.items()}
    assert len(known) > 80 and sum(map(len, edges.values())) > 200  # the walk saw the code
    assert _circles(edges) == []


def test_names_of_a_lazy_package_count_as_their_modules() -> None:
    """``from geochunk.retrieve import open_index`` imports ``geochunk.retrieve.query`` (through
    the package's ``__getattr__``), and ``geochunk`` itself imports what its ``_LAZY`` names."""
    known = _modules()
    assert "geochunk.retrieve.query" in _imports("geochunk.ui.retrieve", known["geochunk.ui.retrieve"], known)
    assert {"geochunk.api", "geochunk.pipeline"} <= _imports("geochunk", known["geochunk"], known)


def test_the_circle_finder_finds_a_lazy_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def _package(module: str) -> str:
    """The part of geochunk a module belongs to: its first-level package (or root module)."""
    return module.split(".")[1] if "." in module else module


def test_no_package_of_geochunk_imports_itself_back() -> None:
    known = _modules()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        for target in _imports(name, path, known):
            a, b = _package(name), _package(target)
            edges.setdefault(a, set())
            edges.setdefault(b, set())
            if a != b and a != "geochunk" and b != "geochunk":
                edges[a].add(b)
    assert {"model", "retrieve", "crs"} <= set(edges)
    assert _circles(edges) == []
