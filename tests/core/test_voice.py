"""The two voices of a move: told in the past, advised in the imperative."""

from __future__ import annotations

import pytest

from core.voice import ADVISED, TOLD, past


@pytest.mark.parametrize(
    ("verb", "told"),
    [
        ("move", "moved"),
        ("attack", "attacked"),
        ("parry", "parried"),
        ("play", "played"),
        ("take", "took"),
        ("draw", "drew"),
        ("put", "put"),
        ("fight", "fought"),
    ],
)
def test_past_tells_the_simple_past_of_the_games_verbs(verb: str, told: str) -> None:
    assert past(verb) == told


def test_a_told_move_names_its_player_and_an_advised_one_speaks_to_him() -> None:
    assert TOLD.subject("Ann") + TOLD.verb("retreat") == "Ann retreated"
    assert ADVISED.subject("Ann") + ADVISED.verb("retreat") == "retreat"
    assert (TOLD.pick("his", "your"), ADVISED.pick("his", "your")) == ("his", "your")
