"""How a round ends and the match moves on: hits, hand comparison, advance, draws.

A finished round is kept as a RoundResult and the table stays as the round ended it, in
phase "round-over" (or "over" at five round wins): the fencers where they stood, the last card
on the discard, the hands as they are (both revealed after a hand comparison). The next round
starts with its own step, the first card of its deal (see `deal`).
"""

from __future__ import annotations

from core.frozen import replace
from core.games.en_garde.pile import VALUES, cards
from core.games.en_garde.piste import advances, distance
from core.games.en_garde.state import ROUNDS_TO_WIN, EnGardeState
from core.games.en_garde.view import RoundReason, RoundResult

Hands = tuple[tuple[int, ...], tuple[int, ...]]

BY_ADVANCE = "; advance "
"""What joins the cause of a round decided by advance to its numbers in `RoundResult.detail`
("…; advance 12 against 4."), where `commentary.round_words` puts the names in."""


def end_round(
    state: EnGardeState,
    winner: int | None,
    reason: RoundReason,
    detail: str,
    revealed: Hands | None = None,
) -> EnGardeState:
    """Record the round and keep its table: round-over (the next starter is dealt next), or
    over at five round wins (actor = the match winner)."""
    result = RoundResult(state.round, winner, reason, detail, state.positions, revealed)
    done = replace(state, pending=None, results=(*state.results, result))
    if winner is not None and done.scores[winner] >= ROUNDS_TO_WIN:
        return replace(done, phase="over", actor=winner)
    return replace(done, phase="round-over", actor=1 - state.starter)


def match_winner(state: EnGardeState) -> int | None:
    """The seat that has won the match (five rounds), or None while it goes on."""
    if state.phase != "over":
        return None
    return 0 if state.scores[0] >= ROUNDS_TO_WIN else 1


def hit(state: EnGardeState, attacker: int, value: int, count: int, how: str) -> EnGardeState:
    return end_round(state, attacker, "hit", f"An attack with {cards(count, value)} {how}.")


def by_advance(state: EnGardeState, why: str, revealed: Hands | None = None) -> EnGardeState:
    """The fencer that advanced farther wins; equal advance is a drawn round."""
    ahead = advances(state.positions)
    if ahead[0] == ahead[1]:
        detail = f"{why}; both fencers advanced {ahead[0]}."
        return end_round(state, None, "draw", detail, revealed)
    winner = 0 if ahead[0] > ahead[1] else 1
    detail = f"{why}{BY_ADVANCE}{ahead[winner]} against {ahead[1 - winner]}."
    return end_round(state, winner, "advance", detail, revealed)


def by_hands(state: EnGardeState) -> EnGardeState:
    """Standard and advanced end of pile: both hands are revealed (kept in the RoundResult);
    more cards equal to the distance wins, then advance."""
    gap = distance(state.positions)
    held = (state.hands[0].count(gap), state.hands[1].count(gap))
    why = f"Hands compared at distance {gap}"
    shown = state.hands
    if gap > max(VALUES):
        return by_advance(state, f"{why}: no card can match it", shown)
    if held[0] == held[1]:
        return by_advance(state, f"{why}: {cards(held[0], gap)} each", shown)
    winner = 0 if held[0] > held[1] else 1
    detail = f"{why}: {cards(held[winner], gap)} against {cards(held[1 - winner], gap)}."
    return end_round(state, winner, "hands", detail, shown)


def end_of_pile(state: EnGardeState, drawer: int) -> EnGardeState:
    """The refill by `drawer` took the last card (or was cut short) after a move.

    Basic: the other player gets one last chance to attack if they hold the distance.
    Standard and advanced: hands are compared.
    """
    if state.level != "basic":
        return by_hands(state)
    other = 1 - drawer
    if distance(state.positions) in state.hands[other]:
        return replace(state, phase="last-chance", actor=other)
    return by_advance(state, "The pile ran out and no last attack was possible")
