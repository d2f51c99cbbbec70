"""A contest: the opening, fights, passes, chip returns, the end and the next opener.

`check_play` is the one place a play is judged; it works on the play itself (a multiset of
cards), never on a list of legal plays, so a hand of any size costs the same to check.
"""

from __future__ import annotations

from collections import Counter
from typing import TypeVar

from core.frozen import replace
from core.games.attacke.actions import Pass, Play, Return
from core.games.attacke.deck import (
    COLOUR_NAMES,
    COLOURS,
    KNIGHT_VALUES,
    SHIELD_VALUES,
    TEN,
    card_name,
    is_card,
    is_knight,
    knight,
    ordered,
    shield,
    without,
)
from core.games.attacke.pile import draw_due, pile_size
from core.games.attacke.state import AttackeState
from core.games.attacke.view import ContestResult, pass_can_draw
from core.rules import IllegalAction

T = TypeVar("T")

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def play_cards(play: Play, colour: str) -> list[str]:
    """The face-up cards a play names, as card codes, in a contest of `colour`."""
    return [knight(colour, v) for v in play.knights] + [shield(v) for v in play.shields]


def play_value(play: Play) -> int:
    return sum(play.knights) + sum(play.shields) + len(play.hidden)


def check_play(state: AttackeState, play: Play) -> str | None:
    """Why `play` is not legal for `state.actor` now, in words for a player; None if it is."""
    if state.phase not in ("open", "fight"):
        return "No one may lay cards now"
    shape = _shape_problem(play)
    if shape:
        return shape
    seat, opening = state.actor, state.phase == "open"
    if opening:
        if play.colour is None:
            return "Open the contest by choosing its colour with at least one knight of it"
        if not play.knights:
            name = COLOUR_NAMES[play.colour]
            return f"An opening needs at least one face-up {name} knight: the colour comes from it"
        colour = play.colour
    else:
        assert state.colour is not None
        if play.colour is not None:
            name = COLOUR_NAMES[state.colour]
            return f"The contest is already {name}: fight without naming a colour"
        colour = state.colour
    if not play.knights and not play.shields and not play.hidden:
        return "Lay at least one card, or pass"
    if play.hidden:
        if not state.face_down:
            return "Cards face down belong to the face_down variant, which is not in play"
        if state.hidden[seat]:
            return "You have already laid cards face down in this contest"
    tens = play.shields.count(10)
    if tens > 1 or (tens and TEN in state.laid[seat]):
        return "A player may lay only one 10-shield face up in a contest"
    held = Counter(state.hands[seat])
    for card, count in Counter([*play_cards(play, colour), *play.hidden]).items():
        if held[card] < count:
            return f"You hold {_count(held[card], card)}, not {_count(count, card)}"
    if not opening:
        total = state.total(seat) + play_value(play)
        beat = max(state.total(s) for s in range(state.players) if s != seat)
        if total <= beat:
            return f"That makes your total {total}: a fight must take it above {beat}"
    return None


def _shape_problem(play: Play) -> str | None:
    if play.colour is not None and play.colour not in COLOURS:
        return f"There is no colour {play.colour!r}"
    if not all(type(v) is int and v in KNIGHT_VALUES for v in play.knights):
        return "Knights show 2, 3, 4, 5 or 7"
    if not all(type(v) is int and v in SHIELD_VALUES for v in play.shields):
        return "Shields show 7 or 10"
    if not all(is_card(c) for c in play.hidden):
        return "A card laid face down must be a card of the game"
    return None


def _count(n: int, card: str) -> str:
    word = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    name = card_name(card)[2:]
    return f"{word} {name}" + ("s" if n != 1 else "")


def lay(state: AttackeState, play: Play) -> AttackeState:
    """Check and lay `play` for the actor (opening a contest in the open phase); a draw follows."""
    problem = check_play(state, play)
    if problem:
        raise IllegalAction(problem)
    seat = state.actor
    if state.phase == "open":
        assert play.colour is not None
        done = bool(state.results) and state.results[-1].contest == state.contest
        state = replace(
            state,
            contest=state.contest + 1 if done else state.contest,
            colour=play.colour,
            opener=seat,
            passed=(False,) * state.players,
            returned=(),
        )
    assert state.colour is not None
    up = play_cards(play, state.colour)
    state = replace(
        state,
        hands=_set(state.hands, seat, without(state.hands[seat], [*up, *play.hidden])),
        laid=_set(state.laid, seat, ordered((*state.laid[seat], *up))),
        hidden=_set(state.hidden, seat, ordered((*state.hidden[seat], *play.hidden))),
    )
    return draw_due(state, seat, "draw") or next_fighter(state, seat)


def next_fighter(state: AttackeState, seat: int) -> AttackeState:
    return replace(state, phase="fight", actor=state.after(seat))


def pass_draws(state: AttackeState) -> bool:
    """Whether the fighter to act, passing now, could draw a card (see `pass_can_draw`)."""
    seat = state.actor
    laid = len(state.laid[seat]) + len(state.hidden[seat])
    return pass_can_draw(pile_size(state), len(state.discard), laid)


def passes(state: AttackeState) -> list[Pass]:
    """The fighter's passes: draw or not, or the plain pass alone when no card could be drawn.

    `Pass(True)` is still accepted then (files may hold it): the draw is skipped, so it leads
    to the very position `Pass(False)` does."""
    return [Pass(False), Pass(True)] if pass_draws(state) else [Pass(False)]


def check_pass(state: AttackeState, action: Pass) -> str | None:
    if state.phase == "open":
        return "You hold a knight, so you must open a contest"
    if state.phase == "return":
        return "You passed with a 10-shield laid: give back one of your chips"
    if state.phase != "fight":
        return "No one may pass now"
    if type(action.draw) is not bool:
        return "A pass either draws a card or does not"
    return None


def check_return(state: AttackeState, action: Return) -> str | None:
    if state.phase != "return":
        return "No chip is due to be returned now"
    owned = state.chips[state.actor]
    if not (type(action.colour) is str and action.colour in owned):
        names = ", ".join(COLOUR_NAMES[c] for c in owned)
        return f"You own no such chip: give back one of yours ({names})"
    return None


def give_up(state: AttackeState, action: Pass) -> AttackeState:
    """A pass: laid cards discarded, then a chip return if due, then the draw if chosen."""
    problem = check_pass(state, action)
    if problem:
        raise IllegalAction(problem)
    seat, draw = state.actor, action.draw and pass_draws(state)
    ten = TEN in state.laid[seat]
    state = replace(
        state,
        discard=ordered((*state.discard, *state.laid[seat], *state.hidden[seat])),
        laid=_set(state.laid, seat, ()),
        hidden=_set(state.hidden, seat, ()),
        passed=_set(state.passed, seat, True),
    )
    if ten and state.chips[seat]:
        return replace(state, phase="return", actor=seat, pending_draw=draw)
    return _after_return(state, seat, draw)


def give_back(state: AttackeState, action: Return) -> AttackeState:
    """The passer who laid a 10-shield gives back the chip they choose."""
    problem = check_return(state, action)
    if problem:
        raise IllegalAction(problem)
    seat = state.actor
    chips = tuple(c for c in state.chips[seat] if c != action.colour)
    draw = state.pending_draw
    state = replace(
        state,
        chips=_set(state.chips, seat, chips),
        returned=(*state.returned, (seat, action.colour)),
        pending_draw=False,
    )
    return _after_return(state, seat, draw)


def _after_return(state: AttackeState, seat: int, draw: bool) -> AttackeState:
    if draw:
        due = draw_due(state, seat, "draw")
        if due is not None:
            return due
    return after_pass(state, seat)


def after_pass(state: AttackeState, seat: int) -> AttackeState:
    """The pass is complete: the contest ends if one player is left, else play goes on."""
    active = state.active()
    if len(active) == 1:
        return end_contest(state, active[0])
    return next_fighter(state, seat)


def end_contest(state: AttackeState, winner: int) -> AttackeState:
    """The winner's cards go to the discards (no draw); they take the colour's chip if new."""
    colour = state.colour
    assert colour is not None
    chip = None if colour in state.chips[winner] else colour
    chips = state.chips[winner] if chip is None else _chip_order((*state.chips[winner], colour))
    result = ContestResult(
        contest=state.contest,
        colour=colour,
        winner=winner,
        total=state.total(winner),
        laid=state.laid[winner],
        hidden=len(state.hidden[winner]),
        chip=chip,
        returned=state.returned,
    )
    empty: tuple[tuple[str, ...], ...] = ((),) * state.players
    state = replace(
        state,
        discard=ordered((*state.discard, *state.laid[winner], *state.hidden[winner])),
        laid=empty,
        hidden=empty,
        passed=(False,) * state.players,
        chips=_set(state.chips, winner, chips),
        colour=None,
        returned=(),
        results=(*state.results, result),
    )
    if len(chips) >= state.chips_to_win:
        return replace(state, phase="over", actor=winner)
    return next_opener(state, winner)


def next_opener(state: AttackeState, start: int) -> AttackeState:
    """The first seat from `start` holding a knight opens; a seat without one draws a card
    first (a chance phase) and the opening passes on. A full circle that opens nothing with
    no card to draw ends the game."""
    for step in range(state.players):
        seat = (start + step) % state.players
        if any(is_knight(c) for c in state.hands[seat]):
            return replace(state, phase="open", actor=seat)
        due = draw_due(state, seat, "skip")
        if due is not None:
            return due
    return replace(state, phase="over", actor=start)


def _chip_order(chips: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(c for c in COLOURS if c in chips)


def _set(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])
