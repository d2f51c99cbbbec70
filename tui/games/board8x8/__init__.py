"""One 8x8 board for the square-board games (Crossing, Fields of Action), generic over the game.

A game plugs in through a small adapter (`BoardAdapter`): what stands on a square and its label,
which stones the side to move may pick, where a selection of stones may go (and the action each
destination makes), the action a selection and any square would make (so the rules can say why
it is illegal), the last move, and the side panel's words. The widget does the rest: the board
with a-h / 1-8 on its edges (rank 8 at the top), a cursor, picking stones and destinations by
keys or by mouse, legal destinations highlighted (a dot, `+` for a crossing, a cross for a
capture), the last move tinted, stones sliding to their squares and captured stones fading,
all drawn with the biggest squares the space the frame gives it allows.

The modules, each one job: `squares` (geometry), `adapter` (what a game tells the board),
`drawing` (the grid as text), `picking` (cursor and selection), `slide` (the animation),
`grid` (the squares' widget), `widget` (`Board8x8`, composing them, its side panel a
`tui.widgets.hung_text.HungText`) and `kit` (what both games' kits share).
"""

from tui.games.board8x8.adapter import GLYPH, SIDE, BoardAdapter, LastShown, Piece, Plied
from tui.games.board8x8.drawing import TIMES
from tui.games.board8x8.grid import BoardGrid
from tui.games.board8x8.kit import board_kit, last_line, player_line, who
from tui.games.board8x8.squares import (
    CELL,
    GRID_HEIGHT,
    GRID_WIDTH,
    LABEL,
    SIZE,
    SIZES,
    Geometry,
    distance,
    name,
)
from tui.games.board8x8.widget import Board8x8
from tui.widgets.hung_text import GLUE

__all__ = [
    "CELL",
    "GLUE",
    "GLYPH",
    "GRID_HEIGHT",
    "GRID_WIDTH",
    "LABEL",
    "SIDE",
    "SIZE",
    "SIZES",
    "TIMES",
    "Board8x8",
    "BoardAdapter",
    "BoardGrid",
    "Geometry",
    "LastShown",
    "Piece",
    "Plied",
    "board_kit",
    "distance",
    "last_line",
    "name",
    "player_line",
    "who",
]
