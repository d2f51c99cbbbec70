"""The game screen driven through the keyboard, with every card chosen by the test.

Deals are scripted by submitting the Draw chance actions before the screen opens; the draws
that come later (refills) are dealt by the screen from a scripted chance source.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Button

from core import registry
from core.games.en_garde import EnGarde
from core.games.en_garde.actions import Draw, Move
from core.games.en_garde.view import EnGardeView, PendingAttack, RoundResult
from core.match import ActionEntry, Seat
from core.rules import CHANCE
from replays.store import OpenMatch, create_match, open_match
from tui.app import ParlourApp
from tui.games.en_garde import fencers, prompt, rounds
from tui.games.en_garde.fencers import Fencer
from tui.games.en_garde.hand import waiting
from tui.games.en_garde.piste import EnGardeBoard
from tui.screens.annotate import AnnotateScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.game import GameScreen
from tui.screens.handoff import READY_GRACE, HandoffScreen
from tui.screens.help import HelpScreen, KeysScreen
from tui.screens.menu import MenuScreen
from tui.screens.replay import ReplayScreen
from tui.screens.round_end import ChapterEndScreen, MatchEndScreen
from tui.widgets.move_log import BESIDE, HANG, MoveLog, fold_chance
from tui.widgets.table import ChapterEnd

RULES = EnGarde()
ANN_DEAL = (1, 2, 3, 4, 4)
BOB_DEAL = (1, 2, 3, 5, 5)
REFILLS = [4, 4, 1, 2, 3]
"""Ann 4>, draws 4; Bob 5>, draws 4; Ann 4>, draws 1; Bob 5>, draws 2; Ann x4, draws 3."""


def scripted_match(
    seats: Sequence[Seat] = (Seat("Ann"), Seat("Bob")),
    hands: tuple[Sequence[int], Sequence[int]] = (ANN_DEAL, BOB_DEAL),
    level: str = "advanced",
) -> OpenMatch:
    """A new match whose first deal is already in the log: seat 0 starts, cards alternate."""
    opened = create_match(RULES, tuple(seats), {"level": level})
    for ann, bob in zip(*hands, strict=True):
        opened.submit(Draw(ann))
        opened.submit(Draw(bob))
    return opened


def new_app() -> ParlourApp:
    """The app with animations off on the instance: Textual reads TEXTUAL_ANIMATIONS when it
    is first imported, which under pytest's plugins happens before conftest can set it."""
    app = ParlourApp()
    app.animation_level = "none"
    return app


def draws(cards: list[int]) -> Callable[[Any], Any]:
    """A chance source that deals `cards` in order, then whatever a seeded shuffle gives."""
    rng = random.Random(7)

    def next_draw(state: Any) -> Any:
        return Draw(cards.pop(0)) if cards else RULES.sample_chance(state, rng)

    return next_draw


async def open_game(
    app: ParlourApp,
    pilot: Pilot[None],
    opened: OpenMatch,
    chance: Callable[[Any], Any] | None = None,
) -> GameScreen:
    screen = GameScreen(opened, rng=random.Random(1), chance=chance)
    await app.push_screen(screen)
    await pilot.pause()
    return screen


async def keys(pilot: Pilot[None], *pressed: str) -> None:
    await pilot.press(*pressed)
    await pilot.pause()


def screen_text(svg: str) -> str:
    """The characters of an exported screenshot, without the SVG around them."""
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def plays(screen: GameScreen) -> list[str]:
    """The decisions in the log so far, in notation (chance draws left out)."""
    return [
        RULES.notation(RULES.from_wire(e.action))
        for e in screen.port.match.entries
        if isinstance(e, ActionEntry) and e.seat != CHANCE
    ]


async def test_a_scripted_round_between_two_humans() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, scripted_match(), draws(list(REFILLS)))
        assert isinstance(app.screen, HandoffScreen)  # a new hot-seat match starts blind
        await keys(pilot, "enter")
        assert app.screen is screen and screen.viewer == 0
        await keys(pilot, *["right"] * 4, "f", "enter")  # Ann: the first 4, forward
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Bob"
        await keys(pilot, "enter", *["right"] * 4, "f", "enter")  # Bob: a 5, forward
        await keys(pilot, "enter", *["right"] * 4, "f", "enter")  # Ann: 4 forward again
        await keys(pilot, "enter", *["right"] * 5, "f", "enter")  # Bob: 5 forward, distance 4
        await keys(pilot, "enter", *["right"] * 5, "a", "enter")  # Ann attacks with her 4
        assert isinstance(app.screen, HandoffScreen)
        await keys(pilot, "enter")
        news = str(screen.query_one("#news").render())
        assert "Ann attacked with a 4" in news and "parry" in news
        await keys(pilot, "x", "enter")  # Bob takes the hit
        assert plays(screen) == ["4>", "5>", "4>", "5>", "x4", "-"]
        assert isinstance(app.screen, ChapterEndScreen)
        assert app.screen.result.headline == "Ann wins round 1"
        assert app.screen.result.why.startswith("Hit")
        shown = [k for k in app.screen.query("FooterKey") if getattr(k, "action", "") == "next"]
        assert [getattr(k, "key", "") for k in shown] == ["enter"]  # as the button says: ⏎
        await keys(pilot, "enter")
        # Round 2 is dealt blind, and Bob (who starts it) gets the device.
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Bob"
        assert RULES.round_of(screen.port.match.state) == 2
        await keys(pilot, "enter")
        # Bob's log tells round 1's result under its last move.
        # Wrapped lines joined again: from 100 columns the log is a narrow column.
        log = " ".join(" ".join(text_of(screen.query_one(MoveLog))).split())
        assert "■ Ann wins round 1. Hit" in log
        assert log.index("■ Ann wins round 1") < log.index("── Round 2 ──")


async def test_an_illegal_choice_says_why_and_changes_nothing() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, scripted_match(), draws(list(REFILLS)))
        await keys(pilot, "enter")
        before = len(screen.port.match.entries)
        await keys(pilot, *["right"] * 1, "b")  # back from space 1: off the piste
        hint = str(screen.query_one("#hint").render())
        assert hint.startswith("✗") and "piste" in hint
        await keys(pilot, "enter")
        assert len(screen.port.match.entries) == before
        assert RULES.view(screen.port.match.state, 0).positions == (1, 23)
        assert app.screen is screen


async def test_enter_before_any_choice_says_nothing_is_chosen_yet() -> None:
    """Enter with no card or move chosen showed the same hint again: it seemed to do nothing."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, scripted_match(), draws(list(REFILLS)))
        await keys(pilot, "enter")  # past the handoff
        before = len(screen.port.match.entries)
        await keys(pilot, "enter")
        hint = str(screen.query_one("#hint").render())
        assert hint.startswith("✗ Nothing chosen yet. Pick a card"), hint
        assert len(screen.port.match.entries) == before


async def test_an_attack_beyond_any_card_says_the_distance_not_a_card_number() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, scripted_match(), draws(list(REFILLS)))
        await keys(pilot, "enter", *["right"] * 1, "d")  # advance 1: distance 21 is left
        hint = str(screen.query_one("#hint").render())
        assert "After moving 1 the distance is 21: too far to attack" in hint
        assert "no card" not in hint
        await keys(pilot, "escape", "a")  # attack with no card picked, at distance 22
        assert "The distance is 22: too far to attack" in str(screen.query_one("#hint").render())


async def test_quit_mid_round_then_resume_behind_a_handoff() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, scripted_match(), draws(list(REFILLS)))
        await keys(
            pilot, "enter", *["right"] * 4, "f", "enter", "enter", *["right"] * 4, "f", "enter"
        )
        path: Path = screen.port.opened.path
        saved = len(screen.port.match.entries)
        await keys(pilot, "q")  # from the handoff: save and quit
        assert not isinstance(app.screen, GameScreen | HandoffScreen)

        resumed = await open_game(app, pilot, open_match(path))
        assert len(resumed.port.match.entries) == saved
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Ann"
        await keys(pilot, "enter")
        assert resumed.viewer == 0
        assert RULES.view(resumed.port.match.state, 0).positions == (5, 18)
        assert "Bob moved 5 forward" in str(resumed.query_one("#news").render())


async def test_q_on_the_round_end_panel_saves_and_quits() -> None:
    """q is "save & quit" everywhere in a match; on the panel between rounds it did nothing
    (only Enter, space and Esc went on), so a player could not stop there."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, scripted_match(), draws(list(REFILLS)))
        await keys(pilot, "enter", *["right"] * 4, "f", "enter")  # Ann: 4 forward
        await keys(pilot, "enter", *["right"] * 4, "f", "enter")  # Bob: 5 forward
        await keys(pilot, "enter", *["right"] * 4, "f", "enter")  # Ann: 4 forward
        await keys(pilot, "enter", *["right"] * 5, "f", "enter")  # Bob: 5 forward
        await keys(pilot, "enter", *["right"] * 5, "a", "enter")  # Ann attacks
        await keys(pilot, "enter", "x", "enter")  # Bob takes the hit
        panel = app.screen
        assert isinstance(panel, ChapterEndScreen)
        shown = [k for k in panel.query("FooterKey") if getattr(k, "action", "") == "quit_match"]
        assert [getattr(k, "key", "") for k in shown] == ["q"]
        path: Path = screen.port.opened.path
        await keys(pilot, "q")
        assert not isinstance(app.screen, GameScreen | ChapterEndScreen | HandoffScreen)

        resumed = await open_game(app, pilot, open_match(path))  # round 2, behind a handoff
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Bob"
        assert resumed.port.match.state.scores == (1, 0)


@pytest.mark.parametrize(
    ("quit_as", "said"),
    [("quit_match", "save & quit"), ("leave", "leave"), ("stop_hosting", "stop hosting")],
)
async def test_the_round_end_panel_s_q_says_what_the_table_s_q_does(
    quit_as: str, said: str
) -> None:
    """Across machines the panel listed "q save & quit" where q leaves, or stops hosting."""
    end = ChapterEnd(2, "Bo wins round 2", "Hands compared.", "Ann 1 · Bo 1")
    app = new_app()
    answers: list[bool | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ChapterEndScreen(end, "round", quit_as), callback=answers.append)
        await pilot.pause()
        listed = {
            key: active.binding.description
            for key, active in app.screen.active_bindings.items()
            if active.binding.show and active.enabled
        }
        assert listed["q"] == said
        await pilot.pause(0.6)  # past the panel's grace
        await pilot.press("q")
        await pilot.pause()
        assert answers == [False]


async def test_the_hands_shown_at_a_round_s_end_are_centred_like_the_rest() -> None:
    """The line "Hands shown: Ann 3 4 4 5 5 · Bo 2 3 3 4 5" stood at the panel's left edge,
    under centred lines, with no blank line before the score."""
    shown = "Hands shown: Ann 3 4 4 5 5 · Bo 2 3 3 4 5"
    end = ChapterEnd(2, "Bo wins round 2", "Hands compared.", "Ann 1 · Bo 1", shown)
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ChapterEndScreen(end))
        await pilot.pause()
        reveal = app.screen.query_one(".reveal")
        line = reveal.render_line(0).text
        assert line.strip() == shown
        assert line.index("H") > 5 and len(line) - len(line.rstrip()) > 5  # centred
        score = app.screen.query_one(".score")
        assert score.region.y > reveal.region.bottom  # a blank line between


async def test_a_long_score_wraps_between_players_and_stays_centred() -> None:
    """Attacke's contest panel read "… · Normal ismcts bot 2 [B][Y]" / "2": a player's count
    alone on the next row."""
    parts = ("Player 1 [P] 1", "Normal ismcts bot 0", "Normal ismcts bot 2 [B][Y] 2")
    end = ChapterEnd(3, "Player 1 wins contest 3", "All others passed.", "  ·  ".join(parts))
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ChapterEndScreen(end, "contest"))
        await pilot.pause()
        score = app.screen.query_one(".score")
        rows = [s.text for s in score.render_lines(score.region.reset_offset)]
        rows = [row for row in rows if row.strip()]
        assert len(rows) == 2, rows
        for part in parts:
            assert any(part in row for row in rows), (part, rows)
        last = rows[-1]
        assert last.strip() == parts[-1]
        assert abs((len(last) - len(last.rstrip())) - (len(last) - len(last.lstrip()))) <= 1


def against_the_bot() -> OpenMatch:
    """Ann (the only human, so no handoffs) against the random bot, with the scripted deal."""
    return scripted_match((Seat("Ann"), Seat("Robo", "bot", "random")))


async def test_a_random_bot_moves_in_a_worker_and_the_game_goes_on() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        opened = against_the_bot()
        screen = await open_game(app, pilot, opened, draws([4]))
        assert app.screen is screen  # one human: no handoff
        await keys(pilot, *["right"] * 4, "f", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(plays(screen)) == 2
        last = [
            e for e in screen.port.match.entries if isinstance(e, ActionEntry) and e.seat != CHANCE
        ][-1]
        assert last.seat == 1
        assert screen.port.match.to_move() == 0 and screen.hold is None
        assert "Robo" in str(screen.query_one("#news").render())


async def test_fencers_slide_with_animations_on() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.animation_level = "full"
        opened = against_the_bot()
        screen = await open_game(app, pilot, opened, draws([4]))
        await keys(pilot, *["right"] * 4, "f", "enter")
        fencer = screen.query_one("#fencer-0", Fencer)
        assert fencer.space == 5
        await pilot.wait_for_scheduled_animations()
        assert fencer.offset.x == 4 * 3
        await app.workers.wait_for_complete()
        for _ in range(100):  # bounded: the answer comes back as a message
            if len(plays(screen)) == 2:
                break
            await pilot.pause(0.05)
        await pilot.wait_for_scheduled_animations()
        assert len(plays(screen)) == 2  # the bot answered through the worker
        bob = RULES.view(screen.port.match.state, 0).positions[1]
        assert screen.query_one("#fencer-1", Fencer).offset.x == (bob - 1) * 3


async def test_resigning_asks_first_then_ends_the_match() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, scripted_match(), draws([]))
        await keys(pilot, "enter", "ctrl+r")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Resign the match, Ann?\nBob wins."  # a line each
        await keys(pilot, "n")
        assert app.screen is screen and not screen.port.match.is_over
        await keys(pilot, "ctrl+r", "y")
        assert isinstance(app.screen, MatchEndScreen)
        assert app.screen.end.headline == "Bob wins the match"
        assert "Ann resigned" in app.screen.end.reason
        assert screen.port.opened.match.resigned == 0
        await keys(pilot, "r")  # the file is closed, so the replay viewer can read it
        assert isinstance(app.screen, ReplayScreen)


@pytest.mark.parametrize("theme", ["parlour-felt", "ansi-light"])
async def test_the_final_board_stays_in_sight_behind_the_match_end_and_note_panels(
    theme: str,
) -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.theme = theme
        await open_game(app, pilot, scripted_match(), draws([]))
        await keys(pilot, "enter", "ctrl+r", "y")
        assert isinstance(app.screen, MatchEndScreen)
        seen = screen_text(app.export_screenshot())
        assert "Bob wins the match" in seen and "En Garde · advanced · round 1" in seen
        await keys(pilot, "a")  # annotate, as in the replay viewer: the note editor over it
        assert isinstance(app.screen, AnnotateScreen)
        seen = screen_text(app.export_screenshot())
        assert "On the entry before the first move" in seen and "Replay · seen by" in seen


async def test_q_on_the_match_end_panel_leaves_for_the_menu_as_everywhere_in_a_match() -> None:
    """The panel listed no q: leaving took m, which nothing else in a match uses."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, scripted_match(), draws([]))
        await keys(pilot, "enter", "ctrl+r", "y")
        assert isinstance(app.screen, MatchEndScreen)
        assert "q main menu" in screen_text(app.export_screenshot())
        await keys(pilot, "question_mark")  # its key list is titled as the panel, not "Parlour"
        assert isinstance(app.screen, KeysScreen) and app.screen.place == "The match's end"
        await keys(pilot, "escape")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_every_button_of_the_match_end_panel_fits_inside_it_at_80_by_24() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, scripted_match(), draws([]))
        await keys(pilot, "enter", "ctrl+r", "y")
        panel = app.screen
        assert isinstance(panel, MatchEndScreen)
        inside = panel.query_one(".dialog").content_region
        buttons = list(panel.query(Button))
        assert [str(b.label) for b in buttons] == [
            "Replay", "Review", "Annotate", "Rematch", "Main menu"
        ]  # fmt: skip
        for button in buttons:
            region = button.region
            assert inside.contains_region(region), f"{button.label} is cut: {region} {inside}"
        assert screen.port.match.is_over


async def test_a_move_can_be_made_with_the_mouse() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        opened = against_the_bot()
        screen = await open_game(app, pilot, opened, draws([4]))
        await pilot.click("#card-2")  # the 3
        await pilot.click("#verb-forward")
        await pilot.click("#play")
        await pilot.pause()
        assert plays(screen)[0] == "3>"
        assert RULES.view(screen.port.match.state, 0).positions[0] == 4


async def test_help_lists_the_keys_and_closes() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        opened = against_the_bot()
        screen = await open_game(app, pilot, opened)
        await keys(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "retreat" in app.screen.game_help
        await keys(pilot, "escape")
        assert app.screen is screen


async def test_the_last_round_between_two_bots_ends_on_the_match_end_screen() -> None:
    from core.ai import decide, make_bot

    seats = (Seat("Robo", "bot", "random"), Seat("Tin", "bot", "random"))
    opened = scripted_match(seats)
    bots, rng = (make_bot("random", 1), make_bot("random", 2)), random.Random(3)
    match = opened.match
    while max(RULES.view(match.state, None).scores) < 4 or match.to_move() == CHANCE:
        seat = match.to_move()
        assert seat is not None
        chosen = (
            RULES.sample_chance(match.state, rng)
            if seat == CHANCE
            else decide(bots[seat], RULES, match.state, seat)
        )
        opened.submit(chosen)
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, opened)
        for _ in range(200):
            await pilot.pause(0.05)
            if isinstance(app.screen, MatchEndScreen):
                break
            if isinstance(app.screen, ChapterEndScreen):
                await keys(pilot, "enter")
        assert isinstance(app.screen, MatchEndScreen)
        outcome = screen.port.match.outcome()
        assert outcome is not None and max(outcome.scores) == 5
        assert app.screen.end.headline == f"{screen.names[outcome.winners[0]]} wins the match"
        assert app.screen.end.last_round is not None
        # The panel floats over the table where the match ended, as the round-end one does.
        assert app.screen_stack[-2] is screen and screen.table.display
        assert screen.private is not None and screen.private.display
        await keys(pilot, "g")  # rematch: the same seats, the other one starting
        await pilot.pause()
        again = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert again is not screen and screen not in app.screen_stack
        assert again.port.match.header.seats == seats
        assert again.port.match.options["starts"] == 2
        again._close()


async def test_an_enter_typed_ahead_does_not_close_the_round_end_panel_unread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The panel comes up as the move that ends the round is played; an Enter still being
    pressed from that move closed it before it could be read."""
    monkeypatch.setattr(ChapterEndScreen, "GRACE", 3600.0)  # however busy the machine
    assert READY_GRACE > 0.5  # the app's own grace
    opened = before_the_lunge()
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, opened, draws([]))
        await keys(pilot, *["right"] * 3, "d", "enter", "enter", "enter")  # the lunge wins
        panel = app.screen
        assert isinstance(panel, ChapterEndScreen)
        panel._shown -= panel.GRACE  # as if the player had looked at it that long
        await keys(pilot, "enter")
        assert app.screen is screen


def test_a_rematch_swaps_who_starts() -> None:
    from core.rematch import rematch

    seats = (Seat("Ann"), Seat("Bob"))
    assert rematch(RULES, seats, {"starts": 1}) == (seats, {"starts": 2})
    assert rematch(RULES, seats, {"first": 1}) == (seats, {"starts": 1})  # an older file
    white_first = registry.get("crossing")
    assert rematch(white_first, seats, {}) == ((seats[1], seats[0]), {})


LUNGE = [
    *(Draw(card) for card in (5, 4, 4, 4, 5, 3, 3, 1, 5, 1)),
    Move(3, True),
    Draw(5),
    Move(1, True),
    Draw(3),
    Move(4, True),
    Draw(2),
    Move(3, True),
    Draw(1),
    Move(5, True),
    Draw(2),
    Move(4, False),
    Draw(1),
]
"""Ann on 13 holds 2 2 5 5 5; Bob on 23 holds 1 1 1 3 4: he can neither parry a 5 nor retreat."""


def before_the_lunge() -> OpenMatch:
    """Ann against the random bot, one lunge (`3`, `d`, Enter) from winning round 1."""
    opened = create_match(
        RULES, (Seat("Ann"), Seat("Robo", "bot", "random")), {"level": "advanced"}
    )
    for action in LUNGE:
        opened.submit(action)
    return opened


async def test_the_final_lunge_is_drawn_under_the_round_end_panel() -> None:
    opened = before_the_lunge()
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, opened, draws([]))
        assert screen.query_one("#fencer-0", Fencer).space == 13
        await keys(pilot, *["right"] * 3, "d", "enter")  # advance 5 to space 18, attack with a 5
        assert plays(screen)[-1] == "5>x5"
        assert isinstance(app.screen, ChapterEndScreen)
        assert RULES.view(screen.port.match.state, 0).positions == (18, 23)  # round over
        assert screen.query_one("#fencer-0", Fencer).space == 18
        assert screen.query_one("#fencer-1", Fencer).space == 23
        assert "distance 5" in str(screen.query_one("#eg-info").render())
        await keys(pilot, "enter")
        assert screen.query_one("#fencer-0", Fencer).space == 1


def text_of(log: MoveLog) -> list[str]:
    return [strip.text.rstrip() for strip in log.lines]


async def test_long_moves_wrap_under_their_words_at_any_width() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        opened = against_the_bot()
        screen = await open_game(app, pilot, opened)
        log = screen.query_one(MoveLog)
        words = "Player 2 advanced 3 and attacked with a 5, which could not be parried"
        for size in ((100, 32), (80, 24), (100, 32)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            log.move(14, "3>x5", words)
            await pilot.pause()
            width = log.scrollable_content_region.width
            lines = text_of(log)
            start = max(i for i, line in enumerate(lines) if line.startswith(" 14. 3>x5"))
            entry = lines[start:]
            # beside the lead, or (when that takes fewer lines) under it by a number's width
            indent = HANG if entry[0] == " 14. 3>x5" else len(" 14. 3>x5   ")
            assert len(entry) > 1 and all(len(line) <= width for line in lines)
            assert all(line.startswith(" " * indent) for line in entry[1:])
            assert " ".join(" ".join(entry).split()) == f"14. 3>x5 {words}"


async def test_in_a_narrow_log_every_move_s_words_hang_under_its_notation() -> None:
    """Crossing's log at 100 columns ran a bot's phalanx move down seven lines of nine columns
    beside "  2. b8:c7-e5": four moves filled the panel. In so narrow a column every move's
    words now hang under its notation (one layout for the column: a choice per move read as
    two styles), and a chance or a chat line keeps its marker beside its words."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:  # the log is a narrow column here
        log, width = await narrow_log(app, pilot)
        assert width - len("  3. d3-d4  ") < BESIDE
        words = "Normal mcts bot moved the phalanx b8–c7 to d6–e5"
        log.move(2, "b8:c7-e5", words)
        log.move(3, "d3-d4", "Ann passed")
        log.chat("Ben", words)
        await pilot.pause()
        lines = text_of(log)
        start = lines.index("  2. b8:c7-e5")
        entry = lines[start + 1 : lines.index("  3. d3-d4")]
        assert all(line.startswith(" " * HANG) and len(line) <= width for line in entry)
        assert " ".join(line.strip() for line in entry) == words
        assert len(entry) <= 3  # beside the lead, nine columns, it took seven lines
        assert lines[lines.index("  3. d3-d4") + 1] == "     Ann passed"
        said = lines[lines.index("     Ann passed") + 1 :]
        assert said[0].startswith("     › Ben: Normal")
        assert all(line.startswith(" " * len("     › ")) for line in said[1:])


async def test_in_a_wide_log_a_move_s_words_stand_beside_its_notation() -> None:
    app = new_app()
    async with app.run_test(size=(160, 40)) as pilot:  # the log's widest: 34 columns
        log, width = await narrow_log(app, pilot)
        assert width - len("  3. d3-d4  ") >= BESIDE
        log.move(3, "d3-d4", "Ann passed")
        await pilot.pause()
        assert "  3. d3-d4  Ann passed" in text_of(log)


async def test_a_chat_line_with_a_long_word_keeps_its_marker_beside_its_words() -> None:
    """At 100 columns a line said with a word too long for the room beside "     › " put the
    marker alone on a line and the words under it."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        log, width = await narrow_log(app, pilot)
        word = "x" * (width - 4)  # wider than the room beside the marker's usual indent
        log.chat("Ben", f"look {word}")
        log.chance(f"Ben drew {word}")
        await pilot.pause()
        lines = text_of(log)
        said = next(i for i, line in enumerate(lines) if "Ben: look" in line)
        assert lines[said].startswith("› Ben: look")  # the marker at the edge, not alone
        drawn = next(i for i, line in enumerate(lines) if "Ben drew" in line)
        assert lines[drawn].startswith("· Ben drew")
        assert all(len(line) <= width for line in lines)


async def narrow_log(app: ParlourApp, pilot: Pilot[None]) -> tuple[MoveLog, int]:
    """The move log of a game against the bot, and the width its lines have."""
    screen = await open_game(app, pilot, against_the_bot())
    log = screen.query_one(MoveLog)
    return log, log.scrollable_content_region.width


async def test_a_long_notation_in_a_narrow_log_stands_whole_on_its_line_above_its_words() -> None:
    """At 100 columns Attacke's log read "pass+dra Robo drew a card": the notation was cut to
    leave its words room. Now it keeps its line and the words hang under it."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:  # the log is a narrow column here
        log, width = await narrow_log(app, pilot)
        notation = "pass+draw+more"
        assert len(f"  3. {notation} ") > width - 8  # too long to share a line with the words
        log.move(3, notation, "Robo drew a card")
        await pilot.pause()
        lines = text_of(log)
        start = lines.index(f"  3. {notation}")
        assert lines[start + 1].startswith("     Robo drew")
        assert all(len(line) <= width for line in lines)


async def test_a_word_too_long_for_the_room_beside_its_lead_is_never_split() -> None:
    """At 100 columns the Englishman's log read "(no Giant's-wi" / "fe move)": eleven columns
    were left beside "  1. w-" for a twelve-letter word. The words now hang under the lead
    and wrap at their spaces."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:  # the log is a narrow column here
        log, width = await narrow_log(app, pilot)
        words = "Player 1 left the castles as dealt (no Giant's-wife move)"
        assert width - len("  1. w-     ") < len("Giant's-wife")
        log.move(1, "w-", words)
        await pilot.pause()
        lines = text_of(log)
        start = lines.index("  1. w-")
        entry = lines[start + 1 :]
        assert all(line.startswith("     ") and len(line) <= width for line in entry)
        assert " ".join(line.strip() for line in entry) == words
        assert any("Giant's-wife" in line for line in entry)


async def test_the_move_log_shows_no_scrollbar_and_says_when_lines_are_above() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        opened = against_the_bot()
        screen = await open_game(app, pilot, opened)
        log = screen.query_one(MoveLog)
        assert log.border_subtitle == ""
        for number in range(1, 30):
            log.move(number, "4>", "Ann moved 4 forward")
        await pilot.pause()
        assert log.scrollbar_size_vertical == 0
        last = text_of(log)[-1]
        assert last.endswith("Ann moved 4 forward") and "29." in last
        assert log.border_subtitle == "▲ more above"


def test_draws_fold_into_counts_of_unseen_cards_and_lists_of_seen_ones() -> None:
    said = [
        "Ann drew a 1",
        "Bob drew a card",
        "Ann drew a 3",
        "Bob drew a card",
        "Ann drew a 3",
        "Bob drew a card",
    ]
    assert fold_chance(said) == "Ann drew 1, 3 and 3; Bob drew 3 cards"
    assert fold_chance(["Ann drew a 4", "Ann drew a 5"]) == "Ann drew 4 and 5"
    assert fold_chance(["Bob drew a card"]) == "Bob drew a card"


def test_a_deal_round_the_table_folds_into_one_clause_a_seat() -> None:
    """Attacke's deal read "Ann was dealt a red 4 and 2; Bob was dealt 5 cards; …; Ann was
    dealt a blue 4; Ann was dealt a green 5": the colour split Ann's cards into three groups."""
    said = ["Ann was dealt a red 4", "Ann was dealt a red 2", "Bob was dealt a card"]
    said += ["Cy was dealt a card", "Ann was dealt a blue 4", "Bob was dealt a card"]
    said += ["Cy was dealt a card", "Ann was dealt a 10-shield"]
    assert fold_chance(said) == (
        "Ann was dealt red 4, red 2, blue 4 and 10-shield; Bob was dealt 2 cards; "
        "Cy was dealt 2 cards"
    )
    lone = "Ann holds no knight to open with, draws a card and lets the opening pass"
    assert fold_chance([lone]) == lone
    assert fold_chance([lone, lone]) == f"{lone}, 2 times"  # the opening went round the table


def defending(positions: tuple[int, int], hand: tuple[int, ...]) -> EnGardeView:
    """Bob's view as he answers Ann's advance-and-attack with a 5."""
    view = RULES.view(RULES.new(2, {"level": "advanced"}), 1)
    return replace(
        view,
        phase="defend",
        to_move=1,
        positions=positions,
        hands=(None, hand),
        pending=PendingAttack(0, 5, 1, True),
    )


def test_retreat_is_offered_only_when_a_card_can_retreat() -> None:
    assert prompt(defending((16, 21), (1, 3, 4, 5)), ("Ann", "Bob")) == (
        "parry with a 5 or retreat"
    )
    assert prompt(defending((18, 23), (1, 3, 4, 5)), ("Ann", "Bob")) == "parry with a 5"


def test_when_the_pile_is_out_the_defender_is_told_what_each_answer_leads_to() -> None:
    view = replace(defending((16, 21), (1, 3, 4, 5)), pile=0)
    assert prompt(view, ("Ann", "Bob")) == (
        "parry with a 5 (then hands are compared) or retreat (then the advance decides)"
    )


def test_a_round_lost_for_want_of_a_move_names_who_had_none() -> None:
    view = replace(
        RULES.view(RULES.new(2, {"level": "advanced"}), None),
        rounds=(
            RoundResult(
                1, 0, "no-move", "The player to move had no legal move or attack.", (9, 11)
            ),
        ),
    )
    (told,) = rounds(view, ("Ann", "Bob"))
    assert told.headline == "Ann wins round 1"
    assert told.why == "No legal move: Bob could neither move nor attack."


async def test_the_board_counts_the_pile_in_words_and_empties_it_when_the_pile_decided() -> None:
    class Table(App[None]):
        def compose(self) -> ComposeResult:
            yield EnGardeBoard(("Ann", "Bob"))

    app = Table()
    async with app.run_test(size=(100, 12)) as pilot:
        board = app.query_one(EnGardeBoard)
        start = RULES.view(RULES.new(2, {"level": "advanced"}), None)
        before = replace(start, positions=(8, 12), pile=1)
        board.show(before, animate=False)
        await pilot.pause()
        assert "pile 1 card " in str(board.query_one("#eg-info").render())
        ended = RoundResult(1, 0, "advance", "Advance 9 against 9.", (10, 12))
        over = replace(before, phase="round-over", pile=0, positions=(10, 12), rounds=(ended,))
        board.show(over, animate=False)
        await pilot.pause()
        assert "pile 0 cards" in str(board.query_one("#eg-info").render())


def test_the_defender_is_offered_only_the_answers_it_can_give() -> None:
    start = RULES.view(RULES.new(2, {"level": "advanced"}), None)
    attack = PendingAttack(attacker=0, value=5, count=1, advanced=True)
    facing = replace(
        start,
        phase="defend",
        to_move=1,
        positions=(8, 13),
        pending=attack,
        hands=((1, 2, 3, 4), (1, 2, 2, 3, 4)),
        pile=9,
    )
    assert prompt(facing, ("Ann", "Bob")) == "retreat (you cannot parry a 5)"
    last = replace(facing, pile=0)  # one pair of brackets, no second dash in the news line
    said = "retreat (you cannot parry a 5; then the advance decides)"
    assert prompt(last, ("Ann", "Bob")) == said
    able = replace(facing, hands=((1, 2, 3, 4), (1, 2, 3, 4, 5)))
    assert prompt(able, ("Ann", "Bob")) == "parry with a 5 or retreat"
    riposte = replace(start, phase="riposte", to_move=1)
    assert "advance-and-attack" in prompt(riposte, ("Ann", "Bob"))


async def test_a_terminal_smaller_than_the_board_says_to_enlarge_it() -> None:
    opened = create_match(RULES, (Seat("Ann"), Seat("Robo", "bot", "random")), {})
    app = new_app()
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await open_game(app, pilot, opened, draws([]))
        assert screen.has_class("-too-small")
        notice = screen.query_one("#too-small")
        assert "at least 80 columns by 24 rows" in str(notice.render())
        assert notice.display and not screen.query_one("#status").display
        assert "at least 80 columns" in html.unescape(app.export_screenshot()).replace("\xa0", " ")
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert not screen.has_class("-too-small")


async def test_ctrl_s_saves_what_the_screen_shows_beside_the_match_file() -> None:
    opened = create_match(RULES, (Seat("Ann"), Seat("Bob")), {})
    folder = opened.path.parent
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(app, pilot, opened, draws([]))
        await pilot.press("ctrl+s")  # on the handoff screen: a screenshot of the handoff
        await keys(pilot, "enter", "ctrl+s")  # Ann's own view
        shots = sorted(folder.glob(f"{opened.path.stem}-*.svg"))
    assert [p.name for p in shots] == [f"{opened.path.stem}-1.svg"]
    assert "Ann" in shots[0].read_text(encoding="utf-8")


async def test_l_looks_back_from_your_own_chair_and_returns_to_play() -> None:
    opened = create_match(RULES, (Seat("Ann"), Seat("Bob")), {})
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        game = await open_game(app, pilot, opened, draws([]))
        await keys(pilot, "enter", *["right"] * 4, "f", "enter", "enter")  # Ann moves; Bob's turn
        bob = game.rules.view(game.port.match.state, 1).hands[1]
        ann = game.rules.view(game.port.match.state, 0).hands[0]
        await keys(pilot, "l")
        looking = app.screen
        assert isinstance(looking, ReplayScreen) and looking.cursor.perspective == 1
        await keys(pilot, "home", "right")
        await keys(pilot, "p", "a", "c")  # other chairs, notes and continuing are off
        assert app.screen is looking and looking.cursor.perspective == 1
        assert not looking.match.notes()
        shown = html.unescape(app.export_screenshot())
        assert " ".join(f"[{c}]" for c in ann) not in shown
        assert "press a to annotate" not in shown  # a key that does nothing here
        await keys(pilot, "question_mark")  # its keys: without those it does not have
        listed = dict(app.screen.keys)  # type: ignore[attr-defined]
        assert "a" not in listed and "e" not in listed and "→  ←" in listed
        await keys(pilot, "escape")
        await keys(pilot, "l")
        assert app.screen is game and game.viewer == 1
        assert game.rules.view(game.port.match.state, 1).hands[1] == bob


async def test_the_defender_sees_no_parry_button_without_the_cards_for_it() -> None:
    from tui.games.en_garde.hand import EnGardeHand
    from tui.widgets.table import Turn

    class Hand(App[None]):
        def compose(self) -> ComposeResult:
            yield EnGardeHand(("Ann", "Bob"))

    start = RULES.view(RULES.new(2, {"level": "advanced"}), None)
    attack = PendingAttack(attacker=0, value=5, count=1, advanced=True)
    facing = replace(
        start,
        phase="defend",
        to_move=1,
        viewer=1,
        positions=(8, 13),
        pending=attack,
        hands=(None, (1, 2, 2, 3, 4)),
        pile=9,
    )
    app = Hand()
    async with app.run_test(size=(100, 12)) as pilot:
        hand = app.query_one(EnGardeHand)
        hand.show(facing, Turn(1, lambda action: None))
        await pilot.pause()
        assert not hand.query_one("#verb-parry").display
        assert hand.query_one("#verb-retreat").display and hand.query_one("#verb-pass").display
        hint = str(hand.query_one("#hint").render())
        assert "arry" not in hint and "retreat (r)" in hint.lower()


def test_the_hand_waits_for_the_other_fencer_only_while_he_has_a_move_to_make() -> None:
    view = RULES.view(RULES.new(2, {"level": "advanced"}), 0)
    assert str(waiting(replace(view, phase="turn", to_move=1))) == "Waiting for the other fencer…"
    assert str(waiting(replace(view, phase="refill", to_move=CHANCE))) == "Cards are being drawn…"
    assert str(waiting(replace(view, phase="round-over", to_move=None))) == ""
    assert str(waiting(replace(view, phase="over", to_move=None))) == ""


async def test_the_move_log_keeps_its_latest_line_in_view_when_its_height_changes() -> None:
    """At 80x24 the table above the log grows and shrinks as a match goes on; the log kept
    its offset and hid the newest moves (after a takeback: the new move and its reply)."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, against_the_bot())
        log = screen.query_one(MoveLog)
        for number in range(1, 31):
            log.move(number, "3>", f"Ann advanced 3 ({number})")
        await pilot.pause()
        for size in ((80, 30), (80, 24), (80, 27)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert log.max_scroll_y > 0 and log.scroll_offset.y == log.max_scroll_y, size
            assert "(30)" in text_of(log)[-1]


async def test_the_distance_line_tells_the_new_distance_once_the_fencer_has_arrived(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It said "distance 18" while the fencer was still sliding from space 1."""
    # a slide long enough to be still in flight however slow the machine; stopped by hand
    monkeypatch.setattr(fencers, "SLIDE_PER_SPACE", 60.0)
    monkeypatch.setattr(fencers, "SLIDE_LONGEST", 60.0)
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, against_the_bot())
        app.animation_level = "full"
        board = screen.table
        info = screen.query_one("#eg-info")
        before = screen.table_view()
        assert "distance 22" in str(info.render())
        after = replace(before, positions=(5, before.positions[1]))
        board.show(after, None, animate=True)
        await pilot.pause()
        assert app.animator.is_being_animated(screen.query_one("#fencer-0", Fencer), "offset")
        assert "distance 22" in str(info.render())  # the fencer is on its way
        await app.animator.stop_animation(screen.query_one("#fencer-0", Fencer), "offset")
        await pilot.pause()
        assert "distance 18" in str(info.render())
        screen._close()


async def test_the_footer_keeps_resign_at_80_columns_while_an_attack_is_weighed() -> None:
    """With an attack's strength keys shown the footer ended "u take back ^r ▏^p palette":
    the palette's key (still on ctrl+p, and in `?`) took the room "resign" needed."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        hands = ((2, 2, 3, 4, 5), BOB_DEAL)
        await open_game(app, pilot, scripted_match((Seat("Ann"), Seat("Robo", "bot")), hands))
        await keys(pilot, "2", "a")  # two 2s: how many to attack with is asked
        shown = {
            str(getattr(key, "action", "")): key.region
            for key in app.screen.query("FooterKey")
            if key.region.width > 0
        }
        assert "strength(1)" in shown and "resign" in shown, shown
        placed = sorted(shown.values(), key=lambda region: region.x)
        assert all(a.right <= b.x for a, b in pairwise(placed)), shown  # none covered
        assert placed[-1].right <= 80


async def test_the_board_has_the_keys_again_once_the_terminal_is_large_enough() -> None:
    """Made too small and then enlarged, the game took no key but Tab: hiding the board for
    the notice took its focus, and nothing gave it back."""
    opened = create_match(RULES, (Seat("Ann"), Seat("Robo", "bot", "random")), {})
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, opened, draws([]))
        focused = screen.focused
        assert focused is not None
        await pilot.resize_terminal(70, 20)
        assert screen.has_class("-too-small")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not screen.has_class("-too-small")
        assert screen.focused is focused


async def test_the_deal_is_in_the_move_log_before_the_first_move_of_two_people_here() -> None:
    """An Englishman for two people at one keyboard opened on an empty move log: the deal's
    line waited, held back to be folded with later draws, until the first move was made."""
    from core import registry

    opened = create_match(registry.get("englishman"), (Seat("Ann"), Seat("Ben")), {})
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, opened)
        await pilot.pause()
        log = " ".join(" ".join(line.text for line in screen.query_one("#log").lines).split())
        assert "The five castles were dealt" in log


def test_a_fencer_is_lettered_by_the_first_letter_of_their_name_not_a_bracket() -> None:
    """A name typed as "[red]Ann[/red]" put "[" on the fencer."""
    from tui.games.en_garde.fencers import initials

    assert initials(["[red]Ann[/red]", "Bob"]) == ("R", "B")
    assert initials(['"Ann"', "(Bob)"]) == ("A", "B")
    assert initials(["Player 1", "Player 2"]) == ("1", "2")  # alike: the seats' numbers
    assert initials(["…", "Bob"]) == ("?", "B")
