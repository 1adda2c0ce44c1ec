"""RL adapter benchmarks: each adapter's random-play speed against the bare kernel's.

    python bench/envs.py [--seconds S] [--players P]

Every game with an observation encoder, at `--players` (clamped to its range), plays
random games for about `--seconds` of CPU time on the bare kernel, then as many games
(the same seeds) on each adapter, so that a slow adapter is not measured on fewer, other
games (a Munchkin game runs to 11,000 actions: a second holds a handful). Every loop
chooses uniformly among the legal actions with a seeded generator:

- kernel: the seat ``next_actor`` draws (the seat every adapter asks), ``legal_actions``,
  a uniformly random one of them, ``apply``, on the very games the PettingZoo loops play
  (game ``k`` is ``reset(seed=k)``'s);
- PettingZoo AEC: ``last()`` (the observation and mask of the agent to act) + ``step``;
- PettingZoo Parallel: ``step`` with every acting seat's action, observations of all;
- Gymnasium: one seat's ``step`` against random bots (the bots' actions counted too);
- OpenSpiel: ``legal_actions`` + ``apply_action``, and the same plus the acting
  player's ``observation_tensor``.

The adapters choose as the kernel loop does, uniformly among the legal actions (read
from the mask), so the share of the kernel's rate is what the adapter adds to the same
work. OpenSpiel and Gymnasium deal their games by their own seeds (games of the same
kind, not the same games).

Each figure is kernel actions applied per second of CPU time, then, in brackets, the
agents' decisions per second where they differ (PettingZoo AEC turns, OpenSpiel moves:
in a real-time step every acting seat proposes before one action is applied). Printed,
never asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import gamenight
from gamenight.envs.encoding import SeedStream
from gamenight.envs.gym import make as gym_env
from gamenight.envs.openspiel import game_name
from gamenight.envs.parallel import parallel_env
from gamenight.envs.pettingzoo import env as aec_env
from gamenight.kernel.registry import game_class
from gamenight.play.table import next_actor

# Plays game `seed`; returns (kernel actions applied, decisions the agents made).
Loop = Callable[[int, random.Random], tuple[int, int]]


def rate(loop: Loop, seconds: float, games: int | None = None) -> tuple[float, float, int]:
    """Actions and decisions per CPU second of `loop`, and the games it played: games
    ``0, 1, ...`` within `seconds` (one at least), or exactly `games` of them."""
    actions = decisions = game = 0
    started = time.process_time()

    def more() -> bool:
        if games is not None:
            return game < games
        return game == 0 or time.process_time() - started < seconds

    while more():
        applied, decided = loop(game, random.Random(game))
        actions, decisions, game = actions + applied, decisions + decided, game + 1
    elapsed = time.process_time() - started
    return actions / elapsed, decisions / elapsed, game


def choose(mask: np.ndarray, rng: random.Random) -> int:
    """A uniformly random legal action of a mask."""
    legal = mask.nonzero()[0]
    return int(legal[rng.randrange(len(legal))])


def kernel_loop(game_id: str, players: int) -> Loop:
    seeds = SeedStream(0)  # the stream of the PettingZoo environments built with seed=0

    def play(game: int, rng: random.Random) -> tuple[int, int]:
        seeds.restart(game)
        state = gamenight.make(game_id, players, seed=seeds.next())
        while not state.is_over():
            seat = next_actor(state)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        return len(state.history), len(state.history)

    return play


def aec_loop(game_id: str, players: int) -> Loop:
    env = aec_env(game_id, players, seed=0)

    def play(seed: int, rng: random.Random) -> tuple[int, int]:
        env.reset(seed=seed)
        turns = 0
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(choose(observation["action_mask"], rng))
                turns += 1
        return len(env.game.history), turns

    return play


def parallel_loop(game_id: str, players: int) -> Loop:
    env = parallel_env(game_id, players, seed=0)

    def play(seed: int, rng: random.Random) -> tuple[int, int]:
        observations, _ = env.reset(seed=seed)
        decisions = 0
        while env.agents:
            actions = {
                agent: choose(seen["action_mask"], rng)
                for agent, seen in observations.items()
                if seen["action_mask"].any()
            }
            decisions += len(actions)
            observations, *_ = env.step(actions)
        return len(env.game.history), decisions

    return play


def gym_loop(game_id: str, players: int) -> Loop:
    env = gym_env(game_id, seat=0, opponents="random", players=players)

    def play(seed: int, rng: random.Random) -> tuple[int, int]:
        observation, _ = env.reset(seed=seed)
        ended, steps = False, 0
        while not ended:  # a game cut by its safety limit is truncated, not terminated
            observation, _, terminated, truncated, _ = env.step(
                choose(observation["action_mask"], rng)
            )
            ended = terminated or truncated
            steps += 1
        return len(env.game.history), steps

    return play


def openspiel_loop(game_id: str, players: int, observe: bool) -> Loop:
    game = pyspiel.load_game(game_name(game_id), {"players": players})

    def play(seed: int, rng: random.Random) -> tuple[int, int]:
        state = game.new_initial_state()
        state.apply_action(seed % game.max_chance_outcomes())
        moves = 0
        while not state.is_terminal():
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        return len(state.game.history), moves

    return play


def cell(rates: tuple[float, float, int], kernel: float) -> str:
    actions, decisions, _ = rates
    text = f"{actions:,.0f} ({actions / kernel:.0%})"
    if abs(decisions - actions) < 0.01 * actions:
        return text
    return escape(f"{text} [{decisions:,.0f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    parser.add_argument("--players", type=int, default=4, help="seats (clamped to each game)")
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error("--seconds must be positive")

    console = Console()
    console.print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{os.cpu_count()} cores, {platform.machine()} {platform.system()}"
    )
    adapters: list[tuple[str, Callable[[str, int], Loop]]] = [
        ("PettingZoo AEC", aec_loop),
        ("PettingZoo Parallel", parallel_loop),
        ("Gymnasium (1 seat + bots)", gym_loop),
        ("OpenSpiel", lambda g, p: openspiel_loop(g, p, observe=False)),
        ("OpenSpiel + observation_tensor", lambda g, p: openspiel_loop(g, p, observe=True)),
    ]
    results: dict[str, tuple[int, float, int, list[tuple[float, float, int]]]] = {}
    for game_id in gamenight.games():
        cls = game_class(game_id)
        players = min(max(args.players, cls.min_players), cls.max_players)
        try:
            loops = [make(game_id, players) for _, make in adapters]
        except LookupError as exc:  # a game without its encoder yet
            console.print(f"{game_id}: skipped ({exc})")
            continue
        with console.status(f"measuring {game_id}..."):
            kernel, _, games = rate(kernel_loop(game_id, players), args.seconds)
            rates = [rate(loop, args.seconds, games) for loop in loops]
            results[game_id] = (players, kernel, games, rates)

    # One column per game keeps the table narrow however many adapters there are.
    table = Table(title="random play: kernel actions/s (share of the bare kernel's) [decisions/s]")
    table.add_column("")
    for game_id in results:
        table.add_column(game_id, justify="right")
    table.add_row("players", *(str(players) for players, _, _, _ in results.values()))
    table.add_row("games", *(f"{games:,}" for _, _, games, _ in results.values()))
    table.add_row("kernel", *(f"{kernel:,.0f}" for _, kernel, _, _ in results.values()))
    for i, (name, _) in enumerate(adapters):
        row = (cell(rates[i], kernel) for _, kernel, _, rates in results.values())
        table.add_row(name, *row)
    console.print(table)


if __name__ == "__main__":
    main()
