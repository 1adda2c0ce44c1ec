"""The live table: a timed step played against a real clock.

In a timed step (Ninja Master's grab) every seat *seals* its next timed move and the
engine resolves the earliest moves together once all have (`State.real_time`). Bots seal
theirs the moment they are asked. People do not plan ahead: they press a key when they
see something, and the table turns that into the engine's terms, fairly:

- a person's move is stamped with the whole ms since the step began, as it arrives;
- the earliest sealed move (a bot's, say, at ``p``) is not resolved before ``p`` plus
  ``reaction_ms`` has passed on the clock: until then no person could have seen it, so a
  key pressed in that time is *simultaneous* with it, stamped at ``p``, and the game's
  tie rules decide, never arrival order; with several such moves unseen, the key counts
  at the latest of them, so it never comes before a move made before it; once the time
  has passed, every person who has not pressed waits (the game's ``wait`` move) and the
  engine resolves;
- a move is never refused for being quick: one stamped before the engine's reaction
  floor (a second key pressed right after one's own move) counts at the floor. With
  other people at the table, one's first move may still wait for them (until they press
  or its reaction time passes): a second key pressed meanwhile is *held*, and counts at
  the floor once that move is resolved (dropped if the rules refuse it then; a third key
  while one is held is refused);
- once the step's deadline has passed, every seat still to move gets the ``expire`` move
  (Ninja Master: ``Done()``).

What a real-time game offers beyond the kernel's contract (Ninja Master does):
``deadline()``, the last ms at which moves count; ``moments()`` and ``next_moment()``,
when the sealed moves happen and the earliest; ``has_sealed(seat)``, whether a seat's
move is sealed and not yet resolved, and ``held_moves(seat)``, the moves a second key may
then be held for; ``floor`` and ``reaction_ms``, the engine's reaction rule;
``refusal(seat, action)``, why a move is refused, for the person; and ``timed_step()``,
which changes when a step ends (the table then stops and waits for the next `begin`, so
people read the step's outcome at their own pace).

The clock is injected: any function returning whole nanoseconds that never go back, by
default `time.monotonic_ns`. Tests pass a clock they move by hand, so nothing sleeps.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from gamenight.i18n import CATALOG
from gamenight.kernel import Action, Agent, Clock, IllegalAction

from .table import ask

_ = CATALOG.gettext

Nanoseconds = Callable[[], int]
_NS_PER_MS = 1_000_000


class LiveTable:
    """Plays a timed game in real time: bots on their own clocks, people by their input.

    `agents` has one entry per seat: a bot, or ``None`` for a seat played by a person
    through `act`. `expire` is the move a missed deadline makes, `wait` the move of a
    person who let the earliest sealed move pass unanswered.
    """

    def __init__(
        self,
        state: Any,
        agents: Sequence[Agent | None],
        expire: Action,
        wait: Action,
        clock: Nanoseconds = time.monotonic_ns,
    ) -> None:
        if len(agents) != state.num_players:
            raise ValueError(
                f"{state.num_players} seats need {state.num_players} agents, got {len(agents)}"
            )
        if not state.real_time:
            raise ValueError(f"{state.game_id} is not played in real time")
        self.state = state
        self.agents = list(agents)
        self.expire = expire
        self.wait = wait
        self.clock = clock
        self.running = False  # a step is being played: `begin` was called and it goes on
        self._start = 0  # the clock when the step began
        self._step: Any = None  # the state's timed_step() while it runs
        # per seat, a key pressed while its sealed move waits: (its ms, its `build`)
        self._held: dict[int, tuple[int, Callable[[int], Action]]] = {}

    # ----- driving the step ------------------------------------------------------------

    def begin(self) -> None:
        """Start the step's clock now: the step is shown to everybody at this instant."""
        if self.state.is_over():
            raise ValueError("the game is over")
        if self.running:
            raise ValueError("the step has begun already")
        self._start = self.clock()
        self.running = True
        self._step = self.state.timed_step()
        self._ask_bots()

    def may_hold(self, seat: int) -> list[Action]:
        """The moves a key `seat` pressed now would be held for: while its sealed move
        waits for other people and no key of its is held yet, the game's `held_moves`;
        else ``[]`` (the seat acts as usual, or its key would be refused)."""
        if not self.running or seat in self._held:
            return []
        return self.state.held_moves(seat)

    def elapsed_ms(self) -> float:
        """Milliseconds since the step began."""
        return (self.clock() - self._start) / _NS_PER_MS

    def advance(self) -> list[tuple[int, Action]]:
        """Make every move that is due by now on people's behalf (waits, expiries), so the
        engine resolves what nobody can answer any more; returns the moves made."""
        return self._advance_to(self.elapsed_ms())

    def act(self, seat: int, build: Callable[[int], Action]) -> Action | None:
        """A person at `seat` acts now: `build(ms)` makes the move from its time stamp.

        Everything due before the key press is resolved first; then the move is stamped
        (module docstring) and sealed, or `IllegalAction` says why not (too late, already
        moved, or the game's `refusal`) and nothing changes. ``None``: the seat's sealed
        move still waits for other people, and the key is held until it is resolved.
        """
        if not self.running:
            raise IllegalAction(_("nothing to act on: the step is over"))
        now = (self.clock() - self._start) // _NS_PER_MS
        self._advance_to(now)
        if not self.running:
            raise IllegalAction(_("too late: time is up"))
        state = self.state
        if seat not in state.actors():
            if seat in self._held:  # naming no other seat: who has moved stays unseen
                raise IllegalAction(_("a key of yours already waits for your move"))
            if not state.has_sealed(seat):
                raise IllegalAction(state._not_your_turn(seat))
            self._held[seat] = (now, build)
            return None
        action = build(self._stamp(now))
        reason = state.refusal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        self._submit(seat, action)
        return action

    def next_due(self) -> float | None:
        """When `advance` next has something to do, in ms since the step began (``None``:
        the step is over)."""
        if not self.running:
            return None
        return min(self._due(), self.state.deadline() + 1)

    # ----- inside -----------------------------------------------------------------------

    def _people_to_move(self) -> list[int]:
        return [s for s in self.state.actors() if self.agents[s] is None]

    def _due(self) -> float:
        """When the earliest sealed move must be resolved: once its reaction time passed
        with people still to move (infinity: nothing to wait for)."""
        moment = self.state.next_moment()
        if moment is None or not self._people_to_move():
            return float("inf")
        return moment + self.state.reaction_ms

    def _stamp(self, now: int) -> int:
        """The time a person's key press at `now` counts at (module docstring)."""
        unseen = [m for m in self.state.moments() if now - self.state.reaction_ms < m <= now]
        if unseen:  # nobody could have seen them yet: simultaneous with the latest
            now = int(unseen[-1])
        return max(now, self.state.floor)

    def _advance_to(self, ms: float) -> list[tuple[int, Action]]:
        made: list[tuple[int, Action]] = []
        while self.running:
            if ms > self.state.deadline():
                move = self.expire
            elif ms >= self._due():
                move = self.wait
            else:
                break
            people = self._people_to_move()
            if not people:  # bots are always sealed: the engine has resolved all it can
                break
            for seat in people:
                if self.running and seat in self.state.actors():
                    self._submit(seat, move)
                    made.append((seat, move))
        return made

    def _submit(self, seat: int, action: Action) -> None:
        state = self.state
        state.apply(seat, action)
        if state.is_over() or state.timed_step() != self._step:
            self.running = False
            self._held.clear()
            return
        self._release_held()
        self._ask_bots()

    def _release_held(self) -> None:
        """Seal the keys held for seats whose move was just resolved, at the floor (in
        the order of their seats: sealed moves are resolved by their times, never by the
        order they were sealed in); one the rules now refuse is dropped. Sealing one may
        resolve more and release another key here first (`_submit` calls back)."""
        for seat in sorted(self._held):
            if self.running and seat in self._held and seat in self.state.actors():
                ms, build = self._held.pop(seat)
                action = build(max(ms, self.state.floor))
                if self.state.refusal(seat, action) is None:
                    self._submit(seat, action)

    def _ask_bots(self) -> None:
        """Every bot still to move seals its next move: it sees what just changed."""
        state = self.state
        remaining = max(0.0, (state.deadline() + 1 - self.elapsed_ms()) / 1000.0)
        clock = Clock(remaining)
        while self.running:
            bots = [s for s in state.actors() if self.agents[s] is not None]
            if not bots:
                return
            seat = bots[0]  # sealed: the order bots are asked in changes nothing
            agent = self.agents[seat]
            assert agent is not None
            state.apply(seat, ask(agent, state, seat, clock))
            if state.is_over() or state.timed_step() != self._step:
                self.running = False
