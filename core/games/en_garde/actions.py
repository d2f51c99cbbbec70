"""En Garde's actions: one decision each. Chance draws name the card drawn."""

from __future__ import annotations

from dataclasses import dataclass

from core.rules import Wire


@dataclass(frozen=True)
class Draw:
    """Chance: the next card to come off the pile (for whoever is being dealt or refilling)."""

    card: int

    def to_wire(self) -> Wire:
        return ["draw", self.card]


@dataclass(frozen=True)
class Move:
    """Play `card` and move exactly that many spaces; forward is toward the opponent."""

    card: int
    forward: bool

    def to_wire(self) -> Wire:
        return ["move", self.card, self.forward]


@dataclass(frozen=True)
class Attack:
    """Attack with `count` cards of `value` (= the distance); count > 1 is a strengthened attack."""

    value: int
    count: int = 1

    def to_wire(self) -> Wire:
        return ["attack", self.value, self.count]


@dataclass(frozen=True)
class AdvanceAttack:
    """Advanced level: play `move` to step forward, then attack with `count` cards of `value`."""

    move: int
    value: int
    count: int = 1

    def to_wire(self) -> Wire:
        return ["advance", self.move, self.value, self.count]


@dataclass(frozen=True)
class Parry:
    """Defend by playing as many cards of the attack's value as the attack used."""

    def to_wire(self) -> Wire:
        return ["parry"]


@dataclass(frozen=True)
class Retreat:
    """Advanced level, against an advance-and-attack only: play `card` and move back."""

    card: int

    def to_wire(self) -> Wire:
        return ["retreat", self.card]


@dataclass(frozen=True)
class Pass:
    """Decline: take the hit instead of parrying, or let basic's last attack chance go."""

    def to_wire(self) -> Wire:
        return ["pass"]


EnGardeAction = Draw | Move | Attack | AdvanceAttack | Parry | Retreat | Pass
