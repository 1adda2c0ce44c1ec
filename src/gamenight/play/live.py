"""The live table: a timed step played against a real clock.

`table.play` drives a timed step without a clock: it asks every actor for its next timed
action and applies the earliest at once (simulation). A `LiveTable` applies the same
actions *when their time comes* on a clock, and stamps each person's action with the
exact time it arrives. Both apply every action through `state.apply`, in time order, so
live play and simulation share one resolution code.

What a timed game offers beyond the kernel's contract (Ninja Master does):

- ``moment(action)``: when an action happens, in ms since the step began;
- ``deadline()``: the last whole ms at which actions still count; once it has passed,
  the table submits the `expire` action (Ninja Master: ``Done()``) for every seat still
  acting;
- ``refusal(seat, action)``: why an acting seat may not take an action now (``None``: it
  may), shown to the person who tried.

A step. `begin` starts the step's clock (the dice are shown). A step's actors only ever
leave it (a seat that called or is done stays out), so when an applied action brings a
seat back into `actors()`, or ends the game, the next step has begun: the table stops and
waits for the next `begin`, so people read the step's outcome at their own pace.

The clock is injected: any function returning whole nanoseconds that never go back, by
default `time.monotonic_ns` (whole numbers, so a time stamp is exact). Tests pass a clock
they move by hand, so nothing sleeps.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from gamenight.agents.base import Agent, Clock
from gamenight.kernel import Action, IllegalAction, State

from .table import ask

Nanoseconds = Callable[[], int]
_NS_PER_MS = 1_000_000


class LiveTable:
    """Plays a timed game in real time: bots on their own clocks, people by their input.

    `agents` has one entry per seat: a bot, or ``None`` for a seat played by a person
    through `act`.
    """

    def __init__(
        self,
        state: State,
        agents: Sequence[Agent | None],
        expire: Action,
        clock: Nanoseconds = time.monotonic_ns,
    ) -> None:
        if len(agents) != state.num_players:
            raise ValueError(
                f"{state.num_players} seats need {state.num_players} agents, got {len(agents)}"
            )
        self.state = state
        self.agents = list(agents)
        self.expire = expire
        self.clock = clock
        self.running = False  # a step is being played: `begin` was called and it goes on
        self._start = 0  # the clock when the step began
        self._acting: frozenset[int] = frozenset()  # the step's actors after the last action
        self._plans: list[tuple[float, int, Action]] = []  # each bot's next (moment, seat, action)

    # ----- driving the step ------------------------------------------------------------

    def begin(self) -> None:
        """Start the step's clock now: the step is shown to everybody at this instant."""
        if self.state.is_over():
            raise ValueError("the game is over")
        if self.running:
            raise ValueError("the step has begun already")
        self._start = self.clock()
        self.running = True
        self._acting = frozenset(self.state.actors())
        self._plan()

    def elapsed_ms(self) -> float:
        """Milliseconds since the step began."""
        return (self.clock() - self._start) / _NS_PER_MS

    def advance(self) -> list[tuple[int, Action]]:
        """Apply, in time order, every bot action and expiry due by now; returns them."""
        return self._advance_to(self.elapsed_ms())

    def act(self, seat: int, build: Callable[[int], Action]) -> Action:
        """A person at `seat` acts now: `build(ms)` makes the action from its time stamp.

        The stamp is the whole ms since the step began. Every bot action due before it is
        applied first; then the action is applied, or `IllegalAction` says why not (too
        late, or the game's `refusal`) and nothing changes.
        """
        if not self.running:
            raise IllegalAction("nothing to act on: the step is over")
        action = build((self.clock() - self._start) // _NS_PER_MS)
        when = self.state.moment(action)
        self._advance_to(self.elapsed_ms() if when is None else when)
        if not self.running:
            raise IllegalAction("too late: time is up")
        if seat in self.state.actors():
            reason = self.state.refusal(seat, action)
            if reason is not None:
                raise IllegalAction(reason)
        self._apply(seat, action)  # a seat that is out is refused here, with the reason
        return action

    def next_due(self) -> float | None:
        """When the next bot action or expiry is due, in ms since the step began
        (``None``: the step is over): when `advance` next has something to do."""
        return self._next_time() if self.running else None

    # ----- inside -----------------------------------------------------------------------

    def _expiry(self) -> float:
        """When the deadline has passed: the first whole ms after it."""
        return self.state.deadline() + 1

    def _next_time(self) -> float:
        expiry = self._expiry()
        return min(self._plans[0][0], expiry) if self._plans else expiry

    def _advance_to(self, ms: float) -> list[tuple[int, Action]]:
        applied: list[tuple[int, Action]] = []
        while self.running and self._next_time() <= ms:
            if self._plans and self._plans[0][0] < self._expiry():
                _, seat, action = self._plans[0]
                self._apply(seat, action)
                applied.append((seat, action))
                continue
            # Time is up: everyone still acting gets the expiry action; the last ends the step.
            while self.running:
                seat = self.state.actors()[0]
                self._apply(seat, self.expire)
                applied.append((seat, self.expire))
        return applied

    def _apply(self, seat: int, action: Action) -> None:
        state = self.state
        state.apply(seat, action)
        actors = state.actors()
        if state.is_over() or not self._acting.issuperset(actors):
            self.running = False
            self._plans = []
            return
        self._acting = frozenset(actors)
        self._plan()

    def _plan(self) -> None:
        """Ask every acting bot for its next timed action: they see what just changed."""
        state = self.state
        remaining = max(0.0, (self._expiry() - self.elapsed_ms()) / 1000.0)
        clock = Clock(remaining)
        plans = []
        for order, seat in enumerate(state.actors()):
            agent = self.agents[seat]
            if agent is None:
                continue
            action = ask(agent, state, seat, clock)
            when = state.moment(action)
            plans.append((self.elapsed_ms() if when is None else when, order, seat, action))
        plans.sort(key=lambda plan: plan[:2])  # ties: the order of `actors`, as `table.play`
        self._plans = [(when, seat, action) for when, _, seat, action in plans]
