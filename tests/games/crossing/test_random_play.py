"""Random play: hundreds of seeded random matches, checking the invariants after every move.

Each ply: the chosen action applies and its notation and wire forms round-trip (every legal
action, on one ply in FULL_CHECK_EVERY); stone counts never grow; crossed counts never
shrink; the match ends with an outcome; `apply` refuses junk.
"""

from __future__ import annotations

import itertools
import random

import pytest

from core.games.crossing import CrossingAction, CrossingState, PhalanxMove, Step
from core.games.crossing.board import SQUARES
from core.rules import IllegalAction
from tests.games.crossing.script import RULES

GAMES = 300
FULL_CHECK_EVERY = 7
"""Every legal action is applied and round-tripped on one ply in this many."""


def _random_match(seed: int) -> list[CrossingState]:
    rng = random.Random(seed)
    options = {"exact_distance": seed % 5 == 0, "capture_limit": rng.choice([0, 60, 200])}
    state = RULES.new(2, options)
    states = [state]
    while RULES.to_move(state) is not None:
        legal = RULES.legal_actions(state)
        assert legal, "a side with no move ends the match at once"
        if len(states) % FULL_CHECK_EVERY == 0:
            for action in legal:
                _round_trips(state, action)
                RULES.apply(state, action)
        # prefer captures and forward moves now and then, so matches reach their ends
        captures = [a for a in legal if a.captured is not None]
        action = rng.choice(captures if captures and rng.random() < 0.5 else legal)
        _round_trips(state, action)
        state = RULES.apply(state, action)
        states.append(state)
        assert len(states) < 2000
    return states


def _round_trips(state: CrossingState, action: CrossingAction) -> None:
    text = RULES.notation(action)
    assert RULES.parse(state, text) == action, text
    assert RULES.from_wire(action.to_wire()) == action


@pytest.mark.parametrize("chunk", range(6))
def test_random_matches_keep_every_invariant(chunk: int) -> None:
    ends = set()
    for seed in range(chunk * GAMES // 6, (chunk + 1) * GAMES // 6):
        states = _random_match(seed)
        for before, after in itertools.pairwise(states):
            for seat in (0, 1):
                assert len(after.stones(seat)) <= len(before.stones(seat))
                assert after.crossed[seat] >= before.crossed[seat]
            assert len(after.white) + len(after.black) >= len(before.white) + len(before.black) - 1
            assert abs(after.crossed[0] - after.crossed[1]) <= 1
            hash(after)
        final = states[-1]
        outcome = RULES.outcome(final)
        assert outcome is not None and outcome.reason
        assert final.end is not None
        ends.add(final.end)
        with pytest.raises(IllegalAction):
            RULES.apply(final, RULES.legal_actions(states[-2])[0])
    assert "unanswered" in ends


def test_apply_refuses_random_junk_moves_it_did_not_generate() -> None:
    rng = random.Random(5)
    state = RULES.new(2, {})
    refused = 0
    for _ in range(400):
        legal = set(RULES.legal_actions(state))
        a, b, c = (rng.choice(SQUARES) for _ in range(3))
        for junk in (Step(a, b, rng.random() < 0.5), PhalanxMove(a, b, c, rng.random() < 0.5)):
            if junk in legal:
                RULES.apply(state, junk)
            else:
                with pytest.raises(IllegalAction):
                    RULES.apply(state, junk)
                refused += 1
        state = RULES.apply(state, rng.choice(sorted(legal, key=RULES.notation)))
        if RULES.to_move(state) is None:
            state = RULES.new(2, {})
    assert refused > 700
