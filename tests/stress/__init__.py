"""Proof under stress: crash, fuzz, long random play, hidden-information and locking harnesses.

The scripts (`crash.py`, `fuzz.py`, `random_play.py`) take a size and print a report; the
`test_*.py` files run each at a tiny size in CI. Every harness iterates over `registry.all()`.
"""
