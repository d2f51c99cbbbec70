"""The Giant's "starved" win, decided exactly and cheaply (it runs after every action).

Jack still needs the current beanstalk (L cards, top value t) finished with 6 - L more cards of
distinct values above t, and each later beanstalk needs 6 distinct values. A pool with c_v
cards of value v supplies m sets of 6 distinct values iff sum_v min(c_v, m) >= 6m. RULES.md
says to try each choice S of values that finishes the current beanstalk; `can_finish_by_choices`
does exactly that, and `can_finish` gets the same answer in one pass over the nine values:

Taking one card of each value in S lowers sum_v min(c_v, m) by one for each v in S with
c_v <= m and leaves it alone for c_v > m. So the best S takes as many values with c_v > m as
it can, losing max(0, (6 - L) - #{v > t : c_v > m}); the current beanstalk can be finished at
all iff at least 6 - L values above t are in the pool. (Tests check both against a search
that really picks disjoint sets.)

Only beanstalk cards count, as RULES.md defines it. Treasures never run short: the Giant cannot
discard them, each completed beanstalk used a different kind, and there are two of each, so
every kind Jack still needs is on the table.

`counts` below is a sequence of nine counts: counts[v - 1] cards of value v in the castles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import chain, combinations

from core.games.englishman.cards import STALK_CARDS, STALKS_TO_WIN, VALUE, VALUES, Card

NINE = len(VALUES)
_NAMES = tuple(sorted(VALUE, key=VALUE.__getitem__))


def pool(castles: Iterable[Iterable[Card]]) -> tuple[int, ...]:
    """How many beanstalk cards of each value 1..9 are still in the castles."""
    cards = Counter(chain.from_iterable(castles))
    return tuple(cards[name] for name in _NAMES)


def can_finish(counts: Sequence[int], length: int, top: int, later: int) -> bool:
    """Whether the pool finishes the current beanstalk (`length` cards, top value `top`, 0 when
    empty) and then `later` more beanstalks of 6 distinct values each."""
    return slack(counts, length, top, later) >= 0


def slack(counts: Sequence[int], length: int, top: int, later: int) -> int:
    """How far the best plan is above the line: negative means Jack is starved.

    With no later beanstalk it is the count of usable values above the top minus the cards the
    current beanstalk lacks; otherwise sum_v min(c_v', m) - 6m for the best finishing choice."""
    need = STALK_CARDS - length
    above = 0
    roomy = 0
    for v in range(top, NINE):
        c = counts[v]
        if c:
            above += 1
            if c > later:
                roomy += 1
    if above < need:
        return above - need
    if later == 0:
        return above - need
    supply = sum(min(c, later) for c in counts) - max(0, need - roomy)
    return supply - STALK_CARDS * later


def discards_to_starve(counts: Sequence[int], length: int, top: int, later: int) -> int:
    """The fewest beanstalk cards the Giant must still discard for Jack to be starved (0: he
    is). Slack alone misjudges it: a beanstalk that only the three 9s can finish is three
    discards from starving, whatever slack the later beanstalks leave.

    Jack is starved when too few values above the current top are left to finish the current
    beanstalk, or when the pool falls short of the later ones (`slack`), so the answer is the
    cheaper of two ways, each the cheapest of its kind:

    * wipe out every copy of enough values above the top (the values with fewest copies);
    * cut slack below zero. A discard lowers it by one at most: a card of a value with at most
      `later` copies always does; a value's copies beyond `later` do nothing, except that the
      last of them, for a value above the top, leaves it no longer roomy, which the current
      beanstalk may pay for. So the cards of thin values go first, then value by value, the
      fewest spare copies first (the values above the top first among equals), its spare
      copies and then its other ones, until slack is below zero.

    `length` is under six: a beanstalk of six cards waits on a treasure, which no discard can
    take (`jack_task` counts it done). The tests check the answer against a search over every
    count each value could be left with."""
    need = STALK_CARDS - length
    if need <= 0:
        raise ValueError("a beanstalk of six cards waits on a treasure only: see jack_task")
    above = sorted(counts[v] for v in range(top, NINE) if counts[v])
    if len(above) < need:
        return 0
    wipe = sum(above[: len(above) - need + 1])
    if later == 0:
        return wipe
    units = slack(counts, length, top, later) + 1
    if units <= 0:
        return 0
    cheap = sum(c for c in counts if c <= later)
    if units <= cheap:
        return min(wipe, units)
    units -= cheap
    cost = cheap
    roomy = sum(1 for v in range(top, NINE) if counts[v] > later)
    short = max(0, need - roomy)  # what finishing the current beanstalk already costs
    spare = sorted((counts[v] - later, v < top) for v in range(NINE) if counts[v] > later)
    for excess, below_top in spare:
        cost += excess
        if not below_top:  # no longer roomy: finishing the current beanstalk costs one more
            roomy -= 1
            if need - roomy > short:
                short, units = short + 1, units - 1
        take = min(later, max(units, 0))
        cost, units = cost + take, units - take
        if units <= 0:
            break
    return min(wipe, cost)


def can_finish_by_choices(counts: Sequence[int], length: int, top: int, later: int) -> bool:
    """RULES.md's wording, literally: try every set of values that finishes the current
    beanstalk, then test the rest with sum_v min(c_v, m) >= 6m."""
    need = STALK_CARDS - length
    usable = [v for v in range(top + 1, NINE + 1) if counts[v - 1] > 0]
    for choice in combinations(usable, need):
        rest = list(counts)
        for v in choice:
            rest[v - 1] -= 1
        if sum(min(c, later) for c in rest) >= STALK_CARDS * later:
            return True
    return False


def jack_needs(completed: int, current: Sequence[Card]) -> tuple[int, int, int]:
    """(length, top, later) of Jack's task: the current beanstalk's length and top value (0 when
    empty) and how many beanstalks come after it."""
    top = VALUE[current[-1]] if current else 0
    return len(current), top, STALKS_TO_WIN - completed - 1


def jack_task(completed: int, current: Sequence[Card]) -> tuple[int, int, int] | None:
    """`jack_needs`, counting a beanstalk of six cards as done (its treasure is always on the
    table: the Giant cannot discard one); None when that leaves nothing to starve. The bots
    and the threat line judge by it: counted the other way, taking the treasure looked like
    losing a card of slack, and a searching Jack sat on six cards for hundreds of turns."""
    if len(current) >= STALK_CARDS:
        completed, current = completed + 1, ()
    if completed >= STALKS_TO_WIN:
        return None
    return jack_needs(completed, current)


def is_starved(castles: Iterable[Iterable[Card]], completed: int, current: Sequence[Card]) -> bool:
    """The Giant's starved win: Jack can no longer complete three beanstalks."""
    if completed >= STALKS_TO_WIN:
        return False
    length, top, later = jack_needs(completed, current)
    return not can_finish(pool(castles), length, top, later)


def finishable(counts: Sequence[int], length: int, top: int, later: int) -> int:
    """How many of Jack's remaining beanstalks (the current one and `later` more) the pool can
    still finish, in order: 0 when the current one is already out of reach."""
    if not can_finish(counts, length, top, 0):
        return 0
    best = 0
    for k in range(1, later + 1):
        if not can_finish(counts, length, top, k):
            break
        best = k
    return 1 + best
