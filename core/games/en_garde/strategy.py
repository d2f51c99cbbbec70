"""What the bots need from En Garde (issue 11): determinize, evaluate, candidates.

`determinize(view, rng)` builds a full state that the view's seat cannot tell from the real
one: `EnGarde().view(determinize(v, rng), v.viewer) == v`. What the view hides (the opponent's
hand, the discard below its top; the pile is what remains) is dealt at random from the cards
the viewer has not seen; a deal that the real game could not have reached (an opponent due to
act with nothing legal, or able to answer nothing) is drawn again.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from core.games.en_garde.actions import EnGardeAction
from core.games.en_garde.bout import choices
from core.games.en_garde.parry import can_defend
from core.games.en_garde.pile import COPIES, VALUES
from core.games.en_garde.piste import advances, distance
from core.games.en_garde.scoring import match_winner
from core.games.en_garde.state import LEVELS, EnGardeState, Level
from core.games.en_garde.turn import turn_actions
from core.games.en_garde.view import EnGardeView

if TYPE_CHECKING:
    import random


_TRIES = 200
"""Deals tried before accepting one the real game could not have reached."""


def determinize(view: EnGardeView, rng: random.Random) -> EnGardeState:
    """A full state consistent with `view` (a seat's view, or the everything-view)."""
    level = _level(view.level)
    first = view.starter if view.round % 2 == 1 else 1 - view.starter
    seen = [h for h in view.hands if h is not None]
    unknown = [v for v in VALUES for _ in range(COPIES)]
    for card in (*(c for h in seen for c in h), *_top(view)):
        unknown.remove(card)
    below = max(view.discard_count - 1, 0)
    state = EnGardeState(level, first, view.round, view.phase, view.actor, view.positions)
    chosen = state
    for _ in range(_TRIES):
        rng.shuffle(unknown)
        chosen = _dealt(state, view, unknown, below)
        if _reachable(chosen, view):
            break
    return chosen


def _level(name: str) -> Level:
    for level in LEVELS:
        if level == name:
            return level
    raise ValueError(f"En Garde has no level {name!r}")


def _top(view: EnGardeView) -> tuple[int, ...]:
    return () if view.discard_top is None else (view.discard_top,)


def _dealt(state: EnGardeState, view: EnGardeView, unknown: list[int], below: int) -> EnGardeState:
    """`state` with the hidden hand and the discard below the top taken from `unknown`."""
    rest = iter(unknown)
    hands = [
        hand if hand is not None else tuple(sorted(next(rest) for _ in range(size)))
        for hand, size in zip(view.hands, view.hand_sizes, strict=True)
    ]
    discard = (*(next(rest) for _ in range(below)), *_top(view))
    return EnGardeState(
        level=state.level,
        first=state.first,
        round=state.round,
        phase=state.phase,
        actor=state.actor,
        positions=state.positions,
        hands=(hands[0], hands[1]),
        discard=discard,
        pending=view.pending,
        results=view.rounds,
    )


def _reachable(state: EnGardeState, view: EnGardeView) -> bool:
    """False for a dealt hand the real game would have ended the round on already."""
    hidden = [seat for seat in (0, 1) if view.hands[seat] is None]
    if state.actor not in hidden:
        return True
    if state.phase in ("turn", "riposte"):
        return bool(turn_actions(state, state.actor))
    if state.phase == "defend" and state.pending is not None:
        return can_defend(state, state.actor, state.pending)
    if state.phase == "last-chance":
        return distance(state.positions) in state.hands[state.actor]
    return True


def evaluate(state: EnGardeState, seat: int) -> float:
    """A quick guess at how well `seat` stands, -1..1 (+1: `seat` has won the match).

    Mostly the round score; within a round, the advance lead, cards equal to the distance
    (what attacks, parries and the end-of-pile comparison need), and an attack waiting for an
    answer count for a little.
    """
    winner = match_winner(state)
    if winner is not None:
        return 1.0 if seat == winner else -1.0
    other = 1 - seat
    lead = (state.scores[seat] - state.scores[other]) / 5
    if state.phase == "round-over":
        return math.tanh(2.5 * lead) * 0.95
    ahead = advances(state.positions)
    gap = distance(state.positions)
    push = (ahead[seat] - ahead[other]) / 22
    matching = (state.hands[seat].count(gap) - state.hands[other].count(gap)) / 5
    threat = 0.0
    if state.pending is not None:
        threat = 0.15 if state.pending.attacker == seat else -0.15
    round_edge = 0.3 * push + 0.3 * matching + threat
    return math.tanh(2.5 * lead + 0.6 * round_edge) * 0.95


def candidates(state: EnGardeState) -> list[EnGardeAction]:
    """What a bot should consider: every legal action (En Garde's lists are short)."""
    return choices(state)
