"""The replay viewer: stepping in sync, perspectives, notes on disk, export, continue from here."""

from __future__ import annotations

import html
import random
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

from textual.widgets import Input, Static
from textual.widgets._toast import Toast

from core import registry
from core.match import ActionEntry, Match, Seat
from core.rules import CHANCE, SPECTATOR
from replays.export import to_markdown
from replays.store import OpenMatch, create_match, load_match, open_match
from tui.app import ParlourApp
from tui.screens.annotate import AnnotateScreen
from tui.screens.game import GameScreen
from tui.screens.handoff import HandoffScreen
from tui.screens.menu import MenuScreen
from tui.screens.replay import ReplayScreen, hand_lines
from tui.screens.replay.rows import decision_at
from tui.screens.seats import SeatsScreen
from tui.start import Start
from tui.widgets.hung_text import HungText
from tui.widgets.move_list import MoveList, NoteList
from tui.widgets.move_log import MoveLog

SEATS = (Seat("Ann"), Seat("Bob"))


def random_moves(opened: OpenMatch, rng: random.Random, moves: int) -> None:
    """Play `moves` moves of a game without chance (Crossing), each picked by `rng`."""
    rules = opened.match.rules
    for _ in range(moves):
        opened.submit(rng.choice(rules.legal_actions(opened.match.state)))


def played(entries: int | None = None, seed: int = 3, seats: tuple[Seat, ...] = SEATS) -> Path:
    """An advanced En Garde match between two humans (or `seats`), played at random: whole or
    `entries` long."""
    rules = registry.get("en-garde")
    rng = random.Random(seed)
    with create_match(rules, seats, {"level": "advanced"}) as opened:
        match = opened.match
        while match.to_move() is not None and (entries is None or len(match) < entries):
            if match.to_move() == CHANCE:
                opened.submit(rules.sample_chance(match.state, rng))
            else:
                opened.submit(rng.choice(rules.legal_actions(match.state)))
        return opened.path


def viewer(path: Path) -> ParlourApp:
    return ParlourApp(Start("replay", match=str(path)))


def replay(app: ParlourApp) -> ReplayScreen:
    assert isinstance(app.screen, ReplayScreen), app.screen
    return app.screen


def text_of(app: ParlourApp, selector: str) -> str:
    widget = app.screen.query_one(selector)
    if isinstance(widget, HungText):  # the words as drawn, rows joined
        return " ".join(widget.render().plain.split())
    assert isinstance(widget, Static)
    return str(widget.visual)


def log_text(log: MoveLog) -> list[str]:
    return [strip.text.rstrip() for strip in log.lines]


def screenshot_text(app: ParlourApp) -> str:
    """The exported SVG's text, with its entities and non-breaking spaces undone."""
    return html.unescape(app.export_screenshot()).replace("\xa0", " ")


def messages(app: ParlourApp) -> list[str]:
    return [n.message for n in app._notifications]


def assert_in_sync(screen: ReplayScreen, position: int) -> None:
    """Board, move list and counter all show `position`."""
    moves = screen.query_one(MoveList)
    assert screen.here == position
    assert moves.highlighted is not None
    assert moves.get_option_at_index(moves.highlighted).id == f"at-{position}"
    expected = screen.rules.view(screen.match.state_at(position), screen.cursor.perspective)
    assert screen.board._view == expected  # type: ignore[attr-defined]
    number = next(r.move for r in screen.rows if r.position == position)
    assert f"Move {number}/{screen.rows[-1].move}" in text_of(screen.app, "#rp-where")


async def test_steps_seeks_and_round_jumps_move_board_and_list_together() -> None:
    path = played()
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        last = screen.rows[-1].position
        assert_in_sync(screen, last)  # a finished match opens at its final position
        await pilot.press("home")
        assert_in_sync(screen, 0)
        await pilot.press("shift+right", "shift+right")  # entry by entry: two dealt cards
        assert_in_sync(screen, screen.rows[2].position)
        await pilot.press("shift+left")
        assert_in_sync(screen, screen.rows[1].position)
        await pilot.press("down")  # the next move by a player, past the deal
        first_move = next(r for r in screen.rows if r.position and not r.chance)
        assert_in_sync(screen, first_move.position)
        await pilot.press("right_square_bracket")
        assert screen.cursor.round == 2
        assert_in_sync(screen, screen.here)
        await pilot.press("left_square_bracket")
        assert screen.cursor.round == 1
        await pilot.press("end")
        assert_in_sync(screen, last)
        assert "wins the match" in text_of(app, "#rp-next")
        await pilot.press("home")
        await pilot.click("#rp-moves", offset=(10, 3))  # under "start" and "Round 1": entry 1
        assert_in_sync(screen, screen.rows[1].position)


async def test_autoplay_toggles_shows_its_speed_and_restarts_from_the_end() -> None:
    app = viewer(played())
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        assert "⏸ paused" in text_of(app, "#rp-play")
        screen.action_autoplay()  # space's action, checked before its timer can tick
        assert screen.playing and screen.here == 0  # at the end, autoplay starts over
        assert "▶ playing" in text_of(app, "#rp-play")
        await pilot.press("plus")
        assert "4/s" in text_of(app, "#rp-play")
        await pilot.press("minus", "minus")
        assert "1/s" in text_of(app, "#rp-play")
        await pilot.press("space")
        assert not screen.playing
        assert "⏸ paused" in text_of(app, "#rp-play")


async def test_an_unfinished_match_opens_on_the_table_and_shows_a_hand_only_after_its_handoff() -> (
    None
):
    path = played(entries=40)
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        assert screen.cursor.perspective == SPECTATOR
        state = screen.cursor.state
        ann = " ".join(f"[{c}]" for c in screen.rules.view(state, None).hands[0])
        bob = " ".join(f"[{c}]" for c in screen.rules.view(state, None).hands[1])
        assert bob not in ann and ann not in bob  # so the text tells the hands apart
        shown = screenshot_text(app)
        assert ann not in shown and bob not in shown
        assert "the table (no hand shown)" in text_of(app, "#rp-status")
        await pilot.press("p")  # Ann's chair: her handoff first
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        shown = screenshot_text(app)
        assert ann not in shown and bob not in shown
        await pilot.press("enter")
        await pilot.pause()
        assert screen.cursor.perspective == 0
        shown = screenshot_text(app)
        assert ann in shown and bob not in shown
        assert "hidden from this seat" in shown
        await pilot.press("p")  # Bob's chair goes through Bob's handoff
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert ann not in screenshot_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.cursor.perspective == 1
        shown = screenshot_text(app)
        assert bob in shown and ann not in shown
        await pilot.press("p")  # no "everything" before the end: back to the table
        await pilot.pause()
        assert screen.cursor.perspective == SPECTATOR
        assert bob not in screenshot_text(app)


async def test_an_unfinished_match_against_a_bot_never_offers_the_bot_s_chair() -> None:
    """`p` passed the device "to" the bot and showed its cards: a player could read the hand
    of the bot they were still playing."""
    path = played(entries=40, seats=(Seat("Ann"), Seat("Bob", "bot", "random")))
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        bob = " ".join(f"[{c}]" for c in screen.rules.view(screen.cursor.state, None).hands[1])
        await pilot.press("p", "enter")  # Ann's chair, after her handoff
        await pilot.pause()
        assert screen.cursor.perspective == 0
        await pilot.press("p")  # Bob is a bot: no handoff, no chair; back to the table
        await pilot.pause()
        assert app.screen is screen and screen.cursor.perspective == SPECTATOR
        assert bob not in screenshot_text(app)


async def test_leaving_a_replay_handoff_goes_back_to_the_table() -> None:
    app = viewer(played(entries=40))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is screen and screen.cursor.perspective == SPECTATOR


async def test_arrows_step_by_decision_with_the_refill_and_a_deal_as_one_step() -> None:
    app = viewer(played())
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("home", "right")  # the whole first deal at once
        entries = screen.match.entries
        dealt = screen.here

        def seats(start: int, end: int) -> list[int]:
            return [e.seat for e in entries[start:end] if isinstance(e, ActionEntry)]

        assert len(seats(0, dealt)) == 10 and set(seats(0, dealt)) == {CHANCE}
        await pilot.press("right")  # the first decision and its refill
        decision = entries[dealt]
        assert isinstance(decision, ActionEntry) and decision.seat != CHANCE
        assert set(seats(dealt + 1, screen.here)) == {CHANCE}
        moves = screen.query_one(MoveList)
        assert moves.get_option_at_index(moves.highlighted).id == f"at-{dealt + 1}"
        await pilot.press("left")
        assert screen.here == dealt


async def test_the_footer_offers_a_way_back_to_a_mouse_at_80_columns() -> None:
    app = ParlourApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_replay(played())
        await pilot.pause()
        keys = app.screen.query("FooterKey")
        back = next(key for key in keys if getattr(key, "action", None) == "back")
        assert back.region.right <= 80 and back.region.width > 0
        await pilot.click(back)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


def test_an_empty_hidden_hand_reads_as_no_cards() -> None:
    view = SimpleNamespace(hands=((2, 5), None), hand_sizes=(2, 0))
    lines = str(hand_lines(view, ("Ann", "Bob"))).splitlines()
    assert lines == ["Ann  [2] [5]", "Bob  no cards"]


async def test_a_finished_match_cycles_through_both_seats_to_everything() -> None:
    app = viewer(played())
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        assert screen.cursor.perspective is None
        await pilot.press("p", "p")  # the table, then Ann: no handoff once the match is over
        assert screen.cursor.perspective == 0
        await pilot.press("p", "p")
        assert screen.cursor.perspective is None
        assert "everyone (all hands open)" in text_of(app, "#rp-status")


async def test_a_note_written_in_the_viewer_is_in_the_file_the_list_and_the_exports() -> None:
    path = played()
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("home", "down")
        target = screen.here - 1
        await pilot.press("a")
        assert isinstance(app.screen, AnnotateScreen)
        await pilot.press(*"bold", "down", "enter")  # text, then the first glyph: !!
        assert app.screen is screen
        saved, _ = load_match(path)
        assert [(n.target, n.text, n.glyph) for _, n in saved.notes()] == [(target, "bold", "!!")]
        assert "> **!!** bold" in to_markdown(saved)
        moves = screen.query_one(MoveList)
        assert moves.highlighted is not None
        line = str(moves.get_option_at_index(moves.highlighted).prompt)
        assert "!!" in line and "✎" in line
        assert "bold" in text_of(app, "#rp-entry")
        await pilot.press("end", "n")  # the one note, found again from the end
        found = screen.here
        assert decision_at(screen.rows, found) == target + 1
        await pilot.press("left", "right")  # where the arrows show the move: with its refill
        assert screen.here == found
        await pilot.press("e")
        exported = path.with_name(f"{path.stem}-all.md")  # a finished match: everything
        assert "> **!!** bold" in exported.read_text(encoding="utf-8")
        assert any(str(exported.resolve()) in m.replace("\n", "") for m in messages(app))


async def test_a_note_is_edited_by_annotating_its_move_again_and_goes_when_cleared() -> None:
    """A second `a` added a second note: a typo stood for good, nothing could be removed."""
    path = played()
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("home", "down", "a", *"bodl", "enter")
        await pilot.press("a")  # again: the note, to be edited
        editor = app.screen
        assert isinstance(editor, AnnotateScreen)
        assert editor.query_one("#note-text", Input).value == "bodl"
        assert "Edit the note" in str(editor.query_one("#note-title", Static).render())
        await pilot.press(*["backspace"] * 4, *"bold", "down", "enter")
        assert app.screen is screen
        saved, _ = load_match(path)
        assert [(n.text, n.glyph) for _, n in saved.notes()] == [("bold", "!!")]
        assert "bodl" not in to_markdown(saved) and "> **!!** bold" in to_markdown(saved)
        assert len(screen.notes) == 1
        await pilot.press("a", *["backspace"] * 4, "up", "enter")  # cleared: it goes
        assert app.screen is screen
        saved, _ = load_match(path)
        assert saved.notes() == [] and not screen.notes
        assert any(n.title == "Note removed" and "is gone" in n.message for n in app._notifications)


async def test_a_note_longer_than_the_entry_panel_ends_its_last_row_in_an_ellipsis() -> None:
    """The panel cut a long note off mid-sentence with nothing to say that more was written."""
    path = played()
    app = viewer(path)
    async with app.run_test(size=(80, 24)) as pilot:
        long = "Too hasty " * 40
        await pilot.press("home", "down", "a", *long, "enter")
        panel = app.screen.query_one("#rp-entry")
        rows = [strip.text.rstrip() for strip in panel.render_lines(panel.region.reset_offset)]
        words = [row for row in rows if row.strip(" │╰─╯╭")]
        assert words[-1].rstrip(" │").endswith("…"), rows
        # the notes list keeps two rows beside it (it had one, the middle of a wrapped note)
        assert app.screen.query_one(NoteList).content_region.height >= 2


async def test_a_long_earlier_note_leaves_the_field_and_the_buttons_in_sight_at_80x24() -> None:
    """A 1,500-character note filled the dialog and pushed the field and Save off screen."""
    from textual.widgets import Button, Input

    from tui.screens.annotate import NoteDraft

    app = ParlourApp()
    async with app.run_test(size=(80, 24)) as pilot:
        long = "Too hasty: " + "the lunge left the piste open " * 50
        app.push_screen(
            AnnotateScreen(NoteDraft(3, ""), "Move 2", lambda _: None, existing=(long,))
        )
        await pilot.pause()
        shown = app.screen.region
        for widget in (app.screen.query_one(Input), app.screen.query_one("#note-save", Button)):
            assert shown.contains_region(widget.region), widget


async def test_a_note_on_a_match_open_elsewhere_is_kept_until_it_can_be_saved() -> None:
    path = played()
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        elsewhere = open_match(path)
        await pilot.press("a", *"keep", "enter")
        dialog = app.screen
        assert isinstance(dialog, AnnotateScreen)
        problem = str(dialog.query_one("#note-problem", Static).visual)
        assert "Not saved" in problem and "open in" in problem
        assert dialog.query_one(Input).value == "keep"
        await pilot.press("escape")  # the draft goes back to the viewer, not away
        elsewhere.close()
        await pilot.press("a")
        assert app.screen.query_one(Input).value == "keep"
        await pilot.press("enter")
        saved, _ = load_match(path)
        assert [n.text for _, n in saved.notes()] == ["keep"]


async def test_continue_from_here_starts_a_match_from_the_same_position() -> None:
    from tui.screens.game import GameScreen

    path = played()
    source, _ = load_match(path)
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("home", "right_square_bracket", "down", "down", "down", "right")
        here = screen.here
        assert screen.rules.to_move(screen.cursor.state) not in (None, CHANCE)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, SeatsScreen)
        await pilot.press("ctrl+s")  # the same seats
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        new_path = game.port.opened.path
        game.port.opened.close()
    branch, _ = load_match(new_path)
    assert dict(branch.header.source or {}) == {"match_id": source.header.match_id, "entry": here}
    copied = sum(isinstance(e, ActionEntry) for e in source.entries[:here])
    prelude = Match(branch.rules, branch.header, branch.entries[:copied])
    assert prelude.state == source.state_at(here)


async def test_continue_is_refused_where_the_match_is_already_decided() -> None:
    path = played()
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("c")  # opened at the final position
        assert isinstance(app.screen, ReplayScreen)
        assert any("already decided" in m for m in messages(app))
    assert sorted(path.parent.glob("*.parlour")) == [path]


def damaged() -> Path:
    """A played match whose file lost its last third (a crash mid-write, a cut copy)."""
    path = played()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) * 2 // 3])
    return path


async def test_a_damaged_file_replays_its_valid_prefix_with_a_warning() -> None:
    app = viewer(damaged())
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        assert screen.damage is not None
        assert len(screen.match) == screen.damage.entry
        assert "⚠ Damaged file" in text_of(app, "#rp-warning")
        assert any("the match file is damaged" in m for m in messages(app))
        assert screen.cursor.perspective == SPECTATOR  # unfinished as far as it can be read
        await pilot.press("home", "shift+right")
        assert_in_sync(screen, screen.rows[1].position)


async def test_a_note_saved_on_a_damaged_file_says_where_the_damaged_file_is_kept() -> None:
    """Saving cut the unreadable end off and kept a copy without naming it; the damage
    notice stayed on screen after the file was mended."""
    path = damaged()
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("home", "down", "a", *"cut", "enter")
        await pilot.pause()
        assert app.screen is screen and screen.damage is None
        said = messages(app)
        assert not any("the match file is damaged" in m for m in said), said
        (copy,) = path.parent.glob(f"{path.name}.damaged*")
        assert any(f"the damaged file is kept as {copy}" in m for m in said), said


async def test_annotate_at_the_match_end_opens_the_viewer_with_the_note_editor() -> None:
    from tui.screens.round_end import MatchEnd, MatchEndScreen

    path = played()
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(MatchEndScreen(MatchEnd("Bob wins the match", "", "", None, path)))
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AnnotateScreen)
        viewer_screen = app.screen_stack[-2]
        assert isinstance(viewer_screen, ReplayScreen)
        assert viewer_screen.here == viewer_screen.rows[-1].position  # the last entry
        await pilot.press(*"fin", "enter", "escape")
        saved, _ = load_match(path)
        assert [(n.target, n.text) for _, n in saved.notes()] == [
            (viewer_screen.rows[-1].position - 1, "fin")
        ]
        assert isinstance(app.screen, MatchEndScreen)


async def test_stepping_with_animations_on_slides_without_trouble() -> None:
    app = viewer(played())
    app.animation_level = "full"
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("home", "down", "down", "down", "up", "right_square_bracket", "end")
        assert_in_sync(screen, screen.rows[-1].position)
    assert app.return_code in (None, 0)


async def test_continue_from_here_can_hand_a_seat_to_a_bot() -> None:
    from textual.widgets import Select

    from tui.screens.game import GameScreen

    path = played()
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        replay(app)
        await pilot.press("home", "right_square_bracket", "down", "down")
        await pilot.press("c")
        await pilot.pause()
        seats = app.screen
        assert isinstance(seats, SeatsScreen)
        seats.query_one("#kind-1", Select).value = "bot:greedy:easy"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        chosen = game.port.match.header.seats
        game.port.opened.close()
    assert chosen[0].kind == "human" and (chosen[1].kind, chosen[1].bot) == ("bot", "greedy:easy")
    assert chosen[1].name == "Easy greedy bot"


async def test_the_seat_chooser_draws_the_game_s_seats_and_keeps_the_players_names() -> None:
    from textual.app import App
    from textual.widgets import Input, Select

    from core.match import Seat
    from tui.widgets.seat_row import SeatRow

    seats = (Seat("Ann"), Seat("Cora", "bot", "ismcts:easy"))
    chooser = SeatsScreen(registry.get("englishman"), seats, "move 4")
    async with App[None]().run_test(size=(80, 24)) as pilot:
        pilot.app.push_screen(chooser)
        await pilot.pause()
        rows = list(chooser.query(SeatRow).results(SeatRow))
        assert [row.seat_title for row in rows] == ["Jack", "Giant"]
        assert [chooser.query_one(f"#name-{n}", Input).value for n in (0, 1)] == ["Ann", "Cora"]
        assert chooser.query_one("#kind-1", Select).value == "bot:ismcts:easy"
        for row in rows:  # each row is drawn: its menu and its name field have room
            assert row.region.height >= 1
            assert row.query_one(Select).region.width >= 12
            assert row.query_one(Input).region.width >= 8
        assert chooser.chosen() == seats


async def test_a_note_after_a_step_goes_on_the_move_the_step_showed() -> None:
    path = played()
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("home")
        while True:  # a step that brings a refill with its move: the cursor is on the refill
            await pilot.press("right")
            row = next(r for r in screen.rows if r.position == screen.here)
            if row.chance and screen.here > 12:
                break
        move = max(r.position for r in screen.rows if not r.chance and r.position < screen.here)
        await pilot.press("a")
        await pilot.press(*"that move", "enter")
        saved, _ = load_match(path)
        assert [n.target for _, n in saved.notes()] == [move - 1]


async def test_an_open_game_s_replay_speaks_of_no_hands() -> None:
    rules = registry.get("crossing")
    rng = random.Random(5)
    with create_match(rules, SEATS, {}) as opened:
        random_moves(opened, rng, 6)
        opened.resign(0)
        path = opened.path
    app = viewer(path)
    async with app.run_test(size=(100, 32)):
        status = text_of(app, "#rp-status")
        assert "seen by everyone" in status and "hand" not in status


async def test_a_damaged_file_s_banner_counts_the_moves_the_viewer_lists() -> None:
    path = played()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    app = viewer(path)
    async with app.run_test(size=(100, 32)):
        screen = replay(app)
        total = screen.rows[-1].move
        assert f"showing the {total} moves" in text_of(app, "#rp-warning")
        assert f"/{total}" in text_of(app, "#rp-where")


async def test_seen_by_everyone_the_piste_shows_each_hand_s_values_not_backs() -> None:
    path = played(entries=40)
    with open_match(path) as opened:
        opened.resign(0)
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("home", "right", "right", "right")
        assert screen.cursor.perspective is None
        hands = screen.cursor.view.hands
        for seat in (0, 1):
            line = str(screen.query_one(f"#eg-player-{seat}", Static).render())
            assert "▮" not in line and " ".join(map(str, hands[seat])) in line
        await pilot.press("p")  # the table: backs again
        line = str(screen.query_one("#eg-player-0", Static).render())
        assert "▮" in line


def test_a_long_move_wraps_under_its_words_not_under_its_number() -> None:
    from tui.widgets.move_list import MoveRow, move_prompt

    row = MoveRow(
        5, 2, False, "w5:7>5", "Ann made the Giant's-wife move: " * 3, 1, move=2, is_move=True
    )
    first, *rest = str(move_prompt(row, current=True, width=40)).splitlines()
    assert first.startswith("▸  2 w5:7>5 Ann") and rest
    indent = len("▸  2 w5:7>5 ")
    assert all(line.startswith(" " * indent) and line[indent] != " " for line in rest)
    assert all(len(line) <= 40 for line in [first, *rest])


async def test_a_move_has_one_number_in_the_game_s_log_the_replay_and_the_note_editor() -> None:
    """The game's log counted moves, the replay every entry (each card drawn too), so move
    33 of the table was entry 88 in the note editor."""
    path = played(entries=60)
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = GameScreen(open_match(path))
        await app.push_screen(screen)
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):  # two people share the screen here
            await pilot.press("enter")
            await pilot.pause()
        logged = [line.split(".")[0].strip() for line in log_text(screen.query_one(MoveLog))]
        last_logged = max(int(number) for number in logged if number.isdigit())
        screen._close()
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("end")
        assert screen.rows[-1].move == last_logged == sum(r.is_move for r in screen.rows)
        await pilot.press("home")
        for _ in range(20):  # entry by entry past the deal, to the first move
            await pilot.press("shift+right")
            if screen.row_at(screen.here).is_move:
                break
        first = screen.row_at(screen.here)
        assert first.is_move and first.move == 1
        assert f"Move 1/{last_logged}" in text_of(app, "#rp-where")
        moves = screen.query_one(MoveList)
        assert moves.highlighted is not None
        shown = str(moves.get_option_at_index(moves.highlighted).prompt)
        assert shown.startswith(f"▸  1 {first.notation}")
        await pilot.press("a")
        editor = app.screen
        assert isinstance(editor, AnnotateScreen)
        assert editor.entry.startswith("On move 1: ")


async def test_the_replay_s_title_names_whose_eyes_first_and_ends_in_an_ellipsis_when_long() -> (
    None
):
    """Five players' names filled the line at 80 columns and cut "(all hands" off."""
    rules = registry.get("attacke")
    seats = tuple(Seat(name) for name in ("Annabel", "Bartholomew", "Cleopatra", "Dorian", "Eve"))
    rng = random.Random(5)
    with create_match(rules, seats, {}) as opened:
        while len(opened.match) < 40 and opened.match.to_move() is not None:
            if opened.match.to_move() == CHANCE:
                opened.submit(rules.sample_chance(opened.match.state, rng))
            else:
                opened.submit(rng.choice(rules.legal_actions(opened.match.state)))
        opened.resign(0)
        path = opened.path
    app = viewer(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.screen.query_one("#rp-status", Static)
        status = "".join(strip.text for strip in widget.render_lines(widget.region.reset_offset))
        assert status.startswith(" Replay · seen by ")
        assert "seen by everyone (all hands open) · Attacke" in status
        assert status.rstrip().endswith("…")


async def test_a_move_taken_back_is_struck_through_and_its_replacement_takes_its_number() -> None:
    """After a takeback the log went on from 6 while the turn counter and `parlour list`
    said 3: the withdrawn moves were still counted."""
    rules = registry.get("crossing")
    rng = random.Random(3)
    with create_match(rules, SEATS, {}) as opened:
        random_moves(opened, rng, 3)
        opened.take_back(0)
        random_moves(opened, rng, 1)
        path = opened.path
    app = ParlourApp()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = GameScreen(open_match(path))
        await app.push_screen(screen)
        await pilot.pause()
        lines = log_text(screen.query_one(MoveLog))
        numbers = [line.split(".")[0].strip() for line in lines]
        assert [n for n in numbers if n.isdigit()] == ["1", "2", "3"]
        struck = next(strip for strip in screen.query_one(MoveLog).lines if "strike" in str(strip))
        assert not struck.text.strip()[0].isdigit()  # the withdrawn move has no number
        screen._close()
    app = viewer(path)
    async with app.run_test(size=(100, 32)):
        rows = replay(app).rows
        assert [r.move for r in rows if r.is_move] == [1, 2, 3]
        (withdrawn,) = [r for r in rows if r.withdrawn]
        assert not withdrawn.is_move and withdrawn.place == "the move taken back after move 2"
        assert f"Move 3/{rows[-1].move}" in text_of(app, "#rp-where")
        assert "taken back" not in text_of(app, "#rp-where")
        screen = replay(app)
        screen.go(withdrawn.position)
        # on the withdrawn move the count stood still while the board moved, with no word why
        assert f"Move 2/{rows[-1].move} + one taken back" in text_of(app, "#rp-where")


async def test_the_entry_panel_tells_the_move_the_list_marks_and_its_draw_in_words() -> None:
    """A step shows a move with the card drawn after it: the list marked the move while the
    panel told the draw, in its file notation ("d2 Ann drew a 2")."""
    app = viewer(played())
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("home", "right", "right")  # the deal, then the first move and refill
        marked = screen.query_one(MoveList)
        assert marked.highlighted is not None
        move = screen.row_at(int(str(marked.get_option_at_index(marked.highlighted).id)[3:]))
        drawn = screen.row_at(screen.here)
        assert move.is_move and drawn.chance and drawn.notation
        assert text_of(app, "#rp-entry").split("\n")[:2] == [
            f"1. {move.notation} {move.words}",
            f"then {drawn.words}",
        ]
        await pilot.press("shift+left", "shift+left")  # the deal's last card on its own
        assert screen.row_at(screen.here).chance
        assert text_of(app, "#rp-entry") == screen.row_at(screen.here).words


async def test_seen_by_a_seat_the_piste_shows_that_seat_s_cards_and_backs_for_the_other() -> None:
    """The hands panel showed a seat its cards while the piste above showed them as backs."""
    app = viewer(played())
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("home", "right", "right", "p", "p")  # the table, then Ann's chair
        assert screen.cursor.perspective == 0
        ann, bob = screen.cursor.view.hands
        assert ann is not None and bob is None
        line = str(screen.query_one("#eg-player-0", Static).render())
        assert "▮" not in line and f"[{' '.join(map(str, ann))}]" in line
        assert "▮▮" in str(screen.query_one("#eg-player-1", Static).render())


async def test_an_unfinished_match_s_piste_shows_a_hand_only_after_that_seat_s_handoff() -> None:
    path = played(entries=30)
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)

        def piste() -> list[str]:
            return [str(screen.query_one(f"#eg-player-{s}", Static).render()) for s in (0, 1)]

        assert all("[" not in line for line in piste())  # the table: backs only
        await pilot.press("p")
        assert isinstance(app.screen, HandoffScreen)  # Ann's chair, behind her handoff
        assert all("[" not in line for line in piste())
        await pilot.press("enter")
        assert screen.cursor.perspective == 0
        ann, bob = piste()
        assert "[" in ann and "[" not in bob


def test_a_hand_on_the_piste_packs_its_values_where_long_names_leave_no_room() -> None:
    from core.games.en_garde import EnGarde
    from tui.games.en_garde.piste import EnGardeBoard

    rules = EnGarde()
    view = rules.view(rules.new(2, {"level": "advanced"}), None)
    view = replace(view, hands=((2, 3, 3, 3, 5), (1, 1, 4, 5, 5)), hand_sizes=(5, 5))
    board = EnGardeBoard(("IS-MCTS easy 1", "IS-MCTS easy 2"))
    board.in_replay = True
    assert "[2 3 3 3 5]" in str(board.player_line(view, 0, room=60))
    packed = board.player_line(view, 0, room=38)
    assert "[23335]" in str(packed) and packed.cell_length <= 38
    board.in_replay = False  # in play the table keeps to what every seat may see
    assert "▮▮▮▮▮" in str(board.player_line(view, 0, room=60))


def test_a_long_path_in_a_notice_breaks_after_its_separators() -> None:
    from tui.notices import path_lines

    path = "/home/ann/.local/share/parlour/matches/2026-05-21-en-garde-09df0df3-table.md"
    lines = path_lines(path, 100).split("\n")  # a toast of 46 cells of text
    assert "".join(lines) == path and all(len(line) <= 46 for line in lines)
    assert all(line.endswith("/") for line in lines[:-1])
    assert lines[-1] == "2026-05-21-en-garde-09df0df3-table.md"
    assert path_lines("/a/" + "x" * 60, 100).split("\n") == ["/a/", "x" * 60]  # whole
    narrow = path_lines(path, 70).split("\n")  # 31 cells: the name is cut after a hyphen
    assert narrow[-2:] == ["2026-05-21-en-garde-09df0df3-", "table.md"]


async def test_the_export_notice_shows_the_file_s_name_whole() -> None:
    """A path has no spaces, so the toast cut it wherever its line ended ("…en-gar" / "de-…")."""
    path = played()
    app = viewer(path)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.press("e")
        await pilot.pause()
        exported = path.with_name(f"{path.stem}-all.md").resolve()
        (toast,) = app.screen.query(Toast)
        lines = [strip.text for strip in toast.render_lines(toast.region.reset_offset)]
        assert any(exported.name in line for line in lines), lines


async def test_an_earlier_export_edited_since_is_replaced_only_when_asked() -> None:
    """`e` again wrote over a Markdown file edited by hand, without a word."""
    from tui.screens.confirm import ConfirmScreen

    path = played()
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = replay(app)
        await pilot.press("e")
        await pilot.pause()
        exported = path.with_name(f"{path.stem}-all.md").resolve()
        first = exported.read_text(encoding="utf-8")
        await pilot.press("e")  # the same export again: nothing to ask
        await pilot.pause()
        assert app.screen is screen
        exported.write_text(first + "My own words.\n", encoding="utf-8")
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # keep it
        await pilot.pause()
        assert exported.read_text(encoding="utf-8").endswith("My own words.\n")
        await pilot.press("e", "y")  # replace it
        await pilot.pause()
        assert app.screen is screen and exported.read_text(encoding="utf-8") == first


def test_a_notation_too_long_for_its_column_stands_on_its_own_line() -> None:
    """Attacke's "pass+draw" pushed its row's words out of the column every other row keeps."""
    from tui.widgets.move_list import MoveRow, move_prompt

    short = MoveRow(3, 3, False, "B:2", "Cleo opened a blue contest", 1, move=3, is_move=True)
    long = MoveRow(4, 4, False, "pass+draw", "Ann passed and drew a card", 1, move=4, is_move=True)
    (line,) = str(move_prompt(short, current=False, width=40)).splitlines()
    column = line.index("Cleo")
    first, second = str(move_prompt(long, current=False, width=40)).splitlines()
    assert first.rstrip() == "   4 pass+draw"
    assert second.index("Ann") == column and not second[:column].strip()


def drawn_rows(app: ParlourApp, selector: str) -> str:
    """What a widget draws on screen, its rows joined, without blanks."""
    widget = app.screen.query_one(selector)
    rows = "".join(strip.text for strip in widget.render_lines(widget.region.reset_offset))
    return "".join(rows.split())


async def test_the_counter_line_and_the_line_under_it_wrap_rather_than_cut_their_ends() -> None:
    """At 100 columns a Crossing replay read "… Easy mcts bot ● 1 crossed, ⏸ paused": the
    score lost its end under the autoplay state, with no sign of it. Where there is room it
    wraps now; on a low screen, where the moves need the rows, it ends in "…"."""
    rules = registry.get("crossing")
    rng = random.Random(4)
    seats = (Seat("Player 1"), Seat("Easy mcts bot"))
    with create_match(rules, seats, {}) as opened:
        random_moves(opened, rng, 6)
        opened.resign(0)
        path = opened.path
    for size in ((100, 32), (80, 24)):
        app = viewer(path)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = replay(app)
            score = str(screen.kit.narrator.score(screen.cursor.view, screen.names))
            assert len(score) > size[0] - 40, score  # longer than the line leaves it
            where = drawn_rows(app, "#rp-where")
            assert "paused" in drawn_rows(app, "#rp-play")
            following = "".join(text_of(app, "#rp-next").split())
            if size == (100, 32):
                assert following in drawn_rows(app, "#rp-next"), size
                # it wraps between the seats' parts, never inside one ("Easy" / "mcts bot")
                widget = screen.query_one("#rp-where")
                rows = [s.text for s in widget.render_lines(widget.region.reset_offset)]
                assert len([r for r in rows if r.strip()]) == 2, rows
                for part in score.split(" · "):
                    assert any(part in row for row in rows), (part, rows)
            else:
                assert screen.query_one("#rp-where").size.height == 1
                whole = "".join(text_of(app, "#rp-where").split())
                assert where.endswith("…") and whole.startswith(where[:-1]), where


async def test_the_key_list_speaks_the_game_s_words_no_cards_at_crossing() -> None:
    """Crossing's `?` in the replay spoke of "a move with the cards it drew, or a deal", "every
    card drawn on its own" and "next round": Crossing has no cards, and its chapters are
    turns."""
    from tui.screens.help import KeyRow
    from tui.screens.replay.keys import ReplayKeys

    rules = registry.get("crossing")
    rng = random.Random(2)
    with create_match(rules, SEATS, {}) as opened:
        random_moves(opened, rng, 4)
        crossing = opened.path
    for path, cards, chapter in ((crossing, False, "turn"), (played(entries=30), True, "round")):
        app = viewer(path)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            assert isinstance(app.screen, ReplayKeys)
            said = {row.key_text: row.does for row in app.screen.query(KeyRow)}
            words = " ".join(said.values())
            assert ("card" in words) == cards and ("draw" in words) == cards, words
            assert said["]  [   PgDn PgUp"].startswith(f"next {chapter} / start of this")
            if not cards:
                assert said["→  ←"] == "next / previous move"


async def test_the_seat_chooser_moves_on_with_enter_and_lists_its_keys() -> None:
    from textual.widgets import Input

    from tui.screens.help import KeysScreen

    app = viewer(played())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("home", "right_square_bracket", "down", "down", "down", "right")
        await pilot.press("c")
        await pilot.pause()
        seats = app.screen
        assert isinstance(seats, SeatsScreen)
        seats.query_one("#name-0", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is seats.query_one("#kind-1")  # on to the next field
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        assert app.screen.place == "Continue from here"
        said = dict(app.screen.keys)
        assert said["enter"] == "in a name: next field"
        assert "continue" in said.values()


async def test_the_next_line_says_what_the_board_game_player_is_to_do_not_which_keys_to_press() -> (
    None
):
    """It read "Next: Bob — pick a stone or phalanx, then a square": the live game's
    instructions, in a viewer where nobody picks anything."""
    with create_match(registry.get("crossing"), SEATS, {}) as opened:
        random_moves(opened, random.Random(5), 3)
        path = opened.path
    async with viewer(path).run_test(size=(100, 32)) as pilot:
        app = pilot.app
        assert isinstance(app, ParlourApp)
        assert text_of(app, "#rp-next") == "Next: Bob — move a stone or a phalanx"
        await pilot.press("home")
        assert text_of(app, "#rp-next") == "Next: Ann — move a stone or a phalanx"


async def test_stepping_from_a_seat_s_chair_goes_on_past_cards_drawn_unseen_by_it() -> None:
    """From Ann's chair at Attacke, → stood still after another player's draw: that card has
    no row for her, and the step from the row before it was the same step again."""
    from core.ai import GreedyBot
    from core.play import play_out

    rules = registry.get("attacke")
    seats = (Seat("Ann"), Seat("Ben"), Seat("Cat"))
    with create_match(rules, seats, {}) as opened:
        bots = {seat: GreedyBot(seat) for seat in range(3)}
        play_out(opened.match, bots, random.Random(2), submit=opened.submit, max_plies=40)
        path = opened.path
    app = viewer(path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("p")  # Ann's chair, through her handoff
        await pilot.pause()
        await pilot.press("enter", "home")
        screen = replay(app)
        last = screen.rows[-1].position
        for _ in range(len(screen.rows)):
            before = screen.here
            await pilot.press("right")
            if before == last:
                break
            assert screen.here > before, f"→ stood still at {before}"
        assert screen.here == last
