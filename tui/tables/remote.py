"""One seat of a match hosted elsewhere, as the host's frames tell it.

The table holds only what the host sent for this seat — its view, its chronicle lines, whose
turn it is — never a state. A decision goes to the host with the position it was chosen at
and counts once the host's next update says so; until then the seat waits. Legality is
checked here the way a player checks it, from what the seat knows: the rules' `apply` on a
state imagined from the view (`determinize`), so the reason for a refusal is the rules' own;
the host checks again, with the real state, before anything is written.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from core import registry
from core.match import Seat
from core.play import Decide, Next, Over
from core.rules import CHANCE, Action, IllegalAction, Outcome, Rules
from replays import paths
from replays.chronicle import Line
from replays.errors import LogError
from replays.export import from_json, import_text
from replays.remote.codec import Codec, CodecError
from replays.remote.wire import (
    Act,
    Answer,
    Chat,
    GuestFrame,
    Rematch,
    Resign,
    TakeBack,
    WireError,
    field,
    read_outcome,
)
from replays.store import file_name
from tui.tables.port import Offer, Plays, Wait
from tui.wording import full_stop, sentence

V = TypeVar("V")
A = TypeVar("A", bound=Action)


class Link(Protocol):
    """How a remote table reaches its host: a socket, or the host in this very process."""

    def send(self, frame: GuestFrame) -> None: ...

    def close(self) -> None: ...

    async def follow(self, match_id: str) -> RemoteTable[Any, Any]:
        """The same player's seat at the host's next match (a rematch), this link let go."""
        ...


class Welcome:
    """What the host says first: the game, the seats, and which one this connection holds."""

    def __init__(self, frame: Mapping[str, Any]) -> None:
        self.game: str = field(frame, "game", str)
        self.match_id: str = field(frame, "match", str)
        self.seat: int = field(frame, "seat", int)
        self.options: dict[str, Any] = dict(field(frame, "options", dict))
        seats = field(frame, "seats", list)
        try:
            self.seats = tuple(
                Seat(str(s["name"]), "bot" if s.get("kind") == "bot" else "human") for s in seats
            )
            self.rules: Rules[Any, Any, Any] = registry.get(self.game)
        except (KeyError, TypeError, AttributeError, registry.UnknownGame) as err:
            raise WireError(f"the host's welcome cannot be read ({err})") from None
        if not (self.seat == -2 or 0 <= self.seat < len(self.seats)):
            raise WireError("the host's welcome names no seat of the match")


class RemoteTable(Generic[V, A]):
    """A remote seat (see `tui.tables.port.Table`); fed with `receive`, speaking through a link."""

    def __init__(self, welcome: Welcome, link: Link, path: Path | None = None) -> None:
        self.rules: Rules[Any, A, V] = welcome.rules
        self.seats: tuple[Seat, ...] = welcome.seats
        self.options: Mapping[str, Any] = welcome.options
        self.seat = welcome.seat
        """This connection's seat, or SPECTATOR."""
        self.match_id = welcome.match_id
        self.changed: Callable[[bool], None] | None = None
        self._link = link
        self._path = path
        self._at_host = path is not None
        """The host's own screen (its match file is here from the start), not a guest's."""
        self._codec = Codec.for_game(self.rules)
        self._view: V | None = None
        self._imagined: Any = None
        self._lines: list[Line] = []
        self._position = 0
        self._to_move: int | None = None
        self._chapter = 1
        self._outcome: Outcome | None = None
        self._presence: list[str] = [""] * len(self.seats)
        self._asked: int | None = None
        self._notices: list[str] = []
        self._sent: int | None = None
        """The position of a decision sent and not yet answered."""
        self.offer: Offer | None = None
        """The rematch talk, once the match is over (None: this host offers none)."""
        self.moved_to: str | None = None
        """The id of the host's next match (a rematch everyone agreed to)."""
        self.host_gone = False
        """The link to this finished match's host is gone: no rematch can be agreed."""
        self.link_state = ""
        """"" while connected; else what the link is doing ("lost touch with the host;
        reconnecting…")."""
        self.link_final = False
        """The link is down for good (turned away, or the seat taken from another terminal)."""

    # -- frames from the host ----------------------------------------------------------------
    def receive(self, frame: Mapping[str, Any]) -> None:
        """One decoded frame from the host (WireError when it cannot be read)."""
        kind = frame.get("t")
        if kind == "update":
            rewritten = self._update(frame)
        elif kind == "record":
            self._keep(str(field(frame, "json", str)))
            rewritten = False
        elif kind in ("notice", "refused"):
            self._notices.append(str(field(frame, "text", str))[:300])
            if kind == "refused":
                self._sent = None
            rewritten = False
        else:
            return
        if self.changed is not None:
            self.changed(rewritten)

    def _update(self, frame: Mapping[str, Any]) -> bool:
        try:
            view = self._codec.unpack(field(frame, "view", object))
            lines = [self._codec.unpack(wire) for wire in field(frame, "lines", list, tuple)]
        except CodecError as err:
            raise WireError(f"the host's update cannot be read ({err})") from None
        told = [line for line in lines if isinstance(line, Line)]
        if len(told) != len(lines):
            raise WireError("the host's update holds something that is not a line of play")
        position = field(frame, "position", int)
        reset = bool(frame.get("reset"))
        self._view = view  # type: ignore[assignment]  # the host's view of this game
        self._imagined = None
        self._lines = told if reset else [*self._lines, *told]
        self._position = position
        to_move = frame.get("to_move")
        self._to_move = to_move if isinstance(to_move, int) else None
        self._chapter = field(frame, "chapter", int)
        self._outcome = read_outcome(frame.get("outcome"))
        presence = frame.get("presence")
        if isinstance(presence, list | tuple) and len(presence) == len(self.seats):
            self._presence = [str(p)[:40] for p in presence]
        asked = frame.get("asked")
        self._asked = asked if isinstance(asked, int) and 0 <= asked < len(self.seats) else None
        if self._sent is not None and self._played_since(self._sent):
            self._sent = None
        self.offer = _offer(frame.get("rematch"), len(self.seats))
        moved = frame.get("next")
        self.moved_to = moved[:64] if isinstance(moved, str) and moved else None
        return reset

    def _keep(self, text: str) -> None:
        """The finished match, whole: a copy in this machine's store, to replay and export."""
        if self._path is not None:
            return  # the host's own screen: the match file is here already
        try:
            header, _ = from_json(text)
            kept = paths.matches_dir() / file_name(header)
            self._path = kept if kept.exists() else import_text(text, "the host's record")
        except (LogError, OSError) as err:
            self._notices.append(f"No copy of the match could be kept here: {err}")

    def _played_since(self, at: int) -> bool:
        """Whether a line of play (not chat) has come from entry `at` on: a decision sent at
        `at` was taken, or the match moved past it. Chat alone leaves it in flight (the host
        still takes it)."""
        for line in reversed(self._lines):
            if line.index < at:
                return False
            if line.kind != "chat":
                return True
        return False

    @property
    def awaiting(self) -> bool:
        """A decision was sent and the host has neither taken nor refused it yet."""
        return self._sent is not None

    def lost(self, state: str, *, final: bool = False) -> None:
        """The link to the host is down (`state` says what it does about it; `final`: for
        good), or back ("")."""
        if state and not self.link_state:
            self._notices.append(sentence(state))
        elif self.link_state and not state:
            self._notices.append("Back in touch with the host.")
        self.link_state, self.link_final = state, final
        if self.changed is not None:
            self.changed(False)

    # -- the port -----------------------------------------------------------------------------
    @property
    def path(self) -> Path | None:
        return self._path

    def plays(self, seat: int) -> Plays:
        return "here" if seat == self.seat else "away"

    def step(self) -> Next | Wait:
        if self._outcome is not None:
            return Over(self._outcome)
        if self._sent is not None or self._to_move != self.seat or self.link_state:
            return Wait()
        return Decide(self.seat)

    def view(self, seat: int) -> V:
        assert self._view is not None, "a remote table is drawn once the host has sent a view"
        return self._view

    def to_move(self) -> int | None:
        return None if self._outcome is not None else self._to_move

    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def position(self) -> int:
        return self._position

    def chapter(self) -> int:
        return self._chapter

    def check(self, action: A) -> str | None:
        mine = self._to_move == self.seat
        if self.link_state and self._outcome is None and (mine or self.link_final):
            again = "" if self.link_final else " Play it again once the host is back."
            return f"Not sent: {full_stop(self.link_state)}{again}"
        if not isinstance(self.step(), Decide):
            return "Wait for your turn."
        if self._imagined is None:
            imagine = getattr(self.rules, "determinize", None)
            self._imagined = imagine(self._view, random.Random(0)) if imagine else None
        if self._imagined is None:
            return None  # the host is the judge
        try:
            self.rules.apply(self._imagined, action)
        except IllegalAction as err:
            return str(err)
        return None

    def submit(self, action: A) -> None:
        if self.link_state:
            raise IllegalAction(f"the host cannot be reached ({self.link_state})")
        self._sent = self._position
        self._link.send(Act(self._position, action.to_wire()))

    def deal(self) -> None:
        raise IllegalAction("the host deals")

    def bot_position(self, seat: int) -> Any:
        raise IllegalAction("the host runs its bots")

    def lines(self, reader: int | None, start: int = 0) -> list[Line]:
        return [line for line in self._lines if line.index >= start]

    def since_last_turn(self, seat: int) -> list[Line]:
        said: list[Line] = []
        for line in reversed(self._lines):
            if line.kind != "move" or line.seat == CHANCE or line.taken_back:
                continue
            if line.seat == seat:
                break
            said.append(line)
        return said[::-1]

    def resign(self, seat: int) -> None:
        self._link.send(Resign(self._position))

    def take_back_for(self) -> tuple[int | None, str]:
        mine = any(
            line.kind == "move" and line.seat == self.seat and not line.taken_back
            for line in self._lines
        )
        return (self.seat, "") if mine else (None, "")

    def must_agree(self, seat: int) -> int | None:
        return None  # the host asks whoever must agree, on their own screen

    def take_back(self, seat: int) -> bool:
        self._link.send(TakeBack())
        return False

    def asked(self) -> int | None:
        return self._asked

    def answer(self, yes: bool) -> None:
        self._asked = None
        self._link.send(Answer(yes))

    @property
    def can_rematch(self) -> bool:
        return False  # not as a new local match: `ask_rematch` asks the host

    def ask_rematch(self, yes: bool) -> None:
        """Ask for (or agree to) a rematch, or say no to the one offered."""
        self._link.send(Rematch(yes))

    async def follow(self) -> RemoteTable[Any, Any]:
        """This player's seat at the rematch (`moved_to`); this table's link is let go."""
        assert self.moved_to is not None, "a table follows only to a match the host named"
        return await self._link.follow(self.moved_to)

    @property
    def can_chat(self) -> bool:
        return True

    def chat(self, text: str) -> None:
        if self.link_state:  # nothing would carry it: say so rather than lose it
            raise IllegalAction(f"the line was not sent: {self.link_state}")
        self._link.send(Chat(text))

    def notices(self) -> list[str]:
        told, self._notices = self._notices, []
        return told

    @property
    def host_elsewhere(self) -> bool:
        return not self._at_host

    def host_left(self, why: str) -> None:
        """The link to this finished match's host is gone: no rematch can be agreed any more."""
        self.host_gone = True
        if self.offer is not None and self.moved_to is None:
            self.offer = Offer((), 0.0, why)
            if self.changed is not None:
                self.changed(False)

    def note(self, text: str) -> None:
        """A word for the player from this machine's side of the link (its record, advice
        when its seat was taken), told at once: no update from the host may follow."""
        self._notices.append(text)
        if self.changed is not None:
            self.changed(False)

    def connection(self) -> str:
        return self.link_state

    @property
    def out_for_good(self) -> bool:
        return self.link_final

    def presence(self, seat: int) -> str:
        if seat == self.seat or self.link_state:
            return ""  # (out of touch with the host, where the others are is not known)
        return self._presence[seat] if 0 <= seat < len(self._presence) else ""

    def close(self) -> None:
        self._link.close()


def _offer(wire: object, seats: int) -> Offer | None:
    """The update's `rematch` field; a host that offers no rematch sends none."""
    if not isinstance(wire, dict):
        return None
    agreed, seconds, said = wire.get("agreed"), wire.get("seconds"), wire.get("said")
    if not (
        isinstance(agreed, list | tuple)
        and all(isinstance(n, int) and 0 <= n < seats for n in agreed)
        and isinstance(seconds, int)
        and isinstance(said, str)
    ):
        raise WireError("the host's rematch cannot be read")
    return Offer(tuple(agreed), time.monotonic() + min(seconds, 3600), said[:200])
