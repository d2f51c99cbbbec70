"""The Giant's wife: after the deal Jack moves any one card to any place in the same castle.

Decision (RULES.md is silent): Jack may also leave the castles as dealt (`KeepDeal`, "w-"); a
Wife move must really move its card (the same place is refused, pointing to "w-"). Moving a
card one place along gives the same castles as moving its neighbour back: both are listed.
"""

from __future__ import annotations

from core.games.englishman.actions import KeepDeal, SetupAction, Wife
from core.games.englishman.castles import check_castle, moved_within, name, replace_castle
from core.games.englishman.state import EnglishmanState
from core.games.englishman.turn import after_action
from core.rules import IllegalAction


def setup_moves(state: EnglishmanState) -> list[SetupAction]:
    moves: list[SetupAction] = [KeepDeal()]
    for c, castle in enumerate(state.castles):
        n = len(castle)
        moves.extend(Wife(c, i, j) for i in range(n) for j in range(n) if i != j)
    return moves


def wife(state: EnglishmanState, action: SetupAction) -> EnglishmanState:
    if isinstance(action, KeepDeal):
        return after_action(state, action, state.castles)
    c = check_castle(action.castle)
    castle = state.castles[c]
    n = len(castle)
    for place in (action.card, action.to):
        if type(place) is not int or not 0 <= place < n:
            raise IllegalAction(f"{name(c).capitalize()} has places 1 to {n} only")
    if action.card == action.to:
        raise IllegalAction("That leaves the card where it is: write w- to keep the deal")
    moved = moved_within(castle, action.card, action.to)
    return after_action(state, action, replace_castle(state.castles, c, moved))
