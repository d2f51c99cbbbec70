"""Between rounds and after the last one: who won, why, and where to go next.

Both panels float over the board where the play ended (the hands are cleared first, so only
public things show through). Under the match-end panel the game screen has closed its match
file already; the panel offers the replay viewer, a rematch or the main menu.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from core.match import Seat
from core.rules import Rules
from replays.errors import LogError
from tui.messages import ShowMenu, StartMatch
from tui.widgets.table import ChapterEnd


class ChapterEndScreen(ModalScreen[None]):
    """Who won the round (contest, ...) and why; any key or click goes on to the next one."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "next", "go on"),
    ]

    def __init__(self, result: ChapterEnd, chapter: str = "round") -> None:
        super().__init__(classes="round-end")
        self.result = result
        self.chapter = chapter

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.result.headline), classes="headline")
            yield Static(Content(self.result.why), classes="why")
            if self.result.reveal:
                yield Static(Content(self.result.reveal), classes="reveal")
            yield Static(Content(self.result.score), classes="score")
            next_round = Button(f"Next {self.chapter} ⏎", id="next", variant="primary")
            next_round.can_focus = False  # Enter belongs to the screen, so the Footer shows ⏎
            yield next_round
        yield Footer()

    @on(Button.Pressed, "#next")
    def action_next(self) -> None:
        if self.is_current:
            self.dismiss(None)


@dataclass(frozen=True)
class MatchEnd:
    """What the match-end screen tells: the result, the last round, and the match file."""

    headline: str
    """E.g. "Ann wins the match"."""
    reason: str
    score: str
    last_round: ChapterEnd | None
    path: Path | None
    """The match file (None for a guest: the host keeps it)."""
    seats: tuple[Seat, ...] = ()
    """Who played, for a rematch."""
    rematch: bool = True
    """Whether a rematch can start here (not after a match across machines)."""
    game: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)


class MatchEndScreen(ModalScreen[None]):
    """The winner and the score, with the way to replay or annotate the match."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "replay", "replay"),
        Binding("v", "review", "review"),
        Binding("n", "annotate", "annotate"),
        Binding("g", "rematch", "rematch"),
        Binding("m,escape", "menu", "main menu"),
    ]

    def __init__(self, end: MatchEnd) -> None:
        super().__init__(classes="match-end")
        self.end = end

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.end.headline), classes="headline")
            yield Static(Content(self.end.reason), classes="why")
            if self.end.last_round is not None:
                last = self.end.last_round
                yield Static(Content(f"Last — {last.headline}. {last.why}"), classes="why")
                if last.reveal:
                    yield Static(Content(last.reveal), classes="reveal")
            yield Static(Content(self.end.score), classes="score")
            saved = self.end.path
            kept = f"Saved as {saved.name}" if saved else "The host keeps the match file."
            yield Static(Content(kept), classes="saved")
            with Horizontal(classes="buttons"):
                if saved is not None:
                    yield Button("Replay", id="replay", variant="primary")
                    yield Button("Review", id="review")
                    yield Button("Annotate", id="annotate")
                if self.end.seats and self.end.rematch and saved is not None:
                    yield Button("Rematch", id="rematch")
                yield Button("Main menu", id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys of what the panel offers: no replay without a file here, no rematch after
        a match across machines."""
        if action in ("replay", "annotate", "review"):
            return self.end.path is not None
        if action == "rematch":
            return bool(self.end.seats) and self.end.rematch and self.end.path is not None
        return True

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "replay":
            self.action_replay()
        elif event.button.id == "annotate":
            self.action_annotate()
        elif event.button.id == "review":
            self.action_review()
        elif event.button.id == "rematch":
            self.action_rematch()
        else:
            self.action_menu()

    def action_replay(self) -> None:
        self._open_replay()

    def action_annotate(self) -> None:
        self._open_replay(then="action_annotate")

    def action_review(self) -> None:
        """The replay, with the computer's review started (or shown, when it is done)."""
        self._open_replay(then="action_review")

    def action_rematch(self) -> None:
        """The same players and options, the other seat starting."""
        from core import registry

        if not self.end.seats or not self.end.rematch or self.end.path is None:
            return
        try:
            rules = registry.get(self.end.game)
        except registry.UnknownGame as err:
            self.notify(f"{err}", title="No rematch", severity="error", markup=False)
            return
        seats, options = rematch(rules, self.end.seats, self.end.options)
        # The new match takes the finished one's place: this panel goes first.
        self.app.post_message(StartMatch(rules, seats, options))
        self.dismiss(None)

    def action_menu(self) -> None:
        self.post_message(ShowMenu())

    def _open_replay(self, *, then: str = "") -> None:
        """The replay viewer, at the last move; `then`: the viewer's action to run at once
        (its note editor, its review)."""
        from tui.screens.replay import ReplayScreen

        if self.end.path is None:
            return
        try:
            screen: ReplayScreen[Any, Any] = ReplayScreen(self.end.path)
        except (LogError, OSError, ValueError) as err:
            self.notify(f"Could not open the replay: {err}", severity="error", markup=False)
            return
        self.app.push_screen(screen)
        if then:
            begin = getattr(screen, then, None)
            if callable(begin):
                screen.call_after_refresh(begin)


def rematch(
    rules: Rules[Any, Any, Any], seats: tuple[Seat, ...], options: Mapping[str, Any]
) -> tuple[tuple[Seat, ...], dict[str, Any]]:
    """Seats and options for a rematch: the other seat starts.

    A game that lets the players pick who starts (an option `first` of two choices) has it
    flipped; in one where the first seat always starts, the players change chairs.
    """
    chosen = dict(options)
    first = next(
        (o for o in rules.options if o.key in ("starts", "first") and len(o.choices) == 2), None
    )
    if first is not None and len(seats) == 2:
        if first.key == "starts" and type(chosen.get("first")) is int:
            chosen["starts"] = chosen.pop("first") + 1  # a file from before `starts`
        now = chosen.get(first.key, first.default)
        chosen[first.key] = first.choices[1] if now == first.choices[0] else first.choices[0]
        chosen.pop("first" if first.key == "starts" else "starts", None)
        return seats, chosen
    return seats[1:] + seats[:1], chosen
