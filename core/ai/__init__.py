"""Computer opponents over the Rules protocol; nothing here knows any particular game.

A bot sits at the table like a person: it is shown the seat's view and the moves it may try,
never the state, so hidden cards cannot reach it. `decide` is that one gate; the app and the
command line call bots only through it. Searching bots (`greedy`, `mcts`, `ismcts`) rebuild
full states from the view with the game's `determinize` (see `core.rules.Determinizable`).

A game plugs in through the Rules contract plus, optionally, `evaluate` and `candidates`
(`core.rules.Coached`) and `determinize`; see `core.ai.bots` for the registry of bots and the
`kind:level` specs the app and command line accept.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar, cast

from core.ai.bots import (
    BOTS,
    DEFAULT_LEVEL,
    LEVELS,
    Bot,
    BotSpec,
    Level,
    UnknownBot,
    bots_for,
    budget_for,
    make_bot,
    parse_spec,
    specs_for,
)
from core.ai.budget import Budget
from core.ai.greedy import GreedyBot
from core.ai.playout import CannotPlay
from core.ai.random_bot import RandomBot
from core.ai.search import SearchBot, SearchResult, Settings, ismcts, mcts
from core.rules import CHANCE, Action, Coached, Determinizable, Rules

S = TypeVar("S")
V = TypeVar("V")
A = TypeVar("A", bound=Action)


def decide(
    bot: Bot, rules: Rules[S, A, Any], state: S, seat: int, budget: Budget | None = None
) -> A:
    """Ask `bot` to play `seat`, showing it only `seat`'s view and the moves to consider.

    The moves are the game's `candidates` when it is coached (never the full list of a huge
    play space), else its legal actions. `budget` (with the caller's clock and cancel check)
    overrides the bot's own; without one the bot is called as older bots expect,
    `choose(rules, view, legal)`.
    """
    to_move = rules.to_move(state)
    if to_move is None:
        raise ValueError("the match is over: there is no move to choose")
    if to_move == CHANCE or to_move != seat:
        who = "chance" if to_move == CHANCE else f"seat {to_move}"
        raise ValueError(f"it is {who}'s turn, not seat {seat}'s")
    return _choose(bot, rules, rules.view(state, seat), state, budget)


def decide_from_view(
    bot: Bot, rules: Rules[Any, A, V], view: V, rng: random.Random, budget: Budget | None = None
) -> A:
    """Ask `bot` to play a seat whose state is kept elsewhere (a seat hosted on another
    machine): the moves to consider come from a state imagined behind the view, which holds
    what the seat may do, since a player always knows their own options."""
    if not isinstance(rules, Determinizable):
        raise CannotPlay(f"{rules.title} cannot be played from a view alone")
    return _choose(bot, rules, view, rules.determinize(view, rng), budget)


def _choose(bot: Bot, rules: Rules[Any, A, Any], view: Any, state: Any, budget: Budget | None) -> A:
    """`bot`'s pick from the moves `state` offers (the game's `candidates` when it is coached),
    shown `view` only."""
    legal = (
        list(rules.candidates(state)) if isinstance(rules, Coached) else rules.legal_actions(state)
    )
    chosen = (
        bot.choose(rules, view, legal) if budget is None else bot.choose(rules, view, legal, budget)
    )
    return cast(A, chosen)  # a bot answers with one of `legal`, which are the rules' actions


__all__ = [
    "BOTS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "BotSpec",
    "Budget",
    "CannotPlay",
    "GreedyBot",
    "Level",
    "RandomBot",
    "SearchBot",
    "SearchResult",
    "Settings",
    "UnknownBot",
    "bots_for",
    "budget_for",
    "decide",
    "decide_from_view",
    "ismcts",
    "make_bot",
    "mcts",
    "parse_spec",
    "specs_for",
]
