"""What every card game's hand panel shares: the frame, the hint line, the buttons, the verdict.

A hand panel (En Garde's five cards, Attacke's rows by colour) composes one decision from the
viewer's cards and says at once whether the rules allow it: a ✓ line with what it would do,
or a ✗ line with the rules' reason (the screen's `Turn.check`). Confirming a refused choice
rings the bell instead of posting `Chosen`, so the screen only ever receives what the rules
accept. The game's panel decides what is composed and how the cards are drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, TypeVar

from textual.content import Content
from textual.widgets import Button, Static

from tui.widgets.table import Chosen, PrivateWidget, Turn

V = TypeVar("V")
A = TypeVar("A")


def refused(reason: str) -> Content:
    """The ✗ line: why the rules (or the draft) refuse the choice."""
    return Content.assemble(("✗ ", "bold"), (reason, "bold $text-error"))


def ready(words: str | Content, undo: str) -> Content:
    """The ✓ line: what Enter would play, and the word for what Esc does."""
    return Content.assemble(("✓ ", "bold"), words, (f" — Enter to play, Esc to {undo}", "dim"))


def hand_title(names: Sequence[str], viewer: int | None) -> Content:
    """Whose cards these are, so a shared device never leaves it in doubt. Content, not a
    string: a border title given a string reads it as markup, and a name is only a name."""
    return Content(f"{names[viewer]}'s hand" if viewer is not None else "Hand")


class ControlButton(Button):
    """A control of the composer; it never takes focus, so the hand keeps its keys."""

    can_focus = False

    def on_mount(self) -> None:
        self.styles.line_pad = 0  # CSS refuses 0; the controls must fit a row at 80 columns


class HandPanel(PrivateWidget[V, A]):
    """The framed panel with the view and turn it was last shown, and the hint line."""

    DEFAULT_CSS = """
    HandPanel {
        height: 100%;
        border: round $secondary;
        border-title-color: $text;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
    }

    HandPanel:focus-within {
        border: round $accent;
    }
    """

    HINT: ClassVar[str]
    """The selector of the panel's hint line (a `Static`)."""

    def __init__(self, names: Sequence[str], *, classes: str) -> None:
        super().__init__(id="hand", classes=classes)
        self.names = tuple(names)
        self._view: V | None = None
        self._turn: Turn[A] | None = None

    def tell(self, text: str) -> None:
        self._hint(Content(text))

    def _hint(self, text: Content) -> None:
        self.query_one(self.HINT, Static).update(text)

    def _reason(self, action: A) -> str | None:
        """The rules' reason against `action`, or None (also when it is not this seat's turn)."""
        return self._turn.check(action) if self._turn is not None else None

    def _choose(self, action: A) -> None:
        """Post `action` when the rules accept it; else say why and ring the bell."""
        reason = self._reason(action)
        if reason is not None:
            self._hint(refused(reason))
            self.app.bell()
            return
        self.post_message(Chosen(action))
