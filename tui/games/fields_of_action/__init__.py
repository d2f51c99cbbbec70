"""Fields of Action on the game screen: the shared 8x8 board (`tui.games.board8x8`) with
numbered stones (`○12`, `●7`), each side's captured numbers with the run in progress in bold,
and the count of moves since the last capture when the capture limit is on.

The modules mirror the rules' package: `board` (the adapter the board draws through), `field`
(a stone and its reach), `runs` (the numbers taken), `narrator` (the words) and `help`.
"""

from core.games.fields_of_action import FieldsOfAction
from core.games.fields_of_action.actions import FieldsAction
from core.games.fields_of_action.state import FieldsState
from tui.games import GameKit
from tui.games.board8x8 import board_kit
from tui.games.fields_of_action.board import FieldsBoard
from tui.games.fields_of_action.help import HELP
from tui.games.fields_of_action.narrator import NARRATOR
from tui.games.fields_of_action.runs import taken

KIT: GameKit[FieldsState, FieldsAction] = board_kit(
    FieldsOfAction(), FieldsBoard, NARRATOR, HELP, "fields-of-action.md"
)

__all__ = ["HELP", "KIT", "NARRATOR", "FieldsBoard", "taken"]
