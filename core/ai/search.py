"""One UCT loop for every game: MCTS for open tables, IS-MCTS for hidden hands.

Each iteration starts from a full state, walks down the tree choosing by UCT, adds one node,
plays on (at random, or by the greedy rule where a game asks for it) and backs the result up:

* **MCTS** (`mcts`) finds the state once: an open game's view is the state, or the game's
  `determinize` gives back the exact one.
* **IS-MCTS** (`ismcts`) draws a fresh state behind the bot's view every iteration, with the
  game's `determinize` (OpenSpiel `algorithms/ismcts.py`: "resample from the information
  state"), so the search averages over every hand the opponents might hold and never sees the
  real one: the bot is given only its view.

**Node keys.** A node is `(seat to move, rules.view(state, me))`, where `me` is the searching
seat: what *the bot* can tell apart (single-observer IS-MCTS, Cowling, Powley and Whitehouse
2012). The bot's own decisions are then exactly its information sets. An opponent's decision
is one node for every hand the bot cannot tell apart, so its statistics pile up instead of
splitting over thousands of imagined hands (keying by the opponent's own view, as OpenSpiel
does, leaves opponent nodes nearly unvisited at Parlour's budgets). Moves available at a node
differ between determinizations, so UCT uses each move's *availability* count (how often it
could have been chosen) in place of the parent's visits. Views are frozen dataclasses, so
they hash; equal views from different histories share a node (a transposition), which is sound
because the bot could not tell them apart either. Chance is not a node: it is sampled with
`rules.sample_chance` and shows up in the next view as far as the bot can see it.

**Other seats answer greedily (IS-MCTS).** At another seat's node the search does not explore:
that seat plays the move its imagined hand allows that leads to the best position for it (the
one-ply value, replaced by the implicit minimax below as the tree grows). UCT there pooled the
tries of every hand the bot cannot tell apart and let the bot's means count replies no player
makes (taking a hit that could be parried), so a move that only a blunder lets through looked
good. The opponents the bot meets answer like this, and its own seat still explores. Measured
(docs/BOTS.md): En Garde's `ismcts:normal` against greedy, 60 games on seed 11, 55% before,
68% with greedy answers alone, 78% with the two minimax changes below as well. Plain MCTS is
unchanged: with the one true state, UCT at every seat is sound minimax search.

**What is tried.** Expansion, selection and rollouts use `candidates(state)` when the game is
`Coached` and `legal_actions(state)` otherwise; the root uses the list the gate handed over.
A coached game's leaves are scored by its `evaluate` (`Settings.horizon` random moves first,
0 by default: at the budgets a player waits for, a random playout of a card or board game says
less than the game's own judgement); an uncoached game plays out to the end at random. A game
whose positions show their worth only a few moves on declares `playout_plies`: before its
`evaluate` judges, each seat plays that many moves past the tree by the greedy rule (the move
that leaves it the largest share, the way the opponents in the tree answer). At Attacke a
fight's worth shows once the contest is fought out: with six such plies `ismcts` at 300
iterations won 55 of 100 three-player games against two greedy players, judging at once 40
of the same 100 (docs/BOTS.md, "Attacke: contests played out before judging").
Returns are `Outcome.returns(players)` or the evaluation as shares of one point
(`playout.worth`), one share per seat, so three to five seats work as two do: each node
maximises the share of the seat to move there.

**Implicit minimax** (Lanctot, Winands, Pepels and Sturtevant 2014). When a node is first
reached, every move out of it is scored by the evaluation of the position it leads to; each
backup then replaces a move's score by the best score its mover's reply can reach below it.
Selection weighs the mean return and that minimax score (`Settings.minimax`), and a node's
untried moves are tried best-scored first. A plain mean over a few hundred iterations mixes
every reply the opponent might make; the minimax score remembers the one reply that refutes a
move, which is what a one-ply greedy player walks into. Measured on this machine (README):
with it mcts beats greedy at Crossing and Fields of Action and ismcts at En Garde; plain UCT
did not. Over hidden hands two things keep it honest. A node's best move counts only as often
as it was open: moves are taken best first, each weighted by the share of visits it was
available in and no better one was (`_Node.best`); the best of *any* imagined hand made the
search fear an attack the opponent could seldom make. And under IS-MCTS a move's value is the
mean over the positions it led to, each as often as chance dealt it (`_Edge.back_up`), not the
latest one: after a move the draw differs from iteration to iteration and so does the node
reached. A deeper search is only as good as the evaluation of the positions it stops in: at
Attacke, a value that changed hands with every bid made more iterations play worse (README,
"How strong the bots are").

**Progressive widening** (`Settings.widening`, `hard` only, and only where the game declares
its decisions wide). The Englishman's Giant has 150-400 moves: trying each once before any
twice, even 3,000 iterations saw little past Jack's next turn, and `hard` won no more often
than `normal`. Widening lets a node visited n times try only its first widening x sqrt(n)
moves, taken best first by their one-move score, and spends its other visits going deeper
through them (Coulom 2007; Chaslot et al. 2008). Crossing declares its 30-130 moves wide too:
trying each of them, `hard` as the first player walked into a double crossing four plies down.

**Reproducible.** Every random choice comes from the `random.Random` passed in (one per bot,
seeded); the tree is made of dicts and lists (no set order), so the same seed and the same view
give the same move, in any process.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from core.ai.budget import Budget
from core.ai.playout import Powers
from core.rules import Action, Rules

Kind = Literal["mcts", "ismcts"]


@dataclass(frozen=True)
class Settings:
    """How the search plays, beyond its budget."""

    exploration: float = 0.2
    """UCT's c. Leaf values are the game's evaluation as shares of one point, which differ by
    a few hundredths between sensible moves, so a small c keeps the search on the good ones."""
    minimax: float = 0.5
    """How much a move's implicit minimax value counts beside its mean return (0 = plain UCT)."""
    horizon: int = 0
    """Random decisions after leaving the tree (and after any greedy plies, `playout`) before
    a coached game's `evaluate` is asked; 0 asks it then (an uncoached game always plays out
    to the end)."""
    max_plies: int = 2_000
    """A guard for one iteration: past this many plies the position is scored as it stands."""
    playout: bool = True
    """Play the decisions a game declares (`Powers.playout_plies`) by the greedy rule after
    leaving the tree, before any `horizon` moves and `evaluate`; False skips them."""
    widening: float = 0.0
    """Progressive widening, for games that declare their decisions wide (`Powers.wide`): a
    node visited n times tries a new move only while it has tried fewer than `widening` x
    sqrt(n), best-scored first, and otherwise goes deeper through the moves it has tried;
    0 tries every move once before any twice."""


@dataclass(frozen=True)
class SearchResult:
    """The move chosen and what the search saw, for tests, benchmarks and curious players."""

    action: Action
    iterations: int
    visits: tuple[tuple[Action, int, float], ...]
    """Each root move: how often it was tried and its mean share of the point for the bot."""
    minimax: tuple[float, ...] = ()
    """Each root move's implicit minimax share for the bot, in `visits` order (the score the
    search weighs beside the mean; what a review reads to value a move it rarely tried)."""


Shares = tuple[float, ...]


class _Edge:
    """One move out of a node: tries, total return for the mover, availability, and the
    minimax value (every seat's share) of the position it leads to; under IS-MCTS also the
    positions it led to (the chance after a move deals different ones) and how often."""

    __slots__ = ("after", "avail", "n", "value", "w")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.value: Shares | None = None
        self.after: dict[_Node, int] | None = None

    def back_up(self, child: _Node, below: Shares, average: bool) -> None:
        """Take in the value of the position this iteration's move led to: that value
        (`average` off), or the mean over every position the move has led to, each counted
        as often as it came (so one lucky draw does not stand for the move)."""
        if not average:
            self.value = below
            return
        after = self.after
        if after is None:
            after = self.after = {}
        after[child] = after.get(child, 0) + 1
        if len(after) == 1:
            self.value = below
            return
        total = [0.0] * len(below)
        counted = 0
        for node, times in after.items():
            value = node.value
            if value is not None:
                counted += times
                for i, share in enumerate(value):
                    total[i] += times * share
        self.value = tuple(t / counted for t in total)


class _Node:
    """A decision in the tree: its mover, its moves, (open games) the moves' list, how often
    a search passed through it, and its minimax value as last backed up."""

    __slots__ = ("edges", "options", "seat", "value", "visits")

    def __init__(self, seat: int, options: Sequence[Action] | None = None) -> None:
        self.seat = seat
        self.edges: dict[Action, _Edge] = {}
        self.options = options
        self.visits = 0
        self.value: Shares | None = None

    def best(self) -> Shares | None:
        """The minimax value of this position: what its mover's best move is worth, where a
        move open only in some of the imagined deals counts only as often as it was open.

        The moves are taken best first; each counts with the chance that it was open (tries
        it was available over visits here) and no better one was. A move open every time (any
        move of an open game, the bot's own) is then simply the best. Taking the best of
        *any* deal made the bot fear an attack the opponent could seldom make."""
        seat, visits = self.seat, self.visits
        valued = [(e.value, e.avail) for e in self.edges.values() if e.value is not None]
        if not valued:
            return None
        top, avail = max(valued, key=lambda pair: pair[0][seat])
        if avail >= visits:
            return top  # open every time: plain MCTS always, so it pays for no sort
        valued.sort(key=lambda pair: pair[0][seat], reverse=True)
        total = [0.0] * len(valued[0][0])
        left = 1.0
        for value, avail in valued:
            weight = left * min(1.0, avail / visits)
            for i, share in enumerate(value):
                total[i] += weight * share
            left -= weight
            if left <= 1e-12:
                break
        return tuple(t / (1.0 - left) for t in total)


def mcts(
    rules: Rules[Any, Any, Any],
    view: Any,
    legal: Sequence[Action],
    budget: Budget,
    rng: random.Random,
    settings: Settings = Settings(),
) -> SearchResult:
    """UCT from the one state behind `view` (an open game's, or the game's exact determinize)."""
    return search(rules, view, legal, budget, rng, every_iteration=False, settings=settings)


def ismcts(
    rules: Rules[Any, Any, Any],
    view: Any,
    legal: Sequence[Action],
    budget: Budget,
    rng: random.Random,
    settings: Settings = Settings(),
) -> SearchResult:
    """UCT over information sets: a fresh determinization of `view` every iteration."""
    return search(rules, view, legal, budget, rng, every_iteration=True, settings=settings)


def search(
    rules: Rules[Any, Any, Any],
    view: Any,
    legal: Sequence[Action],
    budget: Budget,
    rng: random.Random,
    *,
    every_iteration: bool,
    settings: Settings = Settings(),
) -> SearchResult:
    """The UCT loop itself; `every_iteration` chooses IS-MCTS over plain MCTS."""
    if not legal:
        raise ValueError("there is no legal action to choose from")
    if len(legal) == 1:
        return SearchResult(legal[0], 0, ((legal[0], 0, 0.0),))
    timer = budget.timer()
    game = Powers(rules)
    behind, settle, moves, worth = game.behind, game.settle, game.moves, game.worth
    fixed = None if every_iteration else behind(view, rng)
    first = fixed if fixed is not None else behind(view, rng)
    me = rules.to_move(first)
    if me is None or me < 0:
        raise ValueError("the view is not one of a seat about to decide")
    players = game.players(first)
    horizon = settings.horizon if game.coached else settings.max_plies
    greedy_plies = game.playout_plies if settings.playout else 0
    greedy = game.greedy
    root = _Node(me, legal)
    tree: dict[tuple[int, Any], _Node] = {}
    c, alpha, beta = settings.exploration, settings.minimax, 1.0 - settings.minimax
    widen = settings.widening if game.wide else 0.0
    done = 0
    while not timer.expired(done):
        if done == 0:
            state = first
        elif fixed is not None:
            state = fixed
        else:
            state = behind(view, rng)
        done += 1
        path: list[tuple[_Edge, _Node]] = []
        node, options = root, legal
        plies = 0
        # selection and expansion: down the tree until a move never tried here
        while True:
            seat, edges = node.seat, node.edges
            node.visits += 1
            # IS-MCTS: another seat answers with the best its imagined hand allows (the first
            # in list order among equals), never by UCT: its node stands for every hand the
            # bot cannot tell apart, and exploring there counted replies nobody makes
            answers = every_iteration and seat != me
            untried: list[tuple[Action, _Edge]] = []
            best: tuple[Action, _Edge] | None = None
            best_score = -math.inf
            tried = 0
            for action in options:
                edge = edges.get(action)
                if edge is None:
                    edge = edges[action] = _Edge()
                if edge.value is None:
                    after, to_move = settle(rules.apply(state, action), rng)
                    edge.value = worth(after, to_move, players)
                edge.avail += 1
                if answers:
                    if edge.value[seat] > best_score:
                        best, best_score = (action, edge), edge.value[seat]
                elif edge.n == 0:
                    untried.append((action, edge))
                elif widen or not untried:  # widening weighs the tried moves beside the untried
                    tried += 1
                    score = (
                        beta * edge.w / edge.n
                        + alpha * edge.value[seat]
                        + c * math.sqrt(math.log(edge.avail) / edge.n)
                    )
                    if score > best_score:
                        best, best_score = (action, edge), score
            if answers and best is not None:
                action, edge = best
                if not edge.n:
                    untried = [best]
            elif untried and (not widen or tried < widen * math.sqrt(node.visits)):
                action, edge = _most_promising(untried, seat, rng)
            elif best is not None:
                action, edge = best
                untried = []  # widened: the moves tried are enough for now, go deeper
            else:
                raise ValueError("a seat to move has no move to try")
            path.append((edge, node))
            state, to_move = settle(rules.apply(state, action), rng)
            plies += 1
            if to_move is None or untried or plies >= settings.max_plies:
                break
            key = (to_move, rules.view(state, me))
            child = tree.get(key)
            if child is None:
                child = tree[key] = _Node(to_move)
            if child.options is None or every_iteration:
                options = moves(state)
                if not every_iteration:
                    child.options = options
            else:
                options = child.options
            node = child
        # playout: the game's greedy plies, then random moves, cut off by its evaluation
        steps = 0
        while to_move is not None and plies < settings.max_plies and steps < greedy_plies + horizon:
            if steps < greedy_plies:
                state, to_move = greedy(state, to_move, players, rng)
            else:
                state, to_move = settle(rules.apply(state, rng.choice(moves(state))), rng)
            plies += 1
            steps += 1
        returns = worth(state, to_move, players)
        below: Shares | None = None
        reached: _Node | None = None
        for edge, parent in reversed(path):
            edge.n += 1
            edge.w += returns[parent.seat]
            if below is not None and reached is not None:
                edge.back_up(reached, below, every_iteration)
            below = parent.value = parent.best()
            reached = parent
    stats = tuple((a, e.n, e.w / e.n if e.n else 0.0) for a, e in root.edges.items())
    values = tuple(e.value[me] if e.value is not None else 0.0 for e in root.edges.values())
    if done == 0:
        return SearchResult(rng.choice(legal), 0, stats, values)
    return SearchResult(_most_tried(stats, rng), done, stats, values)


TIE = 1e-9
"""Root moves tried as often as the most tried and within this share of the point of its mean
return are equally good (see `_most_tried`): equal up to rounding, no wider. 0.005 was tried:
it swallowed the Englishman's cost of a buried card (0.003 of a point), and on seeds 2016-2038
of `mcts:easy` Jack against greedy Jack's record fell from 14-7 (2 unfinished) to 8-11 (4)."""


def _most_tried(stats: Sequence[tuple[Action, int, float]], rng: random.Random) -> Action:
    """The most tried root move, the best mean among equals; moves as tried and as good (to
    `TIE`) are a tie, which the seeded generator breaks.

    Taking the first of equals in `legal` order made a position that comes back get the
    same answer: at The Blood of an Englishman a Jack who could not take his next card without
    opening the Giant's four words covered them with the same three moves every turn, the
    greedy Giant uncovered them with the same double move, and the match never ended."""
    top = max(stats, key=lambda s: (s[1], s[2]))
    tied = [s[0] for s in stats if s[1] == top[1] and s[2] >= top[2] - TIE]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def _most_promising(
    untried: list[tuple[Action, _Edge]], seat: int, rng: random.Random
) -> tuple[Action, _Edge]:
    """The untried move whose position looks best to `seat` (ties: the seeded generator's)."""
    if len(untried) == 1:
        return untried[0]
    top = max(e.value[seat] for _, e in untried if e.value is not None)
    best = [(a, e) for a, e in untried if e.value is not None and e.value[seat] >= top - 1e-12]
    return best[0] if len(best) == 1 else rng.choice(best)


ITERATIONS = Budget(1_000)
"""A search bot's budget when none is given."""


class SearchBot:
    """A bot that searches: `kind` "mcts" for open games, "ismcts" for hidden hands.

    An "mcts" bot handed a game that hides information searches as "ismcts" does (a fresh
    determinization every iteration): it never has the real state to peek at anyway, and one
    imagined deal would be a poor guide. The registry refuses that pairing up front
    (`core.ai.bots.parse_spec` with the game), so players are told to pick ismcts.
    """

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget = ITERATIONS,
        *,
        kind: Kind = "ismcts",
        settings: Settings = Settings(),
    ) -> None:
        self._rng = random.Random(seed)
        self.kind: Kind = kind
        self.budget = budget
        self.settings = settings
        self.last: SearchResult | None = None
        """What the latest decision's search saw."""

    def choose(
        self,
        rules: Rules[Any, Any, Any],
        view: Any,
        legal: Sequence[Action],
        budget: Budget | None = None,
    ) -> Action:
        """The most-tried root move after searching within `budget` (default: the bot's)."""
        every = self.kind == "ismcts" or rules.hides_information
        self.last = search(
            rules,
            view,
            legal,
            budget or self.budget,
            self._rng,
            every_iteration=every,
            settings=self.settings,
        )
        return self.last.action
