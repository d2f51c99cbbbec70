"""The Rules contract's metadata and views, the board widget's helpers, and the bot's strategy."""

from __future__ import annotations

import math
import random

import pytest

from core.games.crossing import Crossing, CrossingState, PhalanxMove, Step, phalanx, strategy
from core.games.crossing.board import name, square
from core.rules import IllegalAction
from tests.games.crossing.script import RULES, play, position, sq, squares


def test_the_rules_declare_what_the_app_needs() -> None:
    assert (Crossing.id, Crossing.title) == ("crossing", "Crossing")
    assert Crossing.seat_names == ("White", "Black")
    assert (Crossing.min_players, Crossing.max_players) == (2, 2)
    assert Crossing.hides_information is False
    assert Crossing.chapter == "turn"
    assert Crossing.tagline


def test_the_view_is_the_state_itself_for_every_seat() -> None:
    state = RULES.new(2, {})
    assert RULES.view(state, None) is state
    assert RULES.view(state, 0) is state and RULES.view(state, 1) is state
    with pytest.raises(ValueError):
        RULES.view(state, 2)
    assert hash(play(state, "d2-d3 e7-e6")) == hash(play(state, "d2-d3 e7-e6"))


def test_the_state_shows_what_a_board_widget_draws() -> None:
    state = play(position(white="d6 d7 a2", black="d8 h3 h2", crossed_black="c1"), "d6:d7xd8+")
    assert state.white == tuple(squares("a2 d7 d8"))
    assert state.black == tuple(squares("c1 h2 h3"))
    assert state.locked(0) == (sq("d8"),) and state.locked(1) == (sq("c1"),)
    assert state.free(0) == tuple(squares("a2 d7"))
    assert state.crossed == (1, 1) and not state.owes
    last = state.last
    assert last is not None and last.seat == 0
    assert last.origins == tuple(squares("d7 d6")) and last.targets == tuple(squares("d8 d7"))
    assert last.captured == sq("d8") and last.crossed
    assert state.quiet == 0
    state = play(state, "h3-g3")
    assert state.quiet == 1 and state.last is not None and state.last.captured is None


def test_turns_count_white_and_black_moves_as_one() -> None:
    state = RULES.new(2, {})
    assert RULES.round_of(state) == 1
    state = play(state, "d2-d3")
    assert RULES.round_of(state) == 1
    assert RULES.round_of(play(state, "e7-e6")) == 2


def test_there_is_no_chance_in_crossing() -> None:
    with pytest.raises(IllegalAction):
        RULES.sample_chance(RULES.new(2, {}), random.Random(1))


def test_lines_through_a_stone_are_its_phalanxes_one_per_line() -> None:
    state = position(white="c3 d4 e5 d3 d5 b3", black="a8", crossed_white="d8")
    lines = {tuple(name(s) for s in line) for line in phalanx.lines_through(state.cells, sq("d4"))}
    assert lines == {("d3", "d4", "d5"), ("c3", "d4", "e5")}
    assert phalanx.lines_through(state.cells, sq("d8")) == ()  # crossed: never in a phalanx
    assert phalanx.lines_through(state.cells, sq("a1")) == ()
    rank = phalanx.lines_through(state.cells, sq("c3"))
    assert (tuple(squares("b3 c3 d3")) in rank) and (tuple(squares("c3 d4 e5")) in rank)


def test_destinations_of_a_selection_are_the_moves_of_exactly_those_stones() -> None:
    state = position(white="d1 d2 d3", black="d5 a8")
    pair = phalanx.destinations(state.cells, 0, squares("d2 d3"))
    assert {name(t) for t in pair} == {"d4", "d5"}
    assert pair[sq("d5")] == PhalanxMove(sq("d2"), sq("d3"), sq("d5"), capture=True)
    single = phalanx.destinations(state.cells, 0, [sq("d3")])
    assert {name(t) for t in single} == {"c4", "d4", "e4", "c3", "e3", "c2", "e2"}
    assert single[sq("d4")] == Step(sq("d3"), sq("d4"))
    assert phalanx.destinations(state.cells, 0, squares("d1 d3")) == {}  # not a line
    assert phalanx.destinations(state.cells, 1, squares("d2 d3")) == {}  # not Black's
    down = phalanx.destinations(state.cells, 0, squares("d1 d2"))
    assert down == {}  # d1 leads down off the board, d2 up into d3
    three = phalanx.destinations(state.cells, 0, squares("d1 d2 d3"))
    assert {name(t) for t in three} == {"d4", "d5"}


def test_every_legal_move_is_found_by_destinations_of_its_stones() -> None:
    state = play(RULES.new(2, {}), "d2-d3 e7-e6 c2:d3-f5")
    for action in RULES.legal_actions(state):
        found = phalanx.destinations(state.cells, state.mover, action.stones)
        assert found[action.target] == action


def test_evaluate_scores_who_is_ahead_from_minus_one_to_one() -> None:
    start = RULES.new(2, {})
    assert strategy.evaluate(start, 0) == pytest.approx(0.0)
    ahead = position(white="d4 e4 f4", black="a8")
    assert strategy.evaluate(ahead, 0) > 0.5 > -0.5 > strategy.evaluate(ahead, 1)
    won = play(position(white="e7", black="a8"), "e7-e8+ a8-a7")
    assert strategy.evaluate(won, 0) == 1.0 and strategy.evaluate(won, 1) == -1.0
    stuck = play(position(white="e7", black="a6"), "e7-e8+")  # Black cannot answer
    assert strategy.evaluate(stuck, 0) > 0.9 and strategy.evaluate(stuck, 1) < -0.9
    for state in (start, ahead, stuck):
        assert all(-1 <= strategy.evaluate(state, s) <= 1 for s in (0, 1))


def test_evaluate_counts_a_capture_open_to_the_side_to_move() -> None:
    """Without it a bot judging one move ahead advanced stones into capture: greedy against
    greedy, the second player won 80% (random against random, 52%)."""
    stones = {"white": "d2 d3", "black": "d5 a7"}  # d2-d3 captures d5 (one stone, two movers)
    white_to_move = position(**stones, mover=0)
    black_to_move = position(**stones, mover=1)
    assert phalanx.can_capture(white_to_move.cells, 0)
    assert not phalanx.can_capture(black_to_move.cells, 1)
    judged = [strategy.evaluate(state, 0) for state in (white_to_move, black_to_move)]
    assert math.atanh(judged[0]) - math.atanh(judged[1]) == pytest.approx(strategy.THREAT)
    assert strategy.evaluate(white_to_move, 1) == pytest.approx(
        -strategy.evaluate(white_to_move, 0)
    )


def test_a_sides_strength_is_material_advance_front_stone_and_crossings() -> None:
    """`_side` reads the cells string once with a table (a search asks it twice of every
    position it opens); it stays the plain formula over the state's own stone lists, on every
    position of a few random matches."""
    rng = random.Random(5)
    for _ in range(20):
        state = RULES.new(2, {})
        while RULES.to_move(state) is not None:
            for seat in (0, 1):
                far = (7, 0)[seat]
                progress = [1 - abs(far - s // 8) / 7 for s in state.free(seat)]
                want = (
                    2.0 * len(state.stones(seat)) / 16
                    + 0.6 * (sum(progress) / len(progress) if progress else 0.0)
                    + 0.4 * max(progress, default=0.0) ** 2
                    + 0.3 * state.crossed[seat]
                )
                assert strategy._side(state, seat) == pytest.approx(want, abs=1e-12)
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))


def test_candidates_are_the_legal_moves_or_only_the_crossings_when_one_is_owed() -> None:
    start = RULES.new(2, {})
    assert strategy.candidates(start) == RULES.legal_actions(start)
    owing = play(position(white="e7", black="a8 b2"), "e7-e8+")
    assert {RULES.notation(a) for a in strategy.candidates(owing)} == {"b2-a1+", "b2-b1+", "b2-c1+"}
    hopeless = play(position(white="e7", black="a6"), "e7-e8+")
    assert strategy.candidates(hopeless) == RULES.legal_actions(hopeless)


def test_squares_are_named_a1_to_h8() -> None:
    assert [name(s) for s in (0, 7, 8, 63)] == ["a1", "h1", "a2", "h8"]
    assert square("h8") == 63 and square("i1") is None and square("a0") is None
    assert isinstance(RULES.new(2, {}), CrossingState)
