"""Kernel benchmarks: raw random play and the cost of the state operations, every game.

    python bench/kernel.py [--games N] [--seconds S] [--players P]

Random play is the bare kernel (``legal_actions`` + ``apply`` with a seeded random
choice: no agents, no views). ``clone``, ``determinize``, ``view`` and ``to_json`` are
timed on mid-game states sampled from other random games, as the best of several passes.
Times are the process's CPU time, so other load on the machine disturbs them less.
Figures are printed, never asserted; see bench/README.md for a record of runs.
"""

from __future__ import annotations

import argparse
import os
import platform
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table
from timing import clone, determinize, mid_game_states, per_call_us, random_play

import gamenight
from gamenight.kernel import State
from gamenight.kernel.registry import game_class


@dataclass(frozen=True)
class Figures:
    players: int
    games: int
    actions: int
    seconds: float
    clone_us: float
    determinize_us: float
    view_us: float
    to_json_us: float


def measure(game_id: str, players: int, games: int, seconds: float) -> Figures:
    played, actions, elapsed = random_play(game_id, players, games, seconds)
    states = mid_game_states(game_id, players)
    budget = seconds / 4

    def view(state: State, i: int) -> object:
        return state.view(state.actors()[0])

    def to_json(state: State, i: int) -> object:
        return state.to_json()

    return Figures(
        players,
        played,
        actions,
        elapsed,
        *(per_call_us(states, op, budget) for op in (clone, determinize, view, to_json)),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="random games per game id")
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="time budget of each measure (about)"
    )
    parser.add_argument("--players", type=int, default=4, help="seats (clamped to each game)")
    args = parser.parse_args()
    if args.games < 1 or args.seconds <= 0:
        parser.error("--games must be at least 1 and --seconds positive")

    console = Console()
    console.print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{os.cpu_count()} cores, {platform.machine()} {platform.system()}"
    )
    results = {}
    for game_id in gamenight.games():
        cls = game_class(game_id)
        players = min(max(args.players, cls.min_players), cls.max_players)
        with console.status(f"measuring {game_id}..."):
            results[game_id] = measure(game_id, players, args.games, args.seconds)

    # One column per game keeps the table narrow however many figures there are.
    table = Table(title="gamenight kernel: random play and state operations")
    table.add_column("")
    for game_id in results:
        table.add_column(game_id, justify="right")
    rows: list[tuple[str, Callable[[Figures], str]]] = [
        ("players", lambda f: str(f.players)),
        ("random games played", lambda f: f"{f.games:,}"),
        ("games/s", lambda f: f"{f.games / f.seconds:,.0f}"),
        ("actions/s", lambda f: f"{f.actions / f.seconds:,.0f}"),
        ("actions/game", lambda f: f"{f.actions / f.games:.1f}"),
        ("clone() µs", lambda f: f"{f.clone_us:.1f}"),
        ("determinize() µs", lambda f: f"{f.determinize_us:.1f}"),
        ("view() µs", lambda f: f"{f.view_us:.1f}"),
        ("to_json() µs", lambda f: f"{f.to_json_us:.1f}"),
    ]
    for label, cell in rows:
        table.add_row(label, *(cell(figures) for figures in results.values()))
    console.print(table)


if __name__ == "__main__":
    main()
