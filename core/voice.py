"""A move in two voices: told after it was made, and advised before it is.

The move log tells what a player did ("Ben advanced 2 and attacked with a 5"); the review's
better move advises what the player could have done ("advance 2 and attack with a 5"). A
game writes each sentence once and lets the voice choose the verbs, so the two never drift.
"""

from __future__ import annotations

from dataclasses import dataclass

_PAST = {
    "draw": "drew",
    "fight": "fought",
    "give": "gave",
    "leave": "left",
    "make": "made",
    "put": "put",
    "take": "took",
}
"""The irregular past tenses the games' sentences use."""


def past(verb: str) -> str:
    """The simple past of an English verb: "move" → "moved", "parry" → "parried"."""
    if verb in _PAST:
        return _PAST[verb]
    if verb.endswith("e"):
        return verb + "d"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ied"
    return verb + "ed"


@dataclass(frozen=True)
class Voice:
    """How a sentence about a move is said: told (past, after the player's name) or advised
    (imperative, to the player about to move, with no name)."""

    advised: bool

    def verb(self, base: str) -> str:
        """`base` ("move") in this voice: "move" advised, "moved" told."""
        return base if self.advised else past(base)

    def pick(self, told: str, advised: str) -> str:
        """One of two wordings: for what does not follow the verb rule ("his" / "your")."""
        return advised if self.advised else told

    def subject(self, who: str) -> str:
        """What starts the sentence: the player's name and a space when told, nothing when
        advised (the advice speaks to the player)."""
        return "" if self.advised else who + " "


TOLD = Voice(advised=False)
ADVISED = Voice(advised=True)
