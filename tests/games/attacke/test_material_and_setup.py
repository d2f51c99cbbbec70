"""RULES.md §2 material and setup: the deck table, the chips, the first player, the deal."""

from __future__ import annotations

from collections import Counter

import pytest

from core.games.attacke.actions import Draw, First
from core.games.attacke.deck import (
    CHIP_COUNT,
    COLOURS,
    DECK,
    DECK_SIZE,
    colour_of,
    is_knight,
    value_of,
)
from core.games.attacke.pile import pile_counts, pile_size
from core.rules import CHANCE, BadOption, IllegalAction
from tests.games.attacke.script import RULES, deal


def test_the_deck_is_96_cards_90_knights_in_five_colours_and_6_shields() -> None:
    assert DECK_SIZE == 96
    knights = Counter({c: n for c, n in DECK.items() if is_knight(c)})
    assert sum(knights.values()) == 90
    for colour in COLOURS:
        mine = {value_of(c): n for c, n in DECK.items() if colour_of(c) == colour}
        assert mine == {2: 4, 3: 4, 4: 4, 5: 4, 7: 2}
    assert {c: n for c, n in DECK.items() if not is_knight(c)} == {"7S": 3, "10S": 3}


def test_there_are_25_chips_five_per_colour() -> None:
    assert CHIP_COUNT == 25
    assert len(COLOURS) == 5


def test_the_game_is_for_three_to_five_players_with_two_options() -> None:
    for players in (3, 4, 5):
        assert RULES.new(players, {}).players == players
    for players in (2, 6):
        with pytest.raises(ValueError):
            RULES.new(players, {})
    assert RULES.new(3, {}).chips_to_win == 4
    assert RULES.new(3, {"chips_to_win": 5}).chips_to_win == 5
    assert RULES.new(3, {}).face_down is False
    with pytest.raises(BadOption):
        RULES.new(3, {"chips_to_win": 3})


def test_chance_picks_the_first_player_before_anything_is_dealt() -> None:
    state = RULES.new(4, {})
    assert RULES.to_move(state) == CHANCE
    assert RULES.legal_actions(state) == [First(0), First(1), First(2), First(3)]
    with pytest.raises(IllegalAction):
        RULES.apply(state, Draw("R2"))
    state = RULES.apply(state, First(2))
    assert state.first == 2 and state.phase == "deal" and state.actor == 2


def test_the_first_player_is_dealt_four_cards_and_every_other_player_five() -> None:
    state = deal("R2 R3 R5 7S B7", "R4 R7 B2 B3", "G2 G3 G4 Y2 Y3", "P2 P3 P4 P5 P7", first=1)
    assert [len(h) for h in state.hands] == [5, 4, 5, 5]
    assert pile_size(state) == 96 - 19
    assert state.phase == "open" and state.actor == 1


def test_the_deal_goes_round_from_the_first_player_one_named_card_at_a_time() -> None:
    state = RULES.apply(RULES.new(3, {}), First(1))
    receivers = []
    while state.phase == "deal":
        receivers.append(state.actor)
        state = RULES.apply(state, Draw(("R2", "G3", "B4", "Y5")[len(receivers) % 4]))
    assert receivers == [1, 2, 0] * 4 + [2, 0]


def test_a_draw_must_name_a_card_still_in_the_pile() -> None:
    state = RULES.apply(RULES.new(3, {}), First(0))
    for _ in range(3):
        state = RULES.apply(state, Draw("10S"))
    assert pile_counts(state)["10S"] == 0
    assert Draw("10S") not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="No 10-shield is left"):
        RULES.apply(state, Draw("10S"))


def test_no_deck_order_exists_the_pile_is_what_is_not_elsewhere() -> None:
    state = deal("R2 R3 R5 7S", "R4 R7 B2 B3 10S", "G2 G3 G4 Y2 Y3")
    fields = set(vars(state))
    assert not any("pile" in f or "deck" in f for f in fields)
    assert sum(pile_counts(state).values()) == 96 - 14
