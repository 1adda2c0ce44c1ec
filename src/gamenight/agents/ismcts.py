"""ISMCTS: information-set Monte Carlo tree search over determinizations, for every game.

Single-observer ISMCTS with ISUCT selection (Cowling, Powley & Whitehouse 2012,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)). Each iteration draws a world
consistent with what the searching seat knows (`State.determinize`, which carries no
truth), walks one shared tree down the actions legal in that world, adds one node, plays
the world to its end with the rollout policy and credits every action on the way with
the result of the seat that took it. A node's actions are ranked by UCB1 over their
*availability* (how often they were legal when the node was visited) instead of the
parent's visits, since a world may not offer every action.

What the kernel guarantees makes it generic: the seat asked next is `next_actor` (a
world asks the seats the real game asks), so windows, offers and a real-time game's
sealed proposals are searched like turns; a real-time game's `legal_actions` are its
bucketed timed moves from the reaction floor on. A move that is the only legal one
adds no node: windows where a seat can only pass cost no depth.

Small budgets. A decision often has more legal actions than a 200 ms budget has
iterations (a timed grab: tokens times time buckets), so a node visited n times weighs
about sqrt(n) of them (progressive widening), and the game's default bot is the prior:
its move is the root's first child and keeps sqrt(iterations) virtual visits when the
move is chosen, so the search departs from it only when its rollouts clearly say so.
In a real-time game the prior's timed move is taken at the earliest time legal for it
(a bot's reaction time is a model of a person, not a choice a search must copy).

Names: ``ismcts`` (200 iterations or 1 s, whichever ends first; random rollouts),
``ismcts:500`` (500 iterations), ``ismcts:3000actions`` (iterations until 3000 actions
were simulated, about as costly at every decision, whereas an iteration costs more early in
a game, where rollouts are long), ``ismcts:50ms`` (a time budget per decision),
``ismcts:500:200ms`` (several budgets: whichever ends first), ``ismcts:500:heuristic``
(rollouts by the game's default bot), ``ismcts:60:heuristic:value`` (rollouts cut short
where the game can value the world: see `Value`), ``ismcts:20:heuristic:value:paired``
(the root's moves compared on common worlds, below). Iteration and action budgets alone
give the same moves for the same seed; `ISMCTS.capped` counts the decisions a time budget
cut short.

Common worlds (``paired``). A tree's root statistics compare moves on different worlds,
so with tens of iterations a few lucky deals decide. In paired mode every iteration's
world is played once after *each* of the root's moves, by rollout bots seeded alike, and
the decision keeps the prior's move unless another beats it on those same worlds by
`PAIRED_MARGIN` standard errors of the paired differences (a move that wins where the
prior wins tells nothing). Below the root the moves are the rollout policy's: a tree of
depth one, an iteration costing one rollout per legal move.
"""

from __future__ import annotations

import dataclasses
import math
import operator
import random
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from gamenight.kernel import Action, Agent, Clock, State
from gamenight.kernel.errors import N_, InvalidInput
from gamenight.kernel.limits import quote
from gamenight.kernel.registry import spec
from gamenight.play.table import ask, next_actor

NAME = "ismcts"
DEFAULT_ITERATIONS = 200
DEFAULT_MS = 1000  # a bare `ismcts` also stops after this long: a person waits for it
EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]
ROLLOUTS = ("random", "heuristic")
VALUE = "value"  # the name's option that cuts rollouts short with the game's `value`
MAX_ITERATIONS = 10_000_000
MAX_MS = 3_600_000
ACTIONS = "actions"  # the suffix of a budget of simulated actions (``3000actions``)
MAX_ACTIONS = 10_000_000_000
CLOCK_SHARE = 0.5  # at most this share of the time left before a seat's deadline
PAIRED = "paired"  # the name's option that compares the root's moves on common worlds
PAIRED_MARGIN = 1.0  # standard errors by which a move must beat the prior's (paired)


class RolloutBots(Protocol):
    """One bot per seat for the rollouts, seeded from `seed` (None: the next seeds of the
    agent's own stream)."""

    def __call__(self, seed: int | None = None) -> list[Agent]: ...


# A game's optional evaluation (its bots module's ``value``): each seat's share of the win
# expected from a world, or ``None`` where the game cannot tell yet. It reads the world
# it is given, a determinized one in a search, which carries no truth.
Value = Callable[[State], list[float] | None]


class _Edge:
    """An action out of a node: its statistics for the seat that takes it, and the node
    it leads to (the actions that follow, keyed by ``(seat, action)``)."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0  # the acting seat's rewards summed over visits
        self.avail = 1  # times it was legal when its node was visited
        self.children: dict[tuple[int, Action], _Edge] = {}


class ISMCTS:
    """An ISMCTS agent with an iteration, simulated-action or time budget per decision.

    `iterations`, `actions` (simulated in all: the walks down the tree and the rollouts)
    or `ms` bounds each decision (several: whichever ends first); a clock with
    time left (a live table's) also bounds it to `CLOCK_SHARE` of that time. `rollout_bots`
    builds one bot per seat for the rollouts (``None``: uniformly random moves); with a
    `value`, a rollout stops at the first world it values and credits its shares.
    `paired` compares the root's moves on common worlds (see the module's notes). The seed
    seeds every world and every random choice, so an iteration budget is deterministic.
    """

    needs_state = True

    def __init__(
        self,
        iterations: int | None = DEFAULT_ITERATIONS,
        ms: float | None = None,
        rollout_bots: RolloutBots | None = None,
        prior: Agent | None = None,
        seed: int | None = None,
        name: str = NAME,
        exploration: float = EXPLORATION,
        value: Value | None = None,
        actions: int | None = None,
        paired: bool = False,
    ) -> None:
        if iterations is None and ms is None and actions is None:
            raise ValueError("ISMCTS needs an iteration, action or time budget")
        self.name = name
        self.iterations = iterations
        self.actions = actions
        self.ms = ms
        self.exploration = exploration
        self._rollout_bots = rollout_bots
        self._prior = prior
        self._value = value
        self.paired = paired
        self._rng = random.Random(seed)
        self.capped = 0  # decisions whose iteration or action budget the time cut short

    def act(
        self,
        view: Mapping[str, Any],
        legal: list[Action],
        clock: Clock | None = None,
        state: State | None = None,
    ) -> Action:
        """The most visited of `legal` after the search from `view`'s seat."""
        if len(legal) == 1:
            return legal[0]
        if state is None:
            raise ValueError("ISMCTS searches the state: the table must pass it (needs_state)")
        me: int = view["seat"]
        deadline = self._deadline(clock)
        first = self._prior_move(view, legal, clock, state)
        if self.paired:
            return self._paired(me, legal, first, state, deadline)
        root: dict[tuple[int, Action], _Edge] = {}
        bots = None if self._rollout_bots is None else self._rollout_bots()
        rng = self._rng
        done = simulated = 0
        while self._budget_left(done, simulated, deadline):
            world = state.determinize(me, rng.getrandbits(63))
            played = len(world.history)
            self._iterate(root, world, bots, first, done)
            simulated += len(world.history) - played
            done += 1
        # The prior's move keeps sqrt(iterations) visits in hand: another move replaces it
        # only when the search clearly preferred it (prior knowledge as virtual visits).
        bonus = math.isqrt(done)

        def rank(action: Action) -> tuple[int, float]:
            edge = root.get((me, action))
            if edge is None or edge.visits == 0:
                return (bonus if action == first else 0, 0.0)
            return (edge.visits + (bonus if action == first else 0), edge.total / edge.visits)

        return max(legal, key=rank)

    def _budget_left(self, done: int, simulated: int, deadline: float | None) -> bool:
        """Whether another iteration fits after `done` iterations that simulated
        `simulated` actions; a deadline that ends an iteration or action budget is counted
        in `capped`."""
        if (self.iterations is not None and done >= self.iterations) or (
            self.actions is not None and simulated >= self.actions
        ):
            return False
        if deadline is not None and time.perf_counter() >= deadline:
            self.capped += self.iterations is not None or self.actions is not None
            return False
        return True

    def _paired(
        self,
        me: int,
        legal: list[Action],
        first: Action | None,
        state: State,
        deadline: float | None,
    ) -> Action:
        """Every world drawn is played after each of `legal` (the same bots' seeds, the
        same chance); the prior's move `first` stays unless another beats it on those
        worlds by `PAIRED_MARGIN` standard errors (without a prior: the best mean)."""
        rng = self._rng
        results: list[list[float]] = [[] for _ in legal]
        done = simulated = 0
        while self._budget_left(done, simulated, deadline):
            world = state.determinize(me, rng.getrandbits(63))
            bots_seed = rng.getrandbits(63)
            rollout_seed = rng.getrandbits(63)
            for action, outcomes in zip(legal, results, strict=True):
                copy = world.clone()
                copy.apply(me, action)
                bots = None if self._rollout_bots is None else self._rollout_bots(bots_seed)
                outcomes.append(self._rollout(copy, bots, random.Random(rollout_seed))[me])
                simulated += len(copy.history) - len(world.history)
            done += 1
        if first is None:
            return max(zip(legal, results, strict=True), key=lambda pair: sum(pair[1]))[0]
        prior = results[legal.index(first)]
        best, best_margin = first, 0.0
        for action, outcomes in zip(legal, results, strict=True):
            differences = [mine - theirs for mine, theirs in zip(outcomes, prior, strict=True)]
            margin = _lower_bound(differences, PAIRED_MARGIN)
            if margin > best_margin:
                best, best_margin = action, margin
        return best

    def _prior_move(
        self, view: Mapping[str, Any], legal: list[Action], clock: Clock | None, state: State
    ) -> Action | None:
        """The prior bot's move, as one of `legal` (a timed move at its bucket's time:
        the codec's canonical form), or ``None``."""
        if self._prior is None:
            return None
        return _as_legal(self._prior.act(view, legal, clock), legal, state)

    def _deadline(self, clock: Clock | None) -> float | None:
        """When this decision's search must stop (``perf_counter`` seconds; None: never)."""
        seconds = None if self.ms is None else self.ms / 1000
        if clock is not None and clock.remaining is not None:
            share = clock.remaining * CLOCK_SHARE
            seconds = share if seconds is None else min(seconds, share)
        return None if seconds is None else time.perf_counter() + seconds

    def _iterate(
        self,
        root: dict[tuple[int, Action], _Edge],
        world: State,
        bots: list[Agent] | None,
        first: Action | None,
        done: int,
    ) -> None:
        """One iteration on `world`: select, expand, roll out, back up. `first` is the
        root's action to try before any other (the prior), `done` the iterations so far."""
        path: list[tuple[int, _Edge]] = []
        children = root
        visits = done  # of the node the walk is at
        expanded = False
        while not expanded and not world.is_over():
            seat = next_actor(world)
            legal = world.legal_actions(seat)
            if len(legal) == 1:
                world.apply(seat, legal[0])
                continue
            untried = []
            tried = 0
            best: _Edge | None = None
            best_action = legal[0]
            best_score = -math.inf
            for action in legal:
                edge = children.get((seat, action))
                if edge is None:
                    untried.append(action)
                    continue
                tried += 1
                edge.avail += 1
                score = edge.total / edge.visits + self.exploration * math.sqrt(
                    math.log(edge.avail) / edge.visits
                )
                if score > best_score:
                    best, best_action, best_score = edge, action, score
            # Progressive widening: a node visited n times weighs about sqrt(n) actions,
            # so a small budget goes deep on a few instead of once on each of hundreds.
            if untried and (best is None or tried <= math.isqrt(visits)):
                best_action = self._expansion(world, seat, legal, untried, bots, first, path)
                best = children[(seat, best_action)] = _Edge()
                expanded = True
            assert best is not None
            world.apply(seat, best_action)
            path.append((seat, best))
            visits = best.visits
            children = best.children
        rewards = self._rollout(world, bots, self._rng)
        for seat, edge in path:
            edge.visits += 1
            edge.total += rewards[seat]

    def _expansion(
        self,
        world: State,
        seat: int,
        legal: list[Action],
        untried: list[Action],
        bots: list[Agent] | None,
        first: Action | None,
        path: list[tuple[int, _Edge]],
    ) -> Action:
        """The untried action a node adds: at the root the prior's move, at a node's
        first expansion the rollout bot's move (so a path of first children is what the
        rollouts play, and a node's statistics start from the policy the search improves
        on), otherwise one drawn at random."""
        if not path and first in untried:
            return first
        if bots is not None and len(untried) == len(legal):
            move = _as_legal(ask(bots[seat], world, seat, Clock(), legal), legal, world)
            if move is not None:
                return move
        return untried[self._rng.randrange(len(untried))]

    def _rollout(self, world: State, bots: list[Agent] | None, rng: random.Random) -> list[float]:
        """Play `world` to its end, or to the first world `value` values after one move at
        least; each seat's share of the win (1/k for k winners), or the value's shares.
        Random rollouts draw from `rng`."""
        clock = Clock()
        value = self._value
        while not world.is_over():
            seat = next_actor(world)
            legal = world.legal_actions(seat)
            if len(legal) == 1:
                action = legal[0]
            elif bots is None:
                action = legal[rng.randrange(len(legal))]
            else:
                action = ask(bots[seat], world, seat, clock, legal)
            world.apply(seat, action)
            if value is not None and not world.is_over():
                shares = value(world)
                if shares is not None:
                    return shares
        winners = world.outcome().winners
        rewards = [0.0] * world.num_players
        for seat in winners:
            rewards[seat] = 1.0 / len(winners)
        return rewards


def _lower_bound(samples: list[float], errors: float) -> float:
    """The mean of `samples` less `errors` standard errors of it (0.0 for none)."""
    count = len(samples)
    if count < 2:
        return 0.0
    mean = sum(samples) / count
    variance = sum((x - mean) ** 2 for x in samples) / (count - 1)
    return mean - errors * math.sqrt(variance / count)


def _as_legal(move: Action, legal: list[Action], state: State) -> Action | None:
    """A bot's `move` as one of `legal` (a timed move at the earliest time legal for it,
    else in the codec's canonical form), or ``None``."""
    if state.real_time:
        move = _soonest(move, legal)
    if move not in legal:
        move = state.codec.decode(state.codec.encode(move))
    return move if move in legal else None


def _soonest(move: Action, legal: list[Action]) -> Action:
    """A timed move (a dataclass with an ``ms`` field) at the earliest time `legal` offers
    for it: the same move otherwise, so nothing is learnt by waiting that the search did
    not weigh."""
    if not dataclasses.is_dataclass(move) or not hasattr(move, "ms"):
        return move
    same = [
        a
        for a in legal
        if type(a) is type(move)
        and all(
            getattr(a, f.name) == getattr(move, f.name)
            for f in dataclasses.fields(move)
            if f.name != "ms"
        )
    ]
    return min(same, key=operator.attrgetter("ms"), default=move)


def is_ismcts(name: str) -> bool:
    """Whether an agent name names this agent (``ismcts`` or ``ismcts:...``)."""
    return name == NAME or name.startswith(NAME + ":")


def from_name(name: str, game_id: str, seed: int | None = None) -> ISMCTS:
    """The agent an ``ismcts[:BUDGET][:ROLLOUT][:value][:paired]`` name describes.

    BUDGET is a number of iterations (``500``: deterministic), of simulated actions
    (``3000actions``: deterministic), of ms (``50ms``) or several (``500:50ms``: whichever
    ends first); without one, `DEFAULT_ITERATIONS` or `DEFAULT_MS`, whichever ends first.
    ROLLOUT is ``random`` or ``heuristic`` (the game's default bot). ``value`` cuts
    rollouts short with the game's evaluation (its bots module's ``value``, see `Value`);
    ``paired`` compares the root's moves on common worlds. A bad name raises `ValueError`.
    """
    iterations: int | None = None
    actions: int | None = None
    ms: float | None = None
    rollout = "random"
    valued = paired = False
    for part in name.split(":")[1:]:
        if part in ROLLOUTS:
            rollout = part
        elif part == VALUE and not valued:
            valued = True
        elif part == PAIRED and not paired:
            paired = True
        elif ms is None and part.endswith("ms") and _within(part[:-2], MAX_MS):
            ms = int(part[:-2])
        elif (
            actions is None
            and part.endswith(ACTIONS)
            and _within(part[: -len(ACTIONS)], MAX_ACTIONS)
        ):
            actions = int(part[: -len(ACTIONS)])
        elif iterations is None and _within(part, MAX_ITERATIONS):
            iterations = int(part)
        else:
            raise InvalidInput(
                N_(
                    "bad agent name {agent}: ismcts[:BUDGET][:ROLLOUT] takes a number of "
                    "iterations (1 to {most}, e.g. ismcts:500), a time per move "
                    "(e.g. ismcts:50ms) and a rollout policy ({rollouts})"
                ),
                agent=quote(name),
                most=f"{MAX_ITERATIONS:,}",
                rollouts=", ".join(ROLLOUTS),
            )
    if iterations is None and ms is None and actions is None:
        iterations, ms = DEFAULT_ITERATIONS, DEFAULT_MS
    rng = random.Random(seed)
    factory = _default_bot(game_id)
    prior = None if factory is None else factory(rng.getrandbits(63))
    bots = None
    if rollout == "heuristic":
        if factory is None:
            raise InvalidInput(N_("{game} has no bot for heuristic rollouts"), game=game_id)
        players = spec(game_id).state.max_players

        def bots(seed: int | None = None) -> list[Agent]:
            seeds = rng if seed is None else random.Random(seed)
            return [factory(seeds.getrandbits(63)) for _ in range(players)]

    value = _game_value(game_id) if valued else None
    return ISMCTS(
        iterations,
        ms,
        bots,
        prior,
        rng.getrandbits(63),
        name=name,
        value=value,
        actions=actions,
        paired=paired,
    )


def _within(digits: str, most: int) -> bool:
    """Whether `digits` is a whole number from 1 to `most`."""
    return digits.isdigit() and 1 <= int(digits) <= most


def _game_value(game_id: str) -> Value:
    """The game's evaluation for cut-off rollouts (its bots module's ``value``)."""
    module = spec(game_id).part("bots")
    value: Value | None = getattr(module, "value", None)
    if value is None:
        raise InvalidInput(N_("{game} has no value for cut-off rollouts"), game=game_id)
    return value


def _default_bot(game_id: str) -> Callable[[int | None], Agent] | None:
    """The factory of the game's default bot (``None``: the game has no bots)."""
    manifest = spec(game_id)
    module = manifest.part("bots")
    if module is None or manifest.default_bot not in module.BOTS:
        return None
    factory: Callable[[int | None], Agent] = module.BOTS[manifest.default_bot]
    return factory
