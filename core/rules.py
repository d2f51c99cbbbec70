"""The Rules contract every game implements, and the small types it speaks in.

Modelled on OpenSpiel: legal actions, apply, chance as an explicit actor, per-seat views.
States are immutable; every random outcome is a CHANCE action, so a log of actions replays
exactly and a test can script any deal by applying the chance actions it wants.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, TypeVar, runtime_checkable

if TYPE_CHECKING:
    import random  # only named: a rules object is handed its generator

CHANCE = -1
"""The seat number of the chance actor (card draws, deals)."""

SPECTATOR = -2
"""A viewer at no seat: `view(state, SPECTATOR)` shows only what every player sees (no hand),
which is how a replay of an unfinished match opens."""

Wire = None | bool | int | float | str | bytes | list["Wire"] | dict[str, "Wire"]
"""Plain values msgpack can carry; what `Action.to_wire` returns."""


class IllegalAction(ValueError):
    """An action the rules do not allow here; the message says why, in words for a player."""


class BadOption(ValueError):
    """An option name or value a game does not declare."""


@dataclass(frozen=True)
class Option:
    """A declared, typed game option with a default (part of a match's header)."""

    key: str
    default: str | int | bool
    choices: tuple[str | int | bool, ...] = ()
    help: str = ""

    def coerce(self, value: object) -> str | int | bool:
        """Turn a value (or command-line text) into this option's type, or raise BadOption."""
        kind = type(self.default)
        result: str | int | bool
        if isinstance(value, str) and kind is bool:
            lowered = value.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                result = True
            elif lowered in ("0", "false", "no", "off"):
                result = False
            else:
                raise BadOption(f"option {self.key!r} takes yes or no, not {value!r}")
        elif isinstance(value, str) and kind is int:
            try:
                result = int(value)
            except ValueError:
                given = f"not {value!r}" if value.strip() else "and none was given"
                message = f"option {self.key!r} takes a whole number, {given}"
                raise BadOption(message) from None
        elif type(value) is kind:
            result = value
        else:
            raise BadOption(f"option {self.key!r} takes a {kind.__name__}, not {value!r}")
        if self.choices and result not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise BadOption(f"option {self.key!r} must be one of {allowed}; got {value!r}")
        return result


def resolve_options(declared: Sequence[Option], given: Mapping[str, object]) -> dict[str, Any]:
    """Fill defaults and check every given option; raise BadOption on unknown keys or values."""
    known = {o.key: o for o in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(known) or "none"
        raise BadOption(f"unknown option {unknown[0]!r} (this game's options: {names})")
    return {o.key: o.coerce(given[o.key]) if o.key in given else o.default for o in declared}


@runtime_checkable
class Action(Protocol):
    """A single decision (or chance outcome). Games use frozen dataclasses.

    `to_wire()` gives plain msgpack-able values; the class's `from_wire(wire)` (and the game's
    `Rules.from_wire`, which reads any of its actions) turns them back into the action."""

    def to_wire(self) -> Wire: ...


class Wired:
    """Gives an action class the `from_wire` the contract names, from its game's one reader.

    A game's actions module reads every one of its wire forms with a module-level
    `from_wire(wire)`; a class's `from_wire` reads with that and refuses the wire form of any
    other class, so a file cannot pass a Move where a Draw is expected."""

    @classmethod
    def from_wire(cls, wire: Wire) -> Self:
        reader: Callable[[Wire], object] = import_module(cls.__module__).from_wire
        action = reader(wire)
        if not isinstance(action, cls):
            raise IllegalAction(f"{wire!r} is not the wire form of {cls.__name__}")
        return action


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning seats (empty for a draw), optional scores, and why."""

    winners: tuple[int, ...]
    scores: tuple[int, ...] = ()
    reason: str = ""

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def returns(self, players: int) -> tuple[float, ...]:
        """Each seat's share of one point: winners share it, a draw splits it among all seats.

        Two players: 1 and 0 for a win, ½ each for a draw. What searching bots back up."""
        if players < 1:
            raise ValueError(f"a match has at least one player, not {players}")
        if not self.winners:
            return (1.0 / players,) * players
        share = 1.0 / len(set(self.winners))
        return tuple(share if seat in self.winners else 0.0 for seat in range(players))


S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V", covariant=True)


class Rules(Protocol[S, A, V]):
    """One game's rules as pure functions over immutable state `S`, actions `A` and views `V`.

    `apply` checks an action directly (never by searching `legal_actions`): some decision
    spaces are huge, so nothing that validates, renders or chooses may need the full list.
    A game declares itself here too (title, tagline, seat names, the word for its chapters),
    so the menu, the new-game form and the app's wording need no list of their own.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    tagline: ClassVar[str]
    """One short line for the menu: what kind of game this is."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]]
    hides_information: ClassVar[bool]
    """True when a seat's view hides something (hands): the app then hands off between humans."""
    seat_names: ClassVar[tuple[str, ...]]
    """Names the seats have in the game itself ("White", "Black"; "Jack", "Giant"), or () when
    seats are just players."""
    chapter: ClassVar[str]
    """What the game calls the part `round_of` counts: "round", "contest", "turn"."""

    def new(self, players: int, options: Mapping[str, object]) -> S:
        """The position before any chance event. Raises BadOption / ValueError on bad input."""
        ...

    def to_move(self, state: S) -> int | None:
        """The seat to act, CHANCE, or None once the match is over."""
        ...

    def legal_actions(self, state: S) -> list[A]:
        """Every legal decision of the seat to move (chance: every possible outcome, or, where
        they are too many to list, such as the Englishman's deal of all 50 cards, one
        representative; `sample_chance` draws from them all)."""
        ...

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """A chance outcome drawn with the right odds (e.g. a card from the unseen cards)."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The next state; raises IllegalAction with a clear message."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """Winners and scores once the match is over, else None."""
        ...

    def view(self, state: S, seat: int | None) -> V:
        """What `seat` may see; None means everything (finished matches, tests), SPECTATOR only
        what is public.

        Views are frozen and hashable, and carry every public field (a bot rebuilds a whole
        state from one); open-information games may return the state itself."""
        ...

    def notation(self, action: A) -> str:
        """Compact notation; `parse(state, notation(a)) == a` for every legal a."""
        ...

    def parse(self, state: S, text: str) -> A:
        """An action from its notation; raises IllegalAction when it is not understood."""
        ...

    def from_wire(self, wire: Wire) -> A:
        """The action `to_wire` produced; raises IllegalAction on malformed input."""
        ...

    def describe(self, state: S, action: A, viewer: int | None, names: Sequence[str]) -> str:
        """The action, taken in `state`, in plain words as `viewer` may know it.

        A draw seen by the opponent says only that a card was drawn; a chance outcome that the
        decision before it told already (Attacke's "passed and drew a card") may be "" for a
        viewer who learns nothing more from it, and is then left out of the story.
        """
        ...

    def round_of(self, state: S) -> int:
        """Which round (or other natural chapter) the state is in, counting from 1.

        A line of play belongs to the chapter of the state it leads to, so the action that
        ends a round is told in that round and the next round's first step in the next."""
        ...


# -- optional powers: what a game may offer beside Rules, tested with isinstance -----------------

S_co = TypeVar("S_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
A_co = TypeVar("A_co", bound=Action, covariant=True)


@runtime_checkable
class Determinizable(Protocol[V_contra, S_co]):
    """A game that can dream up a full state behind one seat's view (for searching bots)."""

    def determinize(self, view: V_contra, rng: random.Random) -> S_co:
        """A state this view cannot tell from the real one (open games: the exact one).

        `rules.view(determinize(v, rng), seat) == v` for the seat `v` was made for; hidden
        cards are drawn with `rng` from those the seat has not seen."""
        ...


@runtime_checkable
class Coached(Protocol[S_contra, A_co]):
    """A game that tells bots what is worth trying and who is ahead."""

    def evaluate(self, state: S_contra, seat: int) -> float:
        """-1..1: a quick judgement of how `seat` stands (+1 winning); greedy and cut-offs."""
        ...

    def candidates(self, state: S_contra) -> Sequence[A_co]:
        """The legal actions a bot should consider (most games: all; Attacke: an abstraction)."""
        ...


@runtime_checkable
class Advising(Protocol):
    """A game that can say a decision as advice to the player about to take it ("advance 2
    and attack with a 5"), for the review's better moves; the move log's words are told."""

    def advise(self, state: Any, action: Any, names: Sequence[str]) -> str:
        """`action`, the decision of the seat to move in `state`, in the imperative and
        without the player's name; hidden cards of that seat's may be named, no one else's."""
        ...


@runtime_checkable
class Standing(Protocol):
    """A game that can say where a match stands in a few public words ("round 4 · 2–1").

    The store records it as the match goes, so the resume list can show it without replaying
    the match; it must never name a hidden card."""

    def standing(self, state: Any) -> str: ...


@runtime_checkable
class SecretNotation(Protocol):
    """A game whose notation can name what some seats may not see (a drawn card, Attacke's
    face-down cards): the move log, replays and exports write `notation_seen` for a reader
    instead. It names nothing that reader's views before and after the action do not show."""

    def notation_seen(self, state: Any, action: Any, viewer: int | None) -> str: ...
