"""Root pytest configuration: what doctest collection must not import."""

from pathlib import Path as _Path

collect_ignore = ["geochunk/__main__.py", "app.py", "pages", "benchmarks"]
collect_ignore_glob = ["tools/samples/make_samples.py"]

# the framework adapters import LangChain / LlamaIndex (llama_index.core ~4 s): every xdist worker
# would pay that at collection. tests/test_integrations.py runs their >>> examples instead.
collect_ignore += ["geochunk/integrations/langchain.py", "geochunk/integrations/llamaindex.py"]

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
