"""The action being composed in the hand: a card, a verb and, for an attack, how many cards.

Pure words and choices, no widgets: which verbs this moment offers (a defender sees only the
answers it has), the action a draft makes once it is complete, the cards that action would
play, and what it would do in a player's words. Whether it is legal is for the rules to say
(the screen's `Turn.check`).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.games.en_garde import actions
from core.games.en_garde.pile import cards
from core.games.en_garde.view import EnGardeView

Hand = tuple[int, ...]


def can_retreat(view: EnGardeView) -> bool:
    """Whether the defender may retreat from the pending attack with a card it holds.

    Only an advance-and-attack allows a retreat, and only with a card that keeps the fencer on
    the piste; a hand this view does not show counts as able (the rules will say).
    """
    pending = view.pending
    if view.level != "advanced" or pending is None or not pending.advanced:
        return False
    seat = 1 - pending.attacker
    hand = view.hands[seat]
    return hand is None or any(card <= view.advances[seat] for card in hand)


def offered(view: EnGardeView, hand: Hand) -> tuple[str, ...]:
    """The verbs this phase offers (whether each is possible is for the rules to say)."""
    if view.phase in ("turn", "riposte"):
        base = ("forward", "back", "attack")
        return (*base, "advance") if view.level == "advanced" else base
    if view.phase == "defend":
        pending = view.pending
        can_parry = pending is not None and hand.count(pending.value) >= pending.count
        answers: tuple[str, ...] = ("parry",) if can_parry else ()
        if can_retreat(view):
            answers += ("retreat",)
        return (*answers, "pass")
    if view.phase == "last-chance":
        return ("attack", "pass")
    return ()


@dataclass
class Draft:
    """The action being composed: the cursor card, the verb and the attack's strength."""

    slot: int | None = None
    verb: str | None = None
    count: int = 1

    def action(self, view: EnGardeView, hand: Hand) -> actions.EnGardeAction | None:
        """The action this draft describes, or None while it is incomplete."""
        if self.verb is None:
            return None
        card = hand[self.slot] if self.slot is not None and self.slot < len(hand) else None
        if self.verb in ("forward", "back"):
            return None if card is None else actions.Move(card, self.verb == "forward")
        if self.verb == "retreat":
            return None if card is None else actions.Retreat(card)
        if self.verb == "attack":
            return actions.Attack(card if card is not None else view.distance, self.count)
        if self.verb == "advance":
            if card is None:
                return None
            return actions.AdvanceAttack(card, view.distance - card, self.count)
        return actions.Parry() if self.verb == "parry" else actions.Pass()

    def played(
        self, action: actions.EnGardeAction | None, view: EnGardeView, hand: Hand
    ) -> set[int]:
        """The slots `action` would play, the cursor card first among equals."""
        if action is None:
            return set()
        wanted: list[int] = []
        if isinstance(action, actions.Move | actions.Retreat):
            wanted = [action.card]
        elif isinstance(action, actions.Attack):
            wanted = [action.value] * action.count
        elif isinstance(action, actions.AdvanceAttack):
            wanted = [action.move] + [action.value] * action.count
        elif isinstance(action, actions.Parry) and view.pending is not None:
            wanted = [view.pending.value] * view.pending.count
        order = list(range(len(hand)))
        if self.slot is not None and self.slot < len(hand):
            order.remove(self.slot)
            order.insert(0, self.slot)
        chosen: set[int] = set()
        for value in wanted:
            for slot in order:
                if slot not in chosen and hand[slot] == value:
                    chosen.add(slot)
                    break
        return chosen


def words(action: actions.EnGardeAction, view: EnGardeView) -> str:
    """What `action` would do, with the space the viewer's fencer would land on."""
    seat = view.viewer if view.viewer is not None else 0
    step = 1 if seat == 0 else -1
    here = view.positions[seat]
    if isinstance(action, actions.Move):
        to = here + (step if action.forward else -step) * action.card
        way = "forward" if action.forward else "back"
        return f"Move {way} {action.card} to space {to}"
    if isinstance(action, actions.Retreat):
        return f"Retreat {action.card} to space {here - step * action.card}"
    if isinstance(action, actions.Attack):
        return f"Attack with {cards(action.count, action.value)}"
    if isinstance(action, actions.AdvanceAttack):
        to, strike = here + step * action.move, cards(action.count, action.value)
        return f"Advance {action.move} to space {to}, attack with {strike}"
    if isinstance(action, actions.Parry) and view.pending is not None:
        return f"Parry with {cards(view.pending.count, view.pending.value)}"
    return "Decline" if view.phase == "last-chance" else "Take the hit (lose the round)"
