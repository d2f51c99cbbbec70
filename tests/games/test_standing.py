"""The resume list's words for where a match stands name the chapter the table is in: once a
round (contest) has ended, the next one, as the game screen's status line does."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core import registry
from core.rules import CHANCE


def first_chapter_end(game: str, ended: Any, seed: int = 4) -> tuple[Any, Any]:
    """The rules and the first state, in random play, in which a chapter has just ended."""
    rules = registry.get(game)
    rng = random.Random(seed)
    state = rules.new(rules.min_players, {})
    for _ in range(20_000):
        if ended(state):
            return rules, state
        if rules.to_move(state) == CHANCE:
            state = rules.apply(state, rules.sample_chance(state, rng))
        else:
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    raise AssertionError("no chapter ended")


@pytest.mark.parametrize(
    ("game", "ended", "word"),
    [
        ("en-garde", lambda s: s.phase == "round-over" and s.round == 1, "round 2"),
        ("attacke", lambda s: bool(s.results) and s.results[-1].contest == s.contest, "contest"),
    ],
)
def test_once_a_chapter_ends_the_standing_names_the_next(game: str, ended: Any, word: str) -> None:
    rules, state = first_chapter_end(game, ended)
    said = rules.standing(state)
    number = rules.round_of(state) + 1
    assert said.startswith(f"{rules.chapter} {number} · "), said
    assert said.startswith(word)
