"""The bid being composed in the hand: the cursor, the cards marked, the colour, the mode.

Pure state and choices, no widgets. The hand is walked as rows (one per colour held, sorted by
value, the shields last); cards are marked face up (`+`) or, with the variant, face down (`?`,
worth 1). `composed` turns the marks into the one `Play` they make, or says what a `Play`
cannot (which colour a face-up knight is); the rules judge the rest. No list of legal plays
is ever built: it can run to tens of thousands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from core.games.attacke.actions import Play
from core.games.attacke.deck import COLOUR_NAMES, COLOURS, colour_of, is_knight, value_of
from core.games.attacke.view import AttackeView

Mode = Literal["select", "colour", "pass", "return"]
"""Selecting cards, asking an opening's colour, asking whether to draw, asking a chip back."""
Mark = Literal["up", "down"]

PER_ROW = 7
"""Cards per row: a longer colour wraps onto a second row with the same label."""


def groups(hand: Sequence[str]) -> list[tuple[str, list[int]]]:
    """(row label, hand indices) for each row: one per colour held, shields last; a long
    colour wraps onto a second row with the same label."""
    rows: list[tuple[str, list[int]]] = []
    for key in (*COLOURS, "S"):
        members = [i for i, c in enumerate(hand) if (colour_of(c) or "S") == key]
        members.sort(key=lambda i: (value_of(hand[i]), i))
        for start in range(0, len(members), PER_ROW):
            rows.append((key, members[start : start + PER_ROW]))
    return rows


@dataclass
class Draft:
    """What the player has composed so far; the cursor is a hand index."""

    cursor: int = 0
    marks: dict[int, Mark] = field(default_factory=dict)
    mode: Mode = "select"
    colour: str | None = None
    """The colour chosen for an opening whose cards do not say it."""

    def selected(self, hand: Sequence[str], mark: Mark) -> list[str]:
        return [hand[i] for i, m in sorted(self.marks.items()) if m == mark]

    def value(self, hand: Sequence[str]) -> int:
        """What the marked cards add to the total (a face-down card counts 1)."""
        ups, downs = self.selected(hand, "up"), self.selected(hand, "down")
        return sum(value_of(c) for c in ups) + len(downs)

    def composed(self, view: AttackeView, hand: Sequence[str]) -> tuple[Play | None, str | None]:
        """The play the marks make, or None and what is missing or wrong in it (the things a
        `Play` cannot say: which colour a face-up knight is)."""
        ups, downs = self.selected(hand, "up"), self.selected(hand, "down")
        if not (ups or downs):
            return None, None
        knights = [c for c in ups if is_knight(c)]
        shields = tuple(value_of(c) for c in ups if not is_knight(c))
        colours = sorted({colour_of(c) or "" for c in knights}, key=COLOURS.index)
        values = tuple(value_of(c) for c in knights)
        if view.phase == "open":
            if len(colours) > 1:
                named = " and ".join(COLOUR_NAMES[c] for c in colours)
                hint = " (put the others face down with f)" if view.face_down else ""
                return None, f"An opening takes knights of one colour, not {named}{hint}"
            colour = colours[0] if colours else self.colour
            if colour is None:
                return None, "Which colour opens? Press r, b, g, y or p"
            return Play(values, shields, tuple(downs), colour), None
        contest = view.colour or ""
        off = [c for c in colours if c != contest]
        if off:
            name = COLOUR_NAMES.get(contest, "?")
            hint = " (or face down with f)" if view.face_down else ""
            return None, (f"Only {name} knights and shields go face up in a {name} contest{hint}")
        return Play(values, shields, tuple(downs)), None

    # -- what the keys do; each says whether anything changed ---------------------------------
    def step(self, hand: Sequence[str], delta: int) -> bool:
        """Move the cursor to the next (or previous) card, row after row."""
        order = [i for _, indices in groups(hand) for i in indices]
        if self.mode != "select" or not order:
            return False
        at = order.index(self.cursor) if self.cursor in order else 0
        self.cursor = order[(at + delta) % len(order)]
        return True

    def row(self, hand: Sequence[str], delta: int) -> bool:
        """Move the cursor a row up or down, keeping its column where the row is long enough."""
        rows = groups(hand)
        if self.mode != "select" or not rows:
            return False
        here = next((r for r, (_, ix) in enumerate(rows) if self.cursor in ix), 0)
        column = rows[here][1].index(self.cursor) if self.cursor in rows[here][1] else 0
        target = rows[(here + delta) % len(rows)][1]
        self.cursor = target[min(column, len(target) - 1)]
        return True

    def toggle(self, hand: Sequence[str], mark: Mark) -> bool:
        """Mark the cursor card (`up` or `down`), or unmark it when it already is."""
        if self.mode != "select" or self.cursor >= len(hand):
            return False
        if self.marks.get(self.cursor) == mark:
            del self.marks[self.cursor]
        else:
            self.marks[self.cursor] = mark
        return True

    def pick_value(self, hand: Sequence[str], value: int, colour: str | None = None) -> bool:
        """Mark the next card of `value`, or unmark one when all are: in the contest's
        `colour` (its knights, then the shields) once there is one, else in the cursor's row,
        so a value key never picks a knight the contest refuses."""
        rows = groups(hand)
        if self.mode != "select" or not rows:
            return False
        here = next((k for k, ix in rows if self.cursor in ix), rows[0][0])
        same: list[int] = []
        for key in (colour, "S") if colour is not None else (here,):
            same = [i for k, ix in rows if k == key for i in ix if value_of(hand[i]) == value]
            if same:
                break
        if not same:
            return False
        free = [i for i in same if i not in self.marks]
        if free:
            self.cursor = free[0]
            self.marks[free[0]] = "up"
        else:
            self.cursor = same[-1]
            del self.marks[same[-1]]
        return True

    def back(self) -> None:
        """Esc: out of a question back to selecting, or clear the marks and the colour."""
        if self.mode in ("pass", "colour"):
            self.mode = "select"
        elif self.mode == "select":
            self.marks, self.colour = {}, None
