"""Server benchmark: many tables played over websockets on the loopback.

    python bench/server.py [--tables N] [--seconds S] [--game GAME] [--players P]
                           [--bot B] [--think-ms MS]

Starts ``gamenight serve`` in its own process on a fresh SQLite database (in a temporary
folder, removed at the end), then opens `--tables` tables at once (default 200), each
with one person's seat played by this process over a websocket (a random legal action
as soon as the seat may act) and bots (`--bot`, default random: the server's own cost,
not the bots' thinking) at the others.
With `--think-ms`, the person waits that long on average (half to one and a half times)
before each move, as people do; without, every table's person answers at once, and the
server is never idle: its latency is then the queue of every table's work.
A table whose game ends is replaced by a new one until `--seconds` have
passed; the clock starts once the first N tables are set up. Printed, never asserted:

- actions/s: every action the server stored (the person's and the bots'), per second;
- the person's latency, from sending an action to receiving the update that follows it
  (the server has stored the action, and the bots' answers, before it is sent): p50,
  p99 and the worst, in ms.

The server and this client share the machine's cores: on 2 cores the client's own work
is part of the figures. The client keeps its own share small: uvloop's event loop and
pydantic-core's JSON parser (both come with the server's extra).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import uvloop
from pydantic_core import from_json
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


class Figures:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.games = 0


async def new_table(base: str, body: dict, moves: random.Random) -> tuple[str, str]:
    """A table whose person's seat is taken: its id and the seat's token."""
    created = await asyncio.to_thread(
        post, f"{base}/api/tables", {**body, "seed": moves.randrange(2**62)}
    )
    table, token = created["id"], created["invites"][0]["token"]
    await asyncio.to_thread(post, f"{base}/api/tables/{table}/claim", {"token": token})
    return table, token


def table_body(game: str, players: int, bot: str) -> dict:
    return {
        "game": game,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * (players - 1),
        "bot_delay_ms": 0,
        "turn_seconds": 0,
    }


async def play_tables(
    base: str,
    body: dict,
    first: tuple[str, str],
    moves: random.Random,
    until: float,
    think: float,
    figures: Figures,
) -> None:
    """One table after another for one person (from `first`), until the time is up."""
    table, token = first
    while time.monotonic() < until:
        async with connect(base.replace("http", "ws") + f"/ws/{table}", max_size=2**24) as link:
            await link.send(json.dumps({"type": "hello", "token": token}))
            sent_at = None
            history = 0
            async for text in link:
                message = from_json(text)
                if message["type"] != "update":
                    continue
                if sent_at is not None:
                    figures.latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
                if message["status"] == "finished":
                    figures.games += 1
                    break
                history += len(message["events"])
                if message["legal"] and time.monotonic() < until:
                    choice = message["legal"][moves.randrange(len(message["legal"]))]
                    if think:  # a person reads the table first (updates wait meanwhile)
                        await asyncio.sleep(think * moves.uniform(0.5, 1.5))
                    sent_at = time.perf_counter()
                    await link.send(json.dumps({"type": "act", "action": choice["action"]}))
                elif time.monotonic() >= until:
                    break
        if time.monotonic() < until:
            table, token = await new_table(base, body, moves)


def stored_actions(database: str) -> int:
    import sqlite3

    with sqlite3.connect(database) as db:
        return int(db.execute("select count(*) from actions").fetchone()[0])


async def run(arguments: argparse.Namespace, folder: str) -> None:
    """Start a server on a fresh database in `folder`, play, print the figures."""
    port = free_port()
    command = [sys.executable, "-m", "gamenight", "serve", "--data", folder, "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--post-rate", "10000"],  # every table is created from this one address
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(f"{base}/api/games", timeout=1).close()
                break
            except OSError:
                await asyncio.sleep(0.1)
        figures = Figures()
        body = table_body(arguments.game, arguments.players, arguments.bot)
        moves = [random.Random(seed) for seed in range(arguments.tables)]
        # Every table is set up before the clock starts: the figures are of play (with
        # the new tables that replace finished games), not of the first rush of creations.
        firsts = await asyncio.gather(*(new_table(base, body, m) for m in moves))
        stored_before = stored_actions(os.path.join(folder, "gamenight.db"))
        start = time.monotonic()
        until = start + arguments.seconds
        await asyncio.gather(
            *(
                play_tables(base, body, first, m, until, arguments.think_ms / 1000, figures)
                for first, m in zip(firsts, moves, strict=True)
            )
        )
        elapsed = time.monotonic() - start
    finally:
        server.terminate()
        server.wait(30)
    actions = stored_actions(os.path.join(folder, "gamenight.db")) - stored_before
    latencies = sorted(figures.latencies)
    print(
        f"{arguments.tables} tables of {arguments.game} ({arguments.players} seats: a person "
        f"over a websocket, {arguments.bot} bots, thinking {arguments.think_ms:.0f} ms), "
        f"{elapsed:.1f} s on {os.cpu_count()} cores"
    )
    print(
        f"  games finished: {figures.games}, actions stored: {actions:,} ({actions / elapsed:,.0f}/s)"
    )
    if latencies:
        p50 = statistics.median(latencies) * 1000
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
        print(
            f"  the person's latency over {len(latencies):,} actions: p50 {p50:.1f} ms, "
            f"p99 {p99:.1f} ms, worst {latencies[-1] * 1000:.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--game", default="boss-quest")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bot", default="random", help="the bots' agent (default: random)")
    parser.add_argument(
        "--think-ms",
        type=float,
        default=0.0,
        help="how long the person thinks before each move, on average (default 0: at once)",
    )
    with tempfile.TemporaryDirectory(prefix="gamenight-bench-") as folder:
        uvloop.run(run(parser.parse_args(), folder))


if __name__ == "__main__":
    main()
