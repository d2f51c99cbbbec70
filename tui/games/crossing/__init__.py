"""Crossing on the game screen: the shared 8x8 board (`tui.games.board8x8`) with phalanxes,
crossed stones locked and underlined (`○+`), each side's crossed count, and a banner while a
counter-crossing is owed.

The modules mirror the rules' package: `board` (the adapter the board draws through),
`phalanx` (how a step or a phalanx move is picked), `narrator` (the words) and `help`.
"""

from core.games.crossing import Crossing
from core.games.crossing.actions import CrossingAction
from core.games.crossing.state import CrossingState
from tui.games import GameKit
from tui.games.board8x8 import board_kit
from tui.games.crossing.board import CrossingBoard
from tui.games.crossing.help import HELP
from tui.games.crossing.narrator import NARRATOR

KIT: GameKit[CrossingState, CrossingAction] = board_kit(
    Crossing(), CrossingBoard, NARRATOR, HELP, "crossing.md"
)

__all__ = ["HELP", "KIT", "NARRATOR", "CrossingBoard"]
