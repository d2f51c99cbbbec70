"""The new-game form: the game, its declared options, and who sits at the table.

* `form` — `NewGameScreen`: the layout, the checks and Start.
* `options` — a game's declared options as fields, and their values read back.
* `names` — the names typed last time, offered again.

The seat rows are `tui.widgets.seat_row.SeatRow`, shared with the seat chooser of "continue
from here".
"""

from tui.screens.new_game.form import NewGameScreen
from tui.screens.new_game.options import SEAT_OPTIONS

__all__ = ["SEAT_OPTIONS", "NewGameScreen"]
