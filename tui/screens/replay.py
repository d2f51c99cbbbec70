"""The replay viewer: step through a saved match, annotate it, export it, or branch from it.

The match is read without its lock (`load_match`): watching never blocks a player. Positions
come from a `ReplayCursor`, which refuses the everything-perspective until the match is over,
so an unfinished match is watched from one seat's chair. The board is the game's own widget
(`tui.games.kit_for`) fed with views only. A note takes the file's lock just for the append
(`annotate_file`); the file is then read again, so the viewer shows exactly what was saved.
"""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from core.match import MetaEntry, NoteEntry, Seat
from core.rules import CHANCE, SPECTATOR, IllegalAction, Outcome
from replays.cursor import ReplayCursor
from replays.errors import HiddenPerspective, LogError
from replays.export import to_markdown
from replays.store import annotate_file, continue_from, load_match
from tui.games import NoBoard, kit_for
from tui.messages import PlayMatch
from tui.screens.annotate import AnnotateScreen, NoteDraft
from tui.screens.handoff import SeatHandoff
from tui.screens.help import save_screenshot
from tui.screens.seats import SeatsScreen
from tui.widgets.move_list import MoveList, MoveRow, NoteList, NoteRow
from tui.widgets.too_small import TooSmall, fit

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Autoplay speeds in entries per second; `+` and `-` walk this list."""
DEFAULT_SPEED = 2

STEP = Binding.Group("step", compact=True)
ENTRY = Binding.Group("entry", compact=True)
TURN = Binding.Group("turn", compact=True)
ENDS = Binding.Group("start/end", compact=True)
ROUND = Binding.Group("round", compact=True)
SPEED = Binding.Group("speed", compact=True)
NOTES = Binding.Group("notes", compact=True)

KEYS: tuple[tuple[str, str], ...] = (
    ("→  ←", "next / previous entry (every move and every card drawn)"),
    ("↓  ↑", "next / previous move by a player (skips the draws)"),
    ("Home  End", "the start / the end of the match"),
    ("]  [   PgDn PgUp", "next round / start of this (or the previous) round"),
    ("space", "autoplay on / off"),
    ("+  -", "autoplay faster / slower"),
    ("p", "view from seat 1, seat 2, or everything (once it is over)"),
    ("a", "annotate the current entry: a few words and a glyph"),
    ("n  N", "next / previous annotated entry"),
    ("e", "export as Markdown, with the notes, as seen now"),
    ("c", "continue from here: a new match from this position"),
    ("click", "a line of the moves or of the notes: go there"),
    ("?", "these keys"),
    ("ctrl+p", "commands: new game, resume, rules, settings…"),
    ("Esc  q", "back"),
)


class ReplayKeys(ModalScreen[None]):
    """Every key of the viewer (the Footer cannot fit them all at 80 columns)."""

    CSS_PATH = "../styles/replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark", "close", "close")]

    def compose(self) -> ComposeResult:
        width = max(len(key) for key, _ in KEYS) + 2
        lines = [Content.assemble((f"{key:<{width}}", "bold"), does) for key, does in KEYS]
        legend = "▸ marks the current entry; a note shows as its glyph and ✎ beside its entry."
        with VerticalScroll(id="keys-dialog"):
            yield Static(Content.styled("Replay keys", "bold"), id="keys-title")
            yield Static(Content("\n").join(lines))
            yield Static(Content.styled(legend, "italic"), id="keys-legend")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


def perspective_name(perspective: int | None, names: tuple[str, ...]) -> str:
    if perspective is None:
        return "everyone (all hands open)"
    if perspective == SPECTATOR:
        return "the table (no hand shown)"
    return f"{names[perspective]} (seat {perspective + 1})"


def hand_lines(view: Any, names: tuple[str, ...]) -> Content | None:
    """Each seat's hand as the view shows it; hidden hands as card backs. None: no hands."""
    hands = getattr(view, "hands", None)
    sizes = getattr(view, "hand_sizes", None)
    if not isinstance(hands, tuple) or not isinstance(sizes, tuple):
        return None
    lines = []
    width = max(len(name) for name in names)
    for seat, hand in enumerate(hands):
        label = Content.styled(f"{names[seat]:<{width}}", "bold")
        if hand is None and sizes[seat]:
            shown = Content.assemble("▮" * sizes[seat], ("  hidden from this seat", "dim"))
        elif not hand:
            shown = Content.styled("no cards", "dim")
        else:
            shown = Content(" ".join(f"[{card}]" for card in hand))
        lines.append(Content.assemble(label, "  ", shown))
    return Content("\n").join(lines)


class ReplayScreen(Screen[None]):
    """Watch a saved match: VCR keys, perspective, notes, export, continue from here."""

    CSS_PATH: ClassVar[list[str | PurePath]] = ["../styles/game.tcss", "../styles/replay.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        # What fits the Footer at 80 columns, the way out included; ? lists them all.
        Binding("left", "step(-1)", "step", group=STEP),
        Binding("right", "step(1)", "step", group=STEP),
        Binding("shift+left", "step_entry(-1)", "entry", group=ENTRY, show=False),
        Binding("shift+right", "step_entry(1)", "entry", group=ENTRY, show=False),
        Binding("space", "autoplay", "play"),
        Binding("a", "annotate", "note"),
        Binding("p", "perspective", "view"),
        Binding("e", "export", "export"),
        Binding("c", "continue", "continue"),
        Binding("question_mark", "keys", "keys"),
        Binding("ctrl+s", "screenshot", "screenshot", show=False),
        Binding("escape,q,l", "back", "back"),  # the only way out for a mouse
        Binding("left_square_bracket", "round(-1)", "round", group=ROUND, show=False),
        Binding("right_square_bracket", "round(1)", "round", group=ROUND, show=False),
        Binding("plus,equals_sign", "speed(1)", "speed", group=SPEED, show=False),
        Binding("minus", "speed(-1)", "speed", group=SPEED, show=False),
        Binding("n", "note(1)", "notes", group=NOTES, show=False),
        Binding("N", "note(-1)", "notes", group=NOTES, show=False),
        Binding("up", "turn(-1)", "move", group=TURN, show=False),
        Binding("down", "turn(1)", "move", group=TURN, show=False),
        Binding("home", "start", "start", group=ENDS, show=False),
        Binding("end", "end", "end", group=ENDS, show=False),
        Binding("pageup", "round(-1)", "round", show=False),
        Binding("pagedown", "round(1)", "round", show=False),
    ]

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
        self.rules = self.match.rules
        try:
            self.kit = kit_for(self.rules.id)
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
        self.rows: list[MoveRow] = []
        self.notes: list[NoteRow] = []
        self._speed = DEFAULT_SPEED
        self._timer: Timer | None = None
        self._drafts: dict[int, NoteDraft] = {}
        """Notes typed but not saved (the file was busy), by entry, offered again on `a`."""

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="rp-status")
        yield Static(id="rp-warning")
        yield self.board
        yield Static(id="rp-hands")
        with Horizontal(id="rp-bar"):
            yield Static(id="rp-where")
            yield Static(id="rp-play")
        yield Static(id="rp-next")
        with Horizontal(id="rp-lower"):
            yield MoveList(id="rp-moves", chapter=self.rules.chapter)
            with Vertical(id="rp-side"):
                yield Static(id="rp-entry")
                yield NoteList(id="rp-notes")
        # No palette key: it would cover the Footer's last keys (ctrl+p still opens it).
        yield Footer(show_command_palette=False)
        yield TooSmall()

    def on_resize(self, event: Resize) -> None:
        fit(self, event)

    def on_mount(self) -> None:
        self.query_one("#rp-entry", Static).border_title = "This entry"
        if self.damage is not None:
            self.notify(
                f"{self.damage.message}. The viewer shows what could be read.",
                title="Match file damaged",
                severity="warning",
                timeout=15,
            )
        self._rebuild()
        self._draw()

    # -- what the rows are ----------------------------------------------------------------
    def _rebuild(self) -> None:
        """Rows of the move list and of the notes, as the current perspective may read them."""
        lines = self.cursor.moves()
        positions = [0] + [line.index + 1 for line in lines]
        anchored: dict[int, list[NoteEntry]] = {}
        for _, note in self.match.notes():
            anchored.setdefault(self._anchor(note.target, positions), []).append(note)

        def row(
            number: int, position: int, chance: bool, notation: str, words: str, round_no: int
        ) -> MoveRow:
            notes = anchored.get(position, [])
            return MoveRow(
                position,
                number,
                chance,
                notation,
                words,
                round_no,
                glyphs=tuple(n.glyph for n in notes if n.glyph),
                noted=any(n.text for n in notes),
            )

        first_round = self.rules.round_of(self.match.state_at(0))
        self.rows = [row(0, 0, False, "", "the starting position", first_round)]
        for number, line in enumerate(lines, start=1):
            self.rows.append(
                row(
                    number,
                    line.index + 1,
                    line.seat == CHANCE,
                    line.notation,
                    line.words,
                    line.chapter,
                )
            )
        numbers = {r.position: r.number for r in self.rows}
        self.notes = [
            NoteRow(position, numbers[position], note.glyph, note.text)
            for position in sorted(anchored)
            for note in anchored[position]
        ]
        self.query_one(MoveList).show_rows(self.rows, self.here)
        self.query_one(NoteList).show_notes(self.notes, self.here)

    @staticmethod
    def _anchor(target: int, positions: list[int]) -> int:
        """The row a note on entry `target` belongs to: that entry, or the last one before."""
        return max((p for p in positions if p - 1 <= target), default=0)

    @property
    def here(self) -> int:
        """The position of the current row (the cursor may sit past trailing notes)."""
        return max(r.position for r in self.rows if r.position <= self.cursor.position)

    def _row(self, position: int) -> MoveRow:
        return next(r for r in self.rows if r.position == position)

    def _decided(self) -> Outcome | None:
        """How the match stands decided at the cursor, if it is (a resignation counts)."""
        for entry in self.match.entries[: self.cursor.position]:
            if isinstance(entry, MetaEntry) and entry.what == "resign":
                return self.match.outcome()
        return self.rules.outcome(self.cursor.state)

    # -- drawing --------------------------------------------------------------------------
    def _draw(self, *, animate: bool = False) -> None:
        here = self.here
        row = self._row(here)
        view = self.cursor.view
        self.board.show(view, None, animate=animate and self.app.animation_level != "none")
        self._status()
        hands = hand_lines(view, self.names)
        panel = self.query_one("#rp-hands", Static)
        panel.display = hands is not None
        if hands is not None:
            panel.update(hands)
        total = len(self.rows) - 1
        self.query_one("#rp-where", Static).update(
            Content.assemble(
                ("Entry ", "dim"),
                (f"{row.number}/{total}", "bold"),
                (f"  ·  {self.rules.chapter or 'turn'} ", "dim"),
                (str(self.cursor.round), "bold"),
                ("  ·  ", "dim"),
                self.kit.narrator.score(view, self.names),
            )
        )
        self._play_line()
        self.query_one("#rp-next", Static).update(Content(self._next_words(view)))
        self._entry_panel(row, view)
        self.query_one(MoveList).mark(self._decision_at(here))
        self.query_one(NoteList).mark(here)

    def _decision_at(self, here: int) -> int:
        """The row to mark at `here`: the decision whose step this is (its refill came with
        it), or `here` itself when the step is a deal or the start."""
        done = [r for r in self.rows if 0 < r.position <= here]
        decisions = [r for r in done if not r.chance]
        if not decisions:
            return here
        last = decisions[-1]
        after = [r for r in done if r.position > last.position]
        return last.position if all(r.round == last.round for r in after) else here

    def _status(self) -> None:
        header = self.match.header
        words = [str(v) for v in header.options.values() if isinstance(v, str)]
        title = self.rules.title + (f" ({', '.join(words)})" if words else "")
        text = Content.assemble(
            ("Replay ", "bold"),
            f"· {title} · {' vs '.join(self.names)} · seen by ",
            (perspective_name(self.cursor.perspective, self.names), "bold"),
        )
        self.query_one("#rp-status", Static).update(text)
        warning = self.query_one("#rp-warning", Static)
        warning.display = self.damage is not None
        if self.damage is not None:
            kept = self.damage.recoverable
            warning.update(
                Content(
                    f"⚠ Damaged file: showing the {kept} entr{'y' if kept == 1 else 'ies'} "
                    "that could be read before the damage."
                )
            )

    def _play_line(self) -> None:
        state = ("▶ playing", "bold") if self.playing else ("⏸ paused", "")
        self.query_one("#rp-play", Static).update(
            Content.assemble(state, ("  ", "dim"), f"{SPEEDS[self._speed]:g}/s")
        )

    def _next_words(self, view: Any) -> str:
        outcome = self._decided()
        if outcome is not None:
            if outcome.is_draw:
                headline = "■ The match is drawn"
            else:
                winners = " and ".join(self.names[w] for w in outcome.winners)
                headline = f"■ {winners} wins the match"
            reason = outcome.reason[:1].upper() + outcome.reason[1:]
            return headline + (f" · {reason}" if reason else "")
        seat = self.rules.to_move(self.cursor.state)
        if seat == CHANCE:
            return "Next: chance (a card is dealt or drawn)"
        if seat is None:
            return "Next: nothing (the file ends here)"
        return f"Next: {self.names[seat]} — {self.kit.narrator.prompt(view, self.names)}"

    def _entry_panel(self, row: MoveRow, view: Any) -> None:
        parts: list[Content] = []
        if row.position == 0:
            parts.append(Content("The starting position."))
        else:
            head = Content.styled(f"{row.number}. ", "bold")
            notation = Content.styled(f"{row.notation} ", "bold") if row.notation else Content()
            parts.append(Content.assemble(head, notation, row.words))
            following = [r for r in self.rows if r.position > row.position]
            if not following or following[0].round != row.round:
                for told in self.kit.narrator.chapters(view, self.names):
                    if told.number == row.round:
                        parts.append(Content.styled(f"{told.headline}. {told.why}", "italic"))
        for note in self.notes:
            if note.position == row.position:
                glyph = Content.styled(f"{note.glyph} ", "bold") if note.glyph else Content()
                parts.append(Content.assemble("✎ ", glyph, note.text))
        self.query_one("#rp-entry", Static).update(Content("\n").join(parts))

    # -- moving ---------------------------------------------------------------------------
    def _go(self, position: int, *, animate: bool = False) -> None:
        self.cursor.seek(position)
        self._draw(animate=animate)

    def action_step(self, delta: int) -> None:
        """One decision on or back, with the chance outcomes that follow it; a deal is one
        step of its own."""
        self.cursor.seek(self.here)
        target = self.cursor.next_decision() if delta > 0 else self.cursor.previous_decision()
        self._go(target, animate=True)

    def action_step_entry(self, delta: int) -> None:
        """One entry on or back (every card drawn is its own step)."""
        positions = [r.position for r in self.rows]
        index = positions.index(self.here) + delta
        if 0 <= index < len(positions):
            self._go(positions[index], animate=abs(delta) == 1)

    def action_turn(self, delta: int) -> None:
        """The next (or previous) position right after a player's own move."""
        turns = [r.position for r in self.rows if r.position and not r.chance]
        here = self.here
        if delta > 0:
            self._go(
                min((p for p in turns if p > here), default=self.rows[-1].position), animate=True
            )
        else:
            self._go(max((p for p in turns if p < here), default=0), animate=True)

    def action_start(self) -> None:
        self._go(0)

    def action_end(self) -> None:
        self._go(len(self.match))

    def action_round(self, delta: int) -> None:
        self.cursor.seek(self.here)
        if delta > 0:
            self.cursor.next_round()
        else:
            self.cursor.previous_round()
        self._draw()

    def action_note(self, delta: int) -> None:
        """Jump to the next (or previous) annotated entry."""
        marked = sorted({note.position for note in self.notes})
        if not marked:
            self.notify("This match has no notes yet. Press a to write one.", title="Notes")
            return
        here = self.here
        ahead = [p for p in marked if p > here] if delta > 0 else [p for p in marked if p < here]
        if ahead:
            self._go(ahead[0] if delta > 0 else ahead[-1])
        else:
            self._go(marked[0] if delta > 0 else marked[-1])  # wrap around

    @on(MoveList.Picked)  # the same message class as NoteList.Picked: one handler for both
    def _picked(self, event: MoveList.Picked) -> None:
        self._go(event.position)

    # -- autoplay -------------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        return self._timer is not None

    def action_autoplay(self) -> None:
        if self.playing:
            self._stop()
        else:
            if self.here == self.rows[-1].position:
                self._go(0)  # at the end: play it again from the start
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
            self._stop()
            self._play_line()
            return
        self.action_step(1)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def on_unmount(self) -> None:
        self._stop()

    # -- perspective ----------------------------------------------------------------------
    def action_perspective(self) -> None:
        """The table, seat 1, seat 2, ..., everything (once the match is over).

        In an unfinished match that hides hands, a seat's view is shown only after that seat's
        handoff screen, and everything is not offered at all.
        """
        over = self.match.is_over
        order: list[int | None] = [SPECTATOR, *range(len(self.names))]
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
        self._rebuild()
        self._draw()

    def _look_as(self, seat: int | None) -> None:
        try:
            self.cursor.perspective = seat
        except HiddenPerspective as err:
            self.cursor.perspective = SPECTATOR
            reason = str(err)
            self.notify(f"{reason[:1].upper()}{reason[1:]}.", title="Not shown", severity="warning")
        self._rebuild()
        self._draw()

    # -- notes ------------------------------------------------------------------------------
    def action_annotate(self) -> None:
        row = self._row(self.here)
        target = row.position - 1
        draft = self._drafts.get(target, NoteDraft(target, ""))
        entry = (
            "On the starting position"
            if row.position == 0
            else (f"On entry {row.number}: {row.words}")
        )
        existing = [
            f"{note.glyph} {note.text}".strip()
            for note in self.notes
            if note.position == row.position
        ]
        warning = ""
        if self.damage is not None:
            warning = "Saving cuts the unreadable tail off the file; the rest stays as it is."
        self._stop()
        self._play_line()
        self.app.push_screen(
            AnnotateScreen(draft, entry, self._save_note, existing=existing, warning=warning),
            callback=self._kept,
        )

    def _save_note(self, draft: NoteDraft) -> str | None:
        """Append the note to the file (lock held only meanwhile); None when saved."""
        try:
            annotate_file(self.path, draft.target, draft.text, draft.glyph)
        except (LogError, OSError, IllegalAction) as err:
            return str(err)
        self._drafts.pop(draft.target, None)
        self._reload(draft)
        where = (
            "the starting position"
            if draft.target < 0
            else (f"entry {self._row(self.here).number}")
        )
        self.notify(f"Your note on {where} is in the match file.", title="Note saved")
        return None

    def _kept(self, draft: NoteDraft | None) -> None:
        if draft is not None:
            self._drafts[draft.target] = draft
            self.notify(
                "Your note is not saved yet; press a on this entry to finish it.", title="Note kept"
            )

    def _reload(self, saved: NoteDraft) -> None:
        """Read the file again so the viewer shows what it now holds."""
        position, perspective = self.cursor.position, self.cursor.perspective
        try:
            match, damage = load_match(self.path)
        except (LogError, OSError):
            self.match.annotate(saved.target, saved.text, saved.glyph)  # show it all the same
        else:
            self.match, self.damage = match, damage
        self.cursor = ReplayCursor(self.match, perspective, position)
        self._rebuild()
        self._draw()

    # -- export and branching ---------------------------------------------------------------
    def action_export(self) -> None:
        """Markdown next to the match file, from the perspective on screen."""
        seat = self.cursor.perspective
        view = "all" if seat is None else "table" if seat == SPECTATOR else f"seat-{seat + 1}"
        # One file per perspective: a seat's export (its hand) never replaces the table's.
        target = self.path.with_name(f"{self.path.stem}-{view}.md").resolve()
        try:
            target.write_text(to_markdown(self.match, self.cursor.perspective), encoding="utf-8")
        except OSError as err:
            self.notify(
                f"Could not write {target}: {err.strerror or err}. Check that the folder is "
                "writable, then press e again.",
                title="Export failed",
                severity="error",
                timeout=12,
            )
            return
        seen = perspective_name(self.cursor.perspective, self.names)
        self.notify(
            f"{target}\nSeen by {seen}, with every note.", title="Exported to Markdown", timeout=12
        )

    def action_continue(self) -> None:
        """A new match from the position on screen, with the seats chosen for it (take over a
        seat from a bot, or hand one to a bot), played on the game screen."""
        here = self.here
        if self._decided() is not None:
            self.notify(
                "The match is already decided here. Step back to a position where "
                "play goes on, then press c.",
                title="Cannot continue from here",
                severity="warning",
            )
            return
        self._stop()
        number = self._row(here).number
        self.app.push_screen(
            SeatsScreen(self.rules, self.match.header.seats, f"entry {number}"),
            callback=lambda seats: self._continue(here, number, seats),
        )

    def _continue(self, here: int, number: int, seats: tuple[Seat, ...] | None) -> None:
        if seats is None:
            return
        try:
            opened = continue_from(self.path, here, seats=seats)
        except (LogError, OSError, ValueError) as err:
            self.notify(
                f"{err}", title="Could not start the new match", severity="error", timeout=12
            )
            return
        self.notify(
            f"A new match from entry {number} of this one: {opened.path.name}.",
            title="Continuing from here",
        )
        self.post_message(PlayMatch(opened))

    # -- leaving --------------------------------------------------------------------------------
    def action_screenshot(self) -> None:
        """An SVG of exactly what the screen shows, next to the match file."""
        save_screenshot(self, self.path)

    def action_keys(self) -> None:
        self.app.push_screen(ReplayKeys())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Looking back during a live match is read-only and from one's own chair."""
        read_only = ("perspective", "annotate", "export", "continue")
        return self.look_back is None or action not in read_only

    def action_back(self) -> None:
        self._stop()
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        else:
            self.app.exit()
