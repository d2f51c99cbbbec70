"""The position key a move writes (from the one before, in three writes) is the key of the
position it leads to: the repetition rule depends on it."""

from __future__ import annotations

import random

from core.games.fields_of_action.rules import FieldsOfAction
from core.games.fields_of_action.state import position_key


def test_every_move_records_the_key_of_the_position_it_leads_to() -> None:
    rules = FieldsOfAction()
    rng = random.Random(5)
    checked = 0
    for _ in range(20):
        state = rules.new(2, {})
        while rules.to_move(state) is not None:
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
            assert state.seen[-1] == position_key(state.board, state.mover)
            checked += 1
    assert checked > 1_000
