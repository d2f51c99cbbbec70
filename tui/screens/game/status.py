"""The game screen's status line: where the match is and who must act, in one sentence.

Worded here from what the screen holds still for and what its table says, so "Your turn",
"(bot) is thinking…", "Ben to move — on another machine" and "lost touch with the host;
reconnecting…" are decided in one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.rules import CHANCE
from tui.wording import seat_label

if TYPE_CHECKING:
    from tui.screens.game.screen import GameScreen


def status_line(screen: GameScreen[Any, Any], view: Any, seat: int | None) -> str:
    """The status for `view` with `seat` to act (None: the match is over)."""
    rules, names, port = screen.rules, screen.names, screen.port
    where, lost = screen.where(), port.connection()
    if screen.hold == "chapter-end":
        told = screen.chapters()
        where, text = "", told[-1].headline if told else "The end"
    elif seat is None:  # who won, in a few words: the panel below says how
        outcome = port.outcome()
        text = "The match is over"
        if outcome is not None and outcome.is_draw:
            text += ": a draw"
        elif outcome is not None:
            won = [seat_label(rules, names, winner) for winner in outcome.winners]
            text += f": {' and '.join(won)} {'wins' if len(won) == 1 else 'win'}"
    elif seat == CHANCE:
        text = screen.kit.narrator.prompt(view, names) or "Dealing…"
    elif screen.hold == "motion" and screen.bot_seat is not None:
        text = f"{seat_label(rules, names, screen.bot_seat, bot=True)} moves…"
    elif screen.seats[seat].kind == "bot":
        text = f"{seat_label(rules, names, seat, bot=True)} is thinking…"
    elif port.plays(seat) == "away":
        away = port.presence(seat)
        text = f"{seat_label(rules, names, seat)} to move" + (f" — {away}" if away else "")
    elif seat == screen.viewer and port.out_for_good:
        text = f"{seat_label(rules, names, seat)} to move"  # never again from here
    elif seat == screen.viewer:
        name = seat_label(rules, names, seat)
        # out of touch, no move can be sent: the status says why instead of what to do
        text = f"Your turn, {name}" + (
            "" if lost else f": {screen.kit.narrator.prompt(view, names)}"
        )
    else:
        text = f"{seat_label(rules, names, seat)} to move"
    watching = "Watching · " if port.can_chat and not screen.seating.humans else ""
    return f"{watching}{where}{text}" + (f" · {lost}" if lost else "")
