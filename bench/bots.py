"""Bot benchmarks: what a game of each game's default bot costs against a random game.

    python bench/bots.py [--seconds S] [--rounds R] [--players P] [--game ID ...] [--json]

For every registered game (or each `--game`), plays whole games at `--players` seats
(clamped to each game's range) through the table loop (`gamenight.play.table.play`) with
the game's default bot at every seat and with `random` agents, in `--rounds` rounds: the
bots play for `--seconds` / rounds of CPU time (at least one game), then random agents
play the same games (the same seeds), and the next round goes on with the next seeds.
Prints games per second and actions per game over all rounds, and the cost of a bots'
game over a random one (the speed issue's goal: within 5×) as the median of the rounds'
ratios: games differ a lot, and load that comes and goes on a shared machine moves one
round, not the figure. Games are rebuilt from their index alone, so two runs play the
same games. Printed, never asserted.
`bench/instructions.py` counts the same games' instructions instead.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
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


def measure(
    game_id: str, players: int, seconds: float, rounds: int
) -> dict[str, float | int | str | list[float]]:
    """Rounds of bot games for seconds / rounds (at least one game), then random games on
    the same seeds; the rounds' ratios and the totals."""
    bot = agents.default(game_id)
    played = {"bot": [0, 0, 0.0], "random": [0, 0, 0.0]}  # games, actions, seconds
    ratios = []
    first = 0  # the round's first seed
    for _ in range(rounds):
        by_bot = games_within(
            partial(bot_game, game_id, players, bot), range(first, 1_000_000), seconds / rounds
        )
        same = range(first, first + by_bot[0])
        by_random = games_within(partial(bot_game, game_id, players, "random"), same, float("inf"))
        for side, (games, actions, elapsed) in (("bot", by_bot), ("random", by_random)):
            played[side][0] += games
            played[side][1] += actions
            played[side][2] += elapsed
        ratios.append(by_bot[2] / by_random[2])
        first = same.stop
    row: dict[str, float | int | str | list[float]] = {
        "game": game_id,
        "players": players,
        "bot": bot,
    }
    for side, (games, actions, elapsed) in played.items():
        row[f"{side}_games_per_s"] = games / elapsed
        row[f"{side}_actions_per_game"] = actions / games
        row[f"{side}_games"] = int(games)
    row["cost_ratio"] = statistics.median(ratios)
    row["cost_ratios"] = ratios
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds of bot games")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--players", type=int, default=4, help="seats, clamped per game")
    parser.add_argument("--game", action="append", help="a game id (repeatable; default all)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be 1 or more")
    games = args.game or gamenight.games()
    rows = []
    for game_id in games:
        cls = game_class(game_id)  # an unknown id fails here, before any game is played
        players = min(max(args.players, cls.min_players), cls.max_players)
        rows.append(measure(game_id, players, args.seconds, args.rounds))
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    table = Table(
        title=f"bots against random play ({platform.python_version()}, "
        f"cost: the median of {args.rounds} rounds)"
    )
    columns = (
        "game",
        "seats",
        "bot",
        "bot games/s",
        "random games/s",
        "bot actions",
        "random actions",
        "cost ×",
        "rounds",
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
            f"{min(row['cost_ratios']):.2f}–{max(row['cost_ratios']):.2f}",
        )
    Console().print(table)
    print(f"load average {os.getloadavg()[0]:.1f} (CPU time measured)")


if __name__ == "__main__":
    main()
