"""Crossing's actions: a step of one stone, or a phalanx move (which may capture).

Squares are board indices (see `board`). Each action also says whether it captures and whether
it crosses, so its notation can show `x` and `+` without the position; `apply` refuses an
action whose marks do not match what the move does.

Wire forms are short lists whose first item names the action, squares by name:

    ["step", "c2", "c3", false]                     origin, target, crosses
    ["phalanx", "c2", "c4", "c6", false, false]     tail, lead, lead's target, capture, crosses

`from_wire` reads them back and refuses everything else with IllegalAction.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from core.games.crossing.board import direction_between, name, shift, square
from core.rules import IllegalAction, Wire, Wired


@dataclass(frozen=True)
class Step(Wired):
    """One stone moves one square, in any of the 8 directions, onto an empty square."""

    origin: int
    target: int
    crosses: bool = False
    """The stone reaches the opponent's back rank."""

    @property
    def stones(self) -> tuple[int, ...]:
        return (self.origin,)

    @property
    def targets(self) -> tuple[int, ...]:
        return (self.target,)

    @property
    def captured(self) -> int | None:
        return None

    def to_wire(self) -> Wire:
        return ["step", name(self.origin), name(self.target), self.crosses]


@dataclass(frozen=True)
class PhalanxMove(Wired):
    """The stones from `tail` to `lead` (a line of two or more) move toward and past `lead`,
    so that the leading stone lands on `target`; with `capture`, `target` held an enemy stone,
    now removed.

    Its squares and direction are worked out once per action (`cached_property`: a search
    applies one action to many positions); equality and the wire form stay the fields'."""

    tail: int
    lead: int
    target: int
    capture: bool = False
    crosses: bool = False
    """The leading stone reaches the opponent's back rank."""

    @cached_property
    def direction(self) -> tuple[int, int]:
        line = direction_between(self.tail, self.lead)
        assert line is not None, "a phalanx move's tail and lead are on one line"
        return line[0]

    @cached_property
    def distance(self) -> int:
        travel = direction_between(self.lead, self.target)
        assert travel is not None, "a phalanx move's target is on its line"
        return travel[1]

    @cached_property
    def stones(self) -> tuple[int, ...]:
        """The moving stones' squares, leading stone first."""
        line = direction_between(self.lead, self.tail)
        assert line is not None, "a phalanx move's tail and lead are on one line"
        back, length = line
        return tuple(_along(self.lead, back, i) for i in range(length + 1))

    @cached_property
    def targets(self) -> tuple[int, ...]:
        """Where the moving stones land, leading stone first."""
        direction, distance = self.direction, self.distance
        return tuple(_along(s, direction, distance) for s in self.stones)

    @cached_property
    def captured(self) -> int | None:
        return self.target if self.capture else None

    def to_wire(self) -> Wire:
        squares = [name(self.tail), name(self.lead), name(self.target)]
        return ["phalanx", *squares, self.capture, self.crosses]


CrossingAction = Step | PhalanxMove


def from_wire(wire: Wire) -> CrossingAction:
    """The action `to_wire` produced; raises IllegalAction on anything malformed."""
    if isinstance(wire, list) and wire and isinstance(wire[0], str):
        tag, args = wire[0], wire[1:]
        if tag == "step" and len(args) == 3 and type(args[2]) is bool:
            origin, target = _square(args[0], wire), _square(args[1], wire)
            line = direction_between(origin, target)
            if line is not None and line[1] == 1:
                return Step(origin, target, args[2])
        if tag == "phalanx" and len(args) == 5 and all(type(a) is bool for a in args[3:]):
            tail, lead, target = (_square(a, wire) for a in args[:3])
            line = direction_between(tail, lead)
            travel = direction_between(lead, target)
            if line is not None and travel is not None and line[0] == travel[0]:
                return PhalanxMove(tail, lead, target, bool(args[3]), bool(args[4]))
    raise _malformed(wire)


def _along(origin: int, direction: tuple[int, int], distance: int) -> int:
    landed = shift(origin, direction, distance)
    assert landed is not None, "a move's squares are on the board"
    return landed


def _square(value: Wire, wire: Wire) -> int:
    found = square(value) if isinstance(value, str) else None
    if found is None or value != name(found):
        raise _malformed(wire)
    return found


def _malformed(wire: Wire) -> IllegalAction:
    shown = repr(wire)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return IllegalAction(f"Not a Crossing action: {shown}")
