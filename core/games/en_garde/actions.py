"""En Garde's actions: one decision each. Chance draws name the card drawn.

Each action's wire form is a short list whose first item names it (see docs/FORMAT.md);
`from_wire` reads any of them back and refuses everything else with IllegalAction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.rules import IllegalAction, Wire, Wired

DrawKind = Literal["deal", "refill"]
"""A draw deals a round's hands, or refills a hand after a turn."""
DRAW_KINDS: tuple[DrawKind, ...] = ("deal", "refill")

_LARGEST = 5
"""Card values and card counts both run from 1 to 5."""


@dataclass(frozen=True)
class Draw(Wired):
    """Chance: the next card to come off the pile, for `seat`, as the deal or a refill.

    `legal_actions` and `sample_chance` always name the receiver and the kind. The legacy form
    (both None, wire `["draw", card]`, written by earlier Parlour versions) is still applied:
    the card then goes to whoever is due to receive one.
    """

    card: int
    seat: int | None = None
    kind: DrawKind | None = None

    def to_wire(self) -> Wire:
        if self.seat is None and self.kind is None:
            return ["draw", self.card]
        return ["draw", self.card, self.seat, self.kind]


@dataclass(frozen=True)
class Move(Wired):
    """Play `card` and move exactly that many spaces; forward is toward the opponent."""

    card: int
    forward: bool

    def to_wire(self) -> Wire:
        return ["move", self.card, self.forward]


@dataclass(frozen=True)
class Attack(Wired):
    """Attack with `count` cards of `value` (= the distance); count > 1 is a strengthened attack."""

    value: int
    count: int = 1

    def to_wire(self) -> Wire:
        return ["attack", self.value, self.count]


@dataclass(frozen=True)
class AdvanceAttack(Wired):
    """Advanced level: play `move` to step forward, then attack with `count` cards of `value`."""

    move: int
    value: int
    count: int = 1

    def to_wire(self) -> Wire:
        return ["advance", self.move, self.value, self.count]


@dataclass(frozen=True)
class Parry(Wired):
    """Defend by playing as many cards of the attack's value as the attack used."""

    def to_wire(self) -> Wire:
        return ["parry"]


@dataclass(frozen=True)
class Retreat(Wired):
    """Advanced level, against an advance-and-attack only: play `card` and move back."""

    card: int

    def to_wire(self) -> Wire:
        return ["retreat", self.card]


@dataclass(frozen=True)
class Pass(Wired):
    """Decline: take the hit instead of parrying, or let basic's last attack chance go."""

    def to_wire(self) -> Wire:
        return ["pass"]


EnGardeAction = Draw | Move | Attack | AdvanceAttack | Parry | Retreat | Pass


def from_wire(wire: Wire) -> EnGardeAction:
    """The action `to_wire` produced; raises IllegalAction on anything malformed."""
    if isinstance(wire, list) and wire and isinstance(wire[0], str):
        tag, args = wire[0], wire[1:]
        if tag == "draw" and len(args) == 3:
            seat, kind = args[1], args[2]
            if type(seat) is int and seat in (0, 1) and kind == "deal":
                return Draw(_number(args[0], wire), seat, "deal")
            if type(seat) is int and seat in (0, 1) and kind == "refill":
                return Draw(_number(args[0], wire), seat, "refill")
            raise _malformed(wire)
        arity = {"draw": 1, "move": 2, "attack": 2, "advance": 3, "retreat": 1}.get(tag, 0)
        if len(args) == arity:
            if tag == "draw":
                return Draw(_number(args[0], wire))
            if tag == "move" and type(args[1]) is bool:
                return Move(_number(args[0], wire), args[1])
            if tag == "attack":
                return Attack(_number(args[0], wire), _number(args[1], wire))
            if tag == "advance":
                numbers = [_number(arg, wire) for arg in args]
                return AdvanceAttack(*numbers)
            if tag == "retreat":
                return Retreat(_number(args[0], wire))
            if tag in ("parry", "pass"):
                return Parry() if tag == "parry" else Pass()
    raise _malformed(wire)


def _number(value: Wire, wire: Wire) -> int:
    """A card value or card count: a whole number from 1 to 5 (never a bool)."""
    if type(value) is not int or not 1 <= value <= _LARGEST:
        raise _malformed(wire)
    return value


def _malformed(wire: Wire) -> IllegalAction:
    shown = repr(wire)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return IllegalAction(f"Not an En Garde action: {shown}")
