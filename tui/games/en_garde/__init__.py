"""En Garde on the game screen: the kit that puts its piste and hand into the generic frame.

The screen side reads like `core.games.en_garde`: `piste` (the public table) and `fencers` (who
slide on it), `cards` (the hand's faces), `draft` (the decision being composed, the defender's
answers included), `keys`, and `hand` (the panel that puts them together). The words for the
frame (prompt, score, each round's end) and the help are here, with `KIT`.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.games.en_garde import EnGarde, commentary, pile
from core.games.en_garde.actions import EnGardeAction
from core.games.en_garde.view import EnGardeView
from tui.games import GameKit, Words
from tui.games.en_garde.draft import can_retreat
from tui.games.en_garde.hand import EnGardeHand
from tui.games.en_garde.piste import EnGardeBoard, pips
from tui.widgets.table import ChapterEnd

REASONS = {
    "hit": "Hit",
    "no-move": "No legal move",
    "hands": "Hands compared",
    "advance": "Advance",
    "draw": "Drawn",
}


def prompt(view: EnGardeView, names: Sequence[str]) -> str:
    """What the fencer to move must do now, in a few words."""
    if view.phase == "defend" and view.pending is not None:
        p = view.pending
        strike = pile.cards(p.count, p.value)
        retreat = can_retreat(view)
        hand = view.hands[1 - p.attacker]
        parry = hand is None or hand.count(p.value) >= p.count
        last = view.pile == 0  # the pile ran out with this attack: say what each answer does
        offers = []
        if parry:
            offers.append(f"parry with {strike}" + (" (then hands are compared)" if last else ""))
        if retreat:  # why only a retreat is left, in its own words (no second dash)
            why = ([] if parry else [f"you cannot parry {strike}"]) + (
                ["then the advance decides"] if last else []
            )
            offers.append("retreat" + (f" ({'; '.join(why)})" if why else ""))
        if not offers:
            return f"no parry with {strike} is possible: take the hit (x)"
        return " or ".join(offers)
    if view.phase == "riposte":
        verbs = (
            "move, attack or advance-and-attack" if view.level == "advanced" else ("move or attack")
        )
        return f"parried — now {verbs} before drawing"
    if view.phase == "last-chance":
        return f"last chance: attack with a {view.distance}, or decline"
    if view.phase == "turn":
        return (
            "move or attack" if view.level != "advanced" else ("move, attack or advance-and-attack")
        )
    if view.phase in ("deal", "refill", "round-over"):
        who = names[view.drawing] if view.drawing is not None else "a fencer"
        if view.draw_kind == "refill":
            return f"{who} is drawing"
        return "dealing the cards"  # the status line names the round already
    return "the match is over"


def score(view: EnGardeView, names: Sequence[str]) -> str:
    a, b = view.scores
    return f"{names[0]} {pips(a)} {a}  ·  {names[1]} {pips(b)} {b}"


def rounds(view: EnGardeView, names: Sequence[str]) -> list[ChapterEnd]:
    """Every finished round as the round-end panel tells it, revealed hands included."""
    told = []
    for result in view.rounds:
        if result.winner is None:
            headline = f"Round {result.round} is drawn"
        else:
            headline = f"{names[result.winner]} wins round {result.round}"
        label = REASONS.get(result.reason, result.reason)
        shown = commentary.revealed_hands(result, names)
        compared = commentary.comparison(result, names)
        if shown is not None and compared is not None:
            why = f"{label}: {compared[:1].upper()}{compared[1:]}."
            reveal = f"Hands shown: {shown}"
        else:
            words = commentary.round_words(result, names)
            # A detail that names its reason ("Hands compared at distance 4 ...") needs no label.
            why = words if label.lower() in words.lower() else f"{label}: {words}"
            reveal = ""
        told.append(ChapterEnd(result.round, headline, why, score(view, names), reveal))
    return told


HELP = """\
## En Garde

| Key | Does |
|---|---|
| `1` to `5` | pick a card of that value (again: the next card of that value) |
| `←` `→`, click | pick a card by its place in your hand |
| `f` / `b` | move forward / back by the picked card |
| `a` | attack with the picked card (or a card equal to the distance) |
| `+` / `-` | attack with more / fewer cards of that value (strengthen) |
| `d` | advanced: advance by the picked card, then attack |
| `p` | parry an attack |
| `r` | advanced: retreat by the picked card (against an advance-and-attack) |
| `x` | take the hit, or decline the last chance |
| `Enter`, click **Play** | play the composed action |
| `Esc` | start the choice again |

The piste has 23 spaces. The first player's fencer (▶) starts on space 1, the second's (◀)
on space 23; the letters on the fencers are the players' initials. Dots show rounds
won (●●○○○ = 2 of 5). Your opponent's hand shows only as card backs (▮).

The line under your cards says what the choice will do, or why the rules forbid it.
"""


KIT: GameKit[EnGardeView, EnGardeAction] = GameKit(
    rules=EnGarde(),
    table=EnGardeBoard,
    private=EnGardeHand,
    narrator=Words(prompt, score, rounds),
    help=HELP,
    rules_page="en-garde.md",
)
