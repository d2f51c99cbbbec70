"""One registry of bots: kind:level specs for app and command line, budgets per level."""

from __future__ import annotations

import random

import pytest

from core.ai import (
    BOTS,
    LEVELS,
    Budget,
    GreedyBot,
    RandomBot,
    SearchBot,
    UnknownBot,
    bots_for,
    budget_for,
    decide,
    make_bot,
    parse_spec,
    specs_for,
)
from core.ai.playout import CannotPlay
from tests.ai.script import settle
from tests.ai.toys import HighCard, TicTacToe
from tests.replays.toygame import Counting


@pytest.mark.parametrize(
    ("spec", "parsed"),
    [
        ("ismcts:normal", ("ismcts", "normal")),
        ("greedy", ("greedy", "normal")),
        (" MCTS:Hard ", ("mcts", "hard")),
        ("random:easy", ("random", "easy")),
    ],
)
def test_a_spec_is_a_kind_and_an_optional_level(spec: str, parsed: tuple[str, str]) -> None:
    assert parse_spec(spec) == parsed


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("grandmaster", "bots: random, greedy, mcts, ismcts"),
        ("ismcts:expert", "levels: easy"),
        ("", "no bot called"),
        ("ismcts:", "levels"),
    ],
)
def test_a_bad_spec_is_refused_naming_what_exists(spec: str, says: str) -> None:
    with pytest.raises(UnknownBot, match=says):
        parse_spec(spec)


def test_mcts_is_refused_for_a_game_that_hides_cards_pointing_to_ismcts() -> None:
    with pytest.raises(UnknownBot, match="choose ismcts"):
        parse_spec("mcts:normal", HighCard())
    assert parse_spec("mcts:normal", TicTacToe()) == ("mcts", "normal")
    assert bots_for(HighCard()) == ("random", "greedy", "ismcts")
    assert bots_for(TicTacToe()) == ("random", "greedy", "mcts", "ismcts")


def test_a_hidden_game_without_determinize_is_left_to_the_random_bot() -> None:
    assert bots_for(Counting()) == ("random",)
    with pytest.raises(UnknownBot, match="choose random"):
        parse_spec("ismcts", Counting())
    state = settle(Counting(), Counting().new(2, {}), random.Random(1))
    with pytest.raises(CannotPlay, match="only the random bot"):
        decide(make_bot("ismcts", 1), Counting(), state, state.turn)


def test_an_mcts_bot_made_anyway_searches_a_hidden_game_as_ismcts() -> None:
    rules = HighCard()
    state = settle(rules, rules.new(2, {}), random.Random(2))
    a, b = make_bot("mcts:easy", 4), SearchBot(4, BOTS["mcts"].easy, kind="ismcts")
    assert decide(a, rules, state, 0) == decide(b, rules, state, 0)


def test_make_bot_builds_each_kind_with_its_levels_budget() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    greedy = make_bot("greedy:hard", 1)
    assert isinstance(greedy, GreedyBot) and greedy.budget == BOTS["greedy"].hard
    search = make_bot("ismcts:easy", 1)
    assert isinstance(search, SearchBot) and search.kind == "ismcts"
    assert search.budget == BOTS["ismcts"].easy
    assert make_bot("mcts", 1).budget == BOTS["mcts"].normal  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", ["mcts", "ismcts"])
def test_only_hard_searches_deeper_through_wide_decisions(kind: str) -> None:
    """`hard` widens progressively (where a game declares wide decisions); `easy` and `normal`
    try every move once first, as they were measured."""
    for level in LEVELS:
        bot = make_bot(f"{kind}:{level}", 1)
        assert isinstance(bot, SearchBot)
        assert (bot.settings.widening > 0) == (level == "hard")


def test_every_bot_has_a_description_and_budgets_that_grow_with_the_level() -> None:
    for kind, spec in BOTS.items():
        assert spec.description, kind
        budgets = [spec.budget(level) for level in LEVELS]
        assert [b.iterations for b in budgets] == sorted(b.iterations for b in budgets)


def test_each_level_keeps_its_promised_time_with_a_margin() -> None:
    """The promises (README): easy 0.2 s, normal a second, hard 5 s. Normal stops at 0.9 s so
    a busy machine's late scheduling still leaves it under its second."""
    for kind, spec in BOTS.items():
        assert spec.easy.seconds <= 0.2, kind
        assert spec.normal.seconds <= 0.9, kind
        assert spec.hard.seconds <= 5.0, kind


def test_budget_for_attaches_the_callers_clock_and_stop() -> None:
    def clock() -> float:
        return 0.0

    def stop() -> bool:
        return False

    budget = budget_for("ismcts:normal", clock=clock, stop=stop)
    assert budget == Budget(BOTS["ismcts"].normal.iterations, 0.9, clock, stop)


def test_specs_for_lists_what_a_menu_may_offer() -> None:
    assert specs_for(HighCard()) == (
        "random",
        "greedy:easy",
        "greedy:normal",
        "greedy:hard",
        "ismcts:easy",
        "ismcts:normal",
        "ismcts:hard",
    )


@pytest.mark.parametrize("kind", ["mcts", "ismcts"])
def test_easy_judges_at_once_and_the_others_play_out_what_a_game_declares(kind: str) -> None:
    """`easy` asks the evaluation where its tree stops; `normal` and `hard` first play out
    the plies a game declares (Attacke's contests)."""
    for level in LEVELS:
        bot = make_bot(f"{kind}:{level}", 1)
        assert isinstance(bot, SearchBot)
        assert bot.settings.playout == (level != "easy")
