"""Making a move, then deciding whether the game is over.

After each move, in this order: (1) a capture that gives the mover five numbers in a run wins;
(2) an opponent left with no legal move loses; (3) with the house rules on, the third time
the same position occurs with the same side to move is a draw, and so is the capture limit's
count of moves in a row without a capture. The rules' own endings come before the house rules.
"""

from __future__ import annotations

from core.frozen import replace
from core.games.fields_of_action import field
from core.games.fields_of_action.actions import Capture, FieldsAction
from core.games.fields_of_action.board import SIDES, Board
from core.games.fields_of_action.runs import has_winning_run, longest_run, winning_run
from core.games.fields_of_action.state import FieldsState, LastMove, Result, position_key
from core.rules import IllegalAction


def play(state: FieldsState, action: FieldsAction) -> FieldsState:
    """The position after `action`; raises IllegalAction when it is not legal now."""
    if state.result is not None:
        raise IllegalAction("The game is over")
    side = state.mover
    field.check(state.board, side, action)
    cells = list(state.board)
    stone = cells[action.origin]
    assert stone is not None
    taken = cells[action.target]
    cells[action.origin] = None
    cells[action.target] = stone
    board = tuple(cells)
    mover = 1 - side
    captured = state.captured
    if isinstance(action, Capture):
        mine = tuple(sorted((*captured[side], action.number)))
        captured = (mine, captured[1]) if side == 0 else (captured[0], mine)
    key = _key_after(state, board, action.origin, action.target, stone.side * 12 + stone.number)
    # One constructor call, not `replace`: a search applies tens of thousands of moves a
    # second, and `replace` cost more than the move itself.
    after = FieldsState(
        board=board,
        mover=mover,
        first=state.first,
        captured=captured,
        last=LastMove(action.origin, action.target, stone, taken),
        since_capture=0 if taken else state.since_capture + 1,
        ply=state.ply + 1,
        seen=(key,) if taken else (*state.seen, key),
        repetition=state.repetition,
        capture_limit=state.capture_limit,
    )
    result = judge(after, captured_now=taken is not None)
    return after if result is None else replace(after, result=result)


def _key_after(state: FieldsState, board: Board, origin: int, target: int, code: int) -> bytes:
    """`position_key` of `board`, the position after a move from `origin` to `target` of the
    stone coded `code`: the current position's key (the last of `seen`) in three writes."""
    if not state.seen:
        return position_key(board, 1 - state.mover)
    key = bytearray(state.seen[-1])
    key[origin], key[target], key[-1] = 0, code, 1 - state.mover
    return bytes(key)


def judge(state: FieldsState, captured_now: bool = True) -> Result | None:
    """Whether the game is over in `state`, just after the other side moved (see module doc)."""
    winner = 1 - state.mover
    if captured_now and has_winning_run(state.captured[winner]):
        run = winning_run(longest_run(state.captured[winner]))
        return Result(winner, "run", f"{SIDES[winner]} captured {run}")
    if not field.can_move(state.board, state.mover):
        return Result(winner, "no-move", f"{SIDES[state.mover]} has no legal move")
    if state.repetition and state.seen and state.seen.count(state.seen[-1]) >= 3:
        return Result(None, "repetition", "The same position came up a third time")
    if state.capture_limit and state.since_capture >= state.capture_limit:
        detail = f"{state.capture_limit} moves in a row without a capture"
        return Result(None, "capture-limit", detail)
    return None
