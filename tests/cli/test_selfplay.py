"""`parlour selfplay`: real, complete, reproducible match files; clean stops; clear errors."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from core.ai.random_bot import RandomBot
from replays.logfile import read_log
from tests.cli.conftest import selfplay
from tests.cli.procs import interruptible
from tui.cli import main


@pytest.mark.parametrize("level", ["basic", "standard", "advanced"])
def test_selfplay_writes_matches_that_verify_accepts(
    level: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = selfplay(tmp_path / "out", games=5, seed=3, level=level)
    out = capsys.readouterr().out
    assert [f.name for f in files] == [f"en-garde-000{n}.parlour" for n in range(1, 6)]
    for line, path in zip(out.splitlines(), files, strict=False):
        assert path.name in line and "winner Random" in line and "actions" in line
    assert "5 matches written" in out
    assert all(read_log(f).header.options["level"] == level for f in files)

    assert main(["verify", *map(str, files)]) == 0
    verdicts = capsys.readouterr().out.splitlines()
    assert len(verdicts) == 5
    assert all(": ok: " in v and "finished: winner Random" in v for v in verdicts)


def test_the_same_seed_plays_the_same_matches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def moves(files: list[Path]) -> list[list[object]]:
        return [
            [e.to_wire()["action"] for e in read_log(f).entries if hasattr(e, "seat")]
            for f in files
        ]

    first = moves(selfplay(tmp_path / "a", games=3, seed=9))
    again = moves(selfplay(tmp_path / "b", games=3, seed=9))
    other = moves(selfplay(tmp_path / "c", games=3, seed=10))
    assert first == again
    assert first != other
    assert first[0] != first[1]  # each match of a run is a different deal


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["selfplay", "chess"], "no game called 'chess'"),
        (["selfplay", "en-garde", "--seat", "mcts"], "choose ismcts"),
        (["selfplay", "en-garde", "--seat", "robot"], "no bot called 'robot'"),
        (["selfplay", "en-garde", "--seat", "greedy:expert"], "no level 'expert'"),
        (
            ["selfplay", "en-garde", "--seat", "random", "--seat", "random", "--seat", "random"],
            "for 2 players, not 3 — give 2 --seat",  # (no --players was given to change)
        ),
        (
            ["selfplay", "attacke", "--players", "4", "--seat", "random", "--seat", "greedy"],
            "2 --seat given for 4 players",
        ),
        (
            ["selfplay", "en-garde", "-o", "level=basic", "-o", "level=advanced"],
            "option level given twice",
        ),
        (["selfplay", "en-garde", "--option", "level=expert"], "must be one of"),
        (["selfplay", "en-garde", "--option", "colour=red"], "unknown option 'colour'"),
        (["selfplay", "en-garde", "--option", "level"], "is not KEY=VALUE"),
        (["selfplay", "en-garde", "--players", "3"], "for 2 players, not 3 — use --players 2"),
        (["selfplay", "en-garde", "--games", "0"], "must be 1 or more"),
        (["selfplay", "en-garde", "--seed", "x"], "'x' is not a whole number"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    defaults = {"--games": "2", "--seed": "1", "--out": str(tmp_path / "out")}
    for flag, value in defaults.items():
        if flag not in argv:
            argv = [*argv, flag, value]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and err.startswith("parlour: ")
    assert not list(tmp_path.glob("out/*"))


def test_refuses_to_overwrite_earlier_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (first,) = selfplay(tmp_path, games=1)
    before = first.read_bytes()
    argv = ["selfplay", "en-garde", "--games", "2", "--seed", "2", "--out", str(tmp_path)]
    assert main(argv) == 2
    assert "already exists" in capsys.readouterr().err
    assert first.read_bytes() == before
    assert len(list(tmp_path.glob("*.parlour"))) == 1


def test_out_must_be_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "file"
    plain.write_text("x")
    assert main(["selfplay", "en-garde", "--games", "1", "--seed", "1", "--out", str(plain)]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_ctrl_c_stops_cleanly_leaving_only_complete_matches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    choose = RandomBot.choose
    calls = 0

    def interrupted(
        self: RandomBot, rules: object, view: object, legal: object, budget: object = None
    ) -> object:
        nonlocal calls
        calls += 1
        if calls == 150:  # somewhere in the middle of the run, inside a match
            raise KeyboardInterrupt
        return choose(self, rules, view, legal, budget)  # type: ignore[arg-type]

    monkeypatch.setattr(RandomBot, "choose", interrupted)
    out = tmp_path / "out"
    code = main(["selfplay", "en-garde", "--games", "5", "--seed", "1", "--out", str(out)])
    assert code == 130
    written = sorted(out.glob("*.parlour"))
    assert len(written) < 5
    assert sorted(out.iterdir()) == written  # no unfinished file, no lock note
    assert f"interrupted: {len(written)} of 5 matches written" in capsys.readouterr().err
    if written:
        assert main(["verify", *map(str, written)]) == 0


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "kill"])
def test_sigint_or_sigterm_in_a_real_process_leaves_only_valid_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], signum: signal.Signals
) -> None:
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    argv = [
        sys.executable,
        "-m",
        "tui",
        "selfplay",
        "en-garde",
        "--games",
        "5000",
        "--seed",
        "4",
        "--out",
        str(out),
    ]
    with interruptible(argv, env) as process:
        assert process.stdout is not None and process.stderr is not None
        assert "en-garde-0001.parlour" in process.stdout.readline()
        process.send_signal(signum)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "interrupted:" in err and "Traceback" not in err
    written = sorted(out.glob("*.parlour"))
    assert len(written) >= 1
    assert sorted(out.iterdir()) == written
    assert main(["verify", *map(str, written)]) == 0
    assert all("finished" in line for line in capsys.readouterr().out.splitlines())


def test_one_seat_spec_plays_every_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "selfplay",
        "en-garde",
        "--seat",
        "Greedy:Easy",
        "--games",
        "2",
        "--seed",
        "3",
        "--out",
        str(tmp_path),
    ]
    assert main(argv) == 0
    files = sorted(tmp_path.glob("*.parlour"))
    assert len(files) == 2
    seats = read_log(files[0]).header.seats
    assert [(s.name, s.kind, s.bot) for s in seats] == [
        ("Easy greedy bot", "bot", "greedy:easy"),
        ("Easy greedy bot 2", "bot", "greedy:easy"),
    ]
    assert "winner Easy greedy bot" in capsys.readouterr().out
    assert main(["verify", *map(str, files)]) == 0


def test_a_spec_per_seat_sets_the_number_of_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [
        "selfplay",
        "attacke",
        "--seat",
        "greedy:easy",
        "--seat",
        "random",
        "--seat",
        "ismcts:easy",
        "--games",
        "1",
        "--seed",
        "2",
        "--out",
        str(tmp_path),
    ]
    assert main(argv) == 0
    (path,) = tmp_path.glob("*.parlour")
    assert [s.bot for s in read_log(path).header.seats] == ["greedy:easy", "random", "ismcts:easy"]
    assert [s.name for s in read_log(path).header.seats] == [
        "Easy greedy bot",
        "Random bot",
        "Easy ismcts bot",
    ]


def test_an_unknown_spec_names_the_specs_the_game_takes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [
        "selfplay",
        "en-garde",
        "--seat",
        "mcts:normal",
        "--games",
        "1",
        "--seed",
        "1",
        "--out",
        str(tmp_path / "out"),
    ]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "--seat 'mcts:normal'" in err and "En Garde takes: random, greedy:easy" in err
    assert "ismcts:hard" in err and "mcts:easy" not in err.replace("ismcts:easy", "")


def test_a_match_stopped_at_the_ply_limit_is_kept_and_said_unfinished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir = tmp_path / "out"
    argv = ["selfplay", "crossing", "--games", "1", "--seed", "2", "--max-plies", "6"]
    assert main([*argv, "--out", str(out_dir)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("[1/1] crossing-0001.parlour: unfinished, stopped at the ply limit")
    assert out[1] == f"1 match written to {out_dir}, 1 of them unfinished at the ply limit (6)"
    (kept,) = out_dir.iterdir()
    assert main(["verify", str(kept)]) == 0
    assert ": ok: " in capsys.readouterr().out
    assert len([e for e in read_log(kept).entries if hasattr(e, "seat")]) == 6
