"""Step through a match: any position, from one seat's chair or (once it is over) all of them.

A position is a count of entries: position n shows the state after the first n entries.
The cursor folds the states once, so seeking is instant afterwards; a match that grows
while the cursor is on it (notes added in the replay viewer) is picked up on the next call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.match import ActionEntry, Match, MetaEntry, NoteEntry
from core.rules import CHANCE
from replays.errors import HiddenPerspective


@dataclass(frozen=True)
class MoveLine:
    """One line of the move list: a seat's move, a chance outcome, or a resignation."""

    index: int
    """The entry's index; the line is "current" when the cursor's position is index + 1."""
    seat: int
    """The acting seat, or CHANCE."""
    notation: str
    """Empty for chance outcomes the perspective may not know."""
    description: str
    round: int


class ReplayCursor:
    """A position in `match` seen from `perspective` (a seat, or None for everything)."""

    def __init__(self, match: Match, perspective: int | None = None, position: int = 0) -> None:
        self.match = match
        self._check(perspective)
        self._perspective = perspective
        self._states: list[Any] = [match.state_at(0)]
        self._moves: list[MoveLine] | None = None
        self._moves_key: tuple[int | None, int] = (None, -1)
        self._position = 0
        self.seek(position)

    # -- what is shown ------------------------------------------------------------------
    @property
    def perspective(self) -> int | None:
        return self._perspective

    @perspective.setter
    def perspective(self, seat: int | None) -> None:
        """Switch chairs; None (everything) only once the match is over."""
        self._check(seat)
        self._perspective = seat

    @property
    def position(self) -> int:
        return self._position

    def __len__(self) -> int:
        """The last position (the number of entries)."""
        return len(self.match)

    @property
    def state(self) -> Any:
        """The full state at the position (for tests and bots; players see `view`)."""
        return self._sync()[self._position]

    @property
    def view(self) -> Any:
        """What the perspective may see at the position."""
        return self.match.rules.view(self.state, self._perspective)

    @property
    def round(self) -> int:
        return self.match.rules.round_of(self.state)

    @property
    def at_start(self) -> bool:
        return self._position == 0

    @property
    def at_end(self) -> bool:
        return self._position == len(self.match)

    def moves(self) -> list[MoveLine]:
        """The move list as the perspective may read it, every line up to the match's end."""
        states = self._sync()
        key = (self._perspective, len(states))
        if self._moves is None or self._moves_key != key:
            self._moves = [self._line(i, states[i]) for i in self._move_indexes()]
            self._moves_key = key
        return list(self._moves)

    def current_move(self) -> MoveLine | None:
        """The last move made before the position, if any."""
        done = [line for line in self.moves() if line.index < self._position]
        return done[-1] if done else None

    def notes(self) -> list[NoteEntry]:
        """Annotations on the entry just before the position (-1: the starting position)."""
        target = self._position - 1
        return [note for _, note in self.match.notes() if note.target == target]

    # -- moving ---------------------------------------------------------------------------
    def seek(self, position: int) -> int:
        """Go to `position`, clamped to the match; returns where the cursor is."""
        self._sync()
        self._position = max(0, min(position, len(self.match)))
        return self._position

    def step(self, delta: int = 1) -> int:
        return self.seek(self._position + delta)

    def start(self) -> int:
        return self.seek(0)

    def end(self) -> int:
        return self.seek(len(self.match))

    def next_turn(self) -> int:
        """The next point where a seat is about to act (or the end)."""
        return self.seek(min((p for p in self._turns() if p > self._position), default=len(self)))

    def previous_turn(self) -> int:
        """The previous point where a seat was about to act (or the start)."""
        return self.seek(max((p for p in self._turns() if p < self._position), default=0))

    def next_round(self) -> int:
        """The start of the next round (or the end)."""
        return self.seek(min((p for p in self._rounds() if p > self._position), default=len(self)))

    def previous_round(self) -> int:
        """The start of this round, or of the one before when already at a round's start."""
        return self.seek(max((p for p in self._rounds() if p < self._position), default=0))

    # -- internals ------------------------------------------------------------------------
    def _check(self, seat: int | None) -> None:
        if seat is None:
            if not self.match.is_over:
                raise HiddenPerspective(
                    "the whole table (every hand) can be shown only once the match is over; "
                    "pick a seat to watch from"
                )
        elif not 0 <= seat < len(self.match.header.seats):
            raise HiddenPerspective(f"this match has no seat {seat + 1}")

    def _sync(self) -> list[Any]:
        """Fold states for entries added since the last call."""
        rules, entries = self.match.rules, self.match.entries
        while len(self._states) <= len(entries):
            entry, state = entries[len(self._states) - 1], self._states[-1]
            if isinstance(entry, ActionEntry):
                state = rules.apply(state, rules.from_wire(entry.action))
            self._states.append(state)
        return self._states

    def _move_indexes(self) -> list[int]:
        return [
            i
            for i, e in enumerate(self.match.entries)
            if isinstance(e, ActionEntry) or (isinstance(e, MetaEntry) and e.what == "resign")
        ]

    def _line(self, index: int, before: Any) -> MoveLine:
        rules, entry = self.match.rules, self.match.entries[index]
        names = [seat.name for seat in self.match.header.seats]
        round_no = rules.round_of(before)
        if isinstance(entry, MetaEntry):
            seat = entry.data["seat"]
            assert isinstance(seat, int)  # Match checked it when the resignation was made
            return MoveLine(index, seat, "resign", f"{names[seat]} resigns", round_no)
        assert isinstance(entry, ActionEntry)
        action = rules.from_wire(entry.action)
        hidden = (
            entry.seat == CHANCE and self._perspective is not None and rules.hides_information
        )
        notation = "" if hidden else rules.notation(action)
        description = rules.describe(before, action, self._perspective, names)
        return MoveLine(index, entry.seat, notation, description, round_no)

    def _turns(self) -> list[int]:
        """Positions just before a seat's move."""
        return [
            i for i, e in enumerate(self.match.entries)
            if isinstance(e, ActionEntry) and e.seat != CHANCE
        ]

    def _rounds(self) -> list[int]:
        """Positions where the round number changes."""
        states, rules = self._sync(), self.match.rules
        return [
            n for n in range(1, len(states))
            if rules.round_of(states[n]) != rules.round_of(states[n - 1])
        ]
