"""The Attacke Rules object: metadata, phases, checks and views."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from core.games.attacke import commentary, contest, deal, notation, pile, strategy
from core.games.attacke.actions import (
    AttackeAction,
    Draw,
    First,
    Pass,
    Play,
    Return,
    from_wire,
)
from core.games.attacke.deck import CARDS, COLOURS
from core.games.attacke.plays import plays
from core.games.attacke.state import AttackeState
from core.games.attacke.view import AttackeView
from core.rules import CHANCE, SPECTATOR, IllegalAction, Option, Outcome, Wire, resolve_options

_ACTIONS = (First, Draw, Play, Pass, Return)
_CHANCE_PHASES = ("first", "deal", "skip", "draw")


class Attacke:
    """Reiner Knizia's Attacke for 3 to 5 players (RULES.md §2); see the package docstring.

    `legal_actions` lists every play, which runs to tens of thousands from a large hand with
    the face-down variant: it exists for tests and small hands. `apply` (through `check`)
    judges an action directly, and bots choose among `strategy.candidates`."""

    id: ClassVar[str] = "attacke"
    title: ClassVar[str] = "Attacke"
    tagline: ClassVar[str] = "Knizia's card joust for 3 to 5: outbid, pass, collect four colours"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "chips_to_win",
            4,
            (4, 5),
            help="how many different colours of chips win the game",
        ),
        Option(
            "face_down",
            False,
            (False, True),
            help="variant: once per contest a player may add cards face down, each counting 1",
        ),
    )
    hides_information: ClassVar[bool] = True
    seat_names: ClassVar[tuple[str, ...]] = ()
    chapter: ClassVar[str] = "contest"
    starter_by_chance: ClassVar[bool] = True
    """The first player is drawn by chance (the new-game form says so, naming nobody)."""
    playout_plies: ClassVar[int] = 6
    """A search plays six decisions past its tree by the greedy rule before judging
    (`core.ai.playout.Powers.playout_plies`): a contest's worth shows once it is fought out, which
    the evaluation of a position mid-fight can only guess."""

    def new(self, players: int, options: Mapping[str, object]) -> AttackeState:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Attacke is for 3 to 5 players, not {players!r}")
        chosen = resolve_options(self.options, options)
        empty: tuple[tuple[str, ...], ...] = ((),) * players
        return AttackeState(
            players=players,
            chips_to_win=chosen["chips_to_win"],
            face_down=chosen["face_down"],
            phase="first",
            actor=0,
            hands=empty,
            laid=empty,
            hidden=empty,
            passed=(False,) * players,
            chips=empty,
        )

    def to_move(self, state: AttackeState) -> int | None:
        if state.phase == "over":
            return None
        return CHANCE if state.phase in _CHANCE_PHASES else state.actor

    def legal_actions(self, state: AttackeState) -> list[AttackeAction]:
        """Every legal action. The full list of plays can be huge: never needed by `apply`;
        bots use `strategy.candidates`."""
        if state.phase == "first":
            return [First(s) for s in range(state.players)]
        if state.phase in _CHANCE_PHASES:
            counts = pile.pile_counts(state)
            return [Draw(c) for c in CARDS if counts[c] > 0]
        if state.phase == "return":
            return [Return(c) for c in state.chips[state.actor]]
        found: list[AttackeAction] = list(plays(state))
        if state.phase == "fight":
            found += contest.passes(state)
        return found

    def sample_chance(self, state: AttackeState, rng: random.Random) -> AttackeAction:
        if state.phase == "first":
            return First(rng.randrange(state.players))
        if state.phase not in _CHANCE_PHASES:
            raise IllegalAction("No card is due to be drawn now")
        return Draw(pile.sample(state, rng))

    def check(self, state: AttackeState, action: object) -> str | None:
        """Why `action` is illegal now, in words for a player; None when it is legal.

        The cheap test a UI or bot can call before `apply` (which calls it too)."""
        if state.phase == "over":
            return "The game is over"
        if not isinstance(action, _ACTIONS):
            return "That is not an Attacke action"
        chance = state.phase in _CHANCE_PHASES
        if chance != isinstance(action, First | Draw):
            return "Wait: chance is drawing" if chance else "No card is due to be drawn now"
        if isinstance(action, First) != (state.phase == "first"):
            if state.phase == "first":
                return "Chance picks the first player before any card is dealt"
            return "The first player is already chosen"
        if isinstance(action, First):
            seat = action.seat
            if type(seat) is not int or not 0 <= seat < state.players:
                return f"There is no player {seat!r} to start"
            return None
        if isinstance(action, Draw):
            return deal.check_draw(state, action.card)
        if isinstance(action, Play):
            return contest.check_play(state, action)
        if isinstance(action, Pass):
            return contest.check_pass(state, action)
        if isinstance(action, Return):
            return contest.check_return(state, action)
        return None

    def apply(self, state: AttackeState, action: AttackeAction) -> AttackeState:
        problem = self.check(state, action)
        if problem is not None:
            raise IllegalAction(problem)
        if isinstance(action, First):
            return deal.choose_first(state, action.seat)
        if isinstance(action, Draw):
            return deal.draw(state, action.card)
        if isinstance(action, Play):
            return contest.lay(state, action)
        if isinstance(action, Pass):
            return contest.give_up(state, action)
        return contest.give_back(state, action)

    def outcome(self, state: AttackeState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(len(c) for c in state.chips)
        best = max(scores)
        if best >= state.chips_to_win:
            winner = scores.index(best)
            return Outcome((winner,), scores, f"chips of {best} different colours")
        winners = tuple(s for s in range(state.players) if scores[s] == best)
        shared = " (shared)" if len(winners) > 1 else ""
        reason = f"no one could open a contest: most chips ({best}) wins{shared}"
        return Outcome(winners, scores, reason)

    def view(self, state: AttackeState, seat: int | None) -> AttackeView:
        if seat not in (None, SPECTATOR) and (
            type(seat) is not int or not 0 <= seat < state.players
        ):
            raise ValueError(f"This game has seats 0 to {state.players - 1}, not {seat!r}")
        sees = [seat is None or seat == s for s in range(state.players)]
        return AttackeView(
            viewer=seat,
            players=state.players,
            chips_to_win=state.chips_to_win,
            face_down=state.face_down,
            phase=state.phase,
            to_move=self.to_move(state),
            actor=state.actor,
            first=state.first,
            contest=state.contest,
            colour=state.colour,
            opener=state.opener,
            hands=tuple(h if sees[s] else None for s, h in enumerate(state.hands)),
            hand_sizes=tuple(len(h) for h in state.hands),
            laid=state.laid,
            hidden=tuple(h if sees[s] else None for s, h in enumerate(state.hidden)),
            hidden_counts=tuple(len(h) for h in state.hidden),
            totals=state.totals,
            passed=state.passed,
            chips=state.chips,
            to_beat=state.to_beat,
            pile=pile.pile_size(state),
            discard=len(state.discard),
            discard_cards=state.discard if seat is None else None,
            pending_draw=state.pending_draw,
            returned=state.returned,
            results=state.results,
        )

    def notation(self, action: AttackeAction) -> str:
        return notation.notation(action)

    def notation_seen(self, state: AttackeState, action: AttackeAction, viewer: int | None) -> str:
        """The notation as `viewer` may know it: a card drawn by another seat unnamed, another
        seat's face-down cards only counted. The actor is the player, or the drawer."""
        shown = viewer is None or viewer == state.actor
        return notation.notation(action) if shown else notation.public(action)

    def parse(self, state: AttackeState, text: str) -> AttackeAction:
        return notation.parse(state, text)

    def from_wire(self, wire: Wire) -> AttackeAction:
        return from_wire(wire)

    def describe(
        self,
        state: AttackeState,
        action: AttackeAction,
        viewer: int | None,
        names: Sequence[str],
    ) -> str:
        return commentary.describe(state, action, viewer, names)

    def advise(self, state: AttackeState, action: AttackeAction, names: Sequence[str]) -> str:
        return commentary.advise(state, action, names)

    def standing(self, state: AttackeState) -> str:
        """Where the match stands, in public words: "contest 5 · 2–1–0" (chips, seat order).
        Once a contest has ended, the contest named is the next one, as on the table."""
        ended = bool(state.results) and state.results[-1].contest == state.contest
        chips = "–".join(str(len(owned)) for owned in state.chips)
        return f"contest {state.contest + 1 if ended else state.contest} · {chips}"

    def round_of(self, state: AttackeState) -> int:
        return state.contest

    # Optional powers (STYLE.md §1), the same plain functions as `strategy`.
    def determinize(self, view: AttackeView, rng: random.Random) -> AttackeState:
        return strategy.determinize(view, rng)

    def evaluate(self, state: AttackeState, seat: int) -> float:
        return strategy.evaluate(state, seat)

    def evaluate_all(self, state: AttackeState) -> tuple[float, ...]:
        return strategy.evaluate_all(state)

    def candidates(self, state: AttackeState) -> list[AttackeAction]:
        return strategy.candidates(state)


__all__ = ["COLOURS", "Attacke"]
