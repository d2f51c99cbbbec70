"""Resume and Replays browsers: what the listing shows, opening, locks, damage, deleting."""

from __future__ import annotations

import json
import os
import random
from datetime import datetime
from pathlib import Path

import pytest
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey

import tui.games
from core import registry
from core.match import Seat
from core.rules import CHANCE, SPECTATOR, Outcome
from replays import lock
from replays.logfile import damaged_copy_path
from replays.store import create_match, open_match
from tui.app import ParlourApp
from tui.screens.resume import ReplayListScreen, ResumeScreen, fit_widths, scores, when
from tui.start import Start

SEATS = (Seat("Ann"), Seat("Bob"))


def new_match(moves: int, *, resign: bool = False) -> Path:
    """A stored En Garde match with `moves` turns by the players, closed again."""
    rules = registry.get("en-garde")
    rng = random.Random(7)
    with create_match(rules, SEATS, {"level": "standard"}) as opened:
        made = 0
        while made < moves:
            match = opened.match
            if match.to_move() == CHANCE:
                opened.submit(rules.sample_chance(match.state, rng))
            else:
                opened.submit(rng.choice(rules.legal_actions(match.state)))
                made += 1
        if resign:
            opened.resign(1)
        return opened.path


def rows(app: ParlourApp) -> list[list[str]]:
    table = app.screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def messages(app: ParlourApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_the_list_shows_game_seats_and_where_the_match_stands_and_nothing_else() -> None:
    new_match(3)
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)):
        assert isinstance(app.screen, ResumeScreen)
        ((mark, game, players, where, last),) = rows(app)
        assert (mark, game, players) == ("▸", "En Garde (standard)", "Ann vs Bob")
        assert where == "round 1 · 0–0"  # the score and round, never a card
        assert last.startswith("today ")
        detail = str(app.screen.query_one("#detail").render())
        assert "options: level standard, seat 1 starts" in " ".join(detail.split())


async def test_finished_matches_are_under_replays_not_resume() -> None:
    new_match(2, resign=True)
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)) as pilot:
        assert rows(app) == []
        await pilot.press("escape", "p")
        assert isinstance(app.screen, ReplayListScreen)
        ((_, game, players, result, _),) = rows(app)
        assert (game, players, result) == ("En Garde (standard)", "Ann vs Bob", "Ann won")
        detail = " ".join(str(app.screen.query_one("#detail").render()).split())
        assert " · Ann won · " in detail  # whole, where the column cuts it at 80 columns


async def test_unfinished_matches_can_be_replayed_too_from_the_table() -> None:
    from tui.screens.replay import ReplayScreen

    new_match(2)
    app = ParlourApp(Start("replay"))
    async with app.run_test(size=(100, 32)) as pilot:
        assert isinstance(app.screen, ReplayListScreen)
        ((_, _, _, result, _),) = rows(app)
        assert result == "in progress"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.cursor.perspective == SPECTATOR


async def test_enter_resumes_the_match() -> None:
    path = new_match(1)
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")
        from tui.screens.game import GameScreen

        (game,) = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        assert game.port.opened.path == path


def pretend_another_process_holds(path: Path) -> None:
    """Rewrite the lock note so the lock this test holds reads as another Parlour's."""
    note = json.loads(lock.sidecar(path).read_text(encoding="utf-8"))
    lock.sidecar(path).write_text(json.dumps({**note, "pid": os.getpid() + 1}), encoding="utf-8")


async def test_a_match_open_elsewhere_is_refused_with_the_stores_message() -> None:
    path = new_match(1)
    with open_match(path):
        pretend_another_process_holds(path)
        app = ParlourApp(Start("resume"))
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press("enter")
            assert isinstance(app.screen, ResumeScreen)
            assert any("this match is open in another Parlour (pid" in m for m in messages(app))


def detail(app: ParlourApp) -> str:
    return " ".join(str(app.screen.query_one("#detail").render()).split())


async def test_the_list_says_which_match_is_open_in_another_window_or_in_this_one() -> None:
    """Nothing told a match open in another terminal from the others until Enter was refused."""
    path = new_match(3)
    with open_match(path):
        own = lock.sidecar(path).read_text(encoding="utf-8")
        pretend_another_process_holds(path)
        app = ParlourApp(Start("resume"))
        async with app.run_test(size=(100, 32)) as pilot:
            ((_, _, _, where, _),) = rows(app)
            assert where == "open elsewhere"
            assert "Open in another Parlour window: close it there first" in detail(app)
            lock.sidecar(path).write_text(own, encoding="utf-8")  # this process's note again
            assert isinstance(app.screen, ResumeScreen)
            app.screen.refresh_list()
            await pilot.pause()
            ((_, _, _, where, _),) = rows(app)
            assert where == "open here"
            assert "Open in this window: Enter goes back to it." in detail(app)
            await app.push_screen(ReplayListScreen())  # where Enter replays it instead
            await pilot.pause()
            assert "Enter replays it as it stands; Esc goes back to it." in detail(app)
    note = lock.sidecar(path)
    note.write_text("{}", encoding="utf-8")  # a note left by a crash: nobody holds the match
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)):
        ((_, _, _, where, _),) = rows(app)
        assert where == "round 1 · 0–0"
        assert "Open in" not in detail(app)


async def test_resuming_the_match_this_window_plays_goes_back_to_it() -> None:
    from tui.screens.game import GameScreen
    from tui.screens.handoff import HandoffScreen

    path = new_match(1)
    app = ParlourApp(Start("resume", match=str(path)))
    async with app.run_test(size=(100, 32)) as pilot:
        (game,) = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        assert isinstance(app.screen, HandoffScreen)  # two humans: the game waits for a player
        app.action_resume()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)  # the game, just as it was left
        assert [s for s in app.screen_stack if isinstance(s, GameScreen)] == [game]
        assert any("already open in this window" in m for m in messages(app))
        assert not any("another Parlour" in m for m in messages(app))
        await pilot.press("enter")
        assert app.screen is game


async def test_a_match_held_by_this_window_elsewhere_is_named_as_such() -> None:
    path = new_match(1)
    with open_match(path):  # this process holds it, but no game screen shows it
        app = ParlourApp(Start("resume"))
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press("enter")
            assert isinstance(app.screen, ResumeScreen)
            assert any("already open in this window" in m for m in messages(app))
            await pilot.press("d", "y")
            assert path.exists()
            assert any("open in this window: close it there first" in m for m in messages(app))


async def test_a_game_without_a_board_gets_a_notice_not_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = new_match(1)
    monkeypatch.setattr(tui.games, "_MODULES", {})
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")
        assert isinstance(app.screen, ResumeScreen)
        assert any("cannot show 'en-garde' on screen yet" in m for m in messages(app))
        assert app.start_match(registry.get("en-garde"), SEATS, {"level": "standard"}) is False
    assert [p.name for p in path.parent.glob("*.parlour")] == [path.name]  # nothing new
    with open_match(path):  # the refused match was closed again
        pass


async def test_a_damaged_tail_is_listed_and_repaired_on_opening() -> None:
    path = new_match(3)
    with path.open("ab") as stream:
        stream.write(b"\xc1\xc1 torn")
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)) as pilot:
        ((_, game, *_),) = rows(app)
        assert game.endswith("⚠")
        await pilot.press("enter")
    (said,) = [m for m in messages(app) if "damaged" in m]
    assert "Kept 3 moves" in said
    assert f"kept untouched as {damaged_copy_path(path)}" in said
    assert damaged_copy_path(path).read_bytes().endswith(b"\xc1\xc1 torn")


async def test_a_file_that_is_not_a_match_is_listed_with_the_reason() -> None:
    new_match(1)
    (new_match(1).parent / "junk.parlour").write_bytes(b"hello")
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)) as pilot:
        assert ["⚠ unreadable file", "junk.parlour"] in [row[1:3] for row in rows(app)]
        table = app.screen.query_one(DataTable)
        table.move_cursor(row=table.get_row_index(str(new_match(0).parent / "junk.parlour")))
        await pilot.press("enter")
        assert any("not a Parlour match file" in m for m in messages(app))


async def test_a_match_from_a_newer_parlour_says_to_upgrade_never_to_delete() -> None:
    """It read "⚠ unreadable file" and "Delete it with D" (the key is d): an upgrade opens it."""
    from replays import chain

    path = new_match(1)
    newer = path.with_name("from-the-future.parlour")
    data = bytearray(path.read_bytes())
    data[len(chain.PREAMBLE) - 1] = chain.FORMAT_VERSION + 1
    newer.write_bytes(bytes(data))
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)) as pilot:
        assert ["⚠ newer Parlour", newer.name] in [row[1:3] for row in rows(app)]
        table = app.screen.query_one(DataTable)
        table.move_cursor(row=table.get_row_index(str(newer)))
        await pilot.press("enter")
        (said,) = [m for m in messages(app) if "newer Parlour" in m]
        assert said.startswith("This match was saved by a newer Parlour") and "Delete" not in said


async def test_deleting_asks_first_and_no_keeps_the_file() -> None:
    path = new_match(1)
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("d", "n")
        assert path.exists()
        await pilot.press("d", "y")
        assert not path.exists()
        assert rows(app) == []


async def test_enter_on_a_finished_match_opens_the_replay_viewer() -> None:
    path = new_match(2, resign=True)
    app = ParlourApp(Start("replay"))
    async with app.run_test(size=(100, 32)) as pilot:
        assert isinstance(app.screen, ReplayListScreen)
        await pilot.press("enter")
        from tui.screens.replay import ReplayScreen

        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.path == path


async def test_start_replay_of_a_missing_file_says_so_and_lists_the_replays() -> None:
    app = ParlourApp(Start("replay", match="/no/such/match.parlour"))
    async with app.run_test(size=(100, 32)):
        assert isinstance(app.screen, ReplayListScreen)
        assert any("There is no match file" in m for m in messages(app))


def test_last_played_reads_as_today_yesterday_or_a_date() -> None:
    now = datetime(2025, 5, 21, 20, 0)
    assert when(datetime(2025, 5, 21, 9, 5).timestamp(), now) == "today 09:05"
    assert when(datetime(2025, 5, 20, 23, 59).timestamp(), now) == "yesterday 23:59"
    assert when(datetime(2025, 5, 3, 18, 30).timestamp(), now) == "3 May 2025 18:30"


def test_columns_that_do_not_fit_give_way_the_widest_first() -> None:
    assert fit_widths([20, 30, 12, 11], 80, (1, 0, 2)) == [20, 30, 12, 11]  # room to spare
    assert fit_widths([20, 30, 12, 11], 60, (1, 0, 2)) == [19, 18, 12, 11]
    assert fit_widths([20, 30, 12, 11], 40, (1, 0, 2)) == [10, 9, 10, 11]  # the time is whole
    assert fit_widths([20, 30, 12, 11], 10, (1, 0, 2)) == [6, 6, 6, 11]  # no narrower than 6


@pytest.mark.parametrize("place", ["resume", "replay"])
async def test_every_column_fits_at_80_by_24_with_long_names(place: str) -> None:
    long_seats = (Seat("Bartholomew Long"), Seat("Wilhelmina Longer"))
    rules = registry.get("en-garde")
    with create_match(rules, long_seats, {"level": "advanced"}) as opened:
        opened.submit(rules.sample_chance(opened.match.state, random.Random(1)))
        if place == "replay":
            opened.resign(1)
    app = ParlourApp(Start(place))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        used = sum(column.get_render_width(table) for column in table.columns.values())
        assert used <= table.scrollable_content_region.width
        last = str(table.get_row_at(0)[-1])
        assert last.startswith("today ") and len(last) == len("today 19:04")


def test_a_result_gives_the_winner_s_score_first_with_the_en_dash_resume_uses() -> None:
    """A win read "Bob won 1-5" as a loss; Resume wrote "2–1" where Replays wrote "2-1"."""
    assert scores(Outcome((1,), (1, 5))) == "5–1"
    assert scores(Outcome((2,), (3, 1, 4))) == "4–3–1"  # then the others in seat order
    assert scores(Outcome((), (2, 2))) == "2–2"


async def test_the_players_column_takes_the_room_the_table_has() -> None:
    """Long names were cut to 17 characters with a fifth of the table empty."""
    long_seats = (Seat("Easy ismcts bot", "bot", "ismcts:easy"), Seat("Wilhelmina Long"))
    rules = registry.get("en-garde")
    with create_match(rules, long_seats, {"level": "advanced"}) as opened:
        opened.submit(rules.sample_chance(opened.match.state, random.Random(1)))
        opened.resign(1)
    app = ParlourApp(Start("replay"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        ((_, _, players, result, _),) = rows(app)
        assert players == "Easy ismcts bot vs Wilhelmina Long"
        assert result.startswith("Easy ismcts bot won")
        table = app.screen.query_one(DataTable)
        used = sum(column.get_render_width(table) for column in table.columns.values())
        assert used <= table.scrollable_content_region.width
        assert table.columns[ColumnKey("Players")].width == len(players)  # whole, not cut


async def test_the_delete_question_says_where_the_match_stands_as_the_list_does() -> None:
    """The list said "2 moves" and the question "Crossing: …, 2 turns": a Crossing turn is
    two moves, so the two disagreed."""
    from textual.widgets import Static

    rules = registry.get("crossing")
    rng = random.Random(1)
    with create_match(rules, SEATS, {}) as opened:
        for _ in range(2):
            opened.submit(rng.choice(rules.legal_actions(opened.match.state)))
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)) as pilot:
        assert "2 moves" in rows(app)[0]
        await pilot.press("d")
        said = str(app.screen.query_one("#confirm-what", Static).visual)
        assert said.endswith(", 2 moves"), said
        await pilot.press("n")


async def test_the_list_says_who_moves_first_at_fields_of_action() -> None:
    """The list named the match "Fields of Action (white)", as if that were the player's side."""
    rules = registry.get("fields-of-action")
    with create_match(rules, SEATS, {"first": "black"}) as opened:
        opened.submit(rules.legal_actions(opened.match.state)[0])
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)):
        assert "Fields of Action (black first)" in rows(app)[0]


async def test_the_footer_offers_open_and_delete_only_while_there_is_a_match() -> None:
    from textual.widgets._footer import FooterKey

    def offered(app: ParlourApp) -> set[str]:
        return {key.description for key in app.screen.query(FooterKey)}

    new_match(2)
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert "Delete" in offered(app)
        await pilot.press("d", "y")
        await pilot.pause()
        assert "No matches in progress" in str(app.screen.query_one("#empty").render())
        assert "Delete" not in offered(app)  # "d Delete" did nothing on the empty list
        assert "Open" not in offered(app)  # nor "⏎ Open"
        assert "New game" in offered(app)


async def test_saving_a_match_kept_outside_the_store_says_how_to_resume_that_file(
    tmp_path: Path,
) -> None:
    """It said "Pick Resume on the menu", whose list does not show files kept elsewhere."""
    path = tmp_path / "kept here.parlour"
    new_match(1).rename(path)
    app = ParlourApp(Start("resume", match=str(path)))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter", "q")
        await pilot.pause()
        said = messages(app)
        assert any(f"parlour resume '{path}'" in m for m in said), said
        assert not any("Pick Resume on the menu" in m for m in said), said
