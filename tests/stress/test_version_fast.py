"""`parlour --version` answers before the CLI is imported (issue 12: it cost 1.67x a bare
`import msgpack, platformdirs`); `main(["--version"])` still answers through argparse."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import core
from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "import sys; sys.argv[0] = 'parlour'; from tui.cli import main; sys.exit(main())"
"""What the console script does (its argv[0] ends in "parlour")."""


def test_the_console_script_answers_version_without_importing_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", SCRIPT, "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout == f"parlour {core.__version__}\n"
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines()}
    for heavy in (
        "argparse",
        "tui.cli.files",
        "tui.cli.common",
        "uuid",
        "dataclasses",
        "msgpack",
        "textual",
    ):
        assert heavy not in imported, heavy


def test_other_arguments_take_the_usual_path() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, "--version", "list"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.startswith("parlour ")


def test_main_still_answers_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"parlour {core.__version__}\n"


def test_verify_imports_only_its_own_command_and_no_writer_only_module(tmp_path: Path) -> None:
    from tests.cli.conftest import selfplay

    (match,) = selfplay(tmp_path / "played", games=1)
    listing = (
        "import sys; sys.argv[0] = 'parlour'; from tui.cli import main; "
        "code = main(sys.argv[1:]); print(*sorted(sys.modules)); sys.exit(code)"
    )
    done = subprocess.run(
        [sys.executable, "-c", listing, "verify", str(match)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and ": ok: " in done.stdout
    imported = set(done.stdout.splitlines()[-1].split())
    assert "tui.cli.files" in imported
    for unneeded in (
        "tui.cli.selfplay",
        "tui.cli.tournament",
        "tui.cli.launch",
        "replays.store",
        "core.ai",
        "uuid",
        "socket",
        "traceback",
        "textual",
        "core.games.attacke",
        "_hashlib",
        "argparse",  # the line is read without a parser
        "shutil",  # which argparse imports to word help
        "signal",  # only the long commands stop on SIGTERM
        "platformdirs",  # a file named needs no folder of Parlour's
        "random",  # the rules name a generator in their signatures only
    ):
        assert unneeded not in imported, unneeded


def test_list_and_the_menu_import_no_games_rules(tmp_path: Path) -> None:
    """The listing reads titles from the registry's cards, and the menu draws its shelf from
    them: neither imports a game's rules (all five took a fifth of the launch)."""
    import os

    from tests.bench.bench_launch import PARLOUR
    from tests.cli.conftest import selfplay

    home = tmp_path / "home"
    (match,) = selfplay(tmp_path / "played", games=1)
    (home / "matches").mkdir(parents=True)
    env = {**os.environ, "PARLOUR_HOME": str(home)}
    store_copy = home / "matches" / match.name
    store_copy.write_bytes(match.read_bytes())
    listing = (
        "import sys; sys.argv[0] = 'parlour'; from tui.cli import main; code = main(sys.argv[1:]); "
        "UNNEEDED = ('uuid', 'argparse'); "
        "print(*sorted(m for m in sys.modules if m.startswith('core.games') or m in UNNEEDED)); "
        "sys.exit(code)"
    )
    first = subprocess.run(
        [sys.executable, "-c", listing, "list", "--check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert first.returncode == 0 and "core.games.en_garde" in first.stdout  # read and replayed
    (home / "state" / "listing.msgpack").unlink()  # its summary is kept: no cache needed
    for _ in ("no cache", "the cache"):
        done = subprocess.run(
            [sys.executable, "-c", listing, "list"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0 and match.name in done.stdout
        assert done.stdout.splitlines()[-1] == "", done.stdout.splitlines()[-1]
    menu = PARLOUR.replace(
        "        self.exit()",
        "        import sys\n"
        "        games = [m for m in sys.modules if m.startswith('core.games')]\n"
        "        sys.__stdout__.write(' '.join(games) + '\\n')\n"
        "        self.exit()",
    )
    drawn = subprocess.run(
        [sys.executable, "-c", menu], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert drawn.returncode == 0, drawn.stderr
    assert drawn.stdout.strip() == "", drawn.stdout
