"""A searching bot does not answer a position that comes back with the same move for ever.

The position is from `parlour tournament englishman`-style play (mcts:easy Jack against greedy,
seed 2027 of a hunt for the endless games): Jack needs a 9 and a treasure; taking the 9 from
castle 2 opens Fum and Fi under it beside the Fee and Fo on the fronts, so he covers the words
instead, and the Giant uncovers them with one double move. With the first of near-equal moves
always taken, the same three moves and the same double move came back every turn, past 300.
"""

from __future__ import annotations

from core.ai import Budget, SearchBot, decide, make_bot
from core.games.englishman.state import EnglishmanState
from tests.games.englishman.script import RULES

STANDOFF = EnglishmanState(
    phase="play",
    castles=(
        ("Harp", "1", "1"),
        ("Fee", "Goose", "9", "Harp", "Fum", "Fi", "9", "4", "4"),
        ("Fum", "3", "Goose", "2", "5", "4", "8", "Gold", "7"),
        ("Fee", "3", "3", "9", "5", "6", "2", "5", "5", "Fi"),
        ("Fo", "7", "6", "Fo", "1", "2", "8"),
    ),
    completed=(("1", "2", "6", "7", "8", "9", "Gold"),),
    current=("3", "4", "6", "7", "8"),
    actor=0,
    actions_left=3,
    turn=141,
)
"""Jack to move, three actions: Fee, Fum and Fo on the fronts, the 9 he needs under Fee."""

HUNT = Budget(60)
"""`mcts:easy` as it was in the hunt: enough iterations to weigh every move here (today's
`easy`, 20, cannot try all 26 and takes the 9)."""


def _jack(seed: int) -> SearchBot:
    return SearchBot(seed, HUNT, kind="mcts")


def _third_action() -> EnglishmanState:
    """Jack's last action of the turn: he has covered Fee and uncovered the 9."""
    state = STANDOFF
    for text in ("2f>3", "2f>1"):
        state = RULES.apply(state, RULES.parse(state, text))
    return state


def test_near_equal_moves_are_not_always_answered_alike() -> None:
    state = _third_action()
    legal = list(RULES.candidates(state))
    chosen = {_jack(seed).choose(RULES, state, legal) for seed in range(6)}
    assert RULES.parse(state, "2f>s") not in chosen  # the 9 opens four words: never taken
    assert len(chosen) > 1


def test_the_standoff_ends_between_the_bots() -> None:
    bots = {0: _jack(0), 1: make_bot("greedy", 100)}
    state, plies = STANDOFF, 0
    while (seat := RULES.to_move(state)) is not None:
        assert plies < 200, "the bots went round the standoff for 200 decisions"
        state = RULES.apply(state, decide(bots[seat], RULES, state, seat))
        plies += 1
