"""Launch-to-menu time of Parlour next to a bare Textual app's first frame, in one run.

Each sample is a fresh `python` process, timed from just before it is spawned until it exits;
the app inside exits as soon as Textual posts `Ready` (the DOM is ready and the first frame has
been drawn). Both apps run headless with the same interpreter and environment, alternating, so
disk cache and CPU load affect them alike. Prints medians and the ratio; asserts nothing.

    python tests/bench/bench_launch.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

BARE = """
from textual.app import App
from textual.widgets import Footer, Header, Static

class Bare(App[None]):
    def compose(self):
        yield Header()
        yield Static("hello")
        yield Footer()
    def on_ready(self) -> None:
        self.exit()

Bare().run(headless=True)
"""

PARLOUR = """
from pathlib import Path

import tui.app
from tui.app import ParlourApp

class Timed(ParlourApp):
    # Absolute: a class defined in `python -c` has no file to resolve relative CSS paths from.
    CSS_PATH = [Path(tui.app.__file__).parent / path for path in ParlourApp.CSS_PATH]

    def on_ready(self) -> None:
        assert type(self.screen).__name__ == "MenuScreen", self.screen
        self.exit()

Timed().run(headless=True)
"""

IMPORT_ONLY = "import textual.app"


def sample(code: str, env: dict[str, str]) -> float:
    begin = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
    return time.perf_counter() - begin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="samples per app (default 15)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "PARLOUR_HOME": home}
        for code in (BARE, PARLOUR, IMPORT_ONLY):  # warm the disk cache and .pyc files
            sample(code, env)
        times: dict[str, list[float]] = {"import textual.app": [], "bare": [], "parlour": []}
        try:
            for run in range(args.runs):
                times["import textual.app"].append(sample(IMPORT_ONLY, env))
                times["bare"].append(sample(BARE, env))
                times["parlour"].append(sample(PARLOUR, env))
                print(f"\r{run + 1}/{args.runs} samples", end="", file=sys.stderr, flush=True)
        except KeyboardInterrupt:
            print("\ninterrupted: figures from the samples taken so far", file=sys.stderr)
        print(file=sys.stderr)
    if not times["parlour"]:
        return
    median = {name: statistics.median(values) * 1000 for name, values in times.items() if values}
    print(f"{'process start to first frame (headless), median':<52} {'ms':>8}")
    for name, ms in median.items():
        print(f"  {name:<50} {ms:8.1f}")
    print(f"  {'ratio parlour menu / bare app':<50} {median['parlour'] / median['bare']:8.2f}x")
    print(f"  {'parlour minus bare app':<50} {median['parlour'] - median['bare']:8.1f}")


if __name__ == "__main__":
    main()
