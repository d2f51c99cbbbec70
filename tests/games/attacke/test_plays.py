"""The list of legal plays agrees with `check`, which judges a play without the list."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

import pytest

import core.games.attacke.plays as plays_module
import core.games.attacke.rules as rules_module
from core.games.attacke.actions import First, Play
from core.games.attacke.deck import COLOURS, colour_of, ordered, value_of
from core.games.attacke.plays import plays
from core.games.attacke.state import AttackeState
from tests.games.attacke.script import RULES, cards, deal, play


def brute_force(state: AttackeState) -> set[Play]:
    """Every (face-up part, face-down part, colour) a hand allows, kept when `check` passes."""
    hand = Counter(state.hands[state.actor])
    codes = sorted(hand)
    found = set()
    splits = [[(u, d) for u in range(hand[c] + 1) for d in range(hand[c] - u + 1)] for c in codes]
    colours: list[str | None] = list(COLOURS) if state.phase == "open" else [None]
    for choice in itertools.product(*splits):
        for colour in colours:
            contest = colour or state.colour
            knights: list[int] = []
            shields: list[int] = []
            hidden: list[str] = []
            ok = True
            for code, (up, down) in zip(codes, choice, strict=True):
                hidden += [code] * down
                if up and colour_of(code) is None:
                    shields += [value_of(code)] * up
                elif up and colour_of(code) == contest:
                    knights += [value_of(code)] * up
                elif up:
                    ok = False
            action = Play(tuple(knights), tuple(shields), tuple(hidden), colour)
            if ok and RULES.check(state, action) is None:
                found.add(action)
    return found


def test_the_listed_openings_and_fights_are_exactly_the_plays_check_accepts() -> None:
    for face_down in (False, True):
        state = deal("R2 R3 B7 10S", "R4 R7 R7 10S 7S", "G2 G3 G4 Y2 Y3", face_down=face_down)
        assert set(plays(state)) == brute_force(state)
        assert len(plays(state)) == len(set(plays(state)))
        state = play(state, "R:2; dG5")
        assert set(plays(state)) == brute_force(state)


def test_plays_agree_with_check_in_random_positions() -> None:
    rng = random.Random(11)
    state = RULES.new(3, {"face_down": True})
    checked = 0
    while RULES.to_move(state) is not None and checked < 25:
        if RULES.to_move(state) == -1:
            state = RULES.apply(state, RULES.sample_chance(state, rng))
            continue
        if state.phase in ("open", "fight") and len(state.hands[state.actor]) <= 7:
            assert set(plays(state)) == brute_force(state)
            checked += 1
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))


def test_apply_and_check_never_need_the_list_of_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    state = deal("R2 R3 B7 10S", "R4 R7 B2 B3 10S", "G2 G3 G4 Y2 Y3", face_down=True)
    big = ordered((*state.hands[0], *cards("R4 R5 R7 B2 B3 B4 G2 G3 G5 Y4 P2 P3 7S 7S")))
    state = replace(state, hands=(big, *state.hands[1:]))

    def refuse(_: object) -> None:
        raise AssertionError("the list of plays was built")

    monkeypatch.setattr(plays_module, "plays", refuse)
    monkeypatch.setattr(rules_module, "plays", refuse)
    action = RULES.parse(state, "R:2 3 4 5 7 7S ?B7 ?P2 ?10S")
    assert RULES.check(state, action) is None
    after = RULES.apply(state, action)
    assert after.total(0) == 31
    assert RULES.check(state, First(4)) is not None
    assert "no player" in str(RULES.check(RULES.new(3, {}), First(4)))
