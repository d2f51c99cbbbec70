"""`parlour host` and `parlour join` on the command line: what they check before anything
listens or connects, and the one-line errors for what cannot be done."""

from __future__ import annotations

import socket

import pytest

from replays.remote import hosting
from tui import app
from tui.cli import main
from tui.start import Start


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Start | None]:
    """Every Start the app was run with (the app itself does not open)."""
    runs: list[Start | None] = []
    monkeypatch.setenv("PARLOUR_FORCE_TTY", "1")
    monkeypatch.setattr(app, "run", lambda start: runs.append(start) or 0)
    monkeypatch.setattr(hosting, "check_port", lambda plan: None)  # whatever else runs here
    return runs


def error(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().err


def test_host_with_a_screen_plays_the_first_seat_here_and_invites_the_rest(
    started: list[Start | None],
) -> None:
    assert (
        main(["host", "attacke", "--players", "4", "--seat", "here=Ann", "--seat", "random"]) == 0
    )
    plan = started[0].hosting  # type: ignore[union-attr]
    assert [s.name for s in plan.seats][:2] == ["Ann", "Random bot"]
    assert plan.roles == ("host", "bot", "remote", "remote")
    assert (plan.address, plan.port) == ("127.0.0.1", 7480)


def test_host_names_unnamed_bots_as_the_new_game_form_does_each_seat_apart(
    started: list[Start | None],
) -> None:
    """Two bots of a kind were both "IS-MCTS": the move log could not tell them apart."""
    argv = ["host", "attacke", "--players", "4", "--seat", "here", "--seat", "ismcts"]
    assert main([*argv, "--seat", "ismcts:normal", "--seat", "remote"]) == 0
    plan = started[0].hosting  # type: ignore[union-attr]
    names = ["Host", "Normal ismcts bot", "Normal ismcts bot 2", "Guest 4"]
    assert [s.name for s in plan.seats] == names


def test_host_listens_where_it_is_told(started: list[Start | None]) -> None:
    # Only the plan is read: the app is a stand-in here, so nothing listens or connects.
    assert main(["host", "crossing", "--listen", "127.0.0.1:9000"]) == 0
    plan = started[0].hosting  # type: ignore[union-attr]
    assert (plan.address, plan.port) == ("127.0.0.1", 9000)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["host"], "name the game to host"),
        (["host", "chess"], "no game"),
        (["host", "crossing", "--listen", "nowhere"], "is not ADDRESS:PORT"),
        (["host", "crossing", "--listen", "1.2.3.4:70000"], "is not ADDRESS:PORT"),
        (["host", "crossing", "--seat", "here", "--seat", "here"], "only one seat can be played"),
        (["host", "crossing", "--seat", "random", "--seat", "greedy"], "every seat is a bot"),
        (["host", "crossing", "--seat", "here=Ann", "--seat", "remote=ann"], "two seats are named"),
        (["host", "crossing", "--seat", "wizard"], "no bot called"),
        (["host", "crossing", "--headless", "--seat", "here"], "a headless host has no player"),
        (["host", "crossing", "--seat", "a", "--seat", "b", "--seat", "c"], "for 2 players, not 3"),
        (["host", "crossing", "--reissue", "2"], "use it with --resume"),
        (["host", "--resume", "abc", "crossing"], "give no GAME"),
        (["host", "--resume", "abc", "--reissue", "two"], "is not a seat number"),
        (["host", "--resume", "zzz"], "'zzz' is not a match id"),
        (["host", "--resume", "ffffffff"], "no saved match has the id 'ffffffff'"),
        (["host", "crossing", "--tls", "/no/cert", "/no/key"], "cannot use the certificate"),
        (["join", "http://example.com"], "invitation looks like"),
        (["join", "parlour://127.0.0.1:7480/abc/def"], "invitation looks like"),
        (
            [
                "join",
                "parlour://127.0.0.1:7480/" + "a" * 8 + "/" + "b" * 32,
                "--watch",
                "--bot",
                "random",
            ],
            "a bot plays a seat",
        ),
        (
            ["join", "parlour://127.0.0.1:7480/" + "a" * 8 + "/" + "b" * 32, "--bot", "wizard"],
            "no bot",
        ),
    ],
)
def test_host_and_join_refuse_what_cannot_be_done_in_one_line(
    argv: list[str], said: str, started: list[Start | None], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    text = error(capsys)
    assert said in text and text.startswith("parlour: ") and "Traceback" not in text
    assert ". —" not in text
    assert started == []


def test_join_passes_the_checked_invitation_to_the_app(started: list[Start | None]) -> None:
    url = "parlour://127.0.0.1:7480/" + "a" * 8 + "/" + "b" * 32
    assert main(["join", f"  {url} ", "--watch"]) == 0
    assert started == [Start(kind="join", match=url, watch=True)]


def test_a_bot_joining_where_nothing_listens_is_refused_with_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"parlour://127.0.0.1:{port}/" + "a" * 8 + "/" + "b" * 32
    assert main(["join", url, "--bot", "random"]) == 2
    assert "nothing listens there" in error(capsys)


def test_resuming_a_match_that_was_never_hosted_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from core import registry
    from core.match import Seat
    from replays.store import create_match

    opened = create_match(registry.get("crossing"), (Seat("Ann"), Seat("Ben")))
    match_id = opened.match.header.match_id
    opened.close()
    assert main(["host", "--resume", match_id, "--headless", "--listen", "127.0.0.1:0"]) == 2
    assert "was not hosted here" in error(capsys)


def test_hosting_with_a_screen_on_a_port_in_use_is_refused_before_the_app_opens(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The app opened, and only then said it could not listen."""
    runs: list[Start | None] = []
    monkeypatch.setenv("PARLOUR_FORCE_TTY", "1")
    monkeypatch.setattr(app, "run", lambda start: runs.append(start) or 0)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["host", "crossing", "--listen", f"127.0.0.1:{port}"]) == 2
    said = error(capsys)
    assert said.startswith(f"parlour: cannot listen on 127.0.0.1:{port}: that port is in use")
    assert "--listen ADDRESS:PORT" in said and said.count("\n") == 1
    assert runs == []
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    assert main(["host", "crossing", "--listen", f"127.0.0.1:{port}"]) == 0  # free: it opens
    assert len(runs) == 1


def test_resuming_with_a_screen_a_match_never_hosted_is_refused_before_the_app_opens(
    started: list[Start | None], capsys: pytest.CaptureFixture[str]
) -> None:
    from core import registry
    from core.match import Seat
    from replays.store import create_match

    opened = create_match(registry.get("crossing"), (Seat("Ann"), Seat("Ben")))
    match_id = opened.match.header.match_id
    opened.close()
    assert main(["host", "--resume", match_id[:8]]) == 2
    assert "was not hosted here" in error(capsys)
    assert started == []


async def test_a_bot_given_a_spectators_invitation_is_refused_for_want_of_a_seat() -> None:
    import random

    from core import registry
    from core.match import Seat
    from core.rules import SPECTATOR
    from replays.remote.hosting import Plan, start
    from tui.cli.common import CliError
    from tui.cli.remote import _bot_seat

    hosted = await start(
        Plan(
            rules=registry.get("crossing"),
            seats=(Seat("Ann"), Seat("Ben")),
            roles=("remote", "remote"),
            port=0,
            bot_pause=0.0,
        ),
        rng=random.Random(1),
    )
    try:
        with pytest.raises(CliError, match="holds no seat for the bot"):
            await _bot_seat(hosted.invitations[SPECTATOR], "random")
    finally:
        await hosted.close()
