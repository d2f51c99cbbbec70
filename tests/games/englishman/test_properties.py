"""Random-play properties over a few hundred seeded games.

Every ply: the 50 cards are conserved across castles, beanstalks and discards; Jack never moves
a card from front to back (after the setup move); the match ends exactly at the first action
that creates a win (checked by slower independent tests, Jack's own Giant patterns included);
legal actions exist until the end; notation and wire forms of the action round-trip; the view is
the state; describe has words for it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from core.games.englishman import EnglishmanState
from core.games.englishman.actions import EnglishmanAction
from core.games.englishman.cards import DECK, VALUE
from core.rules import CHANCE, IllegalAction
from tests.games.englishman.script import NAMES, RULES, reference_verdict

GAMES = 200


def choose(state: EnglishmanState, rng: random.Random) -> EnglishmanAction:
    """Random, but Jack mostly avoids losing at once and likes his beanstalk, so that games
    last and reach completed beanstalks (and sometimes Jack's win)."""
    moves = RULES.legal_actions(state)
    if state.actor == 0 and state.phase == "play" and rng.random() < 0.9:
        safe = [m for m in moves if RULES.apply(state, m).winner != 1]
        climbing = [m for m in safe if "s" in RULES.notation(m)]
        low = [m for m in climbing if _card_value(state, m) <= len(state.current) + 2]
        for pool in (low, safe):
            if pool and rng.random() < 0.8:
                return rng.choice(pool)
    return rng.choice(moves)


def _card_value(state: EnglishmanState, move: EnglishmanAction) -> int:
    text = RULES.notation(move)
    castle = state.castles[int(text[0]) - 1]
    card = castle[0] if text[1] == "f" else castle[-1]
    return VALUE.get(card, 0)


def plies(seed: int) -> Iterator[tuple[EnglishmanState, EnglishmanAction, EnglishmanState]]:
    rng = random.Random(seed)
    state = RULES.new(2, {})
    while RULES.to_move(state) is not None:
        if RULES.to_move(state) == CHANCE:
            action: EnglishmanAction = RULES.sample_chance(state, rng)
        else:
            action = choose(state, rng)
        after = RULES.apply(state, action)
        yield state, action, after
        state = after


def cards_everywhere(state: EnglishmanState) -> Counter[str]:
    cards: Counter[str] = Counter(c for castle in state.castles for c in castle)
    cards.update(state.current)
    for stalk in state.completed:
        cards.update(stalk)
    cards.update(state.discards)
    return cards


def jack_shapes(before: tuple[str, ...], after: tuple[str, ...]) -> bool:
    """What one of Jack's actions can do to one castle: nothing, lose the front, lose the back,
    gain a front card, or bring its back to the front. Never a card toward the back."""
    if after in (before, before[1:], before[:-1]):
        return True
    if len(after) == len(before) + 1 and after[1:] == before:
        return True
    return len(before) > 1 and after == (before[-1], *before[:-1])


def test_random_games_keep_every_rule() -> None:
    ends: Counter[str] = Counter()
    stalks = 0
    for seed in range(GAMES):
        for before, action, after in plies(seed):
            assert cards_everywhere(after) == DECK
            assert RULES.view(after, 0) is after and RULES.view(after, None) is after
            assert RULES.parse(before, RULES.notation(action)) == action
            assert RULES.from_wire(action.to_wire()) == action
            assert RULES.describe(before, action, None, NAMES)
            if before.phase == "play" and before.actor == 0:
                assert all(map(jack_shapes, before.castles, after.castles))
            if before.phase == "deal":
                assert after.phase == "setup"  # the deal itself is never judged
                continue
            expected = reference_verdict(after)
            assert after.winner == expected, (seed, RULES.notation(action), after.reason)
            assert (after.phase == "over") == (expected is not None)
            if after.phase == "over":
                ends[after.reason.split(":")[0]] += 1
                if after.winner == 1 and before.actor == 0:
                    ends["made by Jack"] += 1
                assert RULES.legal_actions(after) == []
            else:
                moves = RULES.legal_actions(after)
                assert moves
                assert RULES.to_move(after) == after.actor
        stalks += len(after.completed)
    assert sum(ends.values()) - ends["made by Jack"] == GAMES
    assert set(ends) >= {"vertical", "parallel", "starved", "made by Jack"}
    assert ends["Jack completed his third beanstalk"] > 0
    assert stalks > GAMES // 3


def test_actions_listed_are_all_legal_and_broad_junk_is_refused() -> None:
    rng = random.Random(99)
    for seed in range(12):
        for _before, _action, after in plies(1000 + seed):
            if after.phase == "over":
                continue
            moves = RULES.legal_actions(after)
            for move in rng.sample(moves, min(8, len(moves))):
                RULES.apply(after, move)
            listed = set(moves)
            for text in ("1f>2", "3b>s", "x2:3", "1>2", "2>1,3>4", "w1:1>2", "5b>f"):
                probe = RULES.parse(after, text)
                try:
                    RULES.apply(after, probe)
                except IllegalAction:
                    assert probe not in listed
                else:
                    assert probe in listed
