"""`parlour tournament`: seats alternate, results with a 95% interval and decision times, match
files only with --out, reproducible from the seed, a progress bar, and a clean Ctrl-C."""

from __future__ import annotations

import io
import os
import signal
import sys
from pathlib import Path

import pytest

from core.ai.tournament import Tally
from core.rules import Outcome
from replays.logfile import read_log
from tests.cli.procs import interruptible
from tui.cli import main
from tui.cli.tournament import _Progress, _Results, _Side

QUICK = [
    "tournament",
    "en-garde",
    "--a",
    "greedy:easy",
    "--b",
    "random",
    "--games",
    "4",
    "--seed",
    "7",
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def result_lines(out: str) -> list[str]:
    """The report without the timing lines (which differ from run to run)."""
    return [line for line in out.splitlines() if " ms" not in line]


def test_a_tournament_reports_results_interval_and_times(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    code, out, err = run(capsys, *QUICK)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == ("En Garde, 2 players, 4 of 4 games, seed 7: A greedy:easy against B random")
    assert lines[1].startswith("A greedy:easy against random: ")
    assert " of 4; score " in lines[1] and "(95% CI " in lines[1]
    assert lines[3].startswith("A by seat: seat 1 ") and "of 2), seat 2 " in lines[3]
    assert lines[4] == "Time per decision:"
    assert lines[5].startswith("  A greedy:easy: mean ") and " decisions" in lines[5]
    assert lines[6].startswith("  B random: mean ")
    assert [line.split(":")[0] for line in err.splitlines()] == [
        "game 1/4",
        "game 2/4",
        "game 3/4",
        "game 4/4",
    ]
    assert "A at seat 1" in err.splitlines()[0] and "A at seat 2" in err.splitlines()[1]
    assert list(here.iterdir()) == []  # no match files without --out


def test_the_same_seed_gives_the_same_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    first = result_lines(run(capsys, *QUICK)[1])
    again = result_lines(run(capsys, *QUICK)[1])
    other = run(capsys, *QUICK[:-1], "8")
    assert first == again
    assert other[0] == 0


def test_out_writes_match_files_that_verify_with_seats_alternated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t"
    code, text, _ = run(capsys, *QUICK, "--out", str(out))
    assert code == 0 and f"4 match files written to {out}" in text
    files = sorted(out.glob("*.parlour"))
    assert [f.name for f in files] == [f"en-garde-000{n}.parlour" for n in range(1, 5)]
    seats = [read_log(f).header.seats for f in files]
    assert [[s.name for s in game] for game in seats[:2]] == [
        ["A Easy greedy bot", "B Random bot"],
        ["B Random bot", "A Easy greedy bot"],
    ]
    assert [s.bot for s in seats[1]] == ["random", "greedy:easy"]
    assert run(capsys, "verify", *map(str, files))[0] == 0
    code, _, err = run(capsys, *QUICK, "--out", str(out))
    assert code == 2 and "already exists" in err


def test_three_players_put_a_against_b_at_every_other_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys,
        "tournament",
        "attacke",
        "--a",
        "greedy:easy",
        "--b",
        "random",
        "--games",
        "3",
        "--seed",
        "1",
        "--out",
        str(tmp_path),
    )
    assert code == 0
    assert "Attacke, 3 players, 3 of 3 games" in out and "at every other seat" in out
    assert "seat 1 " in out and "seat 2 " in out and "seat 3 " in out
    files = sorted(tmp_path.glob("*.parlour"))
    names = [[s.name for s in read_log(f).header.seats] for f in files]
    assert names[0] == ["A Easy greedy bot", "B1 Random bot", "B2 Random bot"]
    assert names[2] == ["B1 Random bot", "B2 Random bot", "A Easy greedy bot"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--a", "mcts", "--b", "random"], "--a 'mcts': En Garde hides cards"),
        (["--a", "random", "--b", "wizard"], "--b 'wizard': no bot called 'wizard'"),
        (["--a", "random", "--b", "ismcts:max"], "ismcts has no level 'max'"),
        (["--a", "random", "--b", "random", "--players", "3"], "for 2 players, not 3"),
        (
            ["--a", "random", "--b", "random", "-o", "starts=1", "-o", "starts=2"],
            "option starts given twice",
        ),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "tournament", "en-garde", "--games", "2", "--seed", "1", *argv)
    assert code == 2 and out == ""
    assert err.startswith("parlour: ") and message in err and err.count("\n") == 1


def test_the_spec_error_names_what_the_game_takes(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        capsys,
        "tournament",
        "crossing",
        "--a",
        "robot",
        "--b",
        "random",
        "--games",
        "2",
        "--seed",
        "1",
    )
    assert code == 2 and "Crossing takes: random, greedy:easy" in err and "mcts:hard" in err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_progress_is_one_bar_redrawn() -> None:
    stream = _Terminal()
    progress = _Progress(4, stream)
    results = _Results(_Side("greedy"), _Side("random"), players=2)
    for seat in (0, 1):
        results.games.append((Outcome(winners=(seat,)), seat))
        progress.step(results)
    progress.close()
    assert stream.getvalue() == (
        "\r[#####...............] 1/4  A 1-0-0\r[##########..........] 2/4  A 2-0-0\n"
    )
    assert results.tally() == Tally(wins=2)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "kill"])
def test_ctrl_c_or_kill_prints_the_partial_result_and_exits_130(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], signum: signal.Signals
) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    argv = [
        sys.executable,
        "-m",
        "tui",
        "tournament",
        "en-garde",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "5000",
        "--seed",
        "4",
        "--out",
        str(tmp_path / "out"),
    ]
    with interruptible(argv, env) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stderr.readline().startswith("game 1/5000: A at seat 1 ")
        process.send_signal(signum)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Traceback" not in out + err
    assert "interrupted after " in err and " of 5000 games" in err
    assert out.startswith("Partial result, En Garde, 2 players, ")
    assert "(95% CI " in out and "Time per decision:" in out
    played = int(out.split(", ")[3].split(" of ")[0])
    assert played >= 1
    files = sorted((tmp_path / "out").iterdir())  # no unfinished file, no lock note
    assert len(files) == played and all(f.suffix == ".parlour" for f in files)
    assert run(capsys, "verify", *map(str, files))[0] == 0


def test_the_report_says_when_a_time_limit_cut_decisions_short() -> None:
    from core import registry
    from tui.cli.tournament import _report

    results = _Results(
        _Side("ismcts:hard", [4.0, 1.0], at_time_cap=1), _Side("random", [0.0]), players=2
    )
    results.games.append((Outcome(winners=()), 0))
    text = _report(registry.get("en-garde"), results, seed=1, games=2, interrupted=True)
    assert text.startswith("Partial result, En Garde, 2 players, 1 of 2 games, seed 1")
    assert "0 won, 1 drawn, 0 lost of 1; score 50.0%" in text
    assert "A by seat: seat 1 0-1-0 (50% of 1), seat 2 no games" in text
    assert "  A ismcts:hard: mean 2500 ms, max 4000 ms over 2 decisions" in text
    assert "note: 1 decision stopped at the level's time limit" in text


def test_a_timed_bot_counts_decisions_cut_by_the_clock() -> None:
    from tui.cli.common import TimedBot

    bot = TimedBot("greedy:easy", seed=1)
    assert bot.budget.clock is not None and bot.budget.seconds == 0.2
    bot.seconds += [0.25, 0.1]
    assert bot.at_time_cap == 1
    assert TimedBot("random", seed=1).at_time_cap == 0


def test_with_three_players_the_verdict_is_against_a_fair_share_not_half() -> None:
    from core import registry
    from tui.cli.tournament import _report

    rules = registry.get("attacke")
    won, lost = (Outcome((0,), reason="chips"), 0), (Outcome((1,), reason="chips"), 0)
    results = _Results(_Side("ismcts:normal"), _Side("greedy"), 3, [won] * 18 + [lost] * 12)
    text = _report(rules, results, 1, 30, interrupted=False)
    assert "60.0% (95% CI 42.3%" in text  # reaches below half: no verdict with two players
    assert "clearly stronger (the whole interval is above a fair share of 33%" in text
    results = _Results(_Side("ismcts:normal"), _Side("greedy"), 3, [won] * 2 + [lost] * 28)
    assert "clearly weaker (the whole interval is below a fair share of 33%" in _report(
        rules, results, 1, 30, interrupted=False
    )


def test_a_game_stopped_at_the_ply_limit_is_reported_unfinished_not_drawn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # random Crossing runs to about 140 decisions: four of them cannot end any game
    code, out, err = run(
        capsys, "tournament", "crossing", "--a", "random", "--b", "random", "--games", "2",
        "--seed", "3", "--max-plies", "4",
    )  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Crossing, 2 players, 2 of 2 games, seed 3")
    assert "0 won, 0 drawn, 0 lost of 0" in lines[1]
    assert lines[2] == "  no game finished"
    assert lines[3] == "Unfinished: 2 (stopped at 4 decisions, not counted above): game 1, 2"
    assert err.splitlines() == [
        "game 1/2: A at seat 1 did not finish (the ply limit); A 0-0-0, 1 unfinished so far",
        "game 2/2: A at seat 2 did not finish (the ply limit); A 0-0-0, 2 unfinished so far",
    ]
    assert "over 4 decisions" in out  # each side made two decisions a game


def test_the_ply_limit_defaults_to_the_games_own_scale_and_is_in_the_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from core import registry
    from tui.cli.ply_limits import PLY_LIMITS, ply_limit

    assert set(PLY_LIMITS) == {rules.id for rules in registry.all()}
    assert ply_limit(registry.get("englishman"), None) == PLY_LIMITS["englishman"]
    assert ply_limit(registry.get("englishman"), 7) == 7
    code, out, _ = run(capsys, "tournament", "--help")
    assert code == 0 and "--max-plies N" in out and "count it unfinished" in out
