"""The replay viewer and the parts it owns.

* `screen` — `ReplayScreen`: the layout, the cursor controls, autoplay and the perspective.
* `keys` — the bindings and the full key list behind `?`.
* `rows` — the move list and the notes list as the perspective may read them.
* `words` — what is said around the board: seen by whom, the hands, next, this entry.
* `notes` — the note editor: append to the file, show what was saved, keep drafts.
* `branch` — export as Markdown, continue from here.
"""

from tui.screens.replay.screen import ReplayScreen
from tui.screens.replay.words import hand_lines, perspective_name

__all__ = ["ReplayScreen", "hand_lines", "perspective_name"]
