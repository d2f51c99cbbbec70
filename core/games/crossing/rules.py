"""The Rules object for Crossing: the contract of core/rules.py over `CrossingState`."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from core.frozen import replace
from core.games.crossing import commentary, notation, phalanx, strategy
from core.games.crossing.actions import CrossingAction, PhalanxMove, Step, from_wire
from core.games.crossing.state import CrossingState, End, LastMove
from core.rules import SPECTATOR, BadOption, IllegalAction, Option, Outcome, Wire, resolve_options

SEATS = ("White", "Black")


class Crossing:
    id: ClassVar[str] = "crossing"
    title: ClassVar[str] = "Crossing"
    tagline: ClassVar[str] = "Sackson's phalanx race across an 8\u00d78 board"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = (
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
        Option(
            "exact_distance",
            False,
            help="a phalanx must move exactly as many squares as it has stones, also to capture",
        ),
    )
    hides_information: ClassVar[bool] = False
    seat_names: ClassVar[tuple[str, ...]] = SEATS
    chapter: ClassVar[str] = "turn"
    wide_decisions: ClassVar[bool] = True
    """A side chooses among 30-130 moves, and a lost position can lie four plies down (a
    crossing answered, then a second one that cannot be): a long search widens progressively
    (`core.ai.playout.Powers.wide`) to go deeper through its best moves."""

    def new(self, players: int, options: Mapping[str, object]) -> CrossingState:
        if players != 2:
            raise ValueError(f"Crossing is for 2 players, not {players}")
        chosen = resolve_options(self.options, options)
        limit: int = chosen["capture_limit"]
        if limit < 0:
            raise BadOption(f"option 'capture_limit' takes 0 (no limit) or more, not {limit}")
        state = CrossingState(
            exact_distance=chosen["exact_distance"],
            repetition=chosen["repetition"],
            capture_limit=limit,
        )
        return replace(state, positions=(state.key,))

    def to_move(self, state: CrossingState) -> int | None:
        return None if state.over else state.mover

    def legal_actions(self, state: CrossingState) -> list[CrossingAction]:
        if state.over:
            return []
        return phalanx.moves(state.cells, state.mover, state.exact_distance)

    def sample_chance(self, state: CrossingState, rng: random.Random) -> CrossingAction:
        raise IllegalAction("Crossing has no chance events")

    def apply(self, state: CrossingState, action: CrossingAction) -> CrossingState:
        if state.over:
            raise IllegalAction("The match is over")
        if not isinstance(action, Step | PhalanxMove):
            raise IllegalAction("That is not a Crossing move")
        seat, reply = state.mover, 1 - state.mover
        phalanx.check(state.cells, seat, action, state.exact_distance)
        cells = phalanx.after(state.cells, seat, action)
        captured = action.captured
        fresh = captured is not None or action.crosses
        # One constructor call, not `replace` three times: a search applies tens of thousands
        # of moves a second, and `replace` costs more than the move itself.
        moved = CrossingState(
            cells=cells,
            mover=reply,
            ply=state.ply + 1,
            quiet=0 if captured is not None else state.quiet + 1,
            positions=(() if fresh else state.positions) + (cells + "WB"[reply],),
            last=LastMove(seat, action.stones, action.targets, captured, action.crosses),
            exact_distance=state.exact_distance,
            repetition=state.repetition,
            capture_limit=state.capture_limit,
        )
        winner, end = self._ending(moved)
        return replace(moved, winner=winner, end=end) if end else moved

    def _ending(self, state: CrossingState) -> tuple[int | None, End | None]:
        """Who won and why once a move is made (None, None while play goes on)."""
        crossed, seat, last = state.crossed, state.mover, 1 - state.mover
        if crossed[seat] > crossed[last]:
            return seat, "unanswered"
        owes = crossed[last] > crossed[seat]
        if not phalanx.has_move(state.cells, seat, state.exact_distance):
            return (last, "no-move-owing") if owes else (None, "no-move")
        if owes:
            return None, None  # the reply to a crossing comes before any draw
        if state.repetition and state.positions.count(state.positions[-1]) >= 3:
            return None, "repetition"
        if state.capture_limit and state.quiet >= state.capture_limit:
            return None, "capture-limit"
        return None, None

    def outcome(self, state: CrossingState) -> Outcome | None:
        if state.end is None:
            return None
        winners = () if state.winner is None else (state.winner,)
        return Outcome(winners, reason=reason(state))

    def view(self, state: CrossingState, seat: int | None) -> CrossingState:
        if seat not in (None, 0, 1, SPECTATOR):
            raise ValueError(f"Crossing has seats 0 and 1, not {seat!r}")
        return state

    def notation(self, action: CrossingAction) -> str:
        return notation.notation(action)

    def parse(self, state: CrossingState, text: str) -> CrossingAction:
        return notation.parse(state, text)

    def from_wire(self, wire: Wire) -> CrossingAction:
        return from_wire(wire)

    def describe(
        self,
        state: CrossingState,
        action: CrossingAction,
        viewer: int | None,
        names: Sequence[str],
    ) -> str:
        return commentary.describe(state, action, viewer, names)

    def advise(self, state: CrossingState, action: CrossingAction, names: Sequence[str]) -> str:
        return commentary.advise(state, action, names)

    def round_of(self, state: CrossingState) -> int:
        return state.turn

    # -- what the bots use (core.rules.Coached, Determinizable) -----------------------------
    def evaluate(self, state: CrossingState, seat: int) -> float:
        return strategy.evaluate(state, seat)

    def candidates(self, state: CrossingState) -> list[CrossingAction]:
        return strategy.candidates(state)

    def determinize(self, view: CrossingState, rng: random.Random) -> CrossingState:
        """The state itself: nothing is hidden."""
        return view


def reason(state: CrossingState) -> str:
    """Why the match ended, in one sentence (empty while it goes on)."""
    seat = state.mover
    mover = SEATS[seat]
    if state.end == "unanswered":
        return f"{mover}'s crossing was not answered"
    if state.end == "no-move-owing":
        return f"{mover} owed a counter-crossing and had no move"
    if state.end == "no-move":
        return f"{mover} had no move: a draw"
    if state.end == "repetition":
        return f"The same position, {mover} to move, came up a third time: a draw"
    if state.end == "capture-limit":
        return f"{state.capture_limit} moves in a row without a capture: a draw"
    return ""
