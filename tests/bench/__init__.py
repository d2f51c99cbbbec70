"""Benchmarks: `python -m tests.bench` prints the one table (see __main__.py)."""
