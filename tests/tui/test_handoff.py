"""The hot-seat handoff hides every hand, even from a screenshot, and tells what happened."""

from __future__ import annotations

import pytest
from textual.app import App

from core.match import Seat
from tests.tui.test_game_flow import (
    ANN_DEAL,
    BOB_DEAL,
    REFILLS,
    draws,
    keys,
    new_app,
    open_game,
    screen_text,
)
from tests.tui.test_game_flow import scripted_match as new_match
from tui.games.en_garde.cards import card_art
from tui.screens.handoff import READY_GRACE, HandoffScreen


def notices(app: App[None]) -> list[str]:
    """What the app has told the player in notifications so far."""
    return [n.message for n in app._notifications]


def card_rows(hand: tuple[int, ...]) -> list[str]:
    """The row of each card that shows its value, exactly as the hand draws it."""
    return [
        card_art(slot, value, selected=False, played=False).splitlines()[1]
        for slot, value in enumerate(hand)
    ]


async def test_the_handoff_screenshot_shows_no_card_of_any_hand() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, new_match(), draws(list(REFILLS)))
        await keys(pilot, "enter")
        seen = screen_text(app.export_screenshot())
        ann_now = tuple(sorted(ANN_DEAL))
        assert all(row in seen for row in card_rows(ann_now))  # the check can see cards
        assert "•" in seen

        await keys(pilot, *["right"] * 4, "f", "enter")
        assert isinstance(app.screen, HandoffScreen)
        shot = screen_text(app.export_screenshot())
        assert "Bob" in shot
        ann_after = (1, 2, 3, 4, 4)  # played a 4, drew a 4
        for row in card_rows(ann_after) + card_rows(tuple(sorted(BOB_DEAL))):
            assert row not in shot
        assert "•" not in shot and "╭1" not in shot and "┏" not in shot
        # Behind the handoff the game screen itself holds no hand either.
        assert not any(face.display for face in screen.query(".eg-card"))


async def test_after_the_handoff_the_player_reads_what_happened() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, new_match(), draws(list(REFILLS)))
        await keys(pilot, "enter", *["right"] * 4, "f", "enter", "enter")
        assert screen.viewer == 1
        news = str(screen.query_one("#news").render())
        assert news.startswith("Ann moved 4 forward")
        log = " ".join(" ".join(line.text for line in screen.query_one("#log").lines).split())
        assert "Ann drew a card" in log and "Ann drew a 4" not in log
        assert "Bob drew 1, 2, 3, 5 and 5" in log


async def test_a_human_against_a_bot_gets_no_handoff() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        opened = new_match((Seat("Ann"), Seat("Robo", "bot", "random")))
        screen = await open_game(app, pilot, opened, draws([]))
        assert app.screen is screen and screen.viewer == 0
        assert screen.query_one("#hand").border_title == "Ann's hand"


async def test_an_enter_typed_ahead_does_not_pass_the_handoff(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The player who just moved may still be pressing Enter: for a moment after the handoff
    appears, "ready" is not taken; a deliberate Enter after that is."""
    assert READY_GRACE > 0.5  # the app's own grace: long enough for a key still held
    # an hour here, so that a machine busy enough to take the app's 0.8 s over three key
    # presses cannot fail the test; the mechanism is the same
    monkeypatch.setattr(HandoffScreen, "GRACE", 3600.0)
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, new_match(), draws(list(REFILLS)))
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen)
        await keys(pilot, "enter", "enter", "enter")
        assert app.screen is handoff and screen.viewer is None
        assert handoff.query_one("#ready").disabled  # dimmed: it shows it takes no key yet
        handoff._shown -= handoff.GRACE  # as if the player waited that long
        await keys(pilot, "enter")
        assert app.screen is screen and screen.viewer == 0


async def test_ctrl_s_on_a_handoff_says_where_a_screenshot_can_be_taken() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(app, pilot, new_match(), draws(list(REFILLS)))
        assert isinstance(app.screen, HandoffScreen)
        await keys(pilot, "ctrl+s")
        assert isinstance(app.screen, HandoffScreen)
        assert any("shows nothing of the game" in m for m in notices(app))


async def test_u_before_moving_names_whose_move_cannot_be_taken_back() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, new_match(), draws(list(REFILLS)))
        await keys(pilot, "enter", *["right"] * 4, "f", "enter", "enter")
        assert screen.viewer == 1  # Bob, who has not moved; Ann drew after her move
        await keys(pilot, "u")
        said = notices(app)
        assert any(m.startswith("Ann's last move cannot be taken back") for m in said), said


async def test_the_handoff_score_line_wraps_between_players_never_inside_one() -> None:
    """At 80 columns a three-player line read "… · Player 3" / "0": a player's count alone."""
    from tui.screens.handoff import HandoffScreen
    from tui.widgets.hung_text import HungText

    detail = "Contest 3 · Player 1 0  ·  Player 2 [R][B] 2  ·  Player 3 0"
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(HandoffScreen("Player 3", detail))
        await pilot.pause()
        line = app.screen.query_one(".handoff-detail", HungText)
        rows = [strip.text.strip() for strip in line.render_lines(line.region.reset_offset)]
        rows = [row for row in rows if row]
        assert len(rows) == 2, rows
        assert rows[-1] == "Player 3 0" and " ".join(rows).split() == detail.split()


async def test_at_the_end_of_a_hot_seat_match_the_move_log_tells_the_whole_match() -> None:
    """After a resignation the Moves column beside the match-end panel was empty: nobody was
    at the device, so nobody's words were shown. The match is over: every card may be named."""
    from tui.screens.round_end import MatchEndScreen

    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, new_match(), draws(list(REFILLS)))
        await keys(pilot, "enter", *["right"] * 4, "f", "enter", "enter")  # Ann moves; Bob
        await keys(pilot, "ctrl+r", "y")  # Bob resigns
        await pilot.pause()
        assert isinstance(app.screen, MatchEndScreen)
        log = " ".join(" ".join(line.text for line in screen.query_one("#log").lines).split())
        assert "Ann drew a 4" in log and "Ann drew a card" not in log, log  # named now
        assert "Bob drew 1, 2, 3, 5 and 5" in log and "resign" in log, log


async def test_a_hot_seat_takeback_names_the_move_and_asks_the_player_to_move() -> None:
    """It read "Ann asks to take back their last move. Bob, do you agree?" when Bob had
    pressed the key: at one keyboard either may press it."""
    from core import registry
    from replays.store import create_match
    from tui.screens.confirm import ConfirmScreen

    rules = registry.get("crossing")
    opened = create_match(rules, (Seat("Ann"), Seat("Bob")), {})
    opened.submit(rules.legal_actions(opened.match.state)[0])
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, opened, draws([]))
        await keys(pilot, "enter")  # Bob at the keyboard
        assert screen.viewer == 1
        await keys(pilot, "u")
        asked = app.screen
        assert isinstance(asked, ConfirmScreen)
        assert asked.question == (
            "Take back the last move of Ann (White)?\nBob (Black), it is your turn: do you agree?"
        )


async def test_the_ready_button_is_dimmed_for_the_grace_and_lit_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An Enter in the first moment did nothing and nothing said why."""
    monkeypatch.setattr(HandoffScreen, "GRACE", 2.0)
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(app, pilot, new_match(), draws(list(REFILLS)))
        ready = app.screen.query_one("#ready")
        assert ready.disabled
        for _ in range(100):  # lit once the grace is over (at most ten seconds on a busy machine)
            if not ready.disabled:
                break
            await pilot.pause(0.1)
        assert not ready.disabled
