"""The move log: each decision in notation and in plain words, draws folded into one line,
and what was said at the table where it was said.

The screen rebuilds it whenever the person at the device changes, because plain words depend
on who reads them (your own draws name the card; the opponent's do not).

Entries are kept as (lead, words) and wrapped again whenever the panel's width changes, with
continuation lines hanging under the words (or, in a narrow column, every move's words under
its notation on a line of its own), so a narrow terminal never crops a sentence and a long one
never runs back under the move number.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

MIN_WORDS = 8
"""Columns the words keep beside their lead; below that the lead stands on a line of its own."""
HANG = 5
"""The indent of words under a lead on its own line: the width of a move's number (" 14. ")."""
BESIDE = 18
"""Columns a move's words need beside its notation's column (`MOVE_LEAD`); in a narrower log
every move's words hang under it: one layout for the whole column (a choice per move read as
two styles)."""
MOVE_LEAD = len(" 14. ") + 7
"""A move's number and its notation's column (six cells and a space), as `move` lays them."""


def fold_chance(texts: Sequence[str]) -> str:
    """Many chance outcomes as one line: "Ann drew 3, 5 and 5; Bob drew 3 cards".

    Sentences that differ only in the thing at their end ("a card", "a 5", "a red 4") share
    their beginning, however far apart they came (a deal goes round the table); a repeated
    unnamed thing is counted, named ones are listed without their articles.
    """
    groups: dict[str, list[str]] = {}
    for text in texts:
        head, article, thing = text.rpartition(" a ")
        if article and thing.count(" ") <= 1:  # "a card", "a 5", "a red 4" end the sentence
            thing = f"a {thing}"
        else:
            head, _, thing = text.rpartition(" ")
        groups.setdefault(head, []).append(thing)
    parts = []
    for head, things in groups.items():
        named = [thing.removeprefix("a ") for thing in things]
        if len(things) == 1:
            said = things[0]
        elif len(set(things)) == 1 and named[0].isalpha():
            unnamed = things[0].startswith("a ")
            said = f"{len(things)} {named[0]}s" if unnamed else f"{named[0]}, {len(things)} times"
        else:
            said = f"{', '.join(named[:-1])} and {named[-1]}"
        parts.append(f"{head} {said}".strip())
    return "; ".join(parts)


class MoveLog(ScrollView):
    """A scrolling list of moves that follows the latest; it never takes focus from the hand.

    The game's stylesheet hides its scrollbar (a one-column thumb reads as a stray glyph in so
    narrow a panel): the mouse wheel scrolls, and the border says when earlier lines are hidden.
    """

    can_focus = False

    def __init__(self) -> None:
        super().__init__(id="log")
        self.border_title = "Moves"
        self._entries: list[tuple[Text, Text, bool]] = []
        """(lead, words, whether the lead is a move's number and notation, which may stand on a
        line of its own above its words: a marker such as · or › never does)."""
        self._lines: list[Strip] = []
        self._width = 0
        """The width `_lines` were wrapped for (0: not laid out yet)."""

    # -- what the screen writes ------------------------------------------------------------
    def heading(self, text: str) -> None:
        self._add(Text(""), Text(f"── {text} ──", style="bold"))

    def move(self, number: int, notation: str, words: str) -> None:
        lead = Text.assemble((f"{number:>3}. ", "dim"), (f"{notation:<6} ", "bold"))
        self._add(lead, Text(words), notation=True)

    def withdrawn(self, notation: str, words: str) -> None:
        """A move a takeback withdrew: struck through, without a number (the move played in
        its place has it)."""
        lead = Text.assemble("     ", (notation, "dim strike"), " " * max(1, 7 - len(notation)))
        self._add(lead, Text(words, style="dim strike"), notation=True)

    def chance(self, words: str) -> None:
        self._add(Text("     · ", style="dim"), Text(words, style="dim"))

    def chat(self, name: str, text: str) -> None:
        """What someone said at the table, as speech: `› Ben: hello`, the name dimmed."""
        self._add(Text("     › ", style="dim"), Text.assemble((f"{name}:", "dim"), " ", text))

    def remark(self, words: str) -> None:
        self._add(Text("     ■ ", style="bold"), Text(words, style="italic"))

    def has_remark(self, start: str) -> bool:
        """Whether a remark beginning with `start` is in the log already."""
        return any(
            lead.plain == "     ■ " and words.plain.startswith(start)
            for lead, words, _ in self._entries
        )

    def clear(self) -> None:
        self._entries.clear()
        self._lines.clear()
        self._settle()

    @property
    def lines(self) -> list[Strip]:
        """The log as wrapped for the panel's width now, one strip per screen line."""
        return self._lines

    # -- wrapping ----------------------------------------------------------------------------
    def _add(self, lead: Text, words: Text, *, notation: bool = False) -> None:
        self._entries.append((lead, words, notation))
        if not self._fit() and self._width:
            self._lines.extend(self._wrap(lead, words, self._width, notation))
        self._settle()

    def on_resize(self, event: Resize) -> None:
        """Wrap again for a new width, and keep the latest line in view at any new height
        (the table above grows and shrinks as a match goes on: a log that kept its offset then
        hid its newest moves below its edge)."""
        self._fit()
        self._settle()

    def _fit(self) -> bool:
        """Wrap every entry again if the panel's width has changed; say whether it had."""
        width = self.scrollable_content_region.width
        if width == self._width:
            return False
        self._width = width
        self._lines = (
            [
                line
                for lead, words, notation in self._entries
                for line in self._wrap(lead, words, width, notation)
            ]
            if width
            else []
        )
        return True

    def _wrap(self, lead: Text, words: Text, width: int, notation: bool) -> list[Strip]:
        """`words` wrapped at their spaces beside `lead`, every continuation line indented to
        match it (a marker's lead moved to the left edge when that leaves them more room); or a
        move's `lead` on a line of its own, whole, and the words hanging under it by the move
        number's width: when the lead leaves the words too little room or less than their
        longest word (a cut notation read "pass+dra", a folded word "Giant's-wi" / "fe"), and
        for every move (a `notation`) in a column that leaves fewer than `BESIDE` columns
        beside the notation's (in Crossing's 22-column log a bot's phalanx move ran down
        seven lines of nine columns beside "  2. b8:c7-e5")."""
        longest = max((cell_len(word) for word in words.plain.split()), default=0)
        fits = width - lead.cell_len >= max(MIN_WORDS, longest)
        if fits and (not notation or width - MOVE_LEAD >= BESIDE):
            return self._hang(lead, words, width)
        if not notation:  # a marker (· ›) keeps its words beside it, from the left edge
            marker = lead.copy()
            marker.plain = lead.plain.lstrip()
            return self._hang(marker, words, width)
        alone = Strip(list(lead.render(self.app.console))).crop(0, width)
        return [alone, *self._hang(Text(" " * min(HANG, width - 1)), words, width)]

    def _hang(self, lead: Text, words: Text, width: int) -> list[Strip]:
        """`words` wrapped beside `lead`, continuation lines indented to its width."""
        console = self.app.console
        indent = lead.cell_len
        options = console.options.update(
            width=max(1, width - indent), no_wrap=False, overflow="fold", justify="left"
        )
        rows = console.render_lines(words, options, pad=False)
        strips: list[Strip] = []
        for row, segments in enumerate(rows or [[]]):
            first = list(lead.render(console)) if row == 0 else [Segment(" " * indent)]
            strips.append(Strip([*first, *segments]).crop(0, width))
        return strips

    def _settle(self) -> None:
        """Size the scroll area to the lines and show the latest of them."""
        self.virtual_size = Size(self._width, len(self._lines))
        self.refresh()
        self.scroll_end(animate=False, x_axis=False)
        self._say_hidden()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._say_hidden()

    def _say_hidden(self) -> None:
        self.border_subtitle = "▲ more above" if self.scroll_offset.y > 0 else ""

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        index = self.scroll_offset.y + y
        if index >= len(self._lines):
            return Strip.blank(width, self.rich_style)
        return self._lines[index].extend_cell_length(width).apply_style(self.rich_style)
