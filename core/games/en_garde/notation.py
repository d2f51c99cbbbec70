"""En Garde's compact notation.

    d3      chance: a 3 is drawn (dealt, or drawn in a refill)
    d?      chance: a card is drawn, as the other player sees it (`public`)
    3>      move 3 forward (toward the opponent)
    3<      move 3 backward
    x4      attack with a 4
    x44     attack with two 4s (one digit per card)
    3>x5    advance 3, then attack with a 5 (advanced level)
    3>x55   advance 3, then attack with two 5s
    p       parry (with as many cards of the attack's value as it used)
    r2      retreat 2 (advanced level, against an advance-and-attack only)
    -       pass: take the hit instead of parrying, or decline basic's last attack

Parsing ignores case and spaces. It checks the form only; `apply` judges legality. `d3` names
the card only: `EnGarde.parse` reads it, where a card is due, as that draw in full (receiver
and deal or refill); `parse` here gives the legacy Draw(3).
"""

from __future__ import annotations

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
from core.games.en_garde.pile import COPIES, VALUES
from core.rules import IllegalAction

_DIGITS = {str(v): v for v in VALUES}


def notation(action: EnGardeAction) -> str:
    if isinstance(action, Draw):
        return f"d{action.card}"
    if isinstance(action, Move):
        return f"{action.card}{'>' if action.forward else '<'}"
    if isinstance(action, Attack):
        return "x" + str(action.value) * action.count
    if isinstance(action, AdvanceAttack):
        return f"{action.move}>x" + str(action.value) * action.count
    if isinstance(action, Parry):
        return "p"
    if isinstance(action, Retreat):
        return f"r{action.card}"
    return "-"


def public(action: EnGardeAction) -> str:
    """The notation a seat that does not receive the card may see: a draw without its card."""
    return "d?" if isinstance(action, Draw) else notation(action)


def parse(text: str) -> EnGardeAction:
    """The action written as `text`; raises IllegalAction when it is not En Garde notation."""
    compact = "".join(str(text).split()).lower()
    action = _read(compact)
    if action is None:
        raise IllegalAction(
            f"{text!r} is not En Garde notation: try 3> (move 3 forward), 3< (back), x4 (attack "
            "with a 4), x44 (two 4s), 3>x5 (advance and attack), p (parry), r2 (retreat), - (pass)"
        )
    return action


def _read(text: str) -> EnGardeAction | None:
    if text == "-":
        return Pass()
    if text == "p":
        return Parry()
    if len(text) == 2 and text[0] in "dr" and text[1] in _DIGITS:
        card = _DIGITS[text[1]]
        return Draw(card) if text[0] == "d" else Retreat(card)
    if len(text) == 2 and text[0] in _DIGITS and text[1] in "<>":
        return Move(_DIGITS[text[0]], text[1] == ">")
    if text.startswith("x"):
        attack = _cards(text[1:])
        return None if attack is None else Attack(*attack)
    if len(text) > 3 and text[0] in _DIGITS and text[1:3] == ">x":
        attack = _cards(text[3:])
        return None if attack is None else AdvanceAttack(_DIGITS[text[0]], *attack)
    return None


def _cards(digits: str) -> tuple[int, int] | None:
    """(value, count) from one repeated digit, e.g. "44" -> (4, 2)."""
    if not 1 <= len(digits) <= COPIES or digits[0] not in _DIGITS or len(set(digits)) != 1:
        return None
    return _DIGITS[digits[0]], len(digits)
