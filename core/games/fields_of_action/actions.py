"""Fields of Action's two actions: a move onto an empty square, and a capture.

The wire form is a short list whose first item names it, squares by name:
`["move", "d2", "d5"]`, `["capture", "d2", "d5", 7]` (7 = the number of the enemy stone
taken). `from_wire` reads exactly these forms back and refuses everything else.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.games.fields_of_action.board import Square, name, square
from core.rules import IllegalAction, Wire, Wired


@dataclass(frozen=True)
class Move(Wired):
    """Move the stone on `origin` to the empty square `target`."""

    origin: Square
    target: Square

    def to_wire(self) -> Wire:
        return ["move", name(self.origin), name(self.target)]


@dataclass(frozen=True)
class Capture(Wired):
    """Move the stone on `origin` onto `target`, capturing the enemy stone `number` there."""

    origin: Square
    target: Square
    number: int

    def to_wire(self) -> Wire:
        return ["capture", name(self.origin), name(self.target), self.number]


FieldsAction = Move | Capture


def from_wire(wire: Wire) -> FieldsAction:
    """The action `to_wire` produced; raises IllegalAction on anything malformed."""
    if isinstance(wire, list) and len(wire) in (3, 4) and wire[0] in ("move", "capture"):
        tag, *args = wire
        origin, target = _square(args[0], wire), _square(args[1], wire)
        if origin == target:
            raise _malformed(wire)
        if tag == "move" and len(args) == 2:
            return Move(origin, target)
        if tag == "capture" and len(args) == 3:
            number = args[2]
            if type(number) is int and 1 <= number <= 12:
                return Capture(origin, target, number)
    raise _malformed(wire)


def _square(value: Wire, wire: Wire) -> Square:
    found = square(value) if isinstance(value, str) else None
    if found is None:
        raise _malformed(wire)
    return found


def _malformed(wire: Wire) -> IllegalAction:
    shown = repr(wire)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return IllegalAction(f"Not a Fields of Action move: {shown}")
