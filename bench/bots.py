"""Bot benchmarks: what a game of each game's default bot costs against a random game.

    python bench/bots.py [--seconds S] [--players P] [--game ID ...] [--json]

For every registered game (or each `--game`), plays whole games at `--players` seats
(clamped to each game's range) through the table loop (`gamenight.play.table.play`), once
with the game's default bot at every seat and once with `random` agents, each for about
`--seconds` of CPU time (at least one game), and prints games per second, actions per
game and the cost of a bots' game over a random one (the speed issue's goal: within 5×).
Games are rebuilt from their index alone, so two runs play the same games. Printed, never
asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
from functools import partial

from rich.console import Console
from rich.table import Table
from timing import games_within

import gamenight
from gamenight import agents
from gamenight.kernel.registry import game_class
from gamenight.play.table import play


def bot_game(game_id: str, players: int, bot: str, seed: int) -> int:
    """Play game `seed` with `bot` at every seat; the actions applied."""
    state = gamenight.make(game_id, players, seed=seed)
    seats = [agents.make(bot, game_id, seed=seed * 16 + seat) for seat in range(players)]
    return len(play(state, seats).history)


def measure(game_id: str, players: int, seconds: float) -> dict[str, float | int | str]:
    bot = agents.default(game_id)
    figures: dict[str, float | int | str] = {"game": game_id, "players": players, "bot": bot}
    for name in ("random", bot):
        games, actions, elapsed = games_within(
            partial(bot_game, game_id, players, name), range(1_000_000), seconds
        )
        key = "bot" if name == bot else "random"
        figures[f"{key}_games_per_s"] = games / elapsed
        figures[f"{key}_actions_per_game"] = actions / games
        figures[f"{key}_games"] = games
    figures["cost_ratio"] = float(figures["random_games_per_s"]) / float(figures["bot_games_per_s"])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per side")
    parser.add_argument("--players", type=int, default=4, help="seats, clamped per game")
    parser.add_argument("--game", action="append", help="a game id (repeatable; default all)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    games = args.game or gamenight.games()
    rows = []
    for game_id in games:
        cls = game_class(game_id)  # an unknown id fails here, before any game is played
        players = min(max(args.players, cls.min_players), cls.max_players)
        rows.append(measure(game_id, players, args.seconds))
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    table = Table(title=f"bots against random play ({platform.python_version()})")
    columns = (
        "game",
        "seats",
        "bot",
        "bot games/s",
        "random games/s",
        "bot actions",
        "random actions",
        "cost ×",
    )
    for column in columns:
        table.add_column(
            column,
            justify="left" if column in ("game", "bot") else "right",
            no_wrap=column == "game",
        )
    for row in rows:
        table.add_row(
            str(row["game"]),
            str(row["players"]),
            str(row["bot"]),
            f"{row['bot_games_per_s']:,.1f}",
            f"{row['random_games_per_s']:,.1f}",
            f"{row['bot_actions_per_game']:,.0f}",
            f"{row['random_actions_per_game']:,.0f}",
            f"{row['cost_ratio']:.2f}×",
        )
    Console().print(table)
    print(f"load average {os.getloadavg()[0]:.1f} (CPU time measured)")


if __name__ == "__main__":
    main()
