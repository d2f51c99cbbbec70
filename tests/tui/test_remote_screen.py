"""The game screen on a seat of a hosted match: the host's own terminal (a direct link) and a
guest (a socket over 127.0.0.1), each drawn from its own seat's frames only.

The host runs in the test's own loop (`replays.remote.hosting.start`, port 0); the other seat is
a second table on a real socket, driven from the test as a remote player would drive it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from core import registry
from core.match import MetaEntry, Seat
from core.play import Decide
from core.rules import SPECTATOR
from replays.export import to_json
from replays.remote.hosting import Hosted, Plan, start
from replays.store import load_match
from tui.app import ParlourApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.game import GameScreen
from tui.screens.game.keys import LEAVE, STOP_HOSTING, any_time_keys
from tui.start import Start
from tui.tables.link import DirectLink, SocketLink
from tui.tables.remote import RemoteTable, Welcome
from tui.widgets.move_log import MoveLog

CROSSING = registry.get("crossing")


def plan(game: str = "crossing") -> Plan:
    return Plan(
        rules=registry.get(game),
        seats=(Seat("Ann"), Seat("Ben")),
        roles=("host", "remote"),
        address="127.0.0.1",
        port=0,
        bot_pause=0.0,
    )


@asynccontextmanager
async def hosting(game: str = "crossing") -> AsyncIterator[Hosted]:
    hosted = await start(plan(game), rng=random.Random(5))
    try:
        yield hosted
    finally:
        await hosted.close()


async def until(pilot: Pilot[None], done: Callable[[], bool], seconds: float = 5.0) -> None:
    """Let the app and the sockets run until `done()` (fails after `seconds`)."""
    for _ in range(int(seconds / 0.02)):
        if done():
            return
        await pilot.pause(0.02)
    raise AssertionError("the remote table did not get there in time")


def a_move(table: RemoteTable[Any, Any]) -> Any:
    """A legal move for the table's seat, found from its own view."""
    state = table.rules.determinize(table.view(table.seat), random.Random(0))
    return table.rules.legal_actions(state)[0]


def log_text(screen: GameScreen[Any, Any]) -> str:
    return " ".join(line.text for line in screen.query_one(MoveLog).lines)


@dataclass
class Two:
    """A Crossing hosted in the test: Ann on the host's own screen, Ben a guest on a socket."""

    app: ParlourApp
    pilot: Pilot[None]
    hosted: Hosted
    ben: RemoteTable[Any, Any]
    screen: GameScreen[Any, Any]


@asynccontextmanager
async def ann_and_ben() -> AsyncIterator[Two]:
    app = ParlourApp()
    app.animation_level = "none"
    async with app.run_test(size=(100, 32)) as pilot, hosting() as hosted:
        ben = await SocketLink(hosted.invitations[1]).open()
        screen = host_screen(app, hosted)
        await pilot.pause()
        yield Two(app, pilot, hosted, ben, screen)


@asynccontextmanager
async def bens_screen(
    size: tuple[int, int] = (100, 32),
) -> AsyncIterator[tuple[Pilot[None], Hosted, RemoteTable[Any, Any], GameScreen[Any, Any]]]:
    """Ben's game screen, his seat joined from an invitation of a match hosted in the test."""
    app = ParlourApp()
    app.animation_level = "none"
    async with app.run_test(size=size) as pilot, hosting() as hosted:
        guest = await SocketLink(hosted.invitations[1]).open()
        screen: GameScreen[Any, Any] = GameScreen(guest)
        app.push_screen(screen)
        await pilot.pause()
        yield pilot, hosted, guest, screen


def host_screen(app: ParlourApp, hosted: Hosted) -> GameScreen[Any, Any]:
    table = DirectLink(hosted.host, 0).open()
    screen: GameScreen[Any, Any] = GameScreen(table)
    app.push_screen(screen)
    return screen


async def test_a_move_made_on_another_machine_reaches_the_host_screen_and_the_file() -> None:
    async with ann_and_ben() as two:
        moved = len(two.hosted.host.match)
        two.screen.port.submit(a_move(two.screen.port))  # type: ignore[arg-type]
        await until(two.pilot, lambda: isinstance(two.ben.step(), Decide))
        two.ben.submit(a_move(two.ben))
        await until(
            two.pilot, lambda: two.screen.port.position == moved + 2 and two.screen.hold is None
        )
        assert len(two.hosted.host.match) == moved + 2
        assert "Your turn, Ann" in str(two.screen.query_one("#status").render())
        assert log_text(two.screen).count("Ben") >= 1


async def ben_asks_to_take_back(
    app: ParlourApp, pilot: Pilot[None], ben: RemoteTable[Any, Any], screen: GameScreen[Any, Any]
) -> None:
    """Ann (the host's screen) and Ben (a guest) move once each; Ben asks for his back, and
    the question is on Ann's screen."""
    screen.port.submit(a_move(screen.port))  # type: ignore[arg-type]
    await until(pilot, lambda: isinstance(ben.step(), Decide))
    ben.submit(a_move(ben))
    await until(pilot, lambda: isinstance(screen.port.step(), Decide))
    ben.take_back(1)
    await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))


async def test_a_takeback_asked_while_the_guest_is_away_is_asked_when_they_are_back() -> None:
    """Ann asked while Ben was away; back from Resume, Ben was never asked and Ann waited."""
    app = ParlourApp()
    app.animation_level = "none"
    async with app.run_test(size=(100, 32)) as pilot, hosting() as hosted:
        ann = DirectLink(hosted.host, 0).open()
        said: list[str] = []
        ann.changed = lambda rewritten: said.extend(ann.notices())
        link = SocketLink(hosted.invitations[1])
        ben = await link.open()
        ann.submit(a_move(ann))
        await until(pilot, lambda: isinstance(ben.step(), Decide))
        link.close()  # Ben leaves on his turn
        await until(pilot, lambda: ann.presence(1) == "away")
        ann.take_back(0)
        await until(pilot, lambda: any("is away" in text for text in said))
        back = await SocketLink(hosted.invitations[1]).open()
        app.push_screen(GameScreen(back))
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "Ann (White) asks to take back" in app.screen.question  # type: ignore[attr-defined]
        await pilot.press("y")
        await until(pilot, lambda: any("agreed" in text for text in said))
        await until(pilot, lambda: ann.to_move() == 0)
        back.close()
        ann.close()


async def test_a_guest_asks_to_take_back_and_the_host_player_is_asked_on_their_screen() -> None:
    async with ann_and_ben() as two:
        await ben_asks_to_take_back(two.app, two.pilot, two.ben, two.screen)
        assert "Ben (Black) asks to take back" in two.app.screen.question  # type: ignore[attr-defined]
        await two.pilot.press("y")
        await until(two.pilot, lambda: two.ben.to_move() == 1)
        kinds = [e.what for e in two.hosted.host.match.entries if isinstance(e, MetaEntry)]
        assert "takeback" in kinds


async def test_a_refused_takeback_leaves_the_move_standing_and_says_so_to_the_asker() -> None:
    async with ann_and_ben() as two:
        await ben_asks_to_take_back(two.app, two.pilot, two.ben, two.screen)
        position = len(two.hosted.host.match)
        await two.pilot.press("n")
        await until(two.pilot, lambda: any("said no" in n for n in two.ben._notices))
        assert len(two.hosted.host.match) == position


async def test_a_chat_line_from_a_guest_shows_in_the_host_move_log_as_typed() -> None:
    async with ann_and_ben() as two:
        two.ben.chat("good luck \x1b]0;pwned\x07[b]Ann[/b]")
        await until(two.pilot, lambda: "good luck" in log_text(two.screen))
        assert "[b]Ann[/b]" in log_text(two.screen) and "pwned" not in log_text(two.screen)


async def test_the_chat_key_is_offered_on_a_hosted_seat_and_says_the_line_to_the_others() -> None:
    async with ann_and_ben() as two:
        await two.pilot.press("ctrl+t")
        await two.pilot.pause()
        await two.pilot.press(*"hello", "enter")
        await until(two.pilot, lambda: any(line.kind == "chat" for line in two.ben.lines(1)))
        assert [line.words for line in two.ben.lines(1) if line.kind == "chat"] == ["Ann: hello"]


async def test_the_chat_box_counts_down_the_room_left_and_says_when_the_line_is_full() -> None:
    """Typing past 200 characters was ignored without a word."""
    from textual.widgets import Input, Static

    from core.text import CHAT_LIMIT

    async with ann_and_ben() as two:
        await two.pilot.press("ctrl+t")
        await two.pilot.pause()
        room = two.app.screen.query_one("#chat-room", Static)
        two.app.screen.query_one(Input).value = "x" * 100
        await two.pilot.pause()
        assert str(room.render()) == ""
        two.app.screen.query_one(Input).value = "x" * (CHAT_LIMIT - 10)
        await two.pilot.pause()
        assert str(room.render()) == "10 characters left."
        await two.pilot.press(*"y" * 30)
        assert len(two.app.screen.query_one(Input).value) == CHAT_LIMIT
        assert str(room.render()) == f"A line holds {CHAT_LIMIT} characters: this one is full."
        await two.pilot.press("escape")


async def test_a_guest_whose_host_stops_says_so_and_no_longer_says_where_the_others_are() -> None:
    async with bens_screen() as (pilot, hosted, guest, screen):
        status = screen.query_one("#status")
        assert "Ann (White) to move — on another machine" in str(status.render())
        hosted.server.close(close_connections=True)
        await until(pilot, lambda: "the host stopped hosting" in str(status.render()))
        assert "on another machine" not in str(status.render())  # out of touch: not known now
        assert guest.step().__class__.__name__ == "Wait"
        guest.close()


async def test_a_chat_line_typed_while_the_host_is_away_is_shown_back_not_lost() -> None:
    """The chat box closed as if the line had gone; it was in no log and no file."""
    async with bens_screen() as (pilot, hosted, guest, screen):
        hosted.server.close(close_connections=True)
        await until(pilot, lambda: "the host stopped hosting" in guest.link_state)
        await pilot.press("ctrl+t")
        await pilot.pause()
        await pilot.press(*"offline line", "enter")
        await pilot.pause()
        told = [n.message for n in screen.app._notifications if n.title == "Chat"]
        assert told and "was not sent" in told[-1] and "You wrote: offline line" in told[-1]
        guest.close()


async def test_out_of_touch_on_their_turn_a_guest_is_not_told_what_to_play() -> None:
    """It read "Your turn, Ben (Black): move a stone or a phalanx · the host stopped hosting…",
    though no move could be sent."""
    async with bens_screen() as (pilot, hosted, guest, screen):
        ann = DirectLink(hosted.host, 0).open()  # the host's own seat
        ann.submit(a_move(ann))
        await until(pilot, lambda: isinstance(guest.step(), Decide))
        status = screen.query_one("#status")
        await until(pilot, lambda: "Your turn, Ben (Black): " in str(status.render()))
        hosted.server.close(close_connections=True)
        await until(pilot, lambda: "the host stopped hosting" in str(status.render()))
        assert "Your turn, Ben (Black) · the host stopped hosting" in str(status.render())
        await pilot.pause()
        assert screen.table.turn is None  # no stone to pick: no move could be sent
        assert "move a stone" not in str(screen.query_one("#news").render())
        ann.close()
        guest.close()


async def test_the_help_lists_the_keys_a_match_across_machines_offers() -> None:
    """A guest's help listed `l` (which only said the host keeps the file) and "q — save and
    go back to the menu"; the host's left out F2, which its footer showed."""
    async with bens_screen() as (_pilot, _hosted, guest, screen):
        keys = dict(any_time_keys(screen))
        assert keys["`q`"] == LEAVE and "`ctrl+t`" in keys
        assert "`l`" not in keys and "`f2`" not in keys
        guest.close()
    async with ann_and_ben() as two:
        two.app.hosted = two.hosted  # as the app's own hosting sets it
        keys = dict(any_time_keys(two.screen))
        assert keys["`q`"] == STOP_HOSTING and {"`f2`", "`l`", "`ctrl+t`"} <= set(keys)
        two.app.hosted = None
        two.ben.close()


async def test_a_spectator_sees_the_public_view_and_cannot_move() -> None:
    async with hosting("en-garde") as hosted:
        watching = await SocketLink(hosted.invitations[SPECTATOR]).open()
        view = watching.view(0)
        assert watching.seat == SPECTATOR
        assert view.hands == (None, None)
        assert not isinstance(watching.step(), Decide)
        await asyncio.sleep(0)
        watching.close()


async def test_a_guest_keeps_a_copy_of_the_finished_match_in_its_own_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with hosting() as hosted:
        ben = await SocketLink(hosted.invitations[1]).open()
        ann = DirectLink(hosted.host, 0).open()
        assert ben.path is None
        ann.resign(0)
        for _ in range(250):
            if ben.is_over:
                break
            await asyncio.sleep(0.02)
        assert ben.is_over and ben.path == hosted.host.opened.path  # the same store here
        record = to_json(hosted.host.match)
        monkeypatch.setenv("PARLOUR_HOME", str(tmp_path / "guest"))
        elsewhere: RemoteTable[Any, Any] = RemoteTable(ben_welcome(hosted), ben)
        elsewhere.receive({"t": "record", "json": record})
        assert elsewhere.path is not None and elsewhere.path.is_relative_to(tmp_path / "guest")
        kept, damage = load_match(elsewhere.path)
        assert damage is None and kept.is_over and len(kept) == len(hosted.host.match)
        ben.close()


def ben_welcome(hosted: Hosted) -> Welcome:
    header = hosted.host.match.header
    return Welcome(
        {
            "game": header.game,
            "match": header.match_id,
            "options": dict(header.options),
            "seats": [{"name": s.name, "kind": s.kind} for s in header.seats],
            "seat": 1,
        }
    )


async def test_a_match_across_machines_ends_on_the_result_panel_offering_a_rematch() -> None:
    from textual.widgets import Button

    from tui.screens.round_end import MatchEndScreen

    async with ann_and_ben() as two:
        two.ben.resign(1)
        await until(two.pilot, lambda: isinstance(two.app.screen, MatchEndScreen))
        await two.pilot.pause()  # its buttons composed
        buttons = {button.id for button in two.app.screen.query(Button)}
        assert "rematch" in buttons and "replay" in buttons
        assert "Ann" in two.app.screen.end.headline  # type: ignore[attr-defined]


def talk_text(app: ParlourApp) -> str:
    return str(app.screen.query_one("#talk").render())


async def test_a_rematch_asked_on_one_screen_is_asked_on_the_other_and_both_move_over() -> None:
    from tui.screens.round_end import MatchEndScreen

    async with ann_and_ben() as two:
        old = two.hosted.host
        two.ben.resign(1)
        await until(two.pilot, lambda: isinstance(two.app.screen, MatchEndScreen))
        two.ben.ask_rematch(True)
        await until(two.pilot, lambda: "Ben asks for a rematch" in talk_text(two.app))
        assert "g agrees, x says no" in talk_text(two.app)
        await two.pilot.press("g")
        await until(two.pilot, lambda: two.ben.moved_to is not None)
        ben = await two.ben.follow()  # Ben leaves the old match first: it tells Ann again
        await until(
            two.pilot,
            lambda: isinstance(two.app.screen, GameScreen) and two.app.screen is not two.screen,
        )
        await two.pilot.pause(0.2)
        screen = two.app.screen
        assert isinstance(screen, GameScreen)
        assert screen.port.seats[1].name == "Ann" and screen.seating.humans == (1,)
        assert two.hosted.host is old.successor and not two.hosted.host.closed
        try:
            assert ben.seat == 0 and ben.match_id == two.hosted.host.match_id
        finally:
            ben.close()


async def test_a_rematch_said_no_to_is_told_on_the_panel() -> None:
    from tui.screens.round_end import MatchEndScreen

    async with ann_and_ben() as two:
        two.ben.resign(1)
        await until(two.pilot, lambda: isinstance(two.app.screen, MatchEndScreen))
        await two.pilot.press("g")
        await until(two.pilot, lambda: "Waiting for Ben" in talk_text(two.app))
        from textual.widgets import Button

        assert two.app.screen.query_one("#rematch", Button).disabled  # asked: nothing to press
        two.ben.ask_rematch(False)
        await until(two.pilot, lambda: "Ben said no: no rematch." in talk_text(two.app))
        assert two.hosted.host.successor is None


def fencing(table: RemoteTable[Any, Any]) -> Any:
    """A fencer in a hurry: attack when a card hits, else advance as far as the hand allows."""
    rules = table.rules
    state = rules.determinize(table.view(table.seat), random.Random(0))
    legal = rules.legal_actions(state)
    named = {rules.notation(action): action for action in legal}
    attacks = [n for n in named if n.startswith("x")]
    forward = sorted((n for n in named if n.endswith(">")), key=lambda n: int(n[:-1]))
    return named[(attacks or forward or sorted(named))[-1]]


async def test_every_seat_sees_the_table_as_a_round_ended_before_the_next_deal() -> None:
    async with hosting("en-garde") as hosted:
        phases: list[str] = []
        ben = await SocketLink(hosted.invitations[1]).open()
        ben.changed = lambda rewritten: phases.append(ben.view(1).phase)
        ann = DirectLink(hosted.host, 0).open()
        for _ in range(2000):
            if "round-over" in phases or ben.chapter() > 1:
                break
            for table in (ann, ben):
                if isinstance(table.step(), Decide):
                    table.submit(fencing(table))
            await asyncio.sleep(0.01)
        assert "round-over" in phases, phases  # told before the deal that opens round 2
        ben.close()


def free_port() -> int:
    """A port nothing listens on (it was free a moment ago)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def joining_text(app: ParlourApp) -> str:
    from textual.widgets import Static

    shown = app.screen.query("#joining-head, #joining").results(Static)
    return " | ".join(str(widget.render()) for widget in shown)


async def test_an_invitation_the_host_turns_away_says_so_once_and_offers_no_retry() -> None:
    from dataclasses import replace

    from tui.screens.remote import JoiningScreen

    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot, hosting() as hosted:
        wrong = replace(hosted.invitations[1], secret="0" * 32)
        app.push_screen(JoiningScreen(wrong))
        await until(pilot, lambda: "Could not join" in joining_text(app))
        said = joining_text(app)
        assert said == (
            f"Could not join the match at 127.0.0.1:{wrong.port} | This invitation is not "
            "valid here: ask the host to host that match again, or for a new invitation.\n\n"
            "Press q to leave."
        )
        assert app.screen.check_action("retry", ()) is False


async def test_a_host_not_yet_listening_is_not_blamed_on_the_invitation_and_r_tries_again() -> None:
    from dataclasses import replace

    from tui.screens.remote import JoiningScreen

    app = ParlourApp()
    app.animation_level = "none"
    async with app.run_test(size=(100, 32)) as pilot, hosting() as hosted:
        real = hosted.invitations[1]
        joining = JoiningScreen(replace(real, port=free_port()))
        app.push_screen(joining)
        await until(pilot, lambda: "Could not join" in joining_text(app))
        said = joining_text(app)
        assert "is the host running?" in said and said.endswith(
            "Press r to try again, or q to leave."
        )
        assert "new invitation" not in said and "ws://" not in said
        assert said.startswith(f"Could not join the match at 127.0.0.1:{joining.invitation.port}")
        joining.invitation = real  # the host is up now
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        app.screen.port.close()  # type: ignore[attr-defined]


async def test_a_spectator_is_offered_chat_but_neither_take_back_nor_resign() -> None:
    app = ParlourApp()
    app.animation_level = "none"
    async with app.run_test(size=(100, 32)) as pilot, hosting("en-garde") as hosted:
        watching = await SocketLink(hosted.invitations[SPECTATOR]).open()
        app.push_screen(GameScreen(watching))
        await pilot.pause()
        offered = {shown.binding.action for shown in app.screen.active_bindings.values()}
        assert "chat" in offered and "leave" in offered
        assert "take_back" not in offered and "resign" not in offered
        status = str(app.screen.query_one("#status").render())
        assert status.startswith("Watching · "), status  # nothing said so before
        await pilot.press("u")
        await pilot.pause()
        assert not app._notifications  # no "no move of yours to take back" for one who has none
        watching.close()


async def test_a_terminal_whose_seat_is_taken_elsewhere_offers_no_take_back_resign_or_chat() -> (
    None
):
    """Its footer still listed `u`, `ctrl+r` and `ctrl+t` for a seat played elsewhere now."""
    async with bens_screen() as (pilot, hosted, ben, screen):
        offered = {shown.binding.action for shown in screen.active_bindings.values()}
        assert {"take_back", "resign", "chat"} <= offered
        elsewhere = await SocketLink(hosted.invitations[1]).open()
        await until(pilot, lambda: ben.out_for_good)
        await pilot.pause()
        offered = {shown.binding.action for shown in screen.active_bindings.values()}
        assert not {"take_back", "resign", "chat"} & offered, offered
        assert "leave" in offered
        keys = [key for key, _ in any_time_keys(screen)]
        assert "`u`" not in keys and "`ctrl+r`" not in keys and "`ctrl+t`" not in keys
        elsewhere.close()
        ben.close()


async def test_the_host_player_asking_to_take_back_is_not_told_they_asked_the_host() -> None:
    async with ann_and_ben() as two:
        two.screen.port.submit(a_move(two.screen.port))  # type: ignore[arg-type]
        await until(two.pilot, lambda: isinstance(two.ben.step(), Decide))
        await until(two.pilot, lambda: two.screen.hold is None)
        await two.pilot.press("u")
        await until(two.pilot, lambda: two.ben.asked() == 0)
        await until(two.pilot, lambda: len(two.app._notifications) > 0)
        told = [(n.title, n.message) for n in two.app._notifications]
        assert all("the host" not in f"{title} {message}" for title, message in told), told
        assert any("Asked Ben" in message for _, message in told), told


async def test_a_move_tried_while_the_host_is_away_says_it_was_not_sent_and_what_to_do() -> None:
    """It said "Your move waits until the host is back" and threw the move away."""
    async with ann_and_ben() as two:
        two.screen.port.submit(a_move(two.screen.port))  # type: ignore[arg-type]
        await until(two.pilot, lambda: isinstance(two.ben.step(), Decide))
        move = a_move(two.ben)
        two.hosted.server.close(close_connections=True)
        await until(two.pilot, lambda: bool(two.ben.link_state))
        assert two.ben.check(move) == (
            "Not sent: the host stopped hosting; waiting for it to host again… Play it again "
            "once the host is back."
        )
        two.ben.close()


async def test_a_guest_who_leaves_is_away_and_one_who_drops_is_reconnecting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Ben comes back after 2 s, not half a second: on a busy machine the status could miss
    # so short a drop (a fresh-clone CI run once did)
    monkeypatch.setattr("tui.tables.link.PAUSES", (2.0,))
    async with ann_and_ben() as two:
        two.screen.port.submit(a_move(two.screen.port))  # type: ignore[arg-type]
        await until(two.pilot, lambda: isinstance(two.ben.step(), Decide))
        status = two.screen.query_one("#status")
        link = two.ben._link
        assert isinstance(link, SocketLink) and link._ws is not None
        link._ws.transport.abort()  # the line is lost: Ben's table comes back by itself
        said = "Ben (Black) to move — lost the connection, reconnecting…"  # Ben is, not the host
        await until(two.pilot, lambda: said in str(status.render()))
        await until(two.pilot, lambda: two.screen.port.presence(1) == "on another machine")
        two.ben.close()  # Ben leaves the match
        await until(two.pilot, lambda: "Ben (Black) to move — away" in str(status.render()))


async def test_a_guest_who_leaves_while_reconnecting_leaves_no_connection_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def soon(done: Callable[[], bool]) -> None:
        async with asyncio.timeout(5):
            while not done():
                await asyncio.sleep(0.01)

    async with hosting() as hosted:
        ben = await SocketLink(hosted.invitations[1]).open()
        link = ben._link
        assert isinstance(link, SocketLink) and link._ws is not None
        here = hosted.host._seats[1]

        async def unanswered(*args: object, **kwargs: object) -> Any:
            await asyncio.Event().wait()  # the host's welcome is slow to come

        monkeypatch.setattr(SocketLink, "_expect", unanswered)
        link._ws.transport.abort()
        await soon(lambda: not here.guests)
        await soon(lambda: bool(here.guests))  # back in, waiting for the welcome
        ben.close()  # the player leaves meanwhile
        await soon(lambda: not here.guests)
        assert hosted.host._presence(1) == "away"


async def test_once_the_host_has_left_a_finished_match_no_rematch_is_offered() -> None:
    from textual.widgets import Button

    from tui.screens.round_end import MatchEndScreen

    app = ParlourApp()
    app.animation_level = "none"
    async with app.run_test(size=(100, 32)) as pilot, hosting() as hosted:
        guest = await SocketLink(hosted.invitations[1]).open()
        app.push_screen(GameScreen(guest))
        DirectLink(hosted.host, 0).open().resign(0)
        await until(pilot, lambda: isinstance(app.screen, MatchEndScreen))
        await pilot.pause()
        assert app.screen.check_action("rematch", ()) is True
        hosted.server.close(close_connections=True)
        await until(pilot, lambda: "The host has left" in talk_text(app))
        assert app.screen.check_action("rematch", ()) is False
        assert app.screen.query_one("#rematch", Button).disabled


async def test_the_invitations_key_goes_once_a_finished_hosted_match_is_left() -> None:
    from textual.widgets._footer import FooterKey

    from tui.screens.menu import MenuScreen
    from tui.screens.round_end import MatchEndScreen
    from tui.start import Start

    def footer() -> list[str]:
        return [key.action for key in app.screen.query(FooterKey)]

    app = ParlourApp(Start(kind="host", hosting=plan("en-garde")))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.hosted is not None)
        hosted = app.hosted
        assert hosted is not None
        await pilot.press("enter")  # the invitations, read
        ben = await SocketLink(hosted.invitations[1]).open()
        await pilot.pause(0.5)
        ben.resign(1)
        await until(pilot, lambda: isinstance(app.screen, MatchEndScreen))
        await pilot.pause(0.5)
        ben.ask_rematch(True)
        await until(pilot, lambda: "Ben asks for a rematch" in talk_text(app))
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await until(pilot, lambda: app.hosted is None)
        await pilot.pause(0.3)
        assert "invitations" not in footer()
        ben.close()
        await hosted.close()


async def test_hosting_on_a_port_in_use_says_so_and_leaves_no_unplayed_match_behind() -> None:
    import socket
    from dataclasses import replace

    from replays.remote.hosting import CannotHost
    from replays.store import list_matches

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = replace(plan(), port=taken.getsockname()[1])
        with pytest.raises(CannotHost) as refused:
            await start(busy)
    said = str(refused.value)
    assert "that port is in use" in said and "--listen ADDRESS:PORT" in said
    assert "attempting to bind" not in said
    assert list_matches() == []


async def test_watching_with_a_seat_invitation_is_refused_and_keeps_no_record_of_that_seat() -> (
    None
):
    from replays import paths
    from tui.screens.remote import JoiningScreen

    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot, hosting() as hosted:
        app.push_screen(JoiningScreen(hosted.invitations[1], watch=True))
        await until(pilot, lambda: "Could not join" in joining_text(app))
        assert joining_text(app).endswith(
            " | This invitation is for a seat: join without --watch to play it.\n\n"
            "Press q to leave."
        )
        kept = list(paths.matches_dir().rglob("*.seen"))
        assert kept == []
        await until(pilot, lambda: not hosted.host._seats[1].guests)


async def test_parlour_join_turned_away_ends_with_exit_code_2() -> None:
    """`parlour join` that could not join ended with 0, as if all went well."""
    async with hosting() as hosted:
        wrong = dataclasses.replace(hosted.invitations[1], secret="0" * 32)
        app = ParlourApp(Start(kind="join", match=str(wrong)))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: "Press q to leave" in joining_text(app))
            await pilot.press("q")
            await pilot.pause()
        assert app.return_code == 2


async def test_the_joining_footer_names_the_key_its_text_says() -> None:
    from textual.widgets._footer import FooterKey

    from tui.screens.remote import JoiningScreen

    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot, hosting() as hosted:
        wrong = dataclasses.replace(hosted.invitations[1], secret="0" * 32)
        app.push_screen(JoiningScreen(wrong))
        await until(pilot, lambda: "Press q to leave" in joining_text(app))
        await pilot.pause(0.2)
        keys = {key.action: key.key for key in app.screen.query(FooterKey)}
        assert keys["leave"] == "q"


async def test_a_guest_turned_away_on_reconnecting_is_told_so_whole_at_80_columns() -> None:
    async with bens_screen((80, 24)) as (pilot, hosted, guest, screen):
        hosted.host.keys.reissue(1)  # the host gave Ben's seat a new invitation
        link = guest._link
        assert isinstance(link, SocketLink) and link._ws is not None
        link._ws.transport.abort()
        status = screen.query_one("#status")
        await until(pilot, lambda: "turned away" in str(status.render()))
        said = str(status.render())
        assert said.endswith("gave this seat a new invitation"), said
        assert len(said) <= 2 * (status.size.width - 2), said  # two lines, not cut


async def test_leaving_a_match_hosted_here_asks_first_while_a_guest_plays_from_elsewhere() -> None:
    """q on the host's screen stopped hosting at once, with Ben mid-match on another machine."""
    async with ann_and_ben() as two:
        await two.pilot.press("q")
        await two.pilot.pause()
        assert isinstance(two.app.screen, ConfirmScreen)
        assert "Ben plays from another machine" in two.app.screen.question
        await two.pilot.press("n")  # keep playing
        await two.pilot.pause()
        assert two.app.screen is two.screen and not two.screen.finished
        await two.pilot.press("q", "y")
        await until(two.pilot, lambda: two.app.screen is not two.screen)
        await until(two.pilot, lambda: not two.hosted.host._seats[0].guests)  # Ann let go


async def test_leaving_a_hosted_match_nobody_joined_yet_asks_nothing() -> None:
    app = ParlourApp()
    app.animation_level = "none"
    async with app.run_test(size=(100, 32)) as pilot, hosting() as hosted:
        screen = host_screen(app, hosted)
        await pilot.pause()
        await pilot.press("q")
        await until(pilot, lambda: app.screen is not screen)
        assert not isinstance(app.screen, ConfirmScreen)


async def test_quitting_the_app_while_it_hosts_a_match_says_how_to_host_it_again() -> None:
    """ctrl+q while hosting stopped the match for everyone and said nothing on the terminal."""
    app = ParlourApp(Start(kind="host", hosting=plan()))
    app.animation_level = "none"
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: app.hosted is not None)
        match_id = app.hosted.host.match_id[:8] if app.hosted else ""
        assert app.farewell() is None  # still hosting
        await pilot.press("ctrl+q")
    said = app.farewell()
    assert said is not None and f"parlour host --resume {match_id}" in said


async def test_the_invitations_dialog_gives_each_whole_command_on_one_line_to_copy() -> None:
    """It read "Ben (seat 2): parlour join" above "parlour://…": a mouse copy of the
    invitation's line missed the command, one of both lines took two."""
    from textual.widgets import Static

    from replays.remote.hosting import invitation_lines
    from tui.screens.remote import InvitationsScreen

    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot, hosting() as hosted:
        lines = invitation_lines(hosted)
        assert lines[0] == ("Ben (seat 2):", f"parlour join {hosted.invitations[1]}")
        assert lines[-1][1] == f"parlour join --watch {hosted.invitations[SPECTATOR]}"
        app.push_screen(InvitationsScreen(lines, "Listening on 127.0.0.1"))
        await pilot.pause()
        for shown in app.screen.query(".invitation").results(Static):
            assert str(shown.render()).startswith("parlour join ")
            assert shown.region.height == 1  # whole on its row at 100 columns


async def test_the_command_that_lets_other_machines_in_is_whole_on_its_own_row_at_80_columns() -> (
    None
):
    """It ended the centred "Listening on …" sentence, broken inside `--listen 0.0.0.0:PORT`."""
    from textual.widgets import Static

    from tui.screens.remote import InvitationsScreen

    app = ParlourApp(Start(kind="host", hosting=plan()))
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.hosted is not None)
        if not isinstance(app.screen, InvitationsScreen):
            await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, InvitationsScreen))
        hosted = app.hosted
        assert hosted is not None
        widening = app.screen.query_one(".widening", Static)
        command = f"parlour host --resume {hosted.host.match_id[:8]} --listen 0.0.0.0:PORT"
        assert str(widening.render()) == command and widening.region.height == 1
        said = " ".join(str(s.render()) for s in app.screen.query(".why").results(Static))
        assert "this machine only." in said and "host it again with:" in said
        await pilot.press("ctrl+q")
