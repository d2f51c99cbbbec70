"""The replay cursor: seeking, stepping, turn and round jumps, and whose eyes we look through."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.match import ActionEntry, Match
from core.rules import CHANCE
from replays.cursor import ReplayCursor
from replays.errors import HiddenPerspective
from replays.store import create_match, load_match
from tests.replays.conftest import SEATS, play
from tests.replays.toygame import Counting


@pytest.fixture
def finished(finished_file: Path, counting: Counting) -> Match:
    return load_match(finished_file, rules=counting)[0]


def test_every_position_shows_the_state_after_that_many_entries(finished: Match) -> None:
    cursor = ReplayCursor(finished, None)
    assert cursor.position == 0 and cursor.at_start
    for n in range(len(finished) + 1):
        assert cursor.seek(n) == n
        assert cursor.state == finished.state_at(n)
    assert cursor.at_end


def test_seek_clamps_and_steps_move_one_entry(finished: Match) -> None:
    cursor = ReplayCursor(finished, 0)
    assert cursor.seek(-5) == 0
    assert cursor.seek(10_000) == len(finished)
    assert cursor.step(-1) == len(finished) - 1
    assert cursor.step() == len(finished)
    assert cursor.step() == len(finished)
    assert cursor.start() == 0 and cursor.end() == len(finished)


def test_turn_jumps_stop_where_a_seat_is_about_to_act(finished: Match) -> None:
    cursor = ReplayCursor(finished, 1)
    stops = []
    while not cursor.at_end:
        stops.append(cursor.next_turn())
    seat_moves = [i for i, e in finished.actions() if e.seat != CHANCE]
    assert stops == [*seat_moves, len(finished)]
    back = []
    while not cursor.at_start:
        back.append(cursor.previous_turn())
    assert back == [*reversed(seat_moves), 0]


def test_round_jumps_land_where_each_round_has_been_dealt(
    finished: Match, counting: Counting
) -> None:
    cursor = ReplayCursor(finished, None)
    rounds = [counting.round_of(finished.state_at(n)) for n in range(len(finished) + 1)]
    changes = [n for n in range(1, len(rounds)) if rounds[n] != rounds[n - 1]]
    assert changes  # the fixture match has more than one round
    dealt = []
    for n in changes:  # past the chance outcomes that open the round: its deal is done
        while n < len(finished) and finished.rules.to_move(finished.state_at(n)) == CHANCE:
            n += 1
        dealt.append(n)
    assert cursor.next_round() == dealt[0]
    assert cursor.round == rounds[dealt[0]]
    cursor.end()
    assert cursor.previous_round() == dealt[-1]
    assert cursor.previous_round() == (dealt[-2] if len(dealt) > 1 else 0)
    cursor.end()
    assert cursor.next_round() == len(finished)


def test_everything_only_once_the_match_is_over(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=8, moves=6)
        with pytest.raises(HiddenPerspective, match="only once the match is over"):
            ReplayCursor(opened.match, None)
        cursor = ReplayCursor(opened.match, 0)
        with pytest.raises(HiddenPerspective):
            cursor.perspective = None
        with pytest.raises(HiddenPerspective, match="no seat 3"):
            cursor.perspective = 2
        cursor.end()
        assert cursor.view.dice[1] is None and cursor.view.dice[0] is not None
        with pytest.raises(HiddenPerspective, match="Bob is a bot: its cards can be shown only"):
            cursor.perspective = 1  # nobody sits in a bot's chair to pass the device to
        play(opened, seed=8)
        cursor.perspective = 1
        assert cursor.view.dice[0] is None and cursor.view.dice[1] is not None
        cursor.perspective = None
        assert cursor.position == 6  # the match grew; the cursor stayed put
        assert cursor.end() == len(opened.match)
        assert None not in cursor.view.dice


def test_move_list_follows_the_perspective(finished: Match) -> None:
    names = [s.name for s in SEATS]
    actions = finished.actions()
    everyone = ReplayCursor(finished, None).moves()
    ann = ReplayCursor(finished, 0).moves()
    assert [line.index for line in everyone] == [i for i, _ in actions]
    first_deal_to_bob = next(
        line for line in everyone if line.seat == CHANCE and line.words.startswith("Bob")
    )
    assert first_deal_to_bob.notation.startswith("d")
    hidden = next(line for line in ann if line.index == first_deal_to_bob.index)
    assert hidden.notation == "" and hidden.words == "Bob rolls a die"
    seat_lines = [line for line in ann if line.seat != CHANCE]
    for line in seat_lines:
        entry = finished.entries[line.index]
        assert isinstance(entry, ActionEntry) and line.notation == str(entry.action[1])  # type: ignore[index]
        assert line.words.startswith(names[line.seat])


def test_current_move_and_notes_follow_the_position(finished: Match) -> None:
    cursor = ReplayCursor(finished, None)
    assert cursor.current_move() is None
    assert [n.text for n in cursor.notes()] == ["both players were new to the game"]
    cursor.seek(5)
    current = cursor.current_move()
    assert current is not None and current.index == 4
    assert [(n.glyph, n.text) for n in cursor.notes()] == [("!?", "a bold start")]
