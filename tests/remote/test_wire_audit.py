"""The wire audit: nothing leaves the host that the seat it goes to may not see.

Random matches of every game are hosted for real (a `MatchServer` behind its WebSocket server on
127.0.0.1), every seat played from another "machine" by a scripted guest choosing random legal
moves from its own view, and one spectator watching. Every frame each connection received is
then checked twice over:

* told right: each update holds exactly `view(state, seat)` and `Chronicle.lines(seat, …)` for
  the position it names, the state rebuilt from the host's own match file;
* told nothing more: independently of that equality, a reading of the raw frame (msgpack, the
  dataclass tags as sent) finds no other seat's hand, no face-down identity, no pile order or
  discard order, no state and no chance outcome in a line.

The second check is shown to have teeth: a host made to send `view(state, None)`, or lines
worded for everyone, fails it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any

import msgpack
import pytest

from core import registry
from core.games.attacke.actions import Play
from core.games.attacke.view import AttackeView
from core.games.en_garde.view import EnGardeView, RoundResult
from core.match import ActionEntry, Match
from core.rules import SPECTATOR, Rules
from replays.chronicle import Chronicle, Line
from replays.export import from_json
from replays.remote.codec import DATACLASS, Codec
from replays.remote.hosting import Hosted
from replays.remote.wire import host_frame
from replays.store import load_match
from tests.remote.conftest import Host
from tests.remote.guests import Player, plan, play_all

TABLES: list[tuple[str, int, dict[str, object]]] = [
    ("en-garde", 2, {"level": "basic"}),
    ("en-garde", 2, {"level": "standard"}),
    ("en-garde", 2, {"level": "advanced"}),
    ("attacke", 3, {"face_down": True}),
    ("attacke", 5, {}),
    ("crossing", 2, {}),
    ("fields-of-action", 2, {}),
    ("englishman", 2, {}),
]
"""(game, seats, options): every game, and each option that changes what is hidden."""
SEEDS = (1, 2, 3)
CAP = 600
"""Entries after which the guests leave an unfinished match (random matches rarely get here)."""


def fields_of(cls: type[Any]) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


FIELDS = {cls.__name__: fields_of(cls) for cls in (EnGardeView, RoundResult, AttackeView, Line)}


# -- told right ---------------------------------------------------------------------------------


class Truth:
    """What the host's match file says each seat was owed, position by position."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.rules: Rules[Any, Any, Any] = match.rules
        self.codec = Codec.for_game(match.rules)
        self._chronicle = Chronicle(match)
        self._states: dict[int, Any] = {}
        self._lines: dict[int, list[Line]] = {}
        self.names = tuple(seat.name for seat in match.header.seats)

    def state(self, position: int) -> Any:
        if position not in self._states:
            self._states[position] = self.match.state_at(position)
        return self._states[position]

    def lines(self, seat: int, start: int, position: int) -> list[Line]:
        """`Chronicle.lines(seat, start)` as it read when the match had `position` entries
        (no line changes once told: these matches take nothing back)."""
        if seat not in self._lines:
            self._lines[seat] = self._chronicle.lines(seat)
        return [line for line in self._lines[seat] if start <= line.index < position]


def comings_and_goings(text: str, names: Sequence[str]) -> bool:
    """Whether a notice only says that a player joined, came back, left or lost the
    connection: all a seat may be told besides its view and lines."""
    news = ("joined.", "is back.", "left the match;", "lost the connection;")
    return any(text.startswith(f"{name} {said}") for name in names for said in news)


def told_wrong(truth: Truth, seat: int, frames: Sequence[bytes]) -> list[str]:
    """How the frames one connection received differ from what its seat is owed (empty: none)."""
    rules, codec = truth.rules, truth.codec
    decoded = [host_frame(data) for data in frames]
    if not decoded or decoded[0]["t"] != "welcome" or decoded[0]["seat"] != seat:
        return [f"the first frame is not a welcome to seat {seat}"]
    wrong: list[str] = []
    told = 0
    for number, frame in enumerate(decoded[1:], 1):
        if frame["t"] == "record":
            wrong += record_wrong(truth, number, frame, decoded[number + 1 :])
            continue
        if frame["t"] == "notice" and comings_and_goings(frame["text"], truth.names):
            continue
        if frame["t"] != "update":
            wrong.append(f"frame {number}: an unexpected {frame['t']!r}")
            continue
        position = frame["position"]
        state = truth.state(position)
        start = 0 if frame["reset"] else told
        if codec.unpack(frame["view"]) != rules.view(state, seat):
            wrong.append(f"frame {number}: not the view of seat {seat} at {position}")
        lines = [codec.unpack(line) for line in frame["lines"]]
        if lines != truth.lines(seat, start, position):
            wrong.append(f"frame {number}: not seat {seat}'s lines {start}..{position}")
        if frame["to_move"] != rules.to_move(state) or frame["chapter"] != rules.round_of(state):
            wrong.append(f"frame {number}: the wrong turn or chapter at {position}")
        outcome = rules.outcome(state)
        if (frame["outcome"] is None) != (outcome is None):
            wrong.append(f"frame {number}: the wrong outcome at {position}")
        told = position
    return wrong


def record_wrong(
    truth: Truth, number: int, frame: dict[str, Any], after: Sequence[dict[str, Any]]
) -> list[str]:
    """The whole match may be sent once it is over (nothing in it is secret then), and only as
    the file holds it at the update that follows."""
    following = next((later for later in after if later["t"] == "update"), None)
    if following is None or following["outcome"] is None:
        return [f"frame {number}: the match's record before it was over"]
    _, entries = from_json(frame["json"])
    told = [entry.to_wire() for entry in entries]
    held = [entry.to_wire() for entry in truth.match.entries[: following["position"]]]
    return [] if told == held else [f"frame {number}: a record that is not the match file"]


# -- told nothing more ----------------------------------------------------------------------------


def tagged(value: object) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every dataclass in a raw packed value, as (class name, fields by name), outermost first."""
    if not isinstance(value, list):
        return
    head = value[0] if value else None
    if isinstance(head, msgpack.ExtType) and head.code == DATACLASS:
        name = head.data.decode()
        names = FIELDS.get(name, ())
        yield name, dict(zip(names, value[1:], strict=False))
    for item in value:
        yield from tagged(item)


def told_too_much(match: Match, seat: int, frames: Sequence[bytes]) -> list[str]:
    """What in the raw frames `seat` may not know: another hand, a face-down card, the pile's or
    the discard's order, a state, a chance outcome in a line (empty: nothing)."""
    rules: Rules[Any, Any, Any] = match.rules
    hiding = rules.hides_information
    state_class = type(rules.new(len(match.header.seats), match.options)).__name__
    leaks: list[str] = []
    for number, data in enumerate(frames):
        frame = host_frame(data)
        if frame["t"] != "update":
            continue
        for name, fields in tagged(frame["view"]):
            if hiding and name == state_class:
                leaks.append(f"frame {number}: a whole {name}")
            elif name == "EnGardeView":
                leaks += [f"frame {number}: {leak}" for leak in en_garde_leaks(fields, seat)]
            elif name == "AttackeView":
                leaks += [f"frame {number}: {leak}" for leak in attacke_leaks(fields, seat)]
        for raw in frame["lines"]:
            for name, fields in tagged(raw):
                if name == "Line":
                    leaks += [f"frame {number}: {leak}" for leak in line_leaks(match, fields, seat)]
    return leaks


def en_garde_leaks(view: dict[str, Any], seat: int) -> Iterator[str]:
    if view["viewer"] != seat:
        yield f"a view for {view['viewer']!r}"
    if not isinstance(view["pile"], int):
        yield "the pile itself, not its size"
    rounds = view["rounds"]
    last = dict(zip(FIELDS["RoundResult"], rounds[-1][1:], strict=True)) if rounds else None
    revealed = view["phase"] in ("round-over", "over") and last is not None and last["hands"]
    for other, hand in enumerate(view["hands"]):
        if other != seat and hand is not None and not revealed:
            yield f"seat {other}'s hand {hand}"


def attacke_leaks(view: dict[str, Any], seat: int) -> Iterator[str]:
    if view["viewer"] != seat:
        yield f"a view for {view['viewer']!r}"
    if not isinstance(view["pile"], int) or view["discard_cards"] is not None:
        yield "the pile or the discards themselves"
    for other in range(view["players"]):
        if other != seat and view["hands"][other] is not None:
            yield f"seat {other}'s hand {view['hands'][other]}"
        if other != seat and view["hidden"][other] is not None:
            yield f"seat {other}'s face-down cards {view['hidden'][other]}"


def line_leaks(match: Match, line: dict[str, Any], seat: int) -> Iterator[str]:
    """A chance outcome named to a seat of a game that hides cards, or another seat's
    face-down cards named in its move."""
    if not match.rules.hides_information:
        return
    if line["kind"] == "chance" and line["notation"]:
        yield f"the chance outcome {line['notation']!r} at entry {line['index']}"
    entry = match.entries[line["index"]]
    if line["kind"] == "move" and line["seat"] != seat and isinstance(entry, ActionEntry):
        action = match.rules.from_wire(entry.action)
        if isinstance(action, Play):
            named = [card for card in action.hidden if f"?{card}" in line["notation"]]
            if named:
                yield f"face-down cards {named} in the line of entry {line['index']}"


# -- the matches ---------------------------------------------------------------------------------


async def play_hosted(hosted: Hosted, seed: int) -> tuple[Match, list[Player]]:
    """Every seat played by a guest, one spectator watching; the match as its file holds it."""
    rules = hosted.host.match.rules
    seats = sorted(s for s in hosted.invitations if s != SPECTATOR)
    guests = [Player(hosted.invitations[s], rules, seed=seed * 10 + s, cap=CAP) for s in seats]
    guests.append(Player(hosted.invitations[SPECTATOR], rules, seed=seed, cap=CAP))
    await play_all(guests)
    path = hosted.host.opened.path
    await hosted.close()
    match, damage = load_match(path)
    assert damage is None
    return match, guests


@pytest.mark.parametrize(("game", "players", "options"), TABLES, ids=lambda v: str(v))
async def test_every_seat_is_told_its_own_view_and_lines_and_nothing_more(
    hosted: Host, game: str, players: int, options: dict[str, object]
) -> None:
    for seed in SEEDS:
        served = await hosted(plan(game, players, options), seed)
        match, guests = await play_hosted(served, seed)
        assert len(match) > 2
        truth = Truth(match)
        for guest in guests:
            assert guest.seat is not None
            assert told_wrong(truth, guest.seat, guest.frames) == []
            assert told_too_much(match, guest.seat, guest.frames) == []
        if match.is_over:
            assert all(guest.over for guest in guests), "everyone is told how it ended"


class Omniscient:
    """A host's rules made to leak: every view is the everything-view, labelled as the seat's
    own (so only what it holds can give it away)."""

    def __init__(self, rules: Rules[Any, Any, Any]) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def view(self, state: Any, seat: int | None) -> Any:
        return dataclasses.replace(self._rules.view(state, None), viewer=seat)


class Indiscreet:
    """A host's chronicle made to leak: every line worded for everyone."""

    def __init__(self, chronicle: Chronicle) -> None:
        self._chronicle = chronicle

    def lines(self, viewer: int | None, start: int = 0) -> list[Line]:
        return self._chronicle.lines(None, start)


LEAKY = [("en-garde", 2, {}), ("attacke", 3, {"face_down": True})]


@pytest.mark.parametrize(("game", "players", "options"), LEAKY, ids=lambda v: str(v))
@pytest.mark.parametrize("leak", ["views", "lines"])
async def test_the_audit_catches_a_host_that_sends_more_than_the_seat_may_see(
    hosted: Host,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    players: int,
    options: dict[str, object],
    leak: str,
) -> None:
    served = await hosted(plan(game, players, options), seed=5)
    if leak == "views":
        monkeypatch.setattr(served.host, "rules", Omniscient(served.host.rules))
    else:
        monkeypatch.setattr(served.host, "_chronicle", Indiscreet(served.host._chronicle))
    match, guests = await play_hosted(served, seed=5)
    for guest in guests:
        assert guest.seat is not None
        leaks = told_too_much(match, guest.seat, guest.frames)
        assert any(("hand" if leak == "views" else "chance") in said for said in leaks), leaks
        assert told_wrong(Truth(match), guest.seat, guest.frames) != []


def test_every_registered_game_is_audited() -> None:
    assert {game for game, _, _ in TABLES} == {rules.id for rules in registry.all()}
