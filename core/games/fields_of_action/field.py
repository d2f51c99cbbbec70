"""How a stone moves: its field (the stones on the 8 squares around it) sets the distance.

A stone with N stones of either colour around it moves exactly N squares in one straight line,
jumping freely; it may not end on a friendly stone and captures an enemy stone it ends on.
An isolated stone (N = 0) goes any distance in one line, jumping freely, to an empty square
touching at least two stones (itself not counted), and never captures.
"""

from __future__ import annotations

from collections.abc import Iterator

from core.games.fields_of_action.actions import Capture, FieldsAction, Move
from core.games.fields_of_action.board import (
    AROUND,
    RAYS,
    SIDES,
    Board,
    Square,
    line,
    name,
    touching,
)
from core.rules import IllegalAction

LANDING_TOUCH = 2
"""An isolated stone must end touching at least this many stones."""


def reach(board: Board, origin: Square) -> int:
    """N: how many stones (either colour) stand on the squares around `origin`."""
    return sum(1 for sq in AROUND[origin] if board[sq] is not None)


def stone_moves(board: Board, origin: Square) -> Iterator[FieldsAction]:
    """Every legal move of the stone on `origin`, direction by direction."""
    stone = board[origin]
    if stone is None:
        return
    n = reach(board, origin)
    for ray in RAYS[origin]:
        if n:
            if len(ray) >= n:
                target = ray[n - 1]
                other = board[target]
                if other is None:
                    yield Move(origin, target)
                elif other.side != stone.side:
                    yield Capture(origin, target, other.number)
        else:
            for target in ray:
                if board[target] is None and touching(board, target, origin) >= LANDING_TOUCH:
                    yield Move(origin, target)


def moves(board: Board, side: int) -> Iterator[FieldsAction]:
    """Every legal move of `side`, stone by stone in square order."""
    for origin, stone in enumerate(board):
        if stone is not None and stone.side == side:
            yield from stone_moves(board, origin)


def can_move(board: Board, side: int) -> bool:
    return next(moves(board, side), None) is not None


def check(board: Board, side: int, action: FieldsAction) -> None:
    """Raise IllegalAction, in words for a player, unless `side` may make `action` here."""
    origin, target = action.origin, action.target
    if not (_is_square(origin) and _is_square(target)) or (
        isinstance(action, Capture)
        and (type(action.number) is not int or not 1 <= action.number <= 12)
    ):
        raise IllegalAction(f"Not a Fields of Action move: {action!r}")
    stone = board[origin]
    if stone is None:
        raise IllegalAction(f"There is no stone on {name(origin)}")
    if stone.side != side:
        raise IllegalAction(f"The stone on {name(origin)} is {SIDES[stone.side]}'s, not yours")
    distance = line(origin, target)
    if distance is None:
        raise IllegalAction(
            f"{name(origin)} to {name(target)} is not a straight line (a stone moves along a "
            "rank, a file or a diagonal)"
        )
    n = reach(board, origin)
    other = board[target]
    if n == 0:
        if isinstance(action, Capture) or other is not None:
            raise IllegalAction(
                f"Your {stone.number} on {name(origin)} is isolated: it must end on an empty "
                "square and never captures"
            )
        count = touching(board, target, origin)
        if count < LANDING_TOUCH:
            raise IllegalAction(
                f"Your {stone.number} on {name(origin)} is isolated: it must end touching at "
                f"least two stones, and {name(target)} touches {count}"
            )
        return
    if distance != n:
        around = "1 stone" if n == 1 else f"{n} stones"
        raise IllegalAction(
            f"Your {stone.number} on {name(origin)} has {around} around it, so it moves exactly "
            f"{n} square{'s' if n > 1 else ''}, not {distance}"
        )
    if other is not None and other.side == side:
        raise IllegalAction(f"{name(target)} holds your own {other.number}")
    if isinstance(action, Move) and other is not None:
        raise IllegalAction(
            f"{name(target)} holds {SIDES[other.side]}'s {other.number}: that move captures it "
            f"({name(origin)}x{name(target)})"
        )
    if isinstance(action, Capture):
        if other is None:
            raise IllegalAction(f"There is no stone to capture on {name(target)}")
        if other.number != action.number:
            raise IllegalAction(
                f"The stone on {name(target)} is {SIDES[other.side]}'s {other.number}, "
                f"not {action.number}"
            )


def _is_square(value: object) -> bool:
    return type(value) is int and 0 <= value < len(AROUND)
