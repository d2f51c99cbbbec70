"""What the castles widget reads: the state as the view, threats, and describe in plain words."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.games.englishman import Englishman, threats
from core.games.englishman.actions import FrontToStalk
from core.games.englishman.cards import DECK, WORDS, Card
from core.games.englishman.castles import WINDOW, Castles, best_window
from tests.games.englishman.script import NAMES, RULES, act, action, dealt, table


def test_the_rules_declare_the_game() -> None:
    assert Englishman.id == "englishman"
    assert Englishman.title == "The Blood of an Englishman"
    assert Englishman.seat_names == ("Jack", "Giant")
    assert (Englishman.min_players, Englishman.max_players) == (2, 2)
    assert Englishman.hides_information is False
    assert Englishman.chapter == "turn"
    assert Englishman.tagline and Englishman.options == ()


def test_the_view_is_the_state_for_everyone() -> None:
    state = table("1 ...\n2 ...\n3 ...\n4 ...\n5 ...")
    assert RULES.view(state, 0) is state and RULES.view(state, 1) is state
    assert RULES.view(state, None) is state
    with pytest.raises(ValueError):
        RULES.view(state, 2)
    assert hash(state) == hash(table("1 ...\n2 ...\n3 ...\n4 ...\n5 ..."))


def test_the_state_shows_fronts_backs_beanstalks_turn_and_last_action() -> None:
    state = table("1 2\n-\n3 ...\n4 ...\n5 ...", current="", completed=("1 2 3 4 5 6 Gold",))
    assert state.fronts[:2] == ("1", None) and state.backs[:2] == ("2", None)
    after = act(state, "1f>s")
    assert after.beanstalks == (("1", "2", "3", "4", "5", "6", "Gold"), ("1",))
    assert after.last == FrontToStalk(0) and after.actions_left == 2 and after.to_move == 0


def test_round_of_counts_turns() -> None:
    state = act(dealt("1 ...\n2 ...\n3 ...\n4 ...\n5 ..."), "w-")
    assert RULES.round_of(state) == 1
    state = act(act(act(state, "1f>2"), "2f>1"), "1f>2")
    assert RULES.round_of(state) == 2 and state.actor == 1
    assert RULES.round_of(act(state, "1>3,2>4")) == 3


def test_threats_count_words_on_fronts_best_window_and_beanstalks_left() -> None:
    state = table("Fee ...\nFi 1 ...\n2 Fee Fo Fi ...\n4 ...\n3 ...", current="1 2")
    t = threats(state)
    assert t.parallel == 2 and t.vertical == 3 and t.vertical_castle == 2
    assert t.needed == 3 and t.finishable == 3 and t.discards
    assert t.lines() == (
        "parallel: 2 of 4 words on castle fronts",
        "vertical: 3 of 4 words together (castle 3)",
        f"starved: Jack can finish 3 of 3 beanstalks; {t.discards} discards away",
    )


def test_once_jack_has_his_beanstalks_starving_is_no_longer_a_threat() -> None:
    """After Jack's win the line read "can finish 0 of the 0 beanstalks he needs (slack 0)",
    marked close."""
    from tui.games.englishman.threats import threat_lines

    done = ("1 2 3 4 5 6 Gold", "1 2 3 4 5 6 Goose", "1 2 3 4 5 6 Harp")
    state = table("7 ...\n8 ...\n9 ...\n7 ...\n8 ...", completed=done, won=True)
    t = threats(state)
    assert t.needed == 0
    assert t.lines()[2] == "starved: no longer a threat, Jack has all his beanstalks"
    full = threat_lines(state, compact=False).plain.splitlines()[2]
    assert full.startswith("· starved:") and "0 of the 0" not in full
    assert threat_lines(state, compact=True).plain.endswith("· starved —")


def test_threats_show_a_starved_jack() -> None:
    state = table("1 ...\n2 ...\n3 ...\n4 ...\n5 ...", current="9", won=True)
    t = threats(state)
    assert t.finishable == 0 and t.discards == 0
    assert t.lines()[2] == "starved: Jack can finish 0 of 3 beanstalks"


def test_the_starved_threat_counts_the_discards_that_starve_jack() -> None:
    """The line said "slack 6" where the Giant could starve Jack with three discards: his
    beanstalk (4 5 6 7 8) waited on the three 9s, whatever the later beanstalks had to spare."""
    state = table("...\n...\n...\n...\n...", current="4 5 6 7 8", discards="9")
    t = threats(state)
    assert t.finishable == 3 and t.discards == 3
    assert t.lines()[2] == "starved: Jack can finish 3 of 3 beanstalks; 3 discards away"


def test_a_beanstalk_waiting_for_its_treasure_cannot_be_starved() -> None:
    """With six cards on his last beanstalk Jack needs a treasure, which the Giant cannot
    discard; the line said "can finish 1 of the 1 beanstalk he needs (slack 0)", marked close."""
    from tui.games.englishman.threats import threat_lines

    done = ("1 2 3 4 5 6 Gold", "1 2 3 4 5 6 Goose")
    state = table("...\n...\n...\n...\n...", completed=done, current="1 2 3 4 5 9")
    t = threats(state)
    assert t.discards is None
    assert t.lines()[2] == "starved: no longer a threat, Jack needs only a treasure"
    assert threat_lines(state, compact=False).plain.splitlines()[2].startswith("· starved:")


@pytest.mark.parametrize(
    ("diagram", "current", "text", "words"),
    [
        (
            "1 ...\n2 4 ...\n3 ...\n5 ...\n6 7",
            "2 4",
            "5b>s",
            "Jack put the 7 from castle 5's back on the beanstalk (2 4 7)",
        ),
        (
            "Fee ...\n2 ...\n3 ...\n4 ...\n5 ...",
            "",
            "1f>3",
            "Jack moved the Fee from castle 1's front to castle 3's front",
        ),
        (
            "1 ...\n2 ...\n3 ...\n4 ...\n5 Fo",
            "",
            "5b>f",
            "Jack moved the Fo from castle 5's back to its front",
        ),
        (
            "Gold ...\n2 ...\n3 ...\n4 ...\n5 ...",
            "1 2 3 4 5 6",
            "1f>s",
            "Jack completed the first beanstalk with the Gold from castle 1's front "
            "(1 2 3 4 5 6 Gold)",
        ),
    ],
)
def test_describe_tells_jacks_actions_in_plain_words(
    diagram: str, current: str, text: str, words: str
) -> None:
    state = table(diagram, current=current)
    assert RULES.describe(state, action(text), None, NAMES) == words


def test_describe_tells_the_giants_actions_in_plain_words() -> None:
    state = table("1 Fee 3 Gold 7 ...\n2 ...\n3 4 6 ...\n5 ...\n8 ...", actor=1)
    assert RULES.describe(state, action("x3:3"), 1, NAMES) == (
        "The Giant discarded the 6 from castle 3 (card 3 from the front)"
    )
    assert RULES.describe(state, action("1>2"), 0, NAMES) == (
        "The Giant moved the front four of castle 1 (1 Fee 3 Gold) to the front of castle 2"
    )
    assert RULES.describe(state, action("1>2,3>5"), None, NAMES) == (
        "The Giant moved the 1 from castle 1 to castle 2, then the 3 from castle 3 to castle 5"
    )
    assert RULES.describe(state, action("x1:1"), None, ("Ann", "Bob")).startswith("Bob ")


def test_describe_tells_the_deal_and_the_setup_move() -> None:
    state = dealt("1 2 Fum ...\n...\n...\n...\n...")
    assert RULES.describe(state, action("w1:3>10"), None, NAMES) == (
        "Jack made the Giant's-wife move: the Fum in castle 1 from place 3 to place 10"
    )
    assert "as dealt" in RULES.describe(state, action("w-"), None, NAMES)
    fresh = RULES.new(2, {})
    assert "dealt" in RULES.describe(fresh, RULES.legal_actions(fresh)[0], None, NAMES)


DECK_CARDS = sorted(DECK.elements())


def _every_window(castles: Castles) -> tuple[int, int | None]:
    """best_window's definition, literally: every window of four (a shorter castle: whole)."""
    best, where = 0, None
    for index, castle in enumerate(castles):
        for start in range(max(1, len(castle) - WINDOW + 1)):
            words = len({c for c in castle[start : start + WINDOW] if c in WORDS})
            if words > best:
                best, where = words, index
    return best, where


CUTS = st.lists(st.integers(0, len(DECK_CARDS)), min_size=4, max_size=4)


@given(st.permutations(DECK_CARDS), CUTS)
def test_the_best_window_is_the_best_of_every_window_of_four(
    deck: list[Card], cuts: list[int]
) -> None:
    bounds = [0, *sorted(cuts), len(deck)]
    castles = tuple(tuple(deck[a:b]) for a, b in itertools.pairwise(bounds))
    assert best_window(castles) == _every_window(castles)
