"""The action being composed, one key or click at a time, and the picker that holds it.

`Draft` is what has been picked so far; `composed` reads the action it describes (None while
incomplete) and `todo` says what it still lacks. `Picker` holds the draft for the view and turn
on the table, with the line to tell (a refusal starts with ✗); the seat's own picking is in
`setup`, `jack` and `giant`, routed there by `keys`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from core.games.englishman import Englishman, EnglishmanState, actions
from core.games.englishman.actions import EnglishmanAction
from core.games.englishman.state import JACK
from tui.widgets.table import Turn

RULES = Englishman()
Mode = Literal["", "x", "m", "d"]


@dataclass
class Draft:
    """The action being composed."""

    mode: Mode = ""
    """The Giant's chosen action: x discard, m move four, d two single moves."""
    source: tuple[int, str] | None = None
    """Jack: (castle, "f" or "b")."""
    dest: int | str | None = None
    """Jack: a castle, "s" (beanstalk) or "f" (own front)."""
    picks: tuple[int, ...] = ()
    """The Giant's move four / double move: the castles picked so far."""
    cursor: tuple[int, int] | None = None
    """Setup / discard: (castle, index) of the card under the cursor."""
    lifted: bool = False
    """Setup: the cursor card is lifted; `place` is where it would go."""
    place: int = 0
    keep: bool = False

    def lift(self, cursor: tuple[int, int]) -> None:
        """Setup: lift the card at `cursor`; it would go back where it lies until moved."""
        self.lifted, self.place = True, cursor[1]

    def back(self) -> None:
        """Undo the last pick (Esc)."""
        if self.keep:
            self.keep = False
        elif self.lifted:
            self.lifted = False
        elif self.dest is not None:
            self.dest = None
        elif self.source is not None:
            self.source = None
        elif self.picks:
            self.picks = self.picks[:-1]
        elif self.cursor is not None:
            self.cursor = None
        else:
            self.mode = ""


def composed(view: EnglishmanState, d: Draft) -> EnglishmanAction | None:
    """The action `d` describes in `view`, or None while it is incomplete."""
    if view.phase == "setup":
        if d.keep:
            return actions.KeepDeal()
        if d.cursor is not None and d.lifted and d.place != d.cursor[1]:
            return actions.Wife(d.cursor[0], d.cursor[1], d.place)
        return None
    if view.phase != "play":
        return None
    if view.actor == JACK:
        if d.source is None or d.dest is None:
            return None
        c, end = d.source
        if d.dest == "s":
            return actions.FrontToStalk(c) if end == "f" else actions.BackToStalk(c)
        if end == "b":
            return actions.BackToFront(c)
        return actions.FrontToFront(c, int(d.dest))
    if d.mode == "x" and d.cursor is not None:
        return actions.Discard(*d.cursor)
    if d.mode == "m" and len(d.picks) == 2:
        return actions.MoveFour(*d.picks)
    if d.mode == "d" and len(d.picks) == 4:
        return actions.DoubleMove(*d.picks)
    return None


def todo(view: EnglishmanState, d: Draft) -> str:
    """What the draft still lacks, in a few words."""
    if view.phase == "setup":
        if d.cursor is None:
            return "pick a card (1-5, ← →, or click), or - to keep the deal"
        return "Space lifts the card, ← → choose its new place"
    if view.actor == JACK:
        if d.source is None:
            return "pick a card: 1-5 (its front), b for its back"
        return "where to: 1-5 another castle, s the beanstalk" + (
            ", f its own front" if d.source[1] == "b" else ""
        )
    if d.mode == "":
        return "choose x discard, m move four or d two single moves"
    if d.mode == "x":
        return "pick the beanstalk card to discard (1-5, ← →, or click)"
    if d.mode == "m":
        return "pick the castle to take four from" if not d.picks else "pick where they go"
    return ("first move: from", "first move: to", "second move: from", "second move: to")[
        min(len(d.picks), 3)
    ] + " (1-5)"


class Picker:
    """The picking on the table: the view and turn shown, what is legal there, the draft and
    the line to tell. `chosen` receives a complete action the rules accept."""

    def __init__(self, chosen: Callable[[EnglishmanAction], object]) -> None:
        self.view: EnglishmanState | None = None
        self.turn: Turn[EnglishmanAction] | None = None
        self.legal: set[EnglishmanAction] = set()
        self.draft = Draft()
        self.told = ""
        self._chosen = chosen

    def take(self, view: EnglishmanState, turn: Turn[EnglishmanAction] | None) -> None:
        """A view (and turn) to pick on: a new position, or a turn given or taken away, starts
        a fresh draft; the same again keeps it."""
        changed = self.view != view or (turn is None) != (self.turn is None)
        self.view, self.turn = view, turn
        if changed:
            self.draft, self.told = Draft(), ""
            self.legal = set(RULES.legal_actions(view)) if turn is not None else set()

    def composed(self) -> EnglishmanAction | None:
        """The action the draft describes, or None while it is incomplete or not our turn."""
        if self.view is None or self.turn is None:
            return None
        return composed(self.view, self.draft)

    def check(self, action: EnglishmanAction) -> str | None:
        """Why the rules refuse `action` now, or None."""
        if self.turn is None:
            return "It is not your turn"
        return self.turn.check(action)

    def refuse(self, text: str) -> None:
        self.told = f"✗ {text}"

    def confirm(self) -> None:
        """Enter (or the same place clicked again): play the action, or say what is missing."""
        view, d = self.view, self.draft
        if view is None:
            return
        action = self.composed()
        if action is None:
            if view.phase == "setup" and d.cursor is not None and not d.lifted:
                d.lift(d.cursor)
            elif view.phase == "setup" and d.lifted:
                self.refuse("That leaves the card where it is: move it with ← →, or Esc")
            else:
                self.told = "Not complete yet: " + todo(view, d)
            return
        reason = self.check(action)
        if reason is not None:
            self.refuse(reason)
            return
        self._chosen(action)

    def wrong_key(self) -> str:
        """The keys that mean something now, for a key that does not."""
        view = self.view
        if view is None:
            return ""
        if view.phase == "setup":
            return "Now: 1-5 and ← → pick a card, Space lifts it, - keeps the deal"
        if view.actor == JACK:
            return "Now: 1-5 a castle's front (b: its back), then 1-5, s or f where it goes"
        return "Now: x discard, m move four, d two single moves, then 1-5"
