"""Crossing (Sid Sackson, *A Gamut of Games*): race a stone across an 8x8 board, moving
stones singly or in phalanxes. `Crossing` is the Rules object; RULES.md §3 is the spec.

Notation (see `notation`): algebraic squares; a step `c2-c3`; a phalanx move as its tail,
its leading stone and the leading stone's destination, `c2:c4-c6` (c2..c4 move up two so c4
lands on c6); a capture `c2:c4xc5`; a crossing ends in `+` (`c7-c8+`, `b6:d4xe3+`, ...).

Decisions taken where RULES.md §3 and the seed are silent (also for the in-app rules page):
* The enemy line that resists a capture counts every enemy stone in the unbroken line from
  the attacked stone onward, crossed stones included (they still stand there); the golden
  vectors agree. A crossed stone itself can never be captured: it blocks.
* A moving phalanx is any unbroken run of free stones ending at the end it moves toward;
  crossed stones are never part of one, so a crossed stone breaks a line.
* A crossing that is not answered loses at once, on the move that fails to answer: moves that
  do not cross stay legal while you owe a counter-crossing (the match ends with them).
  Stones that have crossed stay crossed and locked when crossings cancel.
* Crossed counts are the locked stones on the board (crossed stones are never captured).
* Draws by the house rules wait for a pending reply: while a crossing is owed, neither the
  repetition nor the capture limit ends the match; the reply (or its absence) decides first.
* Repetition: a position is the cells (crossed stones marked) plus the side to move; the
  count starts afresh after a capture or a crossing, which no later position can undo.
  The capture limit counts moves (plies) by either side; a crossing does not reset it.
* `exact_distance` (RULES.md [decided]): a phalanx of N moves exactly N squares, captures
  included: it captures only an enemy stone exactly N squares ahead of its leading stone, and
  an enemy stone nearer blocks it; single stones step one square as always.
* No legal move: decided as soon as the move that leaves a side without one is made.
* The chapter is the turn: White's move and Black's reply make one turn (`round_of`).
"""

from core.games.crossing.actions import CrossingAction, PhalanxMove, Step
from core.games.crossing.rules import Crossing
from core.games.crossing.state import CrossingState, LastMove

__all__ = ["Crossing", "CrossingAction", "CrossingState", "LastMove", "PhalanxMove", "Step"]
