"""The Blood of an Englishman on the game screen: the castles table and the game's words.

All information is open, so there is no private panel: the table (`table.CastlesTable`) takes
the input. The match has no rounds (its chapters are turns), so `chapters` tells none.

The package follows `core.games.englishman`: `layout` and `board` draw the castles and the
beanstalks, `flight` moves a played card, `setup`, `jack` and `giant` compose each side's action
(on a `draft`, routed by `keys`), `threats` and `hints` put the position and the next pick
into words, and `table` puts them together.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.games.englishman import Englishman, EnglishmanState
from core.games.englishman.actions import EnglishmanAction
from core.games.englishman.cards import STALKS_TO_WIN
from core.games.englishman.state import JACK
from tui.games import GameKit, Words
from tui.games.englishman.table import CastlesTable

HELP = """\
## The Blood of an Englishman

| Key | Does |
|---|---|
| `1`-`5` | pick a castle (its front card, or where the card goes) |
| `b` / `f` | Jack: the castle's back card instead / a back card to its own front |
| `s` | Jack: onto the beanstalk |
| `x` | Giant: discard a beanstalk card (then `1`-`5`, `←` `→`; a digit alone does too) |
| `m` | Giant: move a castle's front four (then from, to) |
| `d` | Giant: two single moves (from, to, from, to) — one action |
| arrows | move the card cursor (setup, discard) |
| `Space` | setup: lift the card under the cursor |
| `-` | setup: keep the castles as dealt (`w-`) |
| `Enter` | play the composed action |
| `Esc` | undo the last pick |

Five castles lie open, one row each, from the **front** card (`F▸`) to the **back** card
(`◂B`), numbered 1 to 5. Each card is a tile with its name, its edge telling its kind:
beanstalk cards `│1│`…`│9│` (green; side by side they share an edge, `│1│2│3│`), the Giant's
words with a double edge `║Fee║` `║Fi║` `║Fo║` `║Fum║` (red), treasures with a heavy one
`┃Gold┃` `┃Goose┃` `┃Harp┃` (yellow). Below: Jack's beanstalk (`s`), growing into its dotted
slots (`·┆`), his finished ones (`✓`), the Giant's discards, and the
Giant's three threats (`·` far, `▲` close, `✗` reached). A `»` in the first column marks where
the next pick may go, `▸` where the picked card comes from; legal cards are underlined, the
picked card is reversed. The line at the bottom says what to pick next, or why not.

**Mouse:** click a card to pick it, a castle row to send it there, the beanstalk line for `s`;
click the same place again (or press Enter) to play. The underlined words on the bottom line
can be clicked too.

**Examples:** `3` `s` Enter = castle 3's front card onto the beanstalk (`3f>s`); `2` `b` `f`
Enter = castle 2's back card to its front (`2b>f`); `d` `1` `2` `3` `5` Enter = the Giant's
`1>2,3>5`; `x` `4` `→` Enter = discard a card of castle 4. Setup: `2`, `→` `→`, Space, `→`
`→`, Enter moves castle 2's third card two places back (`w2:3>5`).
"""


def prompt(view: EnglishmanState, names: Sequence[str]) -> str:
    """What the side to move must do now, in a few words (the status line is one row)."""
    if view.phase == "deal":
        return "dealing the five castles"
    if view.phase == "setup":
        return "Giant's-wife move, or - keeps the deal"
    if view.phase == "over":
        return "the match is over"
    if view.actor == JACK:
        return f"{view.actions_left} of 3 actions left — move a card"
    return "discard, move four, or two single moves"


def score(view: EnglishmanState, names: Sequence[str]) -> str:
    """Jack's progress: completed beanstalks and the treasures on them (its chapters are
    turns, whose end needs no panel: the narrator has none)."""
    treasures = ", ".join(stalk[-1] for stalk in view.completed) or "none"
    built = len(view.completed)
    # The growing one by its number, as the board's "Beanstalk 2/3" line names it.
    now = f" · beanstalk {built + 1}: {len(view.current)} of 6 cards" if view.current else ""
    return f"beanstalks built {built}/{STALKS_TO_WIN}{now} · treasures {treasures}"


KIT: GameKit[EnglishmanState, EnglishmanAction] = GameKit(
    rules=Englishman(),
    table=CastlesTable,
    narrator=Words(prompt, score),
    help=HELP,
    rules_page="englishman.md",
)
