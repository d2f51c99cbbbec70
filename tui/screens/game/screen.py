"""The game screen: a generic frame (status, table, news, private panel, move log, keys).

The per-game widgets and words come from the game's kit (`tui.games.kit_for`); what happens
next comes from the pure turn loop (`core.play.next_step`). The screen keeps layout, timing
and the turn loop: it holds the match still while a panel is read, and hands the rest to the
parts it owns (bots, handoffs, requests; see the package's docstring). It renders views only,
for the human at the device, and plays on a `Table` (`tui.tables`): a local match file, whose
`submit` writes each action first (the log is the autosave, so leaving this screen in any way
loses nothing), or one seat of a match hosted on another machine; it does not know which.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Literal, TypeVar

from textual import on
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from core.play import Chance, Decide, Over
from core.rules import Action, IllegalAction, Rules
from replays.errors import LogError
from replays.paths import is_matches_dir
from replays.store import OpenMatch
from tui.games import GameKit, kit_for
from tui.messages import ShowMenu
from tui.screens.game.bots import BotChose, BotSeats
from tui.screens.game.ending import match_end
from tui.screens.game.frame import MatchFrame
from tui.screens.game.handoff import Handoff
from tui.screens.game.keys import any_time_keys
from tui.screens.game.narration import Narration
from tui.screens.game.requests import Requests
from tui.screens.game.seating import Seating
from tui.screens.game.status import status_line
from tui.screens.help import HelpScreen, any_time, save_screenshot
from tui.screens.round_end import ChapterEndScreen, MatchEndScreen
from tui.tables import LocalTable, Rematching, Table, Wait, notice_title
from tui.widgets.clamped import ClampedText
from tui.widgets.move_log import MoveLog
from tui.widgets.table import ChapterEnd, Chosen, Turn
from tui.wording import joined, sentence

BOT_PAUSE = 0.8
"""Seconds a bot's move waits (animations on) so a person can follow it."""
DEAL_PAUSE = 0.07
"""Seconds between chance outcomes (animations on): cards are dealt one by one."""

V = TypeVar("V")
A = TypeVar("A", bound=Action)

Hold = Literal["handoff", "chapter-end", "bot", "motion", "deal", "over", "broken", "asking"]
"""Why the match is not moving on by itself."""


class GameScreen(MatchFrame, Generic[V, A]):
    """Play an open match; owns it (and its lock) until the screen goes away.

    Generic in the game's view `V` and action `A`: what the kit's widgets are handed and what
    they compose, so mypy checks the frame against the contract every kit is checked by."""

    CSS_PATH = "../../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "help"),
        Binding("q", "save_quit", "save & quit"),
        Binding("q", "leave", "leave"),
        Binding("q", "stop_hosting", "stop hosting"),
        Binding("u", "take_back", "take back"),
        Binding("ctrl+r", "resign", "resign"),
        Binding("ctrl+t", "chat", "chat"),
        Binding("ctrl+s", "screenshot", "screenshot", show=False),
        Binding("l", "look_back", "look back", show=False),
    ]

    def __init__(
        self,
        opened: OpenMatch | Table[V, A],
        *,
        rng: random.Random | None = None,
        chance: Callable[[Any], A] | None = None,
        kit: GameKit[V, A] | None = None,
    ) -> None:
        """`opened` is the table to play on (an open match file is played at this device);
        `rng` samples its chance outcomes and seeds the bots; `chance`, when given, picks the
        chance outcomes instead (state -> action), so a test can deal the cards it wants; `kit`
        is the game's (looked up by the match's game id when not given)."""
        super().__init__(classes="game")
        self._rng = rng if rng is not None else random.Random()
        self.port: Table[V, A] = (
            LocalTable(opened, self._rng, chance) if isinstance(opened, OpenMatch) else opened
        )
        self.rules: Rules[Any, A, V] = self.port.rules
        self.seats = self.port.seats
        self.names = tuple(seat.name for seat in self.seats)
        # what happened since a player's last turn grows with the others at the table
        self.set_class(len(self.names) > 2, "-many-seats")
        self.kit: GameKit[V, A] = kit if kit is not None else kit_for(self.rules.id)
        plays = tuple(self.port.plays(seat) for seat in range(len(self.seats)))
        self.seating = Seating.of(plays, self.rules.hides_information)
        self.hold: Hold | None = None
        self.table = self.kit.table(self.names)
        self.private = self.kit.private(self.names) if self.kit.private is not None else None
        self.bots = BotSeats(self, self.rules, self.seats, self._rng, self._warn)
        self.handoff = Handoff(self)
        self.requests = Requests(self)
        self._chapters_told = 0
        self._chapter_said: int | None = None
        """The chapter the status last named: kept while a move is drawn (made in it)."""
        self._finished_with = False
        self._let_go = False
        """The table is closed (a remote one stays open under the match-end panel while its
        players may agree to a rematch)."""
        self.bot_seat: int | None = None
        """The bot seat that is thinking, or whose move is still being drawn."""
        self.narration = Narration(
            self.port, self.kit.narrator, self.names, self.chapters, self._move_log
        )

    @property
    def viewer(self) -> int | None:
        """The seat whose view is on screen (None: nobody at the device yet)."""
        return self.seating.viewer

    @property
    def finished(self) -> bool:
        """The match file is closed: nothing more may be played or recorded here."""
        return self._finished_with

    # -- layout -------------------------------------------------------------------------------
    def parts(self) -> tuple[Widget, Widget | None]:
        return self.table, self.private

    def on_mount(self) -> None:
        self._chapters_told = len(self.chapters())
        self.rebuild_log()
        self.news("")
        self.draw(animate=False)
        (self.private or self.table).focus()
        self.port.changed = self._changed
        self.call_after_refresh(self.advance)
        # a question asked while this seat was away came with the first update: ask it now
        self.call_after_refresh(self.requests.answer_if_asked)

    def _move_log(self) -> MoveLog:
        return self.query_one(MoveLog)

    def on_screen_resume(self) -> None:
        """Back from a panel (chat, help, a question): lines that came meanwhile were added
        while the log was not on screen; show the latest."""
        self._move_log().scroll_end(animate=False, x_axis=False)

    def on_unmount(self) -> None:
        self._close()

    # -- what is shown ------------------------------------------------------------------------
    def table_view(self) -> V:
        """A view the table may draw (see `Seating.table_seat`); the private panel is cleared
        while nobody is at the device."""
        return self.port.view(self.seating.table_seat())

    def chapters(self) -> Sequence[ChapterEnd]:
        return self.kit.narrator.chapters(self.table_view(), self.names)

    def draw(self, *, animate: bool) -> None:
        view = self.table_view()
        seat = self.port.to_move()
        # out of touch with the host, no move can be sent: none is offered
        offered = self.hold is None and not self.port.connection() and seat == self.viewer
        turn = Turn(seat, self.port.check) if offered and seat is not None else None
        over = self.port.is_over
        self.table.show(view, turn, animate=animate, over=over)
        if self.private is not None:
            # A round's result faces the whole table: with hands passed round, none shows.
            hidden = self.hold == "handoff" or (self.hold == "chapter-end" and self.seating.hotseat)
            if self.viewer is None or hidden:
                self.private.clear()
            else:
                self.private.show(view, turn, over=over)
        self._status(view, seat)

    def _status(self, view: V, seat: int | None) -> None:
        self.query_one("#status", Static).update(Content(status_line(self, view, seat)))

    def _chapter_now(self) -> int:
        """The chapter being played: once one has ended, the next (its first step is due)."""
        number = self.port.chapter()
        ended = any(told.number == number for told in self.chapters())
        return number + 1 if ended and not self.port.is_over else number

    def where(self) -> str:
        """ "Round 3 · " for the status line ("" for a game without chapters). While a move is
        drawn it names the chapter the move was made in, as the status did while it was awaited
        (a Fields of Action bot's move read "Turn 7 · … is thinking…", then "Turn 8 · …
        moves…": the move had already begun the next turn)."""
        word = self.rules.chapter.capitalize()
        if not word:
            return ""
        if self.hold != "motion" or self._chapter_said is None:
            self._chapter_said = self._chapter_now()
        return f"{word} {self._chapter_said} · "

    def news(self, *texts: str) -> None:
        """The news line: the first of `texts` that fits its rows (`ClampedText`)."""
        news = self.query_one("#news", ClampedText)
        news.show_first_fitting(*texts)
        news.set_class(not any(texts), "-empty")

    def _tell(self, text: str) -> None:
        """Explain a refused choice where the player is composing it."""
        (self.private or self.table).tell(text)

    def _warn(self, text: str) -> None:
        self.notify(text, severity="warning", markup=False)

    # -- the move log ---------------------------------------------------------------------------
    def rebuild_log(self) -> None:
        self.narration.rebuild(self.seating.reader())

    def log_more(self) -> None:
        self.narration.more(self.seating.reader())

    def _since_last_turn(self, seat: int) -> tuple[str, ...]:
        """What the others did in public since `seat` last decided, as `seat` may know it.

        A chapter that ended meanwhile is told by its result; the moves shown are those of
        the chapter being played, every one of them, so the line ends with what to answer now.
        """
        view = self.port.view(seat)
        return self.narration.since_last_turn(seat, self._chapter_now(), view, self.chapters())

    # -- driving the match ------------------------------------------------------------------------
    def _play(self, action: A | None = None) -> bool:
        """Save and apply `action` (None: chance's next outcome); say why when the rules, the
        disk or the host refuse it."""
        try:
            if action is None:
                self.port.deal()
            else:
                self.port.submit(action)
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
        self.log_more()
        return True

    def advance(self) -> None:
        """Move the match on until a person must act (or a panel must be read)."""
        while not self._finished_with and self.hold is None:
            step = self.port.step()
            if isinstance(step, Over):
                self.hold = "over"
                self.news("")  # no "— move a stone…" left under a finished match
                self.when_still(self._finish)
                return
            if self._chapter_ended():
                return
            if isinstance(step, Wait):
                self.narration.flush()
                if self.port.connection():
                    self.news("")  # no "— move a stone…" while no move can be sent
                self.draw(animate=True)
                return
            if isinstance(step, Chance):
                if not self._play():
                    return
                if not self.port.is_over and self._chapter_due():
                    continue  # the chapter's end holds now: no deal pause naming who is next
                if self.app.animation_level != "none":
                    self.draw(animate=True)
                    self.hold = "deal"
                    self.set_timer(DEAL_PAUSE, self._dealt)
                    return
                continue
            assert isinstance(step, Decide)
            self.narration.flush()
            seat = step.seat
            plays = self.port.plays(seat)
            if plays == "bot":
                self.hold, self.bot_seat = "bot", seat
                self.draw(animate=True)
                pause = BOT_PAUSE if self.app.animation_level != "none" else 0.0
                self.bots.think(seat, self.port.bot_position(seat), self.port.position, pause)
                return
            if plays == "away":
                self.narration.flush()
                self.draw(animate=True)
                return
            if self.seating.hotseat and seat != self.viewer:
                self.handoff.to(seat)
                return
            if self.viewer != seat:
                self.seating.viewer = seat
                self.rebuild_log()
                self.narration.flush()  # rebuilt: the deal before this first turn shows now
            self.draw(animate=True)
            self.news(*self._since_last_turn(seat))
            return

    def _dealt(self) -> None:
        if self.hold == "deal":
            self.hold = None
            self.advance()

    def _chapter_due(self) -> bool:
        """A chapter has ended that has not been shown yet."""
        return len(self.chapters()) > self._chapters_told

    def _chapter_ended(self) -> bool:
        """Show a chapter (round, contest) that has just ended, on the table where it ended."""
        if not self._chapter_due():
            return False
        told = self.chapters()
        self.narration.flush()
        self.hold = "chapter-end"
        if self.seating.hotseat:
            self.seating.viewer = None  # everyone reads the result; the next hands stay unseen
            self.rebuild_log()
        self.narration.result(told[-1].number)
        self.draw(animate=True)
        self.news("")

        def panel() -> None:
            word = self.rules.chapter or "round"
            quit_as = next(
                (q for q in ("leave", "stop_hosting") if self.check_action(q, ())), "quit_match"
            )
            end = ChapterEndScreen(told[-1], word, quit_as)
            self.app.push_screen(end, callback=self._next_chapter)

        self.when_still(panel)
        return True

    def _next_chapter(self, go_on: bool | None = True) -> None:
        """After the chapter-end panel: the next chapter, or (q there) save and quit as the
        table's own q does (a match across machines asks first, and goes on if kept)."""
        self._chapters_told = len(self.chapters())
        if go_on is False and not self.port.can_chat:
            self.action_save_quit()
            return
        self.hold = None
        self.log_more()  # what was played elsewhere while the panel was read
        self.draw(animate=True)
        self.advance()
        if go_on is False:
            self.action_leave()

    def when_still(self, then: Callable[[], None]) -> None:
        """Run `then` once the table has stopped moving, so a slide is seen to its end.

        "Moving" is what `app.animator` runs: a table's every motion (a slide, a flight, a seat
        lit after it) must be an animation there, as a timer's end is not waited for."""
        if self.app.animation_level == "none":
            then()
            return

        async def wait() -> None:
            await self.app.animator.wait_until_complete()
            if not self._finished_with:
                then()

        self.run_worker(wait(), group="motion")

    def _finish(self) -> None:
        """Close the match file and show the winner; a table across machines stays open for
        the rematch talk, which the panel leads."""
        self.narration.flush()
        end = match_end(
            self.rules,
            self.kit.narrator,
            self.table_view(),
            self.port.outcome(),
            seats=self.seats,
            rematch=self.port.can_rematch,
            told=self._chapters_told,
            path=self.port.path,
            options=self.port.options,
        )
        talk = self.port if isinstance(self.port, Rematching) and self.port.offer else None
        if talk is None:
            self._close()
        else:
            self._stop()
        if self.seating.hotseat:
            self.seating.viewer = None  # everyone reads the result: no hand stays open
            self.narration.rebuild(None)  # and the whole record, over now: nothing is secret
        self.draw(animate=False)
        while self.app.screen is not self and self in self.app.screen_stack:
            self.app.pop_screen()  # a help panel left open over the last move
        self.app.push_screen(MatchEndScreen(end, talk))

    def _stop(self) -> None:
        """Nothing more is played here."""
        if not self._finished_with:
            self._finished_with = True
            self.bots.cancel()

    def _close(self) -> None:
        self._stop()
        if not self._let_go:
            self._let_go = True
            self.port.close()

    @on(BotChose)
    def _bot_chose(self, message: BotChose[A]) -> None:
        if self._finished_with or self.hold != "bot" or message.position != self.port.position:
            return
        self.hold = None
        if message.error is not None or message.action is None:
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
            if not self.port.is_over and self._chapter_ended():
                return  # the chapter's end holds while the move is drawn; its panel follows
            self.hold = "motion"  # nobody's turn until the bot's move has been drawn
            self.draw(animate=True)
            self.when_still(self._moved)

    def _moved(self) -> None:
        if self.hold == "motion":
            self.hold = None
            self.advance()

    def _changed(self, rewritten: bool) -> None:
        """The match moved on elsewhere: another machine played, the host dealt, or answered
        a request (`rewritten`: a takeback changed earlier lines). Held for a panel, the screen
        catches up when it is dismissed."""
        if self._finished_with:
            return
        if self.port.out_for_good:  # no take back, resign or chat from here now
            self.refresh_bindings()
        title = notice_title(self.port)
        for text in self.port.notices():
            self.notify(text, title=title, markup=False)
        self.requests.answer_if_asked()
        if rewritten:
            seat = self.viewer if self.viewer is not None else self.seating.table_seat()
            self.taken_back(seat)
            return
        if self.hold not in (None, "motion"):
            return
        self.log_more()
        if not self.port.is_over and self._chapter_ended():
            return  # its panel over the table as the round ended, before the next deal shows
        self.hold = "motion"  # nobody's turn until the move made elsewhere has been drawn
        self.draw(animate=True)
        self.when_still(self._moved)

    # -- after a request (`requests`) ---------------------------------------------------------
    def resigned(self) -> None:
        """The file holds a resignation: stop any bot and let the loop end the match."""
        self.bots.cancel()
        self.hold = None
        self.log_more()
        self.advance()

    def taken_back(self, seat: int) -> None:
        """The file holds a takeback for `seat`: redraw from the position it returns to."""
        self.hold = None
        self._chapters_told = len(self.chapters())
        if not self.seating.hotseat or self.viewer == seat:
            self.seating.viewer = seat if seat in self.seating.humans else self.viewer
        self.rebuild_log()
        self.news("Move taken back.")
        self.draw(animate=True)
        self.advance()

    # -- the person at the device ----------------------------------------------------------------
    @on(Chosen)
    def _chosen(self, message: Chosen[A]) -> None:
        message.stop()
        seat = self.port.to_move()
        if self.hold is not None or seat is None or seat != self.viewer:
            return
        reason = self.port.check(message.action)
        if reason is not None:
            self._tell(f"✗ {reason}")
            return
        if self._play(message.action):
            self.news("")
            self.draw(animate=True)
            self.advance()

    def action_help(self) -> None:
        general = any_time(any_time_keys(self), kept_here=self.port.path is not None)
        self.app.push_screen(HelpScreen(self.kit.help, general))

    def action_look_back(self) -> None:
        """Step through the match so far from your own chair; `l` (or Esc) comes back."""
        from tui.screens.replay import ReplayScreen

        seat = self.seating.acting_human()
        if (seat is None and self.rules.hides_information) or self.hold == "handoff":
            return
        path = self.port.path
        if path is None:
            self.notify("The host keeps this match's file: read back in the move log.")
            return
        try:
            screen: ReplayScreen[Any, Any] = ReplayScreen(
                path, look_back=seat if seat is not None else 0
            )
        except (LogError, OSError) as err:
            self.notify(f"{err}", title="Cannot look back now", severity="error", markup=False)
            return
        self.app.push_screen(screen)

    def action_screenshot(self) -> None:
        """An SVG of exactly what the screen shows, next to the match file."""
        save_screenshot(self, self.port.path)

    def action_save_quit(self) -> None:
        """Leave for the menu; the file already holds every move."""
        # (over, or its seat played from another terminal now: nothing to go on with here)
        goes_on = not (self.port.is_over or self.port.out_for_good)
        self._close()
        path = self.port.path
        if path is not None and is_matches_dir(path.parent):
            self.notify("Saved. Pick Resume on the menu to go on.", title="Match saved")
        elif path is not None:  # a file of the player's own, which Resume does not list
            self.notify(
                f"Saved in {path}. Go on with: parlour resume {shlex.quote(str(path))}",
                title="Match saved",
                markup=False,
            )
        elif goes_on:
            left = "The host keeps the match: join again with the same invitation to go on."
            self.notify(left, title="Left the match")
        if len(self.app.screen_stack) > 1:
            self.post_message(ShowMenu())
        else:
            self.app.exit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The chat key is listed only where a line reaches someone (a remote table), and q
        says "leave" there (the match goes on, kept by its host), or "stop hosting" on the
        host's own screen. Take back and resign are for a player at this device: a spectator
        (or a table of bots) has neither, nor has a device out of the match for good (its seat
        played from another terminal now), which has nobody to chat with either."""
        if action == "chat":
            return self.port.can_chat and not self.port.out_for_good
        if action == "leave":
            return self.port.can_chat and self.port.host_elsewhere
        if action == "stop_hosting":
            return self.port.can_chat and not self.port.host_elsewhere
        if action in ("take_back", "resign"):
            return bool(self.seating.humans) and not self.port.out_for_good
        if action == "save_quit":
            return not self.port.can_chat
        return True

    def action_stop_hosting(self) -> None:
        self.action_leave()

    def action_leave(self) -> None:
        """Leave a match across machines. Leaving a match hosted here stops hosting it, which
        leaves its players on other machines waiting, so that is asked first."""
        waiting = self._guests_here()
        if not waiting or self.port.host_elsewhere or self.port.is_over:
            self.action_save_quit()
            return
        from tui.screens.confirm import ConfirmScreen

        verb = "plays" if len(waiting) == 1 else "play"
        question = (
            f"Stop hosting the match?\n{joined(waiting)} {verb} from another machine and will "
            "wait until you host it again from Resume."
        )

        def answered(yes: bool | None) -> None:
            if yes and not self._finished_with:
                self.action_save_quit()

        self.app.push_screen(ConfirmScreen(question, "Stop hosting", "Keep playing"), answered)

    def _guests_here(self) -> list[str]:
        """The players connected now from other machines (by name), as this table knows."""
        return [
            name
            for seat, name in enumerate(self.names)
            if self.port.presence(seat) == "on another machine"
        ]

    def action_chat(self) -> None:
        from tui.screens.remote import ChatScreen

        def said(text: str | None) -> None:
            if not text or self._finished_with:
                return
            try:
                self.port.chat(text)
            except IllegalAction as err:  # the host is out of touch: the line is shown back
                told = f"{sentence(str(err))} You wrote: {text}"
                self.notify(told, title="Chat", severity="warning", markup=False, timeout=12)

        self.app.push_screen(ChatScreen(), callback=said)

    def action_resign(self) -> None:
        self.requests.resign()

    def action_take_back(self) -> None:
        self.requests.take_back()
