"""Scripting helpers for the En Garde tests, and the tests of the deal they rely on.

Every deal and draw in these tests is a Draw chance action chosen by the test: `deal` gives
the hands asked for, `play` applies notation, `burn` spends the pile with harmless moves.
"""

from __future__ import annotations

from core.games.en_garde import EnGarde, EnGardeState
from core.games.en_garde.actions import Draw, Move
from core.games.en_garde.deal import table
from core.games.en_garde.pile import pile_size, unseen
from core.games.en_garde.piste import advance, distance
from core.rules import CHANCE

RULES = EnGarde()


def new(level: str = "advanced", first: int = 0) -> EnGardeState:
    return RULES.new(2, {"level": level, "starts": first + 1})


def deal(
    hand0: str, hand1: str, state: EnGardeState | None = None, **options: object
) -> EnGardeState:
    """Deal a round (alternately, its starter first) so seat 0 holds `hand0`, seat 1 `hand1`.

    `state` may be a round-over table: the first card dealt then starts the next round."""
    state = state if state is not None else RULES.new(2, options)
    hands = (hand0, hand1)
    starter = table(state).starter
    for i in range(5):
        for seat in (starter, 1 - starter):
            assert state.actor == seat
            state = RULES.apply(state, Draw(int(hands[seat][i]), seat, "deal"))
    return state


def play(state: EnGardeState, script: str) -> EnGardeState:
    """Apply each space-separated notation token (e.g. "3> d3 x44 p")."""
    for token in script.split():
        state = RULES.apply(state, RULES.parse(state, token))
    return state


def burn(state: EnGardeState, leave: int, keep: int = 6) -> EnGardeState:
    """Move without attacking until `leave` cards remain in the pile.

    Each mover plays the smallest card they hold that the pile still has, forward while the
    distance stays at least `keep`, else backward, and redraws that value: hands stay as dealt.
    """
    while pile_size(state) > leave:
        seat, pile = state.actor, unseen(state)
        card = min(c for c in state.hands[seat] if pile[c])
        forward = distance(state.positions) - card >= keep or advance(state.positions, seat) < card
        state = RULES.apply(state, Move(card, forward))
        state = RULES.apply(state, Draw(card))
        assert RULES.to_move(state) == 1 - seat
    return state


def one_left(level: str) -> EnGardeState:
    """Both hands 1-5, fencers on 6 and 12 (distance 6), seat 0 to move, one 5 in the pile."""
    return burn(deal("12345", "12345", level=level), leave=1)


def three_left(level: str) -> EnGardeState:
    """Both hands 1-5, fencers on 1 and 7 (distance 6), seat 0 to move, three 5s in the pile."""
    return burn(deal("12345", "12345", level=level), leave=3)


def approach(level: str) -> EnGardeState:
    """Fencers on 6 and 11 (distance 5), seat 0 to move holding 1 2 4 5 5, seat 1 1 1 1 2 3."""
    return play(deal("55412", "54321", level=level), "4> d3 5> d1 3> d2 4> d1 2< d4 3> d3")


def test_deal_alternates_starting_with_the_rounds_starter() -> None:
    state = new("standard", first=1)
    receivers = []
    for card in (1, 5, 1, 5, 2, 4, 2, 4, 3, 3):
        receivers.append(state.actor)
        assert RULES.to_move(state) == CHANCE
        state = RULES.apply(state, Draw(card))
    assert receivers == [1, 0] * 5
    assert state.hands == ((3, 4, 4, 5, 5), (1, 1, 2, 2, 3))
    assert RULES.to_move(state) == 1


def test_burn_keeps_the_dealt_hands_and_reaches_its_checkpoints() -> None:
    near = one_left("standard")
    assert (near.positions, near.actor, near.hands) == ((6, 12), 0, ((1, 2, 3, 4, 5),) * 2)
    assert unseen(near) == {1: 0, 2: 0, 3: 0, 4: 0, 5: 1}
    far = three_left("basic")
    assert (far.positions, far.actor, far.hands) == ((1, 7), 0, ((1, 2, 3, 4, 5),) * 2)
    assert unseen(far) == {1: 0, 2: 0, 3: 0, 4: 0, 5: 3}
    assert not far.results and not near.results
    close = approach("advanced")
    assert (close.positions, close.actor) == ((6, 11), 0)
    assert close.hands == ((1, 2, 4, 5, 5), (1, 1, 1, 2, 3))
