"""Random-play properties of En Garde at every level, over thousands of plies.

Each ply checks: legal actions exist until the match ends and all apply; a broad sample of
other actions (junk included) is refused with IllegalAction; the 25 cards are conserved; a
seat's view does not depend on the other hand; notation and wire forms round-trip.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import pytest

from core.games.en_garde import EnGardeState
from core.games.en_garde.actions import (
    AdvanceAttack,
    Attack,
    Draw,
    EnGardeAction,
    Move,
    Parry,
    Pass,
    Retreat,
)
from core.games.en_garde.pile import pile_size
from core.games.en_garde.state import LEVELS
from core.rules import CHANCE, IllegalAction
from tests.core.test_en_garde_script import RULES

NUMBERS = range(0, 7)
BROAD: list[object] = [
    *(Draw(n) for n in NUMBERS),
    *(Draw(n, seat, kind) for n in NUMBERS for seat in (0, 1, 2) for kind in ("deal", "refill")),
    Draw(3, 0),
    *(Move(n, f) for n in NUMBERS for f in (True, False)),
    *(Attack(v, c) for v in NUMBERS for c in NUMBERS),
    *(AdvanceAttack(m, v, c) for m in NUMBERS for v in NUMBERS for c in NUMBERS),
    *(Retreat(n) for n in NUMBERS),
    Parry(),
    Pass(),
    Move(True, True),
    Move(3, 1),  # type: ignore[arg-type]
    Attack("4", 1),  # type: ignore[arg-type]
    Attack(4, -1),
    AdvanceAttack(1.0, 4, 1),  # type: ignore[arg-type]
    Retreat(None),  # type: ignore[arg-type]
    Draw(True),
    None,
    "x4",
    ["move", 3, True],
]
MATCHES_PER_LEVEL = 12


def plies(level: str, seed: int) -> Iterator[tuple[EnGardeState, EnGardeAction, EnGardeState]]:
    """(before, action, after) for one whole random match."""
    rng = random.Random(seed)
    state = RULES.new(2, {"level": level, "starts": seed % 2 + 1})
    for _ in range(20_000):
        if RULES.to_move(state) is None:
            return
        if RULES.to_move(state) == CHANCE:
            action: EnGardeAction = RULES.sample_chance(state, rng)
        else:
            action = rng.choice(RULES.legal_actions(state))
        after = RULES.apply(state, action)
        yield state, action, after
        state = after
    raise AssertionError("a random match did not end within 20,000 plies")


@pytest.mark.parametrize("level", LEVELS)
def test_random_matches_keep_every_rule_invariant(level: str) -> None:
    rng = random.Random(1000)
    count = 0
    for seed in range(MATCHES_PER_LEVEL):
        drawn: Counter[int] = Counter()
        for before, action, after in plies(level, seed):
            count += 1
            legal = RULES.legal_actions(before)
            assert legal and action in legal
            _check_legality(before, legal, rng)
            _check_forms(before, legal)
            if before.round != after.round:
                drawn = Counter()  # the first deal card of a round resets the table
            if isinstance(action, Draw):
                drawn[action.card] += 1
            _check_conservation(after, drawn)
            _check_views(after)
        assert RULES.outcome(after) is not None and max(after.scores) == 5
        assert RULES.legal_actions(after) == []
    assert count > 3000


def _check_legality(state: EnGardeState, legal: list[EnGardeAction], rng: random.Random) -> None:
    for action in legal:
        RULES.apply(state, action)
    for candidate in rng.sample(BROAD, 24):
        if candidate in legal:
            continue
        if isinstance(candidate, Draw) and candidate.seat is None and candidate.kind is None:
            # the legacy form of a draw (old files) applies exactly when its full form does
            full = [a for a in legal if isinstance(a, Draw) and a.card == candidate.card]
            full = full if type(candidate.card) is int else []
            if full:
                assert RULES.apply(state, candidate) == RULES.apply(state, full[0])
                continue
        with pytest.raises(IllegalAction):
            RULES.apply(state, candidate)  # type: ignore[arg-type]


def _check_forms(state: EnGardeState, legal: list[EnGardeAction]) -> None:
    for action in legal:
        assert RULES.parse(state, RULES.notation(action)) == action
        assert RULES.from_wire(action.to_wire()) == action
        for viewer in (0, 1, None):
            assert RULES.describe(state, action, viewer, ("Ann", "Bob"))


def _check_conservation(state: EnGardeState, drawn: Counter[int]) -> None:
    """Every card dealt or drawn this round is in a hand or the discard; the rest is the pile."""
    if state.phase == "over":
        return
    held = Counter(state.hands[0]) + Counter(state.hands[1]) + Counter(state.discard)
    assert held == drawn
    assert pile_size(state) == 25 - sum(drawn.values())
    assert all(n <= 5 for n in drawn.values())
    assert all(len(hand) <= 5 for hand in state.hands)


def _check_views(state: EnGardeState) -> None:
    last = state.results[-1] if state.results else None
    if state.phase in ("round-over", "over") and last is not None and last.hands is not None:
        # a hand comparison revealed both hands: every view shows them, as the result does
        assert last.hands == state.hands and last.reason in ("hands", "advance", "draw")
        assert RULES.view(state, 0).hands == RULES.view(state, 1).hands == state.hands
        return
    for seat in (0, 1):
        other = 1 - seat
        view = RULES.view(state, seat)
        assert view.hands[seat] == state.hands[seat] and view.hands[other] is None
        hands = list(state.hands)
        hands[other] = (1,) * len(hands[other])
        swapped = replace(state, hands=(hands[0], hands[1]))
        assert RULES.view(swapped, seat) == view
    assert RULES.view(state, None).hands == state.hands
