"""strategy.py: the bots' evaluation (-1..1, +1 = the seat is winning) and candidates."""

from __future__ import annotations

import random

from core.games.fields_of_action import strategy
from tests.games.fields_of_action.script import BLACK, RULES, WHITE, new, play, setup


def test_candidates_are_the_legal_moves() -> None:
    state = new()
    assert strategy.candidates(state) == RULES.legal_actions(state)
    won = play(setup("W1 d4, W2 d5, B1 c3, B6 f6, B9 h1", captured=((4, 5, 7, 8), ())), "d4xf6")
    assert strategy.candidates(won) == []


def test_evaluate_is_symmetric_at_the_start_and_final_when_the_game_is_over() -> None:
    assert strategy.evaluate(new(), WHITE) == 0.0
    won = play(setup("W1 d4, W2 d5, B1 c3, B6 f6, B9 h1", captured=((4, 5, 7, 8), ())), "d4xf6")
    assert (strategy.evaluate(won, WHITE), strategy.evaluate(won, BLACK)) == (1.0, -1.0)


def test_evaluate_favours_the_side_nearer_a_run() -> None:
    stones = "W1 d4, W2 d5, W3 e5, B1 c3, B2 c4, B3 f6"
    ahead = setup(stones, captured=((5, 6, 7, 8), (1,)))
    assert strategy.evaluate(ahead, WHITE) > 0 > strategy.evaluate(ahead, BLACK)
    assert strategy.run_progress((5, 6, 7, 8)) == 4
    assert strategy.run_progress((1, 12)) == 1


def test_evaluate_stays_within_bounds_in_random_play() -> None:
    rng = random.Random(5)
    for _ in range(10):
        state = new()
        while RULES.to_move(state) is not None:
            for seat in (WHITE, BLACK):
                assert -1.0 <= strategy.evaluate(state, seat) <= 1.0
            state = RULES.apply(state, rng.choice(strategy.candidates(state)))


def test_mobility_counts_exactly_the_legal_moves_of_each_side() -> None:
    from core.games.fields_of_action import field

    rng = random.Random(4)
    checked = 0
    for _ in range(15):
        state = new()
        while RULES.to_move(state) is not None:
            board = state.board
            assert strategy.mobility(board) == tuple(
                sum(1 for _ in field.moves(board, side)) for side in (WHITE, BLACK)
            )
            checked += 1
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    assert checked > 500
