"""The starved win: the fast test, RULES.md's literal try-every-choice test and a search that
really picks disjoint sets agree on thousands of random pools; and examples from the table."""

from __future__ import annotations

import random

import pytest

from core.games.englishman.starved import (
    can_finish,
    can_finish_by_choices,
    discards_to_starve,
    finishable,
    is_starved,
    pool,
    slack,
)
from tests.games.englishman.script import RULES, act, brute_can_finish, table


def random_task(rng: random.Random) -> tuple[tuple[int, ...], int, int, int]:
    """A random pool (biased toward thin ones, where the answer is close) and Jack's task."""
    keep = rng.random()
    counts = tuple(sum(rng.random() < keep for _ in range(4)) for _ in range(9))
    length = rng.randint(0, 6)
    top = 0 if length == 0 else rng.randint(length, 9)
    later = rng.randint(0, 2)
    return counts, length, top, later


def test_fast_starved_test_agrees_with_a_real_search_on_thousands_of_pools() -> None:
    rng = random.Random(5)
    answers = {True: 0, False: 0}
    for _ in range(4000):
        task = random_task(rng)
        expected = brute_can_finish(*task)
        assert can_finish(*task) == expected, task
        assert can_finish_by_choices(*task) == expected, task
        assert (slack(*task) >= 0) == expected, task
        answers[expected] += 1
    assert min(answers.values()) > 800  # both answers are well represented


def test_finishable_counts_the_beanstalks_a_real_search_can_still_make() -> None:
    rng = random.Random(6)
    for _ in range(1500):
        counts, length, top, later = random_task(rng)
        expected = 0
        for k in range(later + 1):
            if brute_can_finish(counts, length, top, k):
                expected = k + 1
        assert finishable(counts, length, top, later) == expected


def fewest_discards(counts: tuple[int, ...], length: int, top: int, later: int) -> int:
    """The fewest discards after which the rules' own starved test holds, by trying every
    count each value could be left with. A pool's answer depends on three sums only (each
    value's copies up to `later`, the values above the top, those of them with more than
    `later` copies), so the search keeps the cheapest way to each triple of sums, and one
    pool standing for it to put to `can_finish`."""
    ways: dict[tuple[int, int, int], tuple[int, tuple[int, ...]]] = {(0, 0, 0): (0, ())}
    for v, c in enumerate(counts):
        kept = {c, *range(min(c, later) + 1)}  # all, or down to `later` copies and fewer
        grown: dict[tuple[int, int, int], tuple[int, tuple[int, ...]]] = {}
        for (low, above, roomy), (cost, left) in ways.items():
            for k in kept:
                high = v >= top
                key = (low + min(k, later), above + (high and k > 0), roomy + (high and k > later))
                way = (cost + c - k, (*left, k))
                if key not in grown or way[0] < grown[key][0]:
                    grown[key] = way
        ways = grown
    return min(cost for cost, left in ways.values() if not can_finish(left, length, top, later))


def test_the_discards_that_starve_jack_are_the_fewest_a_search_finds() -> None:
    """Slack counted the later beanstalks' spare cards and missed a current beanstalk that
    only a value or two can finish: "slack 6" where three discards starve Jack."""
    rng = random.Random(7)
    for _ in range(3000):
        counts, length, top, later = random_task(rng)
        if length == 6:
            continue  # a treasure never runs short (`jack_task` counts the beanstalk done)
        expected = fewest_discards(counts, length, top, later)
        assert discards_to_starve(counts, length, top, later) == expected, (counts, top, later)
    assert discards_to_starve((4,) * 9, 0, 0, 2) == 14  # the whole deck, at the deal
    assert discards_to_starve((4,) * 8 + (3,), 5, 8, 2) == 3  # three 9s, whatever comes later
    with pytest.raises(ValueError, match="treasure"):
        discards_to_starve((4,) * 9, 6, 6, 1)


@pytest.mark.parametrize(
    ("counts", "length", "top", "later", "expected"),
    [
        ((4,) * 9, 0, 0, 2, True),  # the full deck: 18 of 36 cards needed
        ((2,) * 9, 0, 0, 2, True),  # exactly 18 cards, two of each value: 3 sets of 1..9 minus 3
        ((2,) * 6 + (0,) * 3, 0, 0, 2, False),  # six values twice: only two sets
        ((3,) * 6 + (0,) * 3, 0, 0, 2, True),  # six values three times: three sets
        ((4,) * 9, 5, 9, 0, False),  # top 9 and one card short: nothing above 9
        ((0,) * 8 + (1,), 5, 8, 0, True),  # a single 9 finishes a 5-card beanstalk topped by 8
        ((0,) * 8 + (1,), 5, 8, 1, False),  # ... but then nothing is left for the third
        ((1,) * 9, 6, 9, 1, True),  # beanstalk waiting for its treasure: one more set of 6
    ],
)
def test_starved_examples(
    counts: tuple[int, ...], length: int, top: int, later: int, expected: bool
) -> None:
    assert can_finish(counts, length, top, later) is expected
    assert brute_can_finish(counts, length, top, later) is expected


def test_finishing_the_current_beanstalk_must_not_spend_what_the_later_ones_need() -> None:
    # Pool 3 4 5 6 7 7 8 8 9 9; the current beanstalk (3 cards, top 3) needs three values
    # above 3 and the last beanstalk six distinct values. Finishing with 4 5 6 leaves only
    # 3 7 8 9; finishing with 7 8 9 leaves 3 4 5 6 7 8 9: Jack is not starved.
    counts = (0, 0, 1, 1, 1, 1, 2, 2, 2)
    assert can_finish(counts, 3, 3, 1)
    assert can_finish_by_choices(counts, 3, 3, 1)
    assert brute_can_finish(counts, 3, 3, 1)
    thinner = (0, 0, 1, 1, 1, 1, 1, 1, 1)
    assert not can_finish(thinner, 3, 3, 1)
    assert not brute_can_finish(thinner, 3, 3, 1)


def test_the_pool_counts_only_beanstalk_cards_in_the_castles() -> None:
    state = table("1 Fee 2 Gold\n9 9\n-\nHarp\n3", current="4 5", discards="6", won=True)
    assert pool(state.castles) == (1, 1, 1, 0, 0, 0, 0, 0, 2)


def test_the_giant_wins_when_a_discard_starves_jack() -> None:
    # Jack has finished two beanstalks and has 3 4 5 6 7 on the third: the only card left
    # above 7 is one 8 (second in castle 1). Discarding it starves him.
    state = table(
        "5 8 Gold ...\n1 ...\n2 ...\n3 ...\nHarp 4 ...",
        current="3 4 5 6 7",
        completed=("1 2 3 4 5 6 Goose", "1 2 3 4 5 6 Harp"),
        discards="8 8 8 9 9 9 9",
        actor=1,
    )
    assert not is_starved(state.castles, 2, state.current)
    after = act(state, "x1:2")
    assert RULES.outcome(after) is not None
    assert after.winner == 1
    assert after.reason.startswith("starved")


def test_jack_starves_himself_by_climbing_too_high() -> None:
    state = table("1 2 3 ...\n9 ...\n4 ...\n5 ...\n6 ...")
    after = act(state, "2f>s")
    assert after.winner == 1 and after.reason.startswith("starved")
