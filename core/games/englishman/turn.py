"""Turn order: Jack's setup move, then Jack 3 actions a turn, the Giant 1, alternately."""

from __future__ import annotations

from core.frozen import replace
from core.games.englishman.actions import EnglishmanAction
from core.games.englishman.cards import Card
from core.games.englishman.castles import Castles
from core.games.englishman.judge import judged
from core.games.englishman.state import ACTIONS_PER_TURN, GIANT, JACK, EnglishmanState


def after_action(
    state: EnglishmanState,
    action: EnglishmanAction,
    castles: Castles,
    completed: tuple[tuple[Card, ...], ...] | None = None,
    current: tuple[Card, ...] | None = None,
    discards: tuple[Card, ...] | None = None,
) -> EnglishmanState:
    """The position after one action of the actor's turn, passed on when the turn is used up,
    and judged (a won position stays in its turn: `judged`)."""
    left = ACTIONS_PER_TURN[JACK] if state.phase == "setup" else state.actions_left - 1
    actor, turn = state.actor, state.turn
    if left == 0:
        actor = GIANT if actor == JACK else JACK
        left, turn = ACTIONS_PER_TURN[actor], turn + 1
    return judged(
        replace(
            state,
            phase="play",
            castles=castles,
            completed=state.completed if completed is None else completed,
            current=state.current if current is None else current,
            discards=state.discards if discards is None else discards,
            actor=actor,
            actions_left=left,
            turn=turn,
            last=action,
        ),
        state,
    )
