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


def test_the_help_names_every_key_the_game_screen_binds() -> None:
    """The footer listed `u take back` while the help's table left it out."""
    from textual.binding import Binding

    from tui.screens.game.screen import GameScreen
    from tui.screens.help import GENERAL

    shown = {"question_mark": "?"}
    for binding in GameScreen.BINDINGS:
        assert isinstance(binding, Binding)
        for key in binding.key.split(","):
            assert f"`{shown.get(key, key)}`" in GENERAL, key
