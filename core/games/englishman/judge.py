"""Who has won, checked after every single action (and after the setup move, never the deal).

Jack's third beanstalk wins first: if the same action also leaves a Giant pattern (taking a
treasure off a castle front can uncover one), Jack still wins. Then the Giant's vertical,
parallel and starved wins, in that order (the order only chooses which reason is shown).
"""

from __future__ import annotations

from core.frozen import replace
from core.games.englishman.cards import STALKS_TO_WIN
from core.games.englishman.castles import parallel, vertical
from core.games.englishman.starved import is_starved
from core.games.englishman.state import GIANT, JACK, EnglishmanState


def verdict(state: EnglishmanState) -> tuple[int, str] | None:
    """(winner, reason) if the position is won, else None."""
    if len(state.completed) >= STALKS_TO_WIN:
        return JACK, "Jack completed his third beanstalk"
    column = vertical(state.castles)
    if column is not None:
        return GIANT, f"vertical: Fee, Fi, Fo and Fum stand together in castle {column + 1}"
    fronts = parallel(state.castles)
    if fronts is not None:
        shown = ", ".join(str(i + 1) for i in fronts[:-1]) + f" and {fronts[-1] + 1}"
        return GIANT, f"parallel: the fronts of castles {shown} show Fee, Fi, Fo and Fum"
    if is_starved(state.castles, len(state.completed), state.current):
        return GIANT, "starved: Jack can no longer complete three beanstalks"
    return None


def judged(state: EnglishmanState, acted: EnglishmanState) -> EnglishmanState:
    """`state`, ended if it is won, in the turn of the action that won it: `acted` is the
    position that action was taken in (passed on first, Jack's winning third action ended the
    match "in turn 20", the Giant's)."""
    found = verdict(state)
    if found is None:
        return state
    winner, reason = found
    return replace(
        state,
        phase="over",
        winner=winner,
        reason=reason,
        actor=acted.actor,
        actions_left=0,
        turn=acted.turn,
    )
