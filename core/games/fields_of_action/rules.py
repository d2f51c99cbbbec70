"""The Rules object of Fields of Action (see the package docstring for the decisions)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from core.games.fields_of_action import commentary, field, notation, strategy, turn
from core.games.fields_of_action.actions import Capture, FieldsAction, Move, from_wire
from core.games.fields_of_action.setup import position, starting_board
from core.games.fields_of_action.state import FieldsState
from core.rules import SPECTATOR, BadOption, IllegalAction, Option, Outcome, Wire, resolve_options

FIRST = ("white", "black")


class FieldsOfAction:
    id: ClassVar[str] = "fields-of-action"
    title: ClassVar[str] = "Fields of Action"
    tagline: ClassVar[str] = "Sackson's numbered stones: capture five numbers in a row"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "first",
            "white",
            FIRST,
            help="who moves first: white (the usual rule) or black (as some versions have it)",
        ),
        Option(
            "repetition",
            True,
            help="house rule: the same position with the same side to move a third time is a draw",
        ),
        Option(
            "capture_limit",
            200,
            help="house rule: this many moves in a row without a capture is a draw (0 = no limit)",
        ),
    )
    hides_information: ClassVar[bool] = False
    seat_names: ClassVar[tuple[str, ...]] = ("White", "Black")
    chapter: ClassVar[str] = "turn"

    def new(self, players: int, options: Mapping[str, object]) -> FieldsState:
        if players != 2:
            raise ValueError(f"Fields of Action is for 2 players, not {players}")
        chosen = resolve_options(self.options, options)
        limit: int = chosen["capture_limit"]
        if limit < 0:
            raise BadOption(f"option 'capture_limit' takes 0 (no limit) or more, not {limit}")
        first = FIRST.index(chosen["first"])
        return position(
            starting_board(),
            first,
            first=first,
            repetition=chosen["repetition"],
            capture_limit=limit,
        )

    def to_move(self, state: FieldsState) -> int | None:
        return state.to_move

    def legal_actions(self, state: FieldsState) -> list[FieldsAction]:
        if state.result is not None:
            return []
        return list(field.moves(state.board, state.mover))

    def sample_chance(self, state: FieldsState, rng: random.Random) -> FieldsAction:
        raise IllegalAction("Fields of Action has no chance events")

    def apply(self, state: FieldsState, action: FieldsAction) -> FieldsState:
        if not isinstance(action, Move | Capture):
            raise IllegalAction("That is not a Fields of Action move")
        return turn.play(state, action)

    def outcome(self, state: FieldsState) -> Outcome | None:
        result = state.result
        if result is None:
            return None
        winners = () if result.winner is None else (result.winner,)
        return Outcome(winners, reason=result.detail)

    def view(self, state: FieldsState, seat: int | None) -> FieldsState:
        if seat not in (None, 0, 1, SPECTATOR):
            raise ValueError(f"Fields of Action has seats 0 and 1, not {seat!r}")
        return state

    def notation(self, action: FieldsAction) -> str:
        return notation.notation(action)

    def parse(self, state: FieldsState, text: str) -> FieldsAction:
        return notation.parse(state, text)

    def from_wire(self, wire: Wire) -> FieldsAction:
        return from_wire(wire)

    def describe(
        self,
        state: FieldsState,
        action: FieldsAction,
        viewer: int | None,
        names: Sequence[str],
    ) -> str:
        return commentary.describe(state, action, viewer, names)

    def advise(self, state: FieldsState, action: FieldsAction, names: Sequence[str]) -> str:
        return commentary.advise(state, action, names)

    def round_of(self, state: FieldsState) -> int:
        """The turn number: a turn is one move by each side, counting from 1."""
        return state.ply // 2 + 1

    # -- what the bots use (core.rules.Coached, Determinizable) -----------------------------
    def evaluate(self, state: FieldsState, seat: int) -> float:
        return strategy.evaluate(state, seat)

    def candidates(self, state: FieldsState) -> list[FieldsAction]:
        return strategy.candidates(state)

    def determinize(self, view: FieldsState, rng: random.Random) -> FieldsState:
        """The state itself: nothing is hidden."""
        return view
