"""How a Crossing move is picked on the board: a stone steps alone, or a phalanx moves as its
tail, its leading stone and the leading stone's target (`c2:c4-c6`).

The board picks stones first and a square second, so the move a selection and a square make
is decided here: the end of the selection nearer the square leads. The lines and destinations
themselves are the rules' (`core.games.crossing.phalanx`).
"""

from __future__ import annotations

from core.games.crossing import phalanx
from core.games.crossing.actions import CrossingAction, PhalanxMove, Step
from core.games.crossing.board import EMPTY, FAR_RANK, owner, rank_of
from core.games.crossing.state import CrossingState
from tui.games.board8x8 import distance, name

DASH = "\u2013"


def move_to(
    view: CrossingState, seat: int, selection: tuple[int, ...], target: int
) -> CrossingAction:
    """The move taking `selection` (in line order) to `target`, legal or not, so the rules can
    say why not: a step for one stone, else the phalanx led by its end nearer `target`."""
    crosses = rank_of(target) == FAR_RANK[seat]
    if len(selection) == 1:
        return Step(selection[0], target, crosses)
    ends = (selection[0], selection[-1])
    lead = min(ends, key=lambda square: distance(square, target))
    tail = ends[1] if lead == ends[0] else ends[0]
    cell = view.cells[target]
    capture = cell != EMPTY and owner(cell) != seat
    return PhalanxMove(tail, lead, target, capture, crosses)


def about(view: CrossingState, selection: tuple[int, ...]) -> str:
    """The hint on the stones picked: a step, or the phalanx, its size and its reach."""
    if len(selection) == 1:
        lines = phalanx.lines_through(view.cells, selection[0])
        more = " Tab, or a stone in line: a phalanx." if lines else ""
        return f"{name(selection[0])} steps one square.{more}"
    n = len(selection)
    reach = f"exactly {n}" if view.exact_distance else f"1 to {n}"
    return (
        f"Phalanx {name(selection[0])}{DASH}{name(selection[-1])}: {n} stones, "
        f"{reach} squares (+/- resize)."
    )
