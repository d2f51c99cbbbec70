"""Phalanxes: which stones can move together, how far, and what they may capture.

The move rules of RULES.md §3 over a board's cells (see `board`), plus the questions a board
widget asks: the lines through a stone, and where a selection of stones may go.

* A *phalanx* is an unbroken line of two or more free (not crossed) stones of one colour along
  a rank, file or diagonal. A move takes the stones from the end it moves toward back to any
  point (N ≥ 2 stones) and moves them 1..N squares along that line (exactly N with the
  `exact_distance` option, a capture too); every square passed must be empty.
* When the leading stone would enter a square held by a free enemy stone, that stone is
  captured if the unbroken line of enemy stones from it onward (this line only, crossed stones
  included: they still stand there) is shorter than N. The capture ends the move; with
  `exact_distance` only a stone exactly N squares ahead can be captured.
* A single stone steps one square onto an empty square and never captures.
* Crossed stones are locked: they never move, are never captured, and block like any stone.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from core.games.crossing.actions import CrossingAction, PhalanxMove, Step
from core.games.crossing.board import (
    DIRECTIONS,
    EMPTY,
    FAR_RANK,
    LOCKED,
    RAYS,
    SQUARES,
    STONE,
    direction_between,
    name,
    owner,
    rank_of,
    shift,
)
from core.rules import IllegalAction

AXES = DIRECTIONS[:4]
"""One direction per line through a square: file, two diagonals, rank."""


def train(cells: str, lead: int, direction: tuple[int, int]) -> tuple[int, ...]:
    """The free stones of `lead`'s colour in an unbroken line from `lead` backward (against
    `direction`), `lead` first: the stones a move led by `lead` may take along."""
    stone = cells[lead]
    if stone not in STONE:
        return ()
    found = [lead]
    for at in RAYS[lead, (-direction[0], -direction[1])]:
        if cells[at] != stone:
            break
        found.append(at)
    return tuple(found)


def enemy_line(cells: str, start: int, direction: tuple[int, int]) -> int:
    """How many stones of `start`'s colour stand in an unbroken line from `start` onward."""
    seat = owner(cells[start])
    if seat is None:
        return 0
    count = 1
    for at in RAYS[start, direction]:
        if owner(cells[at]) != seat:
            break
        count += 1
    return count


def reach(
    cells: str, lead: int, direction: tuple[int, int], stones: int, exact: bool = False
) -> Iterator[tuple[int, bool]]:
    """(target of the leading stone, captures) for each move of `stones` stones led by `lead`."""
    seat = owner(cells[lead])
    assert seat is not None, "a move is led by a stone"
    for distance, target in enumerate(RAYS[lead, direction][:stones], start=1):
        cell = cells[target]
        if cell == EMPTY:
            if not exact or distance == stones:
                yield target, False
            continue
        capturable = cell == STONE[1 - seat] and stones >= 2 and (not exact or distance == stones)
        if capturable and enemy_line(cells, target, direction) < stones:
            yield target, True
        return


def moves(cells: str, seat: int, exact: bool = False) -> list[CrossingAction]:
    """Every step and phalanx move of `seat`'s free stones (the crossing obligation aside)."""
    found: list[CrossingAction] = []
    stone, own = STONE[seat], (STONE[seat], LOCKED[seat])
    for lead in SQUARES:
        if cells[lead] == stone:
            for direction in DIRECTIONS:
                ray = RAYS[lead, direction]
                if ray and cells[ray[0]] not in own:  # `_led_by`'s own first test, inlined
                    found.extend(_led_by(cells, seat, lead, direction, exact))
    return found


def has_move(cells: str, seat: int, exact: bool = False) -> bool:
    """Whether `seat` has any move at all (a quick look for a free stone with room first)."""
    stone = STONE[seat]
    for at in SQUARES:
        if cells[at] == stone:
            for direction in DIRECTIONS:
                ray = RAYS[at, direction]
                if ray and cells[ray[0]] == EMPTY:
                    return True
    return bool(moves(cells, seat, exact))


def can_capture(cells: str, seat: int, exact: bool = False) -> bool:
    """Whether `seat` has a capture now: `any(move.capture for move in moves(...))` without
    listing every move (an evaluation asks it of each position a search opens, so a stone with
    no stone of its own behind it, which can capture nothing, costs one look). Without
    `exact_distance` a whole train reaches every capture a part of it could make."""
    stone, foe = STONE[seat], STONE[1 - seat]
    lead = cells.find(stone)
    while lead >= 0:
        for direction, behind, ahead in _LINES[lead]:
            if cells[behind[0]] != stone or cells[ahead[0]] == stone:
                continue
            size = 2  # `train`'s length, counted without building it (a third off the call)
            for at in behind[1:]:
                if cells[at] != stone:
                    break
                size += 1
            for distance, target in enumerate(ahead[:size], start=1):
                cell = cells[target]
                if cell == EMPTY:
                    continue
                # exact: the part of `distance` stones lands here; else the whole train reaches
                movers = distance if exact else size
                if cell == foe and movers >= 2 and enemy_line(cells, target, direction) < movers:
                    return True
                break
        lead = cells.find(stone, lead + 1)
    return False


_LINES = tuple(
    tuple(
        (d, RAYS[lead, (-d[0], -d[1])], RAYS[lead, d])
        for d in DIRECTIONS
        if RAYS[lead, (-d[0], -d[1])] and RAYS[lead, d]
    )
    for lead in SQUARES
)
"""For each square, every line through it with room both ways: (direction, the squares
behind, the squares ahead), where a train led from that square stands and goes."""


def _led_by(
    cells: str, seat: int, lead: int, direction: tuple[int, int], exact: bool
) -> Iterator[CrossingAction]:
    ray = RAYS[lead, direction]
    if not ray or owner(cells[ray[0]]) == seat:
        return
    stones = train(cells, lead, direction)
    for count in range(1, len(stones) + 1):
        for target, capture in reach(cells, lead, direction, count, exact):
            crosses = rank_of(target) == FAR_RANK[seat]
            if count == 1:
                yield Step(lead, target, crosses)
            else:
                yield PhalanxMove(stones[count - 1], lead, target, capture, crosses)


def check(cells: str, seat: int, action: CrossingAction, exact: bool = False) -> None:
    """Raise IllegalAction, in words for a player, unless `seat` may make `action` here."""
    squares = (
        (action.origin, action.target)
        if isinstance(action, Step)
        else (action.tail, action.lead, action.target)
    )
    if not all(type(s) is int and s in SQUARES for s in squares):
        raise IllegalAction("That move names a square off the board")
    marks = (action.crosses,) if isinstance(action, Step) else (action.capture, action.crosses)
    if not all(type(m) is bool for m in marks):
        raise IllegalAction("A move's capture and crossing marks are yes or no")
    if isinstance(action, Step):
        _check_step(cells, seat, action)
    else:
        _check_phalanx(cells, seat, action, exact)
    crosses = rank_of(action.target) == FAR_RANK[seat]
    if action.crosses != crosses:
        where = name(action.target)
        raise IllegalAction(
            f"A stone reaching {where} crosses; mark the move with +"
            if crosses
            else f"A stone reaching {where} does not cross; leave off the +"
        )


def _check_step(cells: str, seat: int, step: Step) -> None:
    _check_free(cells, seat, step.origin)
    line = direction_between(step.origin, step.target)
    if line is None or line[1] != 1:
        raise IllegalAction("A single stone moves one square (a phalanx moves further)")
    if cells[step.target] != EMPTY:
        raise IllegalAction(
            f"{name(step.target)} is taken: a single stone moves only onto an empty square"
        )


def _check_phalanx(cells: str, seat: int, move: PhalanxMove, exact: bool) -> None:
    line = direction_between(move.tail, move.lead)
    travel = direction_between(move.lead, move.target)
    if line is None or travel is None or line[0] != travel[0]:
        raise IllegalAction(
            "A phalanx moves along its own line, toward its leading stone (tail:lead-target)"
        )
    for stone in move.stones:
        _check_free(cells, seat, stone)
    count, distance = len(move.stones), travel[1]
    if distance > count:
        raise IllegalAction(f"A phalanx of {count} moves at most {count} squares")
    for between in range(1, distance):
        at = shift(move.lead, travel[0], between)
        if at is not None and cells[at] != EMPTY:
            raise IllegalAction(f"{name(at)} is in the way: no stone jumps")
    cell = cells[move.target]
    if exact and distance != count:
        also = ", a capture too" if cell != EMPTY else ""
        raise IllegalAction(f"House rule: a phalanx of {count} moves exactly {count} squares{also}")
    if cell == EMPTY:
        if move.capture:
            raise IllegalAction(f"{name(move.target)} is empty: there is nothing to capture")
        return
    if owner(cell) == seat:
        raise IllegalAction(f"{name(move.target)} holds your own stone")
    if cell == LOCKED[1 - seat]:
        raise IllegalAction(f"{name(move.target)} has crossed: a crossed stone cannot be captured")
    against = enemy_line(cells, move.target, travel[0])
    if against >= count:
        raise IllegalAction(
            f"The enemy line from {name(move.target)} is {against} strong: a phalanx of "
            f"{count} captures only a line shorter than itself"
        )
    if not move.capture:
        raise IllegalAction(f"That move captures {name(move.target)}; mark it with x")


def _check_free(cells: str, seat: int, at: int) -> None:
    cell = cells[at]
    if cell == LOCKED[seat]:
        raise IllegalAction(f"Your stone on {name(at)} has crossed: crossed stones never move")
    if cell != STONE[seat]:
        raise IllegalAction(f"You have no stone on {name(at)}")


def after(cells: str, seat: int, action: CrossingAction) -> str:
    """The cells once `action` (already checked) is made: crossed stones are locked."""
    board = list(cells)
    if action.captured is not None:
        board[action.captured] = EMPTY
    for stone in action.stones:
        board[stone] = EMPTY
    for target in action.targets:
        crossed = rank_of(target) == FAR_RANK[seat]
        board[target] = LOCKED[seat] if crossed else STONE[seat]
    return "".join(board)


def lines_through(cells: str, at: int) -> tuple[tuple[int, ...], ...]:
    """The phalanxes through the free stone on `at`: for each of the four lines (file, the two
    diagonals, rank) the whole unbroken line of free stones of its colour, when that line has
    two or more. Each is ordered from one end to the other; empty for no free stone."""
    if cells[at] not in STONE:
        return ()
    found = []
    for axis in AXES:
        forward = train(cells, at, (-axis[0], -axis[1]))
        backward = train(cells, at, axis)
        line = tuple(reversed(backward)) + forward[1:]
        if len(line) >= 2:
            found.append(line)
    return tuple(found)


def destinations(
    cells: str, seat: int, selection: Iterable[int], exact: bool = False
) -> dict[int, CrossingAction]:
    """The moves that move exactly the `selection` of stones, by where the leading stone lands.

    One stone: its steps. Two or more: they must form an unbroken line of `seat`'s free stones;
    then the moves along that line, either way (toward whichever end leads), which take exactly
    these stones. Anything else: no moves.
    """
    chosen = frozenset(selection)
    if not chosen or any(s not in SQUARES or cells[s] != STONE[seat] for s in chosen):
        return {}
    found: dict[int, CrossingAction] = {}
    for lead in chosen:
        for direction in DIRECTIONS:
            for action in _led_by(cells, seat, lead, direction, exact):
                if frozenset(action.stones) == chosen:
                    found[action.target] = action
    return found
