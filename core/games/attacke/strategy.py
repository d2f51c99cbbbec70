"""What the bots need: a quick evaluation, a small set of plays to try, and determinization.

`candidates` is the bots' abstraction of the huge play space (never the full list): pass with
and without a draw, and for a fight the cheapest plays that beat the table with knights only,
with 7-shields, with a 10-shield and (variant) with cards face down; for an opening, a few plays
per colour held.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from core.games.attacke.actions import AttackeAction, Draw, First, Play, Return
from core.games.attacke.contest import check_play, passes
from core.games.attacke.deck import (
    CARDS,
    COLOURS,
    SEVEN,
    TEN,
    colour_of,
    full_deck,
    is_knight,
    ordered,
    value_of,
)
from core.games.attacke.pile import pile_counts
from core.games.attacke.state import AttackeState
from core.games.attacke.view import AttackeView


def evaluate(state: AttackeState, seat: int) -> float:
    """-1..1: +1 when `seat` has won; otherwise chips against the best rival, and the hand."""
    return evaluate_all(state)[seat]


def evaluate_all(state: AttackeState) -> tuple[float, ...]:
    """`evaluate` for every seat at once: a search asks for all of them in each position it
    judges, and most of the work (what each seat owns and holds) is the same for all."""
    chips = [len(c) for c in state.chips]
    if state.phase == "over":
        best = max(chips)
        alone = chips.count(best) == 1
        return tuple(-1.0 if n < best else 1.0 if alone else 0.0 for n in chips)
    goal = state.chips_to_win
    sights = _sights(state)
    owned = [n + sights[s] for s, n in enumerate(chips)]
    strength = [sum(map(value_of, hand)) for hand in state.hands]
    average = sum(strength) / len(strength)
    worth: list[float] = []
    for seat in range(state.players):
        ahead = owned[seat] - max((n for s, n in enumerate(owned) if s != seat), default=0.0)
        hand = math.tanh((strength[seat] - average) / 25)
        worth.append(max(-1.0, min(1.0, 0.8 * (ahead / goal) + 0.2 * hand)))
    return tuple(worth)


LEAD = 0.5
"""What being on course to win the open contest for a chip one lacks is worth, in chips:
without it a one-move lookahead never sees a fight pay (the chip comes only once the others
pass) and keeps its cards, and bots that all keep their cards let a lone opener win owned
colours forever."""

INITIATIVE = 0.25
"""What opening the next contest is worth, in chips (the opener picks the colour), to the
player due to open it or on course to win a contest whose chip they own: without it bots let
a contest that brought them no chip go, and a player owning three colours could open one of
them with a 2 or a 3, contest after contest, while the others passed and drew (five greedy
bots once let one do so 154 times running). `LEAD` leaves it out: a missing chip in sight is
worth the chip's prospect alone, and the opening comes with the chip once won."""


def _sights(state: AttackeState) -> list[float]:
    """Each seat's `LEAD`, `INITIATIVE` or 0: `LEAD` for the one player who can outbid everyone
    still in the open contest when they lack its chip, `INITIATIVE` when they own it; in the
    "open" phase, `INITIATIVE` for the player due to open (a bot settles chance before it
    judges, so a "skip" to the next opener is never judged).

    Judged by what each player could reach (laid cards plus every card of theirs that could
    still count; equal reach goes to the higher total laid), not by who leads this moment: the
    lead changes hands with every bid of a fight, and a value that flips with it makes a deeper
    search see each of its own bids answered and stop fighting. What a player can reach stays
    the same while they bid."""
    sights = [0.0] * state.players
    colour = state.colour
    if colour is None:
        if state.phase == "open":
            sights[state.actor] = INITIATIVE
        return sights
    ranked = sorted(
        (
            (_reach(state, s), state.total(s), s)
            for s in range(state.players)
            if not state.passed[s]
        ),
        reverse=True,
    )
    if ranked and (len(ranked) == 1 or ranked[0][:2] != ranked[1][:2]):
        seat = ranked[0][2]
        sights[seat] = INITIATIVE if colour in state.chips[seat] else LEAD
    return sights


def _reach(state: AttackeState, seat: int) -> int:
    """The highest total `seat` could lay in the open contest: its cards laid, its knights of
    the colour, its 7-shields, one 10-shield, and (variant) any other card face down as 1."""
    colour = state.colour
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


def candidates(state: AttackeState) -> list[AttackeAction]:
    """A small set of sensible actions for the seat to move (chance: its outcomes)."""
    if state.phase == "first":
        return [First(s) for s in range(state.players)]
    if state.phase in ("deal", "skip", "draw"):
        counts = pile_counts(state)
        return [Draw(c) for c in CARDS if counts[c] > 0]
    if state.phase == "return":
        return [Return(c) for c in state.chips[state.actor]]
    found: list[AttackeAction] = []
    if state.phase == "open":
        for colour in COLOURS:
            found += _openings(state, colour)
    elif state.phase == "fight":
        found += _fights(state)
        found += passes(state)
    unique: list[AttackeAction] = []
    for action in found:
        if action not in unique and (not isinstance(action, Play) or not check_play(state, action)):
            unique.append(action)
    return unique


def _openings(state: AttackeState, colour: str) -> list[Play]:
    knights = sorted(value_of(c) for c in state.hands[state.actor] if colour_of(c) == colour)
    if not knights:
        return []
    return [
        Play((knights[0],), colour=colour),
        Play((knights[-1],), colour=colour),
        Play(tuple(knights), colour=colour),
    ]


@dataclass(frozen=True)
class _Item:
    card: str
    up: bool
    gain: int
    cost: float


def _fights(state: AttackeState) -> list[Play]:
    """The cheapest play with knights alone, with a 7-shield, with the 10-shield, and (variant)
    with cards face down, each reaching just above the highest total."""
    seat, colour = state.actor, state.colour
    assert colour is not None
    beat = max(state.total(s) for s in range(state.players) if s != seat)
    need = beat + 1 - state.total(seat)
    hand = state.hands[seat]
    knights = [_Item(c, True, value_of(c), value_of(c)) for c in hand if colour_of(c) == colour]
    sevens = [_Item(c, True, 7, 7.0) for c in hand if c == SEVEN]
    found = [_cheapest([], knights, need)]
    if sevens:
        found.append(_cheapest(sevens[:1], knights + sevens[1:], need))
    if TEN in hand and TEN not in state.laid[seat]:
        found.append(_cheapest([_Item(TEN, True, 10, 10.0)], knights + sevens, need))
    if state.face_down and not state.hidden[seat]:
        spare = list(hand)
        for item in knights:
            spare.remove(item.card)
        down = [_Item(c, False, 1, 0.5 + value_of(c) / 20) for c in spare]
        down.sort(key=lambda item: item.cost)
        found += [_cheapest([], down, need), _cheapest([], knights + down, need)]
        if down:
            found.append(_cheapest(down[:1], knights + down[1:], need))
    return [p for p in found if p is not None]


def _cheapest(forced: list[_Item], items: list[_Item], need: int) -> Play | None:
    """`forced` and the least costly choice among `items` whose gain reaches `need` (a
    knapsack by gain, capped at `need`)."""
    need -= sum(f.gain for f in forced)
    best: dict[int, tuple[float, tuple[int, ...]]] = {0: (0.0, ())}
    for i, item in enumerate(items):
        for gain, (cost, chosen) in list(best.items()):
            reached = min(max(need, 0), gain + item.gain)
            offer = (cost + item.cost, (*chosen, i))
            if reached not in best or offer[0] < best[reached][0]:
                best[reached] = offer
    if need > 0 and need not in best:
        return None
    picked = [*forced, *(items[i] for i in best[max(need, 0)][1])]
    if not picked:
        return None
    up = [p.card for p in picked if p.up]
    return Play(
        tuple(value_of(c) for c in up if is_knight(c)),
        tuple(value_of(c) for c in up if not is_knight(c)),
        tuple(p.card for p in picked if not p.up),
        None,
    )


def determinize(view: AttackeView, rng: random.Random) -> AttackeState:
    """A full state this view cannot tell from the real one: the other hands, their cards
    face down and the discards are drawn from the cards the viewer has not seen."""
    seat = view.viewer
    if seat is None:
        everything = tuple(h or () for h in view.hands), tuple(h or () for h in view.hidden)
        return _state(view, *everything, view.discard_cards or ())
    unseen = full_deck()
    unseen.subtract(view.hand or ())
    unseen.subtract(view.hidden[seat] or ())
    for laid in view.laid:
        unseen.subtract(laid)
    pool = [c for c in CARDS for _ in range(unseen[c])]
    rng.shuffle(pool)
    others = [s for s in range(view.players) if s != seat]
    hands: list[tuple[str, ...]] = [()] * view.players
    hidden: list[tuple[str, ...]] = [()] * view.players
    hands[seat] = view.hand or ()
    hidden[seat] = view.hidden[seat] or ()
    skipping = view.phase == "skip" and view.actor != seat
    if skipping:
        # A player due to open without a knight holds shields only.
        size = view.hand_sizes[view.actor]
        shields = [c for c in pool if not is_knight(c)][:size]
        if len(shields) == size:
            for card in shields:
                pool.remove(card)
            hands[view.actor] = ordered(shields)
    for s in others:
        if not (skipping and s == view.actor and len(hands[s]) == view.hand_sizes[s]):
            hands[s] = ordered(_take(pool, view.hand_sizes[s]))
        hidden[s] = ordered(_take(pool, view.hidden_counts[s]))
    discard = ordered(_take(pool, view.discard))
    opener = view.actor
    if view.phase == "open" and opener != seat and not any(map(is_knight, hands[opener])):
        knights = [c for c in pool if is_knight(c)]  # the pile, then the discards
        where = "pile"
        if not knights:
            knights, where = [c for c in discard if is_knight(c)], "discard"
        if knights and hands[opener]:
            swap, given = hands[opener][0], knights[0]
            hands[opener] = ordered((*hands[opener][1:], given))
            if where == "discard":
                discard = ordered((*_less(discard, given), swap))
    return _state(view, tuple(hands), tuple(hidden), discard)


def _take(pool: list[str], n: int) -> list[str]:
    taken = pool[:n]
    del pool[:n]
    return taken


def _less(cards: tuple[str, ...], card: str) -> list[str]:
    rest = list(cards)
    rest.remove(card)
    return rest


def _state(
    view: AttackeView,
    hands: tuple[tuple[str, ...], ...],
    hidden: tuple[tuple[str, ...], ...],
    discard: tuple[str, ...],
) -> AttackeState:
    return AttackeState(
        players=view.players,
        chips_to_win=view.chips_to_win,
        face_down=view.face_down,
        phase=view.phase,
        actor=view.actor,
        hands=hands,
        laid=view.laid,
        hidden=hidden,
        passed=view.passed,
        chips=view.chips,
        first=view.first,
        contest=view.contest,
        colour=view.colour,
        opener=view.opener,
        discard=discard,
        pending_draw=view.pending_draw,
        returned=view.returned,
        results=view.results,
    )


__all__ = ["candidates", "determinize", "evaluate", "evaluate_all"]
