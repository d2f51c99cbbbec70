"""Fields of Action's notation: from-square, a sign, to-square.

    d2-d5   the stone on d2 moves to the empty square d5
    d2xd5   the stone on d2 captures the enemy stone on d5

Parsing ignores case and spaces and also takes `d2d5` or `d2 d5`; the position decides whether
that is a move or a capture. `x` onto a square with no enemy stone is refused. Parsing checks
the form only; `apply` judges legality.
"""

from __future__ import annotations

import re

from core.games.fields_of_action.actions import Capture, FieldsAction, Move
from core.games.fields_of_action.board import name, square
from core.games.fields_of_action.state import FieldsState
from core.rules import IllegalAction

_FORM = re.compile(r"([a-h][1-8])([-x]?)([a-h][1-8])")


def notation(action: FieldsAction) -> str:
    sign = "x" if isinstance(action, Capture) else "-"
    return f"{name(action.origin)}{sign}{name(action.target)}"


def parse(state: FieldsState, text: str) -> FieldsAction:
    """The action written as `text` in `state`; raises IllegalAction when it cannot be read."""
    compact = "".join(str(text).split()).lower().replace("\u2013", "-")  # an en dash
    found = _FORM.fullmatch(compact)
    if found is None or found.group(1) == found.group(3):
        raise IllegalAction(
            f"{text!r} is not Fields of Action notation: write the stone's square and where it "
            "goes, e.g. d2-d5, or d2xd5 to capture"
        )
    origin, target = square(found.group(1)), square(found.group(3))
    assert origin is not None and target is not None
    mover, other = state.board[origin], state.board[target]
    if other is not None and mover is not None and other.side != mover.side:
        return Capture(origin, target, other.number)
    if found.group(2) == "x":
        if mover is None:
            raise IllegalAction(f"There is no stone on {found.group(1)}")
        raise IllegalAction(f"There is no enemy stone on {found.group(3)} to capture")
    return Move(origin, target)
