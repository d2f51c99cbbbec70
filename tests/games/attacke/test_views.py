"""RULES.md §2: hands are hidden; laid cards are public; the piles show only counts.
Also determinization: a state sampled from a view gives that same view."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from core.games.attacke import AttackeState
from core.games.attacke.actions import Draw
from core.games.attacke.deck import ordered
from core.games.attacke.pile import pile_counts
from core.games.attacke.strategy import determinize
from core.rules import CHANCE, SPECTATOR
from tests.games.attacke.script import RULES, deal, play

HANDS = ("R2 R3 B7 10S", "R4 R7 B2 B3 10S", "G2 G3 G4 Y2 Y3")


def midgame() -> AttackeState:
    state = deal(*HANDS, face_down=True)
    state = replace(state, chips=(("G",), (), ("B", "P")))
    return play(state, "R:2 ?B7; dG5; 4 ?B2; dG7; pass; 3; dP2")


def test_a_seat_sees_its_own_hand_every_hand_size_and_everything_laid() -> None:
    view = RULES.view(midgame(), 1)
    assert view.viewer == 1 and view.hand == view.hands[1]
    assert view.hands[0] is None and view.hands[2] is None
    assert view.hand_sizes == (3, 4, 5)
    assert view.laid == (("R2", "R3"), ("R4",), ())
    assert view.hidden == (None, ("B2",), None) and view.hidden_counts == (1, 1, 0)
    assert view.totals == (6, 5, 0) and view.to_beat == 6
    assert view.passed == (False, False, True)
    assert view.chips == (("G",), (), ("B", "P"))
    assert view.colour == "R" and view.opener == 0 and view.contest == 1
    assert view.to_move == 1 and view.phase == "fight" and view.pending_return is None
    assert view.pile == 96 - 12 - 5 == 79 and view.discard == 0 and view.discard_cards is None


def test_the_everything_view_shows_every_hand_and_the_discards() -> None:
    view = RULES.view(midgame(), None)
    assert all(h is not None for h in view.hands) and view.hand is None
    assert view.hidden == (("B7",), ("B2",), ()) and view.discard_cards == ()
    view = RULES.view(play(midgame(), "pass"), None)  # seat 0 wins: every laid card goes
    assert view.discard_cards == ("R2", "R3", "R4", "B2", "B7")


def test_views_are_frozen_and_hashable() -> None:
    state = midgame()
    views = {RULES.view(state, s) for s in (None, 0, 1, 2)}
    assert len(views) == 4


def test_a_seats_view_is_unchanged_when_only_what_it_cannot_see_changes() -> None:
    state = play(midgame(), "pass+draw; dY7; G:5 ?P2 ?10S")  # discards and face-down cards
    assert state.discard and state.hidden[0]
    seen = RULES.view(state, 1)
    unseen = Counter(state.discard) + pile_counts(state)
    for seat in (0, 2):
        unseen.update((*state.hands[seat], *state.hidden[seat]))
    pool = sorted(unseen.elements(), reverse=True)  # the same cards, dealt differently
    cut = [len(state.hands[0]), len(state.hidden[0]), len(state.hands[2]), len(state.discard)]
    parts = []
    for size in cut:
        parts.append(ordered(pool[:size]))
        del pool[:size]
    changed = replace(
        state,
        hands=(parts[0], state.hands[1], parts[2]),
        hidden=(parts[1], state.hidden[1], ()),
        discard=parts[3],
    )
    assert changed.hands != state.hands
    assert RULES.view(changed, 1) == seen
    assert RULES.view(changed, 0) != RULES.view(state, 0)


def test_determinize_gives_a_state_with_the_same_view() -> None:
    rng = random.Random(3)
    state = midgame()
    for seat in (None, 0, 1, 2):
        view = RULES.view(state, seat)
        for _ in range(5):
            assert RULES.view(determinize(view, rng), seat) == view
    assert determinize(RULES.view(state, None), rng) == state


def test_a_determinized_opener_holds_a_knight_and_a_skipping_one_does_not() -> None:
    rng = random.Random(5)
    state = play(deal("R2 7S 7S 10S", *HANDS[1:]), "R:2; d10S; pass; pass")
    assert state.phase == "skip" and RULES.to_move(state) == CHANCE
    view = RULES.view(state, 1)
    for _ in range(20):
        guess = determinize(view, rng)
        assert not any(c[0] in "RBGYP" for c in guess.hands[0])
    state = play(state, "dR5")
    view = RULES.view(state, 2)
    assert view.phase == "open" and view.actor == 1
    for _ in range(20):
        guess = determinize(view, rng)
        assert any(c[0] in "RBGYP" for c in guess.hands[1])


def test_a_drawn_card_is_named_in_the_notation_of_its_drawer_only() -> None:
    state = play(deal(*HANDS), "R:2")
    assert RULES.to_move(state) == CHANCE and state.actor == 0
    assert RULES.notation_seen(state, Draw("G5"), 0) == "dG5"
    assert RULES.notation_seen(state, Draw("G5"), None) == "dG5"
    assert [RULES.notation_seen(state, Draw("G5"), s) for s in (1, 2, SPECTATOR)] == ["d?"] * 3
    assert RULES.describe(state, Draw("G5"), 1, ("A", "B", "C")) == "A drew a card"
