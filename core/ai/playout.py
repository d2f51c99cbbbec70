"""What every bot needs from a game, whichever it is: moves worth trying, a full state behind a
view, and what a position is worth to each seat.

Only the Rules contract and the optional powers (`Coached`, `Determinizable`) are used, so a
game plugs in by offering them; a game that offers neither is still playable by the random bot,
and searchable when it hides nothing (its view is then the state). `Powers` looks the powers up
once per decision: a runtime protocol check costs microseconds, and a search makes thousands.
A game may also declare how a search should treat it (`wide_decisions`, `playout_plies`) and
offer `evaluate_all`, every seat's evaluation at once.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from core.rules import CHANCE, Action, Coached, Determinizable, Rules

CHANCE_LIMIT = 1_000
"""Chance steps in a row beyond which a game is taken to be looping (a bug in the game)."""


class CannotPlay(ValueError):
    """This bot cannot play this game (it hides cards and offers no `determinize`)."""


def searchable(rules: Rules[Any, Any, Any]) -> bool:
    """True when a bot can get a full state behind a view: the game determinizes, or hides
    nothing (its view is then the state itself)."""
    return isinstance(rules, Determinizable) or not rules.hides_information


class Powers:
    """One game as a bot uses it, with its optional powers looked up once."""

    __slots__ = (
        "coached",
        "determinize",
        "evaluate",
        "evaluate_all",
        "moves",
        "playout_plies",
        "rules",
        "wide",
    )

    def __init__(self, rules: Rules[Any, Any, Any]) -> None:
        self.rules = rules
        self.coached = isinstance(rules, Coached)
        self.moves: Callable[[Any], Sequence[Action]] = (
            rules.candidates if isinstance(rules, Coached) else rules.legal_actions
        )
        """What a bot tries in a state: the game's candidates when it has them, else every
        legal action (never the full list for a coached game: Attacke's runs to ~19,000)."""
        self.evaluate: Callable[[Any, int], float] | None = (
            rules.evaluate if isinstance(rules, Coached) else None
        )
        seats = getattr(rules, "evaluate_all", None) if self.evaluate is not None else None
        self.evaluate_all: Callable[[Any], Sequence[float]] | None = (
            seats if callable(seats) else None
        )
        """Every seat's evaluation at once, where the game offers it (`evaluate_all(state)`,
        an optional method equal seat by seat to `evaluate`): what `worth` needs, cheaper."""
        self.determinize: Callable[[Any, random.Random], Any] | None = (
            rules.determinize if isinstance(rules, Determinizable) else None
        )
        self.wide = getattr(rules, "wide_decisions", False) is True
        """The game declares decisions too wide to try every move before looking deeper
        (`wide_decisions = True`, an optional class attribute): a search allowed to widen
        (`Settings.widening`) does so."""
        plies = getattr(rules, "playout_plies", 0)
        self.playout_plies = plies if self.coached and type(plies) is int and plies > 0 else 0
        """Decisions a search plays past its tree by the greedy rule before the evaluation
        judges (`playout_plies`, an optional class attribute of a coached game; 0 judges at
        once): where a position's worth shows only a few moves on."""

    def behind(self, view: Any, rng: random.Random) -> Any:
        """A full state this view cannot tell from the real one, drawn with `rng`."""
        if self.determinize is not None:
            return self.determinize(view, rng)
        if not self.rules.hides_information:
            return view
        title = getattr(self.rules, "title", "this game")
        raise CannotPlay(
            f"{title} hides information and offers no determinize, so only the random bot "
            "can play it"
        )

    def greedy(
        self, state: Any, seat: int, players: int, rng: random.Random
    ) -> tuple[Any, int | None]:
        """The position after `seat` plays the move that leaves it the largest share (the
        first of equals), chance settled with `rng`: the greedy rule on one full state (the
        greedy bot averages a few imagined ones and splits equals at random)."""
        best: tuple[Any, int | None] | None = None
        top = -math.inf
        for action in self.moves(state):
            after = self.settle(self.rules.apply(state, action), rng)
            share = self.worth(after[0], after[1], players)[seat]
            if share > top:
                best, top = after, share
        if best is None:
            raise ValueError("a seat to move has no move to play")
        return best

    def players(self, state: Any) -> int:
        """How many seats `state` has: the game's one count, or the state's `players` (a game
        played by three to five, like Attacke, keeps it there)."""
        rules = self.rules
        if rules.min_players == rules.max_players:
            return rules.min_players
        count = getattr(state, "players", None)
        if isinstance(count, int) and rules.min_players <= count <= rules.max_players:
            return count
        raise CannotPlay(
            f"{getattr(rules, 'title', 'this game')} seats a varying number of players and its "
            "state does not say how many (give it a `players` field)"
        )

    def settle(self, state: Any, rng: random.Random) -> tuple[Any, int | None]:
        """Let chance act (sampled with `rng`) until a seat must decide or the match is over."""
        rules = self.rules
        for _ in range(CHANCE_LIMIT):
            seat = rules.to_move(state)
            if seat != CHANCE:
                return state, seat
            state = rules.apply(state, rules.sample_chance(state, rng))
        raise RuntimeError(f"chance acted {CHANCE_LIMIT} times in a row: the game seems to loop")

    def worth(self, state: Any, seat: int | None, players: int) -> tuple[float, ...]:
        """Each seat's share of one point in `state`: `Outcome.returns` once over; otherwise
        the game's evaluation, mapped to 0..1 and normalised to sum to 1 (so an even position
        is worth what a draw is); an uncoached game's unfinished position counts as a draw."""
        if seat is None:
            outcome = self.rules.outcome(state)
            if outcome is None:
                raise RuntimeError("the game says nobody is to move but gives no outcome")
            return outcome.returns(players)
        if self.evaluate is not None:
            seats = self.evaluate_all
            values = (
                seats(state)
                if seats is not None
                else [self.evaluate(state, s) for s in range(players)]
            )
            shares = [(max(-1.0, min(1.0, v)) + 1.0) / 2.0 for v in values]
            total = sum(shares)
            if total > 0:
                return tuple(v / total for v in shares)
        return (1.0 / players,) * players

    def score(self, state: Any, seat: int | None, me: int) -> float:
        """-1..1 for `me`: +1 won, -1 lost, 0 drawn once over; else the game's evaluation (0
        when the game has none)."""
        if seat is None:
            outcome = self.rules.outcome(state)
            if outcome is None or outcome.is_draw:
                return 0.0
            return 1.0 if me in outcome.winners else -1.0
        if self.evaluate is not None:
            return max(-1.0, min(1.0, self.evaluate(state, me)))
        return 0.0
