"""Attacke's compact notation.

    first 2       chance: player 2 (seat 1; players count from 1) is the first player
    dR5 d7S d10S  chance: a red 5, a 7-shield, a 10-shield is drawn (dealt or drawn)
    d?            chance: a card is drawn, as the other players see it (`public`)
    R:2 3 5       open a red contest with the red 2, 3 and 5
    G:4 7S        open green with a green 4 and a 7-shield
    5 7S          fight with a knight 5 of the contest's colour and a 7-shield
    10S           fight with a 10-shield
    4 ?R2 ?10S    fight with a 4 and two cards face down (a red 2 and a 10-shield, 1 each)
    ?B3 ?G3 ?P7   fight with three cards face down only
    pass          pass without drawing
    pass+draw     pass and draw a card
    return G      give back the green chip (after passing with a 10-shield laid)

Colours: R red, B blue, G green, Y yellow, P purple. A play lists its knights by value,
smallest first, then its shields, then its face-down cards, each marked `?`, in card order.
The full notation names a drawn card and face-down cards, so it belongs to the log and to
their receiver or owner; `public` writes what the other players see: ``d?`` for a draw, only
how many cards went face down. Parsing ignores case and extra spaces, and in a
fight also reads a knight written with its colour ("R5" in a red contest). It checks the form
only; `apply` judges legality.
"""

from __future__ import annotations

from core.games.attacke.actions import AttackeAction, Draw, First, Pass, Play, Return
from core.games.attacke.deck import (
    COLOUR_NAMES,
    COLOURS,
    KNIGHT_VALUES,
    SHIELD_VALUES,
    colour_of,
    is_card,
    value_of,
)
from core.games.attacke.state import AttackeState
from core.rules import IllegalAction

_HELP = (
    "try R:2 3 5 (open red), 5 7S (fight with a 5 and a 7-shield), ?R2 (a card face down), "
    "pass, pass+draw, return G"
)


def notation(action: AttackeAction) -> str:
    if isinstance(action, First):
        return f"first {action.seat + 1}"
    if isinstance(action, Draw):
        return f"d{action.card}"
    if isinstance(action, Pass):
        return "pass+draw" if action.draw else "pass"
    if isinstance(action, Return):
        return f"return {action.colour}"
    tokens = [
        *(str(v) for v in action.knights),
        *(f"{v}S" for v in action.shields),
        *(f"?{c}" for c in action.hidden),
    ]
    body = " ".join(tokens)
    return f"{action.colour}:{body}" if action.colour is not None else body


def parse(state: AttackeState | None, text: str) -> AttackeAction:
    """The action written as `text`; raises IllegalAction when it is not Attacke notation."""
    action = _read(" ".join(str(text).split()).upper(), state)
    if action is None:
        raise IllegalAction(f"{text!r} is not Attacke notation: {_HELP}")
    return action


def _read(text: str, state: AttackeState | None) -> AttackeAction | None:
    if text in ("PASS", "-"):
        return Pass(False)
    if text.replace(" ", "") == "PASS+DRAW":
        return Pass(True)
    words = text.split()
    if len(words) == 2 and words[0] == "FIRST" and words[1].isdigit():
        seat = int(words[1]) - 1
        return First(seat) if 0 <= seat < 5 else None
    if len(words) == 2 and words[0] == "RETURN" and words[1] in COLOURS:
        return Return(words[1])
    if len(words) == 2 and words[0] == "RETURN":
        named = {n.upper(): c for c, n in COLOUR_NAMES.items()}
        return Return(named[words[1]]) if words[1] in named else None
    compact = text.replace(" ", "")
    if compact.startswith("D") and is_card(compact[1:]):
        return Draw(compact[1:])
    colour: str | None = None
    if ":" in text:
        head, _, text = text.partition(":")
        colour = head.strip()
        if colour not in COLOURS:
            return None
    contest = colour or (state.colour if state is not None else None)
    return _play(text.split(), colour, contest)


def _play(tokens: list[str], colour: str | None, contest: str | None) -> Play | None:
    if not tokens:
        return None
    knights: list[int] = []
    shields: list[int] = []
    hidden: list[str] = []
    for token in tokens:
        if token.startswith("?"):
            if not is_card(token[1:]):
                return None
            hidden.append(token[1:])
        elif token.endswith("S") and token[:-1].isdigit() and int(token[:-1]) in SHIELD_VALUES:
            shields.append(int(token[:-1]))
        elif token.isdigit() and int(token) in KNIGHT_VALUES:
            knights.append(int(token))
        elif is_card(token) and colour_of(token) is not None and colour_of(token) == contest:
            knights.append(value_of(token))
        else:
            return None
    return Play(tuple(knights), tuple(shields), tuple(hidden), colour)


def public(action: AttackeAction) -> str:
    """The notation players other than the drawer or the player may see: a draw without its
    card (``d?``), face-down cards only counted (``5 +2?``)."""
    if isinstance(action, Draw):
        return "d?"
    if not isinstance(action, Play) or not action.hidden:
        return notation(action)
    shown = notation(Play(action.knights, action.shields, (), action.colour))
    count = f"+{len(action.hidden)}?"
    if not action.knights and not action.shields:
        return f"{action.colour}:{count}" if action.colour else count
    return f"{shown} {count}"
