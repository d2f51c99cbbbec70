"""Greedy: one move ahead with the game's evaluation, ties split by its seeded generator."""

from __future__ import annotations

import random
from collections import Counter

from core.ai import Budget, GreedyBot, RandomBot, decide
from tests.ai.script import settle
from tests.ai.toys import Board, HighCard, Mark, Play, TicTacToe, Tricks


def test_greedy_takes_a_win_in_one() -> None:
    x, o, _ = 0, 1, -1
    board = Board((x, x, _, o, o, _, _, _, _), 0)
    for seed in range(5):
        assert decide(GreedyBot(seed), TicTacToe(), board, 0) == Mark(2)


def test_greedy_plays_the_card_that_wins_the_trick_by_the_games_evaluation() -> None:
    # seat 1 answers a 5 holding 2 and 7: only the 7 takes the trick
    state = Tricks(((1, 4), (2, 7)), (5,), (3, 9), (1, 0), 0)
    for seed in range(5):
        assert decide(GreedyBot(seed, Budget(3)), HighCard(), state, 1) == Play(7)


def test_equal_moves_are_split_by_the_seeded_generator() -> None:
    start = TicTacToe().new(2, {})
    picks = [decide(GreedyBot(seed), TicTacToe(), start, 0) for seed in range(40)]
    assert len(set(picks)) > 4  # every opening looks equal one move ahead
    again = [decide(GreedyBot(seed), TicTacToe(), start, 0) for seed in range(40)]
    assert picks == again


def test_greedy_on_a_hidden_game_averages_determinizations_and_is_reproducible() -> None:
    rules = HighCard()
    state = settle(rules, rules.new(2, {}), random.Random(5))
    assert decide(GreedyBot(2, Budget(8)), rules, state, 0) == decide(
        GreedyBot(2, Budget(8)), rules, state, 0
    )


def test_random_stays_uniform_over_the_moves() -> None:
    start = TicTacToe().new(2, {})
    bot = RandomBot(3)
    counts = Counter(decide(bot, TicTacToe(), start, 0) for _ in range(1800))
    assert len(counts) == 9 and all(140 < c < 260 for c in counts.values())
