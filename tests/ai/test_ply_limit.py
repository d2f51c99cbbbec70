"""A match between bots always ends: `play_out` stops at its ply limit and says so."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest

from core.match import Header, Match, Seat
from core.play import play_out
from core.rules import Action, IllegalAction, Rules, Wire
from tests.ai.toys import Add, Count, Race


class TugOfWar(Race):
    """Two seats pull a rope's mark (Race's count) one step either way: at 3 seat 0 wins, at
    -3 seat 1."""

    id: ClassVar[str] = "tug"
    title: ClassVar[str] = "Tug of war"

    def legal_actions(self, state: Count) -> list[Add]:
        return [] if state.winner is not None else [Add(1), Add(-1)]

    def apply(self, state: Count, action: Add) -> Count:
        if state.winner is not None or action.n not in (1, -1):
            raise IllegalAction("pull one step either way")
        mark = state.total + action.n
        winner = None if abs(mark) < 3 else (0 if mark > 0 else 1)
        return Count(state.players, mark, 1 - state.turn, winner)

    def from_wire(self, wire: Wire) -> Add:
        assert isinstance(wire, int)
        return Add(wire)


class Undoer:
    """Pulls the mark back to the middle: seat 0 pulls up from below, seat 1 down from above,
    so the two shuffle between 0 and ±1 for ever."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(
        self, rules: Rules[Any, Any, Any], view: Any, legal: Any, budget: Any = None
    ) -> Action:
        self.calls += 1
        return Add(1) if view.total <= 0 else Add(-1)


def _match() -> Match:
    seats = (Seat("A", "bot", "undo"), Seat("B", "bot", "undo"))
    return Match(TugOfWar(), Header("tug", {}, seats, "endless"))


def test_an_endless_pairing_stops_at_the_ply_limit_unfinished() -> None:
    match = _match()
    bots = {0: Undoer(), 1: Undoer()}
    assert play_out(match, bots, random.Random(1), max_plies=41) is None
    assert len(match.actions()) == 41
    assert match.outcome() is None and not match.is_over
    assert bots[0].calls + bots[1].calls == 41


def test_a_match_that_ends_within_the_limit_returns_its_outcome() -> None:
    class Puller:
        def choose(self, rules: Any, view: Any, legal: Any, budget: Any = None) -> Action:
            return Add(1)

    match = _match()
    outcome = play_out(match, {0: Puller(), 1: Puller()}, random.Random(1), max_plies=5)
    assert outcome is not None and outcome.winners == (0,)
    assert len(match.actions()) == 3  # both pull up: over at the third pull


def test_a_ply_limit_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        play_out(_match(), {0: Undoer(), 1: Undoer()}, random.Random(1), max_plies=0)
