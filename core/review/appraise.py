"""What a decision was worth, found by the bots' own search from the deciding seat's view.

A decision is appraised as the seat would have thought about it, with only what it knew:
its view at that moment, behind which the search imagines the hidden cards as the IS-MCTS bot
does (`core.ai.search`, a fresh determinization every iteration; an open game's view is the
state). It never reads the state, so the review of a hidden-hand match cannot name a card
the seat could not know, and two deals the seat could not tell apart get the same review.

Two searches, both counted in iterations (never seconds), so the same seed gives the same
review on any machine and interrupted or not:

1. every move the seat could make, as the bot would search them: its choice is the best move
   found, and its value the win chance *before* the decision;
2. unless the move played is that choice, a *duel* of the two alone, so the move played,
   which the first search may have tried only a few times, is valued as carefully as the best.

A move's value is what the search weighs when it picks: its mean return blended with its
implicit minimax value (`Settings.minimax`), as a share of the point mapped onto −1..1. A move
played that the duel finds as good as the search's choice is the best move: it is never marked.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.ai.budget import Budget
from core.ai.playout import Powers
from core.ai.search import SearchResult, Settings, search
from core.review.judgement import judge
from core.review.verdict import NOTATION_LIMIT, PLACES, WORDS_LIMIT, Verdict
from core.rules import Action, Advising, Rules
from core.text import clean_text


@dataclass(frozen=True)
class Effort:
    """Iterations for one decision: the search over every move, then the duel."""

    search: int
    duel: int


EFFORT: Mapping[str, Effort] = {
    "easy": Effort(100, 60),
    "normal": Effort(400, 200),
    "hard": Effort(2_000, 1_000),
}
"""Each review level's iterations (measured in tests/bench/bench_review.py: `normal` reviews a
60-decision En Garde match well within a minute on the project's two-core machine)."""

SETTINGS = Settings()
"""The searching bots' own settings: the review judges by what the bots play by."""


@dataclass(frozen=True)
class Appraisal:
    """Win chances (−1..1, the seat's) before the decision, after the move played and after
    the best move found, and that move."""

    before: float
    played: float
    best: float
    best_action: Action


def options(
    rules: Rules[Any, Any, Any], view: Any, played: Action, rng: random.Random
) -> list[Any]:
    """The moves the seat had: what the bots try there (a coached game's candidates), and the
    move played if they leave it out (Attacke's candidates are an abstraction)."""
    game = Powers(rules)
    moves = list(game.moves(game.behind(view, rng)))
    if played not in moves:
        moves.append(played)
    return moves


def appraise(
    rules: Rules[Any, Any, Any],
    view: Any,
    played: Action,
    *,
    level: str,
    rng: random.Random,
    stop: Callable[[], bool] | None = None,
) -> Appraisal | None:
    """The appraisal of playing `played` from `view`; None when it was the only move.

    `stop` ends the searches early (their answer is then not to be kept)."""
    moves = options(rules, view, played, rng)
    if len(moves) < 2:
        return None
    effort = EFFORT[level]
    first = _search(rules, view, moves, effort.search, rng, stop)
    top = first.action
    before = _chance(first, top)
    if top == played:
        return Appraisal(before, before, before, top)
    duel = _search(rules, view, [top, played], effort.duel, rng, stop)
    best, mine = _chance(duel, top), _chance(duel, played)
    if mine >= best:
        return Appraisal(before, mine, mine, played)
    return Appraisal(before, mine, best, top)


def generator(seed: int, entry: int) -> random.Random:
    """The generator of the decision at log entry `entry` in a review seeded by `seed`."""
    return random.Random(f"parlour-review:{seed}:{entry}")


def review_decision(
    rules: Rules[Any, Any, Any],
    view: Any,
    played: Action,
    *,
    entry: int,
    seat: int,
    names: Sequence[str],
    level: str,
    seed: int,
    stop: Callable[[], bool] | None = None,
) -> Verdict | None:
    """The verdict on `seat`'s decision at log entry `entry`, seen from `view` (its view
    then); None for a forced move. The generator is seeded by `seed` and `entry` alone, so a
    decision gets the same verdict whichever others are reviewed with it, and in any order."""
    rng = generator(seed, entry)
    found = appraise(rules, view, played, level=level, rng=rng, stop=stop)
    if found is None:
        return None
    best = found.best_action
    words_state = Powers(rules).behind(view, rng)
    return Verdict(
        entry=entry,
        seat=seat,
        before=found.before,
        played=found.played,
        best=found.best,
        played_notation=_notation(rules, played),
        best_notation=_notation(rules, best),
        best_words=_words(rules, words_state, best, seat, names),
        judgement=judge(round(found.best - found.played, PLACES)),
    )


def _search(
    rules: Rules[Any, Any, Any],
    view: Any,
    moves: Sequence[Action],
    iterations: int,
    rng: random.Random,
    stop: Callable[[], bool] | None,
) -> SearchResult:
    budget = Budget(iterations) if stop is None else Budget(iterations, stop=stop)
    every = bool(rules.hides_information)
    return search(rules, view, moves, budget, rng, every_iteration=every, settings=SETTINGS)


def _chance(result: SearchResult, action: Action) -> float:
    """`action`'s value in `result` as the searcher's win chance, −1..1, rounded for storage."""
    alpha = SETTINGS.minimax
    for (move, tries, mean), minimax in zip(result.visits, result.minimax, strict=True):
        if move == action:
            share = (1 - alpha) * mean + alpha * minimax if tries else minimax
            return round(max(-1.0, min(1.0, 2 * share - 1)), PLACES)
    raise ValueError(f"the search did not weigh {action!r}")


def _notation(rules: Rules[Any, Any, Any], action: Action) -> str:
    return clean_text(rules.notation(action), NOTATION_LIMIT) or "?"


def _words(
    rules: Rules[Any, Any, Any], state: Any, action: Action, seat: int, names: Sequence[str]
) -> str:
    """The move as advice to the seat ("move 3 forward"), said in a state behind its view,
    never the real one; a game that cannot advise tells it, without the player's name."""
    if isinstance(rules, Advising):
        said = rules.advise(state, action, names)
    else:
        said = rules.describe(state, action, seat, names)
        name = names[seat] if 0 <= seat < len(names) else ""
        if name and said.startswith(name + " "):
            said = said[len(name) + 1 :]
    return clean_text(said, WORDS_LIMIT) or _notation(rules, action)
