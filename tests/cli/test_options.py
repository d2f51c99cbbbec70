"""Every `--option` is checked where the command line is read: exit 2, one line saying what
the option takes, before any app, bot or file is started."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tui.cli import main

COMMANDS = ("new", "selfplay", "tournament")

BAD = [
    ("crossing", "capture_limit=-1", "takes 0 (no limit) or more, not -1"),
    ("fields-of-action", "capture_limit=-5", "takes 0 (no limit) or more, not -5"),
    ("crossing", "capture_limit=" + "9" * 24, "from -9223372036854775807 to 9223372036854775807"),
    ("crossing", "capture_limit=-" + "9" * 24, "9223372036854775807, not -" + "9" * 24),
    ("crossing", "capture_limit=9999999999999999999", "not 9999999999999999999"),
    ("crossing", "capture_limit=many", "takes a whole number, not 'many'"),
    ("crossing", "repetition=perhaps", "takes yes or no, not 'perhaps'"),
    ("en-garde", "level=expert", "must be one of basic, standard, advanced"),
    ("en-garde", "starts=3", "must be one of 1, 2"),
    ("attacke", "chips_to_win=6", "must be one of 4, 5"),
    ("en-garde", "speed=fast", "unknown option 'speed'"),
    ("englishman", "level=easy", "unknown option 'level'"),
]


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """What `parlour new` would have opened the app at (the app itself is not started)."""
    starts: list[Any] = []
    monkeypatch.setattr("tui.cli.launch.launch", lambda start: starts.append(start) or 0)
    return starts


def argv(command: str, game: str, option: str, out: Path) -> list[str]:
    runs = ["--games", "1", "--seed", "1", "--out", str(out)]
    if command == "new":
        return ["new", game, "-o", option]
    if command == "selfplay":
        return ["selfplay", game, "--option", option, *runs]
    return ["tournament", game, "--a", "random", "--b", "random", "--option", option, *runs]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("game", "option", "said"), BAD, ids=[o for _, o, _ in BAD])
def test_an_option_out_of_its_range_or_choices_is_refused_in_one_line_with_exit_2(
    command: str,
    game: str,
    option: str,
    said: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    launched: list[Any],
) -> None:
    out = tmp_path / "out"
    code = main(argv(command, game, option, out))
    stdout, stderr = capsys.readouterr()
    assert code == 2 and stdout == ""
    assert stderr.count("\n") == 1 and stderr.startswith("parlour: ")
    assert said in stderr
    assert "unexpected error" not in stderr and "writable" not in stderr
    assert not launched and not out.exists()


@pytest.mark.parametrize("command", COMMANDS)
def test_an_option_at_the_edge_of_its_range_is_taken(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], launched: list[Any]
) -> None:
    code = main(argv(command, "crossing", "capture_limit=0", tmp_path / "out"))
    assert code == 0, capsys.readouterr().err
    if command == "new":
        assert launched[0].options["capture_limit"] == 0
    else:
        assert len(list((tmp_path / "out").glob("*.parlour"))) == 1
