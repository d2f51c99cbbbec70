"""Crossing's notation: algebraic squares, the leading stone's destination last.

    c2-c3       a step: the stone on c2 moves to c3
    c7-c8+      a step that crosses (reaches the opponent's back rank)
    c2:c4-c6    a phalanx move: the stones c2..c4 move up the file, the leading stone (c4)
                lands on c6, the others follow (c2 -> c4, c3 -> c5)
    c2:c4xc5    a phalanx move that captures the stone on c5 (the leading stone takes c5)
    b6:d4xe3+   a capture on the far rank is a crossing too

A phalanx is written tail:lead, its two end squares, the lead being the end it moves toward.
Parsing ignores case and spaces and reads an en dash as "-". The marks `x` and `+` may be left off:
the position fills them in; one written where the move does not capture or cross is refused.
"""

from __future__ import annotations

import re

from core.games.crossing.actions import CrossingAction, PhalanxMove, Step
from core.games.crossing.board import EMPTY, FAR_RANK, direction_between, name, owner, rank_of
from core.games.crossing.board import square as square_named
from core.games.crossing.state import CrossingState
from core.rules import IllegalAction

_FORM = re.compile(r"([a-h][1-8])(?::([a-h][1-8]))?([-x])([a-h][1-8])(\+?)")
_HINT = "try c2-c3 (a step), c2:c4-c6 (a phalanx: tail:lead-target) or c2:c4xc5 (a capture)"


def notation(action: CrossingAction) -> str:
    cross = "+" if action.crosses else ""
    if isinstance(action, Step):
        return f"{name(action.origin)}-{name(action.target)}{cross}"
    mark = "x" if action.capture else "-"
    return f"{name(action.tail)}:{name(action.lead)}{mark}{name(action.target)}{cross}"


def parse(state: CrossingState, text: str) -> CrossingAction:
    """The action written as `text` in `state`; raises IllegalAction when it is not Crossing
    notation or its marks contradict the position. `apply` judges the rest."""
    compact = "".join(str(text).split()).lower().replace("\u2013", "-")
    form = _FORM.fullmatch(compact)
    if form is None:
        raise IllegalAction(f"{text!r} is not Crossing notation: {_HINT}")
    first, lead_text, mark, target_text, cross_mark = form.groups()
    origin, target = _square(first), _square(target_text)
    seat = state.mover
    crosses = rank_of(target) == FAR_RANK[seat]
    if cross_mark and not crosses:
        raise IllegalAction(f"{name(target)} is not on your opponent's back rank: no crossing")
    if lead_text is None:
        line = direction_between(origin, target)
        if mark == "x":
            raise IllegalAction("A single stone never captures: only a phalanx does")
        if line is None or line[1] != 1:
            raise IllegalAction(
                "A single stone moves one square; for a phalanx write tail:lead-target, "
                "e.g. c2:c3-c5"
            )
        return Step(origin, target, crosses)
    lead = _square(lead_text)
    line, travel = direction_between(origin, lead), direction_between(lead, target)
    if line is None or travel is None or line[0] != travel[0]:
        raise IllegalAction(
            f"{text!r}: a phalanx is written tail:lead-target, its leading stone moving on "
            "along the line, e.g. c2:c4-c6"
        )
    cell = state.cells[target]
    capture = cell != EMPTY and owner(cell) != seat
    if mark == "x" and not capture:
        raise IllegalAction(f"There is no enemy stone on {name(target)} to capture")
    return PhalanxMove(origin, lead, target, capture, crosses)


def _square(text: str) -> int:
    found = square_named(text)
    assert found is not None, "the pattern admits only squares"
    return found
