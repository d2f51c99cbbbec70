"""The Blood of an Englishman on the game screen: the castles table driven by keys and clicks.

Every match is hot-seat (Ann is Jack, Ben the Giant; nothing is hidden, so there is no
handoff) and dealt from a fixed deal, so each test knows every card.
"""

from __future__ import annotations

import asyncio
import html
import random
import re
from dataclasses import replace
from typing import Any

import pytest
from textual.content import Content
from textual.pilot import Pilot

from core.games.englishman import Englishman, EnglishmanState
from core.games.englishman.actions import Deal
from core.match import ActionEntry, Seat
from core.rules import CHANCE
from replays.store import OpenMatch, create_match
from tui.app import ParlourApp
from tui.games.englishman import KIT, flight
from tui.games.englishman.flight import flights
from tui.games.englishman.layout import Place, layout
from tui.games.englishman.table import CastlesTable
from tui.screens.game import GameScreen
from tui.screens.round_end import MatchEndScreen
from tui.widgets.move_log import MoveLog

RULES = Englishman()
RUN = ("1", "2", "3", "4", "5", "6", "7", "8", "9")
DEAL = Deal(
    (
        (*RUN, "Fee"),
        (*RUN, "Fi"),
        (*RUN, "Fo"),
        (*RUN, "Fum"),
        ("Fee", "Gold", "Fi", "Goose", "Fo", "Harp", "Fum", "Gold", "Goose", "Harp"),
    )
)
"""Castles 1-4 run 1..9 from the front with a giant word at the back; castle 5 mixes the
other words and all six treasures, never four words in a row."""


def new_app(animations: str = "none") -> ParlourApp:
    app = ParlourApp()
    app.animation_level = animations  # type: ignore[assignment]
    return app


def hot_seat() -> OpenMatch:
    return create_match(RULES, (Seat("Ann"), Seat("Ben")), {})


async def open_game(app: ParlourApp, pilot: Pilot[None]) -> GameScreen:
    screen = GameScreen(hot_seat(), rng=random.Random(1), chance=lambda state: DEAL)
    await app.push_screen(screen)
    await pilot.pause()
    return screen


def plays(screen: GameScreen) -> list[str]:
    """The decisions in the log so far, in notation (the deal left out)."""
    return [
        RULES.notation(RULES.from_wire(e.action))
        for e in screen.port.match.entries
        if isinstance(e, ActionEntry) and e.seat != CHANCE
    ]


def table_of(screen: GameScreen) -> CastlesTable:
    table = screen.table
    assert isinstance(table, CastlesTable)
    return table


def hint(screen: GameScreen) -> str:
    return str(screen.query_one("#hint").render())


def log_text(screen: GameScreen) -> str:
    return "\n".join(strip.text.rstrip() for strip in screen.query_one(MoveLog).lines)


async def keys(pilot: Pilot[None], *pressed: str) -> None:
    await pilot.press(*pressed)
    await pilot.pause()


async def click(pilot: Pilot[None], screen: GameScreen, place: Place) -> None:
    table = table_of(screen)
    offset = table.offset_of(place)
    await pilot.click(table, offset=(offset.x, offset.y))
    await pilot.pause()


def screen_text(app: ParlourApp) -> str:
    """The screenshot's text without spaces (a run of blanks is drawn as a rectangle)."""
    svg = app.export_screenshot()
    text = html.unescape("".join(re.findall(r"<text[^>]*>(.*?)</text>", svg)))
    return re.sub(r"\s", "", text)


async def test_setup_jack_and_the_giant_by_keys() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot)
        assert screen.port.match.state.phase == "setup"
        assert "keep the deal" in hint(screen)
        await keys(pilot, "minus")
        assert "w-" in hint(screen)
        await keys(pilot, "enter")  # keep the deal
        assert "3 of 3 actions left" in str(table_of(screen).border_title)
        await keys(pilot, "1", "s", "enter")  # the 1 of castle 1 onto the beanstalk
        await keys(pilot, "2", "s")  # castle 2's front is a 1 too: refused at once
        assert "ascending order" in hint(screen) and "✗" in hint(screen)
        assert table_of(screen).draft.dest is None
        await keys(pilot, "escape", "escape", "1", "s", "enter")  # the 2 of castle 1
        await keys(pilot, "5", "b", "f", "enter")  # castle 5's back Harp to its front
        assert screen.port.match.state.actor == 1
        assert "Giant" in str(table_of(screen).border_title)
        await keys(pilot, "d", "1", "2", "2")  # the second move may not take that card
        assert "different card" in hint(screen)
        await keys(pilot, "3", "4", "enter")
        assert plays(screen) == ["w-", "1f>s", "1f>s", "5b>f", "1>2,3>4"]
        log = log_text(screen)
        assert "1f>s" in log and "1>2,3>4" in log and "left the castles as dealt" in log
        state = screen.port.match.state
        assert state.current == ("1", "2") and state.castles[1][:2] == ("3", "1")
        await keys(pilot, "3", "3")  # Jack: a front card to its own castle is refused
        assert "different castle" in hint(screen)


async def test_the_giant_discards_and_moves_four_by_keys() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot)
        await keys(pilot, "minus", "enter")
        await keys(pilot, "1", "2", "enter", "2", "3", "enter", "3", "4", "enter")
        assert screen.port.match.state.actor == 1
        await keys(pilot, "x", "4")  # the cursor lands on castle 4's first beanstalk card
        assert table_of(screen).draft.cursor == (3, 0)
        await keys(pilot, "right", "right", "enter")
        assert plays(screen)[-1] == "x4:3"
        assert screen.port.match.state.discards == ("2",)
        await keys(pilot, "5", "b", "f", "enter", "4", "s", "enter", "5", "b", "f", "enter")
        await keys(pilot, "m", "1", "1")  # the four must go to another castle
        assert "different castle" in hint(screen)
        await keys(pilot, "5", "enter")
        assert plays(screen)[-4:] == ["5b>f", "4f>s", "5b>f", "1>5"]
        assert screen.port.match.state.castles[4][:5] == ("2", "3", "4", "5", "Goose")
        assert "Giant'sdiscards(1):2" in screen_text(app)


async def test_setup_and_moves_by_clicks() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot)
        await click(pilot, screen, ("castle", 0, 9))  # lift castle 1's back card, the Fee
        await click(pilot, screen, ("castle", 0, 4))  # to place 5
        assert "w1:10>5" in hint(screen)
        await click(pilot, screen, ("castle", 0, 4))  # the same place again: play it
        assert plays(screen) == ["w1:10>5"]
        assert screen.port.match.state.castles[0][4] == "Fee"
        await click(pilot, screen, ("castle", 1, 4))  # a middle card: Jack cannot take it
        assert "only a castle's front card" in hint(screen)
        await click(pilot, screen, ("castle", 1, 0))  # castle 2's front, the 1
        await click(pilot, screen, ("stalk", -1, 0))  # onto the beanstalk
        assert "2f>s" in hint(screen)
        await pilot.press("enter")
        await pilot.pause()
        await click(pilot, screen, ("back", 4, 0))  # castle 5's back, the Harp
        await click(pilot, screen, ("front", 4, 0))  # to its own front
        await click(pilot, screen, ("front", 4, 0))  # again: play it
        await click(pilot, screen, ("castle", 2, 0))  # castle 3's front
        await click(pilot, screen, ("castle", 3, 5))  # anywhere on castle 4's row
        await click(pilot, screen, ("castle", 3, 5))
        assert plays(screen) == ["w1:10>5", "2f>s", "5b>f", "3f>4"]
        await click(pilot, screen, ("castle", 4, 0))  # the Giant clicks the Harp: refused
        assert "never a treasure card" in hint(screen)
        await click(pilot, screen, ("castle", 0, 2))  # castle 1's 3
        await click(pilot, screen, ("castle", 0, 2))
        assert plays(screen)[-1] == "x1:3"
        assert "x1:3" in log_text(screen)


async def test_the_table_fits_80_by_24_with_the_log_below() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot)
        await keys(pilot, "minus", "enter", "1", "s", "enter")
        text = screen_text(app)
        for castle in range(1, 6):
            assert f"{castle}F▸" in text
        for word in ("parallel:", "vertical:", "starved:", "Beanstalk1/3", "discards"):
            assert word in text
        table = table_of(screen)
        log = screen.query_one(MoveLog)
        assert table.region.bottom <= log.region.y
        assert log.region.height >= 6 and log.region.bottom <= 23
        assert all(
            line.cell_length <= table.board.size.width for line in table.board.layout_at().lines
        )
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot)
        text = screen_text(app)
        assert "5F▸" in text and "starved:" in text


def test_a_long_castle_wraps_under_its_first_card() -> None:
    state = RULES.apply(RULES.apply(EnglishmanState(), DEAL), RULES.parse(EnglishmanState(), "w-"))
    long = state.castles[0] + state.castles[1] + state.castles[2][:5]
    state = replace(
        state, castles=(long, (), state.castles[2][5:], state.castles[3], state.castles[4])
    )
    lay = layout(state, 60)
    rows = [y for y, castle in lay.rows.items() if castle == 0]
    assert len(rows) >= 2  # 25 cards do not fit 60 columns: the row wraps
    assert all(line.cell_length <= 60 for line in lay.lines)
    assert all(("castle", 0, i) in lay.cells for i in range(25))
    assert lay.cells[("castle", 0, 24)][1] == rows[-1]
    assert "empty" in lay.lines[rows[-1] + 1].plain


async def test_a_travelling_card_lands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(flight, "FLIGHT", 60.0)  # still flying however slow the machine
    app = new_app("full")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.2)  # the deal's pause
        await keys(pilot, "minus", "enter", "1", "3")
        table = table_of(screen)
        start, end = table.offset_of(("castle", 0, 0)), table.offset_of(("castle", 2, 0))
        table.command("enter")  # as the key does (a pilot press waits for the landing)
        for _ in range(100):  # bounded: the flight starts after the move is kept
            if table.flyer.display:
                break
            await asyncio.sleep(0.02)
        assert table.flying and table.flyer.display  # on its way
        assert start != end
        await app.animator.stop_animation(table.flyer, "offset")  # lands it
        monkeypatch.undo()
        await pilot.pause()
        assert not table.flying and not table.flyer.display
        assert screen.port.match.state.castles[2][:2] == ("1", "1")
        assert plays(screen) == ["w-", "1f>3"]
        await keys(pilot, "2", "s", "enter")  # a press waits for the flight, which lands
        assert not table.flying and "│1│" in table.board.layout_at().lines[5].plain


def test_the_narrator_words() -> None:
    narrator, names = KIT.narrator, ("Ann", "Ben")
    dealt = RULES.apply(EnglishmanState(), DEAL)
    assert "keep" in narrator.prompt(dealt, names)
    state: Any = RULES.apply(dealt, RULES.parse(dealt, "w-"))
    assert narrator.prompt(state, names).startswith("3 of 3 actions left")
    assert narrator.score(state, names) == "beanstalks built 0/3 · treasures none"
    for text in ("1f>s", "1f>s", "1f>s"):
        state = RULES.apply(state, RULES.parse(state, text))
    assert "discard" in narrator.prompt(state, names)
    assert "beanstalk 1: 3 of 6 cards" in narrator.score(state, names)


def test_the_score_names_the_growing_beanstalk_as_the_board_does() -> None:
    """The replay showed the board's "Beanstalk 2/3" over a score of "beanstalks 1/3 (next: 2
    of 6 cards)": two counts of one thing that disagreed at a glance."""
    stalk = ("1", "2", "3", "4", "5", "6", "Harp")
    state = replace(EnglishmanState(), completed=(stalk,), current=("2", "3"))
    score = KIT.narrator.score(state, ("Ann", "Ben"))
    assert score == "beanstalks built 1/3 · beanstalk 2: 2 of 6 cards · treasures Harp"


async def test_a_move_that_loses_is_warned_and_ends_the_match_after_its_flight() -> None:
    app = new_app("full")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.2)
        await keys(pilot, "minus", "enter")
        for castle in "123":  # Fee, Fi and Fo come to the fronts of castles 1 to 3
            await keys(pilot, castle, "b", "f", "enter")
        await keys(pilot, "x", "5")  # castle 5 holds no beanstalk card
        assert "no beanstalk card" in hint(screen)
        await keys(pilot, "4", "enter")  # the Giant discards castle 4's 1
        await keys(pilot, "4", "b", "f")
        assert "loses: parallel" in hint(screen)
        assert hint(screen).startswith("⚠ 4b>f")  # a losing move is not ticked as fine
        await keys(pilot, "enter")
        for _ in range(100):  # bounded: the panel opens once the card has landed
            if isinstance(app.screen, MatchEndScreen):
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, MatchEndScreen)
        assert plays(screen)[-1] == "4b>f"
    assert app.return_code in (None, 0)


async def test_against_a_bot_giant_the_table_waits_then_shows_its_move() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        opened = create_match(RULES, (Seat("Ann"), Seat("Bot", "bot", "random")), {})
        screen = GameScreen(opened, rng=random.Random(3), chance=lambda state: DEAL)
        await app.push_screen(screen)
        await pilot.pause()
        await keys(pilot, "minus", "enter", "1", "s", "enter", "1", "s", "enter")
        await keys(pilot, "1", "s", "enter")
        for _ in range(20):
            if screen.port.match.state.actor == 0:
                break
            await pilot.pause(0.05)
        assert len(plays(screen)) == 5 and screen.port.match.state.actor == 0
        assert "Bot" in log_text(screen)
        assert "3 of 3 actions left" in str(table_of(screen).border_title)
        await keys(pilot, "4")  # the table takes input again
        assert table_of(screen).draft.source == (3, "f")


async def test_the_hint_line_words_can_be_clicked() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot)
        line = screen.query_one("#hint")

        async def click_word(word: str) -> None:
            x = str(line.render()).index(word)
            await pilot.click(line, offset=(x + 1, 0))
            await pilot.pause()

        await click_word("keep the deal")
        assert "w-" in hint(screen)
        await click_word("Enter")
        assert plays(screen) == ["w-"]
        await keys(pilot, "1", "s", "enter", "1", "s", "enter", "1", "s", "enter")
        await click_word("m move four")
        assert table_of(screen).draft.mode == "m"


async def test_a_very_long_castle_gives_up_the_title_row_rather_than_the_log() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot)
        await keys(pilot, "minus", "enter")
        state = screen.port.match.state
        long = sum(state.castles[:4], ()) + state.castles[4][:8]
        table = table_of(screen)
        castles = (long, (), (), (), state.castles[4][8:])
        discards = tuple(str(value) for value in range(1, 10)) * 2  # a second line of them
        table.show(replace(state, castles=castles, discards=discards), None, animate=False)
        table.tell("✗ " + "a long reason that takes two lines of the hint " * 2)
        await pilot.pause()
        await pilot.pause()
        assert table.has_class("-tight")
        log = screen.query_one(MoveLog)
        assert table.region.bottom <= log.region.y and log.region.bottom <= 23
        text = screen_text(app)
        assert "5F▸" in text and "starved:" in text and "Goose┃Harp┃◂B" in text


def test_the_giant_s_two_single_moves_fly_as_two_legs_one_after_the_other() -> None:
    state = RULES.apply(RULES.apply(EnglishmanState(), DEAL), RULES.parse(EnglishmanState(), "w-"))
    for text in ("1f>s", "1f>s", "1f>s"):
        state = RULES.apply(state, RULES.parse(state, text))
    after = RULES.apply(state, RULES.parse(state, "1>2,3>4"))
    first, second = flights(state, after)
    assert (first.source, first.target, first.cards) == (("castle", 0, 0), ("castle", 1, 0), ("4",))
    assert (second.source, second.target, second.cards) == (
        ("castle", 2, 0),
        ("castle", 3, 0),
        ("1",),
    )
    assert first.before == state and first.after == second.before and second.after == after
    assert first.after.castles[1][:2] == ("4", "1")  # the board between the legs
    assert flights(state, state) == [] and flights(EnglishmanState(), state) == []


def test_a_treasure_that_completes_a_beanstalk_lands_at_its_end() -> None:
    dealt = RULES.apply(EnglishmanState(), DEAL)
    state = RULES.apply(dealt, RULES.parse(dealt, "w5:2>1"))  # the Gold to castle 5's front
    state = replace(state, current=("1", "2", "3", "4", "5", "6"))
    after = RULES.apply(state, RULES.parse(state, "5f>s"))
    (plan,) = flights(state, after)
    assert plan.cards == ("Gold",) and after.completed[0][-1] == "Gold"
    assert plan.target == ("stalk", 0, 6) and plan.landing == {("stalk", 0, 6)}
    assert plan.target in layout(after, 78).cells


def test_castles_are_card_tiles_whose_edge_tells_the_kind() -> None:
    dealt = RULES.apply(EnglishmanState(), DEAL)
    lines = [line.plain for line in layout(dealt, 78).lines]
    assert lines[0].endswith("F▸│1│2│3│4│5│6│7│8│9│║Fee║◂B")  # beans share their edges
    assert "║Fee║┃Gold┃║Fi║┃Goose┃" in lines[4]  # the Giant's words stand apart
    assert "[" not in "".join(lines)


def test_the_beanstalk_key_stands_apart_from_its_label_and_the_stalk_shows_its_slots() -> None:
    dealt = RULES.apply(EnglishmanState(), DEAL)
    state = RULES.apply(dealt, RULES.parse(dealt, "w-"))
    state = RULES.apply(state, RULES.parse(state, "1f>s"))
    line = layout(state, 78).lines[5].plain
    assert line.startswith(" Beanstalk 1/3 (s) │1│·┆·┆·┆·┆·┆ next >1")
    assert "s Beanstalk" not in line


def test_once_all_three_beanstalks_are_built_no_empty_slots_are_drawn() -> None:
    """After Jack's win the line began "Beanstalk 3/3 (s) ┆·┆·┆·┆·┆·┆·┆": a fourth beanstalk."""
    from tests.games.englishman.script import table

    done = ("1 2 3 4 5 6 Gold", "1 2 3 4 5 6 Goose", "1 2 3 4 5 6 Harp")
    state = table("7 ...\n8 ...\n9 ...\n7 ...\n8 ...", completed=done, won=True)
    line = layout(state, 78).lines[5].plain
    assert line.startswith(" Beanstalk 3/3 (s)   ✓│1│2│3│4│5│6│┃Gold┃"), line
    assert "·" not in line and "┆" not in line


async def test_with_rows_to_spare_the_tiles_stand_three_rows_tall_and_all_three_take_clicks() -> (
    None
):
    app = new_app()
    async with app.run_test(size=(140, 45)) as pilot:
        screen = await open_game(app, pilot)
        await pilot.pause()
        board = table_of(screen).board
        x, y, _ = board.layout_at().cells[("castle", 1, 0)]
        lines = [line.plain for line in board.layout_at().lines]
        assert lines[y - 1][x : x + 4] == "╭─┬─" and lines[y + 1][x : x + 4] == "╰─┴─"
        for row in (y - 1, y, y + 1):
            assert board.place_at(x + 1, row) == ("castle", 1, 0)
        log, table = screen.query_one(MoveLog).region, table_of(screen).region
        assert table.right <= log.x or table.bottom <= log.y  # beside the log, or above it
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot)
        await pilot.pause()
        board = table_of(screen).board
        flat = layout(board.state, board.size.width).lines
        assert len(board.layout_at().lines) == len(flat)  # no room: one row a castle


async def test_the_castles_panel_is_framed_with_corners_like_every_other_panel() -> None:
    """The table's title sat on a bare rule (`─Setup …─`) beside the log's rounded frame."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(app, pilot)
        await pilot.pause()
        text = screen_text(app)
        assert "╭─Setup" in text, "the title has its corner"
        assert "discardsaway│" in text, "the starved threat fits in the frame at 100 columns"


async def test_the_setup_title_and_hints_fit_whole_at_80_by_24_and_100_by_32() -> None:
    """The setup title was cut ("…or keep th…") and the lifted card's hint ended in a bare
    "Esc", which read as cut too; every hint that names Esc now says what it does."""
    for size in ((80, 24), (100, 32)):
        app = new_app()
        async with app.run_test(size=size) as pilot:
            screen = await open_game(app, pilot)
            await pilot.pause()
            table = table_of(screen)
            title = str(table.border_title)
            assert title == "Setup · Jack (Ann): move a card within its castle"
            assert re.sub(r"\s", "", title) in screen_text(app), "the title is drawn whole"
            for pressed in ((), ("1",), ("space",), ("escape", "escape", "minus", "enter", "1")):
                await keys(pilot, *pressed)
                line = screen.query_one("#hint")
                text = line.render()
                assert isinstance(text, Content) and not text.plain.endswith("Esc"), text
                rows = text.wrap(line.size.width)
                assert len(rows) <= line.size.height, f"{text.plain!r} is cut at {size}"
                drawn = screen_text(app)
                assert all(re.sub(r"\s", "", row.plain) in drawn for row in rows)


async def test_a_title_too_long_for_the_frame_names_the_roles_alone() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        names = ("Bartholomew Featherstonehaugh-Smythe", "Ben")
        opened = create_match(RULES, tuple(Seat(name) for name in names), {})
        screen = GameScreen(opened, rng=random.Random(1), chance=lambda state: DEAL)
        await app.push_screen(screen)
        await pilot.pause()
        await keys(pilot, "minus", "enter")
        table = table_of(screen)
        assert str(table.border_title) == "Turn 1 · Jack to act · ●●● 3 of 3 actions left"
        assert "…" not in screen_text(app)


def tall_lines(table: CastlesTable) -> list[int]:
    """The board's lines whose tiles stand three rows tall (a row of top edges above them)."""
    lines = [line.plain for line in table.board.layout_at().lines]
    return [y for y in range(1, len(lines)) if set(lines[y - 1]) & set("╭╔┏")]


async def test_the_board_keeps_its_layout_as_the_news_comes_and_goes_and_fills_its_rows() -> None:
    """At 100x32 the castles dropped from tiles three rows tall to one row a castle whenever a
    news line showed, leaving 14 blank rows, and stood tall again when it went. The board now
    takes the rows the news at its tallest leaves; grown past them, it draws every castle flat
    (two castles tall above three flat read as two drawings of one table)."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot)
        await keys(pilot, "minus", "enter")
        table = table_of(screen)
        state = replace(
            screen.port.match.state,
            current=("1", "2", "3", "5", "6", "9"),
            completed=(
                ("1", "2", "3", "4", "5", "6", "Gold"),
                ("1", "2", "4", "5", "6", "8", "Harp"),
            ),
            discards=tuple("123456789"),
        )
        drawn = []
        for news in ("", "Since your last turn: " + "Ben moved a 4 to castle 2. " * 5, ""):
            screen.news(news)
            table.show(state, None, animate=False)
            await pilot.pause()
            await pilot.pause()
            drawn.append([line.plain for line in table.board.layout_at().lines])
        assert drawn[0] == drawn[1] == drawn[2]
        assert tall_lines(table)[:5] == [1, 4, 7, 10, 13], "the five castles stand tall"
        c = state.castles
        castles = (c[0] + c[1] + c[2], c[3] + c[4] + c[0], (), c[1] + c[2] + c[3], c[4])
        grown = replace(state, castles=castles)
        table.show(grown, None, animate=False)
        await pilot.pause()
        await pilot.pause()
        board = table.board
        flat = layout(grown, board.size.width)
        rows = len(board.layout_at().lines)
        assert len(flat.lines) + 2 * len({tile.y for tile in flat.tiles}) > board.rows, (
            "every line tall would not fit"
        )
        assert rows <= board.rows
        castle_lines = {y for y, _ in enumerate(board.layout_at().lines) if y in flat.rows}
        assert not castle_lines & set(tall_lines(table)), "no castle tall, none half"


async def test_at_80_by_24_the_table_keeps_its_frame_as_the_news_comes_and_goes() -> None:
    """Below 100 columns the news takes its rows from the move log, not from the table: the
    table's frame and threats no longer come and go with it."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot)
        await keys(pilot, "minus", "enter", "1", "s", "enter")
        table, log = table_of(screen), screen.query_one(MoveLog)
        for news in ("Since your last turn: " + "Ben moved a 4 to castle 2. " * 5, ""):
            screen.news(news)
            table.show(screen.port.match.state, None, animate=False)  # as after a move
            await pilot.pause()
            await pilot.pause()
            assert not table.has_class("-tight") and not table.has_class("-compact")
            assert table.region.bottom <= log.region.y and log.region.height >= 6


async def test_jack_s_first_hint_fits_one_row_at_80_by_24_and_100_by_32() -> None:
    """Jack's "Pick a card: …; or click it" broke before its last words at both sizes, leaving
    "click it" (at 80 columns a lone "it") on a row of its own."""
    for size in ((80, 24), (100, 32)):
        app = new_app()
        async with app.run_test(size=size) as pilot:
            screen = await open_game(app, pilot)
            await keys(pilot, "minus", "enter")  # keep the deal: Jack's first action
            line = screen.query_one("#hint")
            text = line.render()
            assert isinstance(text, Content) and text.plain.startswith("Pick a card"), text
            assert len(text.wrap(line.size.width)) == 1, (size, text.plain)


async def test_at_the_match_end_the_status_names_the_winner_and_the_table_keeps_its_frame() -> None:
    """At 80x24 the status told the whole reason on two rows ("…castles 1, 2, 3 and 4 show /
    Fee, Fi, Fo and Fum"), and the table lost its frame and title to make room."""
    app = new_app("none")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot)
        await keys(pilot, "minus", "enter")
        for castle in "123":
            await keys(pilot, castle, "b", "f", "enter")
        await keys(pilot, "4", "enter", "4", "b", "f", "enter")
        for _ in range(100):  # bounded: the panel opens once the card has landed
            if isinstance(app.screen, MatchEndScreen):
                break
            await pilot.pause(0.05)
        status = screen.query_one("#status")
        assert str(status.render()) == "Turn 3 · The match is over: Ben (Giant) wins"
        assert status.region.height == 1
        table = table_of(screen)
        assert not table.has_class("-tight") and not table.has_class("-compact")
