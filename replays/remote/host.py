"""One hosted match: the authority that owns the match file and tells each seat what it may see.

The host holds the `OpenMatch` (file, lock, rules), draws chance, runs the bots it seats, and
takes decisions from its guests: each is checked by the same `apply` as hot-seat and written
before anyone hears of it. What leaves for a guest is computed per guest — `view(state, seat)`
and the chronicle worded for that seat — so no state, other hand or future card is ever in a
frame (`SPECTATOR` guests get the public view). Guests are reached through a `deliver`
callback (a socket's queue, or the host's own screen in this process); nothing here knows
about sockets.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from core.ai import UnknownBot, budget_for, decide, make_bot
from core.match import ActionEntry, Entry, MetaEntry
from core.play import Chance, Decide, next_step
from core.rules import CHANCE, SPECTATOR, IllegalAction
from core.text import CHAT_LIMIT, clean_text
from replays.chronicle import Chronicle
from replays.errors import LogError
from replays.export import to_json
from replays.remote.bucket import Bucket
from replays.remote.codec import Codec
from replays.remote.keys import Keys
from replays.remote.rematch import REMATCH_WAIT, RematchTalk, offer_bucket
from replays.remote.wire import (
    HOST_FRAME_LIMIT,
    Act,
    Answer,
    Chat,
    GuestFrame,
    Rematch,
    Resign,
    TakeBack,
    encode,
)
from replays.store import OpenMatch

Role = Literal["host", "remote", "bot"]
"""Who answers a seat: the person at the host's own terminal, a guest, or a bot the host runs."""

LOG = logging.getLogger("parlour.host")

CHAT_RATE = 0.5
"""Chat lines a second one guest may say, on average (every line is kept in the match file)."""
CHAT_BURST = 5
DROP_TOLD_AFTER = 5.0
"""Seconds a player's lost connection stays unsaid: one back by then was never gone to the
others (a network's blink, a laptop's lid)."""
NEWS_RATE = 0.1
"""Comings and goings told of one seat a second, on average, past `NEWS_BURST` at once: a
guest that joins and leaves in a loop cannot flood the others' screens."""
NEWS_BURST = 4


def chat_bucket() -> Bucket:
    return Bucket(CHAT_RATE, CHAT_BURST)


Deliver = Callable[[bytes], bool]
"""Hands one frame to a guest's connection; False when the guest cannot keep up (it is then
dropped, and catches up whole when it reconnects)."""


@dataclass(eq=False)
class Guest:
    """One connection to the match: the seat its invitation holds and what it has been told."""

    seat: int
    """A seat of the match, or SPECTATOR."""
    deliver: Deliver
    told: int = 0
    """Entries already told as lines."""
    rewrites: int = 0
    """Takebacks already told (a takeback rewrites earlier lines: the guest is told anew)."""
    offers: Bucket = field(default_factory=offer_bucket)
    """Rematch offers: asking again and again is refused, not shown to everyone."""
    recorded: bool = False
    """The finished match's record has been sent (once it is over, nothing in it is secret)."""
    alive: bool = True
    taken_over: Callable[[], None] = lambda: None
    """Closes this guest's connection (with `TAKEN_OVER`) once a newer one holds its seat."""


@dataclass
class _Seat:
    role: Role
    joined: bool = False
    left: bool = False
    """Its last guest closed the connection on purpose (the player left the match), rather
    than losing it (then it reconnects by itself)."""
    guests: list[Guest] = field(default_factory=list)
    chat: Bucket = field(default_factory=chat_bucket)
    """Chat lines are kept in the match file: a few at once, then one every few seconds, by
    seat (a connection of its own each line would otherwise start afresh)."""
    shown: Literal["", "here", "gone"] = ""
    """What the others were last told of its player: nothing yet, there, or gone."""
    news: Bucket = field(default_factory=lambda: Bucket(NEWS_RATE, NEWS_BURST))
    """The pace of the others' being told its comings and goings."""
    dropped: asyncio.TimerHandle | None = None
    """The word that its player lost the connection, waiting `DROP_TOLD_AFTER`."""
    untold: tuple[bool, str] | None = None
    """The latest coming or going the pace held back (`_news`'s arguments), told later."""
    later: asyncio.TimerHandle | None = None
    """The telling of `untold`, once the pace allows."""


class MatchServer:
    """Serves one open match to its guests and drives everything that is not theirs to decide."""

    def __init__(
        self,
        opened: OpenMatch,
        roles: Sequence[Role],
        keys: Keys,
        *,
        rng: random.Random | None = None,
        bot_pause: float = 0.0,
    ) -> None:
        """`rng` draws chance (a system generator by default, so no guest can predict a card
        from a seed); `bot_pause` is how long a bot's move waits, so a person can follow."""
        self.opened = opened
        self.match = opened.match
        self.rules = self.match.rules
        self.keys = keys
        self.codec = Codec.for_game(self.rules)
        self._seats = [_Seat(role) for role in roles]
        self._watchers: list[Guest] = []
        self._watch_chat = chat_bucket()
        """The spectators' chat pace: they share one invitation, so one pace."""
        self.rng = rng if rng is not None else random.SystemRandom()
        self.bot_pause = bot_pause
        self._chronicle = Chronicle(self.match)
        self._rewrites = 0
        self._asking: tuple[int, int] | None = None
        """(the seat asking to take back, the seat that must agree)."""
        self._wake = asyncio.Event()
        opened.writer.defer()
        self._flushing: asyncio.Task[None] | None = None
        """The fsync in flight (in a thread): guests are told once it is done."""
        self._deal_held = False
        """A deal that opens the next round waits until the round's end is saved and told."""
        self._told_at = -1
        """The match's length when every guest was last told it."""
        self._bot: asyncio.Task[None] | None = None
        self._stop_bot = threading.Event()
        self.finished = asyncio.Event()
        """Set once the match is over and every guest has been told."""
        self.closed = False
        self.opens_rematch: Callable[[], MatchServer] | None = None
        """Opens the rematch once everyone agrees (the hosting's; None: no rematch here)."""
        self.rematch = RematchTalk(self.names, [role == "bot" for role in roles], REMATCH_WAIT)
        self._lapse: asyncio.TimerHandle | None = None
        self.successor: MatchServer | None = None
        """The rematch, once it is open: every guest is told its id and moves over."""
        self.moved = asyncio.Event()
        """Set once the rematch is open."""
        self.order: tuple[int, ...] = tuple(range(len(roles)))
        """Who sits where: seat i is held by the finished match's seat `order[i]` (a rematch)."""

    @property
    def match_id(self) -> str:
        return self.match.header.match_id

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.match.header.seats)

    # -- guests --------------------------------------------------------------------------------
    def admit(self, secret: str) -> int | None:
        """The seat (or SPECTATOR) an invitation's secret holds here; None for any other."""
        return self.keys.holder(secret)

    def join(
        self, seat: int, deliver: Deliver, taken_over: Callable[[], None] = lambda: None
    ) -> Guest:
        """A guest takes its place; it is told the match at once. One connection plays a
        seat: a newer one with the same invitation (its player back before the lost connection
        timed out, or on another terminal) takes the seat, and the older is closed
        (`taken_over`). A spectator's invitation may watch from any number of terminals."""
        guest = Guest(seat, deliver, rewrites=-1, taken_over=taken_over)  # told every line
        if seat == SPECTATOR:
            self._watchers.append(guest)
        else:
            place = self._seats[seat]
            for older in place.guests:
                LOG.warning("%s: seat %d opened on another connection", self.match_id, seat)
                older.alive = False
                older.taken_over()
            if place.dropped is not None:  # back before the others heard it was gone
                place.dropped.cancel()
                place.dropped = None
            place.guests = [guest]
            place.joined, place.left = True, False
            self.rematch.back(seat)
        deliver(self._welcome(guest))
        try:
            self.opened.writer.sync()  # a joining guest is told the match at once (rare: here)
        except LogError as err:
            LOG.error("%s: could not save: %s", self.match_id, err)
        self._publish()
        if seat != SPECTATOR:
            self._news(seat, True)
        return guest

    def leave(self, guest: Guest, *, on_purpose: bool = True) -> None:
        """`guest` is gone: its player left (`on_purpose`), or the connection was lost and it
        will be back by itself."""
        guest.alive = False
        seat = guest.seat
        if seat == SPECTATOR:
            self._watchers = [g for g in self._watchers if g is not guest]
        else:
            place = self._seats[seat]
            if guest not in place.guests:  # replaced by a newer connection: its end is no news
                return
            place.guests = [g for g in place.guests if g is not guest]
            place.left = on_purpose and not place.guests
        if self.closed:
            return
        if seat != SPECTATOR and not self._seats[seat].guests:
            self.rematch.left(seat)
            place = self._seats[seat]
            left = f"{self.names[seat]} left the match; their invitation brings them back."
            lost = f"{self.names[seat]} lost the connection; waiting for them to come back…"
            if on_purpose:
                self._news(seat, False, left)
            elif place.dropped is None:
                loop = asyncio.get_running_loop()
                place.dropped = loop.call_later(DROP_TOLD_AFTER, self._news, seat, False, lost)
        self._publish()

    def handle(self, guest: Guest, frame: GuestFrame) -> None:
        """One checked frame from `guest` (never `Hello`: that is the server's); what it
        writes, and the deal that follows, is fsynced together, before anyone is told."""
        if self.closed or not guest.alive:
            return
        if isinstance(frame, Chat):
            self._chat(guest, frame.text)
            return
        if guest.seat == SPECTATOR:
            self._refuse(guest, "A spectator watches: only the players can act.")
            return
        if isinstance(frame, Act):
            self._act(guest, frame)
        elif isinstance(frame, Resign):
            self._resign(guest, frame.at)
        elif isinstance(frame, TakeBack):
            self._take_back(guest.seat)
        elif isinstance(frame, Answer):
            self._answer(guest.seat, frame.yes)
        elif isinstance(frame, Rematch):
            self._ask_rematch(guest, frame.yes)

    # -- what a guest asks ---------------------------------------------------------------------
    def _act(self, guest: Guest, frame: Act) -> None:
        match, seat = self.match, guest.seat
        played = self._played_since(frame.at)
        if played is not None or frame.at > len(match):
            retry = (
                isinstance(played, ActionEntry)
                and played.seat == seat
                and played.action == frame.action
            )
            if retry:
                self._tell(guest)  # a retry of a move that arrived: acknowledged, not replayed
            else:
                self._refuse(guest, "The match moved on before your move arrived: look again.")
            return
        if match.to_move() != seat:
            self._refuse(guest, "It is not your turn.")
            return
        try:
            action = self.rules.from_wire(frame.action)
        except Exception:  # a peer's bytes: whatever `from_wire` trips on, it is not an action
            self._refuse(guest, "That is not a move of this game.")
            return
        if self._write(guest, lambda: self.opened.submit(action)):
            self._moved()

    def _played_since(self, at: int) -> Entry | None:
        """The first entry from `at` on that changed the play (a move, a resignation, a
        takeback), or None: chat and the match's own records since leave a decision chosen at
        `at` as good as it was, so a spectator's chatter cannot void a player's move."""
        for entry in self.match.entries[at:]:
            if isinstance(entry, ActionEntry) or (
                isinstance(entry, MetaEntry) and entry.what in ("resign", "takeback")
            ):
                return entry
        return None

    def _resign(self, guest: Guest, at: int) -> None:
        if self.match.is_over:
            return
        if self._write(guest, lambda: self.opened.resign(guest.seat)):
            LOG.info("%s: seat %d resigned at %d", self.match_id, guest.seat, at)
            self._moved()

    def _take_back(self, seat: int) -> None:
        try:
            back_to = self.match.takeback_to(seat)
        except IllegalAction as err:
            self._notice(seat, f"Your last move cannot be taken back: {err}.")
            return
        asked = self._must_agree(seat, back_to)
        if asked is None:
            self._carry_out(seat)
            return
        self._asking = (seat, asked)
        name = self.names[asked]
        if self._seats[asked].guests or self._seats[asked].role == "host":
            self._notice(seat, f"Asked {name} to agree to the takeback.")
        else:  # the question waits in their update for when they come back
            self._notice(seat, f"{name} is away: they will be asked once they are back.")
        self._publish()

    def _must_agree(self, seat: int, back_to: int) -> int | None:
        """Who must agree to `seat`'s takeback back to entry `back_to`: the last person whose
        move it undoes with it (asked on your own turn, it undoes the reply you are facing),
        else the person to move; None when only bots would lose a move or wait."""
        dead = self.match.taken_back()
        entries = self.match.entries
        for index in range(len(entries) - 1, back_to, -1):
            entry = entries[index]
            if not isinstance(entry, ActionEntry) or index in dead:
                continue
            if self._person(entry.seat, seat):
                return entry.seat
        to_move = self.match.to_move()
        return to_move if to_move is not None and self._person(to_move, seat) else None

    def _person(self, other: int, seat: int) -> bool:
        """`other` is a person's seat other than `seat` (not chance, not a bot)."""
        return other not in (CHANCE, seat) and self._seats[other].role != "bot"

    def _answer(self, seat: int, yes: bool) -> None:
        if self._asking is None or self._asking[1] != seat:
            return
        asker = self._asking[0]
        self._asking = None
        if yes:
            if self._carry_out(asker):
                self._notice(asker, f"{self.names[seat]} agreed: the move is taken back.")
        else:
            self._notice(asker, f"{self.names[seat]} said no: the move stands.")
            self._publish()

    def _carry_out(self, seat: int) -> bool:
        """Take `seat`'s move back; False (and the asker told why) when it cannot be."""
        self._stop_bot.set()
        try:
            self.opened.take_back(seat)
        except (IllegalAction, LogError, OSError) as err:
            self._notice(seat, f"The move could not be taken back: {err}.")
            return False
        self._rewrites += 1
        self._moved()
        return True

    def _chat(self, guest: Guest, text: str) -> None:
        said = clean_text(text, CHAT_LIMIT)
        if not said:
            return
        bucket = self._watch_chat if guest.seat == SPECTATOR else self._seats[guest.seat].chat
        if not bucket.take():
            self._refuse(guest, "That line was not sent: one line every few seconds, please.")
            return
        name = "" if guest.seat != SPECTATOR else "Spectator"
        try:
            self.opened.chat(guest.seat, said, name=name or None)
        except (IllegalAction, LogError, OSError) as err:
            self._refuse(guest, f"The chat line was not kept: {err}.")
            return
        self._publish()

    def _ask_rematch(self, guest: Guest, yes: bool) -> None:
        """A player asks for a rematch, agrees to one, or says no (`yes` False)."""
        if self.opens_rematch is None or self.successor is not None:
            self._refuse(guest, "No rematch can be started from this match.")
            return
        if not self.match.is_over:
            self._refuse(guest, "The match is not over: a rematch comes after it.")
            return
        talk = self.rematch
        if not yes:
            if talk.decline(guest.seat):
                self._publish()
            return
        if not talk.open and not guest.offers.take():
            self._refuse(guest, "Not asked again so soon: one rematch offer every few seconds.")
            return
        opening = not talk.open
        if talk.ask(guest.seat, lambda seat: bool(self._seats[seat].guests)):
            self._open_rematch()
        elif opening and talk.open:
            self._lapse = asyncio.get_running_loop().call_later(talk.wait, self._lapsed)
        self._publish()

    def _lapsed(self) -> None:
        if not self.closed and self.rematch.lapse():
            self._publish()

    def _open_rematch(self) -> None:
        """Everyone agreed: the hosting opens the new match; every guest is told its id."""
        assert self.opens_rematch is not None
        if self._lapse is not None:
            self._lapse.cancel()
        try:
            self.successor = self.opens_rematch()
        except (LogError, OSError, ValueError) as err:
            LOG.error("%s: could not open the rematch: %s", self.match_id, err)
            self.rematch.end(f"No rematch: the host could not start it ({err}).")
            return
        self.rematch.end("")
        LOG.info("%s: rematch %s", self.match_id, self.successor.match_id)
        self.moved.set()

    def _write(self, guest: Guest, write: Callable[[], object]) -> bool:
        """Run one write to the match file; tell the guest why when it is refused."""
        try:
            write()
        except IllegalAction as err:
            self._refuse(guest, f"{err}")
            return False
        except (LogError, OSError) as err:
            LOG.error("%s: could not save: %s", self.match_id, err)
            self._refuse(guest, "The host could not save that; try again in a moment.")
            return False
        return True

    def _moved(self) -> None:
        """The match changed: any question about an earlier position lapses; drive on."""
        self._asking = None
        self._advance()

    # -- driving ---------------------------------------------------------------------------------
    async def run(self) -> None:
        """Deal and start the bots; from then on every change drives the match on at once
        (`_moved`). Returns when the host closes."""
        self._advance()
        await self._wake.wait()

    def _advance(self) -> None:
        self._deal()
        self._publish()
        if self.match.is_over:
            self.finished.set()

    def _deal(self) -> None:
        """Draw chance until someone decides; start the bot whose turn it is."""
        rules = self.rules
        while not self.closed:
            step = next_step(self.match)
            if isinstance(step, Chance):
                state = self.match.state
                drawn = rules.sample_chance(state, self.rng)
                if rules.round_of(rules.apply(state, drawn)) != rules.round_of(state):
                    # A deal that opens the next round: everyone is first told the table as
                    # the round ended, so each guest's round-end panel shows it.
                    if self.opened.writer.unsynced:
                        self._deal_held = True  # dealt once that is saved and told (`_flush`)
                        return
                    if self._told_at != len(self.match):  # `_flush` may have told it already
                        self._publish()
                try:
                    self.opened.submit(drawn)
                except (LogError, OSError) as err:  # the disk: nothing more can be kept
                    LOG.error("%s: could not save a deal, the match waits: %s", self.match_id, err)
                    break
                continue
            thinking = self._bot is not None and not self._bot.done()
            if isinstance(step, Decide) and self._seats[step.seat].role == "bot" and not thinking:
                self._bot = asyncio.create_task(self._think(step.seat))
            break

    async def _think(self, seat: int) -> None:
        """A bot's decision, found in a thread from its seat's view; dropped if the match has
        moved meanwhile (a takeback)."""
        position, state = len(self.match), self.match.state
        self._stop_bot = stop = threading.Event()
        spec = self.match.header.seats[seat].bot or "random"
        seed = self.rng.randrange(2**32)
        try:
            bot = make_bot(spec, seed)
            budget = budget_for(spec, clock=time.monotonic, stop=stop.is_set)
        except UnknownBot:
            bot, budget = make_bot("random", seed), budget_for("random")
        started = time.monotonic()
        try:
            action = await asyncio.to_thread(decide, bot, self.rules, state, seat, budget)
        except Exception as err:  # a bot's bug must not take the hosted match down
            LOG.error("%s: the bot at seat %d failed: %s", self.match_id, seat, err)
            return
        await asyncio.sleep(max(0.0, self.bot_pause - (time.monotonic() - started)))
        if stop.is_set() or self.closed or len(self.match) != position:
            return
        self._bot = None  # done thinking: the next bot's turn may start one
        try:
            self.opened.submit(action)
        except (IllegalAction, LogError, OSError) as err:
            LOG.error("%s: the bot's move was not kept: %s", self.match_id, err)
            return
        self._moved()

    def close(self) -> None:
        """Stop driving and let the file go; guests are dropped by their server."""
        if not self.closed:
            self.closed = True
            if self._lapse is not None:
                self._lapse.cancel()
            for place in self._seats:
                for timer in (place.dropped, place.later):
                    if timer is not None:
                        timer.cancel()
            self._stop_bot.set()
            self._wake.set()
            self.opened.close()

    # -- what guests are told --------------------------------------------------------------------
    def _welcome(self, guest: Guest) -> bytes:
        header = self.match.header
        return encode(
            "welcome",
            game=self.rules.id,
            match=header.match_id,
            options=dict(header.options),
            seats=[{"name": s.name, "kind": s.kind} for s in header.seats],
            seat=guest.seat,
        )

    def _publish(self) -> None:
        """Tell every guest what changed, each in its own seat's words — once what changed is
        on disk: until then the match's fsync runs in a thread (`_flush`), and other matches
        go on meanwhile."""
        if self.opened.writer.unsynced:
            if self._flushing is None and not self.closed:
                self._flushing = asyncio.create_task(self._flush())
            return
        self._told_at = len(self.match)
        for place in self._seats:
            for guest in place.guests:
                self._tell(guest)
        for guest in self._watchers:
            self._tell(guest)

    async def _flush(self) -> None:
        """Fsync what was written, off the loop, until nothing more came meanwhile; then tell
        everyone, and deal what was held for it."""
        writer = self.opened.writer
        try:
            while (descriptor := writer.sync_begin()) is not None:
                await asyncio.to_thread(os.fsync, descriptor)
        except OSError as err:
            writer.sync_failed(err)
            LOG.error("%s: could not save; the match waits: %s", self.match_id, err)
            return
        finally:
            self._flushing = None
        if self.closed:
            return
        self._publish()
        if self._deal_held:
            self._deal_held = False
            self._advance()

    def _tell(self, guest: Guest) -> None:
        if self.opened.writer.unsynced:  # nothing is told that a crash could take back
            self._publish()
            return
        match = self.match
        if match.is_over and not guest.recorded:
            guest.recorded = True
            record = encode("record", json=to_json(match))
            if len(record) <= HOST_FRAME_LIMIT:  # else the guest goes without a copy
                guest.deliver(record)
        reset = guest.rewrites != self._rewrites
        start = 0 if reset else guest.told
        lines = self._chronicle.lines(guest.seat, start)
        outcome = match.outcome()
        asked = self._asking[0] if self._asking and self._asking[1] == guest.seat else None
        frame = encode(
            "update",
            position=len(match),
            to_move=match.to_move(),
            chapter=self.rules.round_of(match.state),
            view=self.codec.pack(self.rules.view(match.state, guest.seat)),
            lines=[self.codec.pack(line) for line in lines],
            reset=reset,
            outcome=None
            if outcome is None
            else {
                "winners": list(outcome.winners),
                "scores": list(outcome.scores),
                "reason": outcome.reason,
            },
            presence=[self._presence(seat) for seat in range(len(self._seats))],
            asked=asked,
            rematch=self.rematch.wire()
            if match.is_over and self.opens_rematch is not None
            else None,
            next=self.successor.match_id if self.successor is not None else None,
        )
        guest.told, guest.rewrites = len(match), self._rewrites
        if not guest.deliver(frame):
            guest.alive = False

    def _news(self, seat: int, here: bool, gone: str = "") -> None:
        """Tell everyone but `seat` that its (remote) player is `here` (joined, or back), or
        gone (`gone` says how), when that is news to them, while the match is played: at its
        end the rematch talk says who left. At the seat's `news` pace: what the pace holds
        back is told when it allows, the latest only."""
        place = self._seats[seat]
        place.dropped = None
        want: Literal["here", "gone"] = "here" if here else "gone"
        if place.role != "remote" or place.shown == want or self.match.is_over or self.closed:
            place.untold = None
            return
        if not place.news.take():
            place.untold = (here, gone)
            if place.later is None:
                delay = 1 / NEWS_RATE
                place.later = asyncio.get_running_loop().call_later(delay, self._untold, seat)
            return
        name = self.names[seat]
        text = (f"{name} is back." if place.shown else f"{name} joined.") if here else gone
        place.shown, place.untold = want, None
        for other in range(len(self._seats)):
            if other != seat:
                self._notice(other, text)
        for watcher in self._watchers:
            watcher.deliver(encode("notice", text=text))

    def _untold(self, seat: int) -> None:
        place = self._seats[seat]
        place.later, held = None, place.untold
        if held is not None:
            self._news(seat, *held)

    def _notice(self, seat: int, text: str) -> None:
        for guest in self._seats[seat].guests:
            guest.deliver(encode("notice", text=text))

    def _refuse(self, guest: Guest, reason: str) -> None:
        guest.deliver(encode("refused", text=reason))
        self._tell(guest)

    def _presence(self, seat: int) -> str:
        place = self._seats[seat]
        if place.role == "bot":
            return ""
        if place.role == "host" or place.guests:  # as every other seat sees it
            return "on another machine"
        if not place.joined:
            return "not joined yet"
        return "away" if place.left else "lost the connection, reconnecting…"

    @property
    def guests(self) -> int:
        """Connections to the match now (the host's own screen counts as one)."""
        return sum(len(place.guests) for place in self._seats) + len(self._watchers)

    def roles(self) -> tuple[Role, ...]:
        return tuple(place.role for place in self._seats)
