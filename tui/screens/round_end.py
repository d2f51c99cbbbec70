"""Between rounds and after the last one: who won, why, and where to go next.

Both panels float over the board where the play ended (the hands are cleared first, so only
public things show through). Under the match-end panel the game screen has closed its match
file already; the panel offers the replay viewer, a rematch or the main menu.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from core.match import Seat
from core.rematch import rematch
from core.rules import SPECTATOR
from replays.errors import LogError
from tui.messages import ShowMenu, StartMatch
from tui.screens.handoff import READY_GRACE, hold_off
from tui.tables import Offer, Rematching, notice_title
from tui.widgets.hung_text import HungText, glued, parts_of
from tui.widgets.table import ChapterEnd


class ChapterEndScreen(ModalScreen[bool]):
    """Who won the round (contest, ...) and why. Dismisses with True to go on to the next
    one (Enter, space, Esc or a click, once the panel has been up for `GRACE` seconds), False
    to save and quit (q, as everywhere in a match)."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "next", "go on"),
        Binding("q", "quit_match", "save & quit"),
        Binding("q", "leave", "leave"),
        Binding("q", "stop_hosting", "stop hosting"),
        Binding("question_mark", "app.toggle_keys", "keys"),  # modal: the app's `?` stops here
    ]
    GRACE: ClassVar[float] = READY_GRACE
    """The panel may come up as a bot's move ends the round while the player is still
    pressing Enter from their own move: those keys must not close it unread."""

    def __init__(
        self, result: ChapterEnd, chapter: str = "round", quit_as: str = "quit_match"
    ) -> None:
        """`quit_as`: what q does, as the table's own q says it ("quit_match" here, "leave" a
        match hosted elsewhere, "stop_hosting" one hosted here)."""
        super().__init__(classes="round-end")
        self.result = result
        self.chapter = chapter
        self.quit_as = quit_as
        self.place = f"The {chapter}'s end"
        """What its key list is titled (a panel has no title of its own)."""
        self._shown = time.monotonic()

    def on_mount(self) -> None:
        self._shown = time.monotonic()
        hold_off(self.query_one("#next", Button), self.GRACE)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.result.headline), classes="headline")
            yield Static(Content(self.result.why), classes="why")
            if self.result.reveal:
                yield Static(Content(self.result.reveal), classes="reveal")
            yield HungText(glued(parts_of(self.result.score)), indent=0, classes="score")
            next_round = Button(f"Next {self.chapter} ⏎", id="next", variant="primary")
            next_round.can_focus = False  # Enter belongs to the screen, so the Footer shows ⏎
            yield next_round
        yield Footer()

    @on(Button.Pressed, "#next")
    def action_next(self) -> None:
        if self.is_current and time.monotonic() - self._shown >= self.GRACE:
            self.dismiss(True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """One of the three q's is listed: the one the table's own q would be."""
        if action in ("quit_match", "leave", "stop_hosting"):
            return action == self.quit_as
        return True

    def action_quit_match(self) -> None:
        if self.is_current:
            self.dismiss(False)

    def action_leave(self) -> None:
        self.action_quit_match()  # the game screen asks first where others would be left

    def action_stop_hosting(self) -> None:
        self.action_quit_match()


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
    """Whether a rematch can start here as a new local match (across machines the host
    starts it once everyone agrees: `MatchEndScreen`'s talk)."""
    game: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)


class MatchEndScreen(ModalScreen[None]):
    """The winner and the score, with the way to replay or annotate the match."""

    place = "The match's end"
    """What its key list is titled (a panel has no title of its own)."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "replay", "replay"),
        Binding("v", "review", "review"),
        Binding("a", "annotate", "annotate"),  # as in the replay viewer
        Binding("g", "rematch", "rematch"),
        Binding("x", "decline", "say no"),
        # q leaves for the menu, as it does everywhere in a match (and q there quits Parlour)
        Binding("q,m,escape", "menu", "main menu"),
        # A modal screen does not reach the app's own ? (every screen's keys, README).
        Binding("question_mark", "app.toggle_keys", "keys"),
    ]

    def __init__(self, end: MatchEnd, talk: Rematching | None = None) -> None:
        """`talk`: the table of a match across machines, kept open while its players may
        agree to a rematch (this panel closes it when it goes)."""
        super().__init__(classes="match-end")
        self.end = end
        self.talk = talk
        self._following = False
        """The rematch is being joined (once: later updates of the finished match say the
        same)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.end.headline), classes="headline")
            yield Static(Content(self.end.reason), classes="why")
            if self.end.last_round is not None:
                last = self.end.last_round
                yield Static(Content(f"Last — {last.headline}. {last.why}"), classes="why")
                if last.reveal:
                    yield Static(Content(last.reveal), classes="reveal")
            yield HungText(glued(parts_of(self.end.score)), indent=0, classes="score")
            saved = self.end.path
            kept = f"Saved as {saved.name}" if saved else "The host keeps the match file."
            yield Static(Content(kept), classes="saved")
            if self.talk is not None:
                yield Static(id="talk", classes="why")
            with Horizontal(classes="buttons"):
                if saved is not None:
                    yield Button("Replay", id="replay", variant="primary")
                    yield Button("Review", id="review")
                    yield Button("Annotate", id="annotate")
                if self._local_rematch() or self._may_ask():
                    yield Button("Rematch", id="rematch")
                yield Button("Main menu", id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Button).focus()
        if self.talk is not None:
            self.talk.changed = self._heard
            self._say()
            self.set_interval(1.0, self._say)

    def on_unmount(self) -> None:
        if self.talk is not None:
            self.talk.changed = None
            if self.talk.moved_to is None:
                self.talk.close()  # leaving the panel leaves the host's table: no rematch

    def _local_rematch(self) -> bool:
        return bool(self.end.seats) and self.end.rematch and self.end.path is not None

    def _may_ask(self) -> bool:
        """A player across machines may ask (or agree) while no rematch has started and the
        host is still there to start one."""
        talk = self.talk
        return (
            talk is not None
            and talk.seat != SPECTATOR
            and talk.moved_to is None
            and not talk.host_gone
        )

    def _asked_of_me(self) -> bool:
        talk = self.talk
        offer = talk.offer if talk is not None else None
        return bool(
            offer and offer.open and self._may_ask() and talk and talk.seat not in offer.agreed
        )

    def _agreed(self) -> bool:
        """This player has asked for or agreed to the open offer: nothing more to press."""
        talk = self.talk
        offer = talk.offer if talk is not None else None
        return bool(offer and talk and talk.seat in offer.agreed)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys of what the panel offers: no replay without a file here; a rematch asked
        across machines or started here; "say no" while this player is asked."""
        if action in ("replay", "annotate", "review"):
            return self.end.path is not None
        if action == "rematch":
            return self._local_rematch() or (self._may_ask() and not self._agreed())
        if action == "decline":
            return self._asked_of_me()
        return True

    # -- a rematch across machines -------------------------------------------------------------
    def _heard(self, rewritten: bool) -> None:
        """The host told the talk something: show it; follow to the rematch once it is open."""
        talk = self.talk
        if talk is None:
            return
        title = notice_title(talk)
        for text in talk.notices():
            self.notify(text, title=title, markup=False)
        self._say()
        self.refresh_bindings()
        offered = bool(self.check_action("rematch", ()))  # as the footer lists g
        for button in self.query("#rematch").results(Button):
            button.disabled = not offered  # asked already, or the host left: nobody can start one
        if talk.moved_to is not None and not self._following:
            self._following = True
            self._follow()

    def _say(self) -> None:
        talk = self.talk
        if talk is None or not self.is_mounted:
            return
        names = tuple(seat.name for seat in talk.seats)
        text = (
            "Starting the rematch…"
            if talk.moved_to is not None
            else offer_words(talk.offer, talk.seat, names, time.monotonic())
        )
        self.query_one("#talk", Static).update(Content(text))

    @work(group="rematch")
    async def _follow(self) -> None:
        """Every player agreed: this device's seat at the new match takes this one's place."""
        from tui.screens.game import GameScreen
        from tui.tables.link import Refused

        talk = self.talk
        if talk is None:
            return
        try:
            table = await talk.follow()
        except Refused as refused:
            self.query_one("#talk", Static).update(
                Content(f"Could not join the rematch: {refused.reason}.")
            )
            return
        if self not in self.app.screen_stack:  # the player left for the menu meanwhile
            table.close()
            return
        while self.app.screen is not self and self in self.app.screen_stack:
            self.app.pop_screen()  # a replay opened from this panel
        self.app.pop_screen()  # this panel, then the finished match's screen
        self.app.switch_screen(GameScreen(table))

    def action_decline(self) -> None:
        if self.talk is not None and self._asked_of_me():
            self.talk.ask_rematch(False)

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
        """The same players and options, the other seat starting: across machines, asked of
        the others (or agreed to), and started by the host once everyone agrees."""
        from core import registry

        if self.talk is not None:
            if self._may_ask():
                self.talk.ask_rematch(True)
            return
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


def offer_words(offer: Offer | None, seat: int, names: tuple[str, ...], now: float) -> str:
    """The rematch talk as `seat` reads it (SPECTATOR: as the table's onlookers do)."""
    if offer is None:
        return ""
    if not offer.open:
        return offer.said or ("Press g to ask the others for a rematch." if seat >= 0 else "")
    left = f" ({max(0, round(offer.until - now))} s)"
    if seat in offer.agreed:
        waiting = [name for n, name in enumerate(names) if n not in offer.agreed]
        return f"Waiting for {' and '.join(waiting)} to agree to a rematch…{left}"
    asker = names[min(offer.agreed)]
    if seat < 0:
        return f"{asker} asks for a rematch…{left}"
    return f"{asker} asks for a rematch: g agrees, x says no.{left}"
