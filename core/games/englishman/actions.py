"""The Englishman's actions: one decision each (Jack's three moves a turn are three actions).

Castles are numbered 0..4 here and in the wire form (notation shows 1..5); a card's place in a
castle is its index from the front, 0 first (notation shows 1 first).

Wire forms (plain lists whose first item names the action):

    ["deal", [[card x10] x5]]     chance: the five castles, front first
    ["wife", castle, card, to]    setup: the card at place `card` goes to place `to`
    ["keep"]                      setup: Jack leaves the castles as dealt
    ["front", source, target]     Jack: front card of `source` to the front of `target`
    ["front-stalk", castle]       Jack: front card onto his beanstalk
    ["back", castle]              Jack: back card to the front of the same castle
    ["back-stalk", castle]        Jack: back card onto his beanstalk
    ["discard", castle, card]     Giant: discard the beanstalk card at that place
    ["four", source, target]      Giant: the front four of `source` to the front of `target`
    ["double", a, b, c, d]        Giant: front card a -> b, then front card c -> d

`from_wire` reads any of them back and refuses everything else with IllegalAction.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.games.englishman.cards import BY_LOWER, CASTLE_SIZE, CASTLES, DECK_SIZE, Card
from core.rules import IllegalAction, Wire, Wired


@dataclass(frozen=True)
class Deal(Wired):
    """Chance: the whole deal at once, five castles of ten cards, each listed front first."""

    castles: tuple[tuple[Card, ...], ...]

    def to_wire(self) -> Wire:
        return ["deal", [list(castle) for castle in self.castles]]


@dataclass(frozen=True)
class Wife(Wired):
    """Setup (the Giant's wife): Jack moves the card at place `card` of `castle` to place `to`.

    `to` is the place the card ends up at, counted in the castle after the move."""

    castle: int
    card: int
    to: int

    def to_wire(self) -> Wire:
        return ["wife", self.castle, self.card, self.to]


@dataclass(frozen=True)
class KeepDeal(Wired):
    """Setup: Jack makes no Giant's-wife move and leaves the castles as dealt."""

    def to_wire(self) -> Wire:
        return ["keep"]


@dataclass(frozen=True)
class FrontToFront(Wired):
    """Jack: the front card of `source` to the front of another castle `target`."""

    source: int
    target: int

    def to_wire(self) -> Wire:
        return ["front", self.source, self.target]


@dataclass(frozen=True)
class FrontToStalk(Wired):
    """Jack: the front card of `castle` onto the top of his beanstalk."""

    castle: int

    def to_wire(self) -> Wire:
        return ["front-stalk", self.castle]


@dataclass(frozen=True)
class BackToFront(Wired):
    """Jack: the back card of `castle` to the front of the same castle."""

    castle: int

    def to_wire(self) -> Wire:
        return ["back", self.castle]


@dataclass(frozen=True)
class BackToStalk(Wired):
    """Jack: the back card of `castle` onto the top of his beanstalk."""

    castle: int

    def to_wire(self) -> Wire:
        return ["back-stalk", self.castle]


@dataclass(frozen=True)
class Discard(Wired):
    """Giant: discard the beanstalk card at place `card` of `castle` (out of the game)."""

    castle: int
    card: int

    def to_wire(self) -> Wire:
        return ["discard", self.castle, self.card]


@dataclass(frozen=True)
class MoveFour(Wired):
    """Giant: the front four cards of `source`, order kept, to the front of `target`."""

    source: int
    target: int

    def to_wire(self) -> Wire:
        return ["four", self.source, self.target]


@dataclass(frozen=True)
class DoubleMove(Wired):
    """Giant: front card of `first_source` to the front of `first_target`, then the front card
    of `second_source` to the front of `second_target` (one action; a different card)."""

    first_source: int
    first_target: int
    second_source: int
    second_target: int

    def to_wire(self) -> Wire:
        return [
            "double",
            self.first_source,
            self.first_target,
            self.second_source,
            self.second_target,
        ]


SetupAction = Wife | KeepDeal
JackAction = FrontToFront | FrontToStalk | BackToFront | BackToStalk
GiantAction = Discard | MoveFour | DoubleMove
EnglishmanAction = Deal | SetupAction | JackAction | GiantAction
ACTION_CLASSES = (
    Deal,
    Wife,
    KeepDeal,
    FrontToFront,
    FrontToStalk,
    BackToFront,
    BackToStalk,
    Discard,
    MoveFour,
    DoubleMove,
)

_CASTLE_ARGS = {"front": 2, "front-stalk": 1, "back": 1, "back-stalk": 1, "four": 2, "double": 4}


def from_wire(wire: Wire) -> EnglishmanAction:
    """The action `to_wire` produced; raises IllegalAction on anything malformed."""
    if not (isinstance(wire, list) and wire and isinstance(wire[0], str)):
        raise _malformed(wire)
    tag, args = wire[0], wire[1:]
    if tag == "deal" and len(args) == 1:
        return Deal(_castles(args[0], wire))
    if tag == "keep" and not args:
        return KeepDeal()
    if tag == "wife" and len(args) == 3:
        castle, card, to = _castle(args[0], wire), _place(args[1], wire), _place(args[2], wire)
        return Wife(castle, card, to)
    if tag == "discard" and len(args) == 2:
        return Discard(_castle(args[0], wire), _place(args[1], wire))
    if tag in _CASTLE_ARGS and len(args) == _CASTLE_ARGS[tag]:
        c = [_castle(arg, wire) for arg in args]
        if tag == "front":
            return FrontToFront(c[0], c[1])
        if tag == "front-stalk":
            return FrontToStalk(c[0])
        if tag == "back":
            return BackToFront(c[0])
        if tag == "back-stalk":
            return BackToStalk(c[0])
        if tag == "four":
            return MoveFour(c[0], c[1])
        return DoubleMove(c[0], c[1], c[2], c[3])
    raise _malformed(wire)


def _castle(value: Wire, wire: Wire) -> int:
    if type(value) is not int or not 0 <= value < CASTLES:
        raise _malformed(wire)
    return value


def _place(value: Wire, wire: Wire) -> int:
    if type(value) is not int or not 0 <= value < DECK_SIZE:
        raise _malformed(wire)
    return value


def _castles(value: Wire, wire: Wire) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, list) or len(value) != CASTLES:
        raise _malformed(wire)
    castles = []
    for castle in value:
        if not isinstance(castle, list) or len(castle) != CASTLE_SIZE:
            raise _malformed(wire)
        cards = []
        for card in castle:
            if not isinstance(card, str) or BY_LOWER.get(card.lower()) != card:
                raise _malformed(wire)
            cards.append(card)
        castles.append(tuple(cards))
    return tuple(castles)


def _malformed(wire: Wire) -> IllegalAction:
    shown = repr(wire)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return IllegalAction(f"Not an action of The Blood of an Englishman: {shown}")
