"""A match in this process: its file (`OpenMatch`), the rules, chance drawn here.

Hot-seat and games against bots play on it; so does the host's own terminal, behind the host.
Every write goes through `OpenMatch`, which saves before the state moves on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

from core.match import Match, Seat
from core.play import Next, next_step
from core.rules import CHANCE, Action, IllegalAction, Outcome, Rules
from replays.chronicle import Chronicle, Line
from replays.store import OpenMatch
from tui.tables.port import Plays, Wait

V = TypeVar("V")
A = TypeVar("A", bound=Action)


class LocalTable(Generic[V, A]):
    """An open match file played at this device (see `tui.tables.port.Table`)."""

    def __init__(
        self,
        opened: OpenMatch,
        rng: random.Random,
        chance: Callable[[Any], A] | None = None,
    ) -> None:
        """`rng` draws chance outcomes; `chance`, when given, picks them instead (state ->
        action), so a test can deal the cards it wants."""
        self.opened = opened
        self.match: Match = opened.match
        self.rules: Rules[Any, A, V] = self.match.rules
        self.seats: tuple[Seat, ...] = self.match.header.seats
        self.options: Mapping[str, Any] = self.match.options
        self.chronicle = Chronicle(self.match)
        self.changed: Callable[[bool], None] | None = None
        self._rng = rng
        self._chance = chance

    @property
    def path(self) -> Path:
        return self.opened.path

    def plays(self, seat: int) -> Plays:
        return "bot" if self.seats[seat].kind == "bot" else "here"

    def step(self) -> Next | Wait:
        return next_step(self.match)

    def view(self, seat: int) -> V:
        return self.rules.view(self.match.state, seat)

    def to_move(self) -> int | None:
        return self.match.to_move()

    def outcome(self) -> Outcome | None:
        return self.match.outcome()

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def position(self) -> int:
        return len(self.match)

    def chapter(self) -> int:
        return self.rules.round_of(self.match.state)

    def check(self, action: A) -> str | None:
        try:
            self.rules.apply(self.match.state, action)
        except IllegalAction as err:
            return str(err)
        return None

    def submit(self, action: A) -> None:
        self.opened.submit(action)

    def deal(self) -> None:
        state = self.match.state
        drawn = (
            self._chance(state)
            if self._chance is not None
            else self.rules.sample_chance(state, self._rng)
        )
        self.opened.submit(drawn)

    def bot_position(self, seat: int) -> Any:
        return self.match.state

    def lines(self, reader: int | None, start: int = 0) -> list[Line]:
        return self.chronicle.lines(reader, start)

    def since_last_turn(self, seat: int) -> list[Line]:
        return self.chronicle.since_last_turn(seat)

    def resign(self, seat: int) -> None:
        self.opened.resign(seat)

    def take_back_for(self) -> tuple[int | None, str]:
        """The human whose standing decision is the latest: against bots the bots' replies go
        too, in hot-seat it is whoever moved last."""
        dead = self.match.taken_back()
        for index in range(len(self.match) - 1, -1, -1):
            line = self.chronicle.line(index, None, dead)
            if line is None or line.kind != "move" or line.taken_back:
                continue
            if self.seats[line.seat].kind == "human":
                seat = line.seat
                break
        else:
            return None, ""
        try:
            self.match.takeback_to(seat)
        except IllegalAction as err:
            return seat, f"{err}"
        return seat, ""

    def must_agree(self, seat: int) -> int | None:
        to_move = self.match.to_move()
        if to_move is None or to_move in (CHANCE, seat) or self.seats[to_move].kind != "human":
            return None
        return to_move

    def take_back(self, seat: int) -> bool:
        self.opened.take_back(seat)
        return True

    def asked(self) -> int | None:
        return None  # everyone who could ask sits at this device and is asked there

    def answer(self, yes: bool) -> None:
        raise IllegalAction("nobody elsewhere has asked for a takeback")

    @property
    def can_rematch(self) -> bool:
        return True

    @property
    def can_chat(self) -> bool:
        return False  # everyone is at this device

    def chat(self, text: str) -> None:
        raise IllegalAction("everyone at this match sits at this device")

    def notices(self) -> list[str]:
        return []

    @property
    def host_elsewhere(self) -> bool:
        return False

    def connection(self) -> str:
        return ""

    @property
    def out_for_good(self) -> bool:
        return False

    def presence(self, seat: int) -> str:
        return ""

    def close(self) -> None:
        self.opened.close()
