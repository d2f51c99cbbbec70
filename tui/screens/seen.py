"""A match on another machine, replayed from this guest's own record (`replays.remote.seen`).

The record holds what the host told this seat and nothing more, so the replay steps through
those moments — the seat's view and its move log as they were on screen — and shows no other
hand: there is nothing else to show. The whole match, once over, comes from the host's copy.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from core.rules import SPECTATOR, Rules
from replays.chronicle import Line
from replays.remote.seen import Moment, Seen
from tui.games import GameKit, kit_for
from tui.screens.game.frame import MatchFrame
from tui.screens.game.narration import Narration
from tui.widgets.move_log import MoveLog
from tui.wording import headline

V = TypeVar("V")


class _Then(Generic[V]):
    """One moment of the record as the move log reads it (`narration.Told`)."""

    def __init__(self, rules: Rules[Any, Any, V], moment: Moment) -> None:
        self.rules = rules
        self.moment = moment

    @property
    def position(self) -> int:
        return self.moment.position

    def lines(self, reader: int | None, start: int = 0) -> list[Line]:
        return [line for line in self.moment.lines if line.index >= start]

    def since_last_turn(self, seat: int) -> list[Line]:
        return []  # a replay tells every line in the log; nothing is news


class SeenScreen(MatchFrame, Generic[V]):
    """Step through what this machine's seat was shown of a match hosted elsewhere."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "back"),
        Binding("right", "step(1)", "forward"),
        Binding("home", "first", "first"),
        Binding("end", "last", "last"),
        Binding("escape,q", "app.pop_screen", "close"),
    ]

    def __init__(self, seen: Seen) -> None:
        super().__init__(classes="game")
        self.seen = seen
        self.rules: Rules[Any, Any, V] = seen.rules
        self.names = tuple(seat.name for seat in seen.seats)
        self.kit: GameKit[V, Any] = kit_for(seen.rules.id)
        self.table = self.kit.table(self.names)
        self.private = self.kit.private(self.names) if self.kit.private is not None else None
        self.at = len(seen.moments) - 1

    def parts(self) -> tuple[Widget, Widget | None]:
        return self.table, self.private

    def on_mount(self) -> None:
        self.query_one("#news").display = False
        self._show()

    def _show(self) -> None:
        moment = self.seen.moments[self.at]
        view: V = moment.view
        self.table.show(view, None, animate=False, over=moment.outcome is not None)
        if self.private is not None:
            if self.seen.seat == SPECTATOR:
                self.private.clear()
            else:
                self.private.show(view, None, over=moment.outcome is not None)
        narrator = self.kit.narrator
        narration = Narration(
            _Then(self.rules, moment),
            narrator,
            self.names,
            lambda: narrator.chapters(view, self.names),
            lambda: self.query_one(MoveLog),
        )
        reader = None if self.seen.seat == SPECTATOR else self.seen.seat
        narration.rebuild(reader)
        narration.flush()
        self.query_one("#status", Static).update(Content(self._status(moment)))

    def _status(self, moment: Moment) -> str:
        whose = (
            "as a spectator saw it"
            if self.seen.seat == SPECTATOR
            else f"as {self.names[self.seen.seat]} saw it"
        )
        where = f"{self.at + 1} of {len(self.seen.moments)}"
        if moment.outcome is not None:
            now = headline(self.rules, self.names, moment.outcome)
        elif moment.to_move is not None and 0 <= moment.to_move < len(self.names):
            now = f"{self.names[moment.to_move]} to move"
        else:
            now = "dealing"
        return f"{self.rules.title}, on another machine, {whose} · {where} · {now}"

    def action_step(self, by: int) -> None:
        self.at = max(0, min(len(self.seen.moments) - 1, self.at + by))
        self._show()

    def action_first(self) -> None:
        self.at = 0
        self._show()

    def action_last(self) -> None:
        self.at = len(self.seen.moments) - 1
        self._show()
