"""The note editor of the replay viewer: a line of text and a glyph for one entry.

The dialog saves through a function the viewer gives it, and stays open with the reason when
the save fails (the match is open elsewhere, the disk refuses), so what was typed is never
lost; cancelling hands the unsaved draft back to the viewer, which offers it again next time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static

from core.match import GLYPHS

MEANING = {
    "": "no glyph",
    "!!": "brilliant",
    "!": "good",
    "!?": "interesting",
    "?!": "dubious",
    "?": "mistake",
    "??": "blunder",
}
CHOICES: tuple[str, ...] = ("", *GLYPHS)
GLYPH = Binding.Group("glyph", compact=True)


@dataclass(frozen=True)
class NoteDraft:
    """A note being written: its entry (-1 = the starting position), text and glyph."""

    target: int
    text: str
    glyph: str = ""
    replaces: int | None = None
    """The entry of the note this one takes the place of (an edit), or None (a new note)."""

    @property
    def empty(self) -> bool:
        return not self.text.strip() and not self.glyph


class GlyphChip(Static):
    """One glyph to pick; the chosen one is drawn in brackets, not only in colour."""

    class Picked(Message):
        def __init__(self, glyph: str) -> None:
            super().__init__()
            self.glyph = glyph

    def __init__(self, glyph: str) -> None:
        super().__init__(classes="glyph-chip")
        self.glyph = glyph

    def draw(self, chosen: bool) -> None:
        face = self.glyph or "·"
        self.update(Content((f"[{face}]" if chosen else f" {face} ").ljust(4)))
        self.set_class(chosen, "-chosen")

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Picked(self.glyph))


class GlyphPicker(Horizontal):
    """The glyphs in a row, from none through brilliant to blunder; ↑ ↓ or a click choose."""

    glyph: reactive[str] = reactive("")

    def compose(self) -> ComposeResult:
        for glyph in CHOICES:
            yield GlyphChip(glyph)
        yield Static(id="glyph-meaning")

    def on_mount(self) -> None:
        self._redraw()

    def watch_glyph(self) -> None:
        if self.is_mounted:
            self._redraw()

    def _redraw(self) -> None:
        for chip in self.query(GlyphChip):
            chip.draw(chip.glyph == self.glyph)
        meaning = Content.assemble(("↑↓ ", "dim"), MEANING[self.glyph])
        self.query_one("#glyph-meaning", Static).update(meaning)

    def cycle(self, delta: int) -> None:
        self.glyph = CHOICES[(CHOICES.index(self.glyph) + delta) % len(CHOICES)]

    @on(GlyphChip.Picked)
    def _picked(self, event: GlyphChip.Picked) -> None:
        self.glyph = event.glyph


Save = Callable[[NoteDraft], str | None]
"""Writes the note; returns None when it is saved, else what went wrong (in words)."""


class AnnotateScreen(ModalScreen[NoteDraft | None]):
    """Write a note on one entry. Dismisses with the unsaved draft, or None."""

    CSS_PATH = "../styles/replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "save", "save", priority=True),
        Binding("up", "glyph(-1)", "glyph", group=GLYPH, priority=True),
        Binding("down", "glyph(1)", "glyph", group=GLYPH, priority=True),
        Binding("escape", "cancel", "cancel"),
    ]

    def __init__(
        self,
        draft: NoteDraft,
        entry: str,
        save: Save,
        *,
        existing: Sequence[str] = (),
        warning: str = "",
        original: NoteDraft | None = None,
    ) -> None:
        """`entry` names the entry in words; `existing` are its other notes already saved;
        `original` the note being edited as it stands (`draft` may be a change of it kept
        from before)."""
        super().__init__(classes="annotate")
        self.draft = draft
        self.unchanged = draft if original is None else original
        """What closing without a change leaves (an edited note as it stands: no draft)."""
        self.entry = entry
        self.save = save
        self.existing = tuple(existing)
        self.warning = warning

    def compose(self) -> ComposeResult:
        with Vertical(id="note-dialog"):
            editing = self.draft.replaces is not None
            title = "Edit the note" if editing else "Annotate"
            yield Static(Content.styled(title, "bold"), id="note-title")
            yield Static(Content(self.entry), id="note-entry")
            if self.existing:  # scrolled when long: the field and the buttons stay in sight
                with VerticalScroll(id="note-earlier", can_focus=False):
                    for text in self.existing:
                        yield Static(Content(f"✎ {text}"), classes="note-existing")
            if self.warning:
                yield Static(Content(f"⚠ {self.warning}"), classes="note-warning")
            if editing:
                yield Static(
                    Content("Save replaces the note; cleared of words and glyph, it goes."),
                    classes="note-hint",
                )
            yield Input(self.draft.text, placeholder="What happened here?", id="note-text")
            picker = GlyphPicker(id="note-glyphs")
            picker.glyph = self.draft.glyph
            yield picker
            yield Static(id="note-problem")
            with Horizontal(id="note-buttons"):  # clicked, not focused: Enter always saves
                yield Button("Save ⏎", id="note-save", variant="primary", compact=True)
                yield Button("Cancel esc", id="note-cancel", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        for button in self.query(Button):
            button.can_focus = False
        self.query_one("#note-text", Input).focus()
        self.query_one("#note-problem", Static).display = False

    def current(self) -> NoteDraft:
        text = self.query_one("#note-text", Input).value
        glyph = self.query_one(GlyphPicker).glyph
        return NoteDraft(self.draft.target, text.strip(), glyph, self.draft.replaces)

    def action_glyph(self, delta: int) -> None:
        self.query_one(GlyphPicker).cycle(delta)

    def action_save(self) -> None:
        draft = self.current()
        if draft == self.unchanged and draft.replaces is not None:
            self.dismiss(None)  # the note stands as it was
            return
        if draft.empty and draft.replaces is None:
            self._problem("✗ Write a few words or pick a glyph (↑ ↓) before saving.")
            return
        problem = self.save(draft)
        if problem is not None:
            self._problem(
                f"✗ Not saved: {problem}. Your note is still here; "
                "try again, or press esc to keep it for later."
            )
            return
        self.dismiss(None)

    def action_cancel(self) -> None:
        draft = self.current()
        nothing = draft.empty if draft.replaces is None else draft == self.unchanged
        self.dismiss(None if nothing else draft)

    def _problem(self, text: str) -> None:
        problem = self.query_one("#note-problem", Static)
        problem.update(Content(text))
        problem.display = True

    @on(Button.Pressed, "#note-save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#note-cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()
