"""Chat on screen: the live move log tells it as speech, the replay shows it where it was said
without making it a position, and a name or chat line made of markup is shown as typed."""

from __future__ import annotations

import html
import random
import re

from textual.widgets import DataTable, Static

from core import registry
from core.match import Seat
from core.rules import SPECTATOR
from replays.store import OpenMatch, create_match
from tui.app import ParlourApp
from tui.screens.game import GameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.resume import ResumeScreen
from tui.start import Start
from tui.widgets.move_list import MoveList
from tui.widgets.move_log import MoveLog

MARKUP = "[b]Ben[/b][link=http://x]y[/link]"


def new_app(start: Start | None = None) -> ParlourApp:
    app = ParlourApp(start)
    app.animation_level = "none"
    return app


def crossing(names: tuple[str, str] = ("Ann", "Ben"), moves: int = 0) -> OpenMatch:
    """A Crossing match between two humans, `moves` random moves in."""
    rules = registry.get("crossing")
    rng = random.Random(3)
    opened = create_match(rules, (Seat(names[0]), Seat(names[1])), {})
    for _ in range(moves):
        opened.submit(rng.choice(rules.legal_actions(opened.match.state)))
    return opened


def log_text(screen: GameScreen) -> str:
    """The move log's characters without whitespace: a line wraps wherever its width says."""
    return re.sub(r"\s", "", "".join(line.text for line in screen.query_one(MoveLog).lines))


def flat(text: str) -> str:
    return re.sub(r"\s", "", text)


def shown(app: ParlourApp) -> str:
    """The characters of a screenshot, as drawn."""
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r"<text[^>]*>(.*?)</text>", svg))).replace("\xa0", " ")


def only_literally(name: str, text: str) -> bool:
    """`text` shows `name` (or its start, where a column cuts it) and never its markup's effect:
    every "Ben" in it is preceded by the "[b]" that was typed."""
    found = [m.start() for m in re.finditer("Ben", text)]
    return bool(found) and all(text[n - 3 : n] == "[b]" for n in found)


async def test_the_move_log_tells_chat_as_speech_where_it_was_said() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        opened = crossing(moves=1)
        screen = GameScreen(opened, rng=random.Random(5))
        await app.push_screen(screen)
        await pilot.pause()
        opened.chat(1, "good luck")
        opened.chat(SPECTATOR, "hello from the rail", name="Zed")
        screen.log_more()
        await pilot.pause()
        log = log_text(screen)
        assert log.startswith("1.") and "2." not in log
        assert log.endswith(flat("› Ben: good luck › Zed: hello from the rail"))
        *_, said, wrapped = [line.text.rstrip() for line in screen.query_one(MoveLog).lines]
        assert said.startswith("     › Zed: hello") and wrapped == "       the rail"


async def test_a_chat_line_in_the_replay_sits_under_its_move_and_is_never_a_step() -> None:
    opened = crossing(moves=2)
    opened.chat(0, "nice move")
    chat_position = len(opened.match)  # the chat is entry len - 1: position len after it
    rules = opened.match.rules
    opened.submit(random.Random(1).choice(rules.legal_actions(opened.match.state)))
    path = opened.path
    opened.close()
    app = new_app(Start("replay", match=str(path)))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert [row.position for row in screen.rows] == [0, 1, 2, 4]
        assert screen.row_at(2).chat == (("Ann", "nice move"),)
        moves = screen.query_one(MoveList)
        prompts = [str(moves.get_option_at_index(n).prompt) for n in range(moves.option_count)]
        said = prompts.index("      › Ann: nice move")
        assert moves.get_option_at_index(said - 1).id == "at-2"
        assert moves.get_option_at_index(said).disabled
        await pilot.press("home")
        visited = []
        for _ in range(4):
            await pilot.press("right")
            visited.append(screen.here)
        assert chat_position not in visited and visited[:3] == [1, 2, 4]
        await pilot.press("home")
        for _ in range(3):
            await pilot.press("shift+right")
            visited.append(screen.here)
        assert visited[-3:] == [1, 2, 4]
        await pilot.press("home", "right", "right")
        entry = str(screen.query_one("#rp-entry", Static).visual)
        assert "› Ann: nice move" in entry


async def test_a_name_made_of_markup_is_shown_as_typed_on_every_game_screen() -> None:
    for rules in registry.all():
        app = new_app()
        async with app.run_test(size=(140, 45)) as pilot:
            bots = tuple(Seat(f"Bot {n}", "bot", "random") for n in range(1, rules.min_players))
            opened = create_match(rules, (Seat(MARKUP), *bots), {})
            screen = GameScreen(opened, rng=random.Random(5))
            await app.push_screen(screen)
            await pilot.pause()
            await pilot.pause(0.1)
            opened.chat(0, "[i]gl[/i] [@click=app.quit]hf[/]")
            screen.log_more()
            await pilot.pause()
            status = str(screen.query_one("#status", Static).render())
            assert MARKUP in status, rules.id
            said = flat(f"› {MARKUP}: [i]gl[/i] [@click=app.quit]hf[/]")
            assert log_text(screen).endswith(said), rules.id
            assert only_literally(MARKUP, shown(app)), rules.id


async def test_a_name_made_of_markup_is_shown_as_typed_in_the_resume_list() -> None:
    crossing((MARKUP, "Ann"), moves=1).close()
    app = new_app(Start("resume"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        table = app.screen.query_one(DataTable)
        players = str(table.get_row_at(0)[2])
        assert players.startswith("[b]Ben[/b]")
        detail = str(app.screen.query_one("#detail", Static).render())
        assert f"{MARKUP} vs Ann" in detail
        assert only_literally(MARKUP, shown(app))
