"""The piste: spaces 1..23, seat 0's fencer starts on 1 and seat 1's on 23.

Forward is toward the opponent for both seats, so a move is checked with two numbers only:
a card may go forward while it is smaller than the distance, and backward while it is no
larger than the fencer's own advance.
"""

from __future__ import annotations

FIRST_SPACE = 1
LAST_SPACE = 23
START = (FIRST_SPACE, LAST_SPACE)


def distance(positions: tuple[int, int]) -> int:
    """Spaces between the fencers (22 at the start); an attack needs cards of this value."""
    return positions[1] - positions[0]


def advance(positions: tuple[int, int], seat: int) -> int:
    """How far `seat`'s fencer stands from its own end of the piste."""
    return positions[0] - FIRST_SPACE if seat == 0 else LAST_SPACE - positions[1]


def advances(positions: tuple[int, int]) -> tuple[int, int]:
    return (advance(positions, 0), advance(positions, 1))


def moved(positions: tuple[int, int], seat: int, spaces: int, forward: bool) -> tuple[int, int]:
    """The positions after `seat` moves; assumes the move was checked."""
    step = spaces if forward == (seat == 0) else -spaces
    if seat == 0:
        return (positions[0] + step, positions[1])
    return (positions[0], positions[1] + step)


def move_problem(positions: tuple[int, int], seat: int, card: int, forward: bool) -> str | None:
    """Why `seat` may not move `card` spaces that way, or None when the move is fine."""
    if forward:
        gap = distance(positions)
        if card == gap:
            return f"A {card} would land on your opponent's space (attack with it instead)"
        if card > gap:
            return f"A {card} would carry you past your opponent"
        return None
    room = advance(positions, seat)
    if card > room:
        if room == 0:
            return "You stand at the end of the piste: you cannot move backward"
        return f"A {card} backward would take you off the piste"
    return None
