"""Scripting helpers for the Englishman tests: positions from castle diagrams, and play.

A diagram is one line per castle, front card first, cards split by spaces; "-" is an empty
castle; a line ending in "..." gets a share of the cards the diagram does not show (the deck
less what is shown, on the beanstalks and in the discards), laid so that no two giant cards
touch and the first filled card is not a giant card. Without "..." the castles hold exactly
what is written (then the 50 cards are not all on the table).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations
from typing import Any

from core.games.englishman import Englishman, EnglishmanState
from core.games.englishman.actions import Deal, EnglishmanAction
from core.games.englishman.cards import DECK, KIND, WORDS
from core.games.englishman.judge import verdict
from core.games.englishman.state import JACK, Phase

RULES = Englishman()
NAMES = ("Jack", "Giant")


def castles_of(
    diagram: str, *elsewhere: tuple[str, ...], size: int = 0
) -> tuple[tuple[str, ...], ...]:
    """The castles of a diagram; with `size`, every "..." castle is filled to that many cards."""
    lines = [line.strip() for line in diagram.strip().splitlines() if line.strip()]
    assert len(lines) == 5, f"a diagram has five castle lines, not {len(lines)}"
    shown: list[list[str]] = []
    fill: list[int] = []
    for index, line in enumerate(lines):
        if ":" in line[:3]:
            line = line.split(":", 1)[1].strip()
        if line.endswith("..."):
            fill.append(index)
            line = line[:-3].strip()
        cards = [] if line in ("-", "") else line.split()
        for card in cards:
            assert card in KIND, f"no card called {card!r}"
        shown.append(cards)
    used = Counter(card for cards in shown for card in cards)
    for part in elsewhere:
        used.update(part)
    assert not used - DECK, f"more cards than the deck has: {dict(used - DECK)}"
    if fill:
        left = DECK - used
        giants = sorted(c for c in left.elements() if c in WORDS)
        others = sorted(c for c in left.elements() if c not in WORDS)
        random.Random(0).shuffle(others)
        total = len(giants) + len(others)
        even = -(-total // len(fill))
        for index in fill:
            castle = shown[index]
            for slot in range(size - len(castle) if size else even):
                if not giants and not others:
                    break
                if giants and slot > 0 and castle[-1] not in WORDS:
                    castle.append(giants.pop())
                else:
                    assert others, "too few other cards to separate the giant cards"
                    castle.append(others.pop())
        assert not giants and not others, "the filled castles cannot take all the cards"
    return tuple(tuple(cards) for cards in shown)


def table(
    diagram: str,
    current: str = "",
    completed: tuple[str, ...] = (),
    discards: str = "",
    actor: int = JACK,
    actions_left: int | None = None,
    phase: Phase = "play",
    won: bool = False,
    **more: Any,
) -> EnglishmanState:
    """A position from a diagram; beanstalks and discards as space-separated cards.

    The position must not be won already, unless `won` says it may be."""
    stalk = tuple(current.split())
    done = tuple(tuple(s.split()) for s in completed)
    thrown = tuple(discards.split())
    castles = castles_of(diagram, stalk, *done, thrown)
    if actions_left is None:
        actions_left = 1 if phase == "setup" or actor != JACK else 3
    state = EnglishmanState(
        phase=phase,
        castles=castles,
        completed=done,
        current=stalk,
        discards=thrown,
        actor=actor,
        actions_left=actions_left,
        **more,
    )
    assert won or verdict(state) is None, f"the diagram is already won: {verdict(state)}"
    return state


def dealt(diagram: str) -> EnglishmanState:
    """The position right after a deal of exactly these castles (Jack's setup move next)."""
    return RULES.apply(RULES.new(2, {}), Deal(castles_of(diagram, size=10)))


def play(state: EnglishmanState, script: str) -> EnglishmanState:
    """Apply each space-separated notation token (e.g. "1f>s 2b>f 3f>1")."""
    for token in script.split():
        state = RULES.apply(state, RULES.parse(state, token))
    return state


def act(state: EnglishmanState, text: str) -> EnglishmanState:
    return RULES.apply(state, RULES.parse(state, text))


def action(text: str) -> EnglishmanAction:
    return RULES.parse(EnglishmanState(), text)


def words_after(castle: tuple[str, ...]) -> bool:
    """Reference vertical check, written independently: any 4 consecutive cards = the words."""
    return any(set(castle[i : i + 4]) == WORDS for i in range(len(castle) - 3))


def reference_parallel(castles: tuple[tuple[str, ...], ...]) -> bool:
    fronts = [c[0] for c in castles if c]
    return any(set(four) == WORDS for four in combinations(fronts, 4))


@cache
def _sets(counts: tuple[int, ...], wanted: int) -> bool:
    """Whether `wanted` disjoint sets of 6 distinct values can really be picked, by search."""
    if wanted == 0:
        return True
    values = [v for v in range(9) if counts[v]]
    for combo in combinations(values, 6):
        rest = list(counts)
        for v in combo:
            rest[v] -= 1
        if _sets(tuple(rest), wanted - 1):
            return True
    return False


def brute_can_finish(counts: tuple[int, ...], length: int, top: int, later: int) -> bool:
    """Search: pick the cards that finish the current beanstalk (distinct values above `top`),
    then `later` disjoint sets of 6 distinct values, trying every choice."""
    need = 6 - length
    values = [v for v in range(top, 9) if counts[v]]
    for combo in combinations(values, need):
        rest = list(counts)
        for v in combo:
            rest[v] -= 1
        if _sets(tuple(rest), later):
            return True
    return False


def reference_verdict(state: EnglishmanState) -> int | None:
    """Who has won `state`, by the slow independent checks (None: nobody yet)."""
    if len(state.completed) == 3:
        return 0
    if any(words_after(c) for c in state.castles) or reference_parallel(state.castles):
        return 1
    counts = [0] * 9
    for castle in state.castles:
        for card in castle:
            if KIND[card] == "beanstalk":
                counts[int(card) - 1] += 1
    top = int(state.current[-1]) if state.current else 0
    later = 2 - len(state.completed)
    if not brute_can_finish(tuple(counts), len(state.current), top, later):
        return 1
    return None
