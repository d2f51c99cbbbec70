"""Attacke's hand panel on views made for the case: what a key picks and what the hint offers."""

from __future__ import annotations

import dataclasses
from typing import Any

from textual.app import App, ComposeResult

from core.games.attacke import Attacke
from core.games.attacke.actions import Draw, Pass, Play
from core.games.attacke.view import AttackeView
from tests.tui.test_attacke_screen import NAMES, dealt_match
from tui.games.attacke.hand import AttackeHand
from tui.widgets.table import Chosen, Turn

RULES = Attacke()


class HandApp(App[None]):
    """The hand alone, as Ben sees it in a red fight, recording what it chooses."""

    def __init__(self, view: AttackeView) -> None:
        super().__init__()
        self.view = view
        self.chosen: list[Any] = []

    def compose(self) -> ComposeResult:
        yield AttackeHand(NAMES[:3])

    def on_mount(self) -> None:
        hand = self.query_one(AttackeHand)
        hand.show(self.view, Turn(self.view.viewer or 0, lambda action: None))
        hand.focus()

    def on_chosen(self, message: Chosen) -> None:
        self.chosen.append(message.action)


def ben_in_a_red_fight(**changes: Any) -> AttackeView:
    """Ann opened red with her 5; Ben holds R3 R4 B2 B7 10S and must beat it."""
    opened = dealt_match()
    with opened:
        opened.submit(RULES.parse(opened.match.state, "R:5"))
        opened.submit(Draw("Y2"))  # Ann draws after her play
        assert opened.match.to_move() == 1 and opened.match.state.phase == "fight"
        view = RULES.view(opened.match.state, 1)
    return dataclasses.replace(view, **changes)


async def test_a_value_key_picks_from_the_contest_s_colour_not_the_cursor_s_row() -> None:
    app = HandApp(ben_in_a_red_fight())
    async with app.run_test(size=(100, 20)) as pilot:
        hand = app.query_one(AttackeHand)
        await pilot.press("down")  # the cursor on the blue row
        await pilot.press("7")  # a blue 7 would be refused in a red contest: nothing picked
        assert not hand.draft.marks
        await pilot.press("4")  # the red 4, though the cursor is on blue
        assert [hand.hand[i] for i in hand.draft.marks] == ["R4"]
        await pilot.press("3", "enter")
        assert app.chosen and isinstance(app.chosen[-1], Play)


async def test_a_pass_with_nothing_left_to_draw_is_offered_alone() -> None:
    app = HandApp(ben_in_a_red_fight(pile=0, discard=0))
    async with app.run_test(size=(100, 20)) as pilot:
        assert not app.view.pass_draws
        await pilot.press("p")  # no "draw or not?": the pass is chosen at once
        assert app.chosen == [Pass(False)]


async def test_the_hint_offers_face_down_only_while_it_is_unused() -> None:
    def hint_for(view: AttackeView) -> str:
        return " ".join(str(w.render()) for w in app.query("#at-hint"))

    fresh = ben_in_a_red_fight(face_down=True)
    app = HandApp(fresh)
    async with app.run_test(size=(100, 20)):
        assert "f face down" in hint_for(fresh)
    used = ben_in_a_red_fight(face_down=True, hidden_counts=(0, 1, 0))
    app = HandApp(used)
    async with app.run_test(size=(100, 20)):
        assert "f face down" not in hint_for(used)


async def test_a_click_picks_the_card_face_drawn_under_the_pointer() -> None:
    app = HandApp(ben_in_a_red_fight())
    async with app.run_test(size=(100, 20)) as pilot:
        hand = app.query_one(AttackeHand)
        # R3 R4 overlap by a border, a gap, then B2 B7, a gap, then the 10-shield.
        for column, card in ((1, "R3"), (6, "R4"), (12, "B2"), (21, "10S")):
            await pilot.click("#at-cards", offset=(column, 3))
            assert hand.hand[hand.draft.cursor] == card
        assert sorted(hand.hand[i] for i in hand.draft.marks) == ["10S", "B2", "R3", "R4"]
        await pilot.click("#at-cards", offset=(19, 3))  # the gap between two colours
        assert len(hand.draft.marks) == 4
        await pilot.click("#at-cards", offset=(1, 0))  # R3 stands a row higher once selected
        assert "R3" not in [hand.hand[i] for i in hand.draft.marks]


def footer_keys(app: App[None]) -> dict[str, str]:
    """What the footer lists now: key -> description (bindings shown and enabled)."""
    return {
        key: active.binding.description
        for key, active in app.screen.active_bindings.items()
        if active.binding.show and active.enabled
    }


async def test_the_footer_names_the_keys_of_the_moment_play_and_pass_then_draw_or_not() -> None:
    """The footer always said "enter play  p pass": at "draw or not?" it named neither y nor n.
    (Space and f stay in the hand's hint line: at 80 columns a longer footer cut "resign".)"""
    app = HandApp(ben_in_a_red_fight())
    async with app.run_test(size=(100, 20)) as pilot:
        assert footer_keys(app) == {"enter": "play", "p": "pass"}
        await pilot.press("p")
        await pilot.pause()
        assert footer_keys(app) == {"y": "draw", "n": "no draw"}
        await pilot.press("enter")  # Enter still draws, as the hand's question says
        assert app.chosen == [Pass(True)]


async def test_n_after_p_passes_without_drawing_and_y_draws() -> None:
    for key, draw in (("n", False), ("y", True)):
        app = HandApp(ben_in_a_red_fight())
        async with app.run_test(size=(100, 20)) as pilot:
            await pilot.press("y")  # not asked yet: y is no pass
            assert app.chosen == []
            await pilot.press("p", key)
            assert app.chosen == [Pass(draw)]


async def test_a_total_above_the_table_is_not_ticked_when_the_cards_are_not_a_play() -> None:
    """A blue 7 picked by the cursor in a red fight showed "> 5 ✓" beside the refusal."""
    app = HandApp(ben_in_a_red_fight())
    async with app.run_test(size=(100, 20)) as pilot:
        hand = app.query_one(AttackeHand)
        await pilot.press("down")  # the cursor on the blue row: B2, then B7
        await pilot.press("right", "space")
        assert [hand.hand[i] for i in hand.draft.marks] == ["B7"]
        summed = str(hand.query_one("#at-sum").render())
        assert "7 > 5 ✗" in summed and "✓" not in summed
        await pilot.press("space", "up", "4", "3")  # the red 4 and 3 instead: a play
        assert "7 > 5 ✓" in str(hand.query_one("#at-sum").render())


BIG_HAND = ("R3", "R4", "R5", "B2", "B7", "G3", "G4", "Y2", "Y5", "P2", "P7", "10S")


async def test_a_long_hand_at_80x24_leaves_the_total_the_hint_and_the_buttons_in_sight() -> None:
    """With eleven cards the faces took two bands and pushed the total, the reason a play was
    refused and the buttons out of the panel at 80×24: an Enter seemed to do nothing."""
    hands = (None, BIG_HAND, None)
    app = HandApp(ben_in_a_red_fight(hands=hands, hand_sizes=(4, len(BIG_HAND), 5)))
    async with app.run_test(size=(80, 10)) as pilot:  # the hand panel's 8 rows at 80×24
        hand = app.query_one(AttackeHand)
        await pilot.click("#at-cards", offset=(5, 0))  # R4, drawn as its code, is picked
        assert [hand.hand[i] for i in hand.draft.marks] == ["R4"]
        cards = hand.query_one("#at-cards")
        assert "+R4" in cards.render().plain  # the selected card is marked, not raised
        shown = hand.content_region
        for part in ("#at-cards", "#at-sum", "#at-hint", "#at-play", "#at-pass"):
            assert shown.contains_region(hand.query_one(part).region), part
    app = HandApp(ben_in_a_red_fight())  # a short hand keeps its tall faces
    async with app.run_test(size=(80, 10)):
        assert app.query_one("#at-cards").region.height == 5


def test_a_seat_held_back_on_its_own_turn_is_not_told_to_wait_for_itself() -> None:
    """Out of touch with the host on his turn, Ben's hand read "Waiting for Ben…"; a fencer's
    "Waiting for the other fencer…". The status line says why the turn is held."""
    import random

    from core import registry
    from core.rules import CHANCE
    from tui.games.en_garde.hand import waiting

    view = ben_in_a_red_fight()
    app_hand = AttackeHand(NAMES[:3])
    app_hand._view = view  # shown without a turn, as a hand is while the link is down
    assert view.to_move == 1 and app_hand._waiting().plain == ""
    app_hand._view = dataclasses.replace(view, viewer=2, hands=(None, None, ("G2",)))
    assert app_hand._waiting().plain == "Waiting for Ben…"

    rules, rng = registry.get("en-garde"), random.Random(1)
    state = rules.new(2, {})
    while rules.to_move(state) == CHANCE:
        state = rules.apply(state, rules.sample_chance(state, rng))
    mover = rules.to_move(state)
    assert mover is not None
    assert waiting(rules.view(state, mover)).plain == ""
    assert waiting(rules.view(state, 1 - mover)).plain == "Waiting for the other fencer…"


async def test_a_value_key_with_no_such_card_says_so() -> None:
    """A 7 with no 7 to pick did nothing and said nothing."""
    app = HandApp(ben_in_a_red_fight())  # R3 R4 B2 B7 10S, in a red contest
    async with app.run_test(size=(100, 20)) as pilot:
        hand = app.query_one(AttackeHand)
        await pilot.press("5")
        assert not hand.draft.marks
        assert "You hold no red 5" in str(hand.query_one("#at-hint").render())
        await pilot.press("4")  # a card that is there is picked, and the hint moves on
        assert [hand.hand[i] for i in hand.draft.marks] == ["R4"]
        assert "You hold" not in str(hand.query_one("#at-hint").render())


async def test_giving_back_one_of_two_chips_lists_no_enter_that_would_do_nothing() -> None:
    """The footer offered "⏎ play" while a chip was to be chosen: Enter did nothing."""
    view = ben_in_a_red_fight(phase="return", chips=((), ("R", "G"), ()))
    app = HandApp(view)
    async with app.run_test(size=(100, 20)) as pilot:
        await pilot.pause()
        listed = footer_keys(app)
        assert "enter" not in listed
        await pilot.press("g")
        assert [a.colour for a in app.chosen] == ["G"]
    app = HandApp(dataclasses.replace(view, chips=((), ("R",), ())))
    async with app.run_test(size=(100, 20)) as pilot:
        await pilot.pause()
        assert "enter" in footer_keys(app)  # the only chip: Enter gives it back
