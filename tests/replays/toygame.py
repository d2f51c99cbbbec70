"""Counting: a tiny deterministic game for the replays tests, written to the Rules protocol.

Each round chance deals each seat one hidden die (1-6); then the seats take turns saying 1,
2 or 3 (at most their die), adding to a running total. Whoever brings the total to the
target loses the round. The first to win `wins` rounds wins the match. It has everything
the replays package must cope with: chance, hidden hands, rounds, seats taking turns.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from core.rules import CHANCE, IllegalAction, Option, Outcome, Wire, resolve_options


@dataclass(frozen=True)
class Deal:
    value: int

    def to_wire(self) -> Wire:
        return ["deal", self.value]


@dataclass(frozen=True)
class Say:
    number: int

    def to_wire(self) -> Wire:
        return ["say", self.number]


CountingAction = Deal | Say


@dataclass(frozen=True)
class RoundResult:
    round: int
    winner: int
    detail: str


@dataclass(frozen=True)
class CountingState:
    target: int
    wins: int
    round: int = 1
    dice: tuple[int | None, int | None] = (None, None)
    total: int = 0
    turn: int = 0
    scores: tuple[int, int] = (0, 0)
    rounds: tuple[RoundResult, ...] = ()


@dataclass(frozen=True)
class CountingView:
    viewer: int | None
    round: int
    dice: tuple[int | None, int | None]
    total: int
    scores: tuple[int, int]
    rounds: tuple[RoundResult, ...]


class Counting:
    id: ClassVar[str] = "counting"
    title: ClassVar[str] = "Counting"
    tagline: ClassVar[str] = "Say 1, 2 or 3; do not reach the target"
    seat_names: ClassVar[tuple[str, ...]] = ()
    chapter: ClassVar[str] = "round"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = (
        Option("target", 10, help="the total nobody wants to reach"),
        Option("wins", 2, help="rounds needed to win the match"),
    )
    hides_information: ClassVar[bool] = True

    def new(self, players: int, options: Mapping[str, object]) -> CountingState:
        if players != 2:
            raise ValueError("Counting is for two players")
        chosen = resolve_options(self.options, options)
        return CountingState(target=chosen["target"], wins=chosen["wins"])

    def to_move(self, state: CountingState) -> int | None:
        if max(state.scores) >= state.wins:
            return None
        if None in state.dice:
            return CHANCE
        return state.turn

    def legal_actions(self, state: CountingState) -> list[CountingAction]:
        seat = self.to_move(state)
        if seat is None:
            return []
        if seat == CHANCE:
            return [Deal(v) for v in range(1, 7)]
        die = state.dice[seat]
        assert die is not None
        return [Say(n) for n in range(1, min(3, die) + 1)]

    def sample_chance(self, state: CountingState, rng: random.Random) -> CountingAction:
        return Deal(rng.randint(1, 6))

    def apply(self, state: CountingState, action: CountingAction) -> CountingState:
        seat = self.to_move(state)
        if seat is None:
            raise IllegalAction("the match is over")
        if seat == CHANCE:
            if not isinstance(action, Deal) or not 1 <= action.value <= 6:
                raise IllegalAction("chance deals a die from 1 to 6")
            dice = list(state.dice)
            dice[dice.index(None)] = action.value
            return replace(state, dice=(dice[0], dice[1]))
        if not isinstance(action, Say):
            raise IllegalAction("say a number")
        die = state.dice[seat]
        assert die is not None
        if not 1 <= action.number <= min(3, die):
            raise IllegalAction(f"you may say 1 to {min(3, die)}")
        total = state.total + action.number
        if total < state.target:
            return replace(state, total=total, turn=1 - seat)
        winner = 1 - seat
        scores = (state.scores[0] + (winner == 0), state.scores[1] + (winner == 1))
        result = RoundResult(state.round, winner, f"seat {seat} reached {total}")
        over = max(scores) >= state.wins
        return replace(
            state,
            round=state.round if over else state.round + 1,
            dice=state.dice if over else (None, None),
            total=total if over else 0,
            turn=state.round % 2,
            scores=scores,
            rounds=(*state.rounds, result),
        )

    def outcome(self, state: CountingState) -> Outcome | None:
        if max(state.scores) < state.wins:
            return None
        winner = 0 if state.scores[0] > state.scores[1] else 1
        return Outcome((winner,), state.scores, "won on rounds")

    def view(self, state: CountingState, seat: int | None) -> CountingView:
        dice = tuple(d if seat is None or seat == i else None for i, d in enumerate(state.dice))
        return CountingView(
            seat, state.round, (dice[0], dice[1]), state.total, state.scores, state.rounds
        )

    def notation(self, action: CountingAction) -> str:
        return f"d{action.value}" if isinstance(action, Deal) else str(action.number)

    def parse(self, state: CountingState, text: str) -> CountingAction:
        try:
            return Deal(int(text[1:])) if text.startswith("d") else Say(int(text))
        except ValueError:
            raise IllegalAction(f"not understood: {text!r}") from None

    def from_wire(self, wire: Wire) -> CountingAction:
        if isinstance(wire, list) and len(wire) == 2 and isinstance(wire[1], int):
            if wire[0] == "deal":
                return Deal(wire[1])
            if wire[0] == "say":
                return Say(wire[1])
        raise IllegalAction(f"not a Counting action: {wire!r}")

    def describe(
        self,
        state: CountingState,
        action: CountingAction,
        viewer: int | None,
        names: Sequence[str],
    ) -> str:
        if isinstance(action, Deal):
            seat = state.dice.index(None)
            if viewer is None or viewer == seat:
                return f"{names[seat]} rolls a {action.value}"
            return f"{names[seat]} rolls a die"
        return f"{names[state.turn]} says {action.number} (total {state.total + action.number})"

    def round_of(self, state: CountingState) -> int:
        return state.round


def play_out(rules: Any, match: Any, seed: int, *, limit: int = 10_000) -> None:
    """Play `match` (a Match or OpenMatch) to its end with a seeded random player."""
    rng = random.Random(seed)
    core = getattr(match, "match", match)
    for _ in range(limit):
        seat = core.to_move()
        if seat is None:
            return
        state = core.state
        if seat == CHANCE:
            action = rules.sample_chance(state, rng)
        else:
            action = rng.choice(rules.legal_actions(state))
        match.submit(action)
    raise AssertionError("the match did not end")
