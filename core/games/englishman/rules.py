"""The Blood of an Englishman for two players: Jack (seat 0) and the Giant (seat 1).

The rules are RULES.md section 5; every card is face up, so a view is the state itself.
The decisions taken where RULES.md is silent are listed in the package docstring.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from core.games.englishman import commentary, deal, notation, strategy
from core.games.englishman.actions import (
    ACTION_CLASSES,
    Deal,
    Discard,
    DoubleMove,
    EnglishmanAction,
    KeepDeal,
    MoveFour,
    Wife,
    from_wire,
)
from core.games.englishman.giant import giant_move, giant_moves
from core.games.englishman.jack import jack_move, jack_moves
from core.games.englishman.setup import setup_moves, wife
from core.games.englishman.state import GIANT, JACK, EnglishmanState
from core.rules import CHANCE, SPECTATOR, IllegalAction, Option, Outcome, Wire, resolve_options

_GIANT_ACTIONS = (Discard, MoveFour, DoubleMove)
_SETUP_ACTIONS = (Wife, KeepDeal)


class Englishman:
    id: ClassVar[str] = "englishman"
    title: ClassVar[str] = "The Blood of an Englishman"
    tagline: ClassVar[str] = "Jack climbs three beanstalks while the Giant gathers Fee Fi Fo Fum"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = ()
    hides_information: ClassVar[bool] = False
    seat_names: ClassVar[tuple[str, ...]] = ("Jack", "Giant")
    chapter: ClassVar[str] = "turn"
    wide_decisions: ClassVar[bool] = True
    """The Giant chooses among 150-400 moves: a long search widens progressively there
    (`core.ai.playout.Powers.wide`)."""

    def new(self, players: int, options: Mapping[str, object]) -> EnglishmanState:
        if players != 2:
            raise ValueError(f"The Blood of an Englishman is for 2 players, not {players}")
        resolve_options(self.options, options)
        return EnglishmanState()

    def to_move(self, state: EnglishmanState) -> int | None:
        if state.phase == "over":
            return None
        return CHANCE if state.phase == "deal" else state.actor

    def legal_actions(self, state: EnglishmanState) -> list[EnglishmanAction]:
        """Every legal action; at the deal only one representative deal (see `deal`)."""
        if state.phase == "deal":
            return [deal.table_deal()]
        if state.phase == "setup":
            return list(setup_moves(state))
        if state.phase == "play":
            return list(jack_moves(state) if state.actor == JACK else giant_moves(state))
        return []

    def sample_chance(self, state: EnglishmanState, rng: random.Random) -> Deal:
        if state.phase != "deal":
            raise IllegalAction("Nothing is left to chance now: the castles are dealt")
        return deal.sample(rng)

    def apply(self, state: EnglishmanState, action: EnglishmanAction) -> EnglishmanState:
        if state.phase == "over":
            raise IllegalAction("The match is over")
        if not isinstance(action, ACTION_CLASSES):
            raise IllegalAction("That is not an action of The Blood of an Englishman")
        if state.phase == "deal":
            if not isinstance(action, Deal):
                raise IllegalAction("Wait: the castles are being dealt")
            return deal.deal(state, action)
        if isinstance(action, Deal):
            raise IllegalAction("The castles are already dealt")
        if state.phase == "setup":
            if not isinstance(action, _SETUP_ACTIONS):
                raise IllegalAction(
                    "First Jack makes the Giant's-wife move: one card to any place in its own "
                    "castle (or w- to keep the deal)"
                )
            return wife(state, action)
        if isinstance(action, _SETUP_ACTIONS):
            raise IllegalAction("The Giant's-wife move is made once, before the first turn")
        if state.actor == JACK:
            if isinstance(action, _GIANT_ACTIONS):
                raise IllegalAction("That is one of the Giant's actions; it is Jack's turn")
            return jack_move(state, action)
        if not isinstance(action, _GIANT_ACTIONS):
            raise IllegalAction("That is one of Jack's actions; it is the Giant's turn")
        return giant_move(state, action)

    def outcome(self, state: EnglishmanState) -> Outcome | None:
        if state.phase != "over" or state.winner is None:
            return None
        return Outcome((state.winner,), (), state.reason)

    def view(self, state: EnglishmanState, seat: int | None) -> EnglishmanState:
        if seat not in (None, JACK, GIANT, SPECTATOR):
            raise ValueError(f"The Blood of an Englishman has seats 0 and 1, not {seat!r}")
        return state

    def notation(self, action: EnglishmanAction) -> str:
        return notation.notation(action)

    def parse(self, state: EnglishmanState, text: str) -> EnglishmanAction:
        return notation.parse(text)

    def from_wire(self, wire: Wire) -> EnglishmanAction:
        return from_wire(wire)

    def describe(
        self,
        state: EnglishmanState,
        action: EnglishmanAction,
        viewer: int | None,
        names: Sequence[str],
    ) -> str:
        return commentary.describe(state, action, viewer, names)

    def advise(self, state: EnglishmanState, action: EnglishmanAction, names: Sequence[str]) -> str:
        return commentary.advise(state, action, names)

    def round_of(self, state: EnglishmanState) -> int:
        return state.turn

    # -- what the bots use (core.rules.Coached, Determinizable) -----------------------------
    def evaluate(self, state: EnglishmanState, seat: int) -> float:
        return strategy.evaluate(state, seat)

    def candidates(self, state: EnglishmanState) -> list[EnglishmanAction]:
        return strategy.candidates(state)

    def determinize(self, view: EnglishmanState, rng: random.Random) -> EnglishmanState:
        """The state itself: nothing is hidden."""
        return view
