"""The port under the game screen: everything it asks of a match, local or remote."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar, runtime_checkable

from core.match import Seat
from core.play import Next
from core.rules import Action, Outcome, Rules
from replays.chronicle import Line

V = TypeVar("V")
A = TypeVar("A", bound=Action)


class Kept(Protocol):
    """Where a match is kept, as a table or a rematch talk knows it."""

    @property
    def host_elsewhere(self) -> bool: ...


def notice_title(port: Kept) -> str:
    """The title of the match's notices: "From the host" on a guest's screen, "Match" where
    the match is kept (the host's own screen, a match on this device)."""
    return "From the host" if port.host_elsewhere else "Match"


Plays = Literal["here", "bot", "away"]
"""Who answers a seat: a person at this device, a bot this device runs, or someone elsewhere
(a player on another machine, or a bot the host runs)."""


@dataclass(frozen=True)
class Wait:
    """Nothing for this device to do: the host deals, or another machine decides. The table
    calls its `changed` callback when that is done."""


@dataclass(frozen=True)
class Offer:
    """A rematch as the host tells it once the match is over (docs/PROTOCOL.md `rematch`)."""

    agreed: tuple[int, ...]
    """The seats that asked for or agreed to the open offer (empty: none is open)."""
    until: float
    """When the open offer lapses (`time.monotonic` here)."""
    said: str
    """Why the last offer ended, "" before one did."""

    @property
    def open(self) -> bool:
        return bool(self.agreed)


@runtime_checkable
class Rematching(Protocol):
    """A table whose host offers rematches across machines: once the match is over, any player
    asks, the others are asked on their own screens, and when all agree every table follows
    to the new match (the match-end panel drives it)."""

    seat: int
    """This device's seat, or SPECTATOR (who sees the talk but has no say)."""
    seats: tuple[Seat, ...]
    offer: Offer | None
    moved_to: str | None
    host_gone: bool
    """The host of this finished match has left (or cannot be reached): no rematch."""
    changed: Callable[[bool], None] | None

    def ask_rematch(self, yes: bool) -> None: ...

    async def follow(self) -> Any:
        """The table of this device's seat at the rematch (a `Table`)."""
        ...

    def notices(self) -> list[str]: ...

    @property
    def host_elsewhere(self) -> bool: ...

    def close(self) -> None: ...


class Table(Protocol[V, A]):
    """One match as one device plays it.

    Reads are of what the device's seats may know: `view` of a seat this device holds, the
    chronicle's lines worded for such a seat. Writes raise `IllegalAction` when the rules
    refuse, `LogError`/`OSError` when the record cannot be kept, and leave the match as it was.
    """

    rules: Rules[Any, A, V]
    seats: tuple[Seat, ...]
    options: Mapping[str, Any]
    changed: Callable[[bool], None] | None
    """Called (on the UI loop) when the match moved on without this device: a remote seat
    played, the host dealt, a request arrived; True when earlier lines were rewritten (a
    takeback). A local table never calls it."""

    @property
    def path(self) -> Path | None:
        """The match file on this machine (None for a guest: the host keeps it)."""
        ...

    def plays(self, seat: int) -> Plays: ...

    def step(self) -> Next | Wait:
        """What the match waits for, as far as this device is concerned."""
        ...

    def view(self, seat: int) -> V:
        """What `seat` (one this device holds, or any seat once everyone may see) sees now."""
        ...

    def to_move(self) -> int | None: ...

    def outcome(self) -> Outcome | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def position(self) -> int:
        """Entries so far: a decision is for the position it was chosen at."""
        ...

    def chapter(self) -> int:
        """The round (contest, ...) the match is in, as `Rules.round_of` counts."""
        ...

    def check(self, action: A) -> str | None:
        """None if the seat to move may play `action` now, else the rules' reason."""
        ...

    def submit(self, action: A) -> None: ...

    def deal(self) -> None:
        """Draw chance's next outcome and record it (when `step` says `Chance`)."""
        ...

    def bot_position(self, seat: int) -> Any:
        """The state a bot run by this device decides from (when `plays` says "bot");
        `core.ai.decide` shows the bot that seat's view only."""
        ...

    def lines(self, reader: int | None, start: int = 0) -> list[Line]:
        """The chronicle from entry `start` on, in `reader`'s words."""
        ...

    def since_last_turn(self, seat: int) -> list[Line]: ...

    def resign(self, seat: int) -> None: ...

    def take_back_for(self) -> tuple[int | None, str]:
        """The seat at this device whose last move a takeback would undo (None: there is no
        such move), and why it may not be taken back ("" when it may)."""
        ...

    def must_agree(self, seat: int) -> int | None:
        """The seat at this device that must agree before `seat`'s move is taken back."""
        ...

    def take_back(self, seat: int) -> bool:
        """Undo `seat`'s last move (True), or ask the host, who asks whoever must agree
        (False: the answer comes back through `changed`)."""
        ...

    def asked(self) -> int | None:
        """The seat that asks this device's player to agree to a takeback, if one does."""
        ...

    def answer(self, yes: bool) -> None:
        """This device's answer to `asked`."""
        ...

    @property
    def can_rematch(self) -> bool:
        """Whether the match-end panel may start the same players again from here (not across
        machines: the others would need new invitations)."""
        ...

    @property
    def can_chat(self) -> bool:
        """Whether a line said here reaches other players (a match played across machines)."""
        ...

    def chat(self, text: str) -> None:
        """Say `text` to everyone at the match."""
        ...

    def notices(self) -> list[str]:
        """What the host has told this device since last asked (refusals, answers), once."""
        ...

    @property
    def host_elsewhere(self) -> bool:
        """Whether the match is kept on another machine: a notice is "from the host", and a
        request waits for its answer (False on the host's own screen and at a local match)."""
        ...

    def connection(self) -> str:
        """ "" while this device is in touch with the match; else what it is doing about it
        ("lost touch with the host; reconnecting…")."""
        ...

    @property
    def out_for_good(self) -> bool:
        """The device is out of the match for good (turned away, or its seat taken from
        another terminal): no move of its own will come, so none is asked for."""
        ...

    def presence(self, seat: int) -> str:
        """Where a seat's player is, in words ("on another machine", "lost the connection,
        reconnecting…"), or "" for a seat at this device or a bot."""
        ...

    def close(self) -> None:
        """Let the match go (the local file's lock, the connection to a host)."""
        ...
