"""The 8x8 board of Crossing and Fields of Action, played through the real game screen.

Each game: a hot-seat match (two humans, open information: no handoff) played a few moves by
keys and by clicks, the move log checked, an illegal choice refused with the rules' reason, the
whole board on screen at 80x24 (squares one row high) and 100x32 (two rows), and one slide
watched with animations on.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.content import Content
from textual.pilot import Pilot

from core.games.crossing import Crossing, CrossingState
from core.games.crossing.board import square as crossing_square
from core.games.fields_of_action import FieldsOfAction
from core.games.fields_of_action.board import NAMES
from core.games.fields_of_action.setup import position, starting_board
from core.match import ActionEntry, Seat
from core.rules import Rules
from replays.store import create_match
from tui.app import ParlourApp
from tui.games.board8x8 import (
    CELL,
    LABEL,
    SIZE,
    SIZES,
    TIMES,
    Board8x8,
    BoardGrid,
    Geometry,
)
from tui.games.crossing import CrossingBoard
from tui.games.fields_of_action import FieldsBoard, taken
from tui.screens.game import GameScreen
from tui.widgets.move_log import MoveLog
from tui.widgets.table import Turn

CHAR_WIDTH = 12.2
"""Pixels per column in Textual's SVG export."""
CROSSING = Crossing()
FIELDS = FieldsOfAction()


def new_app(animations: str = "none") -> ParlourApp:
    app = ParlourApp()
    app.animation_level = animations  # type: ignore[assignment]
    return app


HOT_SEAT = (Seat("Ann"), Seat("Ben"))
AGAINST_A_BOT = (Seat("Ann"), Seat("Bot", "bot", "random"))


async def open_game(
    app: ParlourApp,
    pilot: Pilot[None],
    rules: Rules[Any, Any, Any],
    seats: tuple[Seat, ...] = HOT_SEAT,
) -> GameScreen:
    opened = create_match(rules, seats, {})
    screen = GameScreen(opened)
    await app.push_screen(screen)
    await pilot.pause()
    return screen


def board_of(screen: GameScreen) -> Board8x8[Any]:
    board = screen.table
    assert isinstance(board, Board8x8)
    return board


def sq(text: str) -> int:
    found = crossing_square(text)
    assert found is not None
    return found


async def cursor_to(pilot: Pilot[None], board: Board8x8[Any], square: int) -> None:
    """Arrow keys from wherever the cursor is to `square`."""
    at = board.cursor_square
    assert at is not None
    df, dr = square % SIZE - at % SIZE, square // SIZE - at // SIZE
    keys = ["right" if df > 0 else "left"] * abs(df) + ["up" if dr > 0 else "down"] * abs(dr)
    if keys:
        await pilot.press(*keys)
    assert board.cursor_square == square


async def click(pilot: Pilot[None], square: int, row: int | None = None) -> None:
    """A click on the middle of `square`'s stone, or on grid row `row` of its middle column."""
    x, y = pilot.app.screen.query_one(BoardGrid).geometry.origin(square)
    await pilot.click(BoardGrid, offset=(x + 1, y if row is None else row))
    await pilot.pause()


def plays(screen: GameScreen) -> list[str]:
    rules = screen.rules
    return [
        rules.notation(rules.from_wire(e.action))
        for e in screen.port.match.entries
        if isinstance(e, ActionEntry)
    ]


def hint(board: Board8x8[Any]) -> str:
    return str(board.query_one("#b8-hint").render())


def log_text(screen: GameScreen) -> str:
    """The move log's text, wrapped lines joined again."""
    return " ".join(" ".join(strip.text for strip in screen.query_one(MoveLog).lines).split())


def screen_rows(app: App[Any]) -> list[str]:
    """The screenshot's text, row by row (from the SVG export's text elements)."""
    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    pattern = r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>'
    for m in re.finditer(pattern, svg):
        rows.setdefault(float(m.group(2)), []).append(
            (float(m.group(1)), html.unescape(m.group(3)).replace("\xa0", " "))
        )
    lines = []
    for _, parts in sorted(rows.items()):
        line = ""
        for x, text in sorted(parts):
            line = line.ljust(round(x / CHAR_WIDTH)) + text
        lines.append(line)
    return lines


def assert_board_fits(app: App[Any], board: Board8x8[Any], rows: int = 1) -> None:
    """The whole board on screen, its squares `rows` rows high, every coordinate in place."""
    grid = board.grid
    assert board.geometry.rows == rows
    assert grid.size == (board.geometry.width, board.geometry.height)
    assert app.screen.region.contains_region(grid.region)
    text = "\n".join(screen_rows(app))
    assert re.search(r"a\s+b\s+c\s+d\s+e\s+f\s+g\s+h", text)
    for rank in "12345678":
        assert re.search(rf"^\W*{rank} .* {rank}\W", text, re.M), rank


# -- Crossing ------------------------------------------------------------------------------------
async def test_crossing_by_keys_and_clicks_at_80_by_24() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, CROSSING)
        board = board_of(screen)
        assert_board_fits(app, board)
        assert board.cursor_square == sq("d2")
        await pilot.press("enter", "up", "enter")  # Ann: d2-d3 by keys
        await pilot.pause()
        assert plays(screen) == ["d2-d3"]
        assert board.cursor_square == sq("d7")  # Ben's own cursor starts on his side
        # An illegal choice: a single stone two squares on is refused with the rules' reason.
        await pilot.press("enter", "down", "down", "enter")
        await pilot.pause()
        assert plays(screen) == ["d2-d3"]
        assert "✗ A single stone moves one square" in hint(board)
        await pilot.press("escape", "up", "up", "enter", "down", "enter")  # Ben: d7-d6
        await pilot.pause()
        # Ann: a phalanx by clicks: c1, then the other end c2, then c4.
        await click(pilot, sq("c1"))
        await click(pilot, sq("c2"))
        assert set(board.picker.selection) == {sq("c1"), sq("c2")}
        assert set(board.picker.targets) == {sq("c3"), sq("c4")}
        await click(pilot, sq("c4"))
        # Ben: the phalanx c8-c7 by Tab, then down two squares.
        await cursor_to(pilot, board, sq("c7"))
        await pilot.press("tab")
        assert set(board.picker.selection) == {sq("c7"), sq("c8")}
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert plays(screen) == ["d2-d3", "d7-d6", "c1:c2-c4", "c8:c7-c5"]
        words = log_text(screen)
        assert "c1:c2-c4" in words and "Ann moved the phalanx c1" in words
        # Picking an enemy stone is refused too.
        await click(pilot, sq("e7"))
        assert "✗ e7 holds Black's stone" in hint(board)
        assert_board_fits(app, board)


def board_rows(app: App[Any]) -> dict[str, str]:
    """Each rank's row of the board as the screen shows it, from rank label to rank label."""
    rows = {}
    for row in screen_rows(app):
        found = re.search(rf"([1-8]) (.{{{SIZE * CELL}}}) \1", row)
        if found:
            rows[found.group(1)] = found.group(2)
    return rows


async def test_a_refused_click_moves_the_cursor_on_screen_to_the_square_clicked() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, CROSSING)
        board = board_of(screen)
        assert "[ ○ ]" in board_rows(app)["2"]  # the cursor starts on d2
        await click(pilot, sq("e5"))  # nothing there: refused
        assert "✗ There is no stone on e5" in hint(board)
        assert board.cursor_square == sq("e5")
        rows = board_rows(app)
        assert "[" not in rows["2"]
        assert rows["5"][4 * CELL : 5 * CELL] == "[   ]"


def owing() -> CrossingState:
    """White to move, owing a counter-crossing: Black has crossed on a1."""
    cells = list(CrossingState().cells)
    cells[sq("a1")] = "b"
    cells[sq("a8")] = "."
    return CrossingState(cells="".join(cells), mover=0)


class CrossingHost(App[None]):
    """A Crossing board alone, animations off."""

    def compose(self) -> ComposeResult:
        yield Board8x8(("Ann", "Ben"), CrossingBoard())

    def on_mount(self) -> None:
        self.animation_level = "none"


async def test_crossing_phalanx_keys_and_the_owed_crossing_banner() -> None:
    app = CrossingHost()
    async with app.run_test(size=(80, 14)) as pilot:
        board = app.query_one(Board8x8)
        board.show(owing(), Turn(0, lambda action: None), animate=False)
        await pilot.pause()
        assert "Ann (White) must cross now or lose" in str(board.border_subtitle)
        assert board.has_class("owes")
        # + and - grow and shrink the moving part along the line through the picked stone.
        await cursor_to(pilot, board, sq("d2"))
        await pilot.press("tab")
        assert set(board.picker.selection) == {sq("d1"), sq("d2")}
        await pilot.press("minus")
        assert board.picker.selection == (sq("d2"),)
        await pilot.press("plus")  # back along the same line
        assert set(board.picker.selection) == {sq("d1"), sq("d2")}


async def test_a_move_that_does_not_cross_when_a_crossing_is_owed_says_it_loses() -> None:
    """Owing a counter-crossing, any other move loses the match at once: the hint said only
    "Enter: d2-d3. d2 steps one square."."""
    app = CrossingHost()
    async with app.run_test(size=(80, 14)) as pilot:
        board = app.query_one(Board8x8)
        for state, warned in ((owing(), True), (CrossingState(), False)):
            board.show(state, Turn(0, lambda action: None), animate=False)
            await pilot.pause()
            await cursor_to(pilot, board, sq("d2"))
            await pilot.press("enter")
            await cursor_to(pilot, board, sq("d3"))
            said = hint(board)
            assert said.startswith("Enter: d2-d3")
            assert ("⚠ it does not cross: you lose the match." in said) is warned
            await pilot.press("escape")


def footer_keys(app: ParlourApp) -> set[str]:
    """The actions the footer shows now, each checked to end within 80 columns."""
    shown = {
        str(getattr(key, "action", "")): key.region
        for key in app.screen.query("FooterKey")
        if key.region.width > 0
    }
    assert all(region.right <= 80 for region in shown.values()), shown
    return set(shown)


@pytest.mark.parametrize("rules", [CROSSING, FIELDS], ids=lambda rules: rules.id)
async def test_the_footer_offers_esc_while_a_stone_is_picked(rules: Rules[Any, Any, Any]) -> None:
    """Esc dropped the picked stones, but only `?` said so: the footer kept "⏎ pick"."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, rules, AGAINST_A_BOT)
        assert "cancel" not in footer_keys(app)
        await pilot.press("enter")  # the stone under the cursor, picked
        await pilot.pause()
        assert "cancel" in footer_keys(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "cancel" not in footer_keys(app)


async def test_a_phalanx_with_no_move_says_tab_finds_the_next_line() -> None:
    """Tab picked a line that could not move and the hint sent the player to Esc only."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        board = board_of(await open_game(app, pilot, CROSSING, AGAINST_A_BOT))
        await cursor_to(pilot, board, sq("a1"))
        for _ in range(4):  # the lines through a1 in turn: its rank cannot move along itself
            await pilot.press("tab")
            if len(board.picker.selection) == 8:
                break
        assert len(board.picker.selection) == 8 and not board.picker.targets
        assert "No move from here: Tab for the next line, or Esc for another stone" in hint(board)


async def test_crossing_captures_are_marked() -> None:
    cells = ["."] * 64
    for name_, cell in (("d3", "W"), ("d4", "W"), ("d5", "B"), ("a7", "B"), ("h1", "W")):
        cells[sq(name_)] = cell
    state = CrossingState(cells="".join(cells), mover=0)
    adapter = CrossingBoard()
    targets = adapter.destinations(state, 0, (sq("d3"), sq("d4")))
    assert adapter.captures(targets[sq("d5")])
    assert CROSSING.notation(targets[sq("d5")]) == "d3:d4xd5"


# -- Fields of Action ------------------------------------------------------------------------------
async def test_fields_of_action_by_keys_and_clicks_at_80_by_24() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, FIELDS)
        board = board_of(screen)
        assert_board_fits(app, board)
        assert board.cursor_square == NAMES["e3"]  # White's 1
        await pilot.press("enter")
        assert set(board.picker.targets) == {NAMES[n] for n in ("c5", "e5", "g5", "c3", "c1")}
        await pilot.press("up", "up", "enter")  # e3-e5: two stones around it, two squares
        await pilot.pause()
        assert plays(screen) == ["e3-e5"]
        # Ben by clicks: an illegal distance first, then a legal move of the same stone.
        state = screen.port.match.state
        origin = FIELDS.legal_actions(state)[0].origin
        legal = [a for a in FIELDS.legal_actions(state) if a.origin == origin]
        await click(pilot, origin)
        wrong = next(
            t
            for t in range(64)
            if state.board[t] is None
            and t not in {a.target for a in legal}
            and (t % 8 == origin % 8)
        )
        await click(pilot, wrong)
        assert plays(screen) == ["e3-e5"]
        refused = hint(board)
        assert refused.startswith("✗") and ("moves exactly" in refused or "isolated" in refused)
        await click(pilot, legal[0].target)
        assert plays(screen) == ["e3-e5", FIELDS.notation(legal[0])]
        assert FIELDS.notation(legal[0]) in log_text(screen)
        assert "Ann moved stone 1 from e3 to e5" in log_text(screen)
        assert_board_fits(app, board)


class FieldsHost(App[None]):
    """A Fields of Action board alone, for `names`, without animations."""

    def __init__(self, names: tuple[str, str]) -> None:
        super().__init__()
        self.names = names
        self.animation_level = "none"

    def compose(self) -> ComposeResult:
        yield Board8x8(self.names, FieldsBoard())

    async def showing(self, pilot: Pilot[None], state: Any) -> Board8x8[Any]:
        """The board showing `state`, White to move at this device."""
        board = self.query_one(Board8x8)
        board.show(state, Turn(0, lambda action: None), animate=False)
        await pilot.pause()
        return board


async def test_fields_of_action_shows_captures_and_runs() -> None:
    cells = list(starting_board())
    w12, b7 = cells[NAMES["d2"]], cells[NAMES["b8"]]
    cells[NAMES["b8"]] = None
    cells[NAMES["d5"]] = b7  # Black's 7 stands where White's 12 (three around) can take it
    state = position(tuple(cells), 0, ((3, 4, 5, 9), ()))
    adapter = FieldsBoard()
    targets = adapter.destinations(state, 0, (NAMES["d2"],))
    assert w12 is not None and adapter.captures(targets[NAMES["d5"]])
    assert taken((3, 4, 5, 9)).plain == "3 4 5 · 9"
    bold = [span for span in taken((3, 4, 5, 9)).spans if "bold" in str(span.style)]
    assert len(bold) == 3  # the run 3 4 5, not the 9

    app = FieldsHost(("Ann", "Ben"))
    async with app.run_test(size=(80, 14)) as pilot:
        board = await app.showing(pilot, state)
        await cursor_to(pilot, board, NAMES["d2"])
        await pilot.press("enter")
        drawn = board.draw(1.0).plain.splitlines()
        assert f"{TIMES}●7 {TIMES}" in drawn[SIZE - 5]  # rank 5
        info = str(board.query_one("#b8-info").render())
        assert "3 4 5 · 9" in info and "Capture limit 0 of 200" in info


# -- both ------------------------------------------------------------------------------------------
async def test_both_boards_fit_at_100_by_32_with_squares_two_rows_high() -> None:
    for rules in (CROSSING, FIELDS):
        app = new_app()
        async with app.run_test(size=(100, 32)) as pilot:
            screen = await open_game(app, pilot, rules)
            assert_board_fits(app, board_of(screen), rows=2)


async def test_a_click_on_any_row_of_a_big_square_picks_that_square() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, CROSSING)
        board = board_of(screen)
        assert board.geometry == Geometry(5, 2)
        # d2's stone row, then the half-block row above d3's stone row (d3's upper half).
        await click(pilot, sq("d2"))
        assert board.picker.selection == (sq("d2"),)
        _, d3_row = board.geometry.origin(sq("d3"))
        await click(pilot, sq("d3"), row=d3_row - 1)
        assert plays(screen) == ["d2-d3"]


def test_every_cell_of_a_square_maps_back_to_it_at_every_size() -> None:
    for geometry in SIZES:
        for square in range(SIZE * SIZE):
            x, y = geometry.origin(square)
            assert geometry.square_at(x, y) == square
            assert geometry.square_at(x - 1, y) == square  # a marker's column
            left = geometry.left(square % SIZE)
            assert geometry.square_at(left + geometry.cell - 1, y) == square
        assert geometry.square_at(0, 0) is None  # the rank numbers
        assert geometry.square_at(LABEL, geometry.board_rows) is None  # the files
        rows = {geometry.square_at(LABEL, y) for y in range(geometry.board_rows)}
        assert rows == {rank * SIZE for rank in range(SIZE)}  # file a, every rank


def test_stones_stand_on_the_middle_row_of_their_squares() -> None:
    from tui.games.board8x8.drawing import draw
    from tui.games.crossing import CrossingBoard

    view = CROSSING.new(2, {})
    for geometry in SIZES:
        lines = draw(
            CrossingBoard(),
            view,
            geometry=geometry,
            selection=(),
            targets={},
            cursor=sq("d2"),
            slide=None,
            progress=1.0,
        ).plain.splitlines()
        assert len(lines) == geometry.height
        for rank in range(SIZE):
            row = geometry.stone_row(rank)
            assert lines[row].startswith(f"{rank + 1} ") and lines[row].endswith(f" {rank + 1}")
            # As many rows of the square above its stone's row as below (half rows counted).
            above = 2 * (row - (SIZE - 1 - rank) * geometry.rows) - geometry.shift
            assert above == geometry.rows - 1
            if geometry.shift:  # the row above is half blocks: half this square, half the next
                top = lines[row - geometry.rows // 2]
                squares = top[LABEL : LABEL + SIZE * geometry.cell]
                assert set(squares) == {"▄" if rank == SIZE - 1 else "▀"}
        x, y = geometry.origin(sq("d2"))
        assert lines[y][x - 1 : x + 4] == "[ ○ ]"
        files = lines[geometry.board_rows]
        for f, letter in enumerate("abcdefgh"):
            assert files[geometry.left(f) + geometry.cell // 2] == letter


async def test_a_slide_completes_with_animations_on() -> None:
    app = new_app("full")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, CROSSING)
        board = board_of(screen)
        frames: list[float] = []

        def seen(value: float) -> None:
            frames.append(value)

        board.watch(board.grid, "progress", seen, init=False)
        await pilot.press("enter", "up", "enter")  # d2-d3
        assert plays(screen) == ["d2-d3"]
        assert frames and frames[0] == 0.0  # the slide starts from the old square
        # (which frames a loaded machine draws in between is timing, not behaviour: the
        # picture half-way is checked directly below)
        mid = board.draw(0.5).plain.splitlines()
        assert "○" in mid[SIZE - 3] or "○" in mid[SIZE - 2]
        await app.animator.wait_until_complete()
        await pilot.pause()
        assert not board.slider.sliding and board.grid.progress == 1.0
        rank3 = board.draw(board.grid.progress).plain.splitlines()[SIZE - 3]
        assert rank3[LABEL + 3 * CELL + 1 : LABEL + 3 * CELL + 4] == " ○ "


async def test_a_bot_reply_slides_in_and_input_waits_for_it() -> None:
    app = new_app("full")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, FIELDS, AGAINST_A_BOT)
        board = board_of(screen)
        await pilot.press("enter", "up", "up", "enter")  # e3-e5
        assert board.turn is None  # the bot is thinking: the board takes no input
        await pilot.press("enter")
        assert plays(screen) == ["e3-e5"]
        for _ in range(40):
            await pilot.pause(0.1)
            if len(plays(screen)) == 2:
                break
        await app.animator.wait_until_complete()
        await pilot.pause()
        assert len(plays(screen)) == 2 and board.turn is not None and not board.slider.sliding
        last = screen.port.match.state.last
        assert board.adapter.piece(screen.port.match.state, last.target) is not None


async def test_a_replay_steps_through_the_board_with_the_arrows() -> None:
    from tui.screens.replay import ReplayScreen

    with create_match(CROSSING, (Seat("Ann"), Seat("Ben")), {}) as opened:
        for text in ("d2-d3", "d7-d6", "c1:c2-c4"):
            opened.submit(CROSSING.parse(opened.match.state, text))
        path = opened.path
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(path)
        await app.push_screen(screen)
        await pilot.pause()
        board = screen.board
        assert isinstance(board, Board8x8) and board.turn is None
        at = screen.here
        await pilot.press("left")  # the replay's step, not the board's cursor
        await pilot.pause()
        assert screen.here != at
        assert board.view == CROSSING.view(screen.match.state_at(screen.here), 0)


async def panel_rows(board: Board8x8[Any], state: Any, width: int) -> list[str]:
    """The side panel's rows, drawn for `state` on a table `width` columns wide."""

    class Host(App[None]):
        CSS = f"Board8x8 {{ width: {width}; }}"

        def compose(self) -> ComposeResult:
            yield board

    app = Host()
    app.animation_level = "none"
    async with app.run_test(size=(100, 32)) as pilot:
        board.show(state, None, animate=False)
        await pilot.pause()
        info = board.query_one("#b8-info")
        rows = [strip.text.rstrip() for strip in info.render_lines(info.region.reset_offset)]
        assert all(len(row) <= info.content_size.width for row in rows), rows
        return [row for row in rows if row]


async def test_the_side_panel_hangs_its_long_lines_under_an_indent() -> None:
    """At 100 columns (a side panel 23 columns wide) the panel read "○ Player 1 · White ◀ to"
    / "move" and, at Fields of Action, "● Easy mcts bot · Black ◀  run" / "3/5": the words
    broke anywhere and the rest started at the left edge, under the stones."""
    names = ("Player 1", "Easy mcts bot")
    table = 73  # the table's width at 100 columns, the move log beside it
    crossing = await panel_rows(Board8x8(names, CrossingBoard()), CROSSING.new(2, {}), table)
    fields = position(starting_board(), 1, ((1, 2, 3), (1, 3, 6, 10, 11, 12)))
    field = await panel_rows(Board8x8(names, FieldsBoard()), fields, table)
    for rows in (crossing, field):  # each row starts a player's lines, or stands in under one
        assert all(row.startswith(("○ ", "● ", "  ", "Last", "Capture")) for row in rows), rows
    assert crossing[:3] == ["○ Player 1 · White", "  ◀ to move", "  crossed 0 · 16 stones"]
    assert field[:3] == ["○ Player 1 · White", "  run 3/5", "  took 1 2 3"]
    assert field[3:7] == [
        "● Easy mcts bot · Black",
        "  ◀  run 3/5",
        "  took 1 · 3 · 6 · 10",
        "    11 12",
    ]


def test_a_winning_run_reads_as_the_log_tells_it_not_as_six_of_five() -> None:
    """At the end of a won match the panel read "run 6/5"."""
    from tui.games.fields_of_action.narrator import panel

    won = position(starting_board(), 1, ((1, 2, 3, 4, 5, 6), (2, 3, 4)))
    said = panel(won, ("Ann", "Ben"), over=False).plain.replace("\u00a0", " ")
    assert "run of 6" in said and "6/5" not in said
    assert "run 3/5" in said  # a run still short of five counts toward it


def test_a_hung_line_breaks_after_its_indent_never_inside_it() -> None:
    """An indented line whose first word was too long broke at its own indent: a row of one
    space, then the word."""
    from textual.content import Content

    from tui.widgets.hung_text import laid_out

    rows = laid_out(Content("  tookverylongword 1 2"), 10).plain.splitlines()
    assert rows == ["  tookvery", "    longwo", "    rd 1 2"]
    assert laid_out(Content("  took 1 2 3 4 5"), 10).plain.splitlines() == [
        "  took 1 2",
        "    3 4 5",
    ]


async def test_after_a_take_back_the_cursor_stands_on_the_stone_taken_back() -> None:
    """It stayed on d3, where the stone had gone: an empty square once the move was undone."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, CROSSING, AGAINST_A_BOT)
        board = board_of(screen)
        assert board.cursor_square == sq("d2")
        await pilot.press("enter", "up", "enter")  # d2-d3
        for _ in range(100):  # bounded: the bot answers after a pause a person can follow
            if len(plays(screen)) == 2 and board.turn is not None:
                break
            await pilot.pause(0.05)
        assert board.cursor_square == sq("d3")
        await pilot.press("u")  # the bot's answer and d2-d3 are taken back
        await pilot.pause()
        assert screen.port.match.state.ply == 0 and board.turn is not None
        assert board.cursor_square == sq("d2")


def test_the_cursor_on_a_picked_stone_still_shows_it_picked() -> None:
    """The cursor's colour and brackets hid the picked marks: after Enter, the stone just
    picked looked exactly as it did before."""
    from tui.games.board8x8.drawing import draw

    view = CROSSING.new(2, {})
    geometry = SIZES[0]

    def drawn(selection: tuple[int, ...], cursor: int | None) -> Content:
        return draw(
            CrossingBoard(),
            view,
            geometry=geometry,
            selection=selection,
            targets={},
            cursor=cursor,
            slide=None,
            progress=1.0,
        )

    d2, e2 = sq("d2"), sq("e2")
    picked_under_cursor = drawn((d2,), d2)
    assert picked_under_cursor.markup != drawn((), d2).markup  # not the cursor alone
    assert picked_under_cursor.markup != drawn((d2,), e2).markup  # nor picked, cursor away
    x, y = geometry.origin(d2)
    assert picked_under_cursor.plain.splitlines()[y][x - 1 : x + 4] == "[ ○ ]"


def test_a_bots_name_is_shown_whole_in_the_panel_and_a_long_one_ends_in_an_ellipsis() -> None:
    """Names were cut to 14 characters with no mark: "Normal mcts bo", and two bots that
    differ only in their number ("Normal ismcts bot 2") read alike."""
    from tui.games.board8x8.kit import player_line

    names = ("Normal ismcts bot 2", "Sir Bartholomew of the Long Name")
    assert player_line(names, 0, "").plain == "○ Normal ismcts bot 2 · White"
    assert player_line(names, 1, "").plain == "● Sir Bartholomew of… · Black"


async def test_the_hint_stays_whole_when_the_facts_above_it_fill_the_panel() -> None:
    """At 80x24 the panel's facts (names, stones taken, the last move) left the hint two rows,
    and "…touching two stones" was cut off: the rule a player needs at that moment."""
    from textual.content import Content as Words

    cells = list(starting_board())
    cells[NAMES["d4"]], cells[NAMES["e3"]] = cells[NAMES["e3"]], None  # White's 1, isolated
    taken_so_far = ((1, 2, 3, 4, 6, 7, 8, 10, 12), (1, 2, 3, 4, 6, 7, 8, 10, 11))
    state = position(tuple(cells), 0, taken_so_far)

    app = FieldsHost(("Annabelle Marguerite", "Benedict Fitzgerald"))
    async with app.run_test(size=(80, 11)) as pilot:
        board = await app.showing(pilot, state)
        await cursor_to(pilot, board, NAMES["d4"])
        await pilot.press("enter")
        await pilot.pause()
        said = hint(board)
        assert "is isolated" in said and said.endswith("Then a lit square.")
        shown = board.query_one("#b8-hint").region
        assert shown.height == len(Words(said).wrap(shown.width))
        assert board.query_one(".b8-side").region.contains_region(shown)
