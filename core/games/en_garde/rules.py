"""En Garde (Reiner Knizia) for two players, at the basic, standard or advanced level.

The rules are RULES.md section 1. Decisions taken here (also on the in-app rules page):
* Default level: advanced, the game most players of the boxed game play. Option `starts` (1 or
  2, as people count seats) picks who starts round 1 (default 1); starters then alternate every
  round. Files written before it have `first` (0 or 1), which is read as `starts` one higher.
* Cards are dealt alternately, the round's starter first; each card is a chance action.
* An attack the defender cannot answer at all hits at once, before the attacker's refill (the
  refill could not change the defender's hand). One the defender could answer waits, after the
  attacker has drawn back up to five, for a parry, a retreat (advanced) or a pass (the hit).
* A player with nothing legal at the start of a turn or riposte loses the round at once: the
  action that led there ends the round with reason "no-move".
* Basic's last chance is offered only to a player holding a card equal to the distance.
* A round's end is a position: after the round-ending action the table stays as it ended
  (fencers, the last card on the discard, the hands, the result, the score) in phase
  "round-over"; chance acts next, and its first draw resets the piste and deals the next
  round's first card to the new starter. The match-ending round keeps its table in "over".
* Whenever the pile runs out at the standard or advanced level and hands are compared (even
  when equal counts or a distance beyond 5 leave it to the advance), both final hands are
  revealed to both seats: in the RoundResult and, while that table stands, in every view.
  Hits, no-move losses, basic rounds and the advanced retreat after the last card reveal
  nothing.
* Each draw names its card, its receiver and its kind (deal or refill); the older form that
  names only the card is still read and applied (to whoever is due the card).
* The notation a seat reads (`notation_seen`: its move log, replays, exports) names a drawn
  card only to its receiver; the other seat reads `d?`, as `describe` says "drew a card".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from core.games.en_garde import bout, commentary, deal, notation, pile, scoring, strategy, turn
from core.games.en_garde.actions import (
    AdvanceAttack,
    Attack,
    Draw,
    EnGardeAction,
    Move,
    Parry,
    Pass,
    Retreat,
    from_wire,
)
from core.games.en_garde.state import LEVELS, EnGardeState, Level
from core.games.en_garde.view import EnGardeView
from core.rules import CHANCE, SPECTATOR, IllegalAction, Option, Outcome, Wire, resolve_options

if TYPE_CHECKING:
    import random


_ACTIONS = (Draw, Move, Attack, AdvanceAttack, Parry, Retreat, Pass)


class EnGarde:
    id: ClassVar[str] = "en-garde"
    title: ClassVar[str] = "En Garde"
    tagline: ClassVar[str] = "Fencing duel on a 23-space piste"
    seat_names: ClassVar[tuple[str, ...]] = ()
    chapter: ClassVar[str] = "round"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "level",
            "advanced",
            LEVELS,
            help="basic: every attack hits; standard: attacks can be parried; "
            "advanced: adds advance-and-attack and retreat",
        ),
        Option(
            "starts", 1, (1, 2), help="the player (1 or 2) who starts round 1; then they alternate"
        ),
    )
    hides_information: ClassVar[bool] = True

    def new(self, players: int, options: Mapping[str, object]) -> EnGardeState:
        if players != 2:
            raise ValueError(f"En Garde is for 2 players, not {players}")
        given = dict(options)
        if "first" in given and "starts" not in given:
            # Files from before seats were numbered from 1 for people: first=0 is seat 1.
            legacy = given.pop("first")
            given["starts"] = legacy + 1 if type(legacy) is int else legacy
        chosen = resolve_options(self.options, given)
        level: Level = chosen["level"]
        first: int = chosen["starts"] - 1
        return EnGardeState(level=level, first=first, round=1, phase="deal", actor=first)

    def to_move(self, state: EnGardeState) -> int | None:
        if state.phase == "over":
            return None
        return CHANCE if state.chance else state.actor

    def legal_actions(self, state: EnGardeState) -> list[EnGardeAction]:
        return bout.choices(state)

    def sample_chance(self, state: EnGardeState, rng: random.Random) -> Draw:
        if not state.chance:
            raise IllegalAction("No card is due to be drawn now")
        board = deal.table(state)
        return Draw(pile.sample(board, rng), board.actor, deal.kind(state))

    def apply(self, state: EnGardeState, action: EnGardeAction) -> EnGardeState:
        if state.phase == "over":
            raise IllegalAction("The match is over")
        if not isinstance(action, _ACTIONS):
            raise IllegalAction("That is not an En Garde action")
        if state.chance:
            if not isinstance(action, Draw):
                raise IllegalAction("Wait: cards are being drawn")
            return deal.draw(state, action)
        if isinstance(action, Draw):
            raise IllegalAction("No card is due to be drawn now")
        if state.phase == "defend":
            return bout.answer(state, action)
        if state.phase == "last-chance":
            return bout.last_chance(state, action)
        return turn.play_turn(state, action)

    def outcome(self, state: EnGardeState) -> Outcome | None:
        winner = scoring.match_winner(state)
        if winner is None:
            return None
        scores = state.scores
        reason = f"{scores[winner]} rounds to {scores[1 - winner]}"
        return Outcome((winner,), scores, reason)

    def view(self, state: EnGardeState, seat: int | None) -> EnGardeView:
        if seat not in (None, 0, 1, SPECTATOR):
            raise ValueError(f"En Garde has seats 0 and 1, not {seat!r}")
        last = state.results[-1] if state.results else None
        shown = state.phase in ("round-over", "over") and last is not None and last.hands
        hands = tuple(h if shown or seat in (None, i) else None for i, h in enumerate(state.hands))
        dealing = state.chance
        return EnGardeView(
            level=state.level,
            viewer=seat,
            round=state.round,
            starter=state.starter,
            phase=state.phase,
            to_move=self.to_move(state),
            actor=state.actor,
            positions=state.positions,
            hands=(hands[0], hands[1]),
            hand_sizes=(len(state.hands[0]), len(state.hands[1])),
            pile=pile.pile_size(state),
            discard_top=state.discard[-1] if state.discard else None,
            discard_count=len(state.discard),
            scores=state.scores,
            pending=state.pending,
            rounds=state.results,
            drawing=deal.table(state).actor if dealing else None,
            draw_kind=deal.kind(state) if dealing else None,
            deal_round=deal.table(state).round if state.phase in ("deal", "round-over") else None,
        )

    def notation(self, action: EnGardeAction) -> str:
        return notation.notation(action)

    def notation_seen(self, state: EnGardeState, action: EnGardeAction, viewer: int | None) -> str:
        """The notation as `viewer` may know it: a drawn card only for its receiver."""
        if isinstance(action, Draw) and viewer not in (None, deal.receiver(state, action)):
            return notation.public(action)
        return notation.notation(action)

    def parse(self, state: EnGardeState, text: str) -> EnGardeAction:
        """`d3` names the card only: while a card is due, it is read as that draw in full."""
        action = notation.parse(text)
        if isinstance(action, Draw) and state.chance:
            return Draw(action.card, deal.table(state).actor, deal.kind(state))
        return action

    def from_wire(self, wire: Wire) -> EnGardeAction:
        return from_wire(wire)

    def describe(
        self,
        state: EnGardeState,
        action: EnGardeAction,
        viewer: int | None,
        names: Sequence[str],
    ) -> str:
        return commentary.describe(state, action, viewer, names)

    def advise(self, state: EnGardeState, action: EnGardeAction, names: Sequence[str]) -> str:
        return commentary.advise(state, action)

    def standing(self, state: EnGardeState) -> str:
        """Where the match stands, in public words: "round 4 · 2–1" (seat order). Once a
        round has ended, the round named is the next one, as on the table."""
        a, b = state.scores
        number = state.round + 1 if state.phase == "round-over" else state.round
        return f"round {number} · {a}–{b}"

    def round_of(self, state: EnGardeState) -> int:
        """The round on the table: in round-over still the round just decided, so the action
        that decided it is told under that round; the first deal card starts the next."""
        return state.round

    # -- what the bots use (core.rules.Coached, Determinizable) -----------------------------
    def evaluate(self, state: EnGardeState, seat: int) -> float:
        return strategy.evaluate(state, seat)

    def candidates(self, state: EnGardeState) -> list[EnGardeAction]:
        return strategy.candidates(state)

    def determinize(self, view: EnGardeView, rng: random.Random) -> EnGardeState:
        """A whole state this view cannot tell from the real one (for the bots' search)."""
        return strategy.determinize(view, rng)
