"""The Englishman's position: one frozen record of tuples, open to both players.

It is also the view (nothing is hidden): a castles widget reads `castles` (front first),
`completed` and `current` (Jack's beanstalks), `discards`, `phase`, `actor`, `actions_left` and
`last` (the action that led here, for highlighting). `threats.threats(state)` tells how close
the Giant is to each of his wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.games.englishman.actions import EnglishmanAction
from core.games.englishman.cards import Card

Phase = Literal["deal", "setup", "play", "over"]
"""deal: chance deals the castles; setup: Jack's Giant's-wife move; play: the turns; over."""

JACK = 0
GIANT = 1
ACTIONS_PER_TURN = (3, 1)
"""Jack takes 3 actions a turn, the Giant 1."""


@dataclass(frozen=True)
class EnglishmanState:
    phase: Phase = "deal"
    castles: tuple[tuple[Card, ...], ...] = ()
    """Five castles (0..4; players see 1..5), each front card first, back card last."""
    completed: tuple[tuple[Card, ...], ...] = ()
    """Jack's finished beanstalks: six ascending beanstalk cards, then the treasure."""
    current: tuple[Card, ...] = ()
    """The beanstalk Jack is building, bottom first (the top is the last card)."""
    discards: tuple[Card, ...] = ()
    """Cards the Giant discarded, oldest first (out of the game, visible to both)."""
    actor: int = JACK
    """The seat to act (Jack also makes the setup move)."""
    actions_left: int = 0
    """Actions the actor still has this turn (Jack 3, 2 or 1; the Giant 1)."""
    turn: int = 1
    """Turns started, counting the setup move and Jack's first turn as turn 1."""
    last: EnglishmanAction | None = None
    """The action that led to this position (the deal, the setup move, or a turn's action)."""
    winner: int | None = None
    reason: str = ""
    """Once over: why, e.g. "parallel: the fronts of castles 1, 2, 3 and 5 show ..."."""

    @property
    def beanstalks(self) -> tuple[tuple[Card, ...], ...]:
        """Every beanstalk, completed ones first, then the current one if it has cards."""
        return self.completed + ((self.current,) if self.current else ())

    @property
    def fronts(self) -> tuple[Card | None, ...]:
        """Each castle's front card (None for an empty castle)."""
        return tuple(castle[0] if castle else None for castle in self.castles)

    @property
    def backs(self) -> tuple[Card | None, ...]:
        """Each castle's back card (None for an empty castle)."""
        return tuple(castle[-1] if castle else None for castle in self.castles)

    @property
    def to_move(self) -> int | None:
        """As `Rules.to_move`: the seat to act, -1 for the deal, None once over."""
        if self.phase == "over":
            return None
        return -1 if self.phase == "deal" else self.actor
