"""The game screen: a generic frame that plays one match on a table (`tui.tables`: a local
match file, or a seat of a match hosted elsewhere), and the parts it owns.

* `screen` — `GameScreen`: what is drawn for whom, the turn loop and the keys.
* `frame` — `MatchFrame`: the layout it shares with the replay of a guest's record.
* `seating` — who sits at the device: the humans, hot-seat or not, whose view is on screen.
* `bots` — the bot seats: one bot each, thinking in a thread worker, answering by message.
* `handoff` — the hot-seat handoff sequence: blank everything private, then ask for the player.
* `requests` — resigning and taking back, asked of the right person and carried out.
* `ending` — the match-end summary the result screen shows.
* `status` — the status line: where the match is and who must act.
* `narration` — the move log in the words of whoever is at the device.

The game itself (widgets, words) comes from its kit (`tui.games.kit_for`); what happens next
comes from the table (`Table.step`: the pure turn loop, `core.play.next_step`, for a local
match; the host's word for a remote one).
"""

from tui.screens.game.screen import GameScreen

__all__ = ["GameScreen"]
