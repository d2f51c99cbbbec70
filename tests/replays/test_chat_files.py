"""Chat in a match file: saved as it is said, told to every reader where it was said, never a
move, carried by every export, and a forged chat entry fails `verify` like a forged move."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from core.games.crossing import Crossing
from core.match import Match, MetaEntry, Seat
from core.rules import CHANCE, SPECTATOR, IllegalAction
from replays.chronicle import Chronicle
from replays.cursor import ReplayCursor
from replays.export import from_json, to_json, to_markdown, to_text
from replays.logfile import LogWriter, read_log
from replays.store import create_match, load_match
from tests.replays.conftest import SEATS, Ticks, play
from tests.replays.toygame import Counting
from tui.cli import main


def chatty(counting: Counting) -> Match:
    """A finished Counting match: Ann greets after the first deal, Bob answers after his
    first move, a spectator says something once it is over."""
    with create_match(counting, SEATS, {}, clock=Ticks()) as opened:
        play(opened, seed=7, moves=2)  # both dice dealt: Ann is to move
        opened.chat(0, "good luck")
        play(opened, seed=8, moves=2)
        opened.chat(1, "*thanks* [x](y)")
        play(opened, seed=9)
        opened.chat(SPECTATOR, "well played", name="Zed")
        path = opened.path
    return load_match(path, rules=counting)[0]


@pytest.fixture
def match(counting: Counting) -> Match:
    return chatty(counting)


def test_a_chat_line_is_on_disk_as_soon_as_it_is_said_with_its_time(counting: Counting) -> None:
    with create_match(counting, SEATS, {}, clock=Ticks(100.0)) as opened:
        play(opened, seed=1, moves=2)
        said = opened.chat(1, "hello\x1b]0;pwned\x07 there")
        on_disk = read_log(opened.path).entries
    assert said == MetaEntry("chat", {"seat": 1, "text": "hello there"}, 104.0)
    assert on_disk[-1] == said


def test_an_empty_chat_line_is_refused_and_nothing_is_written(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        size = opened.path.stat().st_size
        with pytest.raises(IllegalAction):
            opened.chat(0, "\x07 \r\n")
        assert opened.path.stat().st_size == size


@pytest.mark.parametrize("viewer", [None, 0, 1, SPECTATOR])
def test_every_reader_reads_the_chat_with_its_speaker(match: Match, viewer: int | None) -> None:
    chat = [line for line in Chronicle(match).lines(viewer) if line.kind == "chat"]
    assert [(line.seat, line.notation, line.words) for line in chat] == [
        (0, "", "Ann: good luck"),
        (1, "", "Bob: *thanks* [x](y)"),
        (SPECTATOR, "", "Zed: well played"),
    ]
    assert [(line.speaker, line.said) for line in chat][2] == ("Zed", "well played")


def test_a_chat_line_is_told_in_the_chapter_it_was_said_in(match: Match) -> None:
    lines = Chronicle(match).lines(None)
    for number, line in enumerate(lines):
        if line.kind == "chat" and number:
            assert line.chapter == lines[number - 1].chapter


def test_since_your_last_turn_leaves_chat_out(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=7, moves=3)  # both dice, then Ann's move: Bob is to move
        opened.chat(0, "your turn")
        opened.chat(1, "thinking")
        play(opened, seed=7, moves=1)
        said = Chronicle(opened.match).since_last_turn(0)
    assert [line.kind for line in said] == ["move"]


def test_stepping_through_a_replay_never_stops_on_a_chat_line(match: Match) -> None:
    chat = {
        n + 1 for n, e in enumerate(match.entries) if isinstance(e, MetaEntry) and e.what == "chat"
    }
    cursor = ReplayCursor(match, None)
    stops = []
    while not cursor.at_end:
        stops.append(cursor.next_decision())
    assert not chat & set(stops[:-1])
    cursor.seek(next(iter(sorted(chat))) + 1)
    current = cursor.current_move()
    assert current is not None and current.kind != "chat"


def test_the_text_transcript_carries_the_chat_with_its_sender(match: Match) -> None:
    lines = to_text(match).splitlines()
    assert "       chat · Ann: good luck" in lines
    assert "       chat · Bob: *thanks* [x](y)" in lines
    assert "       chat · Zed: well played" in lines
    turns = [line for line in lines if line[:5].strip().isdigit()]
    assert len(turns) == sum(1 for _, e in match.actions() if e.seat != CHANCE)


def test_the_markdown_transcript_shows_the_chat_as_it_was_written(match: Match) -> None:
    markdown = to_markdown(match)
    assert "\n- *chat* · **Ann:** good luck\n" in markdown
    assert "\n- *chat* · **Bob:** \\*thanks\\* \\[x\\](y)\n" in markdown
    assert "\n- *chat* · **Zed:** well played\n" in markdown


def test_the_json_export_keeps_every_chat_entry(match: Match) -> None:
    document = json.loads(to_json(match))
    said = [e["data"] for e in document["entries"] if e.get("what") == "chat"]
    assert said[2] == {"seat": SPECTATOR, "text": "well played", "name": "Zed"}
    assert from_json(to_json(match))[1] == list(match.entries)


def forged(path: Path, data: dict[str, Any]) -> Path:
    """A Crossing match file, its chain intact, holding one chat entry with `data`."""
    rules = Crossing()
    rng = random.Random(3)
    with create_match(rules, (Seat("Ann"), Seat("Ben")), {}) as opened:
        for _ in range(2):
            opened.submit(rng.choice(rules.legal_actions(opened.match.state)))
        log = read_log(opened.path)
    with LogWriter.create(path, log.header) as writer:
        writer.append_many([*log.entries, MetaEntry("chat", data, 1.0)])
    return path


@pytest.mark.parametrize(
    "data",
    [
        {"seat": 0, "text": "\x1b]0;pwned\x07hi"},
        {"seat": 0, "text": "x" * 201},
        {"seat": "0", "text": "hi"},
        {"seat": 2, "text": "hi"},
        {"seat": SPECTATOR, "text": "hi"},
    ],
)
def test_verify_rejects_a_forged_chat_entry(
    tmp_path: Path, data: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    path = forged(tmp_path / "forged.parlour", data)
    assert main(["verify", str(path)]) == 1
    assert "bad entry at entry 2: a " in capsys.readouterr().out


def test_verify_accepts_a_clean_chat_entry(tmp_path: Path) -> None:
    path = forged(tmp_path / "clean.parlour", {"seat": SPECTATOR, "text": "hi", "name": "Zed"})
    assert main(["verify", str(path)]) == 0
