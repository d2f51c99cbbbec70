"""What a game's widgets promise the game screen, so every game fits the same frame.

The screen hands these widgets *views* only (what the seat at the device may see), never a
raw state. When that seat must decide, the hand widget also gets a `Turn`: which seat it is
and a checker that says why a choice is not allowed. The hand answers with `HandWidget.Chosen`;
the screen validates once more and submits, so a widget can never put an illegal action into
the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.message import Message
from textual.widget import Widget


@dataclass(frozen=True)
class Turn:
    """The seat at the device must decide now."""

    seat: int
    check: Callable[[Any], str | None]
    """None when the action is legal here, else the rules' reason in words."""


@dataclass(frozen=True)
class RoundEnd:
    """A finished round (or other chapter) as the round-end panel tells it."""

    number: int
    headline: str
    """E.g. "Ann wins round 3"."""
    why: str
    """E.g. "Hit: Ann attacked with a 5 and Bob could not parry"."""
    score: str
    """The running score, with symbols as well as numbers."""


class BoardWidget(Widget):
    """The public table: everything all seats may see, drawn from a view."""

    def show(self, view: Any, *, animate: bool) -> None:
        """Draw `view`; `animate` asks for moves to be shown as motion (slides, deals)."""
        raise NotImplementedError

    def show_round_end(self, before: Any, after: Any, *, animate: bool) -> None:
        """Draw the table as the last round was decided, under the round-end panel.

        `before` is the view just before the action that ended the round, `after` the view
        after it (the next round's, already reset). A game whose rounds end where the last
        picture left them keeps that picture, which is what this default does.
        """


class HandWidget(Widget):
    """The private part: the viewer's own cards and the controls that compose an action."""

    class Chosen(Message):
        """The player confirmed `action`."""

        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    def show(self, view: Any, turn: Turn | None) -> None:
        """Draw the viewer's hand; with a `turn`, let them compose and confirm an action."""
        raise NotImplementedError

    def clear(self) -> None:
        """Show nothing private at all (before a handoff or a round-end panel)."""
        raise NotImplementedError

    def tell(self, text: str) -> None:
        """Show a line of news or of explanation (why a choice is not allowed)."""
        raise NotImplementedError
