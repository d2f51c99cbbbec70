"""What a game's widgets promise the game screen, so every shape of game fits the same frame.

A game brings a public *table* (a piste, a board of stones, castles, laid cards) and, when it
has hands, a *private* widget. Both are handed views only (what the seat at the device may
see), never a raw state. When that seat must decide, the widget that takes input also gets a
`Turn`: which seat it is and a checker that says why a choice is not allowed. Either widget
answers with `Chosen`; the screen validates once more and submits, so a widget can never put
an illegal action into the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from textual.message import Message
from textual.widget import Widget

V = TypeVar("V")
"""The game's view: what a seat may see."""
A = TypeVar("A")
"""The game's action: what a seat decides."""


@dataclass(frozen=True)
class Turn(Generic[A]):
    """The seat at the device must decide now."""

    seat: int
    check: Callable[[A], str | None]
    """None when the action is legal here, else the rules' reason in words."""


class Chosen(Message, Generic[A]):
    """The player confirmed `action` (posted by the table or the private widget)."""

    def __init__(self, action: A) -> None:
        super().__init__()
        self.action = action


@dataclass(frozen=True)
class ChapterEnd:
    """A finished round, contest or game as the end panel and the move log tell it."""

    number: int
    headline: str
    """E.g. "Ann wins round 3"."""
    why: str
    """E.g. "Hit: Ann attacked with a 5 and Bob could not parry"."""
    score: str
    """The running score, with symbols as well as numbers."""
    reveal: str = ""
    """What the end showed everyone, e.g. both hands after a comparison ("" for nothing)."""


class TableWidget(Widget, Generic[V, A]):
    """The public table: everything all seats may see, drawn from a view.

    A board game takes its input here (pick a stone, then a square): with a `turn` the widget
    lets the player compose an action and posts `Chosen`. A card game whose input is the hand
    simply ignores `turn`.
    """

    in_replay = False
    """The table draws a replay, not a match being played: a hand the view holds is drawn
    face up too (the view is the reader's own), and nobody is waited for (the replay's Next
    line says who acts). Off in play: the game draws a seat's view while nobody may be at the
    device (a handoff), so the table keeps to what every seat may see."""

    def show(self, view: V, turn: Turn[A] | None, *, animate: bool, over: bool = False) -> None:
        """Draw `view`; `animate` asks for moves to be shown as motion (slides, deals). `over`:
        the match has ended here, which a resignation does while the view still names a seat
        to move, so the table marks nobody's turn."""
        raise NotImplementedError

    def tell(self, text: str) -> None:
        """Show a line of explanation (why a choice is not allowed), when input is here."""


class PrivateWidget(Widget, Generic[V, A]):
    """The private part: the viewer's own cards and the controls that compose an action."""

    def show(self, view: V, turn: Turn[A] | None, *, over: bool = False) -> None:
        """Draw the viewer's hand; with a `turn`, let them compose and confirm an action.
        `over` as for the table: the hand waits for nobody."""
        raise NotImplementedError

    def clear(self) -> None:
        """Show nothing private at all (before a handoff or an end panel)."""
        raise NotImplementedError

    def tell(self, text: str) -> None:
        """Show a line of news or of explanation (why a choice is not allowed)."""
        raise NotImplementedError
