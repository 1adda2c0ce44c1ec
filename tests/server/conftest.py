"""Fixtures of the server tests: a store in the test's folder, an application over it,
and helpers to create tables and play them over websockets."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():  # Starlette's client still uses httpx, and says so
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from gamenight.server import Store, create_app


@pytest.fixture
def store(tmp_path) -> Iterator[Store]:
    store = Store(f"sqlite:///{tmp_path / 'gamenight.db'}")
    yield store
    store.close()


@pytest.fixture
def client(store) -> Iterator[TestClient]:
    with TestClient(create_app(store)) as client:
        yield client


def create(client: TestClient, game: str, seats: str, **settings: Any) -> dict[str, Any]:
    """Create a table: `seats` has one letter a seat, ``h`` a person and ``b`` a bot.
    Bots act at once (no delay) unless `settings` say otherwise."""
    body = {
        "game": game,
        "seats": [{"kind": "human" if c == "h" else "bot"} for c in seats],
        "bot_delay_ms": 0,
        **settings,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def seated(client: TestClient, game: str, seats: str, **settings: Any) -> tuple[str, list[str]]:
    """A table whose people have all taken their seats: its id and their tokens."""
    created = create(client, game, seats, **settings)
    tokens = [invite["token"] for invite in created["invites"]]
    for token in tokens:
        assert client.post(f"/api/tables/{created['id']}/claim", json={"token": token}).is_success
    return created["id"], tokens


def hello(socket: Any, token: str | None = None) -> dict[str, Any]:
    """Say who is there; returns the welcome."""
    socket.send_text(json.dumps({"type": "hello", "token": token}))
    welcome = socket.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome


def send(socket: Any, **message: Any) -> None:
    socket.send_text(json.dumps(message))


def next_update(socket: Any) -> dict[str, Any]:
    """The next update (errors are raised)."""
    message = socket.receive_json()
    assert message["type"] == "update", message
    return message


def until(socket: Any, test: Any) -> dict[str, Any]:
    """Updates until one passes `test`."""
    for _ in range(10_000):
        message = socket.receive_json()
        if message["type"] == "update" and test(message):
            return message
    raise AssertionError("no such update came")


def next_error(socket: Any) -> str:
    """The next error's words (updates before it are skipped)."""
    for _ in range(10_000):
        message = socket.receive_json()
        if message["type"] == "error":
            return str(message["message"])
    raise AssertionError("no error came")
