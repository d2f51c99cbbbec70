"""Appraising one decision from the deciding seat's view with the bots' search."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.games.crossing import Crossing
from core.games.en_garde import EnGarde, EnGardeState
from core.review.appraise import review_decision
from core.review.judgement import Judgement
from core.review.verdict import Verdict
from tests.core.review.script import (
    CROSSING_BLUNDER,
    CROSSING_PUNISHMENT,
    EN_GARDE_APPROACH,
    EN_GARDE_BLUNDER,
    EN_GARDE_HANDS,
    crossing_state,
)
from tests.core.test_en_garde_script import deal, play

CROSSING = Crossing()
EN_GARDE = EnGarde()
NAMES = ("Ann", "Ben")


def crossing_verdict(move: str, seed: int = 0) -> Verdict:
    state = crossing_state()
    verdict = review_decision(
        CROSSING,
        CROSSING.view(state, 1),
        CROSSING.parse(state, move),
        entry=7,
        seat=1,
        names=NAMES,
        level="easy",
        seed=seed,
    )
    assert verdict is not None
    return verdict


def test_letting_a_capture_crossing_through_is_a_blunder_and_the_better_move_stops_it() -> None:
    verdict = crossing_verdict(CROSSING_BLUNDER)
    assert verdict.judgement is Judgement.BLUNDER
    assert verdict.played_notation == CROSSING_BLUNDER
    assert verdict.played < -0.5 < verdict.best
    state = crossing_state()
    better = CROSSING.apply(state, CROSSING.parse(state, verdict.best_notation))
    assert CROSSING_PUNISHMENT not in {CROSSING.notation(a) for a in CROSSING.legal_actions(better)}
    assert verdict.best_words.startswith("move ")  # advice to the seat, without its name


def test_the_best_move_found_is_never_marked() -> None:
    best = crossing_verdict(CROSSING_BLUNDER).best_notation
    verdict = crossing_verdict(best)
    assert verdict.judgement is None
    assert verdict.best_played and verdict.drop == 0
    assert verdict.best_notation == best


def test_the_same_seed_gives_the_same_verdict() -> None:
    assert crossing_verdict(CROSSING_BLUNDER, seed=5) == crossing_verdict(CROSSING_BLUNDER, seed=5)


def ann_decides(state: EnGardeState, move: Any) -> Verdict | None:
    """The easy review of Ann (seat 0) playing `move` (an action, or its notation)."""
    played = EN_GARDE.parse(state, move) if isinstance(move, str) else move
    return review_decision(
        EN_GARDE,
        EN_GARDE.view(state, 0),
        played,
        entry=18,
        seat=0,
        names=NAMES,
        level="easy",
        seed=0,
    )


def approached(hands: tuple[str, str] = EN_GARDE_HANDS) -> EnGardeState:
    return play(deal(*hands, EN_GARDE.new(2, {"level": "standard"})), EN_GARDE_APPROACH)


def test_giving_away_a_sure_hit_is_a_blunder() -> None:
    verdict = ann_decides(approached(), EN_GARDE_BLUNDER)
    assert verdict is not None
    assert verdict.judgement is Judgement.BLUNDER
    assert verdict.best_notation.startswith("x44")  # two 4s or the unparryable three
    fours = {2: "two", 3: "three"}[verdict.best_notation.count("4")]
    assert verdict.best_words == f"attack with {fours} 4s"


def test_the_review_reads_only_the_view_the_other_hand_swapped_changes_nothing() -> None:
    state = approached()
    swapped = replace(state, hands=(state.hands[0], (1, 2, 3, 3, 5)))
    assert swapped.hands[1] != state.hands[1]
    assert EN_GARDE.view(swapped, 0) == EN_GARDE.view(state, 0)
    verdicts = [ann_decides(table, EN_GARDE_BLUNDER) for table in (state, swapped)]
    assert verdicts[0] is not None and verdicts[0] == verdicts[1]


def test_a_move_with_no_alternative_is_not_a_decision() -> None:
    state = deal("11111", "22222", EN_GARDE.new(2, {"level": "basic"}))
    moves = EN_GARDE.legal_actions(state)
    assert len(moves) == 1  # only 1> (a 1 backward would leave the piste)
    assert ann_decides(state, moves[0]) is None
