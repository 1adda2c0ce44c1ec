"""A real server killed with SIGKILL mid-game loses nothing: restarted on the same data,
it resumes the table by replay, and the game finishes as an uninterrupted replay of its
record says."""

from __future__ import annotations

import contextlib
import json
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

import gamenight
from gamenight.kernel import GameRecord
from gamenight.server import Store

websockets = pytest.importorskip("websockets.sync.client")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """`gamenight serve` in its own process."""

    def __init__(self, data, port) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gamenight", "serve", "--data", str(data), "--port", str(port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                self.get("/api/games")
                return
            except OSError:
                assert self.process.poll() is None, self.process.stderr.read().decode()
                time.sleep(0.1)
        self.process.kill()  # it runs but does not answer: it must not outlive the test
        raise AssertionError("the server did not start")

    def get(self, path):
        with urllib.request.urlopen(self.url + path, timeout=5) as response:
            return json.loads(response.read())

    def post(self, path, body):
        request = urllib.request.Request(
            self.url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            return json.loads(response.read())

    @contextlib.contextmanager
    def connect(self, table, token):
        with websockets.connect(self.url.replace("http", "ws") + f"/ws/{table}") as link:
            link.send(json.dumps({"type": "hello", "token": token}))
            assert json.loads(link.recv(timeout=10))["type"] == "welcome"
            yield link

    def kill(self) -> str:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        return self.process.stderr.read().decode()

    def stop(self) -> str:
        self.process.terminate()
        self.process.wait(10)
        return self.process.stderr.read().decode()


def latest(link, seconds=0.02, wait=0.0):
    """The last update received until `seconds` of quiet, waiting up to `wait` seconds
    for the first (None: none came)."""
    found = None
    timeout = max(seconds, wait)
    while True:
        try:
            message = json.loads(link.recv(timeout=timeout))
        except TimeoutError:
            return found
        timeout = seconds
        if message["type"] == "update":
            found = message


def play(server, table, tokens, moves, limit):
    """The people play random moves until the game ends or `limit` moves; returns the
    last update each seat saw."""
    with contextlib.ExitStack() as stack:
        links = [stack.enter_context(server.connect(table, token)) for token in tokens]
        seen = [latest(link, wait=5) for link in links]
        played = 0
        while played < limit and seen[0]["status"] != "finished":
            acting = [s for s, update in enumerate(seen) if update["legal"]]
            if acting:
                seat = acting[0]
                legal = seen[seat]["legal"]
                action = legal[moves.randrange(len(legal))]["action"]
                links[seat].send(json.dumps({"type": "act", "action": action}))
                seen[seat] = latest(links[seat], wait=5)  # told once it is stored
                played += 1
            seen = [latest(link) or update for link, update in zip(links, seen, strict=True)]
    return seen


def test_a_killed_server_resumes_every_table_and_the_game_ends_as_its_record_replays(tmp_path):
    port = free_port()
    server = Server(tmp_path, port)
    try:
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]
        body = {"game": "meow-dark-lord", "seats": seats, "seed": 7, "bot_delay_ms": 0}
        created = server.post("/api/tables", body)
        table, tokens = created["id"], [invite["token"] for invite in created["invites"]]
        for token in tokens:
            server.post(f"/api/tables/{table}/claim", {"token": token})
        moves = random.Random(7)
        before = play(server, table, tokens, moves, limit=12)
        assert before[0]["status"] == "running"
    finally:
        log = server.kill()
    assert all(token not in log for token in tokens)  # tokens never reach the log

    stored = Store(f"sqlite:///{tmp_path / 'gamenight.db'}")
    kept = [row.action for row in stored.actions(table)]
    stored.close()
    assert kept, "the moves made before the kill are stored"

    server = Server(tmp_path, port)
    try:
        resumed = play(server, table, tokens, moves, limit=0)
        # Reconnected people see exactly what they saw before the kill.
        assert [update["view"] for update in resumed] == [update["view"] for update in before]
        after = play(server, table, tokens, moves, limit=10_000)
        assert after[0]["status"] == "finished"
        record = server.get(f"/api/tables/{table}/record")
    finally:
        log = server.stop()
    assert all(token not in log for token in tokens)
    assert [action for _, action in record["actions"][: len(kept)]] == kept
    replayed = gamenight.replay(GameRecord.from_json(json.dumps(record)))
    assert replayed.is_over()
    assert [replayed.view(seat) for seat in range(2)] == [update["view"] for update in after]
