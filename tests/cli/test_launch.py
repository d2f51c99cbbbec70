"""Launching the app: `parlour`, `new`, `resume`, `replay` build a Start after checking input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import registry
from core.match import Seat
from replays.logfile import read_log
from replays.store import create_match
from tui import app
from tui.cli import main
from tui.start import Start


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Start | None]:
    """Every Start the app was run with (the app itself does not open).

    pytest captures stdout, so there is no terminal: PARLOUR_FORCE_TTY=1 lets the command
    go on to (the stand-in for) the app."""
    runs: list[Start | None] = []
    monkeypatch.setenv("PARLOUR_FORCE_TTY", "1")
    monkeypatch.setattr(app, "run", lambda start: runs.append(start) or 0)
    return runs


def test_no_command_opens_the_menu(started: list[Start | None]) -> None:
    assert main([]) == 0
    assert started == [None]


def test_new_passes_the_game_and_its_checked_options(started: list[Start | None]) -> None:
    assert main(["new", "en-garde", "--option", "level=basic", "-o", "starts=2"]) == 0
    assert started == [Start(kind="new", game="en-garde", options={"level": "basic", "starts": 2})]


def test_new_passes_a_player_count_the_game_seats(
    started: list[Start | None], capsys: pytest.CaptureFixture[str]
) -> None:
    """`parlour new attacke --option players=5` was refused, and nothing else set the count."""
    assert main(["new", "attacke", "--players", "5"]) == 0
    assert started == [Start(kind="new", game="attacke", players=5)]
    assert main(["new", "attacke", "--players", "9"]) == 2
    said = capsys.readouterr().err
    assert "Attacke is for 3 to 5 players, not 9 — use --players 5" in said  # the nearest
    assert main(["new", "attacke", "--option", "players=4"]) == 2
    said = capsys.readouterr().err
    assert "the player count is not a game option" in said and "use --players 4" in said
    assert main(["new", "attacke", "--option", "face_down=maybe"]) == 2
    assert "face_down=no|yes (default no)" in capsys.readouterr().err  # as the form says it


def test_new_passes_only_the_options_typed(started: list[Start | None]) -> None:
    """The others are the form's to fill, as the last match of the game had them."""
    assert main(["new", "attacke", "-o", "face_down=yes"]) == 0
    assert started == [Start(kind="new", game="attacke", options={"face_down": True})]
    assert main(["new", "crossing"]) == 0
    assert started[-1] == Start(kind="new", game="crossing", options={})


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["new", "go"], "no game called 'go'"),
        (["new", "en-garde", "-o", "level=7"], "must be one of"),
        (["resume", "zz"], "is not a match id"),
        (["resume", "abcdef12"], "no saved match has the id"),
        (["replay", "nowhere.parlour"], "there is no match file"),
    ],
)
def test_bad_input_is_refused_before_the_app_opens(
    argv: list[str],
    message: str,
    started: list[Start | None],
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("parlour: ") and message in err and " — " in err
    assert started == []


def test_resume_without_an_id_opens_the_resume_list(started: list[Start | None]) -> None:
    assert main(["resume"]) == 0
    assert started == [Start(kind="resume")]


def test_resume_by_id_opens_that_match(started: list[Start | None]) -> None:
    with create_match(registry.get("en-garde"), (Seat("Ann"), Seat("Bob"))) as opened:
        path, match_id = opened.path, opened.match.header.match_id
    assert main(["resume", match_id[:6]]) == 0
    assert started == [Start(kind="resume", match=str(path))]


def test_resume_of_a_finished_match_points_at_replay(
    match_file: Path, started: list[Start | None], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["resume", str(match_file)]) == 2
    assert f"watch it with: parlour replay {match_file}" in capsys.readouterr().err
    assert started == []


def test_replay_opens_the_viewer_on_the_file(match_file: Path, started: list[Start | None]) -> None:
    assert read_log(match_file).damage is None
    assert main(["replay", str(match_file)]) == 0
    assert started == [Start(kind="replay", match=str(match_file))]


def test_replay_refuses_a_file_that_is_not_a_match(
    tmp_path: Path, started: list[Start | None], capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("hello")
    assert main(["replay", str(notes)]) == 2
    said = capsys.readouterr().err  # the file named as it was given, not "notes.txt" alone
    assert said.startswith(f"parlour: {notes} is not a Parlour match file")
    assert started == []


@pytest.mark.parametrize("argv", [[], ["new", "en-garde"], ["resume"]])
def test_without_a_terminal_the_app_is_not_opened(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    runs: list[Start | None] = []
    monkeypatch.setattr(app, "run", lambda start: runs.append(start) or 0)
    monkeypatch.delenv("PARLOUR_FORCE_TTY", raising=False)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("parlour: the app needs a terminal, but its output is redirected — ")
    assert err.count("\n") == 1
    assert runs == []


def test_bad_input_is_still_named_first_without_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("PARLOUR_FORCE_TTY", raising=False)
    assert main(["new", "go"]) == 2
    assert "no game called 'go'" in capsys.readouterr().err


def test_a_piped_new_draws_nothing_into_the_pipe(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "PARLOUR_FORCE_TTY"}
    done = subprocess.run(
        [sys.executable, "-m", "tui", "new", "en-garde"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "needs a terminal" in done.stderr and "Traceback" not in done.stderr
