"""`parlour export` of a match whose hands are still secret: the public transcript by default,
one player's view with `--seat`, JSON only with `--reveal-all`; `--out` never overwrites
without `--force`."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from core import registry
from core.ai import make_bot
from core.match import Seat
from core.play import play_step
from replays.logfile import read_log
from replays.store import create_match
from tui.cli import main

DRAWN_VALUE = re.compile(r"drew an? \d")
"""A transcript line naming the card a seat drew (only its owner may read that)."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.fixture
def unfinished() -> Path:
    """An En Garde match a few turns in: both hands dealt, Ann and Bob have moved."""
    rules = registry.get("en-garde")
    with create_match(rules, (Seat("Ann"), Seat("Bob"))) as opened:
        bots = {0: make_bot("random", 1), 1: make_bot("random", 2)}
        chance = random.Random(3)
        for _ in range(14):
            play_step(opened.match, bots, chance, submit=opened.submit)
        assert not opened.match.is_over
        return opened.path


def test_text_without_a_seat_is_the_public_transcript(
    unfinished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "export", str(unfinished))
    assert code == 0
    assert "Seen by: no seat: the public transcript, no one's hand is shown" in out
    assert "Ann drew a card" in out and "Bob drew a card" in out
    assert not DRAWN_VALUE.search(out)
    assert "Not finished" in out


def test_markdown_without_a_seat_says_so_in_its_heading(
    unfinished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "export", str(unfinished), "-f", "md")
    assert code == 0
    assert "- **Seen by:** no seat: the public transcript" in out
    assert not DRAWN_VALUE.search(out)


def test_a_seat_shows_that_players_hand_and_says_so_at_the_top(
    unfinished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "export", str(unfinished), "--seat", "1")
    assert code == 0
    heading = out.split("\n\n")[0]
    assert "Seen by: Ann (seat 1); this shows Ann's hand, no one else's" in heading
    assert re.search(r"Ann drew an? \d", out) and not re.search(r"Bob drew an? \d", out)
    code, out, _ = run(capsys, "export", str(unfinished), "--seat", "2", "-f", "md")
    assert code == 0 and "this shows Bob's hand" in out
    assert re.search(r"Bob drew an? \d", out) and not re.search(r"Ann drew an? \d", out)


def test_json_of_secret_hands_needs_reveal_all(
    unfinished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "export", str(unfinished), "-f", "json")
    assert code == 2 and out == ""
    assert err.startswith("parlour: the match is not over, and a JSON export holds every card")
    assert "pass --reveal-all to export it anyway (every hand readable" in err
    code, out, _ = run(capsys, "export", str(unfinished), "-f", "json", "--reveal-all")
    assert code == 0
    document = json.loads(out)
    assert len(document["entries"]) == len(read_log(unfinished).entries)


def test_a_seat_with_json_is_refused_not_ignored(
    unfinished: Path, match_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for target in (unfinished, match_file):
        code, out, err = run(
            capsys, "export", str(target), "-f", "json", "--seat", "1", "--reveal-all"
        )
        assert code == 2 and out == ""
        assert "--seat does not apply to --format json" in err


def test_reveal_all_is_for_json_only(unfinished: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "export", str(unfinished), "--reveal-all")
    assert code == 2 and "--reveal-all is for --format json only" in err


def test_a_finished_match_exports_everything_without_flags(
    match_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "export", str(match_file))
    assert code == 0 and "Seen by: everyone" in out and DRAWN_VALUE.search(out)
    code, out, _ = run(capsys, "export", str(match_file), "-f", "json")
    assert code == 0 and json.loads(out)["format"] == "parlour-match"


def test_an_open_game_in_progress_shows_everything(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rules = registry.get("crossing")
    with create_match(rules, (Seat("Ann"), Seat("Bob"))) as opened:
        bots = {0: make_bot("random", 1), 1: make_bot("random", 2)}
        for _ in range(4):
            play_step(opened.match, bots, random.Random(1), submit=opened.submit)
        path = opened.path
    code, out, _ = run(capsys, "export", str(path))
    assert code == 0 and "Seen by: everyone (nothing is hidden in this game)" in out
    assert "1. Ann: " in out and "2. Bob: " in out
    code, out, _ = run(capsys, "export", str(path), "-f", "json")
    assert code == 0 and json.loads(out)["entries"]


def test_out_never_overwrites_without_force(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "match.txt"
    target.write_text("my notes\n", encoding="utf-8")
    code, out, err = run(capsys, "export", str(match_file), "--out", str(target))
    assert code == 2 and out == ""
    assert f"parlour: {target} already exists — pass --force to overwrite it" in err
    assert target.read_text(encoding="utf-8") == "my notes\n"
    code, out, _ = run(capsys, "export", str(match_file), "--out", str(target), "--force")
    assert code == 0 and out == f"exported to {target}\n"
    assert target.read_text(encoding="utf-8").startswith("En Garde\n")


def test_out_may_not_be_a_folder(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "export", str(match_file), "--out", str(tmp_path), "--force")
    assert code == 2 and "is a folder" in err
