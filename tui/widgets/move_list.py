"""The replay viewer's lists: every entry of a match, and every annotation, both clickable.

Rows are keyed by cursor *position* (the entry's index + 1; 0 is the starting position), so a
click anywhere turns into "seek there". The current row carries a ▸ as well as the highlight,
and annotated rows show their glyphs and a ✎, so neither depends on colour. Neither list takes
focus: the screen's keys drive the cursor and the lists follow it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual import on
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

MARK = "▸"
NOTED = "✎"


@dataclass(frozen=True)
class MoveRow:
    """One entry of the move list as the current perspective may read it."""

    position: int
    """The cursor position that shows this entry (entry index + 1; 0 = the start)."""
    number: int
    """1-based place in the list (0 for the starting position)."""
    chance: bool
    notation: str
    words: str
    round: int
    glyphs: tuple[str, ...] = ()
    noted: bool = False
    """True when a note on this entry has text (not only a glyph)."""
    chat: tuple[tuple[str, str], ...] = ()
    """What was said at the table after this entry and before the next: (speaker, text).
    Shown under the row, never a row of its own: chat is not a position to step to."""
    judged: str = ""
    """The review's glyph for this move (?!, ?, ??), "" when unmarked or not reviewed."""
    move: int = 0
    """The moves played up to this entry, counting it when it is one: a move's number as
    the game's own move log gives it, so "move 33" is the same move in play and in replay."""
    is_move: bool = False
    """A seat's move standing in the match (not a deal, a resignation, a takeback or a move
    one withdrew): the rows that show `move`."""
    withdrawn: bool = False
    """A move a later takeback withdrew: listed struck through, without a number."""

    @property
    def place(self) -> str:
        """This entry in words for "On …" and "from …": "move 33", "the deal after move 33"."""
        if self.position == 0:
            return "the starting position"
        if self.is_move:
            return f"move {self.move}"
        what = (
            "the deal" if self.chance else "the move taken back" if self.withdrawn else "the entry"
        )
        return f"{what} after move {self.move}" if self.move else f"{what} before the first move"


@dataclass(frozen=True)
class NoteRow:
    """One annotation, for the list of annotations."""

    position: int
    number: int
    """The move number of the entry it is on (see `MoveRow.move`)."""
    glyph: str
    text: str


JUDGED_STYLE = {
    "?!": "italic $text-warning",
    "?": "italic bold $text-warning",
    "??": "italic bold $text-error",
}
"""The review's glyphs: italic (a player's own glyph is upright bold), and coloured by weight."""


def _tags(row: MoveRow) -> list[tuple[str, str] | str]:
    tags: list[tuple[str, str] | str] = []
    if row.judged:
        tags += ["  ", (row.judged, JUDGED_STYLE.get(row.judged, "italic"))]
    if row.glyphs:
        tags += ["  ", (" ".join(row.glyphs), "bold")]
    if row.noted:
        tags += [" " if row.glyphs else "  ", NOTED]
    return tags


def move_prompt(row: MoveRow, current: bool, width: int = 0) -> Content:
    """`▸ 34 3>    Ann moved 3 forward  !? ✎` — chance rows dim, with a · for a seat. Given
    the list's `width`, the words are wrapped beside the lead, every continuation line
    indented to them; without it the list wraps them itself. (The live move log, a column a
    third as wide, hangs a move's words under its notation instead where it is narrow.)"""
    head = f"{MARK if current else ' '}{row.move if row.is_move else '':>3} "
    if row.position == 0:
        lead, words = Content(head), Content.assemble(("start of the match", "italic"), *_tags(row))
    elif row.chance:
        lead = Content.assemble(head, ("·      ", "dim"))
        words = Content.assemble((row.words, "dim"), *_tags(row))
    elif row.withdrawn:
        lead = Content.assemble(head, (f"{row.notation:<6}", "dim strike"), " ")
        words = Content.assemble((row.words, "dim strike"), *_tags(row))
    else:
        lead = Content.assemble(head, (f"{row.notation:<6} ", "bold"))
        words = Content.assemble(row.words, *_tags(row))
    column = len(head) + 7  # a notation's six columns and a space, as in the live log
    if lead.cell_length > column and width:
        # a notation too long for its column (Attacke's "pass+draw") stands on its own line
        # and the words keep their column below it, as the live move log does
        return Content("\n").join([lead.rstrip(), _hang(Content(" " * column), words, width)])
    return _hang(lead, words, width)


def chat_prompt(speaker: str, text: str, width: int = 0) -> Content:
    """`      › Ben: hello` under the row it was said after, the name dimmed, wrapped (given
    the list's `width`) under the words as a move's words are."""
    lead = Content.styled("      › ", "dim")
    return _hang(lead, Content.assemble((f"{speaker}:", "dim"), " ", text), width)


def _hang(lead: Content, words: Content, width: int) -> Content:
    """`words` beside `lead`, wrapped to `width` with every continuation line indented to
    them (0: not wrapped here, the list wraps them itself)."""
    indent = lead.cell_length
    if width <= indent + 1:
        return lead + words
    first, *rest = words.wrap(width - indent) or [Content()]
    pad = Content(" " * indent)
    return Content("\n").join([lead + first, *(pad + line for line in rest)])


class _PositionList(OptionList):
    """An OptionList whose option ids start `at-<position>`; a click posts Picked."""

    can_focus = False

    class Picked(Message):
        """The reader clicked the row for `position`."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Picked(int(event.option.id.split("-")[1])))


class MoveList(_PositionList):
    """Every entry, round headings between rounds, the current one marked and highlighted."""

    def __init__(self, *, id: str | None = None, chapter: str = "round") -> None:
        super().__init__(id=id)
        self.border_title = "Moves"
        self.chapter = chapter
        """The word for the game's chapters ("round", "contest"); "" or "turn": no headings."""
        self._rows: dict[int, MoveRow] = {}
        self._option_of: dict[int, int] = {}
        self._current: int | None = None
        self._width = 0
        """The width the prompts were wrapped for (0: not laid out yet)."""

    def on_resize(self) -> None:
        """Wrap every row again for the new width (a hanging indent is not the list's own),
        and keep the current row in view at any new size: a review's progress bar or graph
        takes rows from the list long after the row was marked."""
        width = self.scrollable_content_region.width
        if width != self._width:
            self._width = width
            if self._rows:
                self.show_rows(list(self._rows.values()), self._current or 0)
        self.scroll_to_highlight()

    def show_rows(self, rows: Sequence[MoveRow], current: int) -> None:
        """Replace every row (after a perspective switch or a new note) and mark `current`."""
        self._rows = {row.position: row for row in rows}
        self._option_of = {}
        options: list[Option] = []
        shown_round: int | None = None
        for row in rows:
            headed = self.chapter not in ("", "turn")
            if headed and row.position and row.round != shown_round:
                shown_round = row.round
                heading = f"── {self.chapter.capitalize()} {row.round} ──"
                options.append(Option(Content.styled(heading, "bold"), disabled=True))
            self._option_of[row.position] = len(options)
            options.append(Option(move_prompt(row, False, self._width), id=f"at-{row.position}"))
            options += [
                Option(chat_prompt(speaker, text, self._width), disabled=True)
                for speaker, text in row.chat
            ]
        self._current = None
        self.set_options(options)
        self.mark(current)

    def mark(self, position: int) -> None:
        """Make the row of `position` the current one (▸ and highlight) and scroll to it."""
        if position not in self._option_of:
            return
        if self._current is not None and self._current != position:
            self._redraw(self._current, current=False)
        self._current = position
        self._redraw(position, current=True)
        self.highlighted = self._option_of[position]

    def _redraw(self, position: int, *, current: bool) -> None:
        self.replace_option_prompt_at_index(
            self._option_of[position], move_prompt(self._rows[position], current, self._width)
        )


def note_prompt(note: NoteRow, current: bool) -> Content:
    """`▸ 34 !? a bold start` — the move's number, the glyph, the text."""
    return Content.assemble(
        f"{MARK if current else ' '}{note.number:>3} ",
        (f"{note.glyph} " if note.glyph else "", "bold"),
        note.text or "(glyph only)",
    )


class NoteList(_PositionList):
    """Every annotation in entry order; those on the current entry are marked ▸."""

    def __init__(
        self, *, id: str | None = None, empty: str = "none yet — press a to annotate"
    ) -> None:
        """`empty`: what an empty list says (where notes cannot be made, not "press a")."""
        super().__init__(id=id)
        self.border_title = "Notes"
        self.empty = empty
        self._notes: list[NoteRow] = []
        self._current: int | None = None

    def show_notes(self, notes: Sequence[NoteRow], current: int) -> None:
        self.border_title = f"Notes ({len(notes)})"
        self._notes = list(notes)
        self._current = None
        options = [
            Option(note_prompt(note, False), id=f"at-{note.position}-{number}")
            for number, note in enumerate(self._notes)
        ]
        if not options:
            options = [Option(Content.styled(self.empty, "italic"), disabled=True)]
        self.set_options(options)
        self.mark(current)

    def mark(self, position: int) -> None:
        """Mark the notes on the entry at `position` (and highlight the first of them)."""
        if position == self._current:
            return
        first: int | None = None
        for index, note in enumerate(self._notes):
            was, now = note.position == self._current, note.position == position
            if was != now:
                self.replace_option_prompt_at_index(index, note_prompt(note, now))
            if now and first is None:
                first = index
        self._current = position
        self.highlighted = first
