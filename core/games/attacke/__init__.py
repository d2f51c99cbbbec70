"""Attacke (Reiner Knizia) for 3 to 5 players: `Attacke` is the Rules object (RULES.md §2).

Material: 96 cards, one table in `deck` (per colour 2x4, 3x4, 4x4, 5x4, 7x2; shields 3x7 and
3x10) and 25 chips, 5 per colour (R red, B blue, G green, Y yellow, P purple). There is no deck
order anywhere: the pile is the multiset of cards in no hand, not laid and not among the
discards since the last reshuffle, and every draw is a chance action naming its card.

Decisions (each is one log entry): a `Play` (face-up knights of the contest colour and
shields, optional face-down cards, and the colour when it opens a contest), a `Pass` (with the
draw chosen yes or no in the same decision), a `Return` (which chip, when one is due). Chance:
`First` (the first player) and `Draw` (each card dealt or drawn).

Notation (see `notation`): ``first 2``, ``dR5``, ``R:2 3 5`` (open red), ``5 7S`` (fight),
``4 ?R2 ?10S`` (a 4 and two cards face down), ``pass``, ``pass+draw``, ``return G``.
`notation.public` gives the form other players may see (``d?``, ``4 +2?``).

Decisions taken where RULES.md and the seed are silent:
* The deal goes round the table from the first player one card at a time; the first player
  stops at 4. Then the first player opens (or, holding no knight, draws and passes it on).
* Knights in one play are all of the contest's colour; an opening may not mix colours.
* Any pass draws only if the passer chose `pass+draw`; a chip return comes before that draw,
  and is asked for even when the passer owns a single chip (one legal choice).
* A pass with no card left to draw (an empty pile, no discards and nothing of the passer's
  laid in the contest) is offered alone, not as "draw or not"; a `pass+draw` read from a file
  there is the same plain pass (the draw is skipped).
* A fight must end strictly above the highest running total of the other players (passed
  players' totals are 0: their cards are gone).
* Only a face-up 10-shield counts for the one-per-contest limit and the chip penalty.
* The face-down play, once per contest, is any play with at least one face-down card; the
  opening may carry face-down cards beside its face-up knight.
* A full circle with nothing opened and no card drawable ends the game: most chips win,
  ties shared (also when every seat has none). While any card can be drawn the circle goes on.
* A contest that has ended stays on the table (`AttackeView.last_result`) while the next
  opener, or a knightless player drawing before them, acts; the next opening starts the next
  contest (`round_of` counts contests).
* Views show discard and pile counts only; the everything-view (None) also lists discards.
* A face-down card's identity lives in the action and the state, never in another seat's view,
  `describe` or `notation_seen`; the full notation names it (the log file holds every action),
  `notation.public` not. A drawn card likewise: `notation_seen` names it to the drawer only.

`legal_actions` lists every play: from a large hand with face-down cards it runs to tens of
thousands, so `apply` never uses it (`Attacke.check` judges one action directly) and bots use
`strategy.candidates`.
"""

from core.games.attacke.rules import Attacke
from core.games.attacke.state import AttackeState
from core.games.attacke.view import AttackeView, ContestResult

__all__ = ["Attacke", "AttackeState", "AttackeView", "ContestResult"]
