"""The Englishman's compact notation. Castles are numbered 1..5, places in a castle 1.. from
the front, s is Jack's beanstalk.

    deal:3.Fee.7.../.../.../.../...   chance: the five castles, front first, cards split by "."
    w2:3>7      setup: the card at place 3 of castle 2 goes to place 7 of castle 2
    w-          setup: no Giant's-wife move, the castles stay as dealt
    1f>3        Jack: front card of castle 1 to the front of castle 3
    1f>s        Jack: front card of castle 1 onto his beanstalk
    2b>f        Jack: back card of castle 2 to its own front
    2b>s        Jack: back card of castle 2 onto his beanstalk
    x3:4        Giant: discard the card at place 4 of castle 3
    4>2         Giant: the front four of castle 4 to the front of castle 2
    1>2,3>5     Giant: front card of castle 1 to castle 2, then front card of castle 3 to 5

Parsing ignores case and spaces. It checks the form only; `apply` judges legality.
"""

from __future__ import annotations

import re

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
from core.games.englishman.cards import BY_LOWER, CASTLES
from core.rules import IllegalAction

_C = f"([1-{CASTLES}])"
_N = "([1-9][0-9]?)"
_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), kind)
    for pattern, kind in (
        (rf"w{_C}:{_N}>{_N}", "wife"),
        (rf"{_C}f>{_C}", "front"),
        (rf"{_C}f>s", "front-stalk"),
        (rf"{_C}b>f", "back"),
        (rf"{_C}b>s", "back-stalk"),
        (rf"x{_C}:{_N}", "discard"),
        (rf"{_C}>{_C}", "four"),
        (rf"{_C}>{_C},{_C}>{_C}", "double"),
    )
)


def notation(action: EnglishmanAction) -> str:
    if isinstance(action, Deal):
        return "deal:" + "/".join(".".join(castle) for castle in action.castles)
    if isinstance(action, KeepDeal):
        return "w-"
    if isinstance(action, Wife):
        return f"w{action.castle + 1}:{action.card + 1}>{action.to + 1}"
    if isinstance(action, FrontToFront):
        return f"{action.source + 1}f>{action.target + 1}"
    if isinstance(action, FrontToStalk):
        return f"{action.castle + 1}f>s"
    if isinstance(action, BackToFront):
        return f"{action.castle + 1}b>f"
    if isinstance(action, BackToStalk):
        return f"{action.castle + 1}b>s"
    if isinstance(action, Discard):
        return f"x{action.castle + 1}:{action.card + 1}"
    if isinstance(action, MoveFour):
        return f"{action.source + 1}>{action.target + 1}"
    a = action
    return f"{a.first_source + 1}>{a.first_target + 1},{a.second_source + 1}>{a.second_target + 1}"


def parse(text: str) -> EnglishmanAction:
    """The action written as `text`; raises IllegalAction when it is not this game's notation."""
    compact = "".join(str(text).split()).lower()
    action = _read(compact)
    if action is None:
        raise IllegalAction(
            f"{text!r} is not Englishman notation: try 1f>3 (front of castle 1 to castle 3), "
            "1f>s / 2b>s (front / back onto the beanstalk), 2b>f (back to front), "
            "x3:4 (discard card 4 of castle 3), 4>2 (front four), 1>2,3>5 (two single moves), "
            "w2:3>7 or w- (Giant's-wife move)"
        )
    return action


def _read(text: str) -> EnglishmanAction | None:
    if text == "w-":
        return KeepDeal()
    if text.startswith("deal:"):
        return _deal(text[5:])
    for pattern, kind in _FORMS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        n = [int(g) - 1 for g in match.groups()]
        if min(n) < 0:
            return None
        if kind == "wife":
            return Wife(n[0], n[1], n[2])
        if kind == "front":
            return FrontToFront(n[0], n[1])
        if kind == "front-stalk":
            return FrontToStalk(n[0])
        if kind == "back":
            return BackToFront(n[0])
        if kind == "back-stalk":
            return BackToStalk(n[0])
        if kind == "discard":
            return Discard(n[0], n[1])
        if kind == "four":
            return MoveFour(n[0], n[1])
        return DoubleMove(n[0], n[1], n[2], n[3])
    return None


def _deal(text: str) -> Deal | None:
    castles = []
    for part in text.split("/"):
        cards = tuple(BY_LOWER.get(word) for word in part.split(".")) if part else ()
        if any(card is None for card in cards):
            return None
        castles.append(tuple(card for card in cards if card is not None))
    return Deal(tuple(castles))
