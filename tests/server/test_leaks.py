"""No message tells a seat a card hidden from it.

Full games are played at a server's tables with a person at every seat (random legal
moves) and a spectator; every message sent to each of them is scanned, the moment it is
sent, for the cards the others hold that the receiver may not know.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from gamenight.play.table import next_actor
from gamenight.server.protocol import CreateTable, SeatRequest
from gamenight.server.tables import Hall
from gamenight.server.updates import Cursor


def boss_quest_secrets(state, receiver):
    """The hidden weapons of the other seats, unless the receiver knows them."""
    secrets = set()
    for other in range(state.num_players):
        hidden = state.view(other)["seats"][other]["hidden"]
        known = receiver is not None and state.view(receiver)["seats"][other]["hidden"]
        if hidden is not None and not known:
            secrets.add(hidden["id"])
    return secrets


def meow_secrets(state, receiver):
    secrets = set()
    for other in range(state.num_players):
        if other == receiver:
            continue
        hand = {card["card"] for card in state.view(other)["seats"][other]["hand"]}
        seen = state.view(receiver)["seats"][other]["known_hand"]
        secrets |= hand - {card["card"] if isinstance(card, dict) else card for card in seen}
    return secrets


def munchkin_secrets(state, receiver):
    secrets = set()
    for other in range(state.num_players):
        if other == receiver:
            continue
        seen = set(state.view(receiver)["seats"][other]["known_hand"])
        secrets |= set(state.view(other)["hand"]) - seen
    return secrets


# game -> (who holds what the receiver may not know, the keys that name cards)
GAMES = {
    "boss-quest": (boss_quest_secrets, {"id", "weapon", "weapons"}),
    "meow-dark-lord": (meow_secrets, {"card", "cards", "hand"}),
    "munchkin": (munchkin_secrets, {"card", "cards", "hand", "give", "take", "known_hand"}),
}
# Random players make Munchkin games of thousands of moves: these end at the safety limit.
OPTIONS = {"munchkin": {"max_turns": 12}}


def named_cards(data: Any, keys: set[str]) -> set[int]:
    """Every card number that `data` (a message as JSON) names under one of `keys`: a
    number under a singular key (``card``), the numbers of a list under any (``cards``;
    ``weapons`` is also a count)."""
    found: set[int] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key in keys:
                    if type(value) is int and not key.endswith("s"):
                        found.add(value)
                    elif isinstance(value, list):
                        found.update(v for v in value if type(v) is int)
                stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
    return found


class Scanner:
    """A listener that checks each message the moment it is sent."""

    def __init__(self, table, seat, game) -> None:
        self.table, self.seat, self.lang, self.cursor = table, seat, "en", Cursor()
        self.secrets_of, self.keys = GAMES[game]
        self.messages = 0

    def send(self, message: str) -> None:
        data = json.loads(message)
        leaked = named_cards(data, self.keys) & self.secrets_of(self.table.state, self.seat)
        assert not leaked, f"seat {self.seat} was told {sorted(leaked)}: {data}"
        self.messages += 1


async def play_scanned(store, game: str, seed: int, players: int = 3) -> list[Scanner]:
    hall = Hall(store)
    request = CreateTable(
        game=game,
        seats=[SeatRequest(kind="human")] * players,
        seed=seed,
        options=OPTIONS.get(game, {}),
        turn_seconds=0,
    )
    table, tokens = hall.create(request)
    scanners = [Scanner(table, seat, game) for seat in [*range(players), None]]
    for scanner in scanners:
        await table.connect(scanner)
    for _, token in tokens:
        await table.claim(token, "")
    moves = random.Random(seed)
    while not table.state.is_over():
        seat = next_actor(table.state)
        legal = table.state.legal_actions(seat)
        await table.act(seat, legal[moves.randrange(len(legal))].to_json())
    hall.close()
    return scanners


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_message_of_a_full_game_names_a_card_hidden_from_its_receiver(store, game):
    for seed in (1, 2):
        scanners = asyncio.run(play_scanned(store, game, seed))
        assert all(scanner.messages > 20 for scanner in scanners)


class LiveScanner:
    """A Ninja Master listener: between two rounds, nothing of the next round's dice."""

    def __init__(self, table, seat) -> None:
        self.table, self.seat, self.lang, self.cursor = table, seat, "en", Cursor()
        self.between = self.running = 0

    def send(self, message: str) -> None:
        data = json.loads(message)
        if data.get("step") == "between":
            self.between += 1
            assert data["view"]["dice"] is None
            assert "roll" not in {event["kind"] for event in data["events"]}
        elif data.get("step") == "running":
            self.running += 1
            assert data["view"]["dice"] == self.table.state.view(self.seat)["dice"]
        if data.get("view"):
            assert data["view"]["proposal"] is None or self.seat is not None


async def play_live(store, seed: int) -> list[LiveScanner]:
    hall = Hall(store)
    request = CreateTable(
        game="ninja-master",
        seats=[SeatRequest(kind="human"), SeatRequest(kind="bot"), SeatRequest(kind="bot")],
        seed=seed,
        options={"target": 8},
        turn_seconds=0,
    )
    table, ((seat, token),) = hall.create(request)
    scanners = [LiveScanner(table, s) for s in (0, 1, None)]
    for scanner in scanners:
        await table.connect(scanner)
    await table.claim(token, "")
    while not table.state.is_over():
        await asyncio.sleep(0.001)
        if table.live.table.running:
            if seat in table.state.actors():
                await table.act(seat, {"type": "Done"})
        else:
            await table.ready(seat)
    hall.close()
    return scanners


def test_between_rounds_nobody_is_told_the_next_rounds_dice(store):
    scanners = asyncio.run(play_live(store, 4))
    assert all(scanner.between > 1 and scanner.running > 1 for scanner in scanners)
