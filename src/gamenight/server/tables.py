"""The server's table loop: one `Table` per game being played, and the `Hall` of them.

A table drives its game the way `gamenight.play` does, with people at some seats:

- a person's action is applied, written to the store (one transaction) and only then
  sent to anybody; an illegal one changes nothing;
- bots act at once (after `bot_delay_ms` while somebody watches), the seat asked among
  several drawn as `play.table.next_actor` draws it; the bots of every table take turns
  (`BotTurns`), one move per turn of the event loop, so a person's message never waits
  behind the moves of every table's bots;
- each person who must act has a deadline (`turn_seconds`, or `window_seconds` when
  the seat may pass): when it runs out, the game's `timeout_action` is applied and stored
  like any action (a missed deadline is a pass; a disconnection is not). After
  `max_missed` missed deadlines in a row, a bot stands in for the seat until its owner
  is back;
- a real-time game (`State.real_time`) is played by a `play.live.LiveTable` on the
  server's clock: between steps the table waits until every person is ready (or the turn
  deadline), then shows the step to every seat at the same instant; a person's timed
  action is stamped with the time the server received it.

A restart rebuilds every unfinished table by replaying its stored actions: the counts
of missed deadlines are rebuilt from why each action was made.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol

from sqlalchemy.exc import SQLAlchemyError

import gamenight
from gamenight import agents
from gamenight.agents import ismcts
from gamenight.kernel import PASS, Action, Agent, IllegalAction, Rng, State, spec
from gamenight.kernel.errors import N_, GamenightError
from gamenight.play.live import LiveTable
from gamenight.play.table import ask, driver_seed, next_actor

from . import updates
from .protocol import CreateTable, SeatInfo, Status, TableInfo, Update, encode
from .store import FINISHED, OPEN, RUNNING, ActionRow, SeatRow, Store, TableRow

log = logging.getLogger("gamenight.server")

# Why an action was made (stored with it).
PLAYER, BOT, STANDIN, TIMEOUT, AUTO = "player", "bot", "standin", "timeout", "auto"


class TableError(GamenightError):
    """A request the table refuses; its message is for the person who made it (a template
    with fields, told in their language)."""

    @classmethod
    def refusing(cls, error: GamenightError) -> TableError:
        """The table's refusal of what the rules refused (`error`'s template and fields)."""
        return cls(error.template, **error.fields)


class Listener(Protocol):
    """A browser connected to a table: a seat's, or a spectator's (`seat` None)."""

    seat: int | None
    lang: str
    cursor: updates.Cursor

    def send(self, message: str) -> None:
        """Queue a message, JSON text (never blocks)."""


def token_hash(token: str) -> str:
    """What the store keeps of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class Seat:
    """A seat at a table: its stored row, and what the table knows while it runs."""

    row: SeatRow
    agent: Agent | None = None  # the bot, or the person's stand-in
    missed: int = 0  # deadlines missed in a row
    standin: bool = False  # a bot plays until the owner is back
    acted_in_step: bool = False  # real time: the person acted in this step

    @property
    def human(self) -> bool:
        return self.row.kind == "human"

    @property
    def played_by_bot(self) -> bool:
        return not self.human or self.standin or not self.row.claimed


@dataclass
class Live:
    """A real-time table: its live table, its game's web package (what is held back
    between steps), who is ready for the next step and until when the table waits."""

    table: LiveTable
    web: ModuleType | None
    ready: set[int] = field(default_factory=set)
    ready_by: float | None = None  # loop time when the step begins anyway
    # the moves people's keys made, until stored: a key held while its seat's move waits
    # makes its move later, in another call (`LiveTable.act`)
    pressed: list[Action] = field(default_factory=list)


class BotTurns:
    """The queue in which the bots of every table take turns: one move at a time, first
    come first served. Each move begins in a turn of the event loop of its own, after the
    loop has read its sockets, so people's messages are served between any two bots'
    moves however many tables have bots to move."""

    def __init__(self) -> None:
        self._lock = asyncio.Lock()  # fair: its waiters are woken in order

    async def __aenter__(self) -> None:
        await self._lock.acquire()

    async def __aexit__(self, *_exc: object) -> None:
        self._lock.release()


BOT_BATCH = 16
"""The most bots' moves made in one turn of `BotTurns` (stored and shown together)."""


@dataclass(frozen=True)
class _BotDue:
    """`Table._advance`'s answer when a bot is to move now (it waits for its turn);
    `search`: the seat of a search bot that must first think its move, aside."""

    search: int | None = None


BOT_DUE = _BotDue()


@dataclass(frozen=True)
class _Searched:
    """A search bot's move, thought on a copy of the game after its first `moves` actions."""

    seat: int
    moves: int
    action: Action


def _searches(agent: Agent | None) -> bool:
    """Whether an agent searches the game (slow: it thinks in a thread, not on the loop)."""
    return bool(getattr(agent, "needs_state", False))


class Table:
    """One game at a server (see the module docstring)."""

    def __init__(
        self, row: TableRow, seat_rows: Sequence[SeatRow], store: Store, bot_turns: BotTurns
    ) -> None:
        self.row = row
        self.bot_turns = bot_turns
        self.status: Status = row.status
        self.store = store
        self.spec = spec(row.game)
        self.spec.part("renderer")  # its words are imported now, not as a step is shown
        self.state: State = gamenight.make(row.game, row.players, row.seed, **row.options)
        self.seats = [Seat(seat_row) for seat_row in seat_rows]
        for seat in self.seats:
            seat.agent = agents.make(seat.row.bot, row.game, row.seed + 1 + seat.row.seat)
        self.listeners: set[Listener] = set()
        self.lock = asyncio.Lock()
        self.deadlines: dict[int, float] = {}  # seat -> loop time its deadline runs out
        self.last_change = 0.0  # loop time of the last action
        self._timer: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.live: Live | None = None
        if self.state.real_time and not self.state.is_over():
            wait = getattr(self.spec.part("web"), "WAIT", None)
            if wait is None:
                raise TableError(
                    N_("{game} has no browser table for real-time play"), game=row.game
                )
            expire = self.state.timeout_action(self.state.actors()[0])
            live = LiveTable(
                self.state, [None] * row.players, expire, self.state.codec.from_json(wait)
            )
            self.live = Live(live, self.spec.part("web"))

    # ----- the record ---------------------------------------------------------------------

    def replay(self, entries: Iterable[ActionRow]) -> None:
        """Play the stored actions again (a restart), counting missed deadlines."""
        state = self.state
        for entry in entries:
            step = self._step()
            state.apply(entry.seat, state.codec.from_json(entry.action))
            self._note(entry.seat, entry.cause)
            self._step_over(step)

    def _step(self) -> int | None:
        """The real-time step in progress (None: a game played turn by turn)."""
        return self.live.table.state.timed_step() if self.live is not None else None

    def _step_over(self, step: int | None) -> None:
        """A new step begins (real time): nobody has acted in it yet."""
        if self._step() != step:
            for seat in self.seats:
                seat.acted_in_step = False

    def _note(self, seat: int, cause: str) -> None:
        """Count a missed deadline, or its owner's action, for `seat`."""
        slot = self.seats[seat]
        if cause == PLAYER:
            slot.missed, slot.acted_in_step = 0, True
        elif cause == TIMEOUT and not slot.acted_in_step:
            slot.missed += 1
            if slot.missed >= self.row.max_missed:
                slot.standin = True

    def _commit(self, made: Sequence[tuple[int, Action, str]], step: int | None = None) -> None:
        """Store actions already applied to the state, then tell everybody.

        If the store fails, the state is rebuilt from what it holds and the caller gets a
        `TableError`: nobody was told of an action that is not stored."""
        if not made:
            return
        state = self.state
        status = FINISHED if state.is_over() else None
        rows = [ActionRow(seat, action.to_json(), cause) for seat, action, cause in made]
        try:
            self.store.append(self.row.id, len(state.history) - len(rows), rows, status)
        except SQLAlchemyError:
            log.exception("table %s: could not store %d actions", self.row.id, len(rows))
            self._rebuild()
            raise TableError(N_("the server could not save that; try again")) from None
        for seat, _, cause in made:
            self._note(seat, cause)
        self._step_over(step)
        if status is not None:
            self.status = status
            log.info("table %s: %s is over", self.row.id, self.row.game)
        self.deadlines.clear()
        self.last_change = _now()
        self._start_clocks(self.last_change)
        self.broadcast()

    def _rebuild(self) -> None:
        row = self.row
        self.state = gamenight.make(row.game, row.players, row.seed, **row.options)
        for seat in self.seats:
            seat.missed, seat.standin, seat.acted_in_step = 0, False, False
        if self.live is not None:
            live = self.live.table
            self.live.table = LiveTable(self.state, live.agents, live.expire, live.wait)
        self.replay(self.store.actions(row.id))

    # ----- what people see ------------------------------------------------------------------

    def info(self) -> TableInfo:
        row = self.row
        return TableInfo(
            id=row.id,
            game=row.game,
            title=self.spec.state.title,
            players=row.players,
            options=row.options,
            name=row.name,
            status=self.status,
            turn_seconds=row.turn_seconds,
            window_seconds=row.window_seconds,
            max_missed=row.max_missed,
            seats=self.seat_infos(),
            web=self.spec.web is not None,
            real_time=self.state.real_time,
        )

    def seat_infos(self) -> list[SeatInfo]:
        connected = {listener.seat for listener in self.listeners}
        return [
            SeatInfo(
                seat=seat.row.seat,
                kind=seat.row.kind,
                bot=seat.row.bot,
                name=seat.row.name,
                claimed=seat.row.claimed,
                connected=seat.row.seat in connected,
                standin=seat.standin,
            )
            for seat in self.seats
        ]

    def broadcast(self) -> None:
        """Send every listener what it sees now, all in one go: the messages are queued
        before any is written, with one reading of the clocks."""
        moment = self.moment()
        for listener in list(self.listeners):
            listener.send(encode(self.update_for(listener, moment)))

    def update_for(self, listener: Listener, moment: updates.Moment) -> Update:
        """The `Update` one listener gets at `moment` (`updates.build`): a person whose
        move waits for the others is offered the moves a second key would be held for."""
        seat, live = listener.seat, self.live
        hold = [] if live is None or seat is None else live.table.may_hold(seat)
        return updates.build(
            self.state, self.spec, seat, listener.lang, listener.cursor, moment, hold
        )

    def moment(self) -> updates.Moment:
        """What every listener is told alike now: seats, deadlines, the step's clock."""
        now = _now()
        moment = updates.Moment(
            status=self.status,
            seats=self.seat_infos(),
            deadlines={seat: _ms_left(when, now) for seat, when in self.deadlines.items()},
        )
        live = self.live
        if live is None or self.status != RUNNING or self.state.is_over():
            return moment
        if live.table.running:
            moment.step, moment.step_ms = "running", int(live.table.elapsed_ms())
            return moment
        moment.step, moment.ready, moment.held = "between", sorted(live.ready), live.web
        if live.ready_by is not None:
            moment.deadlines = {
                seat: _ms_left(live.ready_by, now)
                for seat in self._people()
                if seat not in live.ready
            }
        return moment

    # ----- listeners and seats --------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (None: no seat of this table)."""
        wanted = token_hash(token)
        for seat in self.seats:
            if seat.row.token_hash is not None and hmac.compare_digest(seat.row.token_hash, wanted):
                return seat.row.seat
        return None

    async def connect(self, listener: Listener) -> None:
        async with self.lock:
            self.listeners.add(listener)
            if listener.seat is not None:
                self._back(listener.seat)
            self.broadcast()
        self.wake()

    async def disconnect(self, listener: Listener) -> None:
        async with self.lock:
            self.listeners.discard(listener)
            self.broadcast()  # who is connected changed: nothing else does

    async def claim(self, token: str, name: str) -> int:
        """The person with `token` takes their seat; the game starts once every person's
        seat is taken."""
        async with self.lock:
            seat = self.seat_of(token)
            if seat is None:
                raise TableError(N_("this invitation is not valid for this table"))
            self._take(seat, name)
        self.wake()
        return seat

    async def join(self, name: str) -> tuple[int, str]:
        """Take a free person's seat: its new token (an older invitation stops working)."""
        async with self.lock:
            if self.status == FINISHED:
                raise TableError(N_("the game is over"))
            free = [s.row.seat for s in self.seats if s.human and not s.row.claimed]
            if not free:
                raise TableError(N_("no seat is free at this table"))
            token = new_token()
            self._take(free[0], name, token_hash(token))
        self.wake()
        return free[0], token

    async def leave(self, token: str) -> int:
        """The person leaves: their seat is free again (a bot plays it meanwhile)."""
        async with self.lock:
            seat = self.seat_of(token)
            if seat is None:
                raise TableError(N_("this token is not valid for this table"))
            self._set_seat(seat, "", token_hash(new_token()), claimed=False)
            for listener in [x for x in self.listeners if x.seat == seat]:
                listener.seat = None  # they watch from now on
            self.broadcast()
        self.wake()
        return seat

    async def start(self, token: str) -> None:
        """Start now: a bot plays each free seat until somebody takes it."""
        async with self.lock:
            if self.seat_of(token) is None:
                raise TableError(N_("only a seated player may start the game"))
            if self.status == OPEN:
                self._set_status(RUNNING)
            self.broadcast()
        self.wake()

    def _take(self, seat: int, name: str, hashed: str | None = None) -> None:
        """`seat`'s person sits down (with a new token's `hashed`, else the invitation's)."""
        if self.status == FINISHED:
            raise TableError(N_("the game is over"))
        hashed = hashed or self.seats[seat].row.token_hash
        self._set_seat(seat, name.strip() or f"Seat {seat}", hashed, claimed=True)
        if self.status == OPEN and all(s.row.claimed for s in self.seats if s.human):
            self._set_status(RUNNING)
        self.broadcast()

    def _set_seat(self, seat: int, name: str, hashed: str | None, claimed: bool) -> None:
        old = self.seats[seat].row
        row = SeatRow(old.seat, old.kind, old.bot, name, hashed, claimed)
        self.store.update_seat(self.row.id, row)
        self.seats[seat].row = row

    def _set_status(self, status: Status) -> None:
        self.store.set_status(self.row.id, status)
        self.status = status
        log.info("table %s: %s", self.row.id, status)

    def _back(self, seat: int) -> None:
        slot = self.seats[seat]
        slot.standin, slot.missed = False, 0

    async def back(self, seat: int) -> None:
        async with self.lock:
            self._back(seat)
            self.broadcast()
        self.wake()

    # ----- acting ---------------------------------------------------------------------------

    async def act(self, seat: int, data: dict[str, Any]) -> None:
        """`seat`'s person acts; `TableError` says why not, and nothing changes."""
        async with self.lock:
            if self.status != RUNNING:
                raise TableError(
                    N_("the game is not running") if self.status == OPEN else N_("the game is over")
                )
            slot = self.seats[seat]
            if slot.standin:
                self._back(seat)
            if self.live is not None:
                self._act_live(seat, data)
            else:
                state = self.state
                try:
                    action = state.codec.from_json(data)
                    state.apply(seat, action)
                except IllegalAction as exc:
                    raise TableError.refusing(exc) from None
                self._commit([(seat, action, PLAYER)])
        self.wake()

    async def ready(self, seat: int) -> None:
        """A real-time table: `seat`'s person is ready for the next step."""
        async with self.lock:
            if self.live is None or self.live.table.running:
                raise TableError(N_("there is nothing to be ready for"))
            self.live.ready.add(seat)
            self.broadcast()
        self.wake()

    def wake(self) -> None:
        """Let the table move on (bots, deadlines, steps) as soon as the loop can."""
        task = asyncio.get_running_loop().create_task(self._run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self) -> None:
        async with self.lock:
            when = self._advance_or_stop(bot_may_move=False)
            if not isinstance(when, _BotDue):
                self._schedule(when)
                return
        searched: _Searched | None = None
        while True:  # a bot's move each time its turn comes, while bots are due
            async with self.bot_turns, self.lock:
                when = self._advance_or_stop(bot_may_move=True, searched=searched)
                if not isinstance(when, _BotDue):
                    self._schedule(when)
                    return
            if when.search is not None:
                async with self.lock:  # the table waits for its bot; the others go on
                    searched = await self._think(when.search)
                if searched is None:
                    return

    async def _think(self, seat: int) -> _Searched | None:
        """A search bot's move, thought in a thread on a copy of the game so that the loop
        serves every other table meanwhile (None: the bot failed, and this table stops)."""
        agent = self.seats[seat].agent
        assert agent is not None
        world = self.state.clone()
        try:
            action = await asyncio.to_thread(ask, agent, world, seat)
        except Exception:
            log.exception("table %s stopped on an error of its bot", self.row.id)
            return None
        return _Searched(seat, len(world.history), action)

    def _advance_or_stop(
        self, bot_may_move: bool, searched: _Searched | None = None
    ) -> float | _BotDue | None:
        """`_advance`; a bug of a game or a bot stops this table (None), and only it."""
        try:
            return self._advance(bot_may_move, searched)
        except Exception:
            log.exception("table %s stopped on an error", self.row.id)
            return None

    def _schedule(self, when: float | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if when is not None:
            self._timer = asyncio.get_running_loop().call_at(when, self.wake)

    def close(self) -> None:
        """Stop the table's timers (the server stops)."""
        self._schedule(None)

    def _advance(
        self, bot_may_move: bool, searched: _Searched | None = None
    ) -> float | _BotDue | None:
        """Make every move that is due now, a bot's only if `bot_may_move` (its turn came)
        and one turn at most (a search bot's move only if `searched` is its move thought
        at this point of the game); returns when to look again (None: on news), or a
        `_BotDue`."""
        while self.status == RUNNING and not self.state.is_over():
            if self.live is not None:
                return self._advance_live()
            state = self.state
            actors = state.actors()
            now = _now()
            bot = self._next_bot(actors)
            if bot is not None:
                if self.listeners and now < self.last_change + self.row.bot_delay_ms / 1000:
                    return self.last_change + self.row.bot_delay_ms / 1000
                if not bot_may_move:
                    return BOT_DUE
                first = None
                if _searches(self.seats[bot].agent):
                    if searched is None or (searched.seat, searched.moves) != (
                        bot,
                        len(state.history),
                    ):
                        return _BotDue(search=bot)
                    first = searched.action
                bot_may_move = False
                self._bot_moves(bot, first)
                continue

            if self._start_clocks(now):
                self.broadcast()  # a clock started without an action (a stand-in left)
            if not self.deadlines:
                return None
            seat, when = min(self.deadlines.items(), key=lambda item: item[1])
            if when > now:
                return when
            action = state.timeout_action(seat)
            state.apply(seat, action)
            log.info("table %s: seat %d missed its deadline", self.row.id, seat)
            self._commit([(seat, action, TIMEOUT)])
        return None

    def _bot_moves(self, bot: int, first: Action | None = None) -> None:
        """`bot`'s move (`first` if it was thought already), then those of the bots asked
        after it while no person may act (at most `BOT_BATCH`, no search bot's, and one
        alone where people follow the bots at their pace): stored in one transaction and
        shown at once."""
        state = self.state
        made: list[tuple[int, Action, str]] = []
        one_by_one = bool(self.listeners and self.row.bot_delay_ms)
        try:
            while True:
                agent = self.seats[bot].agent
                assert agent is not None
                action = ask(agent, state, bot) if first is None else first
                first = None
                state.apply(bot, action)
                made.append((bot, action, BOT if not self.seats[bot].human else STANDIN))
                if one_by_one or len(made) == BOT_BATCH or state.is_over():
                    return
                actors = state.actors()
                if not all(self.seats[seat].played_by_bot for seat in actors):
                    return
                after = self._next_bot(actors)
                if after is None or _searches(self.seats[after].agent):
                    return
                bot = after
        finally:
            self._commit(made)  # what was applied is stored, even if a bot then failed

    def _next_bot(self, actors: Sequence[int]) -> int | None:
        """The bot (or stand-in) to ask next among the actors, drawn as `next_actor` draws."""
        bots = [seat for seat in actors if self.seats[seat].played_by_bot]
        if not bots:
            return None
        drawn = next_actor(self.state)
        if drawn in bots:
            return drawn
        return bots[Rng(driver_seed(self.state)).below(len(bots))]

    def _start_clocks(self, now: float) -> bool:
        """Once no bot is to act (bots answer first), a deadline for every person who must
        act and has none yet; whether one was set."""
        if self.live is not None or self.status != RUNNING or self.state.is_over():
            return False
        actors = self.state.actors()
        if self._next_bot(actors) is not None:
            return False
        row = self.row
        before = len(self.deadlines)
        for seat in actors:
            if seat in self.deadlines:
                continue
            may_pass = PASS in self.state.legal_actions(seat)
            seconds = row.window_seconds if may_pass else row.turn_seconds
            if seconds > 0:
                self.deadlines[seat] = now + seconds
        return len(self.deadlines) > before

    # ----- real time --------------------------------------------------------------------------

    def _people(self) -> list[int]:
        return [s.row.seat for s in self.seats if not s.played_by_bot]

    def _advance_live(self) -> float | None:
        """Begin the next step once everybody is ready, or make the moves due in this one;
        returns when to look again."""
        live = self.live
        assert live is not None
        table = live.table
        while not self.state.is_over():
            now = _now()
            if not table.running:
                if live.ready_by is None and self.row.turn_seconds > 0:
                    live.ready_by = now + self.row.turn_seconds
                waiting = set(self._people()) - live.ready
                if waiting and (live.ready_by is None or now < live.ready_by):
                    return live.ready_by
                table.agents = [s.agent if s.played_by_bot else None for s in self.seats]
                live.ready, live.ready_by = set(), None
                self._live_moves(table.begin)  # the step is shown to everybody now
            else:
                self._live_moves(table.advance)
            due = table.next_due()
            if due is not None:
                return now + max(0.0, due - table.elapsed_ms()) / 1000
        return None

    def _act_live(self, seat: int, data: dict[str, Any]) -> None:
        live = self.live
        assert live is not None
        codec = self.state.codec
        timed = updates.live_template(self.state, self.spec, seat, data)
        if timed is None:  # a key the table holds while the seat's move waits
            held = live.table.state.held_moves(seat)
            timed = updates.live_template(self.state, self.spec, seat, data, held)
        if timed is None:
            raise TableError(N_("that is not one of your moves now"))
        template = {k: v for k, v in data.items() if k != updates.TIMED}

        def build(ms: int) -> Action:
            action = codec.from_json({**template, updates.TIMED: ms} if timed else template)
            live.pressed.append(action)
            return action

        try:
            self._live_moves(lambda: live.table.act(seat, build))
        except IllegalAction as exc:
            raise TableError.refusing(exc) from None

    def _live_moves(self, run: Callable[[], Any]) -> None:
        """Run the live table (`run`), then store and tell the moves it made: people's
        own (`Live.pressed`), its bots' and those it made on people's behalf."""
        live = self.live
        assert live is not None
        state = self.state
        start = len(state.history)
        step = self._step()
        try:
            run()
        finally:
            mine, live.pressed = live.pressed, []
        made = []
        for seat, action in state.history[start:]:
            if any(action is own for own in mine):
                cause = PLAYER
            elif live.table.agents[seat] is not None:
                cause = STANDIN if self.seats[seat].human else BOT
            else:
                cause = TIMEOUT if action == live.table.expire else AUTO
            made.append((seat, action, cause))
        if made:
            self._commit(made, step)
        else:
            self.broadcast()


def _ms_left(when: float, now: float) -> int:
    return max(0, int((when - now) * 1000))


def _now() -> float:
    """The loop's clock (monotonic seconds): deadlines and timers use it."""
    return time.monotonic()


class Hall:
    """Every table the server has in memory, by id."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.bot_turns = BotTurns()

    def resume(self) -> int:
        """Load and start every unfinished table (at start); returns how many."""
        ids = self.store.unfinished()
        for table_id in ids:
            table = self.get(table_id)
            if table is not None:
                table.wake()
        return len(ids)

    def get(self, table_id: str) -> Table | None:
        """A table by id, rebuilt from the store by replay if it is not in memory."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        row = self.store.table(table_id)
        if row is None:
            return None
        table = Table(row, self.store.seats(table_id), self.store, self.bot_turns)
        table.replay(self.store.actions(table_id))
        self.tables[table_id] = table
        log.info("table %s: %s resumed at action %d", table_id, row.game, len(table.state.history))
        return table

    def forget(self, table: Table) -> None:
        """Drop a finished table nobody watches (it is loaded again on demand)."""
        if table.status == FINISHED and not table.listeners:
            table.close()
            self.tables.pop(table.row.id, None)

    def create(self, request: CreateTable) -> tuple[Table, list[tuple[int, str]]]:
        """A new table; returns it and each person's seat with its token."""
        game_spec = spec(request.game)  # ValueError: an unknown game
        state = gamenight.make(request.game, len(request.seats), request.seed, **request.options)
        available = agents.available(request.game)
        rows, tokens = [], []
        for seat, wanted in enumerate(request.seats):
            bot = wanted.bot or agents.default(request.game)
            if bot not in available and not ismcts.is_ismcts(bot):
                raise ValueError(
                    f"unknown bot {bot!r} for {request.game}; available: {', '.join(available)}"
                    f" (and {ismcts.NAME}:BUDGET:ROLLOUT)"
                )
            if ismcts.is_ismcts(bot):
                ismcts.from_name(bot, request.game)  # ValueError: a bad budget or rollout
            hashed = None
            if wanted.kind == "human":
                token = new_token()
                tokens.append((seat, token))
                hashed = token_hash(token)
            rows.append(SeatRow(seat, wanted.kind, bot, "" if hashed else bot, hashed))
        if state.real_time and getattr(game_spec.part("web"), "WAIT", None) is None:
            raise ValueError(f"{request.game} has no browser table for real-time play yet")
        row = TableRow(
            id=secrets.token_urlsafe(6),
            game=request.game,
            players=len(request.seats),
            options=state.options,
            seed=state.seed,
            name=request.name or f"{game_spec.state.title} table",
            status=OPEN if tokens else RUNNING,
            turn_seconds=request.turn_seconds,
            window_seconds=request.window_seconds,
            max_missed=request.max_missed,
            bot_delay_ms=request.bot_delay_ms,
        )
        self.store.create(row, rows)
        table = Table(row, rows, self.store, self.bot_turns)
        self.tables[row.id] = table
        log.info("table %s: %s for %d created", row.id, row.game, row.players)
        return table, tokens

    def close(self) -> None:
        for table in self.tables.values():
            table.close()
