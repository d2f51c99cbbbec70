"""How a Fields of Action move is picked on the board: one stone, and its reach (as many squares
as there are stones around it; an isolated stone flies to an empty square touching two).

The moves themselves are the rules' (`core.games.fields_of_action.field`); here are the board's
questions: where the picked stone may go, the move a stone and any square would make (so the
rules can say why it is illegal), and the hint on the stone picked.
"""

from __future__ import annotations

from core.games.fields_of_action import field
from core.games.fields_of_action.actions import Capture, FieldsAction, Move
from core.games.fields_of_action.state import FieldsState
from tui.games.board8x8 import GLYPH, name


def destinations(view: FieldsState, selection: tuple[int, ...]) -> dict[int, FieldsAction]:
    """Where the one stone picked may go, by target square."""
    if len(selection) != 1:
        return {}
    return {a.target: a for a in field.stone_moves(view.board, selection[0])}


def move_to(
    view: FieldsState, seat: int, selection: tuple[int, ...], target: int
) -> FieldsAction | None:
    """The move of the stone picked to `target`, legal or not: a capture onto an enemy stone,
    else a move; None for no stone, or the stone's own square."""
    if len(selection) != 1 or selection[0] == target:
        return None
    other = view.board[target]
    if other is not None and other.side != seat:
        return Capture(selection[0], target, other.number)
    return Move(selection[0], target)


def about(view: FieldsState, selection: tuple[int, ...]) -> str:
    """The hint on the stone picked: how many stones are around it, so how far it moves."""
    origin = selection[0]
    stone = view.board[origin]
    if stone is None:
        return ""
    n = field.reach(view.board, origin)
    label = f"{GLYPH[stone.side]}{stone.number} on {name(origin)}"
    if n == 0:
        return f"{label} is isolated: it flies to an empty square touching two stones."
    around = "1 stone" if n == 1 else f"{n} stones"
    return f"{label}: {around} around, so it moves exactly {n}."
