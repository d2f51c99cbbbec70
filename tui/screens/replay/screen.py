"""The replay viewer: step through a saved match, annotate it, export it, or branch from it.

The match is read without its lock (`load_match`): watching never blocks a player. Positions
come from a `ReplayCursor`, which refuses the everything-perspective until the match is over,
so an unfinished match is watched from one seat's chair. The board is the game's own widget
(`tui.games.kit_for`) fed with views only.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace
from pathlib import Path, PurePath
from typing import Any, ClassVar, Generic, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, ProgressBar, Static
from textual.worker import Worker

from core.match import MetaEntry
from core.rules import SPECTATOR, Action, Outcome, Rules
from replays.cursor import ReplayCursor
from replays.errors import HiddenPerspective, LogError
from replays.review import Review
from replays.store import load_match
from tui.games import GameKit, NoBoard, kit_for
from tui.screens.handoff import SeatHandoff
from tui.screens.help import save_screenshot
from tui.screens.replay import branch, keys
from tui.screens.replay.notes import Annotations
from tui.screens.replay.reviewing import Reviewing, ReviewProgress
from tui.screens.replay.rows import decision_at, rows_of
from tui.screens.replay.verdicts import judged_at, verdict_text
from tui.screens.replay.words import (
    damage_line,
    entry_text,
    hand_lines,
    next_words,
    status_line,
    where_line,
)
from tui.widgets.clamped import ClampedText
from tui.widgets.hung_text import HungText
from tui.widgets.move_list import MoveList, MoveRow, NoteList, NoteRow
from tui.widgets.too_small import TooSmall, fit
from tui.widgets.win_chart import WinChart
from tui.wording import sentence

V = TypeVar("V")
A = TypeVar("A", bound=Action)

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Autoplay speeds in entries per second; `+` and `-` walk this list."""
ENTRY_WIDTH = 30
"""The entry panel's text width before it is first laid out: the side column's 34 cells less
its frame and padding (replay.tcss)."""
DEFAULT_SPEED = 2


class ReplayScreen(Screen[None], Generic[V, A]):
    """Watch a saved match: VCR keys, perspective, notes, export, continue from here.

    Generic in the game's view and action, as the game screen is: the board is the kit's."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [
        "../../styles/game.tcss",
        "../../styles/replay.tcss",
    ]
    BINDINGS: ClassVar[list[BindingType]] = keys.BINDINGS

    def __init__(
        self, path: Path, *, position: int | None = None, look_back: int | None = None
    ) -> None:
        """Open the match at `path` read-only, at `position` (None: its last entry).

        `look_back` is the seat of a player looking back during their own live match: the
        view stays theirs (nothing they could not see then), and notes, exports, other
        perspectives and continuing are off; `l`, `q` or Esc return to play.
        Raises LogError (with a message for the player) when the file cannot be replayed.
        """
        super().__init__(classes="replay")
        self.path = Path(path)
        self.match, self.damage = load_match(self.path)
        self.rules: Rules[Any, A, V] = self.match.rules
        try:
            self.kit: GameKit[V, A] = kit_for(self.rules.id)
        except NoBoard as err:
            raise LogError(f"{err}; export it with `parlour export` instead") from None
        self.names = tuple(seat.name for seat in self.match.header.seats)
        # An unfinished match opens on the table only: a hand is shown behind its handoff.
        start = None if self.match.is_over or not self.rules.hides_information else SPECTATOR
        self.look_back = look_back
        if look_back is not None and self.rules.hides_information:
            start = look_back
        self.cursor = ReplayCursor(self.match, start)
        self.cursor.seek(len(self.match) if position is None else position)
        self.board = self.kit.table(self.names)
        self.board.in_replay = True  # the cursor's view holds only what the reader may see
        self.rows: list[MoveRow] = []
        self.notes: list[NoteRow] = []
        self.annotations = Annotations(self)
        self.reviewing = Reviewing(self)
        self._wide: bool | None = None
        """Whether the graph is shown: None until `g` is pressed (then: as the height allows)."""
        self._speed = DEFAULT_SPEED
        self._timer: Timer | None = None

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="rp-status")
        yield Static(id="rp-warning")
        yield self.board
        yield Static(id="rp-hands")
        with Horizontal(id="rp-bar"):
            yield HungText(id="rp-where")
            yield Static(id="rp-play")
        yield Static(id="rp-next")
        with Horizontal(id="rp-reviewing"):
            yield Static(id="rp-review-label")
            yield ProgressBar(id="rp-progress", show_eta=False)
        with Horizontal(id="rp-lower"):
            with Vertical(id="rp-left"):
                yield WinChart(id="rp-chart")
                yield MoveList(id="rp-moves", chapter=self.rules.chapter)
            with Vertical(id="rp-side"):
                yield ClampedText(id="rp-entry")
                yield Static(id="rp-accuracy")
                # looking back during play is read-only: notes wait for the match's end
                empty = (
                    "none yet" if self.look_back is not None else "none yet — press a to annotate"
                )
                yield NoteList(id="rp-notes", empty=empty)
        # No palette key: it would cover the Footer's last keys (ctrl+p still opens it).
        yield Footer(show_command_palette=False)
        yield TooSmall()

    def on_resize(self, event: Resize) -> None:
        fit(self, event)
        if self.reviewing.lay_out() and self.rows:
            self.draw()
        wide = event.size.width >= keys.WIDE
        if wide != self._wide:  # the Footer's keys depend on the width
            self._wide = wide
            self.refresh_bindings()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys the Footer lists: as many as the width has room for, the review's first
        (`keys.left_out`)."""
        active = super().active_bindings
        review = self.review
        out = keys.left_out(
            self.size.width >= keys.WIDE, review is not None, review is not None and review.complete
        )
        return {
            key: shown._replace(binding=replace(shown.binding, show=False))
            if shown.binding.action in out
            else shown
            for key, shown in active.items()
        }

    def on_mount(self) -> None:
        self.query_one("#rp-entry", ClampedText).border_title = "This entry"
        if self.damage is not None:
            self.notify(
                f"{self.damage.message}. The viewer shows what could be read.",
                title="Match file damaged",
                severity="warning",
                markup=False,
                timeout=15,
            )
        self.rebuild()
        self.draw()

    # -- where the cursor is --------------------------------------------------------------
    def rebuild(self) -> None:
        """Rows of the move list and of the notes, as the current perspective may read them."""
        self.rows, self.notes = rows_of(self.cursor, self.match, judged_at(self.review))
        self.query_one(MoveList).show_rows(self.rows, self.here)
        self.query_one(NoteList).show_notes(self.notes, self.here)

    @property
    def here(self) -> int:
        """The position of the current row (the cursor may sit past trailing notes)."""
        return max(r.position for r in self.rows if r.position <= self.cursor.position)

    def row_at(self, position: int) -> MoveRow:
        return next(r for r in self.rows if r.position == position)

    def decided(self) -> Outcome | None:
        """How the match stands decided at the cursor, if it is (a resignation counts)."""
        for entry in self.match.entries[: self.cursor.position]:
            if isinstance(entry, MetaEntry) and entry.what == "resign":
                return self.match.outcome()
        return self.rules.outcome(self.cursor.state)

    # -- drawing --------------------------------------------------------------------------
    def draw(self, *, animate: bool = False) -> None:
        here = self.here
        row = self.row_at(here)
        view: V = self.cursor.view
        decided = self.decided()  # a scan of the entries so far: once a step
        self.board.show(
            view,
            None,
            animate=animate and self.app.animation_level != "none",
            over=decided is not None,
        )
        self.query_one("#rp-status", Static).update(
            status_line(self.match, self.cursor.perspective, self.names)
        )
        warning = self.query_one("#rp-warning", Static)
        damaged = damage_line(self.damage, self.rows[-1].move)
        warning.display = damaged is not None
        if damaged is not None:
            warning.update(damaged)
        hands = hand_lines(view, self.names)
        panel = self.query_one("#rp-hands", Static)
        panel.display = hands is not None
        if hands is not None:
            panel.update(hands)
        score = self.kit.narrator.score(view, self.names)
        chapter = self.rules.chapter or "turn"
        where = where_line(row, self.rows[-1].move, chapter, self.cursor.round, score)
        self.query_one("#rp-where", HungText).show(where)
        self._play_line()
        narrator = self.kit.narrator
        self.query_one("#rp-next", Static).update(
            Content(next_words(self.rules, narrator, self.cursor.state, view, self.names, decided))
        )
        decision = decision_at(self.rows, here)
        review = self.review
        verdict = review.at(decision - 1) if review is not None and decision else None
        judged = None if review is None or verdict is None else verdict_text(verdict, review)
        # The panel tells what the list marks: the step's decision, then the cards it drew.
        step = [r for r in self.rows if decision <= r.position <= here]
        if judged is not None and self.has_class("-low"):
            # The move list beside it has the words; room for the verdict.
            step = [replace(r, words="") for r in step]
        entry = entry_text(step, self.rows, self.notes, narrator, view, self.names, judged)
        panel = self.query_one("#rp-entry", ClampedText)
        panel.update(entry)
        panel.styles.min_height = self._entry_room(panel, entry)
        self.query_one(MoveList).mark(decision)
        self.query_one(NoteList).mark(decision)
        self.reviewing.draw(decision)

    def _entry_room(self, panel: ClampedText, entry: Content) -> int | None:
        """The rows the entry panel needs on a low screen of a reviewed match to show all it
        says, a verdict or a long move alike (the accuracy table below gives way); None
        elsewhere: the layout decides."""
        if self.review is None or not self.has_class("-low"):
            return None
        width = panel.content_region.width or ENTRY_WIDTH
        return len(entry.wrap(width)) + panel.styles.gutter.height

    # -- the review -----------------------------------------------------------------------
    @property
    def review(self) -> Review | None:
        return self.reviewing.review

    def action_review(self) -> None:
        self.reviewing.start()

    def action_graph(self) -> None:
        self.reviewing.toggle_graph()

    def action_marked(self, delta: int) -> None:
        self.reviewing.jump(delta)

    def on_review_progress(self, event: ReviewProgress) -> None:
        self.reviewing.progress(event.done, event.total)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == Reviewing.GROUP:
            self.reviewing.ended(event.worker)

    def reload(self) -> None:
        """Read the file again (a review added entries to it), keeping the place and the view."""
        position, perspective = self.cursor.position, self.cursor.perspective
        with suppress(LogError, OSError):  # unreadable now: keep what was read
            self.match, self.damage = load_match(self.path)
        self.cursor = ReplayCursor(self.match, perspective, position)

    def redraw(self) -> None:
        """Everything again, the Footer's keys too (a review changes which apply)."""
        self.refresh_bindings()
        self.rebuild()
        self.draw()

    def _play_line(self) -> None:
        state = ("▶ playing", "bold") if self.playing else ("⏸ paused", "")
        self.query_one("#rp-play", Static).update(
            Content.assemble(state, ("  ", "dim"), f"{SPEEDS[self._speed]:g}/s")
        )

    # -- moving ---------------------------------------------------------------------------
    def go(self, position: int, *, animate: bool = False) -> None:
        self.cursor.seek(position)
        self.draw(animate=animate)

    def go_step(self, position: int) -> None:
        """To the step that shows the decision at `position`, as the arrows reach it: with
        the cards it drew (a jump to a marked or noted move stopped before its refill)."""
        row = next((r for r in self.rows if r.position == position), None)
        if row is not None and position and not row.chance:
            self.cursor.seek(position - 1)
            position = self.cursor.next_decision()
        self.go(position)

    def action_step(self, delta: int) -> None:
        """One decision on or back, with the chance outcomes that follow it; a deal is one
        step of its own. On from where the cursor is, not from the row on show: a step may
        end on a card drawn unseen by this seat, which has no row, and from the row before it
        the next step was the same one again (→ stood still)."""
        if delta < 0:
            self.cursor.seek(self.here)
        target = self.cursor.next_decision() if delta > 0 else self.cursor.previous_decision()
        self.go(target, animate=True)

    def action_step_entry(self, delta: int) -> None:
        """One entry on or back (every card drawn is its own step)."""
        positions = [r.position for r in self.rows]
        index = positions.index(self.here) + delta
        if 0 <= index < len(positions):
            self.go(positions[index], animate=abs(delta) == 1)

    def action_turn(self, delta: int) -> None:
        """The next (or previous) position right after a player's own move."""
        turns = [r.position for r in self.rows if r.position and not r.chance]
        here = self.here
        if delta > 0:
            self.go(
                min((p for p in turns if p > here), default=self.rows[-1].position), animate=True
            )
        else:
            self.go(max((p for p in turns if p < here), default=0), animate=True)

    def action_start(self) -> None:
        self.go(0)

    def action_end(self) -> None:
        self.go(len(self.match))

    def action_round(self, delta: int) -> None:
        self.cursor.seek(self.here)
        if delta > 0:
            self.cursor.next_round()
        else:
            self.cursor.previous_round()
        self.draw()

    def action_note(self, delta: int) -> None:
        """Jump to the next (or previous) annotated entry."""
        marked = sorted({note.position for note in self.notes})
        if not marked:
            self.notify("This match has no notes yet. Press a to write one.", title="Notes")
            return
        here = decision_at(self.rows, self.here)
        ahead = [p for p in marked if p > here] if delta > 0 else [p for p in marked if p < here]
        if ahead:
            self.go_step(ahead[0] if delta > 0 else ahead[-1])
        else:
            self.go_step(marked[0] if delta > 0 else marked[-1])  # wrap around

    @on(MoveList.Picked)  # the same message class as NoteList.Picked: one handler for both
    def _picked(self, event: MoveList.Picked) -> None:
        self.go_step(event.position)

    # -- autoplay -------------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        return self._timer is not None

    def action_autoplay(self) -> None:
        if self.playing:
            self._stop()
        else:
            if self.here == self.rows[-1].position:
                self.go(0)  # at the end: play it again from the start
            self._timer = self.set_interval(1 / SPEEDS[self._speed], self._tick)
        self._play_line()

    def action_speed(self, delta: int) -> None:
        self._speed = max(0, min(len(SPEEDS) - 1, self._speed + delta))
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(1 / SPEEDS[self._speed], self._tick)
        self._play_line()

    def _tick(self) -> None:
        if self.here == self.rows[-1].position:
            self.autoplay_off()
            return
        self.action_step(1)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def autoplay_off(self) -> None:
        """Stop autoplay (before a panel opens over the board) and say so."""
        self._stop()
        self._play_line()

    def on_unmount(self) -> None:
        self._stop()
        self.reviewing.stop()

    # -- perspective ----------------------------------------------------------------------
    def action_perspective(self) -> None:
        """The table, seat 1, seat 2, ..., everything (once the match is over).

        In an unfinished match that hides hands, a seat's view is shown only after that seat's
        handoff screen, and neither a bot's seat nor everything is offered at all.
        """
        over = self.match.is_over
        chairs = [seat for seat in range(len(self.names)) if not self.cursor.live_bot(seat)]
        order: list[int | None] = [SPECTATOR, *chairs]
        if over:
            order.append(None)
        now = self.cursor.perspective
        wanted = order[(order.index(now) + 1) % len(order)] if now in order else order[0]
        if wanted is not None and wanted >= 0 and not over and self.rules.hides_information:
            self._stop()
            self._hide_hands()
            self.app.push_screen(
                SeatHandoff(self.names[wanted], "Replay of an unfinished match"),
                callback=lambda ready: self._look_as(wanted if ready else SPECTATOR),
            )
            return
        self._look_as(wanted)

    def _hide_hands(self) -> None:
        """Nothing private on screen while a handoff is up (a resize or screenshot shows none)."""
        self.cursor.perspective = SPECTATOR
        self.rebuild()
        self.draw()

    def _look_as(self, seat: int | None) -> None:
        try:
            self.cursor.perspective = seat
        except HiddenPerspective as err:
            self.cursor.perspective = SPECTATOR
            self.notify(
                sentence(str(err)),
                title="Not shown",
                severity="warning",
                markup=False,
            )
        self.rebuild()
        self.draw()

    # -- notes, export and branching ------------------------------------------------------
    def action_annotate(self) -> None:
        self.annotations.edit()

    def action_export(self) -> None:
        branch.export(self)

    def action_continue(self) -> None:
        branch.continue_here(self)

    # -- leaving --------------------------------------------------------------------------------
    def action_screenshot(self) -> None:
        """An SVG of exactly what the screen shows, next to the match file."""
        save_screenshot(self, self.path)

    def action_keys(self) -> None:
        draws = any(row.chance for row in self.rows)
        chapter, looking = self.rules.chapter or "round", self.look_back is not None
        self.app.push_screen(keys.ReplayKeys(chapter, draws, look_back=looking))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Looking back during a live match is read-only and from one's own chair."""
        read_only = ("perspective", "annotate", "export", "continue", "review")
        if self.look_back is not None and action in read_only:
            return False
        if action in ("marked", "graph"):
            return self.review is not None
        if action == "review":
            return self.review is None or not self.review.complete
        return True

    def action_back(self) -> None:
        if self.reviewing.running:
            self.reviewing.stop()  # Esc stops the review first; the viewer stays
            return
        self._stop()
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        else:
            self.app.exit()
