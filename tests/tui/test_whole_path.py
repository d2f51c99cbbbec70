"""The whole path of a hot-seat match, told as one story through the real screens by keys.

Main menu → New game (two humans, En Garde advanced, the form's defaults) → round 1 played
by keys with a scripted deal → the handoff hides every hand from a screenshot → save & quit at
round 2's handoff → a fresh app resumes it from the Resume list, at the same entry → the match
is finished by a resignation through the UI (Ctrl+R, y) → the Replays list opens it in the
viewer → stepping back and forth moves board and move list together → a note is written in
the annotate dialog → `e` exports Markdown that carries it, as `to_markdown` of the file does.

Each step uses what the one before left in the same PARLOUR_HOME: nothing is rebuilt by hand.
The deal comes from Draw chance actions: the game screen the app opens is given a chance
source (its `chance` injectable) that deals round 1 card by card; later deals are sampled by
the rules from a seeded `random.Random` inside that source.
"""

from __future__ import annotations

import functools
import html
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

import tui.screens.game as game_module
from core.games.en_garde import EnGarde
from core.games.en_garde.actions import Draw
from core.match import ActionEntry
from core.rules import CHANCE
from replays.export import to_markdown
from replays.store import load_match
from tui.app import ParlourApp
from tui.games.en_garde.cards import card_art
from tui.games.en_garde.fencers import Fencer
from tui.screens.annotate import AnnotateScreen
from tui.screens.game import GameScreen
from tui.screens.handoff import HandoffScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.resume import ReplayListScreen, ResumeScreen
from tui.screens.round_end import ChapterEndScreen, MatchEndScreen
from tui.widgets.move_list import MoveList

RULES = EnGarde()
SIZE = (100, 32)
P1_DEAL = (1, 2, 3, 4, 4)
P2_DEAL = (1, 2, 3, 5, 5)
ROUND_ONE = [card for pair in zip(P1_DEAL, P2_DEAL, strict=True) for card in pair] + [
    4,
    4,
    1,
    2,
    3,  # the refills after each move of round 1
]
"""Round 1's chance outcomes in order: the deal alternates seats, seat 1 first."""


def dealer(cards: list[int]) -> Callable[[Any], Any]:
    """Deal `cards` as Draw actions, then whatever the rules sample from a seeded shuffle."""
    rng = random.Random(11)

    def deal(state: Any) -> Any:
        return Draw(cards.pop(0)) if cards else RULES.sample_chance(state, rng)

    return deal


@pytest.fixture
def scripted_deal(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every game screen the app opens deals from one script; returns what is left of it."""
    cards = list(ROUND_ONE)
    deal = dealer(cards)

    # ParlourApp.open_match looks GameScreen up in its module each time it opens a match.
    scripted = functools.partial(GameScreen, rng=random.Random(1), chance=deal)
    monkeypatch.setattr(game_module, "GameScreen", scripted)
    return cards


def new_app() -> ParlourApp:
    app = ParlourApp()
    app.animation_level = "none"
    return app


async def keys(pilot: Pilot[None], *pressed: str) -> None:
    await pilot.press(*pressed)
    await pilot.pause()


def screenshot(app: ParlourApp) -> str:
    """The characters of an exported screenshot, without the SVG around them."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def card_faces(hand: tuple[int, ...]) -> list[str]:
    """The value row and the pips row of every card, exactly as the hand panel draws them."""
    rows = []
    for slot, value in enumerate(hand):
        art = card_art(slot, value, selected=False, played=False).splitlines()
        rows += art[1:3]
    return rows


def hands(game: GameScreen) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Both hands as they really are now (a view for nobody in particular shows all)."""
    first, second = RULES.view(game.port.match.state, None).hands
    assert first is not None and second is not None
    return first, second


def game_of(app: ParlourApp) -> GameScreen:
    (game,) = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    return game


def decisions(match_entries: Any) -> list[str]:
    return [
        RULES.notation(RULES.from_wire(e.action))
        for e in match_entries
        if isinstance(e, ActionEntry) and e.seat != CHANCE
    ]


async def play_round_one_and_quit(pilot: Pilot[None], app: ParlourApp) -> tuple[Path, int, Any]:
    """Menu → New game → round 1 by keys, checking the handoff; q at round 2's handoff."""
    await keys(pilot, "n")
    assert isinstance(app.screen, NewGameScreen)
    await keys(pilot, "ctrl+s")  # Start: two humans, advanced, seat 1 starts
    game = game_of(app)
    assert dict(game.port.match.header.options)["level"] == "advanced"
    assert [seat.kind for seat in game.seats] == ["human", "human"]
    assert hands(game) == (P1_DEAL, P2_DEAL)  # the scripted deal went through the screen

    assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Player 1"
    await keys(pilot, "enter")
    assert game.is_current and game.viewer == 0
    # The check can see cards: Player 1's faces are on the game screen, Player 2's 5s not.
    seen = screenshot(app)
    mine, theirs = hands(game)
    assert all(face in seen for face in card_faces(mine))
    assert not any(face in seen for face in card_faces((5,)))

    await keys(pilot, *["right"] * 4, "f", "enter")  # Player 1: a 4, forward
    assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Player 2"
    shot = screenshot(app)
    assert "Player 2" in shot
    mine, theirs = hands(game)
    for face in card_faces(mine) + card_faces(theirs):
        assert face not in shot, face
    assert "•" not in shot  # no pip of any card at all

    await keys(pilot, "enter", *["right"] * 4, "f", "enter")  # Player 2: a 5 forward
    await keys(pilot, "enter", *["right"] * 4, "f", "enter")  # Player 1: a 4 forward, distance 9
    await keys(pilot, "enter", *["right"] * 5, "f", "enter")  # Player 2: a 5 forward, distance 4
    await keys(pilot, "enter", *["right"] * 5, "a", "enter")  # Player 1 attacks with a 4
    await keys(pilot, "enter", "x", "enter")  # Player 2 takes the hit
    assert decisions(game.port.match.entries) == ["4>", "5>", "4>", "5>", "x4", "-"]
    assert isinstance(app.screen, ChapterEndScreen)
    assert app.screen.result.headline == "Player 1 wins round 1"
    await keys(pilot, "enter")
    assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Player 2"
    assert RULES.round_of(game.port.match.state) == 2

    path, entries, state = (
        game.port.opened.path,
        len(game.port.match.entries),
        game.port.match.state,
    )
    await keys(pilot, "q")  # save & quit from the handoff
    assert isinstance(app.screen, MenuScreen)
    return path, entries, state


async def resume_and_resign(
    pilot: Pilot[None], app: ParlourApp, path: Path, entries: int, state: Any
) -> None:
    """Resume list → the same entry behind a handoff → resign by keys → back to the menu."""
    await keys(pilot, "r")
    assert isinstance(app.screen, ResumeScreen)
    table = app.screen.query_one(DataTable)
    assert [str(cell) for cell in table.get_row_at(0)][1:4] == [
        "En Garde (advanced)",
        "Player 1 vs Player 2",
        "round 2 · 1–0",
    ]  # never a card
    await keys(pilot, "enter")
    game = game_of(app)
    assert game.port.opened.path == path
    assert len(game.port.match.entries) == entries and game.port.match.state == state
    assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Player 2"
    await keys(pilot, "enter")
    assert game.is_current and game.viewer == 1
    assert RULES.view(game.port.match.state, 1).positions == (1, 23)

    await keys(pilot, "ctrl+r", "y")  # Player 2 resigns: the match is over
    assert isinstance(app.screen, MatchEndScreen)
    assert app.screen.end.headline == "Player 1 wins the match"
    await keys(pilot, "m")
    assert isinstance(app.screen, MenuScreen)


def shown(screen: ReplayScreen) -> tuple[int, str | None, tuple[int, int], str]:
    """Where the viewer is, which row the move list highlights, where the fencers stand,
    and the entry panel's text."""
    moves = screen.query_one(MoveList)
    assert moves.highlighted is not None
    row = moves.get_option_at_index(moves.highlighted).id
    fencers = (
        screen.query_one("#fencer-0", Fencer).space,
        screen.query_one("#fencer-1", Fencer).space,
    )
    return screen.here, row, fencers, str(screen.query_one("#rp-entry", Static).visual)


async def replay_annotate_export(pilot: Pilot[None], app: ParlourApp, path: Path) -> None:
    """Replays list → viewer → back and forth → a note → Markdown with the note in it."""
    await keys(pilot, "p")
    assert isinstance(app.screen, ReplayListScreen)
    await keys(pilot, "enter")
    screen = app.screen
    assert isinstance(screen, ReplayScreen) and screen.path == path
    end = screen.rows[-1].position
    assert shown(screen)[:2] == (end, f"at-{end}")  # opened at the end of the match

    await keys(pilot, "home")
    assert shown(screen)[:3] == (0, "at-0", (1, 23))
    await keys(pilot, "down")  # the first move by a player, past the deal
    here, row, fencers, entry = shown(screen)
    assert (row, fencers) == (f"at-{here}", (5, 23)) and "4>" in entry
    await keys(pilot, "down")
    bob_move, row, fencers, entry = shown(screen)
    assert (row, fencers) == (f"at-{bob_move}", (5, 18)) and "5>" in entry
    await keys(pilot, "shift+left")  # back one entry: Player 1's refill, before Player 2 moved
    here, row, fencers, _ = shown(screen)
    assert (here, fencers) == (bob_move - 1, (5, 23))
    assert row == f"at-{bob_move - 2}"  # the move list marks the decision the refill came with
    await keys(pilot, "shift+right")
    assert shown(screen)[:3] == (bob_move, f"at-{bob_move}", (5, 18))

    await keys(pilot, "a")
    assert isinstance(app.screen, AnnotateScreen)
    await keys(pilot, *"rash", "up", "enter")  # the text, then ↑ from "no glyph" to ??
    assert screen.is_current
    assert "✎ ?? rash" in shown(screen)[3]
    saved, _ = load_match(path)
    assert [(n.target, n.text, n.glyph) for _, n in saved.notes()] == [(bob_move - 1, "rash", "??")]

    await keys(pilot, "e")
    exported = path.with_name(f"{path.stem}-all.md").read_text(encoding="utf-8").splitlines()
    note = "  > **??** rash"
    assert note in exported
    assert "`5>`" in exported[exported.index(note) - 1]  # under the move it is about
    assert note in to_markdown(saved).splitlines()


async def test_new_game_to_annotated_markdown_export(scripted_deal: list[int]) -> None:
    """Round 1 is played by keys; the match is finished by resigning through the UI."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        path, entries, state = await play_round_one_and_quit(pilot, app)
    assert scripted_deal == []  # round 1 was dealt from the script to its last card

    app = new_app()  # a fresh launch, as after closing the terminal
    async with app.run_test(size=SIZE) as pilot:
        await resume_and_resign(pilot, app, path, entries, state)
        await replay_annotate_export(pilot, app, path)
