"""Long random play: N random matches of every game, every action checked.

    python -m tests.stress.random_play --matches 10000 --seed 1 [--game en-garde] [--log-every 1]

After every action: it is legal (a chance outcome is among `legal_actions`; a decision, chosen
by the random bot from what `decide` offers, passes `apply`, and its wire form reads back to
the same action); conservation (cards never exceed the deck and none is duplicated beyond its
copies, chips never exceed the 25, stones are never created); every seat's view (and the
spectator's) hashes, equals a second view of the same state, and, where the game can
`determinize`, equals the view of a state rebuilt from it; and every match reaches an outcome
within a bound. Every `--log-every`th match is also written with `replays.logfile.LogWriter`
and read back with `replays.store.load_match`: every state of the log read back equals the live
one. Ctrl-C prints the figures so far. Exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.match import Header, Match
from core.rules import CHANCE, SPECTATOR, Determinizable, Rules
from replays.logfile import LogWriter
from replays.store import load_match
from tests.stress.common import bot_seats, games, players_for, random_bots, stop_on_term

MAX_ENTRIES = 20_000
"""A match longer than this is reported as not ending."""


# -- conservation ---------------------------------------------------------------------------
def _en_garde(state: Any, start: Any) -> str | None:
    cards = Counter(state.hands[0] + state.hands[1] + state.discard)
    if sum(cards.values()) > 25 or any(n > 5 or not 1 <= v <= 5 for v, n in cards.items()):
        return f"en-garde cards out of the deck: {sorted(cards.items())}"
    return None


def _attacke(state: Any, start: Any) -> str | None:
    from core.games.attacke.deck import CHIP_COUNT, DECK

    cards: Counter[str] = Counter(state.discard)
    for pile in (*state.hands, *state.laid, *state.hidden):
        cards.update(pile)
    extra = {c: n for c, n in cards.items() if n > DECK.get(c, 0)}
    if extra:
        return f"attacke cards beyond the deck: {extra}"
    chips = Counter(chip for held in state.chips for chip in held)
    if sum(chips.values()) > CHIP_COUNT or any(n > CHIP_COUNT // 5 for n in chips.values()):
        return f"attacke chips beyond the 25: {dict(chips)}"
    return None


def _stones(counts: Callable[[Any], Counter[Any]]) -> Callable[[Any, Any], str | None]:
    def check(state: Any, start: Any) -> str | None:
        now, before = counts(state), counts(start)
        if any(now[k] > before[k] for k in now):
            return f"stones created: {dict(now)} from {dict(before)}"
        return None

    return check


def _crossing_stones(state: Any) -> Counter[str]:
    return Counter(c.upper() for c in state.cells if c != ".")


def _fields_stones(state: Any) -> Counter[Any]:
    return Counter((s.side, s.number) for s in state.board if s is not None)


def _englishman_cards(state: Any) -> Counter[Any]:
    held = Counter([*state.current, *state.discards])
    for group in (*state.castles, *state.completed):
        held.update(group)
    return held


_ENGLISHMAN_DECK: Counter[Any] = Counter()


def _englishman(state: Any, start: Any) -> str | None:
    if not _ENGLISHMAN_DECK:
        from core.games.englishman import Englishman

        rules = Englishman()
        dealt = rules.apply(start, rules.legal_actions(start)[0])
        _ENGLISHMAN_DECK.update(_englishman_cards(dealt))
    counts = _englishman_cards(state)
    extra = {c: n for c, n in counts.items() if n > _ENGLISHMAN_DECK[c]}
    return f"englishman cards beyond the deal: {extra}" if extra else None


CONSERVATION: dict[str, Callable[[Any, Any], str | None]] = {
    "en-garde": _en_garde,
    "attacke": _attacke,
    "crossing": _stones(_crossing_stones),
    "fields-of-action": _stones(_fields_stones),
    "englishman": _englishman,
}
"""Per-game checks on what the state holds; a game not listed gets the generic checks only."""


# -- the run --------------------------------------------------------------------------------
@dataclass
class GameFigures:
    matches: int = 0
    actions: int = 0
    logged: int = 0
    seconds: float = 0.0
    outcomes: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)


_DREAMERS: dict[str, bool] = {}


def check_views(
    rules: Rules[Any, Any, Any], state: Any, players: int, rng: random.Random
) -> str | None:
    dreams = _DREAMERS.get(rules.id)
    if dreams is None:
        dreams = _DREAMERS[rules.id] = isinstance(rules, Determinizable)
    for seat in (*range(players), SPECTATOR):
        view = rules.view(state, seat)
        hash(view)
        if rules.view(state, seat) != view:
            return f"seat {seat}'s view differs between two calls"
        if seat != SPECTATOR and dreams:
            dreamt = rules.determinize(view, rng)  # type: ignore[attr-defined]
            if rules.view(dreamt, seat) != view:
                return f"seat {seat}'s view differs from the view of its determinized state"
    return None


def play_one(
    rules: Rules[Any, Any, Any],
    seed: int,
    folder: Path | None,
    figures: GameFigures,
    *,
    views_every: int = 1,
) -> None:
    """One random match, every action checked; written and read back when `folder` is set."""
    rng = random.Random(seed)
    players = players_for(rules, rng)
    seats = bot_seats(players)
    header = Header(rules.id, {}, seats, f"random-{seed:08x}")
    writer = LogWriter.create(folder / f"{rules.id}-{seed}.parlour", header) if folder else None
    match = Match(rules, header, sink=writer.append if writer else None)
    bots = random_bots(players, seed)
    conserve = CONSERVATION.get(rules.id)
    start = match.state
    states = [start]
    label = f"{rules.id} seed {seed}"

    def fail(what: str) -> None:
        figures.failures.append(f"{label}, entry {len(match)}: {what}")

    try:
        while (seat := match.to_move()) is not None:
            if len(match) >= MAX_ENTRIES:
                fail(f"no outcome after {MAX_ENTRIES} entries")
                return
            state = match.state
            if seat == CHANCE:
                action = rules.sample_chance(state, rng)
                outcomes = rules.legal_actions(state)
                # A game may list one representative outcome where there are too many to list
                # (The Englishman's deal); `submit` below still checks the sampled one.
                if len(outcomes) > 1 and action not in outcomes:
                    fail(f"chance outcome {action!r} is not among the legal outcomes")
                    return
            else:
                from core.ai import decide

                action = decide(bots[seat], rules, state, seat)
            if rules.from_wire(action.to_wire()) != action:
                fail(f"{action!r} does not read back from its wire form")
                return
            match.submit(action)  # raises IllegalAction if the action is not legal
            figures.actions += 1
            if conserve is not None and (why := conserve(match.state, start)) is not None:
                fail(why)
                return
            if len(match) % views_every == 0:
                why = check_views(rules, match.state, players, rng)
                if why is not None:
                    fail(why)
                    return
            if writer is not None:
                states.append(match.state)
        outcome = match.outcome()
        assert outcome is not None
        figures.outcomes["draw" if outcome.is_draw else "win"] += 1
        why = check_views(rules, match.state, players, rng)
        if why is not None:
            fail(why)
    except Exception as err:
        fail(f"{type(err).__name__}: {err}")
        return
    finally:
        if writer is not None:
            writer.close()
    figures.matches += 1
    if writer is not None:
        path = writer.path
        read, damage = load_match(path, rules=rules)
        if damage is not None or len(read) != len(match):
            fail(f"the log reads back as {len(read)} entries (damage {damage}), not {len(match)}")
            return
        again = Match(rules, read.header, read.entries, snapshot_every=1)  # every state kept
        if read.state != match.state or any(
            again.state_at(n) != states[n] for n in range(len(states))
        ):
            fail("a state of the log read back differs from the live one")
        else:
            figures.logged += 1
        path.unlink()


def run(
    matches: int,
    seed: int,
    only: str | None = None,
    log_every: int = 1,
    views_every: int = 1,
    out: Any = sys.stdout,
) -> dict[str, GameFigures]:
    figures: dict[str, GameFigures] = {}
    base = Path("/dev/shm") if Path("/dev/shm").is_dir() else None
    began = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="parlour-random-", dir=base) as folder:
            for rules in games():
                if only and rules.id != only:
                    continue
                game = figures[rules.id] = GameFigures()
                started = time.perf_counter()
                try:
                    for n in range(matches):
                        logged = Path(folder) if log_every and n % log_every == 0 else None
                        play_one(rules, seed * 1_000_003 + n, logged, game, views_every=views_every)
                        if n % 50 == 49:
                            print(
                                f"\r{rules.id}: {n + 1}/{matches}",
                                end="",
                                file=sys.stderr,
                                flush=True,
                            )
                finally:
                    game.seconds = time.perf_counter() - started
                print(
                    f"\r{rules.id}: {game.matches} matches in {game.seconds:.1f} s" + " " * 10,
                    file=sys.stderr,
                )
    except KeyboardInterrupt:
        print("\ninterrupted: figures so far", file=sys.stderr)
    print(
        f"{'game':<18}{'matches':>9}{'actions':>11}{'logged':>9}{'failures':>10}"
        f"{'seconds':>9}{'matches/s':>11}",
        file=out,
    )
    for game_id, game in figures.items():
        rate = game.matches / game.seconds if game.seconds else 0.0
        print(
            f"{game_id:<18}{game.matches:>9}{game.actions:>11}{game.logged:>9}"
            f"{len(game.failures):>10}{game.seconds:>9.1f}{rate:>11.1f}",
            file=out,
        )
        for failure in game.failures[:10]:
            print(f"  - {failure}", file=out)
    print(f"total {time.perf_counter() - began:.1f} s", file=out)
    return figures


def main() -> int:
    stop_on_term()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", help="only this game id")
    parser.add_argument(
        "--log-every", type=int, default=1, help="write and read back every Nth match (0: none)"
    )
    parser.add_argument(
        "--views-every", type=int, default=1, help="check the views after every Nth entry"
    )
    args = parser.parse_args()
    os.environ.setdefault("PARLOUR_HOME", tempfile.mkdtemp(prefix="parlour-home-"))
    figures = run(args.matches, args.seed, args.game, args.log_every, args.views_every)
    return 1 if any(g.failures for g in figures.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
