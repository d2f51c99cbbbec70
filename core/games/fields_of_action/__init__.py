"""Fields of Action (Sid Sackson, after Lines of Action). `FieldsOfAction` is the Rules object.

The rules are RULES.md section 4: numbered stones 1..12 a side; a stone moves in a straight
line exactly as many squares as there are stones around it, jumping freely, and captures an
enemy stone it lands on; an isolated stone flies any distance to an empty square touching two
stones. Five captured numbers in a run win, and so does leaving the opponent without a move.

Notation: `d2-d5` moves the stone on d2 to the empty square d5; `d2xd5` captures the enemy
stone on d5. Parsing ignores case and spaces and also reads `d2d5`; the position tells a move
from a capture. Wire: `["move", "d2", "d5"]`, `["capture", "d2", "d5", 7]` (7 = the number
taken).

Decisions taken here where RULES.md is silent:
* Seat 0 always plays White and seat 1 Black; option `first` (`white`, the default, or
  `black`: `--option first=black`) says which colour makes the first move.
* Endings are judged after each move, in order: a capture completing a run of five wins; an
  opponent with no legal move loses; then the house rules (a position repeated a third time
  with the same side to move, then `capture_limit` moves in a row without a capture) draw.
  The 200th quiet move draws unless it won by (2).
* An isolated stone's landing square must touch two stones other than itself: the square it
  leaves counts as empty. "Moves" for the capture limit count each side's moves (plies).
* A capture makes every earlier position unrepeatable (a stone is gone for good), so the
  repetition record restarts at each capture.
* The longest run helper (`runs.longest_run`) names the lower run on a tie.
* `round_of` counts turns: one move by each side is a turn, counting from 1.
"""

from core.games.fields_of_action.actions import Capture, FieldsAction, Move
from core.games.fields_of_action.board import Stone
from core.games.fields_of_action.rules import FieldsOfAction
from core.games.fields_of_action.runs import longest_run
from core.games.fields_of_action.state import FieldsState, LastMove, Result

__all__ = [
    "Capture",
    "FieldsAction",
    "FieldsOfAction",
    "FieldsState",
    "LastMove",
    "Move",
    "Result",
    "Stone",
    "longest_run",
]
