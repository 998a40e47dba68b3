"""Benchmark scripts (run each as ``python benchmarks/<script>``, or all through
``python -m benchmarks.report``)."""
