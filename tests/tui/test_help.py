"""Every game's help puts its keys first, then what the table shows."""

from __future__ import annotations

import pytest

from core import registry
from tui.games import kit_for


@pytest.mark.parametrize("game", [rules.id for rules in registry.all()])
def test_a_game_s_help_lists_its_keys_before_describing_the_table(game: str) -> None:
    lines = [line for line in kit_for(game).help.splitlines() if line.strip()]
    assert lines[0].startswith("## ")
    assert lines[1].startswith("| Key |"), lines[1]


async def test_the_help_lists_every_key_a_match_here_offers_and_none_it_refuses() -> None:
    """The footer listed `u take back` while the help's table left it out; across machines the
    help listed keys a guest does not have (below: `tests/tui/test_remote_screen.py`)."""
    from textual.binding import Binding
    from textual.widgets import Markdown

    from core.games.crossing import Crossing
    from core.match import Seat
    from replays.store import create_match
    from tui.app import ParlourApp
    from tui.screens.game import GameScreen
    from tui.screens.game.keys import any_time_keys
    from tui.screens.help import HelpScreen

    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = GameScreen(create_match(Crossing(), (Seat("Ann"), Seat("Ben")), {}))
        await app.push_screen(screen)
        await pilot.pause()
        listed = {key.strip("`") for key, _ in any_time_keys(screen)}
        named = {"question_mark": "?"}
        offered: dict[str, bool] = {}  # by key: `q` saves here, leaves across machines
        for binding in GameScreen.BINDINGS:
            assert isinstance(binding, Binding)
            key = named.get(binding.key, binding.key)
            offered[key] = offered.get(key, False) or bool(screen.check_action(binding.action, ()))
        assert {key for key, on in offered.items() if on} <= listed
        assert not {key for key, on in offered.items() if not on} & listed  # chat
        assert "Enter` / click" not in listed  # no hands to hand over at Crossing
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Resume** on the menu returns" in app.screen.query_one(Markdown).source


async def test_a_key_s_description_too_long_for_its_line_goes_on_under_itself() -> None:
    """The replay's `?` read "p   view from the table, each seat, or everything (once it is" /
    "over)": the rest of a description came back under the keys, at the left edge."""
    from textual.widgets import Static

    from tui.app import ParlourApp
    from tui.screens.help import KeyRow
    from tui.screens.replay.keys import KEYS, ReplayKeys

    for size in ((80, 24), (100, 32)):
        app = ParlourApp()
        async with app.run_test(size=size) as pilot:
            await app.push_screen(ReplayKeys())
            await pilot.pause()
            rows = list(app.screen.query(KeyRow))
            assert [(row.key_text, row.does) for row in rows] == list(KEYS)
            columns = set()
            wrapped = 0
            for row in rows:
                does = row.query_one(".keys-does", Static)
                columns.add(does.region.x)
                drawn = [s.text.rstrip() for s in does.render_lines(does.region.reset_offset)]
                assert " ".join(" ".join(drawn).split()) == " ".join(row.does.split())
                wrapped += len(drawn) > 1
            assert len(columns) == 1  # every description starts in the same column
            assert wrapped, "at this size some description needs two lines"
