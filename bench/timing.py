"""How the benchmarks measure: seeded random play and per-call costs, in CPU time.

Times are the process's CPU time, so other load on the machine disturbs them less.
Random play is the bare kernel (``legal_actions`` + ``apply`` with a seeded random
choice: no agents, no views); per-call costs are taken on mid-game states sampled from
other random games, as the best of several passes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from functools import partial
from typing import TypeVar

import gamenight
from gamenight.kernel import Rng, State

SAMPLE_GAMES = 20  # games the mid-game states are taken from
SAMPLE_EVERY = 7  # actions between two sampled states
# Options of the sampled games: Munchkin's random games (both card sets) run to its
# 300-turn safety limit (thousands of actions each), so its samples come from games cut
# at 20 turns.
SAMPLE_OPTIONS: dict[str, dict[str, int]] = {
    "munchkin": {"max_turns": 20},
    "munchkin-fu": {"max_turns": 20},
}

S = TypeVar("S")


def games_within(
    play: Callable[[int], int], seeds: Iterable[int], budget: float
) -> tuple[int, int, float]:
    """Play ``play(seed)`` (which returns the actions it applied) for each of `seeds`, in
    order, until `budget` CPU seconds are spent (at least one game).

    Returns ``(games played, actions applied, seconds)``. A seed iterator shared between
    calls resumes where the last call stopped: no seed is drawn without being played.
    """
    actions = played = 0
    started = time.process_time()
    for seed in seeds:
        actions += play(seed)
        played += 1
        if time.process_time() - started > budget:
            break
    return played, actions, time.process_time() - started


def random_game(game_id: str, players: int, seed: int) -> int:
    """Play game `seed` of `game_id` with uniformly random legal actions; the actions applied."""
    state = gamenight.make(game_id, players, seed=seed)
    rng = Rng(1_000_000 + seed)
    actions = 0
    while not state.is_over():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        actions += 1
    return actions


def random_play(game_id: str, players: int, games: int, budget: float) -> tuple[int, int, float]:
    """Play random games 0, 1, ... up to `games` (at least one) within `budget` seconds.

    Returns ``(games played, actions applied, seconds)``.
    """
    return games_within(partial(random_game, game_id, players), range(games), budget)


def mid_game_states(game_id: str, players: int) -> list[State]:
    """Unfinished states from random games, every few actions (`SAMPLE_OPTIONS`)."""
    states = []
    options = SAMPLE_OPTIONS.get(game_id, {})
    for game in range(SAMPLE_GAMES):
        state = gamenight.make(game_id, players, seed=10_000 + game, **options)
        rng = Rng(game)
        step = 0
        while not state.is_over():
            if step % SAMPLE_EVERY == SAMPLE_EVERY - 1:
                states.append(state.clone())
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            step += 1
    return states


def determinize(state: State, i: int) -> State:
    """`state` as its first actor may imagine it, drawn with seed `i` (for `per_call_us`)."""
    return state.determinize(state.actors()[0], i)


def clone(state: State, i: int) -> State:
    """A copy of `state` (for `per_call_us`)."""
    return state.clone()


def per_call_us(states: list[S], operation: Callable[[S, int], object], budget: float) -> float:
    """µs per call of `operation(state, i)` over `states`: the best pass in `budget` s."""
    best = float("inf")
    spent = 0.0
    while spent < budget:
        started = time.process_time()
        for i, state in enumerate(states):
            operation(state, i)
        elapsed = time.process_time() - started
        best = min(best, elapsed / len(states) * 1e6)
        spent += elapsed
    return best
