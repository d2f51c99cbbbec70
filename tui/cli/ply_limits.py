"""How many decisions a bot match may take before `selfplay` and `tournament` stop it unfinished.

Its own module, free of imports, because the parser's `--help` lists the figures and building
the parser must stay cheap (every command builds it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.rules import Rules

PLY_LIMITS: dict[str, int] = {
    "en-garde": 1_000,
    "attacke": 1_000,
    "crossing": 1_500,
    "fields-of-action": 2_000,
    "englishman": 600,
}
"""Decisions by players per match, per game: about ten times a long match. Measured (median
decisions of 40 seeded matches, random and greedy bots): En Garde about 100, Attacke (three
players) 25 to 60, Crossing 15 (greedy) to 140 (random), Fields of Action 35 to 170, The Blood
of an Englishman about 55 between bots."""
PLY_LIMIT = 2_000
"""The limit for a game `PLY_LIMITS` does not list."""


def ply_limit(rules: Rules[Any, Any, Any], given: int | None) -> int:
    """The ply limit for a run of `rules`: `given` (`--max-plies`), else the game's default."""
    return given if given is not None else PLY_LIMITS.get(rules.id, PLY_LIMIT)
