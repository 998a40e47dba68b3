"""Root pytest configuration: what doctest collection must not import."""

collect_ignore = ["geochunk/__main__.py", "app.py", "pages", "benchmarks"]
collect_ignore_glob = ["geochunk/samples/make_samples.py"]
