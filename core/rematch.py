"""A rematch: the same players and options, the other seat starting.

One rule for every place a rematch starts — the local match-end panel and a host opening the
next match across machines — so a player sits where they would have sat at one keyboard.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.match import Seat
from core.rules import Rules


def rematch_order(
    rules: Rules[Any, Any, Any], players: int, options: Mapping[str, Any]
) -> tuple[tuple[int, ...], dict[str, Any]]:
    """Who sits where in the rematch (new seat i is taken by old seat `order[i]`) and its options.

    A game that lets the players pick who starts (an option `starts`/`first` of two choices)
    has it flipped and the chairs kept; in one where the first seat always starts, the players
    change chairs, each one seat on.
    """
    chosen = dict(options)
    first = next(
        (o for o in rules.options if o.key in ("starts", "first") and len(o.choices) == 2), None
    )
    if first is not None and players == 2:
        if first.key == "starts" and type(chosen.get("first")) is int:
            chosen["starts"] = chosen.pop("first") + 1  # a file from before `starts`
        now = chosen.get(first.key, first.default)
        chosen[first.key] = first.choices[1] if now == first.choices[0] else first.choices[0]
        chosen.pop("first" if first.key == "starts" else "starts", None)
        return tuple(range(players)), chosen
    return tuple((n + 1) % players for n in range(players)), chosen


def rematch(
    rules: Rules[Any, Any, Any], seats: tuple[Seat, ...], options: Mapping[str, Any]
) -> tuple[tuple[Seat, ...], dict[str, Any]]:
    """Seats and options for a rematch (`rematch_order` applied to the seats)."""
    order, chosen = rematch_order(rules, len(seats), options)
    return tuple(seats[n] for n in order), chosen
