"""Root pytest configuration: what doctest collection must not import."""

from pathlib import Path as _Path

collect_ignore = ["geochunk/__main__.py", "app.py", "pages", "benchmarks"]
collect_ignore_glob = ["tools/samples/make_samples.py"]

# the framework adapters are optional extras: their doctests need the framework installed
import importlib.util as _util  # noqa: E402

for _module, _package in (("langchain", "langchain_text_splitters"), ("llamaindex", "llama_index.core")):
    try:
        _missing = _util.find_spec(_package) is None
    except ModuleNotFoundError:
        _missing = True
    if _missing:
        collect_ignore.append(f"geochunk/integrations/{_module}.py")


_ROOT = _Path(__file__).resolve().parent
_DOCTEST_DIRS = (_ROOT / "geochunk", _ROOT / "tools")


def pytest_ignore_collect(collection_path, config):
    """A module of the package without a single ``>>>`` has no doctest to collect: do not
    import it for nothing (``retrieve/_warmplugin.py`` alone pulls in ``distributed``, ~1.4 s
    of every xdist worker's collection). Package ``__init__`` files are left to pytest."""
    path = _Path(collection_path)
    if path.suffix != ".py" or path.name == "__init__.py" or not path.is_file():
        return None
    if not any(d in path.parents for d in _DOCTEST_DIRS):
        return None
    if b">>>" in path.read_bytes():
        return None
    return True
