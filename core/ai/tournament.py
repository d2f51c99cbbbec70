"""Pure statistics for a bot-against-bot tournament: results, a confidence interval, timing.

The caller plays the matches (the command line's `tournament`, with `core.play`) and passes in
what happened: each finished match's `Outcome` with the seat the bot under test sat in, and the
seconds each of its decisions took (the caller owns the clock; core reads none).

The interval is the **Wilson score interval on the score**, draws counting ½ (a chess-style
score: wins + draws/2 over matches). Wilson stays inside 0..1 and behaves at 0 or 100% and
for a few dozen matches, where the normal approximation does not; counting draws as half keeps
a drawish game from looking like a loss. A bot is "clearly better" when the interval's lower
end is above ½.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from core.rules import Outcome

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for `successes` out of `trials` (fractional successes allowed,
    e.g. draws as ½). No trials: the whole range (0, 1)."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials is not a tally")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Tally:
    """One bot's results over a tournament."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    """A shared win (several winners including this bot) counts as a win."""

    @property
    def matches(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Wins plus half the draws."""
        return self.wins + self.draws / 2

    @property
    def rate(self) -> float:
        """The score per match, 0..1 (½ with no matches)."""
        return self.score / self.matches if self.matches else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson score interval on `rate`."""
        return wilson(self.score, self.matches)

    def add(self, outcome: Outcome, seat: int) -> Tally:
        """This tally with one more match, in which the bot sat in `seat`."""
        if outcome.is_draw:
            return Tally(self.wins, self.draws + 1, self.losses)
        if seat in outcome.winners:
            return Tally(self.wins + 1, self.draws, self.losses)
        return Tally(self.wins, self.draws, self.losses + 1)


def tally(results: Iterable[tuple[Outcome, int]]) -> Tally:
    """Fold (outcome, the bot's seat) pairs into a Tally."""
    out = Tally()
    for outcome, seat in results:
        out = out.add(outcome, seat)
    return out


@dataclass(frozen=True)
class Timing:
    """How long the bot took per decision, in seconds."""

    decisions: int
    mean: float
    max: float


def timing(seconds: Sequence[float]) -> Timing:
    """Mean and longest of the given decision times (zeros when there were none)."""
    if any(s < 0 for s in seconds):
        raise ValueError("a decision cannot take negative time")
    if not seconds:
        return Timing(0, 0.0, 0.0)
    return Timing(len(seconds), sum(seconds) / len(seconds), max(seconds))


def summary(name: str, opponent: str, results: Tally, times: Timing | None = None) -> str:
    """One line for a person, e.g. "ismcts:normal against random: 18 won, 1 drawn, 1 lost of
    20; score 92.5% (95% CI 75.1 to 98.0%); 0.412 s a decision on average, 0.970 s at most"."""
    low, high = results.interval
    line = (
        f"{name} against {opponent}: {results.wins} won, {results.draws} drawn, "
        f"{results.losses} lost of {results.matches}; score {results.rate:.1%} "
        f"(95% CI {low:.1%} to {high:.1%})"
    )
    if times is not None and times.decisions:
        line += f"; {times.mean:.3f} s a decision on average, {times.max:.3f} s at most"
    return line
