"""Fixtures for the replays tests: the toy game, seats, and match files made by playing."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from core.match import Seat
from core.rules import CHANCE
from replays.store import OpenMatch, create_match
from tests.replays.toygame import Counting

SEATS = (Seat("Ann"), Seat("Bob", "bot", "random"))


class Ticks:
    """A clock that moves one second per reading, so entry times are known and distinct."""

    def __init__(self, start: float = 1_750_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def play(opened: OpenMatch, seed: int, moves: int | None = None) -> None:
    """Play `moves` entries (or to the end) with a seeded random player."""
    rng = random.Random(seed)
    rules: Any = opened.match.rules
    done = 0
    while opened.match.to_move() is not None and (moves is None or done < moves):
        state = opened.match.state
        if opened.match.to_move() == CHANCE:
            opened.submit(rules.sample_chance(state, rng))
        else:
            opened.submit(rng.choice(rules.legal_actions(state)))
        done += 1


@pytest.fixture
def counting() -> Counting:
    return Counting()


@pytest.fixture
def finished_file(counting: Counting) -> Path:
    """A finished Counting match with two notes, closed."""
    with create_match(counting, SEATS, {}, clock=Ticks()) as opened:
        play(opened, seed=7)
        opened.annotate(4, "a bold start", "!?")
        opened.annotate(-1, "both players were new to the game")
        return opened.path
