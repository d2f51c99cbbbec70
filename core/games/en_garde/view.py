"""What one seat may see of an En Garde position: the app and the bots read only this."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Phase = Literal["deal", "refill", "turn", "defend", "riposte", "last-chance", "round-over", "over"]
"""deal: chance deals a round's ten cards, alternately, the round's starter first; refill:
chance draws `actor` back up to five after a turn; turn: a normal turn; defend: parry (or,
against an advance-and-attack, retreat) or pass; riposte: the turn a defender takes right after
a parry, before drawing; last-chance: basic level's final attack-or-decline; round-over: a
round has just ended and the table is as it ended (fencers, discard, hands, result); chance
acts next, and its first draw resets the piste and deals the next round's first card; over:
the match is won, the last round's table kept."""

DrawKind = Literal["deal", "refill"]

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
    """Where the fencers stood as the round ended."""
    hands: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    """Both final hands (sorted), when the round ended in a hand comparison (the pile ran out,
    standard and advanced levels): they are revealed to both seats. None otherwise."""

    @property
    def distance(self) -> int | None:
        return None if self.positions is None else self.positions[1] - self.positions[0]

    @property
    def held(self) -> tuple[int, int] | None:
        """Cards equal to the distance in each revealed hand (what the comparison counts)."""
        gap = self.distance
        if self.hands is None or gap is None:
            return None
        return (self.hands[0].count(gap), self.hands[1].count(gap))


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
    """The seat to act, CHANCE while dealing/drawing (and in round-over), None when over."""
    actor: int
    """The seat acting now or receiving the next card (in round-over: the next round's
    starter, who is dealt its first card); in over: the match winner."""
    positions: tuple[int, int]
    """Spaces 1..23; seat 0's fencer starts on 1, seat 1's on 23."""
    hands: tuple[tuple[int, ...] | None, tuple[int, ...] | None]
    """Sorted card values of each hand the viewer may see; None for a hidden hand. In
    round-over and over after a hand comparison both hands show (they were revealed)."""
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
    drawing: int | None
    """The seat receiving the next card while chance acts (deal, refill, round-over), else None."""
    draw_kind: DrawKind | None
    """"deal" (dealing a round, also in round-over) or "refill", while chance acts; else None."""
    deal_round: int | None
    """The round the next card deals ("Dealing round 3"): `round` in deal, `round + 1` in
    round-over; None otherwise."""

    @property
    def distance(self) -> int:
        return self.positions[1] - self.positions[0]

    @property
    def advances(self) -> tuple[int, int]:
        return (self.positions[0] - 1, 23 - self.positions[1])
