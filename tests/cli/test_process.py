"""The command as a process: the console script, `python -m tui`, no Textual when headless,
no traceback on a bug, and usage errors in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import core
from tui.cli import main

SCRIPT = Path(sys.executable).with_name("parlour")

HEADLESS = """
import sys
from tui.cli import main
out = sys.argv[1]
codes = [
    main(["--version"]),
    main(["selfplay", "en-garde", "--games", "1", "--seed", "1", "--out", out]),
    main(["verify", out + "/en-garde-0001.parlour"]),
    main(["export", out + "/en-garde-0001.parlour", "--format", "md"]),
    main(["export", out + "/en-garde-0001.parlour", "-f", "json", "--out", out + "/m.json"]),
    main(["import", out + "/m.json"]),
    main(["list"]),
    main(["review", out + "/en-garde-0001.parlour", "--level", "easy", "--seats", "1"]),
    main(["verify", out + "/missing.parlour"]),
    main(["tournament", "en-garde", "--a", "greedy:easy", "--b", "random", "--games", "2",
          "--seed", "1"]),
    main(["new", "en-garde"]),  # no terminal here: refused before the app is imported
]
print("CODES", codes, file=sys.stderr)
print("TEXTUAL", sorted(m for m in sys.modules if m.split(".")[0] == "textual"), file=sys.stderr)
"""


def test_headless_commands_never_import_textual(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "PARLOUR_FORCE_TTY"}
    done = subprocess.run(
        [sys.executable, "-c", HEADLESS, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    assert "CODES [0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2]" in done.stderr
    assert "TEXTUAL []" in done.stderr


@pytest.mark.skipif(not SCRIPT.exists(), reason="the console script is not installed here")
def test_the_console_script_and_python_m_tui_print_the_version() -> None:
    for argv in ([str(SCRIPT), "--version"], [sys.executable, "-m", "tui", "--version"]):
        done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0
        assert done.stdout == f"parlour {core.__version__}\n"


def test_usage_errors_exit_2_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fly"]) == 2
    err = capsys.readouterr().err
    assert "parlour: argument COMMAND: invalid choice: 'fly'" in err
    assert "see 'parlour --help'" in err
    assert main(["verify"]) == 2
    assert "the following arguments are required: FILE" in capsys.readouterr().err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    commands = (
        "selfplay",
        "tournament",
        "verify",
        "export",
        "import",
        "list",
        "review",
        "new",
        "resume",
        "replay",
    )
    for command in commands:
        assert command in out


def test_a_bug_gives_a_short_message_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(args: object) -> int:
        raise RuntimeError("the gears slipped")

    monkeypatch.setattr("tui.cli.files.cmd_list", broken)
    monkeypatch.delenv("PARLOUR_DEBUG", raising=False)
    assert main(["list"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("parlour: unexpected error (RuntimeError: the gears slipped) — ")
    assert "report" in err and "Traceback" not in err


def test_ctrl_c_anywhere_exits_130_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("tui.cli.files.cmd_list", interrupted)
    assert main(["list"]) == 130
    assert capsys.readouterr() == ("", "")
