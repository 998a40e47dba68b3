"""Root pytest configuration: what doctest collection must not import."""

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
