"""Settings: saved in the config folder, kept across runs; a damaged file never stops the app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Select, Switch

from tui import settings
from tui.app import ParlourApp
from tui.screens.settings import SettingsScreen
from tui.settings import Settings


def test_missing_file_gives_the_defaults(parlour_home: Path) -> None:
    assert settings.load() == (Settings(), None)
    assert settings.settings_path() == parlour_home / "config" / "settings.json"


def test_saved_settings_load_back() -> None:
    settings.save(Settings(animations=False, theme="nord"))
    assert settings.load() == (Settings(animations=False, theme="nord"), None)


def test_a_damaged_file_is_kept_aside_and_the_defaults_apply() -> None:
    path = settings.settings_path()
    path.write_text("{not json", encoding="utf-8")
    loaded, notice = settings.load()
    assert loaded == Settings()
    assert notice is not None and "settings.json.bad" in notice
    assert path.with_name("settings.json.bad").read_text(encoding="utf-8") == "{not json"
    assert not path.exists()


def test_a_wrongly_typed_value_counts_as_damage() -> None:
    settings.settings_path().write_text(json.dumps({"animations": "maybe"}), encoding="utf-8")
    loaded, notice = settings.load()
    assert loaded == Settings()
    assert notice is not None and "'animations' must be true or false" in notice


async def test_changes_on_the_screen_persist_into_the_next_run() -> None:
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("a")
        assert app.animation_level == "none"
        app.screen.query_one("#theme", Select).value = "nord"
        await pilot.pause()
        assert app.theme == "nord"

    again = ParlourApp()
    async with again.run_test(size=(100, 32)) as pilot:
        assert again.theme == "nord"
        assert again.settings == Settings(animations=False, theme="nord")
        await pilot.press("s")
        assert again.screen.query_one("#animations", Switch).value is False
        await pilot.press("a")
        assert again.animation_level == "full"


async def test_the_app_starts_with_defaults_and_a_notice_when_the_file_is_damaged() -> None:
    settings.settings_path().write_bytes(b"\xff\xfe garbage")
    app = ParlourApp()
    async with app.run_test(size=(100, 32)):
        assert app.theme == settings.DEFAULT_THEME
        assert any("settings.json.bad" in n.message for n in app._notifications)


async def test_an_unknown_theme_falls_back_to_ours_with_a_notice() -> None:
    settings.save(Settings(theme="no-such-theme"))
    app = ParlourApp()
    async with app.run_test(size=(100, 32)):
        assert app.theme == settings.DEFAULT_THEME
        assert any("no-such-theme" in n.message for n in app._notifications)


def test_textual_animations_in_the_environment_wins_over_the_saved_setting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings.save(Settings(animations=True))
    assert ParlourApp().animation_level == "none"  # conftest sets TEXTUAL_ANIMATIONS=none
    monkeypatch.delenv("TEXTUAL_ANIMATIONS")
    assert ParlourApp().animation_level == "full"


async def test_a_theme_picked_from_the_command_palette_is_saved_too() -> None:
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        app.theme = "nord"  # what the palette's "Change theme" does
        await pilot.pause()
    assert settings.load()[0].theme == "nord"


@pytest.mark.parametrize("theme", [settings.DEFAULT_THEME, "nord", "textual-light"])
async def test_the_saved_theme_colours_the_first_frame_without_parsing_the_styles_again(
    theme: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.css.stylesheet import Stylesheet

    settings.save(Settings(theme=theme))
    reparsed: list[object] = []
    real = Stylesheet.reparse

    def counted(sheet: Stylesheet) -> None:
        reparsed.append(sheet)
        real(sheet)

    monkeypatch.setattr(Stylesheet, "reparse", counted)
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        chosen = app.get_theme(theme)
        assert chosen is not None and app.theme == theme
        assert app.screen.styles.background.hex.upper() == chosen.background.upper()
        assert app.has_class("-dark-mode") == chosen.dark != app.has_class("-light-mode")
        if chosen.dark:  # starting dark, as Textual's default theme does: one parse only
            assert reparsed == []
        app.theme = "nord" if theme != "nord" else settings.DEFAULT_THEME
        await pilot.pause()
        picked = app.get_theme(app.theme)
        assert picked is not None
        assert app.screen.styles.background.hex.upper() == picked.background.upper()
