"""The game screen: a generic frame (status, table, news, private panel, move log, keys).

The per-game widgets and words come from the game's kit (`tui.games.kit_for`); what happens
next comes from the pure turn loop (`core.play.next_step`). The screen keeps layout, timing
and handlers: it samples chance outcomes with its own `random.Random`, runs bots in a thread
worker, hands the device over between humans when the game hides hands, and holds the match
still while a panel is read. It renders views only (`rules.view(state, seat)`) for the human
at the device. Every action goes through `OpenMatch.submit`, which writes it to the match file
first: the log is the autosave, so leaving this screen in any way loses nothing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.events import Resize
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

from core.ai import Bot, decide
from core.play import Chance, Decide, Over, next_step
from core.rules import CHANCE, IllegalAction
from replays.chronicle import Chronicle
from replays.errors import LogError
from replays.store import OpenMatch
from tui.games import kit_for
from tui.messages import ShowMenu
from tui.screens.confirm import ConfirmScreen
from tui.screens.handoff import HandoffScreen
from tui.screens.help import HelpScreen, save_screenshot
from tui.screens.narration import Narration
from tui.screens.round_end import ChapterEndScreen, MatchEnd, MatchEndScreen
from tui.widgets.move_log import MoveLog
from tui.widgets.table import ChapterEnd, Chosen, Turn
from tui.widgets.too_small import TooSmall, fit
from tui.wording import others, seat_label

BOT_PAUSE = 0.8
"""Seconds a bot's move waits (animations on) so a person can follow it."""
DEAL_PAUSE = 0.07
"""Seconds between chance outcomes (animations on): cards are dealt one by one."""

Hold = Literal["handoff", "chapter-end", "bot", "deal", "over", "broken", "asking"]
"""Why the match is not moving on by itself."""


class GameScreen(Screen[None]):
    """Play an open match; owns it (and its lock) until the screen goes away."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "help"),
        Binding("q", "save_quit", "save & quit"),
        Binding("u", "take_back", "take back"),
        Binding("ctrl+r", "resign", "resign"),
        Binding("ctrl+s", "screenshot", "screenshot", show=False),
        Binding("l", "look_back", "look back", show=False),
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
        self.kit = kit_for(self.rules.id)
        self.chronicle = Chronicle(self.match)
        self._rng = rng if rng is not None else random.Random()
        self._chance_source = chance
        self.humans = tuple(i for i, seat in enumerate(self.seats) if seat.kind == "human")
        self.hotseat = len(self.humans) > 1 and self.rules.hides_information
        """Humans share the device and the game hides hands: hand it over between them."""
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        """The seat whose view is on screen: the human at the device (None: nobody yet)."""
        self.hold: Hold | None = None
        self.table = self.kit.table(self.names)
        self.private = self.kit.private(self.names) if self.kit.private is not None else None
        self._bots: dict[int, Bot] = {}
        self._chapters_told = 0
        self._finished_with = False
        self.narration = Narration(
            self.chronicle, self.kit.narrator, self.names, self._chapters, self._move_log
        )

    # -- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield self.table
        yield Static(id="news")
        with Horizontal(id="lower"):
            if self.private is not None:
                yield self.private
            yield MoveLog()
        yield Footer(compact=True)
        yield TooSmall()

    def on_resize(self, event: Resize) -> None:
        fit(self, event)

    def on_mount(self) -> None:
        self._chapters_told = len(self._chapters())
        self._rebuild_log()
        self._news("")
        self._draw(animate=False)
        (self.private or self.table).focus()
        self.call_after_refresh(self._advance)

    def _move_log(self) -> MoveLog:
        return self.query_one(MoveLog)

    def on_unmount(self) -> None:
        self._close()

    # -- what is shown ------------------------------------------------------------------------
    def _table_view(self) -> Any:
        """A view the table may draw: the viewer's, or (nobody at the device yet) the first
        human's; the table draws only what every seat may see, the private panel is cleared."""
        seat = self.viewer if self.viewer is not None else (self.humans[0] if self.humans else 0)
        return self.rules.view(self.match.state, seat)

    def _chapters(self) -> Sequence[ChapterEnd]:
        return self.kit.narrator.chapters(self._table_view(), self.names)

    def _check(self, action: Any) -> str | None:
        """None if the seat to move may play `action` now, else the rules' reason."""
        try:
            self.rules.apply(self.match.state, action)
        except IllegalAction as err:
            return str(err)
        return None

    def _draw(self, *, animate: bool) -> None:
        view = self._table_view()
        seat = self.match.to_move()
        turn = (
            Turn(seat, self._check)
            if self.hold is None and seat is not None and seat == self.viewer
            else None
        )
        self.table.show(view, turn, animate=animate)
        if self.private is not None:
            if self.viewer is None or self.hold in ("handoff", "chapter-end"):
                self.private.clear()
            else:
                self.private.show(view, turn)
        self._status(view, seat)

    def _status(self, view: Any, seat: int | None) -> None:
        status = self.query_one("#status", Static)
        where = self._where()
        if self.hold == "chapter-end":
            told = self._chapters()
            where, text = "", told[-1].headline if told else "The end"
        elif seat is None:
            outcome = self.match.outcome()
            text = "The match is over" + (f": {outcome.reason}" if outcome else "")
        elif seat == CHANCE:
            text = self.kit.narrator.prompt(view, self.names) or "Dealing…"
        elif self.seats[seat].kind == "bot":
            text = f"{seat_label(self.rules, self.names, seat)} (bot) is thinking…"
        elif seat == self.viewer:
            name = seat_label(self.rules, self.names, seat)
            text = f"Your turn, {name}: {self.kit.narrator.prompt(view, self.names)}"
        else:
            text = f"{seat_label(self.rules, self.names, seat)} to move"
        status.update(Content(f"{where}{text}"))

    def _chapter_now(self) -> int:
        """The chapter being played: once one has ended, the next (its first step is due)."""
        number = self.rules.round_of(self.match.state)
        ended = any(told.number == number for told in self._chapters())
        return number + 1 if ended and not self.match.is_over else number

    def _where(self) -> str:
        """ "Round 3 · " for the status line ("" for a game without chapters)."""
        word = self.rules.chapter.capitalize()
        return f"{word} {self._chapter_now()} · " if word else ""

    def _news(self, text: str) -> None:
        news = self.query_one("#news", Static)
        news.update(Content(text))
        news.display = bool(text)

    def _tell(self, text: str) -> None:
        """Explain a refused choice where the player is composing it."""
        (self.private or self.table).tell(text)

    # -- the move log ---------------------------------------------------------------------------
    def _reader(self) -> int | Literal[False] | None:
        """Whose words the move log is in; False while nobody may read it (a handoff)."""
        if self.viewer is None and self.hotseat:
            return False
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else None

    def _rebuild_log(self) -> None:
        self.narration.rebuild(self._reader())

    def _log_more(self) -> None:
        self.narration.more(self._reader())

    def _since_last_turn(self, seat: int) -> str:
        """What the others did in public since `seat` last decided, as `seat` may know it.

        A chapter that ended meanwhile is told by its result; the moves shown are those of
        the chapter being played, every one of them, so the line ends with what to answer now.
        """
        view = self.rules.view(self.match.state, seat)
        return self.narration.since_last_turn(seat, self._chapter_now(), view, self._chapters())

    # -- driving the match ------------------------------------------------------------------------
    def _play(self, action: Any) -> bool:
        """Save and apply `action`; say why when the rules or the disk refuse it."""
        try:
            self.opened.submit(action)
        except IllegalAction as err:
            self._tell(f"✗ {err}")
            return False
        except (LogError, OSError) as err:
            self.notify(
                f"{err}. Every earlier move is saved: press q, then resume the match.",
                title="This move could not be saved",
                severity="error",
                timeout=15,
            )
            return False
        self._log_more()
        return True

    def _advance(self) -> None:
        """Move the match on until a person must act (or a panel must be read)."""
        while not self._finished_with and self.hold is None:
            step = next_step(self.match)
            if isinstance(step, Over):
                self.hold = "over"
                self._when_still(self._finish)
                return
            if self._chapter_ended():
                return
            if isinstance(step, Chance):
                if not self._play(self._sample(self.match.state)):
                    return
                if self.app.animation_level != "none":
                    self._draw(animate=True)
                    self.hold = "deal"
                    self.set_timer(DEAL_PAUSE, self._dealt)
                    return
                continue
            assert isinstance(step, Decide)
            self.narration.flush()
            seat = step.seat
            if self.seats[seat].kind == "bot":
                self.hold = "bot"
                self._draw(animate=True)
                pause = BOT_PAUSE if self.app.animation_level != "none" else 0.0
                self._run_bot(self._bot(seat), seat, self.match.state, len(self.match), pause)
                return
            if self.hotseat and seat != self.viewer:
                self._handoff(seat)
                return
            if self.viewer != seat:
                self.viewer = seat
                self._rebuild_log()
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

    def _chapter_ended(self) -> bool:
        """Show a chapter (round, contest) that has just ended, on the table where it ended."""
        told = self._chapters()
        if len(told) <= self._chapters_told:
            return False
        self.narration.flush()
        self.hold = "chapter-end"
        if self.hotseat:
            self.viewer = None  # everyone reads the result; the next hands stay unseen
            self._rebuild_log()
        self.narration.result(told[-1].number)
        self._draw(animate=True)
        self._news("")

        def panel() -> None:
            word = self.rules.chapter or "round"
            self.app.push_screen(ChapterEndScreen(told[-1], word), callback=self._next_chapter)

        self._when_still(panel)
        return True

    def _next_chapter(self, _: object = None) -> None:
        self._chapters_told = len(self._chapters())
        self.hold = None
        self._advance()

    def _when_still(self, then: Callable[[], None]) -> None:
        """Run `then` once the table has stopped moving, so a slide is seen to its end."""
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
        self._news("")
        self._rebuild_log()
        self._draw(animate=False)
        where = self._where() + self.kit.narrator.score(self._table_view(), self.names)
        self.app.push_screen(
            HandoffScreen(self.names[seat], where), callback=lambda ready: self._handed(seat, ready)
        )

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
        self.narration.flush()
        outcome = self.match.outcome()
        view = self._table_view()
        told = self.kit.narrator.chapters(view, self.names)
        last = told[-1] if len(told) > self._chapters_told else None
        if outcome is None or outcome.is_draw:
            headline = "The match is drawn"
        else:
            winners = [seat_label(self.rules, self.names, w) for w in outcome.winners]
            headline = " and ".join(winners) + (" win" if len(winners) > 1 else " wins")
            headline += " the match"
        end = MatchEnd(
            headline=headline,
            reason=(outcome.reason[:1].upper() + outcome.reason[1:]) if outcome else "",
            score=self.kit.narrator.score(view, self.names),
            last_round=last,
            path=self.opened.path,
            seats=self.seats,
            game=self.rules.id,
            options=dict(self.match.options),
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
    def _bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            from core.ai import UnknownBot, make_bot

            seed = self._rng.randrange(2**32)
            try:
                self._bots[seat] = make_bot(self.seats[seat].bot or "random", seed)
            except UnknownBot as err:
                self.notify(
                    f"{err}; the random bot plays instead.", severity="warning", markup=False
                )
                self._bots[seat] = make_bot("random", seed)
        return self._bots[seat]

    @work(thread=True, exclusive=True, group="bot")
    def _run_bot(self, bot: Bot, seat: int, state: Any, position: int, pause: float) -> None:
        """Choose off the UI loop; wait a little so a person can follow; report back."""
        from core.ai import UnknownBot, budget_for

        worker = get_current_worker()
        started = time.monotonic()

        def stop() -> bool:
            """Polled between search iterations: q or a takeback cancels the search. The
            sleep(0) hands the GIL to the UI thread if it is waiting, so a key press is
            answered between two iterations rather than after the interpreter's 5 ms turn."""
            time.sleep(0)
            return worker.is_cancelled

        try:
            budget = budget_for(self.seats[seat].bot or "random", clock=time.monotonic, stop=stop)
        except UnknownBot:
            budget = budget_for("random", clock=time.monotonic, stop=stop)
        try:
            action = decide(bot, self.rules, state, seat, budget)
        except Exception as err:  # a bot bug must not take the match down with it
            self.post_message(self.BotChose(position, None, f"{type(err).__name__}: {err}"))
            return
        while time.monotonic() - started < pause and not worker.is_cancelled:
            time.sleep(0.05)
        if not worker.is_cancelled:
            self.post_message(self.BotChose(position, action))

    @on(BotChose)
    def _bot_chose(self, message: BotChose) -> None:
        if self._finished_with or self.hold != "bot" or message.position != len(self.match):
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
    @on(Chosen)
    def _chosen(self, message: Chosen) -> None:
        message.stop()
        seat = self.match.to_move()
        if self.hold is not None or seat is None or seat != self.viewer:
            return
        reason = self._check(message.action)
        if reason is not None:
            self._tell(f"✗ {reason}")
            return
        if self._play(message.action):
            self._news("")
            self._draw(animate=True)
            self._advance()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.kit.help))

    def action_look_back(self) -> None:
        """Step through the match so far from your own chair; `l` (or Esc) comes back."""
        from tui.screens.replay import ReplayScreen

        seat = self._acting_human()
        if (seat is None and self.rules.hides_information) or self.hold == "handoff":
            return
        try:
            screen = ReplayScreen(self.opened.path, look_back=seat if seat is not None else 0)
        except (LogError, OSError) as err:
            self.notify(f"{err}", title="Cannot look back now", severity="error", markup=False)
            return
        self.app.push_screen(screen)

    def action_screenshot(self) -> None:
        """An SVG of exactly what the screen shows, next to the match file."""
        save_screenshot(self, self.opened.path)

    def action_save_quit(self) -> None:
        """Leave for the menu; the file already holds every move."""
        self._close()
        self.notify("Saved. Pick Resume on the menu to go on.", title="Match saved")
        if len(self.app.screen_stack) > 1:
            self.post_message(ShowMenu())
        else:
            self.app.exit()

    def _acting_human(self) -> int | None:
        """The human seat a resignation or takeback at the device is for."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if len(self.humans) == 1 else None

    def action_resign(self) -> None:
        seat = self._acting_human()
        if seat is None or self.hold not in (None, "bot") or self.match.is_over:
            return
        rest = others(self.rules, self.names, seat)
        question = (
            f"Resign the match, {seat_label(self.rules, self.names, seat)}? "
            f"{rest} {'wins' if len(self.names) == 2 else 'win'} it."
        )

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
            self._log_more()
            self._advance()

        self.app.push_screen(
            ConfirmScreen(question, "Resign", "Keep playing", danger=True), callback=answered
        )

    def _last_human_mover(self) -> int | None:
        """The human seat whose standing decision is the latest: the one a takeback is for."""
        dead = self.match.taken_back()
        for index in range(len(self.match) - 1, -1, -1):
            line = self.chronicle.line(index, None, dead)
            if line is None or line.kind != "move" or line.taken_back:
                continue
            if self.seats[line.seat].kind == "human":
                return line.seat
        return None

    def action_take_back(self) -> None:
        """Take back the last move of a person: against bots at once (the bots' replies go
        too); in hot-seat only once the player to move agrees."""
        if self.hold not in (None, "bot") or self.match.is_over:
            return
        seat = self._last_human_mover()
        if seat is None:
            self.notify("There is no move of yours to take back yet.", title="Take back")
            return
        try:
            self.match.takeback_to(seat)
        except IllegalAction as err:
            self.notify(f"{err}.", title="That move cannot be taken back", severity="warning")
            return
        to_move = self.match.to_move()
        asks = (
            to_move is not None
            and to_move != CHANCE
            and to_move != seat
            and self.seats[to_move].kind == "human"
        )
        if not asks:
            self._take_back(seat)
            return
        assert to_move is not None
        question = (
            f"{seat_label(self.rules, self.names, seat)} asks to take back their last move. "
            f"{seat_label(self.rules, self.names, to_move)}, do you agree?"
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self._take_back(seat)
            else:
                who = seat_label(self.rules, self.names, to_move)
                self.notify(f"{who} said no: the move stands.", title="Take back", markup=False)

        self.app.push_screen(ConfirmScreen(question, "Agree", "Refuse"), callback=answered)

    def _take_back(self, seat: int) -> None:
        if self._finished_with or self.match.is_over:
            return
        self.workers.cancel_group(self, "bot")
        try:
            self.opened.take_back(seat)
        except (IllegalAction, LogError, OSError) as err:
            self.notify(f"Could not take the move back: {err}", severity="error")
            return
        self.hold = None
        self._chapters_told = len(self._chapters())
        if not self.hotseat or self.viewer == seat:
            self.viewer = seat if seat in self.humans else self.viewer
        self._rebuild_log()
        self._news("Move taken back.")
        self._draw(animate=True)
        self._advance()
