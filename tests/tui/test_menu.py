"""The main menu: every place reachable by key, by mouse and from the command palette."""

from __future__ import annotations

import pytest
from textual.widgets import MarkdownViewer, OptionList, Select

from core import registry
from tui.app import ParlourApp
from tui.screens.help import KeysScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.resume import ReplayListScreen, ResumeScreen
from tui.screens.rules import RulesScreen
from tui.screens.settings import SettingsScreen
from tui.start import Start

FIVE = ("En Garde", "Attacke", "Crossing", "Fields of Action", "The Blood of an Englishman")


def shelf_prompts(app: ParlourApp) -> dict[str, str]:
    shelf = app.screen.query_one("#shelf", OptionList)
    return {str(option.id): str(option.prompt) for option in shelf.options}


async def test_the_shelf_names_all_five_games_and_marks_the_coming_ones() -> None:
    app = ParlourApp()
    async with app.run_test(size=(100, 32)):
        prompts = shelf_prompts(app)
        text = "\n".join(prompts.values())
        for title in FIVE:
            assert title in text
        assert "ready to play" in prompts["en-garde"]
        for game in registry.upcoming():
            assert "coming soon" in prompts[game.id]
            assert "ready to play" not in prompts[game.id]


async def test_a_game_s_description_wraps_under_itself_not_at_the_shelf_s_edge() -> None:
    app = ParlourApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shelf = app.screen.query_one("#shelf", OptionList)
        width = shelf.scrollable_content_region.width
        attacke = shelf_prompts(app)["attacke"].split("\n")
        assert len(attacke) > 2  # its tagline needs two lines at 80 columns
        assert all(line.startswith("    ") and line[4] != " " for line in attacke[1:])
        assert all(
            len(line) <= width for text in shelf_prompts(app).values() for line in text.split("\n")
        )


async def test_arrows_and_enter_open_an_entry_and_escape_comes_back() -> None:
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("down", "enter")
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_letter_shortcuts_open_each_place() -> None:
    """In either case: the menu shows them as capitals ("P  Replays"), and shift+P did nothing."""
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        places = (("p", ReplayListScreen), ("u", RulesScreen), ("n", NewGameScreen))
        for key, screen in (*places, *((key.upper(), screen) for key, screen in places)):
            await pilot.press(key)
            assert isinstance(app.screen, screen)
            app.show_menu()
            await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_question_mark_lists_the_keys_of_screens_without_their_own_help() -> None:
    app = ParlourApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for key, place in (("", "Main menu"), ("s", "Settings"), ("n", "New game")):
            if key:
                app.show_menu()
                await pilot.press(key)
            if place == "New game":  # the name field has focus there: ? would be typed
                app.screen.query_one("#start").focus()
            await pilot.press("question_mark")
            assert isinstance(app.screen, KeysScreen)
            assert app.screen.place == place
            said = dict((does, key) for key, does in app.screen.keys)
            assert "Focus Next" not in said  # Textual's own keys are not this screen's
            assert ("next / previous field" in said) == (place != "Main menu")
            assert said["quit Parlour (every move is saved)"] == "ctrl+q"  # ctrl+c says to
            if place == "Main menu":  # how a list is moved through, beside the letters
                assert said["move in the list; open the choice"] == "↑ ↓  enter"
            if place == "New game":
                assert said["Start"] == "^s" and said["Back"] == "esc"
            await pilot.press("question_mark")  # ? again closes it
            assert not isinstance(app.screen, KeysScreen)
        assert isinstance(app.screen, NewGameScreen)


async def test_a_click_on_an_entry_opens_it() -> None:
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        # Row 5 inside the bordered list is the fifth entry, Settings.
        await pilot.click("#menu", offset=(5, 5))
        assert isinstance(app.screen, SettingsScreen)


async def test_a_coming_soon_game_on_the_shelf_opens_its_rules() -> None:
    soon = registry.upcoming()
    if not soon:
        pytest.skip("every game on the shelf is playable")
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("right", *["down"] * len(registry.all()), "enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one("#rules-game", Select).value == soon[0].id


async def test_the_command_palette_reaches_settings() -> None:
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("ctrl+p", *"settings", "enter")
        assert isinstance(app.screen, SettingsScreen)


async def test_rules_from_the_command_palette_in_a_match_opens_that_game_s_rules() -> None:
    """It opened En Garde's, the first on the shelf, in the middle of a Crossing match."""
    from core.games.crossing import Crossing
    from core.match import Seat
    from replays.store import create_match
    from tui.screens.game import GameScreen

    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await app.push_screen(GameScreen(create_match(Crossing(), (Seat("Ann"), Seat("Ben")), {})))
        await pilot.pause()
        await pilot.press("ctrl+p", *"rules", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one("#rules-game", Select).value == "crossing"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_start_new_preselects_the_game_and_its_options() -> None:
    app = ParlourApp(Start("new", "en-garde", {"level": "basic"}))
    async with app.run_test(size=(100, 32)):
        assert isinstance(app.screen, NewGameScreen)
        values = [s.value for s in app.screen.query(".option").results(Select)]
        assert "basic" in values


async def test_start_resume_with_an_unknown_id_says_so_and_shows_the_list() -> None:
    app = ParlourApp(Start("resume", match="abcdef12"))
    async with app.run_test(size=(100, 32)):
        assert isinstance(app.screen, ResumeScreen)
        messages = [n.message for n in app._notifications]
        assert any("no saved match has the id" in m for m in messages)


async def test_rules_pages_ship_for_every_game_and_step_with_brackets() -> None:
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("u", "right_square_bracket")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        source = app.screen.query_one(MarkdownViewer).document.source
        second = [*registry.all(), *registry.upcoming()][1]
        assert source.startswith(f"# {second.title}")


async def test_n_and_u_on_the_shelf_open_the_highlighted_game_s_form_and_rules() -> None:
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:

        async def opened(*keys: str) -> tuple[type, object]:
            """The screen `keys` open and the game it shows; then back to the menu."""
            await pilot.press(*keys)
            await pilot.pause()
            screen = app.screen
            game = screen.query_one("#rules-game, #game", Select).value
            await pilot.press("escape")
            await pilot.pause()
            return type(screen), game

        await pilot.press("right", "down", "down", "down")  # the shelf: Fields of Action
        assert await opened("u") == (RulesScreen, "fields-of-action")
        assert await opened("n") == (NewGameScreen, "fields-of-action")
        # from the menu list: the first game, as before
        assert await opened("left", "u") == (RulesScreen, "en-garde")


@pytest.mark.parametrize("game", [rules.id for rules in registry.all()])
async def test_the_rules_contents_show_each_heading_whole_at_100_columns(game: str) -> None:
    """It read "Jack's turn: exactly th" and "The Blood of an Englishma"."""
    from textual.widgets import Tree
    from textual.widgets._markdown import MarkdownTableOfContents

    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        app.action_rules(game)
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        contents = app.screen.query_one(MarkdownTableOfContents)
        tree = contents.query_one(Tree)  # as wide as its longest heading
        await pilot.pause()
        assert tree.virtual_size.width <= tree.scrollable_content_region.width
        assert 0 < tree.region.width <= contents.region.width  # not cut by the panel


async def test_the_palette_offers_textual_s_own_entries_in_this_app_s_words() -> None:
    """It listed "Keys — Show help for the focused widget…", "Maximize" and "Quit the
    application as soon as possible"."""
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        said = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert set(said) == {"Theme", "Keys", "Quit"}
        assert said["Quit"] == "Quit Parlour: every move is already saved"
        await pilot.press("ctrl+p", *"keys", "enter")
        await pilot.pause()
        from tui.screens.help import KeysScreen

        assert isinstance(app.screen, KeysScreen)


async def test_t_on_the_rules_shows_the_contents_and_goes_to_them() -> None:
    """At 80×24 `t` showed the contents, and only Tab twice reached them (the arrows
    scrolled the text, or changed the game when the game list had focus)."""
    from textual.widgets import MarkdownViewer
    from textual.widgets.markdown import MarkdownTableOfContents

    app = ParlourApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p", *"rules", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        viewer = app.screen.query_one(MarkdownViewer)
        assert not viewer.show_table_of_contents  # too narrow to start with them
        await pilot.press("t")
        await pilot.pause()
        contents = viewer.query_one(MarkdownTableOfContents)
        assert viewer.show_table_of_contents and contents.has_focus_within
        await pilot.press("t")
        await pilot.pause()
        assert not viewer.show_table_of_contents and viewer.document.has_focus
