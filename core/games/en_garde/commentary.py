"""En Garde's actions and round results in plain words, as a given seat may know them."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.en_garde.actions import (
    AdvanceAttack,
    Attack,
    Draw,
    EnGardeAction,
    Move,
    Parry,
    Pass,
    Retreat,
)
from core.games.en_garde.deal import receiver
from core.games.en_garde.pile import cards
from core.games.en_garde.piste import advances
from core.games.en_garde.scoring import BY_ADVANCE
from core.games.en_garde.state import EnGardeState
from core.games.en_garde.view import RoundResult
from core.voice import ADVISED, TOLD, Voice

_COUNTS = ("none", "one", "two", "three", "four", "five")


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def describe(
    state: EnGardeState, action: EnGardeAction, viewer: int | None, names: Sequence[str]
) -> str:
    """`action`, taken in `state`; only the receiver (or everyone-view) learns a drawn card."""
    if isinstance(action, Draw):
        seat = receiver(state, action)
        seen = viewer is None or viewer == seat
        return f"{_name(names, seat)} drew {'a ' + str(action.card) if seen else 'a card'}"
    return _voiced(state, action, TOLD, _name(names, state.actor))


def advise(state: EnGardeState, action: EnGardeAction) -> str:
    """`action` as advice to the fencer about to take it: "advance 2 and attack with a 5"."""
    if isinstance(action, Draw):
        return f"draw a {action.card}"
    return _voiced(state, action, ADVISED, "")


def _voiced(state: EnGardeState, action: EnGardeAction, voice: Voice, who: str) -> str:
    """A fencer's decision in `voice`, said by or to `who`."""
    say = voice.verb
    done = voice.subject(who)
    if isinstance(action, Move):
        return f"{done}{say('move')} {action.card} {'forward' if action.forward else 'backward'}"
    if isinstance(action, Attack):
        return f"{done}{say('attack')} with {cards(action.count, action.value)}"
    if isinstance(action, AdvanceAttack):
        strike = cards(action.count, action.value)
        return f"{done}{say('advance')} {action.move} and {say('attack')} with {strike}"
    if isinstance(action, Parry):
        attack = state.pending
        held = f" with {cards(attack.count, attack.value)}" if attack else ""
        return f"{done}{say('parry')}{held}"
    if isinstance(action, Retreat):
        return f"{done}{say('retreat')} {action.card}"
    if isinstance(action, Pass) and state.phase == "last-chance":
        return f"{done}{say('decline')} the last attack"
    return f"{done}{say('take')} the hit"


def revealed_hands(result: RoundResult, names: Sequence[str]) -> str | None:
    """ "Ann 2 3 3 4 5 · Ben 1 3 3 4" for a round decided by revealed hands, else None."""
    if result.hands is None:
        return None
    shown = [
        f"{_name(names, seat)} {' '.join(map(str, hand)) or 'no cards'}"
        for seat, hand in enumerate(result.hands)
    ]
    return " · ".join(shown)


def comparison(result: RoundResult, names: Sequence[str]) -> str | None:
    """The hand comparison with names, e.g. "at distance 1: Ann has no 1, Ben has one", and
    what decided it when the counts tie ("…; Ben advanced farther, 11 spaces against 4"); None when
    the round revealed no hands."""
    gap, held = result.distance, result.held
    if gap is None or held is None or result.positions is None:
        return None
    first, second = _name(names, 0), _name(names, 1)
    if gap > len(_COUNTS) - 1:
        words = f"at distance {gap}: no card can match it"
    else:
        mine = "no" if held[0] == 0 else ("a" if held[0] == 1 else _COUNTS[held[0]])
        plural = "s" if held[0] > 1 else ""
        words = f"at distance {gap}: {first} has {mine} {gap}{plural}, {second} has "
        words += _COUNTS[held[1]]
        if held[0] != held[1]:
            return words
    return f"{words}; {_farther(result.positions, names)}"


def _farther(positions: tuple[int, int], names: Sequence[str]) -> str:
    """Who advanced farther from their end of the piste, e.g. "Ben advanced farther, 11 spaces
    against 4" (or "both advanced 6 spaces: a drawn round")."""
    ahead = advances(positions)
    if ahead[0] == ahead[1]:
        return f"both advanced {ahead[0]} spaces: a drawn round"
    winner = 0 if ahead[0] > ahead[1] else 1
    far, near = ahead[winner], ahead[1 - winner]
    return f"{_name(names, winner)} advanced farther, {far} spaces against {near}"


def round_words(result: RoundResult, names: Sequence[str]) -> str:
    """How the round ended, naming the seats: the revealed hands and comparison when there
    was one ("Ann 2 3 3 4 5 · Ben 1 3 3 4 — at distance 1: Ann has no 1, Ben has one"), else
    the result's own detail (with the loser named for a no-move loss, and the fencer who
    advanced farther for a round decided by advance)."""
    shown, compared = revealed_hands(result, names), comparison(result, names)
    if shown is not None and compared is not None:
        return f"{shown} — {compared}"
    if result.reason == "no-move" and result.winner is not None:
        return f"{_name(names, 1 - result.winner)} could neither move nor attack."
    cause, by_advance, _ = result.detail.partition(BY_ADVANCE)
    if result.reason == "advance" and by_advance and result.positions is not None:
        return f"{cause}; {_farther(result.positions, names)}."  # who advanced, by name
    return result.detail
