"""The Blood of an Englishman (RULES.md section 5): Jack builds three beanstalks from five open
castles of cards while the Giant lines up Fee Fi Fo Fum or starves him of beanstalk cards.

`Englishman` is the Rules object (seat 0 Jack, seat 1 the Giant); `EnglishmanState` is the
position and also every seat's view (nothing is hidden); `threats(state)` tells how close the
Giant is to each win. Notation: see `notation`; wire forms: see `actions`.

Decisions taken where RULES.md is silent (also for the in-app rules page):
* The deal is one chance action naming all five castles. `legal_actions` at the deal lists
  one representative deal only (the deck in table order; there are ~10^36 deals);
  `sample_chance` shuffles. `apply` takes any deal of exactly the 50 cards, ten a castle.
* The Giant's-wife move may be skipped: "w-" (KeepDeal) leaves the castles as dealt. A Wife
  move must move its card to a different place.
* A castle of one card: "back to front" is refused (it is no move); "front to beanstalk" and
  "back to beanstalk" both take that card.
* The double move's second card may come from the same castle as the first (it is then a
  different card), or go to the first one's source or target; only taking the card the first
  move just placed is refused.
* Treasures are not part of the starved test (RULES.md defines it by beanstalk cards only);
  they can never run short anyway, since the Giant cannot discard them and each completed
  beanstalk uses a different kind of the two copies each.
* Chapters are turns: the deal, the setup move and Jack's first turn are turn 1, the Giant's
  first turn is turn 2, and so on.
* Jack may make a move that loses at once (a Giant pattern, or a beanstalk card that starves
  him); it is legal and the Giant wins on it. Wins are judged in the order: Jack's third
  beanstalk (RULES.md), then vertical, parallel, starved (the order only picks the reason
  shown when several hold). No draw rule: a match ends only by a win.
* The setup's neighbour swaps (card i to place i+1 and card i+1 to place i) give the same
  castles; both stay legal and listed. `strategy.candidates` drops such duplicates.
"""

from core.games.englishman.rules import Englishman
from core.games.englishman.state import EnglishmanState
from core.games.englishman.threats import Threats, threats

__all__ = ["Englishman", "EnglishmanState", "Threats", "threats"]
