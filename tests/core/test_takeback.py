"""Takeback: a meta entry that returns the match to an earlier position, by one policy for every
game: never across a chance outcome (it may have shown a card to someone), never once over."""

from __future__ import annotations

import random

import pytest

from core.games.crossing import Crossing
from core.games.en_garde import EnGarde
from core.match import ActionEntry, Header, Match, MetaEntry, Seat
from core.rules import CHANCE, IllegalAction

CROSSING = Crossing()
SEATS = (Seat("Ann"), Seat("Ben"))


def crossing(snapshot_every: int = 64) -> Match:
    return Match(CROSSING, Header(CROSSING.id, {}, SEATS, "t"), snapshot_every=snapshot_every)


def play(match: Match, plies: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(plies):
        match.submit(rng.choice(match.rules.legal_actions(match.state)))


def test_a_takeback_returns_to_the_position_before_the_seat_s_last_decision() -> None:
    match = crossing()
    play(match, 5)  # Ann, Ben, Ann, Ben, Ann
    before_ben = match.state_at(3)
    entry = match.take_back(1)  # Ben takes back his last move; Ann's reply goes too
    assert isinstance(entry, MetaEntry) and entry.data == {"seat": 1, "to": 3, "moves": 2}
    assert match.state == before_ben and match.to_move() == 1
    assert match.taken_back() == {3, 4}


def test_taken_back_moves_stay_in_the_log_and_replay_from_it() -> None:
    match = crossing()
    play(match, 6)
    match.take_back(0)
    play(match, 3, seed=2)
    again = Match(CROSSING, match.header, match.entries)
    assert again.state == match.state and again.taken_back() == match.taken_back()
    assert [again.state_at(n) for n in range(len(again) + 1)] == [
        match.state_at(n) for n in range(len(match) + 1)
    ]


def test_a_takeback_is_folded_right_across_snapshot_boundaries() -> None:
    small = crossing(snapshot_every=4)
    play(small, 7)
    small.take_back(0)
    play(small, 9, seed=5)
    small.take_back(1)
    play(small, 2, seed=6)
    plain = Match(CROSSING, small.header, small.entries, snapshot_every=1000)
    assert [small.state_at(n) for n in range(len(small) + 1)] == [
        plain.state_at(n) for n in range(len(plain) + 1)
    ]


def test_a_takeback_never_crosses_a_chance_outcome() -> None:
    rules = EnGarde()
    match = Match(rules, Header(rules.id, {}, SEATS, "t"))
    rng = random.Random(4)
    while match.to_move() == CHANCE:
        match.submit(rules.sample_chance(match.state, rng))
    seat = match.to_move()
    assert seat is not None
    match.submit(rules.legal_actions(match.state)[0])  # a move: the refill follows
    match.submit(rules.sample_chance(match.state, rng))
    with pytest.raises(IllegalAction, match="was revealed after it"):
        match.take_back(seat)


def test_there_is_nothing_to_take_back_before_a_first_move_or_after_the_end() -> None:
    match = crossing()
    with pytest.raises(IllegalAction, match="there is no move to take back"):
        match.take_back(0)
    play(match, 2)
    match.resign(0)
    with pytest.raises(IllegalAction, match="over"):
        match.take_back(1)


def test_a_forged_takeback_in_a_file_is_refused_at_its_entry() -> None:
    match = crossing()
    play(match, 4)
    forged = [*match.entries, MetaEntry("takeback", {"seat": 1, "to": 0})]
    with pytest.raises(IllegalAction, match="entry 4"):
        Match(CROSSING, match.header, forged)
    assert all(isinstance(e, ActionEntry) for e in match.entries)
