"""RULES.md §2: the empty pile, the opener without knights, a player without cards, winning."""

from __future__ import annotations

from dataclasses import replace

from core.games.attacke import contest
from core.games.attacke.actions import Pass
from core.games.attacke.deck import full_deck, is_knight, ordered
from core.games.attacke.pile import pile_counts, pile_size
from core.rules import CHANCE
from tests.games.attacke.script import RULES, conserved, deal, play, with_pile

HANDS = ("R2 R3 R5 7S", "R4 R7 B2 B3 10S", "G2 G3 G4 Y2 Y3")


def test_when_a_draw_is_due_and_the_pile_is_empty_the_discards_become_the_pile() -> None:
    state = with_pile(deal(*HANDS))
    assert pile_size(state) == 0 and len(state.discard) == 82
    state = play(state, "R:2 3")
    assert state.phase == "draw" and RULES.to_move(state) == CHANCE
    assert state.discard == () and pile_size(state) == 82
    assert pile_counts(state)["R2"] == 3  # the laid red 2 stays on the table
    state = play(state, "dR2")
    assert conserved(state)


def test_a_draw_with_no_pile_and_no_discards_is_skipped() -> None:
    state = deal(*HANDS)
    rest = full_deck()
    for hand in state.hands[:2]:
        rest.subtract(hand)
    state = replace(state, hands=(*state.hands[:2], ordered(rest.elements())))
    assert pile_size(state) == 0 and not state.discard
    state = play(state, "R:2")
    assert state.phase == "fight" and state.actor == 1  # no draw happened
    state = RULES.apply(state, Pass(True))
    assert state.phase == "fight" and state.actor == 2


def test_a_pass_with_nothing_left_to_draw_is_offered_alone_not_as_draw_or_not() -> None:
    state = deal(*HANDS)
    rest = full_deck()
    for hand in state.hands[:2]:
        rest.subtract(hand)
    state = play(replace(state, hands=(*state.hands[:2], ordered(rest.elements()))), "R:2")
    assert pile_size(state) == 0 and not state.discard and not state.laid[1]
    passes = [a for a in RULES.legal_actions(state) if isinstance(a, Pass)]
    assert passes == [Pass(False)] == [a for a in RULES.candidates(state) if isinstance(a, Pass)]
    assert not RULES.view(state, 1).pass_draws
    assert RULES.apply(state, Pass(True)) == RULES.apply(state, Pass(False))  # older files
    names = ("Ann", "Bob", "Cy")
    assert RULES.describe(state, Pass(False), 0, names) == "Bob passed; no card was left to draw"
    state = play(state, "pass; 5")  # Cy fights; Ann's own laid red 2 could be drawn again
    assert state.actor == 0 and RULES.view(state, 2).pass_draws
    assert {Pass(False), Pass(True)} <= set(RULES.candidates(state))
    assert (
        RULES.describe(state, Pass(True), 1, names)
        == "Ann passed and drew a card; Cy wins the contest"
    )


def test_the_last_card_of_the_pile_is_drawn_before_the_discards_are_used() -> None:
    state = with_pile(deal(*HANDS), "P7")
    state = play(state, "R:2")
    assert RULES.legal_actions(state) == [RULES.parse(state, "dP7")]
    state = play(state, "dP7; pass+draw")
    assert state.phase == "draw" and state.discard == ()


def test_an_opener_without_knights_draws_and_the_opening_passes_on() -> None:
    state = deal("R2 7S 7S 10S", *HANDS[1:])
    state = play(state, "R:2; d10S; pass; pass")  # seat 0 wins, holding shields only
    assert state.chips[0] == ("R",)
    assert state.phase == "skip" and RULES.to_move(state) == CHANCE and state.actor == 0
    assert RULES.view(state, 1).last_result is not None  # the ended contest stays visible
    state = play(state, "dR5")  # even a knight drawn now does not let seat 0 open
    assert state.phase == "open" and state.actor == 1
    assert state.hands[0] == ("R5", "7S", "7S", "10S", "10S")


def test_openers_without_knights_are_skipped_round_the_table_until_someone_opens() -> None:
    state = deal("R2 7S 7S 10S", "R4 R7 B2 B3 10S", "G2 G3 G4 Y2 Y3")
    state = play(state, "R:2; d10S; pass; pass")
    state = replace(state, hands=(state.hands[0], (), state.hands[2]))  # no card, no knight
    state = contest.next_opener(state, 0)
    state = play(state, "dB2")
    assert state.phase == "skip" and state.actor == 1  # seat 1 has no knight either
    state = play(state, "dB3")
    assert state.phase == "open" and state.actor == 2


def test_a_full_circle_that_opens_nothing_with_no_card_to_draw_ends_the_game() -> None:
    """Unreachable in play (every card outside the hands is drawable between contests, and
    90 of the 96 are knights), so the position is built by hand."""
    state = deal(*HANDS)
    knights = [c for c in full_deck().elements() if is_knight(c)]
    state = replace(
        state,
        hands=(("7S", "7S"), ("10S",), ("7S", "10S", "10S")),
        laid=((), (), ordered(knights)),
        chips=(("R", "B"), ("G",), ("Y", "P")),
    )
    assert pile_size(state) == 0
    state = contest.next_opener(state, 0)
    assert state.phase == "over" and RULES.to_move(state) is None
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0, 2) and outcome.scores == (2, 1, 2)
    assert "shared" in outcome.reason


def test_a_player_with_no_cards_can_only_pass() -> None:
    state = play(deal(*HANDS), "R:2; dB4")
    state = replace(state, hands=(state.hands[0], (), state.hands[2]))
    assert RULES.legal_actions(state) == [Pass(False), Pass(True)]


def test_chips_of_four_different_colours_win_at_once() -> None:
    state = replace(deal(*HANDS), chips=(("B", "G", "Y"), ("R",), ()))
    state = play(state, "R:2; dB4; pass; pass")
    assert state.phase == "over" and RULES.to_move(state) is None
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.scores == (4, 1, 0)


def test_option_chips_to_win_five_needs_all_five_colours() -> None:
    state = replace(deal(*HANDS, chips_to_win=5), chips=(("B", "G", "Y"), (), ()))
    state = play(state, "R:2; dB4; pass; pass")
    assert state.phase == "open" and RULES.outcome(state) is None
    state = replace(state, chips=(("R", "B", "G", "Y"), (), ()))
    state = play(state, "R:3; dB5; pass; pass")
    assert state.phase == "open"  # owned red already: no new chip
    state = play(state, "R:5; dP3; pass; pass")
    assert state.phase == "open"
    state = replace(state, hands=(("P2", *state.hands[0]), *state.hands[1:]))
    state = play(state, "P:2; dG7; pass; pass")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores[0] == 5
