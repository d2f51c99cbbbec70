"""The one registry of computer opponents, and the spec text that names one: `kind[:level]`.

`ismcts:normal`, `greedy`, `random`: the app's new-game form and the command line's
`--seat ismcts:normal --seat greedy` both go through `parse_spec` and `make_bot`. A level is
`easy`, `normal` (the default) or `hard`; each bot declares its budget for each.

Budgets are iterations plus seconds. The seconds only bind when the caller supplies a clock
(`budget_for(spec, clock=time.monotonic, stop=worker.is_cancelled)`); without one the
iterations alone bound the thinking, so tests and self-play stay reproducible across machines.
The searchers' `normal` is 300 iterations within 0.9 s, so a decision stays under the promised
second with a margin on a busy machine: on this project's two-core machine that is 0.1 s a
decision at En Garde and Attacke and 0.3 to 0.9 s on the boards, where every new position scores
each of its 30 to 300 moves. `easy` is 20 iterations within 0.2 s, a clear step below `normal`
(docs/BOTS.md has the measured figures).

**mcts in a hidden game.** `parse_spec(spec, rules)` refuses `mcts` for a game whose views hide
information, saying to choose `ismcts`; `bots_for(rules)` does not offer it. A bot made anyway
(`make_bot` knows no game) searches as ismcts there: it never sees the state to peek at.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

from core.ai.budget import Budget
from core.ai.greedy import GreedyBot
from core.ai.playout import searchable
from core.ai.random_bot import RandomBot
from core.ai.search import SearchBot, Settings
from core.rules import Action, Rules

Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")
DEFAULT_LEVEL: Level = "normal"


class Bot(Protocol):
    """Anything that picks an action for a seat from what that seat may see.

    `budget` is optional so the simplest bots (and older callers) need not know about it."""

    def choose(
        self, rules: Rules[Any, Any, Any], view: Any, legal: Any, budget: Budget | None = None
    ) -> Action: ...


class UnknownBot(ValueError):
    """A bot spec that names no bot or level in `BOTS`, or a bot that cannot play the game."""


Needs = Literal["nothing", "state", "open"]
"""What a bot needs from a game: nothing; a full state behind a view (an open game, or
`determinize`); an open game (plain MCTS)."""


@dataclass(frozen=True)
class BotSpec:
    """One kind of bot: how to make it, a line for menus, and its budget at each level."""

    factory: Callable[[int | None, Budget, Level], Bot]
    description: str
    easy: Budget
    normal: Budget
    hard: Budget
    needs: Needs = "state"

    def budget(self, level: Level = DEFAULT_LEVEL) -> Budget:
        """This bot's budget at `level`, without a clock (iterations only)."""
        budget: Budget = getattr(self, level)
        return budget

    def refusal(self, rules: Rules[Any, Any, Any]) -> str | None:
        """Why this bot cannot play `rules`, in words for a player; None when it can."""
        title = getattr(rules, "title", "this game")
        if self.needs == "nothing":
            return None
        if self.needs == "open" and rules.hides_information:
            return f"{title} hides cards: plain mcts would guess one deal; choose ismcts"
        if not searchable(rules):
            return f"{title} hides cards and offers no way to imagine them; choose random"
        return None


SEARCH: dict[Level, Settings] = {
    "easy": Settings(playout=False),
    "normal": Settings(),
    "hard": Settings(widening=1.0),
}
"""How the searchers search at each level. `hard`'s longer search goes deeper rather than
wider where a game's decisions are wide (progressive widening, which `search` applies only to
games that declare such decisions): at the Englishman a Giant trying all 150-400 of its moves
before looking at any twice saw little beyond the next turn, and won no more often against
`normal` than `normal` did; at Crossing a `hard` first player, trying each of 30-130 moves,
walked into a double crossing four plies down that `normal` found (docs/BOTS.md). `easy`
judges where its tree stops, even in a game that asks for greedy plies first (`playout_plies`,
Attacke): a shallow search that judges at once is the step below `normal` there."""

BOTS: dict[str, BotSpec] = {
    "random": BotSpec(
        lambda seed, budget, level: RandomBot(seed),
        "Random: picks any legal move",
        Budget(1),
        Budget(1),
        Budget(1),
        needs="nothing",
    ),
    "greedy": BotSpec(
        lambda seed, budget, level: GreedyBot(seed, budget),
        "Greedy: the move that looks best one step ahead (averaging a few imagined deals)",
        Budget(1, 0.2),
        Budget(4, 0.5),
        Budget(16, 1.0),
    ),
    "mcts": BotSpec(
        lambda seed, budget, level: SearchBot(seed, budget, kind="mcts", settings=SEARCH[level]),
        "MCTS: tree search over the open table (games that hide nothing)",
        Budget(20, 0.2),
        Budget(300, 0.9),
        Budget(3_000, 4.0),
        needs="open",
    ),
    "ismcts": BotSpec(
        lambda seed, budget, level: SearchBot(seed, budget, kind="ismcts", settings=SEARCH[level]),
        "IS-MCTS: tree search over every hand the others might hold, never peeking",
        Budget(20, 0.2),
        Budget(300, 0.9),
        Budget(3_000, 4.0),
    ),
}
"""Bot id -> its spec; the menu's order."""


def parse_spec(spec: str, rules: Rules[Any, Any, Any] | None = None) -> tuple[str, Level]:
    """`"ismcts:normal"` -> `("ismcts", "normal")`; a missing level is `normal`.

    Raises UnknownBot naming the known bots (or levels); with `rules`, also when the bot
    cannot play that game (mcts for a hidden game, or a searcher where nothing determinizes).
    """
    text = spec.strip().lower()
    kind, sep, level = text.partition(":")
    if kind not in BOTS:
        known = ", ".join(BOTS)
        raise UnknownBot(f"no bot called {kind or spec!r} (bots: {known}; e.g. ismcts:normal)")
    if not sep:
        level = DEFAULT_LEVEL
    if level not in LEVELS:
        raise UnknownBot(
            f"{kind} has no level {level!r} (levels: {', '.join(LEVELS)}; e.g. {kind}:normal)"
        )
    if rules is not None:
        refusal = BOTS[kind].refusal(rules)
        if refusal is not None:
            raise UnknownBot(refusal)
    return kind, _level(level)


def _level(text: str) -> Level:
    for level in LEVELS:
        if level == text:
            return level
    raise UnknownBot(f"no level {text!r}")


def budget_for(
    spec: str,
    *,
    clock: Callable[[], float] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Budget:
    """The budget `spec` names, with the caller's clock and cancel check attached."""
    kind, level = parse_spec(spec)
    budget = BOTS[kind].budget(level)
    budget = replace(budget, clock=clock)
    return budget if stop is None else replace(budget, stop=stop)


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A fresh bot for `spec` ("random", "greedy:hard", "ismcts:normal"), seeded so its play
    is reproducible; its default budget is the level's, counted in iterations."""
    kind, level = parse_spec(spec)
    entry = BOTS[kind]
    return entry.factory(seed, entry.budget(level), level)


def bots_for(rules: Rules[Any, Any, Any]) -> tuple[str, ...]:
    """The bot ids that can play `rules`, in menu order."""
    return tuple(kind for kind, entry in BOTS.items() if entry.refusal(rules) is None)


def specs_for(rules: Rules[Any, Any, Any]) -> tuple[str, ...]:
    """Every `kind:level` spec that can play `rules` ("random" once, it has no levels)."""
    out: list[str] = []
    for kind in bots_for(rules):
        out += [kind] if BOTS[kind].needs == "nothing" else [f"{kind}:{lv}" for lv in LEVELS]
    return tuple(out)
