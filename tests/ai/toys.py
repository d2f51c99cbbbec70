"""Tiny games for the bot tests, written to the Rules contract (only what bots use).

* `TicTacToe`: open, no coaching: MCTS must find its way with random playouts alone.
* `HighCard`: hidden hands. Chance deals three cards each from 1..9 (one chance action per card,
  drawn from the unseen cards); then three tricks: the leader plays a card face up, the other
  answers, the higher card takes the trick and leads next. Most tricks wins. Determinizable and
  coached.
* `Race`: 2 to 5 seats add 1 or 2 in turn to a count; whoever says 10 wins. Open, uncoached:
  multi-seat returns.
* `DiceCounting`: the replays tests' Counting (hidden dice) with a `determinize`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from core.rules import CHANCE, IllegalAction, Option, Outcome, Wire
from tests.replays.toygame import Counting, CountingState, CountingView

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@dataclass(frozen=True)
class Mark:
    square: int

    def to_wire(self) -> Wire:
        return self.square


@dataclass(frozen=True)
class Board:
    cells: tuple[int, ...] = (-1,) * 9
    """-1 empty, else the seat whose mark it is."""
    turn: int = 0


def _line_winner(cells: tuple[int, ...]) -> int | None:
    for a, b, c in LINES:
        if cells[a] != -1 and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


class _Base:
    """Metadata and the parts of the contract bots never call."""

    options: ClassVar[tuple[Option, ...]] = ()
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def notation(self, action: Any) -> str:
        return repr(action)

    def parse(self, state: Any, text: str) -> Any:
        raise IllegalAction("not needed here")

    def from_wire(self, wire: Wire) -> Any:
        raise IllegalAction("not needed here")

    def describe(self, state: Any, action: Any, viewer: int | None, names: Sequence[str]) -> str:
        return repr(action)

    def round_of(self, state: Any) -> int:
        return 1

    def sample_chance(self, state: Any, rng: random.Random) -> Any:
        raise AssertionError("this game has no chance")


class TicTacToe(_Base):
    id: ClassVar[str] = "tic-tac-toe"
    title: ClassVar[str] = "Tic-tac-toe"
    hides_information: ClassVar[bool] = False

    def new(self, players: int, options: Mapping[str, object]) -> Board:
        return Board()

    def to_move(self, state: Board) -> int | None:
        if _line_winner(state.cells) is not None or -1 not in state.cells:
            return None
        return state.turn

    def legal_actions(self, state: Board) -> list[Mark]:
        if self.to_move(state) is None:
            return []
        return [Mark(i) for i, c in enumerate(state.cells) if c == -1]

    def apply(self, state: Board, action: Mark) -> Board:
        if self.to_move(state) is None or state.cells[action.square] != -1:
            raise IllegalAction("that square is taken")
        cells = list(state.cells)
        cells[action.square] = state.turn
        return Board(tuple(cells), 1 - state.turn)

    def outcome(self, state: Board) -> Outcome | None:
        if self.to_move(state) is not None:
            return None
        winner = _line_winner(state.cells)
        return Outcome(() if winner is None else (winner,), reason="line")

    def view(self, state: Board, seat: int | None) -> Board:
        return state


@dataclass(frozen=True)
class Deal:
    card: int

    def to_wire(self) -> Wire:
        return ["deal", self.card]


@dataclass(frozen=True)
class Play:
    card: int

    def to_wire(self) -> Wire:
        return ["play", self.card]


DECK = tuple(range(1, 10))
HAND = 3


@dataclass(frozen=True)
class Tricks:
    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    table: tuple[int, ...] = ()
    """Cards in the current trick, the leader's first."""
    played: tuple[int, ...] = ()
    """Every card played in finished tricks."""
    won: tuple[int, int] = (0, 0)
    leader: int = 0


@dataclass(frozen=True)
class TricksView:
    viewer: int | None
    phase: str
    hands: tuple[tuple[int, ...] | None, tuple[int, ...] | None]
    sizes: tuple[int, int]
    table: tuple[int, ...]
    played: tuple[int, ...]
    won: tuple[int, int]
    leader: int


class HighCard(_Base):
    id: ClassVar[str] = "high-card"
    title: ClassVar[str] = "High card"
    hides_information: ClassVar[bool] = True

    def new(self, players: int, options: Mapping[str, object]) -> Tricks:
        return Tricks()

    def _dealing(self, state: Tricks) -> bool:
        return not state.played and not state.table and len(state.hands[1]) < HAND

    def to_move(self, state: Tricks) -> int | None:
        if self._dealing(state):
            return CHANCE
        if sum(state.won) == HAND:
            return None
        return (state.leader + len(state.table)) % 2

    def unseen(self, state: Tricks) -> list[int]:
        gone = set(state.hands[0] + state.hands[1] + state.played + state.table)
        return [c for c in DECK if c not in gone]

    def legal_actions(self, state: Tricks) -> list[Any]:
        seat = self.to_move(state)
        if seat is None:
            return []
        if seat == CHANCE:
            return [Deal(c) for c in self.unseen(state)]
        return [Play(c) for c in state.hands[seat]]

    def sample_chance(self, state: Tricks, rng: random.Random) -> Deal:
        return Deal(rng.choice(self.unseen(state)))

    def apply(self, state: Tricks, action: Any) -> Tricks:
        seat = self.to_move(state)
        if seat == CHANCE:
            if not isinstance(action, Deal) or action.card not in self.unseen(state):
                raise IllegalAction("deal an unseen card")
            to = 0 if len(state.hands[0]) == len(state.hands[1]) else 1
            hands = list(state.hands)
            hands[to] = tuple(sorted((*hands[to], action.card)))
            return replace(state, hands=(hands[0], hands[1]))
        if seat is None or not isinstance(action, Play) or action.card not in state.hands[seat]:
            raise IllegalAction("play a card from your hand")
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != action.card)
        table = (*state.table, action.card)
        if len(table) < 2:
            return replace(state, hands=(hands[0], hands[1]), table=table)
        taker = state.leader if table[0] > table[1] else 1 - state.leader
        won = (state.won[0] + (taker == 0), state.won[1] + (taker == 1))
        return Tricks((hands[0], hands[1]), (), state.played + table, won, taker)

    def outcome(self, state: Tricks) -> Outcome | None:
        if self.to_move(state) is not None:
            return None
        return Outcome((0 if state.won[0] > state.won[1] else 1,), state.won, "tricks")

    def view(self, state: Tricks, seat: int | None) -> TricksView:
        hands = tuple(h if seat is None or seat == i else None for i, h in enumerate(state.hands))
        to_move = self.to_move(state)
        phase = "deal" if to_move == CHANCE else "over" if to_move is None else "play"
        return TricksView(
            seat,
            phase,
            (hands[0], hands[1]),
            (len(state.hands[0]), len(state.hands[1])),
            state.table,
            state.played,
            state.won,
            state.leader,
        )

    # the optional powers
    def determinize(self, view: TricksView, rng: random.Random) -> Tricks:
        assert view.viewer is not None
        me = view.viewer
        mine = view.hands[me]
        assert mine is not None
        gone = set(mine + view.played + view.table)
        other = rng.sample([c for c in DECK if c not in gone], view.sizes[1 - me])
        hands = [mine, tuple(sorted(other))]
        if me == 1:
            hands.reverse()
        return Tricks((hands[0], hands[1]), view.table, view.played, view.won, view.leader)

    def evaluate(self, state: Tricks, seat: int) -> float:
        return (state.won[seat] - state.won[1 - seat]) / HAND

    def candidates(self, state: Tricks) -> list[Any]:
        return self.legal_actions(state)


@dataclass(frozen=True)
class Add:
    n: int

    def to_wire(self) -> Wire:
        return self.n


@dataclass(frozen=True)
class Count:
    players: int
    total: int = 0
    turn: int = 0
    winner: int | None = None


class Race(_Base):
    id: ClassVar[str] = "race"
    title: ClassVar[str] = "Race to ten"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    hides_information: ClassVar[bool] = False

    def new(self, players: int, options: Mapping[str, object]) -> Count:
        return Count(players)

    def to_move(self, state: Count) -> int | None:
        return None if state.winner is not None else state.turn

    def legal_actions(self, state: Count) -> list[Add]:
        return [Add(n) for n in (1, 2) if state.total + n <= 10] if state.winner is None else []

    def apply(self, state: Count, action: Add) -> Count:
        total = state.total + action.n
        if state.winner is not None or total > 10 or action.n not in (1, 2):
            raise IllegalAction("add 1 or 2, up to 10")
        winner = state.turn if total == 10 else None
        return Count(state.players, total, (state.turn + 1) % state.players, winner)

    def outcome(self, state: Count) -> Outcome | None:
        return None if state.winner is None else Outcome((state.winner,), reason="ten")

    def view(self, state: Count, seat: int | None) -> Count:
        return state


class DiceCounting(Counting):
    """Counting with the power to imagine the opponent's die."""

    def determinize(self, view: CountingView, rng: random.Random) -> CountingState:
        """Only for the viewer's own turn (when bots are asked), at the default options."""
        dice = tuple(rng.randint(1, 6) if d is None else d for d in view.dice)
        return CountingState(
            target=10,
            wins=2,
            round=view.round,
            dice=(dice[0], dice[1]),
            total=view.total,
            turn=view.viewer if view.viewer is not None else 0,
            scores=view.scores,
            rounds=view.rounds,
        )


@dataclass(frozen=True)
class Bait:
    """Seat 0 chooses "bait" or "safe"; seat 1 then answers with one of ten replies."""

    first: str | None = None
    reply: int | None = None


class Trap(_Base):
    """A one-move trap: "bait" looks winning to the evaluation, but one of seat 1's ten replies
    wins for seat 1 (the other nine lose); "safe" looks even and every reply draws. A one-ply
    greedy player takes the bait; a search that remembers the refutation does not."""

    id: ClassVar[str] = "trap"
    title: ClassVar[str] = "Trap"
    hides_information: ClassVar[bool] = False
    PUNISH: ClassVar[int] = 7

    def new(self, players: int, options: Mapping[str, object]) -> Bait:
        return Bait()

    def to_move(self, state: Bait) -> int | None:
        if state.first is None:
            return 0
        return 1 if state.reply is None else None

    def legal_actions(self, state: Bait) -> list[Any]:
        seat = self.to_move(state)
        if seat is None:
            return []
        return ["bait", "safe"] if seat == 0 else list(range(10))

    def candidates(self, state: Bait) -> list[Any]:
        return self.legal_actions(state)

    def apply(self, state: Bait, action: Any) -> Bait:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action!r} is not a move here")
        return replace(state, first=action) if state.first is None else replace(state, reply=action)

    def outcome(self, state: Bait) -> Outcome | None:
        if self.to_move(state) is not None:
            return None
        if state.first == "safe":
            return Outcome((), reason="draw")
        return Outcome((1,) if state.reply == self.PUNISH else (0,), reason="bait")

    def view(self, state: Bait, seat: int | None) -> Bait:
        return state

    def evaluate(self, state: Bait, seat: int) -> float:
        if state.first == "bait" and state.reply is None:
            return 0.8 if seat == 0 else -0.8
        return 0.0


@dataclass(frozen=True)
class HiddenBait:
    """A Trap position where seat 1 may hold the one card that makes the punishing reply legal;
    seat 0 cannot see whether it does."""

    holds: bool
    first: str | None = None
    reply: int | None = None


@dataclass(frozen=True)
class HiddenBaitView:
    viewer: int | None
    holds: bool | None
    """None: hidden from this viewer."""
    first: str | None
    reply: int | None


class HiddenTrap(Trap):
    """The Trap with the refutation in seat 1's hidden hand: imagined deals give it that card
    with probability `odds`. At low odds the bait is worth taking (it wins unless the card is
    there); at odds 1 it is the open Trap, where only "safe" is sound."""

    id: ClassVar[str] = "hidden-trap"
    title: ClassVar[str] = "Hidden trap"
    hides_information: ClassVar[bool] = True

    def __init__(self, odds: float) -> None:
        self.odds = odds

    def new(self, players: int, options: Mapping[str, object]) -> HiddenBait:
        return HiddenBait(holds=False)

    def legal_actions(self, state: Any) -> list[Any]:
        moves = super().legal_actions(state)
        if self.to_move(state) == 1 and not state.holds:
            return [m for m in moves if m != self.PUNISH]
        return moves

    def view(self, state: Any, seat: int | None) -> HiddenBaitView:
        holds = state.holds if seat in (None, 1) else None
        return HiddenBaitView(seat, holds, state.first, state.reply)

    def determinize(self, view: HiddenBaitView, rng: random.Random) -> HiddenBait:
        holds = view.holds if view.holds is not None else rng.random() < self.odds
        return HiddenBait(holds, view.first, view.reply)


@dataclass(frozen=True)
class Picks:
    """A Lure position: seat 0's picks so far (seat 1 only says "pass" in between)."""

    picks: tuple[int, ...] = ()
    passes: int = 0


class Lure(_Base):
    """A wide game for progressive widening: seat 0 picks one of `WIDTH` numbers three times,
    seat 1 passing in between. Opening with 0 (the lure) looks best to the evaluation for two
    picks and loses on the third, whatever is picked; opening with 1 wins; anything else
    draws. A search that tries every move once before any twice does not reach the third pick
    within `WIDTH` x 1.5 iterations; one that widens does, and so refuses the lure."""

    id: ClassVar[str] = "lure"
    title: ClassVar[str] = "Lure"
    hides_information: ClassVar[bool] = False
    WIDTH: ClassVar[int] = 100
    PICKS: ClassVar[int] = 3

    def __init__(self, wide: bool) -> None:
        self.wide_decisions = wide

    def new(self, players: int, options: Mapping[str, object]) -> Picks:
        return Picks()

    def to_move(self, state: Picks) -> int | None:
        if len(state.picks) == self.PICKS:
            return None
        return 0 if len(state.picks) == state.passes else 1

    def legal_actions(self, state: Picks) -> list[Any]:
        seat = self.to_move(state)
        if seat is None:
            return []
        return list(range(self.WIDTH)) if seat == 0 else ["pass"]

    def candidates(self, state: Picks) -> list[Any]:
        return self.legal_actions(state)

    def apply(self, state: Picks, action: Any) -> Picks:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action!r} is not a move here")
        if action == "pass":
            return replace(state, passes=state.passes + 1)
        return replace(state, picks=(*state.picks, action))

    def outcome(self, state: Picks) -> Outcome | None:
        if self.to_move(state) is not None:
            return None
        first = state.picks[0]
        if first > 1:
            return Outcome((), reason="draw")
        return Outcome((1,) if first == 0 else (0,), reason="lure")

    def view(self, state: Picks, seat: int | None) -> Picks:
        return state

    def evaluate(self, state: Picks, seat: int) -> float:
        first = state.picks[0] if state.picks else None
        worth = {0: 0.3, 1: 0.2}.get(first, 0.0)
        return worth if seat == 0 else -worth


class Feint(Trap):
    """A game whose worth shows a move after the tree stops: seat 0 lunges (which the
    evaluation likes) or guards; a lunge is met by a riposte that wins for seat 1 or a retreat
    that loses, a guard by a wait that draws. Judged at once, the lunge looks best; played on
    by the greedy rule for `plies`, seat 1 ripostes and the guard is seen to be better."""

    id: ClassVar[str] = "feint"
    title: ClassVar[str] = "Feint"

    def __init__(self, plies: int) -> None:
        self.playout_plies = plies

    def legal_actions(self, state: Bait) -> list[Any]:
        if state.first is None:
            return ["lunge", "guard"]
        if state.reply is None:
            return ["retreat", "riposte"] if state.first == "lunge" else ["wait"]
        return []

    def outcome(self, state: Bait) -> Outcome | None:
        if state.reply is None:
            return None
        if state.reply == "wait":
            return Outcome((), reason="draw")
        return Outcome((1,) if state.reply == "riposte" else (0,), reason="feint")

    def evaluate(self, state: Bait, seat: int) -> float:
        worth = {"lunge": 0.3, "guard": 0.1}.get(state.first or "", 0.0)
        return worth if seat == 0 else -worth
