"""Resigning and taking back: asked of the right person, carried out through the table.

Both are requests that may need another player's word: a resignation is confirmed by the one
resigning; a takeback against bots happens at once (the bots' replies go too), while a person
to move must agree on their own turn — at this device (hot-seat), or on their own screen when
they play elsewhere (the host asks them, and their answer comes back through the table). The
record is written before the screen changes, so a refusal or a failed write leaves the match
as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.rules import IllegalAction
from replays.errors import LogError
from tui.screens.confirm import ConfirmScreen
from tui.wording import others, seat_label

if TYPE_CHECKING:
    from tui.screens.game.screen import GameScreen


class Requests:
    """The resign and take-back requests of one game screen."""

    def __init__(self, screen: GameScreen[Any, Any]) -> None:
        self._screen = screen
        self._answering = False
        """A takeback question from elsewhere is on screen (asked once, answered once)."""

    def _label(self, seat: int) -> str:
        return seat_label(self._screen.rules, self._screen.names, seat)

    def resign(self) -> None:
        """Ask the human at the device to confirm; the others win."""
        screen = self._screen
        seat = screen.seating.acting_human()
        if seat is None or screen.hold not in (None, "bot", "motion") or screen.port.is_over:
            return
        rest = others(screen.rules, screen.names, seat)
        verb = "wins" if len(screen.names) == 2 else "win"
        question = f"Resign the match, {self._label(seat)}?\n{rest} {verb}."

        def answered(yes: bool | None) -> None:
            if not yes or screen.finished or screen.port.is_over:
                return
            try:
                screen.port.resign(seat)
            except (IllegalAction, LogError, OSError) as err:
                screen.notify(f"Could not resign: {err}", severity="error", markup=False)
                return
            screen.resigned()

        screen.app.push_screen(
            ConfirmScreen(question, "Resign", "Keep playing", danger=True), callback=answered
        )

    def take_back(self) -> None:
        """Take back the last move of a person: against bots at once; when a person is to
        move, only once they agree."""
        screen = self._screen
        if screen.hold not in (None, "bot", "motion") or screen.port.is_over:
            return
        seat, refusal = screen.port.take_back_for()
        if seat is None:
            screen.notify("There is no move of yours to take back yet.", title="Take back")
            return
        if refusal:
            refused = f"{self._label(seat)}'s last move cannot be taken back: {refusal}."
            screen.notify(refused, title="Take back", severity="warning", markup=False)
            return
        asked = screen.port.must_agree(seat)
        if asked is None:
            self._carry_out(seat)  # nobody here to ask: against bots it happens at once
            return
        # (at one keyboard either of the two may have pressed the key: the question names
        # the move, and the one whose turn it would undo)
        question = (
            f"Take back the last move of {self._label(seat)}?\n"
            f"{self._label(asked)}, it is your turn: do you agree?"
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self._carry_out(seat)
            else:
                who = self._label(asked)
                screen.notify(f"{who} said no: the move stands.", title="Take back", markup=False)

        screen.app.push_screen(ConfirmScreen(question, "Agree", "Refuse"), callback=answered)

    def answer_if_asked(self) -> None:
        """A player elsewhere asks to take back their move: ask the player here, once."""
        screen = self._screen
        asking = screen.port.asked()
        if asking is None or self._answering or screen.finished:
            return
        self._answering = True
        question = (  # asked on their own turn, it undoes the move they are facing too
            f"{self._label(asking)} asks to take back their last move, with every move since. "
            "Do you agree?"
        )

        def answered(yes: bool | None) -> None:
            self._answering = False
            if not screen.finished:
                screen.port.answer(bool(yes))

        screen.app.push_screen(ConfirmScreen(question, "Agree", "Refuse"), callback=answered)

    def _carry_out(self, seat: int) -> None:
        screen = self._screen
        if screen.finished or screen.port.is_over:
            return
        screen.bots.cancel()
        try:
            done = screen.port.take_back(seat)
        except (IllegalAction, LogError, OSError) as err:
            screen.notify(f"Could not take the move back: {err}", severity="error", markup=False)
            return
        if done:
            screen.taken_back(seat)
        elif screen.port.host_elsewhere:  # (on the host's own screen its answer shows at once)
            asked = "Asked the host to take it back; the answer will show here."
            screen.notify(asked, title="Take back")
