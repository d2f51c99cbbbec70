"""The Rules contract, checked for every registered game (and the test-only game).

A new game gets all of this by registering: random plies reach an outcome, every legal action
applies, junk and out-of-turn actions are refused with IllegalAction, wire and notation forms
round-trip, a log written to a file and read back reproduces every state, a seat's view shows
no more than a state rebuilt from it (for games that can rebuild one), and selfplay files
replay, export and verify.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core import registry
from core.match import ActionEntry, Header, Match, Seat
from core.play import play_out
from core.rules import (
    CHANCE,
    SPECTATOR,
    Advising,
    IllegalAction,
    Rules,
    SecretNotation,
    Wired,
)
from core.voice import past
from replays.export import to_json, to_markdown, to_text
from replays.logfile import LogWriter
from replays.store import load_match
from tests.seam.three_in_a_row import ThreeInARow
from tui.cli import main

GAMES: list[Rules[Any, Any, Any]] = [*registry.all(), ThreeInARow()]
PLIES = 1_500
"""Plies per game per test: thousands in all over the tests below."""
JUNK: list[object] = [
    None,
    True,
    0,
    -1,
    3.5,
    "",
    "x",
    [],
    [None],
    ["nonsense"],
    ["move"],
    {"k": 1},
    ["draw", "five"],
    ["place", 99],
    ["play", [], [], [], None],
    [["nested"]],
    b"bytes",
]


def seats_for(rules: Rules[Any, Any, Any]) -> int:
    return max(rules.min_players, min(3, rules.max_players))


def random_plies(
    rules: Rules[Any, Any, Any], rng: random.Random, plies: int = PLIES
) -> Iterator[tuple[Any, Any, Any]]:
    """(before, action, after) over random matches, one after another, `plies` in all."""
    state = rules.new(seats_for(rules), {})
    for _ in range(plies):
        seat = rules.to_move(state)
        if seat is None:
            assert rules.outcome(state) is not None
            state = rules.new(seats_for(rules), {})
            continue
        if seat == CHANCE:
            action = rules.sample_chance(state, rng)
        else:
            action = rng.choice(rules.legal_actions(state))
        after = rules.apply(state, action)
        yield state, action, after
        state = after


@pytest.fixture(params=GAMES, ids=lambda r: r.id)
def rules(request: pytest.FixtureRequest) -> Rules[Any, Any, Any]:
    game: Rules[Any, Any, Any] = request.param
    return game


def test_every_game_declares_itself(rules: Rules[Any, Any, Any]) -> None:
    assert rules.id and rules.title and rules.tagline
    assert 1 <= rules.min_players <= rules.max_players <= 5
    assert len(rules.seat_names) in (0, rules.max_players)
    assert isinstance(rules.chapter, str)


@pytest.mark.parametrize("game", registry.all(), ids=lambda r: r.id)
def test_the_shelf_card_says_what_the_rules_declare(game: Rules[Any, Any, Any]) -> None:
    """The menu draws the shelf from the registry's cards, never importing the rules."""
    assert registry.card(game.id) == registry.Card.of(game)


def test_random_matches_reach_an_outcome_and_every_action_applies(
    rules: Rules[Any, Any, Any],
) -> None:
    rng = random.Random(1)
    ended = 0
    state = rules.new(seats_for(rules), {})
    for _ in range(40):
        for _ in range(5_000):
            seat = rules.to_move(state)
            if seat is None:
                break
            legal = (
                [rules.sample_chance(state, rng)]
                if seat == CHANCE
                else (rules.legal_actions(state))
            )
            assert legal, f"{rules.id}: seat {seat} has no legal action"
            state = rules.apply(state, rng.choice(legal))
        assert rules.to_move(state) is None, f"{rules.id}: a random match did not end"
        assert rules.outcome(state) is not None
        ended += 1
        state = rules.new(seats_for(rules), {})
    assert ended == 40


def test_junk_and_out_of_turn_actions_are_refused(rules: Rules[Any, Any, Any]) -> None:
    rng = random.Random(2)
    chance_action = decision = None
    for before, action, _ in random_plies(rules, rng, 400):
        if rules.to_move(before) == CHANCE:
            chance_action = action
        else:
            decision = action
        for wire in JUNK:
            with pytest.raises(IllegalAction):
                rules.apply(before, rules.from_wire(wire))
        if rules.to_move(before) == CHANCE and decision is not None:
            with pytest.raises(IllegalAction):
                rules.apply(before, decision)
        if rules.to_move(before) != CHANCE and chance_action is not None:
            with pytest.raises(IllegalAction):
                rules.apply(before, chance_action)


def test_wire_and_notation_round_trip(rules: Rules[Any, Any, Any]) -> None:
    rng = random.Random(3)
    for before, action, _after in random_plies(rules, rng):
        wire = action.to_wire()
        assert rules.from_wire(wire) == action
        assert json.loads(json.dumps(wire)) == wire or isinstance(wire, (bytes, list))
        if rules.to_move(before) != CHANCE:
            assert rules.parse(before, rules.notation(action)) == action
        words = rules.describe(before, action, None, [f"P{n}" for n in range(5)])
        assert isinstance(words, str) and words


@pytest.mark.parametrize("game", [g for g in GAMES if isinstance(g, Advising)], ids=lambda r: r.id)
def test_a_decision_advised_is_its_told_words_in_the_imperative(
    game: Rules[Any, Any, Any],
) -> None:
    """The review's better move speaks to the player ("move 3 forward"): no name in front,
    and its verb is the one the move log tells in the past ("Ann moved 3 forward")."""
    assert isinstance(game, Advising)
    names = [f"P{n}" for n in range(5)]
    for before, action, _after in random_plies(game, random.Random(4), 600):
        if game.to_move(before) == CHANCE:
            continue
        advice = game.advise(before, action, names)
        verb = advice.split(" ", 1)[0]
        assert verb.islower(), advice
        assert past(verb) in game.describe(before, action, None, names), advice


def test_each_action_class_reads_its_own_wire_form_and_refuses_another_classes(
    rules: Rules[Any, Any, Any],
) -> None:
    """`Action.from_wire`, the contract's name, on the class itself: every registered game's
    action classes get it from the one `core.rules.Wired`."""
    rng = random.Random(3)
    seen: dict[type, Any] = {}
    for _, action, _ in random_plies(rules, rng, 600):
        kind = type(action)
        assert kind.from_wire(action.to_wire()) == action
        seen.setdefault(kind, action)
    if rules.id in {r.id for r in registry.all()}:
        assert all(issubclass(kind, Wired) for kind in seen)
    for kind in seen:
        for other, action in seen.items():
            if other is not kind:
                with pytest.raises(IllegalAction, match=f"not the wire form of {kind.__name__}"):
                    kind.from_wire(action.to_wire())


def test_a_view_shows_no_more_than_a_state_rebuilt_from_it(rules: Rules[Any, Any, Any]) -> None:
    rng = random.Random(4)
    determinize = getattr(rules, "determinize", None)
    for before, _, _ in random_plies(rules, rng):
        seat = rules.to_move(before)
        if seat in (None, CHANCE):
            continue
        seen = rules.view(before, seat)
        hash(seen)  # views are frozen: bots key their search on them
        if not rules.hides_information:
            assert seen == rules.view(before, None)
        elif callable(determinize):
            assert rules.view(determinize(seen, rng), seat) == seen


def variants(rules: Rules[Any, Any, Any]) -> list[dict[str, object]]:
    """The default options, and every yes/no option turned the other way (Attacke's face-down
    cards, Crossing's exact distance): what a game hides can depend on them."""
    flipped = {o.key: not o.default for o in rules.options if isinstance(o.default, bool)}
    return [{}, flipped] if flipped else [{}]


def test_a_seats_notation_names_nothing_its_views_do_not_show(rules: Rules[Any, Any, Any]) -> None:
    """What a reader's move log, replay and export write for a move: `notation_seen` where the
    game has it, else `notation`. Two actions open in one position that leave a viewer the same
    view must read the same to that viewer, so another seat's drawn or face-down card never
    shows in it; an open game names every move in full to everyone."""

    secret = isinstance(rules, SecretNotation)

    def written(state: Any, action: Any, viewer: int) -> str:
        return rules.notation_seen(state, action, viewer) if secret else rules.notation(action)

    rng = random.Random(9)
    viewers = [SPECTATOR, *range(seats_for(rules))]
    for options in variants(rules):
        state = rules.new(seats_for(rules), options)
        for _ in range(300):
            if rules.to_move(state) is None:
                state = rules.new(seats_for(rules), options)
            if not rules.hides_information:
                action = rng.choice(rules.legal_actions(state))
                assert all(written(state, action, v) == rules.notation(action) for v in viewers)
                state = rules.apply(state, action)
                continue
            choices = rules.legal_actions(state)
            if rules.to_move(state) == CHANCE:
                choices.append(rules.sample_chance(state, rng))
            tried = rng.sample(choices, min(len(choices), 10))
            afters = [rules.apply(state, other) for other in tried]
            for viewer in viewers:
                reads: dict[Any, tuple[str, str]] = {}
                for other, after in zip(tried, afters, strict=True):
                    seen = written(state, other, viewer)
                    first = reads.setdefault(rules.view(after, viewer), (seen, str(other)))
                    assert first[0] == seen, (
                        f"{rules.id}: seat {viewer} cannot tell {first[1]} from {other}, "
                        f"but reads {first[0]!r} and {seen!r}"
                    )
            coached = getattr(rules, "candidates", None)
            state = rules.apply(state, rng.choice(coached(state) if coached else choices))


def test_a_log_written_and_read_back_reproduces_every_state(
    rules: Rules[Any, Any, Any], tmp_path: Path
) -> None:
    rng = random.Random(5)
    seats = tuple(Seat(f"P{n}") for n in range(seats_for(rules)))
    header = Header(rules.id, {}, seats, "contract")
    path = tmp_path / "match.parlour"
    writer = LogWriter.create(path, header)
    match = Match(rules, header, sink=writer.append)
    states = [match.state]
    while match.to_move() is not None and len(match) < 3_000:
        seat = match.to_move()
        state = match.state
        match.submit(
            rules.sample_chance(state, rng)
            if seat == CHANCE
            else rng.choice(rules.legal_actions(state))
        )
        states.append(match.state)
    writer.close()
    again, damage = load_match(path, rules=rules)
    assert damage is None
    assert [again.state_at(n) for n in range(len(again) + 1)] == states


def test_selfplay_files_replay_export_and_verify(
    rules: Rules[Any, Any, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if rules.id not in {r.id for r in registry.all()}:
        pytest.skip("the command line plays registered games only")
    out = tmp_path / "out"
    assert main(["selfplay", rules.id, "--games", "2", "--seed", "1", "--out", str(out)]) == 0
    files = sorted(out.glob("*.parlour"))
    assert len(files) == 2
    assert main(["verify", *map(str, files)]) == 0
    for path in files:
        match, damage = load_match(path)
        assert damage is None and match.is_over
        assert to_text(match) and to_markdown(match)
        assert json.loads(to_json(match))["header"]["game"] == rules.id
        moves = [e for e in match.entries if isinstance(e, ActionEntry) and e.seat != CHANCE]
        assert moves


def test_a_whole_match_plays_out_through_the_shared_turn_loop(rules: Rules[Any, Any, Any]) -> None:
    from core.ai import make_bot

    seats = tuple(Seat(f"Bot {n}", "bot", "random") for n in range(seats_for(rules)))
    match = Match(rules, Header(rules.id, {}, seats, "loop"))
    bots = {n: make_bot("random", n) for n in range(len(seats))}
    outcome = play_out(match, bots, random.Random(6))
    assert outcome == match.outcome()


def test_a_spectator_sees_no_hand(rules: Rules[Any, Any, Any]) -> None:
    """What a bystander (and the replay of an unfinished match) sees is the same whatever the
    hidden cards are: a state rebuilt from any seat's view shows the spectator the same."""
    from core.rules import SPECTATOR

    rng = random.Random(8)
    determinize = getattr(rules, "determinize", None)
    for before, _, _ in random_plies(rules, rng, 600):
        seat = rules.to_move(before)
        public = rules.view(before, SPECTATOR)
        if seat in (None, CHANCE) or not callable(determinize):
            continue
        rebuilt = determinize(rules.view(before, seat), rng)
        assert rules.view(rebuilt, SPECTATOR) == public
