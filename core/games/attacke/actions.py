"""Attacke's actions: one decision each; chance names the first player or the card drawn.

Each action's wire form is a short list whose first item names it:
``["first", seat]``, ``["draw", card]``, ``["play", colour|None, [knights], [shields],
[face-down cards]]``, ``["pass", draw]``, ``["return", colour]``. `from_wire` reads any of them
back and refuses everything else with IllegalAction.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.games.attacke.deck import (
    COLOURS,
    DECK_SIZE,
    KNIGHT_VALUES,
    SHIELD_VALUES,
    is_card,
    rank,
)
from core.rules import IllegalAction, Wire, Wired

MAX_SEATS = 5


@dataclass(frozen=True)
class First(Wired):
    """Chance: `seat` is the first player (dealt 4 cards, opens the first contest)."""

    seat: int

    def to_wire(self) -> Wire:
        return ["first", self.seat]


@dataclass(frozen=True)
class Draw(Wired):
    """Chance: `card` comes off the pile, to whoever is being dealt or is due a card."""

    card: str

    def to_wire(self) -> Wire:
        return ["draw", self.card]


def _sorted(items: tuple[object, ...], key: object = None) -> tuple[object, ...]:
    try:
        return tuple(sorted(items, key=key))  # type: ignore[call-overload]
    except TypeError:
        return items


@dataclass(frozen=True)
class Play(Wired):
    """Lay cards: face-up `knights` (values, of the contest colour) and `shields` (7 or 10),
    and, with option `face_down`, `hidden` cards face down (any cards, each counting 1).

    `colour` is set only for an opening, which chooses the contest's colour; in a fight it is
    None (the knights are of the contest's colour). The tuples are kept sorted, so equal plays
    compare equal however they were written."""

    knights: tuple[int, ...] = ()
    shields: tuple[int, ...] = ()
    hidden: tuple[str, ...] = ()
    colour: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "knights", _sorted(tuple(self.knights)))
        object.__setattr__(self, "shields", _sorted(tuple(self.shields)))
        object.__setattr__(self, "hidden", _sorted(tuple(self.hidden), key=_hidden_key))

    @property
    def face_up(self) -> int:
        return len(self.knights) + len(self.shields)

    def to_wire(self) -> Wire:
        return ["play", self.colour, list(self.knights), list(self.shields), list(self.hidden)]


def _hidden_key(card: object) -> tuple[int, str]:
    return (rank(card), card) if isinstance(card, str) else (rank(""), repr(card))


@dataclass(frozen=True)
class Pass(Wired):
    """Drop out of the contest (laid cards discarded), drawing a card or not."""

    draw: bool = False

    def to_wire(self) -> Wire:
        return ["pass", self.draw]


@dataclass(frozen=True)
class Return(Wired):
    """After passing with a face-up 10-shield laid: give back the chip of `colour`."""

    colour: str

    def to_wire(self) -> Wire:
        return ["return", self.colour]


AttackeAction = First | Draw | Play | Pass | Return


def from_wire(wire: Wire) -> AttackeAction:
    """The action `to_wire` produced; raises IllegalAction on anything malformed."""
    if not (isinstance(wire, list) and wire and isinstance(wire[0], str)):
        raise _malformed(wire)
    tag, args = wire[0], wire[1:]
    if tag == "first" and len(args) == 1:
        seat = args[0]
        if type(seat) is int and 0 <= seat < MAX_SEATS:
            return First(seat)
    elif tag == "draw" and len(args) == 1:
        if is_card(args[0]):
            assert isinstance(args[0], str)
            return Draw(args[0])
    elif tag == "pass" and len(args) == 1:
        if type(args[0]) is bool:
            return Pass(args[0])
    elif tag == "return" and len(args) == 1:
        if type(args[0]) is str and args[0] in COLOURS:
            return Return(args[0])
    elif tag == "play" and len(args) == 4:
        return _play(wire, *args)
    raise _malformed(wire)


def _play(wire: Wire, colour: Wire, knights: Wire, shields: Wire, hidden: Wire) -> Play:
    if colour is not None and not (type(colour) is str and colour in COLOURS):
        raise _malformed(wire)
    parts = (knights, shields, hidden)
    if not all(isinstance(p, list) and len(p) <= DECK_SIZE for p in parts):
        raise _malformed(wire)
    assert isinstance(knights, list) and isinstance(shields, list) and isinstance(hidden, list)
    if not all(type(v) is int and v in KNIGHT_VALUES for v in knights):
        raise _malformed(wire)
    if not all(type(v) is int and v in SHIELD_VALUES for v in shields):
        raise _malformed(wire)
    if not all(is_card(c) for c in hidden):
        raise _malformed(wire)
    return Play(
        tuple(v for v in knights if isinstance(v, int)),
        tuple(v for v in shields if isinstance(v, int)),
        tuple(c for c in hidden if isinstance(c, str)),
        colour,
    )


def _malformed(wire: object) -> IllegalAction:
    shown = repr(wire)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return IllegalAction(f"Not an Attacke action: {shown}")
