"""Each player's chance of winning the game from a position: the bots' judgement of Attacke.

A conditional logit over the seats (McFadden's choice model, the multinomial logistic
regression of "who wins"): each seat's score is a weighted sum of what it holds (`FEATURES`),
and the chances are the scores' softmax, so they always share one whole and a fourth chip
needed weighs what the data says it weighs, not what a hand-set blend guessed.

The weights were fitted by maximum likelihood on positions from games between greedy and
random bots (`python -m tests.ai.fit_attacke`, which prints them with its seed and the
held-out log loss). A search that stops in a position asks this for its value; hand-set
weights (chips ahead of the best rival, plus a little for the hand) let the bot keep opening
colours it already owned while its opponents drew cards, and fear every contest it could
lose (docs/BOTS.md, "Attacke's evaluation").

Nothing here changes while a player bids: what a player could still lay (`reach`) stays the
same when cards go from the hand to the table, so a search does not see each bid answered by
a flip of who is "ahead" (the lesson of `sights`).
"""

from __future__ import annotations

import math

from core.games.attacke.deck import SEVEN, TEN, colour_of, value_of
from core.games.attacke.state import AttackeState

FEATURES: tuple[str, ...] = (
    "one chip to go",
    "two chips to go",
    "three chips to go",
    "the open contest in sight",
    "the game in sight",
    "knights of missing colours (tens)",
    "the best missing colour's knights (tens)",
    "knights of colours owned (tens)",
    "7-shields",
    "10-shields",
    "cards in hand (fives)",
    "opens or opened the contest",
    "missing colours held",
    "a laid 10-shield that would cost a chip",
    "reach over the best rival's (tens, -1..1)",
    "reach over the best rival's, for the game",
)
"""What a seat's score weighs, in `WEIGHTS` order ("in sight": the seat could outbid everyone
still in the open contest and lacks its chip)."""

WEIGHTS: tuple[float, ...] = (
    2.569,
    1.551,
    0.641,
    0.586,
    0.907,
    0.364,
    0.216,
    0.049,
    0.713,
    0.740,
    0.846,
    0.260,
    0.050,
    0.022,
    -0.248,
    0.578,
)
"""The first fit: positions of 3,000 games whose greedy bots judged by the hand-set
evaluation this replaced (a refit with `python -m tests.ai.fit_attacke` follows)."""


def chances(state: AttackeState) -> list[float]:
    """Each seat's chance of winning from `state` (they sum to 1); the game must not be over."""
    scores = [sum(w * x for w, x in zip(WEIGHTS, row, strict=True)) for row in features(state)]
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def features(state: AttackeState) -> list[tuple[float, ...]]:
    """Each seat's `FEATURES`, in seat order."""
    reach = [_reach(state, s) for s in range(state.players)]
    sight = _in_sight(state, reach)
    return [_features(state, seat, reach, seat == sight) for seat in range(state.players)]


def _features(state: AttackeState, seat: int, reach: list[int], sight: bool) -> tuple[float, ...]:
    owned = state.chips[seat]
    to_go = state.chips_to_win - len(owned)
    missing: dict[str, int] = {}
    kept = sevens = tens = 0
    for card in state.hands[seat]:
        colour = colour_of(card)
        if colour is None:
            sevens += card == SEVEN
            tens += card == TEN
        elif colour in owned:
            kept += value_of(card)
        else:
            missing[colour] = missing.get(colour, 0) + value_of(card)
    if state.phase == "open":
        opener = state.actor == seat
    else:
        opener = state.colour is not None and state.opener == seat
    at_risk = TEN in state.laid[seat] and bool(owned) and not sight
    lead = _lead(state, seat, reach)
    last = to_go == 1
    return (
        float(last),
        float(to_go == 2),
        float(to_go == 3),
        float(sight),
        float(sight and last),
        sum(missing.values()) / 10,
        max(missing.values(), default=0) / 10,
        kept / 10,
        float(sevens),
        float(tens),
        len(state.hands[seat]) / 5,
        float(opener),
        float(len(missing)),
        float(at_risk),
        lead,
        lead if last else 0.0,
    )


def _in_sight(state: AttackeState, reach: list[int]) -> int | None:
    """The one seat that can outbid everyone still in the open contest, when it lacks the
    contest's chip; None when there is no such seat.

    Judged by what each player could reach (equal reach goes to the higher total laid), not
    by who leads this moment: the lead changes hands with every bid of a fight."""
    colour = state.colour
    if colour is None:
        return None
    ranked = sorted(
        ((reach[s], state.total(s), s) for s in range(state.players) if not state.passed[s]),
        reverse=True,
    )
    if not ranked or (len(ranked) > 1 and ranked[0][:2] == ranked[1][:2]):
        return None
    seat = ranked[0][2]
    return None if colour in state.chips[seat] else seat


def _lead(state: AttackeState, seat: int, reach: list[int]) -> float:
    """How far `seat` could outbid the best rival still in the open contest, in tens (-1..1);
    0 when no contest is open, the seat is out of it or owns its chip."""
    if state.colour is None or state.passed[seat] or state.colour in state.chips[seat]:
        return 0.0
    rivals = [reach[s] for s in range(state.players) if s != seat and not state.passed[s]]
    if not rivals:
        return 1.0
    return max(-1.0, min(1.0, (reach[seat] - max(rivals)) / 10))


def _reach(state: AttackeState, seat: int) -> int:
    """The highest total `seat` could lay in the open contest (0 between contests): its cards
    laid, its knights of the colour, its 7-shields, one 10-shield, and (variant) any other card
    face down as 1."""
    colour = state.colour
    if colour is None:
        return 0
    ten = TEN not in state.laid[seat]
    total = state.total(seat)
    for card in state.hands[seat]:
        if colour_of(card) == colour or card == SEVEN:
            total += value_of(card)
        elif card == TEN and ten:
            total, ten = total + 10, False
        elif state.face_down and not state.hidden[seat]:
            total += 1
    return total


__all__ = ["FEATURES", "WEIGHTS", "chances", "features"]
