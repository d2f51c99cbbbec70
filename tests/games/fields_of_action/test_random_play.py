"""Random-play properties over a few hundred seeded games (tens of thousands of moves).

Each move checks: a game not over has legal moves, and (in every tenth game) every one of them
applies, while random other from-to pairs are refused;
`apply`'s direct check agrees with the move list; stones never increase and every stone is on
the board or in its captor's list; notation and wire forms round-trip (every legal move in
every other game) and the game ends.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from core.games.fields_of_action import Capture, FieldsAction, FieldsState, Move
from core.rules import IllegalAction
from tests.games.fields_of_action.script import RULES, new

GAMES = 160


def _others(state: FieldsState, rng: random.Random, legal: set[FieldsAction]) -> list[Any]:
    """A few actions that are not legal here: random from-to pairs, wrong capture numbers."""
    out: list[Any] = []
    for _ in range(6):
        origin, target = rng.randrange(64), rng.randrange(64)
        if origin == target:
            continue
        other = state.board[target]
        move: FieldsAction = Move(origin, target)
        if other is not None:
            move = Capture(origin, target, other.number)
        if move not in legal:
            out.append(move)
        out.append(Capture(origin, target, rng.randrange(1, 13)))
    return [a for a in out if a not in legal]


def _check_position(state: FieldsState) -> None:
    for side in (0, 1):
        on_board = {s.number for _, s in state.stones if s.side == side}
        taken = set(state.captured[1 - side])
        assert on_board.isdisjoint(taken) and on_board | taken == set(range(1, 13))
    assert len(state.seen) == state.since_capture + 1


def test_random_games_keep_every_invariant() -> None:
    lengths, reasons = [], set()
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = new(first=("white", "black")[seed % 2])
        while RULES.to_move(state) is not None:
            _check_position(state)
            actions = RULES.legal_actions(state)
            legal = set(actions)
            assert actions and len(legal) == len(actions)
            for action in actions if seed % 2 == 0 else actions[:1]:
                assert RULES.parse(state, RULES.notation(action)) == action
                assert RULES.from_wire(action.to_wire()) == action
                assert RULES.describe(state, action, None, ("White", "Black"))
            for action in actions if seed % 10 == 0 else ():
                RULES.apply(state, action)
            for action in _others(state, rng, legal):
                try:
                    RULES.apply(state, action)
                except IllegalAction:
                    continue
                raise AssertionError(f"{action} was accepted but is not in the legal moves")
            action = rng.choice(actions)
            after = RULES.apply(state, action)
            assert len(after.stones) <= len(state.stones)
            assert len(after.stones) == len(state.stones) - isinstance(action, Capture)
            assert after.ply == state.ply + 1
            state = after
        _check_position(state)
        outcome = RULES.outcome(state)
        assert outcome is not None and outcome.reason
        assert RULES.legal_actions(state) == []
        lengths.append(state.ply)
        assert state.result is not None
        reasons.add(state.result.reason)
    assert "run" in reasons
    assert sum(lengths) > 20_000  # measured: 28,196 moves


@given(st.text(alphabet="abcdhi0189-x \u2013X", max_size=7))
def test_parse_reads_notation_or_refuses_plainly(text: str) -> None:
    try:
        action = RULES.parse(new(), text)
    except IllegalAction:
        return
    assert RULES.parse(new(), RULES.notation(action)) == action


wire_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=70)
    | st.floats(allow_nan=False)
    | st.sampled_from(["move", "capture", "d2", "d5", "a1", "h8", "D2", "i9", ""]),
    lambda inner: st.lists(inner, max_size=5),
    max_leaves=8,
)


@given(wire_values)
def test_from_wire_reads_an_action_or_refuses_plainly(wire: Any) -> None:
    try:
        action = RULES.from_wire(wire)
    except IllegalAction:
        return
    assert action.to_wire() == wire
