"""RULES.md §3 board, lines and moves: steps, phalanx moves and captures, one test per rule."""

from __future__ import annotations

import random

import pytest

from core.games.crossing import PhalanxMove, Step, phalanx
from core.games.crossing.board import name
from core.rules import IllegalAction
from tests.games.crossing.script import RULES, notations, play, position, sq, squares


def test_the_board_starts_with_sixteen_stones_a_side_on_the_home_ranks_white_first() -> None:
    state = RULES.new(2, {})
    assert sorted(name(s) for s in state.white) == sorted(
        f"{f}{r}" for f in "abcdefgh" for r in "12"
    )
    assert sorted(name(s) for s in state.black) == sorted(
        f"{f}{r}" for f in "abcdefgh" for r in "78"
    )
    assert RULES.to_move(state) == 0
    assert state.crossed == (0, 0)
    assert len(RULES.legal_actions(state)) == 60


def test_a_step_moves_one_stone_one_square_in_any_direction_onto_an_empty_square() -> None:
    state = position(white="d4", black="h8")
    assert notations(state) == {
        "d4-c3",
        "d4-c4",
        "d4-c5",
        "d4-d3",
        "d4-d5",
        "d4-e3",
        "d4-e4",
        "d4-e5",
    }
    crowded = position(white="d4 d5", black="e5 e4 c3 h8")
    steps = {n for n in notations(crowded) if n.startswith("d4-")}
    assert steps == {"d4-c4", "d4-c5", "d4-d3", "d4-e3"}


def test_a_single_stone_never_captures() -> None:
    state = position(white="d4", black="d5 h8")
    assert "d4-d5" not in notations(state)
    with pytest.raises(IllegalAction, match="only onto an empty square"):
        RULES.apply(state, Step(sq("d4"), sq("d5")))
    with pytest.raises(IllegalAction, match="never captures"):
        RULES.parse(state, "d4xd5")


def test_a_phalanx_moves_along_its_own_line_by_one_up_to_n_squares() -> None:
    state = position(white="b2 c3 d4", black="h1")
    up_right = {n for n in notations(state) if n.startswith("b2:d4")}
    assert up_right == {"b2:d4-e5", "b2:d4-f6", "b2:d4-g7"}
    state = play(state, "b2:d4-g7")
    assert sorted(name(s) for s in state.white) == ["e5", "f6", "g7"]


def test_any_part_of_a_phalanx_that_contains_the_leading_end_may_move() -> None:
    state = position(white="d1 d2 d3 d4", black="a8")
    upward = {n for n in notations(state) if n[3:5] == "d4" or n.startswith("d4-d")}
    assert upward == {
        "d4-d5",
        "d3:d4-d5", "d3:d4-d6",
        "d2:d4-d5", "d2:d4-d6", "d2:d4-d7",
        "d1:d4-d5", "d1:d4-d6", "d1:d4-d7", "d1:d4-d8+",
    }  # fmt: skip
    with pytest.raises(IllegalAction, match="You have no stone on d5"):
        RULES.apply(state, PhalanxMove(sq("d4"), sq("d5"), sq("d6")))
    # a part that does not hold the leading end would run into its own stones
    assert not any(n.startswith("d1:d2-") or n.startswith("d1:d3-") for n in notations(state))
    with pytest.raises(IllegalAction, match="d3 holds your own stone"):
        RULES.apply(state, PhalanxMove(sq("d1"), sq("d2"), sq("d3")))


def test_a_phalanx_moves_only_along_its_own_line() -> None:
    state = position(white="d2 d3", black="a8")
    assert not any(n.startswith(("d2:d3-e", "d2:d3-c")) for n in notations(state))
    with pytest.raises(IllegalAction, match="along its own line"):
        RULES.apply(state, PhalanxMove(sq("d2"), sq("d3"), sq("e4")))


def test_no_stone_jumps_every_square_passed_must_be_empty() -> None:
    state = position(white="d1 d2 d3 d5", black="a8")
    assert {n for n in notations(state) if n.startswith("d1:d3")} == {"d1:d3-d4"}
    with pytest.raises(IllegalAction, match="d5 is in the way: no stone jumps"):
        RULES.apply(state, PhalanxMove(sq("d1"), sq("d3"), sq("d6")))
    blocked = position(white="d1 d2 d3", black="d5 d6 d7 a8")
    assert {n for n in notations(blocked) if n.startswith("d1:d3")} == {"d1:d3-d4"}
    with pytest.raises(IllegalAction, match="d5 is in the way"):
        RULES.apply(blocked, PhalanxMove(sq("d1"), sq("d3"), sq("d6")))


def test_a_phalanx_may_not_enter_a_square_held_by_its_own_side() -> None:
    state = position(white="c1 d2 f4", black="a8")
    assert {n for n in notations(state) if n.startswith("c1:d2")} == {"c1:d2-e3"}


def test_a_phalanx_captures_when_the_enemy_line_ahead_is_strictly_shorter() -> None:
    state = position(white="c2 c3 c4", black="c5 c6 a8")
    assert "c2:c4xc5" in notations(state)
    state = play(state, "c2:c4xc5")
    assert sorted(name(s) for s in state.white) == ["c3", "c4", "c5"]
    assert [name(s) for s in state.black] == ["c6", "a8"]
    assert state.last is not None and state.last.captured == sq("c5")


def test_an_enemy_line_as_long_as_the_phalanx_blocks_but_it_may_stop_short() -> None:
    state = position(white="c1 c2 c3", black="c5 c6 c7 a8")
    assert {n for n in notations(state) if n.startswith("c1:c3")} == {"c1:c3-c4"}
    with pytest.raises(IllegalAction, match="3 strong: a phalanx of 3 captures only a line"):
        RULES.apply(state, PhalanxMove(sq("c1"), sq("c3"), sq("c5"), capture=True))
    assert "c2:c3xc5" not in notations(position(white="c2 c3", black="c4 c5 a8"))


def test_the_seed_example_four_against_four_blocks_until_black_moves_the_pair_away() -> None:
    state = position(white="d1 d2 d3 d4", black="d5 d6 d7 d8 e7", mover=0)
    assert not any("x" in n for n in notations(state))
    with pytest.raises(IllegalAction, match="4 strong"):
        RULES.apply(state, PhalanxMove(sq("d1"), sq("d4"), sq("d5"), capture=True))
    black = position(white="d1 d2 d3 d4", black="d5 d6 d7 d8 e7", mover=1)
    for away in ("d8:e7-f6", "d8:e7-g5"):
        moved = play(black, away)
        assert {n for n in notations(moved) if "x" in n} == {"d1:d4xd5"}
        taken = play(moved, "d1:d4xd5")
        assert sorted(name(s) for s in taken.white) == ["d2", "d3", "d4", "d5"]
        assert sq("d5") not in taken.black


def test_only_one_stone_is_captured_and_the_capture_ends_the_move() -> None:
    state = position(white="a1 b2 c3 d4", black="e5 g7 a8")
    captures = {n for n in notations(state) if n.startswith("a1:d4")}
    assert captures == {"a1:d4xe5"}  # no move on past e5, even toward the lone g7
    after = play(state, "a1:d4xe5")
    assert len(after.black) == 2 and sq("g7") in after.black
    assert sorted(name(s) for s in after.white) == ["b2", "c3", "d4", "e5"]


def test_the_capture_can_come_anywhere_within_reach() -> None:
    state = position(white="a1 a2 a3", black="a5 h8")
    assert {n for n in notations(state) if n.startswith("a1:a3")} == {"a1:a3-a4", "a1:a3xa5"}
    after = play(state, "a1:a3xa5")
    assert sorted(name(s) for s in after.white) == ["a3", "a4", "a5"]


def test_the_enemy_line_counts_only_along_the_same_line() -> None:
    state = position(white="c2 c3", black="c4 b5 d5 b4 d4 a8")
    assert "c2:c3xc4" in notations(state)
    state = position(white="c2 c3", black="c4 c5 a8")
    assert "c2:c3xc4" not in notations(state)


def test_the_enemy_line_counts_the_stones_moved_not_the_whole_phalanx() -> None:
    state = position(white="e1 e2 e3 e4", black="e5 e6 e7 a8")
    captures = {n for n in notations(state) if "x" in n}
    assert captures == {"e1:e4xe5"}  # two or three of the four are not enough


def test_crossed_enemy_stones_count_in_the_line_that_resists_a_capture() -> None:
    pair = position(white="e3 e4", black="e2 h8", crossed_black="e1")
    assert "e4:e3xe2" not in notations(pair)
    assert "e4:e3xe2" in notations(position(white="e3 e4", black="e2 h8"))
    assert "e5:e3xe2" in notations(position(white="e3 e4 e5", black="e2 h8", crossed_black="e1"))
    diagonal = position(white="e3 f4", black="d2 h8", crossed_black="c1")
    assert "f4:e3xd2" not in notations(diagonal)
    with pytest.raises(IllegalAction, match="from d2 is 2 strong"):
        RULES.apply(diagonal, PhalanxMove(sq("f4"), sq("e3"), sq("d2"), capture=True))
    longer = position(white="e3 f4 g5", black="d2 h8", crossed_black="c1")
    taken = play(longer, "g5:e3xd2")
    assert taken.black == (sq("c1"), sq("h8")) and taken.locked(1) == (sq("c1"),)


def test_every_legal_move_moves_free_stones_of_the_side_to_move() -> None:
    state = play(RULES.new(2, {}), "d2-d3")
    for action in RULES.legal_actions(state):
        assert all(s in state.free(1) for s in action.stones)
    assert sorted(squares("a7 a8")) == sorted(RULES.parse(state, "a8:a7-a6").stones)


@pytest.mark.parametrize("exact", [False, True], ids=["any_distance", "exact_distance"])
def test_can_capture_agrees_with_the_moves_it_stands_for(exact: bool) -> None:
    """`can_capture` is `any(move.capture for move in moves(...))` without listing them, on
    every position of a few hundred random matches (captures preferred, so many positions have
    one), for both sides."""
    rng = random.Random(11)
    seen = {True: 0, False: 0}
    for _ in range(150):
        state = RULES.new(2, {"exact_distance": exact})
        while RULES.to_move(state) is not None:
            for seat in (0, 1):
                listed = phalanx.moves(state.cells, seat, exact)
                want = any(isinstance(m, PhalanxMove) and m.capture for m in listed)
                assert phalanx.can_capture(state.cells, seat, exact) is want, state.cells
                seen[want] += 1
            legal = RULES.legal_actions(state)
            captures = [a for a in legal if isinstance(a, PhalanxMove) and a.capture]
            state = RULES.apply(state, rng.choice(captures if captures else legal))
    assert min(seen.values()) > 200, seen  # both answers were asked for, often
