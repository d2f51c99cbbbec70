"""The turn loop, written once: what a match waits for next, and playing a match out with bots.

The game screen, `parlour selfplay` and `parlour tournament` all step matches through here, so
"whose turn is it, and who answers it" has one answer. The loop is pure: chance outcomes come
from the `random.Random` the caller passes, bots are shown views only (through `core.ai.decide`),
and every action goes through the caller's `submit` (the match file's writer in the app and the
CLI, `Match.submit` by default), so the log stays the one record of what happened.

A game need not end between bots (The Blood of an Englishman has no draw rule, and two
searchers can shuffle back and forth), so `play_out` takes a ply limit: a match that reaches
it is left unfinished, as it stands, and the caller reports it as such.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from core.ai import Bot, decide
from core.match import Match
from core.rules import CHANCE, Outcome


@dataclass(frozen=True)
class Chance:
    """The match waits for a chance outcome (a card drawn, a deal)."""


@dataclass(frozen=True)
class Decide:
    """The match waits for `seat`'s decision."""

    seat: int


@dataclass(frozen=True)
class Over:
    """The match is over."""

    outcome: Outcome


Next = Chance | Decide | Over

Submit = Callable[[Any], object]
"""Takes an action and records it (e.g. `OpenMatch.submit`, which writes the file first)."""


def next_step(match: Match) -> Next:
    """What `match` waits for now."""
    outcome = match.outcome()
    if outcome is not None:
        return Over(outcome)
    seat = match.to_move()
    if seat is None:
        raise ValueError(f"{match.rules.title} has no seat to move but no outcome either")
    return Chance() if seat == CHANCE else Decide(seat)


def play_step(
    match: Match,
    bots: Mapping[int, Bot],
    rng: random.Random,
    *,
    submit: Submit | None = None,
) -> Next:
    """Play the one thing `match` waits for, when chance or a bot can answer it.

    Returns the step that was played (or `Over`). A seat without a bot raises ValueError: the
    caller asks a person instead.
    """
    step = next_step(match)
    record = submit if submit is not None else match.submit
    if isinstance(step, Chance):
        record(match.rules.sample_chance(match.state, rng))
    elif isinstance(step, Decide):
        bot = bots.get(step.seat)
        if bot is None:
            raise ValueError(f"seat {step.seat + 1} is played by a person, not a bot")
        record(decide(bot, match.rules, match.state, step.seat))
    return step


def play_out(
    match: Match,
    bots: Mapping[int, Bot],
    rng: random.Random,
    *,
    submit: Submit | None = None,
    on_step: Callable[[Next], None] | None = None,
    max_plies: int | None = None,
) -> Outcome | None:
    """Play `match` to its end with `bots` at every seat and `rng` for chance.

    With `max_plies`, stop once that many decisions (chance's steps not counted) were played
    here without an end: the match is left unfinished and None is returned."""
    if max_plies is not None and max_plies < 1:
        raise ValueError(f"a ply limit is at least 1, not {max_plies}")
    plies = 0
    while True:
        if max_plies is not None and plies >= max_plies and isinstance(next_step(match), Decide):
            return None
        step = play_step(match, bots, rng, submit=submit)
        if isinstance(step, Over):
            return step.outcome
        if isinstance(step, Decide):
            plies += 1
        if on_step is not None:
            on_step(step)
