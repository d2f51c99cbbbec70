"""`parlour review`: the review on stdout, progress on stderr, Ctrl-C keeps what is done."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from replays.review import read_review
from replays.store import open_match
from tests.cli.procs import interruptible
from tests.core.review.script import CROSSING_BLUNDER, PEOPLE, crossing_file
from tui.cli import main


def review(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["review", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_the_review_marks_the_blunder_and_keeps_it_in_the_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = crossing_file()
    code, out, err = review(capsys, str(path), "--level", "easy", "--seats", "all")
    assert code == 0
    kept = read_review(path)
    assert kept is not None and kept.complete and kept.seats == (0, 1)
    lines = out.splitlines()
    assert lines[0] == f"review at easy (seed 0): {kept.total} of {kept.total} decisions"
    assert lines[1].startswith("Ann: accuracy ") and lines[2].startswith("Ben: accuracy ")
    blunder = next(v for v in kept.marked() if v.played_notation == CROSSING_BLUNDER)
    number = blunder.entry + 1  # Crossing deals nothing: its moves are its entries
    said = f"move {number} · Ben moved g7 to h6 "  # the move in words, then its notation
    marked = next(line for line in lines if line.startswith(said))
    assert f" ({CROSSING_BLUNDER}) ?? (blunder, win chance " in marked
    assert err.splitlines()[-1] == f"reviewed {kept.total}/{kept.total} decisions"
    assert main(["verify", str(path)]) == 0
    assert "reviewed at easy" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--level", "insane"], "argument --level: invalid choice"),
        (["--seats", "0"], "seats count from 1"),
        (["--seats", "ann"], "is not 'human', 'all' or seat numbers"),
        (["--seats", "3"], "this match has seats 1 to 2, no seat 3"),
        (["--seed", "x"], "is not a whole number"),
        (["--seed", "9" * 23], "is not a seed: use 0 to 9223372036854775807"),
        (["--seed", "-1"], "is not a seed"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = crossing_file()
    code, _, err = review(capsys, str(path), *argv)
    assert code == 2 and said in err and len(err.splitlines()) == 1


def test_an_unfinished_hot_seat_match_and_a_missing_file_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = crossing_file(PEOPLE, finish=False)
    code, _, err = review(capsys, str(path))
    assert code == 2 and "match is not over: its review" in err and len(err.splitlines()) == 1
    code, _, err = review(capsys, str(tmp_path / "none.parlour"))
    assert code == 2 and "there is no match file" in err


def test_ctrl_c_keeps_what_is_done_and_the_same_command_continues(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played = tmp_path / "played"
    main(["selfplay", "en-garde", "--games", "1", "--seed", "5", "--out", str(played)])
    capsys.readouterr()
    (path,) = played.glob("*.parlour")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    argv = [sys.executable, "-m", "tui", "review", str(path), "--level", "easy", "--seats", "all"]
    with interruptible(argv, env) as process:
        assert process.stderr is not None
        assert process.stderr.readline().startswith("reviewed 0/")
        assert process.stderr.readline().startswith("reviewed ")  # a tenth of the way
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "interrupted: " in err and "run the same command again to continue" in err
    assert "Traceback" not in err and out == ""
    kept = read_review(path)
    assert kept is not None and 0 < kept.done < kept.total
    assert main(["verify", str(path)]) == 0
    capsys.readouterr()
    code, out, _ = review(capsys, str(path), "--level", "easy", "--seats", "all")
    assert code == 0 and out.startswith(f"review at easy (seed 0): {kept.total} of {kept.total}")


def test_a_match_open_in_another_window_is_refused_with_what_to_do(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = crossing_file()
    with open_match(path):
        code, out, err = review(capsys, str(path))
    assert code == 2 and not out and len(err.splitlines()) == 1
    assert "is open in" in err and err.rstrip().endswith("then run the same command again")
    assert read_review(path) is None
