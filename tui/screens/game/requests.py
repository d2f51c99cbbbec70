"""Resigning and taking back: asked of the right person, carried out through the match file.

Both are requests that may need another player's word: a resignation is confirmed by the one
resigning; a takeback against bots happens at once (the bots' replies go too), while in
hot-seat the player to move must agree on their own turn. The file records either before the
screen changes, so a refusal or a failed write leaves the match as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.rules import CHANCE, IllegalAction
from replays.errors import LogError
from tui.screens.confirm import ConfirmScreen
from tui.wording import others, seat_label

if TYPE_CHECKING:
    from tui.screens.game.screen import GameScreen


class Requests:
    """The resign and take-back requests of one game screen."""

    def __init__(self, screen: GameScreen[Any, Any]) -> None:
        self._screen = screen

    def _label(self, seat: int) -> str:
        return seat_label(self._screen.rules, self._screen.names, seat)

    def resign(self) -> None:
        """Ask the human at the device to confirm; the others win."""
        screen = self._screen
        seat = screen.seating.acting_human()
        if seat is None or screen.hold not in (None, "bot", "motion") or screen.match.is_over:
            return
        rest = others(screen.rules, screen.names, seat)
        verb = "wins" if len(screen.names) == 2 else "win"
        question = f"Resign the match, {self._label(seat)}? {rest} {verb} it."

        def answered(yes: bool | None) -> None:
            if not yes or screen.finished or screen.match.is_over:
                return
            try:
                screen.opened.resign(seat)
            except (IllegalAction, LogError, OSError) as err:
                screen.notify(f"Could not resign: {err}", severity="error")
                return
            screen.resigned()

        screen.app.push_screen(
            ConfirmScreen(question, "Resign", "Keep playing", danger=True), callback=answered
        )

    def take_back(self) -> None:
        """Take back the last move of a person: against bots at once; in hot-seat only once
        the player to move agrees."""
        screen = self._screen
        if screen.hold not in (None, "bot", "motion") or screen.match.is_over:
            return
        seat = self._last_human_mover()
        if seat is None:
            screen.notify("There is no move of yours to take back yet.", title="Take back")
            return
        try:
            screen.match.takeback_to(seat)
        except IllegalAction as err:
            refused = f"{self._label(seat)}'s last move cannot be taken back: {err}."
            screen.notify(refused, title="Take back", severity="warning", markup=False)
            return
        to_move = screen.match.to_move()
        if to_move is None or to_move in (CHANCE, seat) or screen.seats[to_move].kind != "human":
            self._carry_out(seat)  # nobody else to ask: against bots it happens at once
            return
        question = (
            f"{self._label(seat)} asks to take back their last move. "
            f"{self._label(to_move)}, do you agree?"
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self._carry_out(seat)
            else:
                who = self._label(to_move)
                screen.notify(f"{who} said no: the move stands.", title="Take back", markup=False)

        screen.app.push_screen(ConfirmScreen(question, "Agree", "Refuse"), callback=answered)

    def _last_human_mover(self) -> int | None:
        """The human seat whose standing decision is the latest: the one a takeback is for."""
        screen = self._screen
        dead = screen.match.taken_back()
        for index in range(len(screen.match) - 1, -1, -1):
            line = screen.chronicle.line(index, None, dead)
            if line is None or line.kind != "move" or line.taken_back:
                continue
            if screen.seats[line.seat].kind == "human":
                return line.seat
        return None

    def _carry_out(self, seat: int) -> None:
        screen = self._screen
        if screen.finished or screen.match.is_over:
            return
        screen.bots.cancel()
        try:
            screen.opened.take_back(seat)
        except (IllegalAction, LogError, OSError) as err:
            screen.notify(f"Could not take the move back: {err}", severity="error")
            return
        screen.taken_back(seat)
