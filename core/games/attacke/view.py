"""What one seat may see of an Attacke position: the app and the bots read only this."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Phase = Literal["first", "deal", "open", "skip", "fight", "return", "draw", "over"]
"""first: chance picks the first player; deal: chance deals (first player 4, others 5);
open: `actor` must open a contest (they hold a knight); skip: `actor`, due to open, holds no
knight and draws a card before the opening passes on; fight: `actor` fights or passes;
return: `actor` passed after laying a 10-shield and chooses a chip to give back; draw: chance
gives `actor` the card a play (or a pass with a draw) earned; over: the game has ended."""


def pass_can_draw(pile: int, discards: int, laid: int) -> bool:
    """Whether a pass could draw a card: from the pile, or from the discards reshuffled, which
    by then hold the passer's `laid` cards too. When it could not, the pass is offered alone
    (RULES.md §2 [decided]): drawing or not would lead to the same position."""
    return pile + discards + laid > 0


@dataclass(frozen=True)
class ContestResult:
    """A finished contest, kept on the table until the next one opens (and in the history)."""

    contest: int
    colour: str
    winner: int
    total: int
    laid: tuple[str, ...]
    """The winner's face-up cards (discarded without drawing)."""
    hidden: int
    """How many cards the winner had laid face down."""
    chip: str | None
    """The chip the winner took; None when they already owned that colour."""
    returned: tuple[tuple[int, str], ...] = ()
    """(seat, colour) of each chip given back in this contest for a lost 10-shield."""


@dataclass(frozen=True)
class AttackeView:
    viewer: int | None
    """The seat this view is for; None = everything (finished matches, tests)."""
    players: int
    chips_to_win: int
    face_down: bool
    phase: Phase
    to_move: int | None
    """The seat to decide, CHANCE while a card or the first player is drawn, None when over."""
    actor: int
    """The seat acting now, or receiving the card chance is drawing."""
    first: int | None
    """The first player (None until chance picks them)."""
    contest: int
    """The contest in play or just ended, from 1."""
    colour: str | None
    """The contest's colour; None between contests."""
    opener: int
    hands: tuple[tuple[str, ...] | None, ...]
    """Each hand the viewer may see (their own; all for None); None for a hidden hand."""
    hand_sizes: tuple[int, ...]
    laid: tuple[tuple[str, ...], ...]
    """Each seat's face-up cards in this contest."""
    hidden: tuple[tuple[str, ...] | None, ...]
    """Each seat's face-down cards in this contest, for their owner (all for None)."""
    hidden_counts: tuple[int, ...]
    totals: tuple[int, ...]
    """Each seat's running total (face-down cards count 1)."""
    passed: tuple[bool, ...]
    chips: tuple[tuple[str, ...], ...]
    """Each seat's chip colours, in colour order."""
    to_beat: int
    """The highest running total on the table: a fight must end strictly above it."""
    pile: int
    discard: int
    discard_cards: tuple[str, ...] | None
    """The discards themselves, in the everything-view only."""
    pending_draw: bool
    """In the return phase: the passer chose to draw after giving the chip back."""
    returned: tuple[tuple[int, str], ...]
    """(seat, colour) of each chip given back in this contest."""
    results: tuple[ContestResult, ...]
    """Every finished contest, oldest first."""

    @property
    def hand(self) -> tuple[str, ...] | None:
        """The viewer's own hand (None in the everything-view)."""
        return None if self.viewer is None or self.viewer < 0 else self.hands[self.viewer]

    @property
    def pass_draws(self) -> bool:
        """Whether the seat to act, passing now, could draw a card; if not, the pass is
        offered alone, with no "draw or not"."""
        laid = len(self.laid[self.actor]) + self.hidden_counts[self.actor]
        return pass_can_draw(self.pile, self.discard, laid)

    @property
    def pending_return(self) -> int | None:
        """The seat that must give a chip back now, if any."""
        return self.actor if self.phase == "return" else None

    @property
    def last_result(self) -> ContestResult | None:
        """The contest that has just ended, while the table still shows it."""
        if self.results and self.results[-1].contest == self.contest:
            return self.results[-1]
        return None
