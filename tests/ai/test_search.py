"""The UCT loop: plays well on toy games, is reproducible, and sees nothing but the view."""

from __future__ import annotations

import itertools
import math
import random
import subprocess
import sys
from typing import Any

import pytest

from core import registry
from core.ai import Bot, Budget, GreedyBot, RandomBot, SearchBot, decide
from core.ai.playout import Powers
from core.ai.search import Settings
from core.ai.tournament import Tally
from core.rules import Outcome
from tests.ai.script import play, settle
from tests.ai.toys import (
    DECK,
    Board,
    Count,
    DiceCounting,
    Feint,
    HiddenBait,
    HiddenTrap,
    HighCard,
    Lure,
    Mark,
    Play,
    Race,
    TicTacToe,
    Trap,
    Tricks,
)


def _tournament(rules: Any, kind: str, iterations: int, matches: int) -> Tally:
    tally = Tally()
    for n in range(matches):
        me = n % 2
        bot = SearchBot(n, Budget(iterations), kind="mcts" if kind == "mcts" else "ismcts")
        bots: list[Bot] = [bot, RandomBot(100 + n)]
        tally = tally.add(play(rules, bots if me == 0 else bots[::-1], 1_000 + n), me)
    return tally


def test_mcts_beats_random_clearly_at_tic_tac_toe() -> None:
    tally = _tournament(TicTacToe(), "mcts", 150, 16)
    assert tally.losses == 0
    assert tally.interval[0] > 0.5


def test_ismcts_beats_random_clearly_at_counting_with_hidden_dice() -> None:
    tally = _tournament(DiceCounting(), "ismcts", 100, 10)
    assert tally.interval[0] > 0.5


def test_mcts_takes_a_win_in_one_and_blocks_a_loss_in_one() -> None:
    rules = TicTacToe()
    x, o, _ = 0, 1, -1
    to_win = Board((x, x, _, o, o, _, _, _, _), 0)
    assert decide(SearchBot(1, Budget(300), kind="mcts"), rules, to_win, 0) == Mark(2)
    to_block = Board((x, x, _, o, _, _, _, _, _), 1)
    assert decide(SearchBot(1, Budget(300), kind="mcts"), rules, to_block, 1) == Mark(2)


def test_the_search_finds_the_one_reply_that_refutes_a_move_greedy_walks_into() -> None:
    """The bait's ten replies average out well for seat 0 (nine of ten lose for seat 1), but
    the one that punishes it decides its worth: the search scores every reply when it first
    reaches a position and backs the best one up, so a few iterations see it."""
    rules = Trap()
    start = rules.new(2, {})
    assert decide(GreedyBot(1), rules, start, 0) == "bait"
    for seed in range(5):
        assert decide(SearchBot(seed, Budget(4), kind="mcts"), rules, start, 0) == "safe"


@pytest.mark.parametrize("holds", [False, True])
def test_ismcts_takes_a_bait_the_opponent_can_seldom_punish(holds: bool) -> None:
    """One imagined deal in ten gives seat 1 the punishing reply: the bait then wins nine times
    in ten. Backing up the best reply of *any* deal made it look lost, so the search played
    "safe" for a draw (it did so before opponents' moves counted as often as they were open)."""
    rules = HiddenTrap(odds=0.1)
    for seed in range(5):
        bot = SearchBot(seed, Budget(1000), kind="ismcts")
        assert decide(bot, rules, HiddenBait(holds), 0) == "bait"


def test_ismcts_refuses_a_bait_the_opponent_can_always_punish() -> None:
    """With the card in every deal the opponent's best reply decides: it answers the bait with
    the punishment, not with a reply its tries happen to reach first."""
    rules = HiddenTrap(odds=1.0)
    for seed in range(5):
        bot = SearchBot(seed, Budget(1000), kind="ismcts")
        assert decide(bot, rules, HiddenBait(True), 0) == "safe"


def test_three_to_five_seats_share_returns_and_each_seat_plays_for_itself() -> None:
    rules = Race()
    for players in (3, 4, 5):
        # 8 on the count: adding 2 says ten and wins outright
        state = Count(players, total=8, turn=players - 1)
        bot = SearchBot(players, Budget(100), kind="mcts")
        assert decide(bot, rules, state, players - 1).to_wire() == 2
        outcome = play(rules, [SearchBot(s, Budget(30)) for s in range(players)], 5, players)
        assert len(outcome.winners) == 1
    assert Outcome((1,)).returns(3) == (0.0, 1.0, 0.0)
    assert Outcome(()).returns(4) == (0.25,) * 4
    assert Outcome((0, 2)).returns(3) == (0.5, 0.0, 0.5)


def _high_card_position(seed: int) -> Tricks:
    rules = HighCard()
    state: Tricks = settle(rules, rules.new(2, {}), random.Random(seed))
    return state


@pytest.mark.parametrize("kind", ["mcts", "ismcts"])
def test_same_seed_and_same_view_give_the_same_choice(kind: str) -> None:
    rules = HighCard()
    state = _high_card_position(4)
    first = SearchBot(9, Budget(1000), kind="ismcts" if kind == "ismcts" else "mcts")
    second = SearchBot(9, Budget(1000), kind="ismcts" if kind == "ismcts" else "mcts")
    assert decide(first, rules, state, 0) == decide(second, rules, state, 0)
    assert first.last == second.last


CHILD = """
import random
from core.ai import Budget, SearchBot, decide
from tests.ai.script import settle
from tests.ai.toys import HighCard
rules = HighCard()
state = settle(rules, rules.new(2, {}), random.Random(4))
bot = SearchBot(9, Budget(300), kind="ismcts")
decide(bot, rules, state, 0)
print(bot.last.visits)
"""


def test_the_choice_does_not_depend_on_the_processs_hash_seed() -> None:
    runs = [
        subprocess.run(
            [sys.executable, "-c", CHILD],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": seed, "PATH": ""},
        ).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1] and runs[0].strip()


def test_fairness_any_hidden_hand_consistent_with_the_view_gives_the_same_choice() -> None:
    rules = HighCard()
    real = _high_card_position(6)
    mine = real.hands[0]
    rest = [c for c in DECK if c not in mine]
    choices = set()
    views = set()
    for theirs in itertools.combinations(rest, 3):
        state = Tricks((mine, theirs))
        views.add(rules.view(state, 0))
        choices.add(decide(SearchBot(5, Budget(150), kind="ismcts"), rules, state, 0))
    assert len(views) == 1
    assert len(choices) == 1
    # and mid-game: seat 0 took the first trick (5 over 3) and leads again holding 1 and 4
    later = set()
    for pair in itertools.combinations([2, 6, 7, 8, 9], 2):
        state = Tricks(((1, 4), pair), (), (5, 3), (1, 0), 0)
        views.add(rules.view(state, 0))
        later.add(decide(SearchBot(5, Budget(150), kind="ismcts"), rules, state, 0))
    assert len(views) == 2
    assert len(later) == 1


class SpyRules(HighCard):
    """High card that remembers whether the real state reached it while the bot thought."""

    def __init__(self, real: Tricks) -> None:
        self.real = real
        self.thinking = False
        self.leaks: list[str] = []

    def _seen(self, name: str, state: object) -> None:
        if self.thinking and state is self.real:
            self.leaks.append(name)

    def to_move(self, state: Tricks) -> int | None:
        self._seen("to_move", state)
        return super().to_move(state)

    def apply(self, state: Tricks, action: Any) -> Tricks:
        self._seen("apply", state)
        return super().apply(state, action)

    def legal_actions(self, state: Tricks) -> list[Any]:
        self._seen("legal_actions", state)
        return super().legal_actions(state)

    def view(self, state: Tricks, seat: int | None) -> Any:
        self._seen("view", state)
        return super().view(state, seat)


@pytest.mark.parametrize("kind", ["mcts", "ismcts", "greedy"])
def test_a_searching_bot_never_touches_the_real_state(kind: str) -> None:
    from core.ai import GreedyBot

    real = _high_card_position(8)
    rules = SpyRules(real)
    bot: Any = (
        GreedyBot(1)
        if kind == "greedy"
        else SearchBot(1, Budget(1000), kind="mcts" if kind == "mcts" else "ismcts")
    )
    shown: list[tuple[Any, Any]] = []
    choose = bot.choose

    def spy_choose(r: Any, view: Any, legal: Any, budget: Any = None) -> Any:
        shown.append((view, legal))
        rules.thinking = True
        try:
            return choose(r, view, legal, budget)
        finally:
            rules.thinking = False

    bot.choose = spy_choose
    action = decide(bot, rules, real, 0)
    assert rules.leaks == []
    assert shown == [(HighCard().view(real, 0), HighCard().legal_actions(real))]
    assert isinstance(action, Play) and action.card in real.hands[0]


def test_en_garde_plays_through_ismcts_when_it_can_determinize() -> None:
    strategy = pytest.importorskip("core.games.en_garde.strategy")
    from core.games.en_garde import EnGarde

    class Coached(EnGarde):
        def determinize(self, view: Any, rng: random.Random) -> Any:
            return strategy.determinize(view, rng)

        def evaluate(self, state: Any, seat: int) -> float:
            return float(strategy.evaluate(state, seat))

        def candidates(self, state: Any) -> Any:
            return strategy.candidates(state)

    rules: Any = EnGarde() if hasattr(EnGarde, "determinize") else Coached()
    state = settle(rules, rules.new(2, {}), random.Random(3))
    seat = rules.to_move(state)
    bot = SearchBot(1, Budget(60), kind="ismcts")
    action = decide(bot, rules, state, seat)
    assert action in rules.legal_actions(state)


@pytest.mark.parametrize("wide", [False, True])
def test_a_wide_game_searched_with_widening_looks_deeper_and_refuses_the_lure(wide: bool) -> None:
    """Lure's 100-move decisions: without widening 150 iterations try every first pick and
    then the second picks of the lure, never reaching the third pick where it loses, so the
    lure is the most tried move; widening (a game that declares itself wide) tries the best
    few first picks and goes deeper through them, sees the lure lose and plays 1, which wins."""
    rules = Lure(wide)
    deep = Settings(widening=1.0)
    for seed in range(3):
        bot = SearchBot(seed, Budget(150), kind="mcts", settings=deep)
        assert decide(bot, rules, rules.new(2, {}), 0) == (1 if wide else 0)
        assert bot.last is not None
        tried = sum(1 for _, n, _ in bot.last.visits if n)
        assert tried == (math.ceil(math.sqrt(150)) if wide else Lure.WIDTH)


def test_widening_is_off_by_default_and_changes_nothing_for_a_game_not_declared_wide() -> None:
    """The same seeds and budget try the same moves as often: a wide game searched without
    widening (`easy` and `normal` at the Englishman) and a game not declared wide searched
    with it (`hard` at every other game) play exactly as before."""
    assert Settings().widening == 0
    start = Lure(wide=False).new(2, {})
    for seed in range(3):
        runs = [
            (Lure(wide=False), Settings()),
            (Lure(wide=True), Settings()),
            (Lure(wide=False), Settings(widening=1.0)),
        ]
        seen = []
        for rules, settings in runs:
            bot = SearchBot(seed, Budget(150), kind="mcts", settings=settings)
            decide(bot, rules, start, 0)
            assert bot.last is not None
            seen.append(bot.last.visits)
        assert seen[0] == seen[1] == seen[2]


def test_only_the_englishman_and_crossing_declare_their_decisions_wide() -> None:
    """The Giant's 150-400 moves, and Crossing's 30-130 with a loss four plies down, are why
    `hard` widens there; the other games' decisions are at most a few dozen moves, which
    `hard` tries in full."""
    wide = {rules.id for rules in registry.all() if Powers(rules).wide}
    assert wide == {"englishman", "crossing"}


@pytest.mark.parametrize("plies", [0, 1])
def test_a_search_plays_out_a_games_declared_plies_by_the_greedy_rule_before_judging(
    plies: int,
) -> None:
    """Two iterations open Feint's two moves once each. Judged at once, the lunge looks best;
    with the game's one playout ply, seat 1 answers it with the riposte (the reply that looks
    best to seat 1, not a random one) and the guard is played."""
    rules = Feint(plies)
    for seed in range(8):
        bot = SearchBot(seed, Budget(2), kind="mcts")
        assert decide(bot, rules, rules.new(2, {}), 0) == ("guard" if plies else "lunge")


def test_playouts_can_be_switched_off_and_are_read_only_from_a_coached_game() -> None:
    """`Settings(playout=False)` (`easy`) judges at once; a game without `evaluate` plays out
    at random to the end, whatever it declares."""
    rules = Feint(1)
    bot = SearchBot(0, Budget(2), kind="mcts", settings=Settings(playout=False))
    assert decide(bot, rules, rules.new(2, {}), 0) == "lunge"
    assert Powers(rules).playout_plies == 1
    board = TicTacToe()
    board.playout_plies = 3  # type: ignore[attr-defined]
    assert Powers(board).playout_plies == 0


def test_only_attacke_declares_playout_plies() -> None:
    """A contest's worth shows once it is fought out, so Attacke's searches play on by the
    greedy rule; every other game's evaluation judges a position as it stands."""
    declared = {
        rules.id: Powers(rules).playout_plies
        for rules in registry.all()
        if Powers(rules).playout_plies
    }
    assert declared == {"attacke": 6}


class _SeatBySeat:
    """A game as it is, less its `evaluate_all`: searched by `evaluate` one seat at a time."""

    def __init__(self, rules: Any) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> Any:
        if name == "evaluate_all":
            raise AttributeError(name)
        return getattr(self._rules, name)


def test_a_game_that_evaluates_every_seat_at_once_is_searched_exactly_as_seat_by_seat() -> None:
    """A search that asks a game for every seat's evaluation at once tries the same moves as
    often as one asking seat by seat (that the values are the old ones: test_strategy.py)."""
    rules = registry.get("attacke")
    alike = _SeatBySeat(rules)
    assert Powers(rules).evaluate_all is not None and Powers(alike).evaluate_all is None
    rng = random.Random(4)
    state = rules.new(3, {})
    positions: list[Any] = []
    while rules.to_move(state) is not None and len(positions) < 60:
        seat = rules.to_move(state)
        if seat == -1:
            state = rules.apply(state, rules.sample_chance(state, rng))
            continue
        positions.append(state)
        state = rules.apply(state, rng.choice(list(rules.candidates(state))))
    for state in positions[::12]:
        seen = []
        for game in (rules, alike):
            bot = SearchBot(1, Budget(40), kind="ismcts")
            decide(bot, game, state, game.to_move(state))
            assert bot.last is not None
            seen.append((bot.last.visits, bot.last.minimax))
        assert seen[0] == seen[1]
