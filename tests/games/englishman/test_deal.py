"""RULES.md §5 material and setup: the 50 cards, the deal of five castles of ten as one chance
action, and the deal not being judged before the Giant's-wife move."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core.games.englishman.actions import Deal
from core.games.englishman.cards import DECK, KIND, TABLE
from core.rules import CHANCE, IllegalAction
from tests.games.englishman.script import RULES, act, castles_of, dealt


def test_the_deck_is_36_beanstalk_cards_8_giant_cards_and_6_treasures() -> None:
    assert sum(DECK.values()) == 50
    kinds: Counter[str] = Counter()
    for _name, kind, copies in TABLE:
        kinds[kind] += copies
    assert kinds == {"beanstalk": 36, "giant": 8, "treasure": 6}
    assert all(DECK[str(v)] == 4 for v in range(1, 10))
    assert all(DECK[w] == 2 for w in ("Fee", "Fi", "Fo", "Fum"))
    assert all(DECK[t] == 2 for t in ("Gold", "Goose", "Harp"))
    assert {KIND["Fee"], KIND["Gold"], KIND["7"]} == {"giant", "treasure", "beanstalk"}


def test_a_new_match_waits_for_the_deal_by_chance() -> None:
    state = RULES.new(2, {})
    assert RULES.to_move(state) == CHANCE
    assert state.phase == "deal"
    with pytest.raises(ValueError):
        RULES.new(3, {})


def test_the_deal_is_one_chance_action_of_five_castles_of_ten_face_up() -> None:
    state = RULES.new(2, {})
    deal = RULES.sample_chance(state, random.Random(3))
    assert isinstance(deal, Deal)
    assert [len(c) for c in deal.castles] == [10] * 5
    assert Counter(c for castle in deal.castles for c in castle) == DECK
    after = RULES.apply(state, deal)
    assert after.castles == deal.castles
    assert after.phase == "setup" and RULES.to_move(after) == 0
    assert after.last == deal


def test_sampled_deals_differ_and_follow_the_rng() -> None:
    state = RULES.new(2, {})
    deals = {RULES.sample_chance(state, random.Random(seed)) for seed in range(20)}
    assert len(deals) == 20
    assert RULES.sample_chance(state, random.Random(4)) == RULES.sample_chance(
        state, random.Random(4)
    )


def test_legal_actions_at_the_deal_list_one_representative_deal() -> None:
    state = RULES.new(2, {})
    listed = RULES.legal_actions(state)
    assert len(listed) == 1 and isinstance(listed[0], Deal)
    RULES.apply(state, listed[0])  # it is a legal deal


def test_no_chance_is_left_once_the_castles_are_dealt() -> None:
    state = dealt("1 ...\n2 ...\n3 ...\n4 ...\n5 ...")
    with pytest.raises(IllegalAction):
        RULES.sample_chance(state, random.Random(1))
    with pytest.raises(IllegalAction, match="already dealt"):
        RULES.apply(state, RULES.sample_chance(RULES.new(2, {}), random.Random(1)))


@pytest.mark.parametrize(
    "castles",
    [
        (),
        (("1",) * 10,) * 5,  # wrong cards
        castles_of("1 ...\n2 ...\n3 ...\n4 ...\n5 ...", size=10)[:4],
        None,
        ((["1"],) * 10,) * 5,  # unhashable cards
        ((1,) * 10,) * 5,
    ],
)
def test_a_deal_must_be_exactly_the_50_cards_ten_a_castle(castles: object) -> None:
    with pytest.raises(IllegalAction):
        RULES.apply(RULES.new(2, {}), Deal(castles))  # type: ignore[arg-type]


def test_a_deal_of_uneven_castles_is_refused_even_with_the_right_cards() -> None:
    good = castles_of("1 ...\n2 ...\n3 ...\n4 ...\n5 ...", size=10)
    uneven = (good[0] + good[1][:1], good[1][1:], *good[2:])
    with pytest.raises(IllegalAction, match="castles of 10"):
        RULES.apply(RULES.new(2, {}), Deal(uneven))


def test_only_the_deal_can_be_played_before_the_deal() -> None:
    with pytest.raises(IllegalAction, match="being dealt"):
        RULES.apply(RULES.new(2, {}), RULES.parse(RULES.new(2, {}), "1f>2"))


VERTICAL_DEAL = """
Fee Fi Fo Fum 1 2 3 4 5 6
...
...
...
...
"""


def test_a_dealt_pattern_is_not_judged_before_the_giants_wife_move() -> None:
    state = dealt(VERTICAL_DEAL)
    assert RULES.outcome(state) is None and state.phase == "setup"


def test_a_dealt_pattern_still_there_after_the_wife_move_wins_for_the_giant() -> None:
    after = act(dealt(VERTICAL_DEAL), "w-")
    assert after.winner == 1 and after.reason.startswith("vertical")
    after = act(dealt(VERTICAL_DEAL), "w2:1>3")  # a move elsewhere leaves it standing
    assert after.winner == 1


def test_a_wife_move_that_breaks_the_dealt_pattern_saves_jack() -> None:
    after = act(dealt(VERTICAL_DEAL), "w1:2>7")
    assert RULES.outcome(after) is None
    assert after.castles[0][:4] == ("Fee", "Fo", "Fum", "1")
