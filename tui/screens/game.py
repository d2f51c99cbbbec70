"""The game screen: a generic frame (status, board, news, hand, move log, keys) for any game.

The per-game widgets come from `tui.games.board_for`. The screen drives the match: it samples
chance outcomes with its own `random.Random`, runs bots in a thread worker, hands the device
over between humans when the game hides hands, and shows round and match ends. It renders
views only (`rules.view(state, seat)`) for the human at the device. Every action goes through
`OpenMatch.submit`, which writes it to the match file first: the log is the autosave, so
leaving this screen in any way loses nothing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Static
from textual.worker import get_current_worker

from core.ai import decide
from core.match import ActionEntry
from core.rules import CHANCE, IllegalAction
from replays.errors import LogError
from replays.store import OpenMatch
from tui.games import board_for
from tui.screens import parlour
from tui.screens.handoff import HandoffScreen
from tui.screens.help import HelpScreen
from tui.screens.round_end import MatchEnd, MatchEndScreen, RoundEndScreen
from tui.widgets.move_log import MoveLog, fold_chance
from tui.widgets.table import HandWidget, Turn

BOT_PAUSE = 0.8
"""Seconds a bot's move waits (animations on) so a person can follow it."""
DEAL_PAUSE = 0.07
"""Seconds between chance outcomes (animations on): cards are dealt one by one."""


class ResignScreen(ModalScreen[bool]):
    """Asks before a resignation, which cannot be undone."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "resign"),
        Binding("n,escape", "answer(False)", "keep playing"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__(classes="confirm")
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(f"Resign the match, {self.player}? Your opponent wins it."),
                         classes="headline")
            with Horizontal(classes="buttons"):
                yield Button("Resign (y)", id="yes", variant="error")
                yield Button("Keep playing (n)", id="no", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        if self.is_current:
            self.dismiss(yes)


class GameScreen(Screen[None]):
    """Play an open match; owns it (and its lock) until the screen goes away."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "help"),
        Binding("q", "save_quit", "save & quit"),
        Binding("ctrl+r", "resign", "resign"),
    ]

    class BotChose(Message):
        """A bot's decision, posted from its worker thread."""

        def __init__(self, position: int, action: Any, error: str | None = None) -> None:
            super().__init__()
            self.position = position
            self.action = action
            self.error = error

    def __init__(
        self,
        opened: OpenMatch,
        *,
        rng: random.Random | None = None,
        chance: Callable[[Any], Any] | None = None,
    ) -> None:
        """`rng` samples chance outcomes and seeds the bots; `chance`, when given, picks the
        chance outcomes instead (state -> action), so a test can deal the cards it wants."""
        super().__init__(classes="game")
        self.opened = opened
        self.match = opened.match
        self.rules = self.match.rules
        self.seats = self.match.header.seats
        self.names = tuple(seat.name for seat in self.seats)
        self.kit = board_for(self.rules.id)
        self._rng = rng if rng is not None else random.Random()
        self._chance_source = chance
        self.humans = tuple(i for i, seat in enumerate(self.seats) if seat.kind == "human")
        self.hotseat = len(self.humans) > 1 and self.rules.hides_information
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        """The seat whose view is on screen: the human at the device (None: nobody yet)."""
        self.hold: str | None = None
        """Why the match is not moving on by itself: "handoff", "round-end", "bot", ..."""
        self.board = self.kit.board(self.names)
        self.hand = self.kit.hand(self.names)
        self._bots: dict[int, Any] = {}
        self._befores: list[Any] = []
        """The state before each entry, for plain words and for the handoff summary."""
        self._chance: list[str] = []
        self._turns = 0
        self._log_round: int | None = None
        self._rounds_told = 0
        self._finished_with = False

    # -- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield self.board
        yield Static(id="news")
        with Horizontal(id="lower"):
            yield self.hand
            yield MoveLog()
        yield Footer(compact=True)

    def on_mount(self) -> None:
        state = self.match.state_at(0)
        for entry in self.match.entries:
            self._befores.append(state)
            if isinstance(entry, ActionEntry):
                state = self.rules.apply(state, self.rules.from_wire(entry.action))
        self._rounds_told = len(self.kit.rounds(self._public_view(), self.names))
        self._rebuild_log()
        self._news("")
        self._draw(animate=False)
        self.hand.focus()
        self.call_after_refresh(self._advance)

    def on_unmount(self) -> None:
        self._close()

    # -- what is shown ------------------------------------------------------------------------
    def _public_view(self) -> Any:
        """A view that is safe to draw on the board when nobody is at the device yet."""
        return self._view_of(self.match.state)

    def _view_of(self, state: Any) -> Any:
        """`state` as the person at the device may see it (the first human's, if nobody yet)."""
        if self.viewer is not None:
            return self.rules.view(state, self.viewer)
        seat = self.humans[0] if self.humans else None
        return self.rules.view(state, seat)

    def _before_last_action(self) -> Any:
        """The state just before the latest action: at a round end, the one that decided it."""
        for index in range(len(self.match.entries) - 1, -1, -1):
            if isinstance(self.match.entries[index], ActionEntry) and index < len(self._befores):
                return self._befores[index]
        return self.match.state

    def _check(self, action: Any) -> str | None:
        """None if the seat to move may play `action` now, else the rules' reason."""
        try:
            self.rules.apply(self.match.state, action)
        except IllegalAction as err:
            return str(err)
        return None

    def _draw(self, *, animate: bool) -> None:
        view = self._public_view()
        told = self.kit.rounds(view, self.names)
        if len(told) > self._rounds_told:
            # A round has just ended: under the round-end panel the board shows the moment it
            # was decided (the rules have already reset the table for the next round); the
            # pieces go back to their places once the panel is dismissed.
            self.hand.clear()
            before = self._view_of(self._before_last_action())
            self.board.show_round_end(before, view, animate=animate)
            self.query_one("#status", Static).update(Content(told[-1].headline))
            return
        self.board.show(view, animate=animate)
        seat = self.match.to_move()
        if self.viewer is None:
            self.hand.clear()
        elif self.hold is None and seat == self.viewer:
            self.hand.show(view, Turn(seat, self._check))
        else:
            self.hand.show(view, None)
        self._status(view, seat)

    def _status(self, view: Any, seat: int | None) -> None:
        status = self.query_one("#status", Static)
        round_no = self.rules.round_of(self.match.state)
        if seat is None:
            outcome = self.match.outcome()
            text = "The match is over" + (f": {outcome.reason}" if outcome else "")
        elif seat == CHANCE:
            text = "Dealing…"
        elif self.seats[seat].kind == "bot":
            text = f"{self.names[seat]} (bot) is thinking…"
        elif seat == self.viewer:
            text = f"Your turn, {self.names[seat]}: {self.kit.prompt(view, self.names)}"
        else:
            text = f"{self.names[seat]} to move"
        status.update(Content(f"Round {round_no} · {text}"))

    def _news(self, text: str) -> None:
        news = self.query_one("#news", Static)
        news.update(Content(text))
        news.display = bool(text)

    # -- the move log ---------------------------------------------------------------------------
    def _rebuild_log(self) -> None:
        """Every action so far, in the words the person at the device may read."""
        self.query_one(MoveLog).clear()
        self._chance, self._turns, self._log_round = [], 0, None
        if self.viewer is None and self.hotseat:
            return
        for index, entry in enumerate(self.match.entries):
            if isinstance(entry, ActionEntry):
                self._log(self._befores[index], entry)
        self._flush_chance()
        if self.match.is_over and self._log_round is not None:
            self._log_result(self.match.state, self._log_round)

    def _log(self, before: Any, entry: ActionEntry) -> None:
        log = self.query_one(MoveLog)
        round_no = self.rules.round_of(before)
        if round_no != self._log_round:
            self._flush_chance()
            if self._log_round is not None:
                self._log_result(before, self._log_round)
            self._log_round = round_no
            log.heading(f"Round {round_no}")
        action = self.rules.from_wire(entry.action)
        words = self.rules.describe(before, action, self.viewer, self.names)
        if entry.seat == CHANCE:
            self._chance.append(words)
            return
        self._flush_chance()
        self._turns += 1
        log.move(self._turns, self.rules.notation(action), words)

    def _log_result(self, state: Any, round_no: int) -> None:
        """How round `round_no` ended, under its last move."""
        for told in self.kit.rounds(self._view_of(state), self.names):
            if told.number == round_no:
                self.query_one(MoveLog).remark(f"{told.headline}. {told.why}")

    def _flush_chance(self) -> None:
        if self._chance:
            self.query_one(MoveLog).chance(fold_chance(self._chance))
            self._chance = []

    def _since_last_turn(self, seat: int) -> str:
        """What the others did in public since `seat` last acted, as `seat` may know it.

        A round that ended meanwhile is told by its result; the moves shown are the ones of
        the round being played, so the line always ends with what to answer now.
        """
        said: list[str] = []
        now = self.rules.round_of(self.match.state)
        told = self.kit.rounds(self._public_view(), self.names)
        rounds_then = len(told)
        for index in range(len(self.match.entries) - 1, -1, -1):
            entry = self.match.entries[index]
            if not isinstance(entry, ActionEntry) or entry.seat == CHANCE:
                continue
            if entry.seat == seat:
                break
            before = self._befores[index]
            rounds_then = len(self.kit.rounds(self.rules.view(before, seat), self.names))
            if self.rules.round_of(before) == now:
                action = self.rules.from_wire(entry.action)
                said.append(self.rules.describe(before, action, seat, self.names))
        parts = [f"{r.headline}. {r.why}" for r in told[rounds_then:]][-1:]
        if said:
            view = self.rules.view(self.match.state, seat)
            moves = "; ".join(reversed(said[:3]))
            parts.append(f"{moves} — {self.kit.prompt(view, self.names)}")
        return "  ".join(parts)

    # -- driving the match ------------------------------------------------------------------------
    def _play(self, action: Any) -> bool:
        """Save and apply `action`; say why when the rules or the disk refuse it."""
        before = self.match.state
        try:
            entry = self.opened.submit(action)
        except IllegalAction as err:
            self.hand.tell(f"✗ {err}")
            return False
        except (LogError, OSError) as err:
            self.notify(
                f"{err}. Every earlier move is saved: press q, then resume the match.",
                title="This move could not be saved",
                severity="error",
                timeout=15,
            )
            return False
        while len(self._befores) < len(self.match.entries):
            self._befores.append(before)  # the action, then any end record the store added
        if self.viewer is not None or not self.hotseat:
            self._log(before, entry)
        return True

    def _advance(self) -> None:
        """Move the match on until a person must act (or a panel must be read)."""
        while not self._finished_with and self.hold is None:
            if self.match.is_over:
                self.hold = "over"
                self._when_still(self._finish)
                return
            if self._round_ended():
                return
            seat = self.match.to_move()
            if seat == CHANCE:
                if not self._play(self._sample(self.match.state)):
                    return
                if self.app.animation_level != "none":
                    self._draw(animate=True)
                    self.hold = "deal"
                    self.set_timer(DEAL_PAUSE, self._dealt)
                    return
                continue
            self._flush_chance()
            assert seat is not None
            if self.seats[seat].kind == "bot":
                self.hold = "bot"
                self._draw(animate=True)
                pause = BOT_PAUSE if self.app.animation_level != "none" else 0.0
                self._think(seat, self.match.state, len(self.match.entries), pause)
                return
            if self.hotseat and seat != self.viewer:
                self._handoff(seat)
                return
            self.viewer = seat
            self._draw(animate=True)
            self._news(self._since_last_turn(seat))
            return

    def _sample(self, state: Any) -> Any:
        if self._chance_source is not None:
            return self._chance_source(state)
        return self.rules.sample_chance(state, self._rng)

    def _dealt(self) -> None:
        if self.hold == "deal":
            self.hold = None
            self._advance()

    def _round_ended(self) -> bool:
        """Show a round that has just ended; in hot-seat the next deal is then dealt blind."""
        told = self.kit.rounds(self._public_view(), self.names)
        if len(told) <= self._rounds_told:
            return False
        self._flush_chance()
        self.hold = "round-end"
        if self.hotseat:
            self.viewer = None  # both players read the result; new hands stay unseen
            self._rebuild_log()
        self._draw(animate=False)
        self.hand.clear()
        self._news("")
        def panel() -> None:
            self.app.push_screen(RoundEndScreen(told[-1]), callback=self._next_round)

        self._when_still(panel)
        return True

    def _next_round(self, _: object = None) -> None:
        self._rounds_told = len(self.kit.rounds(self._public_view(), self.names))
        self.hold = None
        self._draw(animate=True)
        self._advance()

    def _when_still(self, then: Callable[[], None]) -> None:
        """Run `then` once the board has stopped moving, so a slide is seen to its end."""
        if self.app.animation_level == "none":
            then()
            return

        async def wait() -> None:
            await self.app.animator.wait_until_complete()
            if not self._finished_with:
                then()

        self.run_worker(wait(), group="motion")

    def _handoff(self, seat: int) -> None:
        """Blank every private thing, then ask for `seat`'s player before drawing their view."""
        self.hold = "handoff"
        self._when_still(lambda: self._blank_for(seat))

    def _blank_for(self, seat: int) -> None:
        self.viewer = None
        self.hand.clear()
        self._news("")
        self._rebuild_log()
        self._draw(animate=False)
        round_no = self.rules.round_of(self.match.state)
        where = f"Round {round_no} · {self.kit.score(self._public_view(), self.names)}"
        self.app.push_screen(HandoffScreen(self.names[seat], where),
                             callback=lambda ready: self._handed(seat, ready))

    def _handed(self, seat: int, ready: bool | None) -> None:
        if not ready:
            self.action_save_quit()
            return
        self.hold = None
        self.viewer = seat
        self._rebuild_log()
        self._advance()

    def _finish(self) -> None:
        """Close the match file and show the winner."""
        self._flush_chance()
        outcome = self.match.outcome()
        view = self._public_view()
        told = self.kit.rounds(view, self.names)
        last = told[-1] if len(told) > self._rounds_told else None
        if outcome is None or outcome.is_draw:
            headline = "The match is drawn"
        else:
            headline = " and ".join(self.names[w] for w in outcome.winners) + " wins the match"
        end = MatchEnd(
            headline=headline,
            reason=(outcome.reason[:1].upper() + outcome.reason[1:]) if outcome else "",
            score=self.kit.score(view, self.names),
            last_round=last,
            path=self.opened.path,
        )
        self._close()
        while self.app.screen is not self and self in self.app.screen_stack:
            self.app.pop_screen()  # a help panel left open over the last move
        self.app.switch_screen(MatchEndScreen(end))

    def _close(self) -> None:
        if not self._finished_with:
            self._finished_with = True
            self.workers.cancel_group(self, "bot")
            self.opened.close()

    # -- bots -------------------------------------------------------------------------------------
    def _bot(self, seat: int) -> Any:
        if seat not in self._bots:
            from core.ai import UnknownBot, make_bot

            seed = self._rng.randrange(2**32)
            try:
                self._bots[seat] = make_bot(self.seats[seat].bot or "random", seed)
            except UnknownBot as err:
                self.notify(f"{err}; the random bot plays instead.", severity="warning")
                self._bots[seat] = make_bot("random", seed)
        return self._bots[seat]

    def _think(self, seat: int, state: Any, position: int, pause: float) -> None:
        bot = self._bot(seat)
        self._run_bot(bot, seat, state, position, pause)

    @work(thread=True, exclusive=True, group="bot")
    def _run_bot(self, bot: Any, seat: int, state: Any, position: int, pause: float) -> None:
        """Choose off the UI loop; wait a little so a person can follow; report back."""
        worker = get_current_worker()
        started = time.monotonic()
        try:
            action = decide(bot, self.rules, state, seat)
        except Exception as err:  # a bot bug must not take the match down with it
            self.post_message(self.BotChose(position, None, f"{type(err).__name__}: {err}"))
            return
        while time.monotonic() - started < pause and not worker.is_cancelled:
            time.sleep(0.05)
        if not worker.is_cancelled:
            self.post_message(self.BotChose(position, action))

    @on(BotChose)
    def _bot_chose(self, message: BotChose) -> None:
        if self._finished_with or self.hold != "bot" or message.position != len(self.match.entries):
            return
        self.hold = None
        if message.error is not None:
            self.hold = "broken"
            self.notify(
                f"The bot could not move ({message.error}). The match is saved; "
                "press q and resume it later.",
                title="Bot failed",
                severity="error",
                timeout=15,
            )
            return
        if self._play(message.action):
            self._draw(animate=True)
            self._advance()

    # -- the person at the device ----------------------------------------------------------------
    @on(HandWidget.Chosen)
    def _chosen(self, message: HandWidget.Chosen) -> None:
        seat = self.match.to_move()
        if self.hold is not None or seat is None or seat != self.viewer:
            return
        reason = self._check(message.action)
        if reason is not None:
            self.hand.tell(f"✗ {reason}")
            return
        if self._play(message.action):
            self._news("")
            self._draw(animate=True)
            self._advance()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.kit.help))

    def action_save_quit(self) -> None:
        """Leave for the menu; the file already holds every move."""
        self._close()
        self.notify("Saved. Pick Resume on the menu to go on.", title="Match saved")
        if len(self.app.screen_stack) > 1:
            parlour(self.app).show_menu()
        else:
            self.app.exit()

    def action_resign(self) -> None:
        seat = self.viewer if self.viewer is not None else (self.humans[0] if self.humans else None)
        if seat is None or self.hold not in (None, "bot") or self.match.is_over:
            return

        def answered(yes: bool | None) -> None:
            if not yes or self._finished_with or self.match.is_over:
                return
            try:
                self.opened.resign(seat)
            except (IllegalAction, LogError, OSError) as err:
                self.notify(f"Could not resign: {err}", severity="error")
                return
            self.workers.cancel_group(self, "bot")
            self.hold = None
            self._advance()

        self.app.push_screen(ResignScreen(self.names[seat]), callback=answered)
