"""core stays pure: it never pulls in the app or the log layer, and does no I/O, reads no
clock and uses no global random state (randomness comes only from a random.Random passed in)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import core

CORE = Path(core.__file__).parent
SOURCES = sorted(CORE.rglob("*.py"))
FORBIDDEN_IMPORTS = {
    "asyncio",
    "datetime",
    "io",
    "logging",
    "msgpack",
    "os",
    "pathlib",
    "platformdirs",
    "replays",
    "shutil",
    "socket",
    "subprocess",
    "sys",
    "tempfile",
    "textual",
    "threading",
    "time",
    "tui",
}
FORBIDDEN_CALLS = {"open", "print", "input", "breakpoint", "exec", "eval"}


def test_importing_all_of_core_loads_no_app_or_log_layer() -> None:
    code = """
import pkgutil, sys
import core, core.match, core.registry
for module in pkgutil.walk_packages(core.__path__, "core."):
    __import__(module.name)
print(sorted({m.split(".")[0] for m in sys.modules} & {"textual", "replays", "tui"}))
print(len([m for m in sys.modules if m.startswith("core.")]))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    leaked, loaded = done.stdout.split("\n")[:2]
    assert leaked == "[]"
    assert int(loaded) >= len(SOURCES) - 1  # every module imported (core/__init__ is "core")


def test_core_source_has_no_io_no_clock_and_no_global_random() -> None:
    assert len(SOURCES) > 10
    problems = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        name = path.relative_to(CORE.parent)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                modules = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    modules = [node.module]
                roots = {m.split(".")[0] for m in modules} & FORBIDDEN_IMPORTS
                problems += [f"{name}:{node.lineno} imports {r}" for r in sorted(roots)]
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Name) and func.id in FORBIDDEN_CALLS:
                problems.append(f"{name}:{node.lineno} calls {func.id}()")
            if (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and func.value.id == "random"
                and func.attr != "Random"
            ):
                problems.append(f"{name}:{node.lineno} uses the global random.{func.attr}()")
    assert problems == []


def test_screens_and_game_kits_never_import_the_app() -> None:
    """Screens reach the app through tui.messages; only type hints may name ParlourApp."""
    import tui

    root = Path(tui.__file__).parent
    problems = []
    for path in sorted(
        [*root.glob("screens/*.py"), *root.glob("games/*.py"), *root.glob("widgets/*.py")]
    ):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        guarded = {
            id(child)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for child in ast.walk(node)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module == "tui.app"
                and (id(node) not in guarded)
            ):
                problems.append(f"{path.name}:{node.lineno}")
    assert problems == []


def test_a_games_strategy_never_imports_its_rules_and_no_core_import_hides_in_a_function() -> None:
    """Rules import strategy at module top; strategy plays the game's own modules (turn,
    parry, piste, ...), never the Rules class, so there is no import circle to break lazily."""
    problems = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        name = path.relative_to(CORE.parent)
        package = ".".join(name.with_suffix("").parts[:-1])
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                problems += [f"{name}:{n.lineno} imports inside {node.name}()" for n in inner]
            own_rules = isinstance(node, ast.ImportFrom) and (
                node.module == f"{package}.rules"
                or (node.module == package and any(a.name == "rules" for a in node.names))
            )
            if path.name == "strategy.py" and own_rules:
                problems.append(f"{name}:{node.lineno} imports its game's rules")
    assert problems == []
