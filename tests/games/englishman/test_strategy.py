"""strategy: evaluate stays in -1..1 and knows who has won; candidates are legal, distinct."""

from __future__ import annotations

import random

from core.games.englishman.starved import pool
from core.games.englishman.state import GIANT, JACK
from core.games.englishman.strategy import _dig, _jack_score, _spare, candidates, evaluate
from tests.games.englishman.script import RULES, act, dealt, table


def test_evaluate_is_in_range_opposite_for_the_two_seats_and_one_at_the_end() -> None:
    rng = random.Random(2)
    state = RULES.apply(RULES.new(2, {}), RULES.sample_chance(RULES.new(2, {}), rng))
    while RULES.to_move(state) is not None:
        value = evaluate(state, 0)
        assert -1.0 <= value <= 1.0 and evaluate(state, 1) == -value
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    assert evaluate(state, state.winner or 0) == 1.0
    assert evaluate(state, 1 - (state.winner or 0)) == -1.0


def test_evaluate_likes_jacks_progress_and_fears_the_giants_patterns() -> None:
    calm = table("1 ...\n2 ...\n3 ...\n4 ...\n5 ...", current="1 2 3")
    bare = table("1 ...\n2 ...\n3 ...\n4 ...\n5 ...")
    threatened = table("Fee ...\nFi ...\nFo ...\n4 ...\n5 ...", current="1 2 3")
    assert evaluate(calm, 0) > evaluate(bare, 0)
    assert evaluate(threatened, 0) < evaluate(calm, 0)


def test_candidates_are_legal_and_give_different_castles_where_moves_coincide() -> None:
    setup = dealt("1 ...\n2 ...\n3 ...\n4 ...\n5 ...")
    listed = candidates(setup)
    assert set(listed) <= set(RULES.legal_actions(setup))
    results = {act(setup, RULES.notation(a)).castles for a in listed}
    assert len(results) == len(listed)
    assert len(listed) < len(RULES.legal_actions(setup))
    giant = table("1 ...\n2 ...\n3 ...\n4 ...\n5 ...", actor=1)
    moves = candidates(giant)
    assert set(moves) <= set(RULES.legal_actions(giant))
    assert any(RULES.notation(m).startswith("x") for m in moves)


DEEP = """9 8 4 4 4 4 8
8 Gold 5 5 5 5 Goose 9
9 Harp 6 6 6 6 Gold 8
9 Harp 7 7 7 7 Goose Fee
Fi 1 Fee 1 Fi 1 Fo 2 Fum 2 Fo 2 Fum 3 3 3"""


def test_evaluate_likes_jack_digging_towards_a_card_that_fits() -> None:
    """Without it every move that places nothing looked alike to a searching Jack, and he
    shuffled fronts for hundreds of turns while the card he needed stayed buried."""
    state = table(DEEP, current="1 2 3")  # the nearest 4 to 7 is one card from a back
    dug = act(act(state, "1f>5"), "1f>5")  # the 9 and the 8 off castle 1: a 4 in front
    assert (_dig(state, pool(state.castles)), _dig(dug, pool(dug.castles))) == (1, 0)
    assert evaluate(dug, 0) > evaluate(state, 0)


SIX = """Goose 8 4 4 4 8
8 Gold 5 5 5 Goose 9
9 Harp 6 6 6 Gold 8
9 Harp 7 7 7 7 9 Fee
Fi 1 Fee 1 Fi 1 Fo 2 Fum 2 Fo 2 Fum 3 3 3"""


def test_a_six_card_beanstalk_keeps_its_slack_when_its_treasure_goes_on() -> None:
    """Slack counted for "a treasure, then two beanstalks" and for "one beanstalk, then
    another" disagreed by a card or two, so the treasure looked like a loss and a searching
    Jack sat on six cards, never taking it, for hundreds of turns."""
    state = table(SIX, current="1 2 3 4 5 6")
    done = act(state, "1f>s")
    assert len(done.completed) == 1
    assert _spare(done, pool(done.castles)) == _spare(state, pool(state.castles))
    assert evaluate(done, 0) > evaluate(state, 0)


def test_the_giants_evaluation_is_jacks_turned_whatever_was_judged_before() -> None:
    rng = random.Random(3)
    state, seen = RULES.new(2, {}), []
    while RULES.to_move(state) is not None and len(seen) < 40:
        if RULES.to_move(state) == -1:
            state = RULES.apply(state, RULES.sample_chance(state, rng))
            continue
        seen.append(state)
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    jack = [_jack_score(s) for s in seen if s.phase == "play"]
    judged = [s for s in seen if s.phase == "play"]
    for s, score in zip(reversed(judged), reversed(jack), strict=True):
        assert evaluate(s, GIANT) == -score
        assert evaluate(s, JACK) == score
    assert len(set(jack)) > 1


def test_the_giant_sees_the_value_a_beanstalk_waits_on_run_short() -> None:
    """Jack's beanstalk (4 5 6 7 8) waits on the last three 9s: each 9 discarded brings the
    starved win a discard nearer. Judged by slack, which the later beanstalks kept high, the
    discard changed nothing, and a searching Giant never went for it."""
    state = table(
        "9 1 ...\n9 2 ...\n9 3 ...\n...\n...", current="4 5 6 7 8", discards="9", actor=GIANT
    )
    assert _spare(state, pool(state.castles)) == 2  # three discards starve him
    after = act(state, "x1:1")
    assert _spare(after, pool(after.castles)) == 1
    assert evaluate(after, GIANT) > evaluate(state, GIANT)
