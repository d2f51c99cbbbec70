"""A moved card travels: the `Flyer`, a one-line overlay, slides from the card's old cell to its
new one while that cell is left blank, then the board shows it landed.

`flights` reads the action that led from one view to the next and plans each leg (the Giant's
double move is two legs, one after the other); `Flight` flies them and tells the table when the
last one has landed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from textual.content import Content
from textual.geometry import Offset
from textual.widget import Widget
from textual.widgets import Static

from core.games.englishman import Englishman, EnglishmanState, actions
from core.games.englishman.actions import EnglishmanAction
from core.games.englishman.cards import STALK_CARDS, VALUE, Card
from core.games.englishman.castles import move_front
from core.rules import IllegalAction
from tui.games.englishman.board import Board
from tui.games.englishman.layout import Marks, Place, card_content

RULES = Englishman()
FLIGHT = 0.4
"""Seconds a travelling card takes from its old place to its new one."""


@dataclass
class FlightPlan:
    """One leg: the card(s) leaving `source` of `before` for `target` of `after`."""

    before: EnglishmanState
    after: EnglishmanState
    source: Place
    target: Place
    cards: tuple[Card, ...]

    @property
    def landing(self) -> set[Place]:
        """The cells left blank on `after` until the cards arrive."""
        kind, castle, index = self.target
        if kind == "castle":
            return {(kind, castle, index + k) for k in range(len(self.cards))}
        return {self.target}


def flights(old: EnglishmanState, new: EnglishmanState) -> list[FlightPlan]:
    """How the action that led from `old` to `new` moves its card(s); [] when `new` does not
    follow `old` by one action or nothing travels (the deal, keeping the deal)."""
    action = new.last
    if action is None or old.phase in ("deal", "over"):
        return []
    try:
        if RULES.apply(old, action) != new:
            return []
    except IllegalAction:
        return []
    if isinstance(action, actions.DoubleMove):
        a, b = action.first_source, action.first_target
        c, d = action.second_source, action.second_target
        mid = replace(old, castles=move_front(old.castles, a, b))
        return [
            _plan(old, mid, ("castle", a, 0), ("castle", b, 0), 1),
            _plan(mid, new, ("castle", c, 0), ("castle", d, 0), 1),
        ]
    route = _route(old, new, action)
    return [] if route is None else [_plan(old, new, *route)]


def _plan(
    before: EnglishmanState, after: EnglishmanState, source: Place, target: Place, count: int
) -> FlightPlan:
    _, castle, index = source
    cards = before.castles[castle][index : index + count]
    return FlightPlan(before, after, source, target, cards)


def _route(
    old: EnglishmanState, new: EnglishmanState, action: EnglishmanAction
) -> tuple[Place, Place, int] | None:
    """Where a single action's cards leave from, where they land, and how many travel."""
    castles = old.castles
    match action:
        case actions.Wife(castle, card, to):
            return ("castle", castle, card), ("castle", castle, to), 1
        case actions.FrontToFront(source, target):
            return ("castle", source, 0), ("castle", target, 0), 1
        case actions.MoveFour(source, target):
            return ("castle", source, 0), ("castle", target, 0), 4
        case actions.BackToFront(castle):
            return ("castle", castle, len(castles[castle]) - 1), ("castle", castle, 0), 1
        case actions.FrontToStalk(castle):
            return ("castle", castle, 0), _on_stalk(old, new), 1
        case actions.BackToStalk(castle):
            return ("castle", castle, len(castles[castle]) - 1), _on_stalk(old, new), 1
        case actions.Discard(castle, card):
            return ("castle", castle, card), ("discard", VALUE[castles[castle][card]], 0), 1
    return None


def _on_stalk(old: EnglishmanState, new: EnglishmanState) -> Place:
    """Where a card put on the beanstalk lands: the treasure that completes one at the end of
    that finished beanstalk, any other card on top of the current one."""
    if len(new.completed) > len(old.completed):
        return ("stalk", len(new.completed) - 1, STALK_CARDS)
    return ("stalk", len(new.completed), len(new.current) - 1)


class Flyer(Static):
    """The card on its way: laid over the table and slid by its offset."""

    def __init__(self) -> None:
        super().__init__("", id="flyer")
        self.display = False


class Flight:
    """The legs of the last action, flown one after another over `frame` (the table the flyer
    lies on). Each `start` begins a new generation, so the landing of an overtaken flight
    does nothing."""

    def __init__(
        self, frame: Widget, board: Board, flyer: Flyer, landed: Callable[[], None]
    ) -> None:
        self.frame, self.board, self.flyer = frame, board, flyer
        self._landed_all = landed
        self.plans: list[FlightPlan] = []
        self.generation = 0

    @property
    def flying(self) -> bool:
        """Whether a card is travelling now."""
        return bool(self.plans)

    @property
    def leg(self) -> FlightPlan | None:
        """The leg in the air, whose `after` the board shows with the landing cells blank."""
        return self.plans[0] if self.plans else None

    def start(self, plans: list[FlightPlan]) -> None:
        self.generation += 1
        self.plans = plans
        self.flyer.display = False

    def fly(self, generation: int) -> None:
        if generation != self.generation or not self.plans:
            return
        plan = self.plans[0]
        board = self.board
        before = board.layout_of(plan.before)
        after = board.layout_of(plan.after)
        if plan.source not in before.cells or plan.target not in after.cells:
            self._landed(generation)
            return
        sx, sy, _ = before.cells[plan.source]
        tx, ty, _ = after.cells[plan.target]
        board.draw(plan.after, Marks(hidden=plan.landing))
        flyer = self.flyer
        flyer.update(Content.assemble(*(card_content(card, "reverse") for card in plan.cards)))
        content = self.frame.content_region
        origin = Offset(board.region.x - content.x, board.region.y - content.y)
        flyer.offset = origin + Offset(sx, sy)
        flyer.display = True
        flyer.animate(
            "offset",
            origin + Offset(tx, ty),
            duration=FLIGHT,
            easing="in_out_cubic",
            on_complete=lambda: self._landed(generation),
        )

    def _landed(self, generation: int) -> None:
        if generation != self.generation or not self.frame.is_attached:
            return
        if self.plans:
            self.plans.pop(0)
        if self.plans:
            self.fly(generation)
            return
        self.flyer.display = False
        self._landed_all()
