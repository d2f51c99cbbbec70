"""Attacke on the game screen: the kit that puts its table and hand into the generic frame.

Each finished contest is a chapter: the view keeps every contest result (`results`), so the
chapter-end panel and the move log can tell each one.

The screen side reads like `core.games.attacke`: `contest` (the public table, with the cards and
chips that fly across it), `deck` (how knights, shields and chips look), `draft` (the bid being
composed), `keys`, and `hand` (the panel that puts them together). The words for the frame and
the help are here, with `KIT`.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.games.attacke import Attacke
from core.games.attacke.actions import AttackeAction
from core.games.attacke.deck import COLOUR_NAMES
from core.games.attacke.view import AttackeView, ContestResult
from tui.games import GameKit, Words
from tui.games.attacke.contest import AttackeTable
from tui.games.attacke.hand import AttackeHand
from tui.widgets.table import ChapterEnd
from tui.wording import joined


def prompt(view: AttackeView, names: Sequence[str]) -> str:
    """What the seat to move must do now, in a few words."""
    who = names[view.actor] if 0 <= view.actor < len(names) else "a player"
    if view.phase in ("first", "deal"):
        return "dealing"
    if view.phase == "skip":
        return f"{who} holds no knight to open with and draws a card"
    if view.phase == "draw":
        return f"{who} draws a card"
    if view.phase == "open":
        return "open a contest: lay at least one knight"
    if view.phase == "fight":
        name = COLOUR_NAMES.get(view.colour or "", "the contest colour")
        beat = max((t for s, t in enumerate(view.totals) if s != view.actor), default=0)
        return f"beat {beat} in {name}, or pass"
    if view.phase == "return":
        return "choose a chip to return"
    return "the game is over"


def chips_text(chips: Sequence[str]) -> str:
    return "".join(f"[{c}]" for c in chips)


def score(view: AttackeView, names: Sequence[str]) -> str:
    """Chips per seat, as letters and a count."""
    return "  ·  ".join(
        " ".join(p for p in (names[s], chips_text(view.chips[s]), str(len(view.chips[s]))) if p)
        for s in range(view.players)
    )


def chapter(result: ContestResult, view: AttackeView, names: Sequence[str]) -> ChapterEnd:
    winner = names[result.winner]
    colour = COLOUR_NAMES[result.colour]
    headline = f"{winner} wins the {colour} contest"
    if result.chip is not None:
        headline += f" and takes the {colour} chip"
    cards = " ".join(result.laid)
    if result.hidden:
        cards += f"{' ' if cards else ''}and {result.hidden} face down"
    others = [names[s] for s in range(view.players) if s != result.winner]
    why = f"{winner} stood at {result.total} ({cards or 'no cards'}); {joined(others)} passed."
    if result.chip is None:
        why += f" {winner} already owns a {colour} chip, so takes none."
    for seat, back in result.returned:
        why += f" {names[seat]} gave back the {COLOUR_NAMES[back]} chip for a lost 10-shield."
    return ChapterEnd(result.contest, headline, why, score(view, names))


def chapters(view: AttackeView, names: Sequence[str]) -> list[ChapterEnd]:
    """One chapter per finished contest, oldest first."""
    return [chapter(result, view, names) for result in view.results]


HELP = """\
## Attacke

| Key | Does |
|---|---|
| `←` `→` | move over your cards |
| `↑` `↓` | move to the colour above / below |
| click | select the card clicked (or unselect it) |
| `Space` | select the card (`+`) or unselect it |
| `2`–`5`, `7`, `0` | a card of that value: the contest's colour or a shield, else at the cursor |
| `f` | variant: lay the card face down (`?`, counts 1; once per contest) |
| `Enter`, click **Play** | play the selected cards (an opening asks the colour if need be) |
| `p` then `y` / `n` | pass, then draw a card or not (just `p` when no card is left to draw) |
| `r` `b` `g` `y` `p` | choose a colour: to open with, or the chip to give back |
| `Esc` | clear the selection, or go back |

The table has a panel per player: `▶` marks whose turn it is, then the name and running
total (`▲` marks the total to beat; `★`, with "won" where it fits, the contest just won),
the chips owned (`[R]` red, `[B]` blue, `[G]` green, `[Y]` yellow, `[P]` purple), the cards
in hand as backs and a count (`▮▮▮▮ 4`), and the cards laid in this contest as faces (a
`░?░` back is face down, worth 1). The last line gives the contest colour, the total to
beat, the pile and discard counts and the colours that win (on a narrow table the last two
go first). Nobody's hand is ever on the table.

Your hand is below as card faces, one fan per colour: a knight shows its colour letter and
value (`R5`), a shield has a double border (`7S`, `10S`). A selected card stands a row higher
with `+` (face up) or `?` (face down) under it; the cursor card has a heavy border. A hand
too long for its panel is drawn with shorter faces, or as a row of codes (`R5 B3 B5`), where
a selected card reads `+R5` and the cursor card is shown reversed.

The line under your cards gives the play's value and your new total against the total to
beat; the line below says what Enter will do, or why the rules refuse it.
"""


KIT: GameKit[AttackeView, AttackeAction] = GameKit(
    rules=Attacke(),
    table=AttackeTable,
    private=AttackeHand,
    narrator=Words(prompt, score, chapters),
    help=HELP,
    rules_page="attacke.md",
)
