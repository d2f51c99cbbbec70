"""What one seat may see of an En Garde position: the app and the bots read only this."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Phase = Literal["deal", "turn", "defend", "riposte", "last-chance", "over"]
"""deal: chance is dealing or refilling; turn: a normal turn; defend: parry (or, against an
advance-and-attack, retreat) or pass; riposte: the turn a defender takes right after a parry,
before drawing; last-chance: basic level's final attack-or-decline; over: the match is won."""

RoundReason = Literal["hit", "no-move", "hands", "advance", "draw"]


@dataclass(frozen=True)
class PendingAttack:
    """An attack waiting for the defender's answer."""

    attacker: int
    value: int
    count: int
    advanced: bool
    """True for an advance-and-attack (retreat allowed), False for a plain attack."""


@dataclass(frozen=True)
class RoundResult:
    """How a round ended. winner is None for a drawn round."""

    round: int
    winner: int | None
    reason: RoundReason
    detail: str
    """One sentence for players, e.g. "Hands compared at distance 4: 2 fours against 1"."""
    positions: tuple[int, int] | None = None
    """Where the fencers stood as the round ended (the board resets them for the next one)."""


@dataclass(frozen=True)
class EnGardeView:
    level: str
    viewer: int | None
    """The seat this view is for; None = everything (finished matches, tests)."""
    round: int
    starter: int
    """The seat that started this round."""
    phase: Phase
    to_move: int | None
    """The seat to act, CHANCE while dealing/drawing, None when the match is over."""
    positions: tuple[int, int]
    """Spaces 1..23; seat 0's fencer starts on 1, seat 1's on 23."""
    hands: tuple[tuple[int, ...] | None, tuple[int, ...] | None]
    """Sorted card values of each hand the viewer may see; None for a hidden hand."""
    hand_sizes: tuple[int, int]
    pile: int
    """Cards left in the face-down draw pile."""
    discard_top: int | None
    discard_count: int
    scores: tuple[int, int]
    """Rounds won, 0..5."""
    pending: PendingAttack | None
    rounds: tuple[RoundResult, ...]
    """Every finished round, oldest first."""

    @property
    def distance(self) -> int:
        return self.positions[1] - self.positions[0]

    @property
    def advances(self) -> tuple[int, int]:
        return (self.positions[0] - 1, 23 - self.positions[1])
