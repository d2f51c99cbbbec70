"""RULES.md §5 winning, checked after every single action: Jack's third beanstalk; the Giant's
vertical, parallel and starved patterns, even when Jack's own action makes them; Jack first
when one action does both."""

from __future__ import annotations

from itertools import combinations, permutations

import pytest

from core.games.englishman.judge import verdict
from core.rules import IllegalAction
from tests.games.englishman.script import RULES, act, table

WORDS = ("Fee", "Fi", "Fo", "Fum")
ORDERS = list(permutations(WORDS))
FILLER = ("1", "2", "3", "4", "5", "6", "7")


@pytest.mark.parametrize("order", ORDERS, ids=" ".join)
def test_vertical_four_consecutive_words_in_any_order_win_for_the_giant(
    order: tuple[str, ...],
) -> None:
    # Castle 1 holds three of the words at its front, castle 2's front is the fourth:
    # Jack's own move puts it on top and loses.
    state = table(f"{' '.join(order[1:])} 1 ...\n{order[0]} 2 ...\n3 ...\n4 ...\n5 ...")
    after = act(state, "2f>1")
    assert after.winner == 1
    assert after.reason == "vertical: Fee, Fi, Fo and Fum stand together in castle 1"
    assert RULES.to_move(after) is None


@pytest.mark.parametrize("start", range(7))
@pytest.mark.parametrize("order", ORDERS[::5], ids=" ".join)
def test_vertical_counts_anywhere_in_a_castle(order: tuple[str, ...], start: int) -> None:
    castle = FILLER[:start] + order + FILLER[start:]
    diagram = " ".join(castle) + " ...\n8 ...\n9 ...\n8 ...\n9 ..."
    found = verdict(table(diagram, won=True))
    assert found is not None and found[0] == 1 and found[1].startswith("vertical")


@pytest.mark.parametrize(
    "castle",
    ["Fee Fi Fo Fee", "Fee Fi 1 Fo Fum", "Fee Fi Fo Gold Fum", "Fum Fo Fi"],
)
def test_not_vertical_without_all_four_words_together(castle: str) -> None:
    state = table(f"1 {castle} ...\n2 ...\n3 ...\n4 ...\n5 ...")
    assert verdict(state) is None


def test_vertical_across_two_castles_does_not_count() -> None:
    assert verdict(table("1 2 Fee Fi\nFo Fum ...\n3 ...\n4 ...\n5 ...")) is None


@pytest.mark.parametrize("castles", list(combinations(range(5), 4)))
@pytest.mark.parametrize("order", ORDERS, ids=" ".join)
def test_parallel_four_fronts_showing_the_words_in_any_order_win_for_the_giant(
    order: tuple[str, ...], castles: tuple[int, ...]
) -> None:
    lines = ["1 ..."] * 5
    for word, c in zip(order, castles, strict=True):
        lines[c] = f"{word} ..."
    found = verdict(table("\n".join(lines), won=True))
    shown = ", ".join(str(c + 1) for c in castles[:3]) + f" and {castles[3] + 1}"
    assert found == (1, f"parallel: the fronts of castles {shown} show Fee, Fi, Fo and Fum")


def test_parallel_made_by_jacks_own_back_to_front_move_wins_for_the_giant() -> None:
    state = table("Fee ...\nFi ...\nFo ...\n1 2 Fum\n3 ...")
    after = act(state, "4b>f")
    assert after.winner == 1 and after.reason.startswith("parallel")


def test_parallel_needs_four_different_words_on_fronts() -> None:
    assert verdict(table("Fee ...\nFi ...\nFo ...\nFee ...\n1 ...")) is None


def test_an_empty_castle_has_no_front_for_the_parallel_pattern() -> None:
    state = table("Fee ...\nFi ...\nFo ...\n-\n1 ...")
    assert state.fronts[3] is None
    assert verdict(state) is None


def test_a_giant_card_moved_onto_an_empty_castle_counts_as_its_front() -> None:
    state = table("Fee ...\nFi ...\nFum Fo ...\n-\n1 ...")
    after = act(state, "3f>4")  # castle 4 now shows the Fum, castle 3 the Fo
    assert after.winner == 1 and after.reason.startswith("parallel")


def test_jack_wins_when_the_same_action_completes_his_third_beanstalk_and_a_pattern() -> None:
    state = table(
        "Harp Fee ...\nFi ...\nFo ...\nFum ...\n1 ...",
        current="1 2 3 4 5 6",
        completed=("1 2 3 4 5 6 Gold", "1 2 3 4 5 6 Goose"),
    )
    after = act(state, "1f>s")
    assert after.winner == 0 and after.reason == "Jack completed his third beanstalk"
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == (0,)


def test_a_match_won_with_a_turns_last_action_ends_in_that_turn() -> None:
    """Jack's third action won in turn 19, and the match said it ended in turn 20: the turn
    was passed to the Giant before the position was judged."""
    state = table(
        "Harp 7 ...\n8 ...\n9 ...\n7 ...\n8 ...",
        current="1 2 3 4 5 6",
        completed=("1 2 3 4 5 6 Gold", "1 2 3 4 5 6 Goose"),
        actions_left=1,
        turn=19,
    )
    after = act(state, "1f>s")
    assert after.winner == 0 and after.turn == 19 and after.actor == 0
    assert RULES.round_of(after) == 19
    giant = table("Fee ...\nFi ...\nFo ...\n1 2 3 4 Fum ...\n5 ...", actor=1, turn=7)
    after = act(giant, "4>5")  # the Giant's one action uncovers the Fum on castle 4
    assert after.winner == 1 and after.turn == 7 and after.actor == 1


def test_uncovering_a_pattern_with_a_treasure_on_an_earlier_beanstalk_loses() -> None:
    state = table("Harp Fee ...\nFi ...\nFo ...\nFum ...\n1 ...", current="1 2 3 4 5 6")
    after = act(state, "1f>s")
    assert after.winner == 1 and after.reason.startswith("parallel")


def test_the_win_is_declared_at_the_first_action_that_creates_it() -> None:
    state = table("Fee ...\nFi ...\n1 Fo ...\n2 ...\nFum ...")
    after = act(state, "4f>s")
    assert RULES.outcome(after) is None
    after = act(after, "3f>4")  # uncovers the Fo: Jack's second action ends the match
    assert after.winner == 1 and after.actions_left == 0 and after.phase == "over"
    with pytest.raises(IllegalAction, match="over"):
        act(after, "1f>2")
    assert RULES.legal_actions(after) == []


def test_the_outcome_names_the_winner_and_the_reason() -> None:
    after = act(table("Fee ...\nFi ...\n1 Fo ...\n2 ...\nFum ..."), "3f>s")
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == (1,) and "parallel" in outcome.reason
    assert RULES.outcome(table("1 ...\n2 ...\n3 ...\n4 ...\n5 ...")) is None
