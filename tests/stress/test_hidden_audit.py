"""Hidden-information audit, for every registered game that hides anything.

* every handoff of a hot-seat match, screenshotted, shows no card of any hand, and every turn
  shows no card of a hand that is not the player's at the device;
* the resume list, the replay viewer of an unfinished match (it opens on the public table) and
  the exports without `--seat` show no hidden card;
* bots are shown views only (a spy bot at every seat);
* the match file holds no future draw: no seed, deck or order anywhere, and every chance
  entry stands exactly where a card was drawn, naming a card that was still unseen.

What counts as "a hidden card on screen" is per game (`leak_marks`): the codes of Attacke's
cards ("R5", "10S"), and for En Garde the face rows of values no visible card has.
"""

from __future__ import annotations

import contextlib
import html
import io
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from core import registry
from core.match import ActionEntry, Match, MetaEntry, Seat
from core.play import play_out
from core.rules import CHANCE, SPECTATOR, Coached, Rules
from replays.logfile import read_log
from replays.store import create_match, load_match
from tests.stress.common import players_for

HIDING = [rules for rules in registry.all() if rules.hides_information]
DECISIONS = 10
"""Decisions played on the game screen per game (each change of player is a handoff)."""
NAMES = ("Ann", "Ben", "Cleo", "Dora", "Eve")


def shot_text(svg: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


# -- what a leak looks like -----------------------------------------------------------------
def _hidden_piles(rules: Rules[Any, Any, Any], state: Any, viewer: int) -> list[Any]:
    """The card collections of `state` that `viewer`'s view blanks out."""
    view = rules.view(state, viewer)
    piles = []
    for name in ("hands", "hidden"):
        full, seen = getattr(state, name, None), getattr(view, name, None)
        if full is None or seen is None:
            continue
        piles += [pile for pile, shown in zip(full, seen, strict=True) if shown is None]
    return piles


def leak_marks(
    rules: Rules[Any, Any, Any], state: Any, viewer: int | None, history: str = ""
) -> set[str]:
    """Strings that can only be on screen if a card hidden from `viewer` is shown there
    (`viewer` None: nobody is at the device, so every hand is hidden). `history` is the text
    of the viewer's earlier views: a card seen in play before (a copy of it, or the card
    itself, returned to a hand) may be named in the move list."""
    seat = SPECTATOR if viewer is None else viewer
    view = rules.view(state, seat)
    hidden = [card for pile in _hidden_piles(rules, state, seat) for card in pile]
    if rules.id == "en-garde":
        visible = set(view.hands[viewer] or ()) if viewer is not None else set()
        visible |= {view.discard_top} if view.discard_top is not None else set()
        if view.pending is not None:  # the cards of an attack on the table are public
            visible |= {int(d) for d in re.findall(r"\b[1-5]\b", repr(view.pending))}
        return {
            f"{edge}  {value}  {edge}" for value in set(hidden) - visible for edge in ("│", "┃")
        }
    visible_text = repr(view) + history
    return {
        card for card in map(str, hidden) if not re.search(rf"'{re.escape(card)}'", visible_text)
    }


def history_of(match: Match, upto: int, viewer: int | None) -> str:
    """The text of every view `viewer` had of the first `upto` positions."""
    seat = SPECTATOR if viewer is None else viewer
    views = "".join(repr(match.rules.view(match.state_at(n), seat)) for n in range(upto + 1))
    # Decisions are made in public: a card played is named in the move list (and may go back
    # to a hand: Attacke's shields). The replay viewer lists every move of the file, those
    # after the cursor too, so every decision in the file counts as seen.
    rules = match.rules
    played = [
        f"'{rules.notation(rules.from_wire(e.action))}'{e.action!r}"
        for e in match.entries
        if isinstance(e, ActionEntry) and e.seat != CHANCE
    ]
    return views + "".join(played)


def assert_no_leak(
    rules: Rules[Any, Any, Any],
    state: Any,
    viewer: int | None,
    text: str,
    where: str,
    match: Match | None = None,
    upto: int = 0,
) -> None:
    history = history_of(match, upto, viewer) if match is not None else ""
    marks = leak_marks(rules, state, viewer, history)
    shown = sorted(m for m in marks if re.search(rf"(?<![A-Za-z0-9]){re.escape(m)}(?![0-9])", text))
    assert not shown, f"{rules.id} {where}: hidden cards on screen: {shown}"


# -- handoffs and turns on the game screen ----------------------------------------------------
async def _hot_seat(rules: Rules[Any, Any, Any], seed: int) -> tuple[Path, int, int]:
    """Humans at every seat, random choices through the screen; returns (file, handoffs
    screenshotted, turns screenshotted)."""
    from tui.app import ParlourApp
    from tui.screens.game import GameScreen
    from tui.screens.handoff import HandoffScreen
    from tui.screens.round_end import ChapterEndScreen, MatchEndScreen
    from tui.widgets.table import Chosen

    players = max(rules.min_players, min(3, rules.max_players))
    opened = create_match(rules, tuple(Seat(n) for n in NAMES[:players]))
    app = ParlourApp()
    app.animation_level = "none"
    rng = random.Random(seed)
    handoffs = turns = seen_by_detector = 0
    async with app.run_test(size=(100, 32)) as pilot:
        screen = GameScreen(opened, rng=random.Random(seed))
        await app.push_screen(screen)
        await pilot.pause()
        decisions = 0
        for _ in range(DECISIONS * 4):
            state = opened.match.state
            if isinstance(app.screen, HandoffScreen):
                assert_no_leak(
                    rules,
                    state,
                    None,
                    shot_text(app.export_screenshot()),
                    f"handoff {handoffs + 1}",
                    opened.match,
                    len(opened.match),
                )
                handoffs += 1
                await pilot.press("enter")
            elif isinstance(app.screen, ChapterEndScreen | MatchEndScreen):
                if isinstance(app.screen, MatchEndScreen):
                    break
                await pilot.press("enter")
            elif app.screen is screen:
                seat = opened.match.to_move()
                if seat is None or decisions >= DECISIONS:
                    break
                assert screen.viewer == seat, (screen.viewer, seat, screen.hold)
                text = shot_text(app.export_screenshot())
                assert_no_leak(
                    rules,
                    state,
                    seat,
                    text,
                    f"turn {turns + 1} of seat {seat}",
                    opened.match,
                    len(opened.match),
                )
                turns += 1
                # The detector can see cards: the player's own hand, shown now, is a leak as
                # far as the next seat is concerned.
                other = (seat + 1) % players
                if any(m in text for m in leak_marks(rules, state, other)):
                    seen_by_detector += 1
                legal = (
                    list(rules.candidates(state))
                    if isinstance(rules, Coached)
                    else rules.legal_actions(state)
                )
                screen.post_message(Chosen(rng.choice(legal)))
                decisions += 1
            await pilot.pause()
    opened.close()
    assert seen_by_detector >= turns // 2, "the leak detector does not see the hand on screen"
    return opened.path, handoffs, turns


@pytest.mark.parametrize("rules", HIDING, ids=lambda r: r.id)
async def test_every_handoff_and_turn_shows_no_hidden_card(rules: Rules[Any, Any, Any]) -> None:
    path, handoffs, turns = await _hot_seat(rules, seed=4)
    assert handoffs >= 3 and turns >= 3, (handoffs, turns)
    match, _ = load_match(path)
    assert not match.is_over  # an unfinished match for the screens below
    await _resume_list_and_replay_show_no_hidden_card(rules, path)
    _exports_without_seat_show_no_hidden_card(rules, path)


async def _resume_list_and_replay_show_no_hidden_card(
    rules: Rules[Any, Any, Any], path: Path
) -> None:
    from tui.app import ParlourApp
    from tui.screens.replay import ReplayScreen
    from tui.screens.resume import ResumeScreen
    from tui.start import Start

    match, _ = load_match(path)
    app = ParlourApp(Start("resume"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        assert_no_leak(
            rules,
            match.state,
            None,
            shot_text(app.export_screenshot()),
            "resume list",
            match,
            len(match),
        )
    app = ParlourApp(Start("replay", match=str(path)))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        cursor = app.screen.cursor
        assert cursor.perspective == SPECTATOR  # an unfinished match opens on the table
        checked = 0
        for _ in range(12):  # where it opens, then back through the match by keys
            assert_no_leak(
                rules,
                cursor.state,
                None,
                shot_text(app.export_screenshot()),
                f"replay viewer at position {cursor.position}",
                match,
                cursor.position,
            )
            checked += 1
            if cursor.position == 0:
                break
            await pilot.press("left")
            await pilot.pause()
        assert checked >= 3


def _cli(*argv: str) -> tuple[int, str]:
    from tui.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue() + err.getvalue()


def _exports_without_seat_show_no_hidden_card(rules: Rules[Any, Any, Any], path: Path) -> None:
    match, _ = load_match(path)
    names = [s.name for s in match.header.seats]
    secrets = set()
    for index, entry in enumerate(match.entries):
        if isinstance(entry, ActionEntry) and entry.seat == CHANCE:
            before, action = match.state_at(index), rules.from_wire(entry.action)
            told = rules.describe(before, action, None, names)
            if told != rules.describe(before, action, SPECTATOR, names):
                secrets.add(told)
    assert secrets, "the audit needs draws that are secret"
    for fmt in ("text", "md"):
        code, out = _cli("export", str(path), "--format", fmt)
        assert code == 0, out
        shown = sorted(s for s in secrets if s in out)
        assert not shown, f"{rules.id} export --format {fmt}: {shown[:3]}"
    code, out = _cli("export", str(path), "--format", "json")
    assert code != 0 and "--reveal-all" in out  # the JSON holds every card: refused unasked


# -- bots see views only ------------------------------------------------------------------------
class SpyBot:
    """Plays at random, and checks that what it is shown is the seat's view, never a state."""

    def __init__(self, match: Match, seat: int, seed: int) -> None:
        self.match, self.seat, self.rng = match, seat, random.Random(seed)
        self.calls = 0

    def choose(
        self, rules: Rules[Any, Any, Any], view: Any, legal: Sequence[Any], budget: Any = None
    ) -> Any:
        state = self.match.state
        assert type(view) is not type(state)
        assert view == rules.view(state, self.seat)
        assert view != rules.view(state, None) or not _hidden_piles(rules, state, self.seat)
        self.calls += 1
        return self.rng.choice(list(legal))


@pytest.mark.parametrize("rules", HIDING, ids=lambda r: r.id)
def test_bots_are_shown_views_only(rules: Rules[Any, Any, Any]) -> None:
    from core.match import Header

    players = players_for(rules, random.Random(2))
    header = Header(
        rules.id, {}, tuple(Seat(f"Spy {n}", "bot", "random") for n in range(players)), "spy"
    )
    match = Match(rules, header)
    spies = {seat: SpyBot(match, seat, seat) for seat in range(players)}
    play_out(match, spies, random.Random(2))
    assert match.is_over and all(spy.calls for spy in spies.values())


# -- the file holds no future draw --------------------------------------------------------------
FORBIDDEN = re.compile(r"seed|deck|order|shuffle|stock|pile", re.IGNORECASE)


def _keys(wire: Any) -> list[str]:
    if isinstance(wire, dict):
        return [str(k) for k in wire] + [k for v in wire.values() for k in _keys(v)]
    if isinstance(wire, list):
        return [k for v in wire for k in _keys(v)]
    return []


@pytest.mark.parametrize("rules", HIDING, ids=lambda r: r.id)
def test_the_match_file_holds_no_future_draw(rules: Rules[Any, Any, Any]) -> None:
    from tests.stress.common import bot_seats, random_bots, step

    players = players_for(rules, random.Random(5))
    with create_match(rules, bot_seats(players)) as opened:
        rng, bots = random.Random(5), random_bots(players, 5)
        for _ in range(150):
            if not step(opened.match, bots, rng, opened.submit):
                break
        path = opened.path
    log = read_log(path)
    assert not [k for k in _keys(log.header.to_wire()) if FORBIDDEN.search(k)]
    assert not any(FORBIDDEN.search(k) for k in _keys(dict(log.header.options)))
    match = Match(rules, log.header)
    draws = 0
    for entry in log.entries:
        if isinstance(entry, MetaEntry):
            assert not [k for k in _keys(dict(entry.data)) if FORBIDDEN.search(k)], entry
        if isinstance(entry, ActionEntry) and entry.seat == CHANCE:
            draws += 1
            state = match.state
            assert rules.to_move(state) == CHANCE  # written when the card was drawn
            action = rules.from_wire(entry.action)
            outcomes = rules.legal_actions(state)
            assert action in outcomes  # a card still unseen at that moment
        match._append(entry, validate_index=len(match))
    assert draws > 5
