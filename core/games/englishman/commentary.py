"""The Englishman's actions in plain words (everything is open, so every viewer reads the same)."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.englishman.actions import (
    BackToFront,
    BackToStalk,
    Deal,
    Discard,
    DoubleMove,
    EnglishmanAction,
    FrontToFront,
    FrontToStalk,
    KeepDeal,
    MoveFour,
    Wife,
)
from core.games.englishman.beanstalk import place
from core.games.englishman.castles import move_front
from core.games.englishman.notation import notation
from core.games.englishman.state import EnglishmanState
from core.rules import IllegalAction
from core.voice import ADVISED, TOLD, Voice

_ORDINAL = ("first", "second", "third")


def describe(
    state: EnglishmanState, action: EnglishmanAction, viewer: int | None, names: Sequence[str]
) -> str:
    """`action`, taken in `state`, in plain words."""
    return _safely(state, action, names, TOLD)


def advise(state: EnglishmanState, action: EnglishmanAction, names: Sequence[str]) -> str:
    """`action` as advice to the player about to take it: "put the 9 from castle 2's front
    on your beanstalk (Fee Fi)"."""
    return _safely(state, action, names, ADVISED)


def _safely(
    state: EnglishmanState, action: EnglishmanAction, names: Sequence[str], voice: Voice
) -> str:
    try:
        return _voiced(state, action, names, voice)
    except (IndexError, IllegalAction, TypeError, KeyError):
        played = voice.subject(_who(names, state.actor)) + voice.verb("play")
        return f"{played} {notation(action)} (not legal here)"


def _who(names: Sequence[str], seat: int) -> str:
    who = names[seat] if seat < len(names) else ("Jack", "Giant")[seat]
    return "The Giant" if who == "Giant" else who


def _voiced(
    state: EnglishmanState, action: EnglishmanAction, names: Sequence[str], voice: Voice
) -> str:
    castles = state.castles
    if isinstance(action, Deal):
        return "The five castles were dealt, ten cards each, face up"
    say, who = voice.verb, voice.subject(_who(names, state.actor))
    his = voice.pick("the", "your")  # not "his": Jack's player may be Ann
    if isinstance(action, KeepDeal):
        return f"{who}{say('leave')} the castles as dealt (no Giant's-wife move)"
    if isinstance(action, Wife):
        card = castles[action.castle][action.card]
        return (
            f"{who}{say('make')} the Giant's-wife move: the {card} in castle {action.castle + 1} "
            f"from place {action.card + 1} to place {action.to + 1}"
        )
    if isinstance(action, FrontToFront):
        card = castles[action.source][0]
        return (
            f"{who}{say('move')} the {card} from castle {action.source + 1}'s front "
            f"to castle {action.target + 1}'s front"
        )
    if isinstance(action, BackToFront):
        card = castles[action.castle][-1]
        return f"{who}{say('move')} the {card} from castle {action.castle + 1}'s back to its front"
    if isinstance(action, FrontToStalk | BackToStalk):
        end = "front" if isinstance(action, FrontToStalk) else "back"
        castle = castles[action.castle]
        card = castle[0] if end == "front" else castle[-1]
        completed, current = place(state.completed, state.current, card)
        source = f"the {card} from castle {action.castle + 1}'s {end}"
        if len(completed) > len(state.completed):
            stalk = " ".join(completed[-1])
            nth = _ORDINAL[len(completed) - 1]
            return f"{who}{say('complete')} {his} {nth} beanstalk with {source} ({stalk})"
        return f"{who}{say('put')} {source} on {his} beanstalk ({' '.join(current)})"
    if isinstance(action, Discard):
        card = castles[action.castle][action.card]
        return (
            f"{who}{say('discard')} the {card} from castle {action.castle + 1} "
            f"(card {action.card + 1} from the front)"
        )
    if isinstance(action, MoveFour):
        four = " ".join(castles[action.source][:4])
        return (
            f"{who}{say('move')} the front four of castle {action.source + 1} ({four}) "
            f"to the front of castle {action.target + 1}"
        )
    assert isinstance(action, DoubleMove)
    first = castles[action.first_source][0]
    after = move_front(castles, action.first_source, action.first_target)
    second = after[action.second_source][0]
    return (
        f"{who}{say('move')} the {first} from castle {action.first_source + 1} to castle "
        f"{action.first_target + 1}, then the {second} from castle {action.second_source + 1} "
        f"to castle {action.second_target + 1}"
    )
