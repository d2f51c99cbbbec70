"""Attacke's actions in plain words, as a given seat may know them.

A drawn card is named only to its receiver (and the everything-view); cards laid face down
are named only to their owner, and counted for everyone else.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.games.attacke.actions import AttackeAction, Draw, First, Pass, Play, Return
from core.games.attacke.contest import pass_draws, play_value
from core.games.attacke.deck import COLOUR_NAMES, card_name
from core.games.attacke.state import AttackeState
from core.voice import ADVISED, TOLD, Voice

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def who(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def number(n: int) -> str:
    return _NUMBERS[n] if n < len(_NUMBERS) else str(n)


def listed(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def face_up_words(play: Play, colour: str) -> list[str]:
    """["the red 2, 3 and 5", "a 7-shield"], ["two blue 4s"] and the like."""
    parts = []
    name = COLOUR_NAMES[colour]
    knights = play.knights
    if len(knights) == 1:
        parts.append(f"a {name} {knights[0]}")
    elif len(set(knights)) == 1:
        parts.append(f"{number(len(knights))} {name} {knights[0]}s")
    elif knights:
        parts.append(f"the {name} " + listed([str(v) for v in knights]))
    for value in (7, 10):
        n = play.shields.count(value)
        if n:
            parts.append(f"a {value}-shield" if n == 1 else f"{number(n)} {value}-shields")
    return parts


def describe(
    state: AttackeState, action: AttackeAction, viewer: int | None, names: Sequence[str]
) -> str:
    """`action`, taken in `state`, as `viewer` may know it."""
    seat = state.actor
    name = who(seat, names)
    if isinstance(action, First):
        return f"{who(action.seat, names)} is the first player"
    if isinstance(action, Draw):
        seen = viewer in (None, seat)
        if state.passed[seat] and not seen:
            return ""  # the pass said "and drew a card" already: nothing more to tell
        card = card_name(action.card) if seen else "a card"
        if state.phase == "deal":
            return f"{name} was dealt {card}"
        if state.phase == "skip":
            return f"{name} holds no knight to open with, draws {card} and lets the opening pass"
        return f"{name} drew {card}"
    return _voiced(state, action, viewer, names, TOLD)


def advise(state: AttackeState, action: AttackeAction, names: Sequence[str]) -> str:
    """`action` as advice to the knight about to take it: "fight with a red 5, for a total
    of 12"; its face-down cards are named (the advice is for their owner)."""
    if isinstance(action, First | Draw):
        return describe(state, action, state.actor, names)
    return _voiced(state, action, state.actor, names, ADVISED)


def _voiced(
    state: AttackeState,
    action: Pass | Return | Play,
    viewer: int | None,
    names: Sequence[str],
    voice: Voice,
) -> str:
    """A knight's decision in `voice`, as `viewer` may know it."""
    seat = state.actor
    say, done = voice.verb, voice.subject(who(seat, names))
    if isinstance(action, Pass):
        if not pass_draws(state):
            words = f"{done}{say('pass')}" + voice.pick("; no card was left to draw", "")
        else:  # the draw is said here too: "what happened since your turn" has no card lines
            draw = f"and {say('draw')} a card" if action.draw else "without drawing"
            words = f"{done}{say('pass')} {draw}"
        left = [s for s in state.active() if s != seat]
        if len(left) == 1:
            words += f"; {who(left[0], names)} wins the contest"
        return words
    if isinstance(action, Return):
        return f"{done}{say('give')} back the {COLOUR_NAMES.get(action.colour, '?')} chip"
    colour = action.colour or state.colour or "R"
    parts = face_up_words(action, colour)
    if action.hidden:
        if viewer in (None, seat):
            parts.append("face down " + listed([card_name(c) for c in action.hidden]))
        else:
            n = len(action.hidden)
            parts.append(f"{number(n)} card{'s' if n != 1 else ''} face down")
    total = state.total(seat) + play_value(action)
    if action.colour is None:
        return f"{done}{say('fight')} with {listed(parts)}, for a total of {total}"
    opened = f"{done}{say('open')} a {COLOUR_NAMES[colour]} contest with {listed(parts)}"
    plain = action.face_up == 1 and not action.hidden  # its total is the card's own value
    return opened if plain else f"{opened}, for a total of {total}"
