"""The cursor and the stones picked: what the arrows, Enter (or a click), Tab, + and - do.

Each seat keeps its own cursor where it left it. The first stone picked anchors the selection;
picking another stone in line makes the phalanx between them, Tab cycles the stone alone and
each whole line through it, + and - grow and shrink the line around the anchor. Picking a lit
square, or any square the rules accept, is the move. A refusal is kept as the line the board
shows under its panel ("✗ ..."), in the rules' words where they have them.

No widget here: the board asks, redraws and posts the move; this keeps the state and the words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Generic, TypeVar

from tui.games.board8x8.adapter import BoardAdapter
from tui.games.board8x8.squares import SIZE, SQUARES, name, square_of
from tui.widgets.table import Turn

V = TypeVar("V")
A = TypeVar("A")

Run = tuple[tuple[int, ...], tuple[int, ...]]
"""Stones picked in line, and the whole line they lie on."""


class Picker(Generic[V, A]):
    """The seats' cursors and the selection of the seat choosing now."""

    def __init__(self, adapter: BoardAdapter[V, A]) -> None:
        self.adapter = adapter
        self.cursors: dict[int, int] = {}
        """Each seat's cursor, where that seat left it."""
        self.first_pick: int | None = None
        """The stone picked first; the selection always holds it."""
        self.selection: tuple[int, ...] = ()
        self.line: tuple[int, ...] = ()
        """The line the selection lies on (in order; kept when `-` shrinks it to one stone,
        so `+` grows it back along the same line), () for a stone picked alone."""
        self.targets: Mapping[int, A] = {}
        self.told = ""
        """What the board says instead of the hint (a refusal starts with ✗), or ""."""

    # -- the cursor ------------------------------------------------------------------------------
    def cursor(self, turn: Turn[A] | None) -> int | None:
        """The cursor's square, when a seat at the device is choosing."""
        return None if turn is None else self.cursors.get(turn.seat)

    def place(self, view: V, seat: int) -> None:
        """A seat choosing for the first time starts on its movable stone nearest the middle."""
        if seat not in self.cursors:
            stones = self.adapter.movable(view, seat) or frozenset(SQUARES)
            self.cursors[seat] = min(
                stones, key=lambda s: (abs(s % SIZE - 3.5) + abs(s // SIZE - 3.5), s)
            )

    def recover(self, view: V, seat: int) -> None:
        """After a take-back the cursor may stand where a stone taken back had gone, now
        empty: it moves to the nearest stone the seat can move (the one taken back, mostly)."""
        cursor = self.cursors.get(seat)
        stones = self.adapter.movable(view, seat)
        if cursor is None or not stones or cursor in stones:
            return
        f, r = cursor % SIZE, cursor // SIZE
        self.cursors[seat] = min(stones, key=lambda s: (abs(s % SIZE - f) + abs(s // SIZE - r), s))

    def step(self, seat: int, df: int, dr: int) -> None:
        """An arrow key: one square over, stopping at the edge."""
        cursor = self.cursors[seat]
        f = min(SIZE - 1, max(0, cursor % SIZE + df))
        r = min(SIZE - 1, max(0, cursor // SIZE + dr))
        self.cursors[seat] = square_of(f, r)
        self.told = ""

    # -- the selection ---------------------------------------------------------------------------
    def clear(self) -> None:
        self.first_pick, self.selection, self.line, self.targets = None, (), (), {}

    def reset(self) -> None:
        """A new position, or no one choosing: nothing picked, nothing said."""
        self.clear()
        self.told = ""

    def _select(
        self, view: V, seat: int, stones: tuple[int, ...], line: tuple[int, ...] = ()
    ) -> None:
        self.selection = tuple(sorted(stones, key=lambda s: line.index(s) if line else 0))
        self.line = line
        self.targets = self.adapter.destinations(view, seat, self.selection)
        self.told = ""

    def pick(self, view: V, turn: Turn[A], square: int) -> A | None:
        """Enter or a click on `square`: pick a stone, extend a phalanx, or move there.

        Returns the move to make, or None when the selection changed or the pick was refused.
        """
        seat, adapter = turn.seat, self.adapter
        if self.selection and square in self.targets:
            return self.targets[square]
        movable = adapter.movable(view, seat)
        if self.selection and self.first_pick is not None and square in movable:
            if square == self.first_pick:
                self.clear()
                return None
            run = self._run(view, self.first_pick, square)
            if run is not None:
                self._select(view, seat, *run)
                return None
        if square in movable:
            self.first_pick = square
            self._select(view, seat, (square,))
            return None
        piece = adapter.piece(view, square)
        if self.selection and (piece is None or piece.seat != seat):
            action = adapter.action(view, seat, self.selection, square)
            reason = turn.check(action) if action is not None else None
            if action is not None and reason is None:
                return action
            self.told = f"✗ {reason or 'The stones picked cannot go to ' + name(square)}"
            return None
        self.told = f"✗ {adapter.refuse(view, seat, square)}"
        return None

    def _run(self, view: V, anchor: int, other: int) -> Run | None:
        """The stones from `anchor` to `other` on one line through `anchor`, and that line."""
        for line in self.adapter.lines(view, anchor):
            if other in line:
                i, j = sorted((line.index(anchor), line.index(other)))
                return line[i : j + 1], line
        return None

    def confirm(self, turn: Turn[A], action: A) -> bool:
        """True when the rules take `action` (the selection is then dropped); else says why."""
        reason = turn.check(action)
        if reason is not None:
            self.told = f"✗ {reason}"
            return False
        self.reset()
        return True

    def drop(self) -> bool:
        """Esc: the stones picked are put back. False when none were picked."""
        if not self.selection:
            return False
        self.reset()
        return True

    def next_line(self, view: V, seat: int, cursor: int | None) -> bool:
        """Tab: cycle the picked stone alone, then each whole line through it. False when
        there is no stone to start from (only the words change)."""
        if self.first_pick is None:
            if cursor is None or cursor not in self.adapter.movable(view, seat):
                self.told = "✗ Put the cursor on one of your stones first"
                return False
            self.first_pick = cursor
        lines = self.adapter.lines(view, self.first_pick)
        options: list[Run] = [((self.first_pick,), ())]
        options += [(line, line) for line in lines]
        now = next((i for i, (stones, _) in enumerate(options) if stones == self.selection), 0)
        stones, line = options[(now + 1) % len(options)]
        self._select(view, seat, stones, line)
        if len(options) == 1:
            self.told = f"No phalanx through {name(self.first_pick)}: it moves alone"
        return True

    def resize(self, view: V, seat: int, by: int) -> bool:
        """+ / -: one stone more or fewer on the line, the anchor kept; fewer drops the stone
        farthest from the anchor, more adds on the shorter side first. False when the
        selection cannot change that way."""
        anchor = self.first_pick
        if anchor is None:
            return False
        line = self.line
        if not line:
            lines = self.adapter.lines(view, anchor)
            if not lines or by < 0:
                return False
            line = lines[0]
        a = line.index(anchor)
        lo = line.index(self.selection[0]) if self.line else a
        hi = line.index(self.selection[-1]) if self.line else a
        if by < 0:
            if hi - lo < 1:
                return False
            if hi - a >= a - lo:
                hi -= 1
            else:
                lo += 1
        else:
            grow_low = (a - lo <= hi - a and lo > 0) or hi == len(line) - 1
            if lo == 0 and hi == len(line) - 1:
                return False
            if grow_low:
                lo -= 1
            else:
                hi += 1
        self._select(view, seat, line[lo : hi + 1], line)
        return True

    # -- the words -----------------------------------------------------------------------------
    @property
    def refused(self) -> bool:
        return self.told.startswith("✗")

    def hint(self, view: V | None, turn: Turn[A] | None) -> str:
        """What was told, else what to do next: pick a stone, or what Enter would do."""
        if self.told:
            return self.told
        if view is None or turn is None:
            return ""
        if not self.selection:
            more = " (Tab: a phalanx)" if self.adapter.phalanxes else ""
            return f"Pick a stone{more}: arrows and Enter, or a click."
        about = self.adapter.about(view, turn.seat, self.selection)
        cursor = self.cursor(turn)
        if cursor is not None and cursor in self.targets:
            action = self.targets[cursor]
            warning = self.adapter.warning(view, action)
            cost = f" ⚠ {warning}" if warning else ""
            return f"Enter: {self.adapter.notation(action)}{cost}. {about}"
        if not self.targets:
            other = "Tab for the next line, or Esc for" if self.line else "Esc, then pick"
            return f"{about} No move from here: {other} another stone."
        return f"{about} Then a lit square."
