"""New game: options drawn from the game's declarations, seats, checks, and Start."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button, Footer, Input, Select, Static

from core import registry
from replays.store import list_matches
from tui.app import ParlourApp
from tui.screens.new_game import NewGameScreen
from tui.start import Start


def option_selects(app: ParlourApp) -> list[Select[object]]:
    return list(app.screen.query(".option").results(Select))


def problems(app: ParlourApp) -> str:
    return str(app.screen.query_one("#problems", Static).render())


async def test_the_level_option_comes_from_the_rules_declaration() -> None:
    level = next(o for o in registry.get("en-garde").options if o.key == "level")
    app = ParlourApp(Start("new", "en-garde"))
    async with app.run_test(size=(100, 32)):
        assert isinstance(app.screen, NewGameScreen)
        select = next(s for s in option_selects(app) if s.value == level.default)
        assert [value for _, value in select._options] == list(level.choices)
        helps = " ".join(str(h.render()) for h in app.screen.query(".option-help").results())
        assert level.help in helps


async def test_an_option_the_game_does_not_have_is_reported_inline() -> None:
    app = ParlourApp(Start("new", "en-garde", {"colour": "red"}))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert "no option 'colour'" in problems(app)


async def test_a_blank_or_repeated_name_stops_start_with_a_message() -> None:
    app = ParlourApp(Start("new", "en-garde"))
    async with app.run_test(size=(100, 32)) as pilot:
        app.screen.query_one("#name-0", Input).value = "  "
        await pilot.press("ctrl+s")
        assert "Seat 1 needs a name" in problems(app)
        app.screen.query_one("#name-0", Input).value = "ann"
        app.screen.query_one("#name-1", Input).value = "Ann"
        await pilot.press("ctrl+s")
        assert "both called 'Ann'" in problems(app)
        assert isinstance(app.screen, NewGameScreen)
        assert list_matches() == []


async def test_a_click_into_a_name_field_replaces_the_given_name() -> None:
    app = ParlourApp(Start("new", "en-garde"))
    async with app.run_test(size=(100, 32)) as pilot:
        app.screen.query_one("#start").focus()
        await pilot.click("#name-0", offset=(5, 0))  # inside "Player 1", between e and r
        await pilot.press("C", "a", "t")
        assert app.screen.query_one("#name-0", Input).value == "Cat"
        await pilot.click("#name-0", offset=(1, 0))  # already focused: the cursor goes there
        await pilot.press("S")
        assert app.screen.query_one("#name-0", Input).value == "CSat"


async def test_choosing_a_bot_names_the_seat_after_it() -> None:
    app = ParlourApp(Start("new", "en-garde"))
    async with app.run_test(size=(100, 32)) as pilot:
        app.screen.query_one("#kind-1", Select).value = "bot:random"
        await pilot.pause()
        assert app.screen.query_one("#name-1", Input).value == "Random bot"


async def test_a_name_typed_stays_when_the_game_changes() -> None:
    """Typing "Tester" and then choosing another game put "Player 1" back."""
    app = ParlourApp(Start("new", "en-garde"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        name_field(app, 0).value = "Tester"
        await pilot.pause()
        app.screen.query_one("#game", Select).value = "fields-of-action"
        await pilot.pause()
        await pilot.pause()
        assert name_field(app, 0).value == "Tester"
        assert name_field(app, 1).value == "Player 2"


async def test_swapping_seats_changes_who_moves_first() -> None:
    app = ParlourApp(Start("new", "en-garde"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("ctrl+t")
        names = [app.screen.query_one(f"#name-{i}", Input).value for i in (0, 1)]
        assert names == ["Player 2", "Player 1"]
        assert "Player 2" in str(app.screen.query_one("#seats-hint", Static).render())


def seats_hint(app: ParlourApp) -> str:
    return str(app.screen.query_one("#seats-hint", Static).render())


async def test_the_seats_hint_names_whoever_the_options_make_move_first() -> None:
    app = ParlourApp(Start("new", "fields-of-action"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        names = [name_field(app, seat).value for seat in (0, 1)]
        assert f"{names[0]} (White) moves first" in seats_hint(app)  # the game's seat names
        first = next(s for s in option_selects(app) if s.value == "white")
        first.value = "black"  # Black is seat 2
        await pilot.pause()
        assert f"{names[1]} (Black) moves first" in seats_hint(app)
        app.screen.query_one("#game", Select).value = "en-garde"  # seats without names
        await pilot.pause()
        starts = next(s for s in option_selects(app) if s.value == 1)
        starts.value = 2
        await pilot.pause()
        assert "(seat 2) moves first" in seats_hint(app)
        app.screen.query_one("#game", Select).value = "englishman"  # Jack's setup move first
        await pilot.pause()
        assert "(Jack) moves first" in seats_hint(app)
        name_field(app, 0).value = "jack"  # a player named after the seat: said once
        await pilot.pause()
        assert seats_hint(app).startswith("jack moves first")


def test_options_the_games_share_are_worded_alike_for_players() -> None:
    helps: dict[str, set[str]] = {}
    for rules in registry.all():
        for option in rules.options:
            helps.setdefault(option.key, set()).add(option.help)
            assert "seed" not in option.help, option.help
            assert option.help[:1].islower(), option.help  # one line of the form, as the others
    assert len(helps["capture_limit"]) == 1 and "(0 = no limit)" in helps["capture_limit"].pop()
    assert len(helps["repetition"]) == 1


async def test_start_creates_the_match_file_and_opens_the_game(parlour_home: Path) -> None:
    app = ParlourApp(Start("new", "en-garde", {"level": "basic"}))
    async with app.run_test(size=(100, 32)) as pilot:
        app.screen.query_one("#name-0", Input).value = "Ann"
        app.screen.query_one("#kind-1", Select).value = "bot:random"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        from tui.screens.game import GameScreen

        assert isinstance(app.screen, GameScreen)
    (summary,) = list_matches()
    assert summary.path.parent == parlour_home / "matches"
    assert summary.options["level"] == "basic"
    assert [(s.name, s.kind, s.bot) for s in summary.seats] == [
        ("Ann", "human", ""),
        ("Random bot", "bot", "random"),
    ]


async def test_focus_starts_on_the_first_name_and_names_are_offered_again() -> None:
    app = ParlourApp(Start("new", "en-garde"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.focused is app.screen.query_one("#name-0", Input)
        await pilot.press(*"Zoe", "tab")
        await pilot.pause()
        assert app.focused is not None
        await pilot.press("ctrl+s")
        await pilot.pause()
    again = ParlourApp(Start("new", "en-garde"))
    async with again.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert again.screen.query_one("#name-0", Input).value == "Zoe"


async def test_every_tab_stop_of_the_form_is_a_field_or_a_button() -> None:
    """Shift+Tab from the Game list reached a stop where nothing showed focus: the scrolling
    form itself."""
    app = ParlourApp(Start("new", "crossing"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chain = app.screen.focus_chain
        assert chain[0] is app.screen.query_one("#game", Select)
        assert all(isinstance(w, (Select, Input, Button)) for w in chain), chain
        assert chain[-1] is app.screen.query_one("#back", Button)
        form = app.screen.query_one("#new-game-form")
        app.screen.query_one("#back", Button).focus()  # the form scrolls to what has focus
        await pilot.pause()
        assert form.max_scroll_y > 0 and form.scroll_y > 0  # too long for 24 rows
        await pilot.press(*["shift+tab"] * (len(chain) - 1))
        await pilot.pause()
        assert app.focused is chain[0] and form.scroll_y == 0


async def test_the_form_opens_as_the_last_match_was_set_up() -> None:
    """It opened at En Garde with every seat Human, after a three-player Attacke against two
    bots: a player set the same match up again each time."""
    app = ParlourApp(Start("new", "attacke"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.screen.query_one("#players", Select).value = 4
        await pilot.pause()
        app.screen.query_one("#kind-1", Select).value = "bot:ismcts:normal"
        app.screen.query_one("#kind-3", Select).value = "bot:greedy:easy"
        next(s for s in option_selects(app) if s.value == 4).value = 5  # chips to win
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    again = ParlourApp()
    async with again.run_test(size=(100, 32)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = again.screen
        assert isinstance(form, NewGameScreen)
        assert form.query_one("#game", Select).value == "attacke"
        assert form.query_one("#players", Select).value == 4
        kinds = [form.query_one(f"#kind-{seat}", Select).value for seat in range(4)]
        assert kinds == ["human", "bot:ismcts:normal", "human", "bot:greedy:easy"]
        assert name_field(again, 1).value == "Normal ismcts bot"
        assert 5 in [s.value for s in option_selects(again)]
        form.query_one("#game", Select).value = "crossing"  # another game: its own seats
        await pilot.pause()
        kinds = [form.query_one(f"#kind-{seat}", Select).value for seat in range(2)]
        assert kinds == ["human", "human"]
    # `parlour new attacke -o chips_to_win=4`: what is typed wins, the rest as last time
    typed = ParlourApp(Start("new", "attacke", {"chips_to_win": 4}))
    async with typed.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert typed.screen.query_one("#players", Select).value == 4
        assert 5 not in [s.value for s in option_selects(typed)]
    # `parlour new attacke --players 3`: the count typed wins too
    counted = ParlourApp(Start("new", "attacke", players=3))
    async with counted.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert counted.screen.query_one("#players", Select).value == 3
        assert len(counted.screen.query("#kind-2")) == 1 and not counted.screen.query("#kind-3")


async def test_each_game_opens_as_its_own_last_match_was_set_up() -> None:
    """A Crossing against a hard bot, then a Fields of Action: `parlour new crossing` (or
    choosing Crossing in the form) offered two people, the one set-up kept being the last."""
    from tui.screens.new_game.names import Setup, remember_setup

    remember_setup(Setup("crossing", 2, ("human", "bot:mcts:hard"), {"capture_limit": 150}))
    remember_setup(Setup("fields-of-action", 2, ("human", "human"), {}))
    app = ParlourApp(Start("new", "crossing"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        form = app.screen
        assert form.query_one("#kind-1", Select).value == "bot:mcts:hard"
        assert "150" in [field.value for field in form.query(".option").results(Input)]
        form.query_one("#game", Select).value = "fields-of-action"
        await pilot.pause()
        assert form.query_one("#kind-1", Select).value == "human"
        form.query_one("#game", Select).value = "crossing"
        await pilot.pause()
        assert form.query_one("#kind-1", Select).value == "bot:mcts:hard"
        assert name_field(app, 1).value == "Hard mcts bot"
        form.query_one("#kind-1", Select).value = "bot:greedy:normal"  # a change made here
        await pilot.pause()
        for game in ("fields-of-action", "crossing"):  # survives a trip to another game
            form.query_one("#game", Select).value = game
            await pilot.pause()
        assert form.query_one("#kind-1", Select).value == "bot:greedy:normal"
    again = ParlourApp()  # the menu's New game: the last game played, as it was
    async with again.run_test(size=(100, 32)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert again.screen.query_one("#game", Select).value == "fields-of-action"


async def test_a_damaged_or_foreign_setup_file_is_ignored() -> None:
    from replays.paths import state_dir
    from tui.screens.new_game.names import SETUP_FILE

    state_dir().mkdir(parents=True, exist_ok=True)
    for text in (
        "{",
        '["crossing"]',
        '{"game": "chess", "players": 2, "kinds": [], "options": {}}',
        '{"game": "crossing", "players": 9, "kinds": ["bot:nope"], "options": {"x": 1}}',
        '{"game": "attacke", "players": Infinity, "kinds": [], "options": {}}',
        '{"game": "attacke", "players": 3, "kinds": "bot:random", "options": {}}',
        '{"game": "attacke", "players": 3, "kinds": [], "options": {"chips_to_win": 9}}',
        '{"last": "attacke", "games": {"attacke": {"players": "x"}}}',
        '{"last": 3, "games": []}',
    ):
        (state_dir() / SETUP_FILE).write_text(text, encoding="utf-8")
        app = ParlourApp()
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            form = app.screen
            assert isinstance(form, NewGameScreen) and "⚠" not in problems(app), text
            assert form.query_one("#game", Select).value in ("en-garde", "crossing", "attacke")
            assert form.query_one("#kind-0", Select).value == "human"
            assert [s.value for s in option_selects(app)].count(9) == 0


async def test_seats_carry_the_game_s_own_names() -> None:
    app = ParlourApp(Start("new", "englishman"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        labels = [str(label.render()) for label in app.screen.query(".seat-row .field-label")]
        assert labels == ["Jack", "Giant"]


def name_field(app: ParlourApp, seat: int) -> Input:
    return app.screen.query_one(f"#name-{seat}", Input)


def kind_field(app: ParlourApp, seat: int) -> Select[object]:
    return app.screen.query_one(f"#kind-{seat}", Select)


async def test_enter_in_a_name_field_moves_on_and_never_starts_the_match() -> None:
    app = ParlourApp(Start("new", "attacke"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press(*"Ann", "enter")
        assert isinstance(app.screen, NewGameScreen)
        assert app.focused is not name_field(app, 0)
        await pilot.press("tab", "tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and list_matches() == []


async def test_question_mark_lists_the_form_s_keys_even_from_a_name_field() -> None:
    from tui.screens.help import KeysScreen

    app = ParlourApp(Start("new", "en-garde"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.focused is name_field(app, 0)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        keys = {does for _, does in app.screen.keys}
        assert {"Start", "Swap seats", "Back"} <= keys
        said = dict(app.screen.keys)  # Textual's keys for a form, named in words
        assert said["tab  shift+tab"] == "next / previous field"
        assert said["enter"] == "in a name or number: next field"
        assert said["enter  space"].startswith("press a button")
        await pilot.press("escape")
        await pilot.pause()
        assert name_field(app, 0).value == "Player 1"


async def test_a_seat_handed_to_a_bot_and_back_gets_its_player_s_name_again() -> None:
    app = ParlourApp(Start("new", "en-garde"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        name_field(app, 1).value = "Ben"
        kind_field(app, 1).value = "bot:random"
        await pilot.pause()
        assert name_field(app, 1).value == "Random bot"
        kind_field(app, 1).value = "human"
        await pilot.pause()
        assert name_field(app, 1).value == "Ben"


@pytest.mark.parametrize("size", [(80, 24), (100, 32)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_dropdown_is_framed_and_leaves_the_footer_keys_in_sight(
    size: tuple[int, int],
) -> None:
    app = ParlourApp(Start("new", "attacke"))
    async with app.run_test(size=size) as pilot:
        app.screen.query_one("#players", Select).value = 5  # the lowest seat row is far down
        await pilot.pause()
        kind = kind_field(app, 4)
        kind.focus()
        await pilot.press("enter")
        assert kind.expanded
        overlay = kind.query_one("SelectOverlay")
        assert overlay.content_region != overlay.region  # a frame around the choices
        footer = app.screen.query_one(Footer).region
        assert not overlay.region.overlaps(footer), (overlay.region, footer)


async def test_a_space_on_the_given_name_keeps_it_and_a_blank_seat_reads_plainly() -> None:
    app = ParlourApp(Start("new", "en-garde"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.focused is name_field(app, 0)  # "Player 1", all selected
        await pilot.press("space")
        assert name_field(app, 0).value == "Player 1"
        await pilot.press("end", "space", "A")
        assert name_field(app, 0).value == "Player 1 A"  # a space inside a name is kept
        name_field(app, 0).value = ""
        await pilot.pause()
        assert "Seat 1 (no name yet) moves first" in seats_hint(app)


@pytest.mark.parametrize("game", [rules.id for rules in registry.all()])
async def test_every_field_label_stands_two_cells_clear_of_its_field(game: str) -> None:
    from textual.widgets import Label

    app = ParlourApp(Start("new", game))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        labels = list(app.screen.query(".field-label").results(Label))
        assert any(str(label.render()) == "Game" for label in labels)
        for label in labels:
            field = label.parent.children[1] if label.parent else None
            assert field is not None
            text = str(label.render())
            # "Exact distance no" read as one phrase with a single space before the value
            assert label.region.x + len(text) + 2 <= field.region.x, text


async def test_swapping_seats_leaves_focus_on_the_same_seat_field() -> None:
    app = ParlourApp(Start("new", "attacke"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("shift+tab")  # from Seat 1's name to its kind
        assert app.focused is app.screen.query_one("#kind-0")
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#kind-0")  # not an option up the form
        await pilot.press("tab", "ctrl+t")
        await pilot.pause()
        assert app.focused is name_field(app, 0)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_the_form_s_key_list_keeps_each_description_on_one_line(
    size: tuple[int, int],
) -> None:
    """It read "press a button, open a list, choose in" / "it": one word on a line of its own."""
    from tui.screens.help import KeyRow

    app = ParlourApp(Start("new", "en-garde"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        rows = list(app.screen.query(KeyRow))
        assert any(row.key_text == "enter  space" for row in rows)
        for row in rows:
            assert row.query_one(".keys-does").region.height == 1, row.does


async def test_an_option_value_the_game_refuses_is_reported_inline_like_the_others() -> None:
    app = ParlourApp(Start("new", "crossing"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        limit = next(iter(app.screen.query(".option").results(Input)))
        limit.value = "-5"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and list_matches() == []
        assert "takes 0 (no limit) or more, not -5" in problems(app)  # was a passing toast
        assert not app._notifications
        limit.value = ""
        app.screen.query_one("#new-game-form").scroll_home(animate=False)  # at its top
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()  # named as the form labels it, not by its key 'capture_limit'
        assert "✗ Capture limit takes a whole number, and none was given." in problems(app)
        form = app.screen.query_one("#new-game-form")  # said in sight, not below the fold
        assert form.region.contains_region(app.screen.query_one("#problems").region)


async def test_the_form_opens_at_its_top_with_the_first_name_in_sight_at_80x24() -> None:
    """Focus on the first name scrolled the form to its end: the game and its first options
    were out of sight."""
    app = ParlourApp(Start("new", "crossing"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = app.screen.query_one("#new-game-form")
        assert form.scroll_y == 0 and app.focused is app.screen.query_one("#name-0")
        assert form.region.contains_region(app.focused.region)


def test_names_typed_stay_for_seats_a_smaller_match_or_a_bot_did_not_use() -> None:
    """Ann, Ben and Cat at Attacke, then Ann against a bot: Attacke offered "Ann, Player 2,
    Player 3"."""
    from core.match import Seat
    from tui.screens.new_game.names import remember_names, remembered_names

    remember_names((Seat("Ann"), Seat("Ben"), Seat("Cat")))
    remember_names((Seat("Ann"), Seat("Easy mcts bot", "bot", "mcts:easy")))
    assert remembered_names() == ["Ann", "Ben", "Cat"]
    remember_names((Seat("Dan"), Seat("Player 2")))  # a name the app gave is not kept
    assert remembered_names() == ["Dan", "Ben", "Cat"]


async def test_a_bot_seat_keeps_its_bot_s_name_not_a_person_s_remembered_for_that_seat() -> None:
    """Ann and Ben at Crossing, then Attacke against bots: the form named seat 2's bot "Ben",
    and it played under that name."""
    from core.match import Seat
    from tui.screens.new_game.names import Setup, remember_names, remember_setup

    remember_names((Seat("Ann"), Seat("Ben")))
    remember_setup(Setup("attacke", 3, ("human", "bot:greedy:easy", "bot:greedy:easy"), {}))
    app = ParlourApp(Start("new", "attacke"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        names = [name_field(app, seat).value for seat in range(3)]
        assert names == ["Ann", "Easy greedy bot", "Easy greedy bot 2"]
