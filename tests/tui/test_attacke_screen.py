"""Attacke on the game screen: a hot-seat contest by keys and clicks, handoffs that hide every
hand, a refused play that says why, the 80x24 fit with five seats, and cards that fly."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from textual.content import Content
from textual.pilot import Pilot

from core.games.attacke import Attacke
from core.games.attacke.actions import Draw, First
from core.match import ActionEntry, Seat
from core.rules import CHANCE
from replays.store import OpenMatch, create_match
from tests.tui.test_handoff import screen_text
from tui.app import ParlourApp
from tui.games.attacke import chapters, prompt, score
from tui.games.attacke.contest import AttackeTable, FlyingLabel, SeatPanel
from tui.games.attacke.hand import AttackeHand
from tui.screens.game import GameScreen
from tui.screens.game import screen as game_screen
from tui.screens.game.bots import BotChose
from tui.screens.handoff import HandoffScreen
from tui.screens.help import HelpScreen
from tui.screens.round_end import ChapterEndScreen
from tui.widgets.clamped import ClampedText

RULES = Attacke()
NAMES = ("Ann", "Ben", "Cleo", "Dora", "Eve")
HANDS: dict[int, tuple[str, ...]] = {
    0: ("R2", "R5", "G3", "7S"),
    1: ("R3", "R4", "B2", "B7", "10S"),
    2: ("R7", "R7", "G2", "Y4", "10S"),
}
DRAWS: dict[int, list[str]] = {0: ["Y2", "G5"], 1: ["P2"], 2: ["B3"]}
"""The cards each seat draws after the deal, in order."""


def dealt_match(
    players: int = 3,
    options: dict[str, Any] | None = None,
    hands: dict[int, tuple[str, ...]] | None = None,
    names: tuple[str, ...] = NAMES,
) -> OpenMatch:
    """A hot-seat match with Ann first and the deal already in the log."""
    seats = tuple(Seat(name) for name in names[:players])
    opened = create_match(RULES, seats, options or {})
    opened.submit(First(0))
    queues = {s: list(h) for s, h in (hands or HANDS).items()}
    rng = random.Random(3)
    while opened.match.state.phase == "deal":
        seat = opened.match.state.actor
        queue = queues.get(seat)
        opened.submit(Draw(queue.pop(0)) if queue else RULES.sample_chance(opened.match.state, rng))
    return opened


def drawn(cards: dict[int, list[str]]) -> Callable[[Any], Any]:
    """Each seat's next scripted card, then whatever a seeded shuffle gives."""
    queues = {s: list(c) for s, c in cards.items()}
    rng = random.Random(5)

    def next_card(state: Any) -> Any:
        queue = queues.get(state.actor)
        return Draw(queue.pop(0)) if queue else RULES.sample_chance(state, rng)

    return next_card


def new_app() -> ParlourApp:
    app = ParlourApp()
    app.animation_level = "none"
    return app


async def open_game(
    app: ParlourApp,
    pilot: Pilot[None],
    opened: OpenMatch,
    cards: dict[int, list[str]] | None = None,
) -> GameScreen:
    screen = GameScreen(opened, rng=random.Random(1), chance=drawn(cards or DRAWS))
    await app.push_screen(screen)
    await pilot.pause()
    return screen


async def keys(pilot: Pilot[None], *pressed: str) -> None:
    await pilot.press(*pressed)
    await pilot.pause()


def plays(screen: GameScreen) -> list[str]:
    return [
        RULES.notation(RULES.from_wire(e.action))
        for e in screen.port.match.entries
        if isinstance(e, ActionEntry) and e.seat != CHANCE
    ]


def hint(screen: GameScreen) -> str:
    return str(screen.query_one("#at-hint").render())


def table_text(screen: GameScreen) -> str:
    table = screen.query_one(AttackeTable)
    return "\n".join(str(line.render()) for line in table.query(".at-seat, .at-info"))


async def test_a_hot_seat_contest_by_keys_and_clicks() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, dealt_match())
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Ann"
        await keys(pilot, "enter")
        assert screen.viewer == 0
        assert "open a contest" in str(screen.query_one("#status").render())
        await keys(pilot, "5")  # the red 5, in the cursor's (red) row
        assert "Open red" in hint(screen)
        await keys(pilot, "enter")
        assert plays(screen) == ["R:5"]
        assert screen.query_one(FlyingLabel).flights == []  # animations off: no flight

        # The handoff to Ben shows no card of his hand, and the table no one's hand.
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Ben"
        shot = screen_text(app.export_screenshot())
        assert "Ben" in shot
        for card in (*HANDS[1], "Y2", "G3"):
            assert card not in shot
        assert not str(screen.query_one("#at-cards").render()).strip()
        table = table_text(screen)
        assert "R5" in table and "R2" not in table and "G3" not in table and "Y2" not in table

        await keys(pilot, "enter")
        assert "beat 5 in red" in str(screen.query_one("#status").render())
        await keys(pilot, "3")  # the red 3 alone: 3 is not above 5
        assert "above 5" in hint(screen)
        await keys(pilot, "enter")
        assert plays(screen) == ["R:5"] and screen.is_current  # refused, still Ben's turn
        assert "✗" in hint(screen)
        await keys(pilot, "4", "enter")  # with the red 4: 7
        assert plays(screen)[-1] == "3 4"

        await keys(pilot, "enter")  # Cleo, by the mouse: both red 7s, then Play
        assert screen.viewer == 2
        cards = screen.query_one("#at-cards")
        await pilot.click(cards, offset=(2, 2))  # the faces of the red 7s, side by side
        await pilot.click(cards, offset=(2 + 4, 2))
        await pilot.pause()
        assert "14" in str(screen.query_one("#at-sum").render())
        await pilot.click("#at-play")
        await pilot.pause()
        assert plays(screen)[-1] == "7 7"

        await keys(pilot, "enter", "p", "y")  # Ann passes and draws
        assert plays(screen)[-1] == "pass+draw"
        await keys(pilot, "enter")  # Ben passes by clicks, without drawing
        await pilot.click("#at-pass")
        await pilot.pause()
        await pilot.click("#at-no")
        await pilot.pause()
        assert plays(screen)[-1] == "pass"
        assert isinstance(app.screen, ChapterEndScreen)
        assert app.screen.result.headline == "Cleo wins the red contest and takes the red chip"
        assert "[R]" in app.screen.result.score
        await keys(pilot, "enter")
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Cleo"
        await keys(pilot, "enter")
        assert "★ won" in table_text(screen) and "[R]" in table_text(screen)
        assert "R7" not in table_text(screen)  # the won cards are on the discard pile


async def test_an_opening_of_two_colours_is_not_said_to_open_at_its_total() -> None:
    """R5 and G3 selected to open read "Selected 8 · opens at 8" above "✗ An opening takes
    knights of one colour"."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, dealt_match())
        await keys(pilot, "enter", "5")  # Ann's red 5
        total = str(screen.query_one("#at-sum").render())
        assert total == "Selected 5 · opens at 5"
        await keys(pilot, "down", "3")  # and her green 3
        assert str(screen.query_one("#at-sum").render()) == "Selected 8"
        assert "one colour" in hint(screen)


async def test_an_opening_with_only_a_shield_asks_the_colour_then_says_why() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, dealt_match())
        await keys(pilot, "enter", "up")  # the cursor wraps to the shield row
        await keys(pilot, "space", "enter")  # the 7-shield alone
        assert "Open in which colour?" in hint(screen)
        assert screen.query_one("#at-colour-G").display
        await keys(pilot, "g")
        assert "face-up green knight" in hint(screen) and plays(screen) == []
        await keys(pilot, "escape", "down", "down", "space", "enter")  # the green 3
        assert plays(screen) == ["G:3"]


async def test_face_down_cards_count_one_and_show_as_question_marks() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, dealt_match(options={"face_down": True}))
        await keys(pilot, "enter", "5", "down", "f", "enter")  # R5 face up, G3 face down
        assert plays(screen) == ["R:5 ?G3"]
        await keys(pilot, "enter")
        table = table_text(screen)
        assert "│R5 │░?░│" in table and "G3" not in table and "=6" in table
        # a view of everything (a replay "seen by everyone") shows the face, marked "?"
        everything = screen.rules.view(screen.port.match.state, None)
        screen.query_one(AttackeTable).show(everything, None, animate=False)
        await pilot.pause()
        table = table_text(screen)
        assert "│R5 │G3 │" in table and "░?░" not in table, table


async def test_five_seats_fit_80_by_24() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, dealt_match(5))
        await keys(pilot, "enter", "5", "enter")
        await keys(pilot, "enter")  # Ben's turn
        table = screen.query_one(AttackeTable)
        assert table.region.height <= 10
        assert table.region.bottom <= 24
        hand = screen.query_one(AttackeHand)
        assert hand.region.height >= 8 and hand.region.bottom <= 23
        shot = screen_text(app.export_screenshot())
        for name in NAMES:
            assert name in shot
        assert "to beat 5" in shot and "pile" in shot
        for panel in table.query(".at-seat"):
            lines = str(panel.render()).splitlines()
            assert len(lines) == 5 and max(map(len, lines)) <= panel.content_region.width
        assert "⏎ Play" in shot and "p Pass" in shot


async def test_a_contest_winner_keeps_their_name_with_five_seats_at_80_by_24() -> None:
    """With five seats at 80 columns the winner's panel read "▶ … =5 ★ won": the name was
    cut to nothing to make room for the word "won"."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, dealt_match(5))
        await keys(pilot, "enter", "5", "enter")  # Ann opens with her red 5
        for _ in range(4):
            await keys(pilot, "enter", "p", "n")  # each other seat passes, drawing nothing
        assert isinstance(app.screen, ChapterEndScreen)
        panel = screen.query_one("#at-seat-0", SeatPanel)
        head = str(panel.render()).splitlines()[0]
        assert "Ann" in head and "=5 ★" in head
        assert screen.query_one(AttackeHand).border_title == "Hand hidden"  # hands pass round


async def test_seats_whose_names_differ_at_the_end_stay_apart_beside_their_totals() -> None:
    """At 80×24 "Normal ismcts bot 2" and "Normal ismcts bot" both read "Normal ismcts bot…"
    beside their totals: the name was cut for the whole panel, then again, from the end, for
    the total."""
    app = new_app()
    names = ("Ann", "Normal ismcts bot 2", "Normal ismcts bot")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, dealt_match(names=names))
        await keys(pilot, "enter", "5", "enter")  # Ann opens: every seat shows a total
        heads = [
            str(screen.query_one(f"#at-seat-{seat}", SeatPanel).render()).splitlines()[0]
            for seat in (1, 2)
        ]
        assert "=" in heads[0] and "=" in heads[1]
        assert heads[0].split("=")[0].rstrip().endswith("… 2"), heads
        assert heads[0].split("=")[0] != heads[1].split("=")[0]


def screen_rows(svg: str) -> list[str]:
    """An exported screenshot's text, row by row (a run of blanks is drawn as a rectangle,
    so it is missing here)."""
    rows: dict[int, str] = {}
    for n, text in re.findall(
        r'<text[^>]*clip-path="url\(#terminal-\d+-line-(\d+)\)"[^>]*>(.*?)</text>', svg
    ):
        rows[int(n)] = rows.get(int(n), "") + html.unescape(text).replace("\xa0", " ")
    return [rows[n] for n in sorted(rows)]


async def test_the_help_s_first_key_row_reads_on_one_line_at_80_by_24() -> None:
    """The help's first row crammed the arrows, "card", "colour" and "click" into one key
    cell, which wrapped over five lines ("← →" / "card, ↑" / "↓" / "colour," / "click")."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, dealt_match())
        await keys(pilot, "enter", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        rows = screen_rows(app.export_screenshot())
        arrows = next(row for row in rows if "←→" in row)  # (the rows' blanks are left out)
        assert "moveoveryourcards" in arrows.replace(" ", "")
        assert not any("card,↑" in row.replace(" ", "") for row in rows)


async def test_laid_cards_fly_to_the_table_with_animations_on() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.animation_level = "full"
        screen = await open_game(app, pilot, dealt_match())
        await keys(pilot, "enter", "5", "enter")
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.3)
        fly = screen.query_one(FlyingLabel)
        ann = screen.query_one(AttackeTable).laid_at(0)
        assert fly.flights == [("R5", ann)]  # from below to Ann's laid cards
        assert not fly.display and fly.offset == ann
        assert isinstance(app.screen, HandoffScreen)


def test_the_words_follow_the_table() -> None:
    opened = dealt_match()
    view = RULES.view(opened.match.state, 0)
    opened.close()
    assert prompt(view, NAMES) == "open a contest: lay at least one knight"
    assert score(view, NAMES[:3]) == "Ann 0  ·  Ben 0  ·  Cleo 0"
    assert chapters(view, NAMES[:3]) == []


async def test_a_lost_10_shield_asks_which_chip_to_give_back() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        cards = {0: ["Y2", "G5", "R3"], 1: ["P2", "B4"], 2: ["B3", "Y5", "P3"]}
        screen = await open_game(app, pilot, dealt_match(), cards)
        await keys(pilot, "enter", "5", "enter")  # Ann R:5
        await keys(pilot, "enter", "3", "4", "enter")  # Ben 3 4
        await keys(pilot, "enter", "7", "7", "enter")  # Cleo 7 7
        await keys(pilot, "enter", "p", "y")  # Ann passes and draws
        await keys(pilot, "enter", "p", "n")  # Ben passes: Cleo wins red
        assert isinstance(app.screen, ChapterEndScreen)
        await keys(pilot, "enter", "enter", "down", "2", "enter")  # Cleo G:2
        await keys(pilot, "enter", "down", "3", "enter")  # Ann 3
        await keys(pilot, "enter", "up", "space", "enter")  # Ben 10S
        await keys(pilot, "enter", "up", "space", "enter")  # Cleo 10S: 12
        await keys(pilot, "enter", "down", "5", "down", "down", "7", "enter")  # Ann 5 7S
        await keys(pilot, "enter", "p", "n")  # Ben passes (no chip to give back)
        await keys(pilot, "enter", "p", "n")  # Cleo passes with her 10-shield laid
        assert plays(screen)[-7:] == ["G:2", "3", "10S", "10S", "5 7S", "pass", "pass"]
        assert screen.viewer == 2 and "choose a chip" in str(screen.query_one("#status").render())
        assert screen.query_one("#at-colour-R").display
        assert not screen.query_one("#at-colour-G").display  # only the chips she owns
        await keys(pilot, "r")
        assert plays(screen)[-1] == "return R"
        assert isinstance(app.screen, ChapterEndScreen)
        result = app.screen.result
        assert result.headline == "Ann wins the green contest and takes the green chip"
        assert "Cleo gave back the red chip" in result.why


NARRATION = (
    "Cleo wins the green contest and takes the green chip. Cleo stood at 12 (G2 10S); Ann and "
    "Ben passed. Ben gave back the red chip for a lost 10-shield.  Cleo opened a blue contest "
    "with the blue 4 and 5: 9; Ann fought with a blue 7 and the 7-shield, for a total of 14 — "
    "beat 14 in blue, or pass"
)
"""Five rows of news at 100 columns: a contest's result, then two moves and the prompt."""


async def test_a_long_narration_shows_whole_at_100_by_32_and_ends_with_an_ellipsis_at_80() -> None:
    for size in ((100, 32), (80, 24)):
        app = new_app()
        async with app.run_test(size=size) as pilot:
            screen = await open_game(app, pilot, dealt_match())
            await keys(pilot, "enter")
            screen.news(NARRATION)
            await pilot.pause()
            news, hand = screen.query_one("#news"), screen.query_one(AttackeHand)
            assert news.region.bottom <= hand.region.y  # nothing of it under the hand
            rows = Content(NARRATION).wrap(news.content_size.width)
            shown = str(news.render())
            if size == (100, 32):
                assert news.region.height == len(rows) and shown == NARRATION
            else:
                kept = shown.splitlines()
                assert len(kept) == news.region.height == 3 < len(rows)
                assert kept[-1].endswith("…") and kept[-1][:-1] in NARRATION


async def test_news_too_long_for_80_by_24_drops_the_contests_result_and_keeps_the_prompt() -> None:
    """At 80×24 the news told the contest just ended, then the moves of the next, and lost
    "— beat 14 in blue, or pass" under its "…" (the result's panel had shown it already).
    Chosen again as the terminal is resized."""
    answer = NARRATION.split("  ", 1)[1]
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, dealt_match())
        await keys(pilot, "enter")
        screen.news(NARRATION, answer)
        for size, told in (((100, 32), NARRATION), ((80, 24), answer), ((100, 32), NARRATION)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            shown = " ".join(str(screen.query_one("#news").render()).split())
            assert shown == " ".join(told.split()), size


async def test_the_news_shows_names_as_typed_never_as_markup() -> None:
    """A name is a name: "[b]Bo[/b]" stayed plain, and one holding "[/]" brought the screen
    down, once the news chose among tellings."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, dealt_match())
        await keys(pilot, "enter")
        for texts in (("Rob [x] [/] took 3",), ("[b]Bo[/b] " * 40, "[b]Bo[/b] opened")):
            screen.news(*texts)
            await pilot.pause()
            shown = str(screen.query_one("#news").render())
            assert shown.startswith(texts[-1][:9]), shown


async def test_the_contest_line_fits_at_100_columns_and_shortens_rather_than_cut() -> None:
    """At 80 columns it read "… · pile 79  discard 1 · 4…": now the goal goes, then the
    discard, and only names too long for even that end in "…"."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, dealt_match())
        await keys(pilot, "enter", "5", "enter")  # Ann opens red with the red 5
        info = screen.query_one("#at-info", ClampedText)
        line = str(info.render())
        assert line.endswith("4 colours win") and len(line) <= info.content_region.width
        table = screen.query_one(AttackeTable)
        view = replace(RULES.view(screen.port.match.state, 1), colour=None)
        width = info.content_region.width
        rest = len(" opens · pile 81  discard 0 · 4 colours win")  # after the opener's name
        for name, end in (
            ("B" * (width - rest + 1), "discard 0"),
            ("B" * (width - rest + 20), "pile 81"),  # " · 4 colours win" and the discard go
            ("Benedict " * (width // 9), "…"),
        ):
            table.names = ("Ann", name, "Cleo")
            info.show_first_fitting(*table.info_lines(view))
            await pilot.pause()
            shown = str(info.render())
            assert shown.endswith(end) and len(shown) <= info.content_region.width, shown


def bot_match(bot: str = "random") -> OpenMatch:
    """Ann at the device against two bots, Ann first, the deal in the log."""
    seats = (Seat("Ann"), Seat("Ben", "bot", bot), Seat("Cleo", "bot", bot))
    opened = create_match(RULES, seats, {})
    opened.submit(First(0))
    queues = {s: list(h) for s, h in HANDS.items()}
    while opened.match.state.phase == "deal":
        opened.submit(Draw(queues[opened.match.state.actor].pop(0)))
    return opened


async def test_the_status_goes_straight_to_a_contest_s_end_without_naming_a_bot_to_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(game_screen, "BOT_PAUSE", 0.0)
    app = ParlourApp()
    app.animation_level = "full"  # the deal pause between a draw and the next seat is on
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, bot_match())
        shown: list[tuple[str, bool]] = []
        status = screen._status

        def recorded(view: Any, seat: int | None) -> None:
            status(view, seat)
            due = len(screen.chapters()) > screen._chapters_told  # a contest ended, not yet shown
            shown.append((str(screen.query_one("#status").render()), due))

        monkeypatch.setattr(screen, "_status", recorded)
        await keys(pilot, "5", "enter")  # Ann opens red
        for _ in range(400):  # bounded: the bots answer at once, each flight takes 0.45 s
            if isinstance(app.screen, ChapterEndScreen):
                break
            if "Your turn" in str(screen.query_one("#status").render()):
                await keys(pilot, "p", "y")  # Ann passes and draws: the draw may end it
            await pilot.pause(0.02)
        assert isinstance(app.screen, ChapterEndScreen)
        assert any(due for _, due in shown)
        for text, due in shown:
            if due:
                assert "thinking" not in text and "moves…" not in text, text
        # Alone against bots, Ann's hand stays hers behind the result ("Hand hidden" before).
        assert screen.query_one(AttackeHand).border_title != "Hand hidden"
        screen._close()


async def test_your_turn_waits_until_a_bot_s_cards_have_landed_and_its_seat_is_unlit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = ParlourApp()
    app.animation_level = "full"
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, bot_match())
        moves = {1: "pass", 2: "7 7"}  # Ben passes, Cleo lays her red 7s: they fly to her seat

        def think(seat: int, state: Any, position: int, pause: float) -> None:
            action = RULES.parse(screen.port.match.state, moves[seat])
            screen.post_message(BotChose(position, action))

        monkeypatch.setattr(screen.bots, "think", think)
        shown: list[tuple[str, bool]] = []
        status = screen._status
        fly = screen.query_one(FlyingLabel)
        panels = list(screen.query(SeatPanel))

        def recorded(view: Any, seat: int | None) -> None:
            status(view, seat)
            moving = app.animator.is_being_animated(fly, "offset") or any(
                panel.has_class("-fresh") for panel in panels
            )
            shown.append((str(screen.query_one("#status").render()), moving))

        monkeypatch.setattr(screen, "_status", recorded)
        await keys(pilot, "5", "enter")  # Ann opens red
        for _ in range(200):  # bounded: Cleo's flight and light take 0.7 s
            if plays(screen)[-1:] == ["7 7"] and screen.hold is None:
                break
            await pilot.pause(0.02)
        assert plays(screen)[-2:] == ["pass", "7 7"]
        assert [what for what, _ in fly.flights][-1] == "R7 R7"
        turns = [moving for text, moving in shown if "Your turn" in text]
        assert turns and not any(turns)
        screen._close()
