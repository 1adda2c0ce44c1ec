"""Instructions a game costs, counted by valgrind: the bots' goal measured exactly.

    python bench/instructions.py [--game ID ...] [--players P] [--games N] [--json]

On a shared machine the clock moves by a quarter between two runs of `bench/bots.py`;
instruction counts do not. For each `--game` (default: boss-quest, the one near the
goal), counts the instructions of whole games played as `bench/bots.py` plays them (the
same seeds, the table loop) with the game's default bot at every seat, then with `random`
agents: each count in a fresh interpreter under ``valgrind --tool=cachegrind
--cache-sim=no`` with ``PYTHONHASHSEED=0``, once for `--games` games and once for twice as
many, so that the interpreter's start and imports cancel out. Prints instructions per
game and the bots' cost over random play (the speed issue's goal: within 5×).

Needs valgrind (Debian: ``apt-get install valgrind``). Slow: a Boss Quest count takes
about half a minute; a random Munchkin game is thousands of actions, so keep `--games`
small there.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bots import bot_game
from rich.console import Console
from rich.progress import Progress, TaskID
from rich.table import Table

from gamenight import agents
from gamenight.kernel.registry import game_class

KINDS = ("random", "bot")
REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def instructions(report: str) -> int:
    """The instructions cachegrind reports in `report` (its standard error)."""
    found = REFS.search(report)
    if found is None:
        raise ValueError("cachegrind reported no instruction count")
    return int(found.group(1).replace(",", ""))


def count(game_id: str, players: int, kind: str, games: int) -> int:
    """Instructions of a fresh interpreter playing `games` games (see `play`)."""
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            str(Path(__file__).resolve()),
            "--play",
            game_id,
            str(players),
            kind,
            str(games),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the counted games failed:\n{done.stderr[-2000:]}")
    return instructions(done.stderr)


def shown_count(
    progress: Progress, task: TaskID, game_id: str, players: int, kind: str, games: int
) -> int:
    """`count`, shown on `progress`."""
    progress.update(task, description=f"{game_id}: {kind}, {games} games")
    counted = count(game_id, players, kind, games)
    progress.advance(task)
    return counted


def per_game(counted: Callable[[int], int], games: int) -> float:
    """Instructions a game costs: `counted(2 * games)` less `counted(games)`, per game."""
    return (counted(2 * games) - counted(games)) / games


def play(game_id: str, players: int, kind: str, games: int) -> None:
    """Play games 0 to `games` - 1 as `bench/bots.py` plays them; print what was played."""
    bot = agents.default(game_id) if kind == "bot" else "random"
    actions = sum(bot_game(game_id, players, bot, seed) for seed in range(games))
    print(json.dumps({"game": game_id, "agent": bot, "games": games, "actions": actions}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--game", action="append", help="a game id (repeatable; default boss-quest)"
    )
    parser.add_argument("--players", type=int, default=4, help="seats, clamped per game")
    parser.add_argument("--games", type=int, default=10, help="games in the smaller count")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--play", nargs=4, metavar=("GAME", "PLAYERS", "KIND", "GAMES"), help=argparse.SUPPRESS
    )  # the counted child
    args = parser.parse_args()
    if args.play:
        game_id, players, kind, games = args.play
        play(game_id, int(players), kind, int(games))
        return
    if args.games < 1:
        parser.error("--games must be 1 or more")
    if shutil.which("valgrind") is None:
        sys.exit("bench/instructions.py needs valgrind (Debian: apt-get install valgrind)")
    rows = []
    with Progress(transient=True) as progress:
        games = args.game or ["boss-quest"]
        task = progress.add_task("counting", total=4 * len(games))
        for game_id in games:
            cls = game_class(game_id)  # an unknown id fails here, before any count
            players = min(max(args.players, cls.min_players), cls.max_players)
            row: dict[str, float | int | str] = {"game": game_id, "players": players}
            for kind in KINDS:
                counted = partial(shown_count, progress, task, game_id, players, kind)
                row[f"{kind}_instructions"] = per_game(counted, args.games)
            row["cost_ratio"] = float(row["bot_instructions"]) / float(row["random_instructions"])
            rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    table = Table(title=f"instructions a game ({args.games} games and {2 * args.games})")
    for column in ("game", "seats", "bot game", "random game", "cost ×"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for row in rows:
        table.add_row(
            str(row["game"]),
            str(row["players"]),
            f"{float(row['bot_instructions']) / 1e6:,.2f} M",
            f"{float(row['random_instructions']) / 1e6:,.2f} M",
            f"{row['cost_ratio']:.2f}×",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
