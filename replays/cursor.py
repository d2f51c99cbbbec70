"""Step through a match: any position, from one seat's chair or (once it is over) all of them.

A position is a count of entries: position n shows the state after the first n entries.
The cursor folds the states once, so seeking is instant afterwards; a match that grows
while the cursor is on it (notes added in the replay viewer) is picked up on the next call.
"""

from __future__ import annotations

from typing import Any

from core.match import ActionEntry, Match, MetaEntry, NoteEntry
from core.rules import CHANCE, SPECTATOR
from replays.chronicle import Chronicle, Line
from replays.errors import HiddenPerspective


class ReplayCursor:
    """A position in `match` seen from `perspective` (a seat, or None for everything)."""

    def __init__(self, match: Match, perspective: int | None = None, position: int = 0) -> None:
        self.match = match
        self._check(perspective)
        self._perspective = perspective
        self.chronicle = Chronicle(match)
        self._moves: list[Line] | None = None
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

    def moves(self) -> list[Line]:
        """The move list as the perspective may read it, every line up to the match's end."""
        states = self._sync()
        key = (self._perspective, len(states))
        if self._moves is None or self._moves_key != key:
            self._moves = self.chronicle.lines(self._perspective)
            self._moves_key = key
        return list(self._moves)

    def current_move(self) -> Line | None:
        """The last move made before the position, if any (chat is not a move)."""
        done = [
            line for line in self.moves() if line.index < self._position and line.kind != "chat"
        ]
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

    def next_decision(self) -> int:
        """One decision on, with the chance outcomes that follow it (its refill); a round's
        deal is one step of its own."""
        return self.seek(min((p for p in self._stops() if p > self._position), default=len(self)))

    def previous_decision(self) -> int:
        """One decision back (see `next_decision`)."""
        return self.seek(max((p for p in self._stops() if p < self._position), default=0))

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
        if seat == SPECTATOR:
            return
        if seat is None:
            if not self.match.is_over and self.match.rules.hides_information:
                raise HiddenPerspective(
                    "the whole table (every hand) can be shown only once the match is over; "
                    "pick a seat to watch from"
                )
        elif not 0 <= seat < len(self.match.header.seats):
            raise HiddenPerspective(f"this match has no seat {seat + 1}")
        elif self.live_bot(seat):
            name = self.match.header.seats[seat].name
            raise HiddenPerspective(
                f"{name} is a bot: its cards can be shown only once the match is over"
            )

    def live_bot(self, seat: int) -> bool:
        """Whether `seat` is a bot's whose hidden cards the match still plays for: no person
        sits in that chair to pass the device to, so its view is nobody's to see before the
        end (the table's and the people's seats are)."""
        match = self.match
        return (
            match.header.seats[seat].kind == "bot"
            and not match.is_over
            and match.rules.hides_information
        )

    def _sync(self) -> list[Any]:
        """Fold states for entries added since the last call."""
        return self.chronicle.states()

    def _stops(self) -> list[int]:
        """Positions a decision step lands on: after each decision and the chance outcomes
        that follow it in the same chapter, and after each run of chance that opens one.
        Notes and bookkeeping records in between are stepped over."""
        states, rules, entries = self._sync(), self.match.rules, self.match.entries
        plays = [
            n
            for n, e in enumerate(entries)
            if isinstance(e, ActionEntry)
            or (isinstance(e, MetaEntry) and e.what in ("resign", "takeback"))
        ]
        stops: list[int] = []
        for here, n in enumerate(plays):
            following = plays[here + 1] if here + 1 < len(plays) else None
            nxt = entries[following] if following is not None else None
            if (
                following is not None
                and isinstance(nxt, ActionEntry)
                and nxt.seat == CHANCE
                and rules.round_of(states[following + 1]) == rules.round_of(states[n + 1])
            ):
                continue  # the next chance outcome is shown with this step
            stops.append(n + 1)
        return stops

    def _turns(self) -> list[int]:
        """Positions just before a seat's move."""
        return [
            i
            for i, e in enumerate(self.match.entries)
            if isinstance(e, ActionEntry) and e.seat != CHANCE
        ]

    def _rounds(self) -> list[int]:
        """Where each round can be seen starting: its deal done (the first decision step at
        or after the round number changes), never a hand half dealt."""
        states, rules = self._sync(), self.match.rules
        changes = [
            n
            for n in range(1, len(states))
            if rules.round_of(states[n]) != rules.round_of(states[n - 1])
        ]
        stops = self._stops()
        return sorted({min((s for s in stops if s >= n), default=n) for n in changes})
