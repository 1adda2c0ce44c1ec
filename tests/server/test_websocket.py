"""The tables' websocket: playing, watching, reconnecting, deadlines, and hostile input."""

from __future__ import annotations

import json
import time

from sqlalchemy.engine import Connection
from sqlalchemy.exc import OperationalError

from .conftest import hello, next_error, next_update, seated, send, until


def acting(update):
    return update["view"]["to_act"]


def test_a_person_plays_a_whole_game_against_bots(client):
    table, (token,) = seated(client, "boss-quest", "hbb", seed=3)
    with client.websocket_connect(f"/ws/{table}") as socket:
        welcome = hello(socket, token)
        assert welcome["seat"] == 0 and welcome["table"]["status"] == "running"
        moves = 0
        while True:
            update = next_update(socket)
            if update["status"] == "finished":
                break
            if update["legal"]:
                send(socket, type="act", action=update["legal"][-1]["action"])
                moves += 1
        assert moves > 0 and update["outcome"]["winners"]
        assert update["log"][-1].startswith("Game over")


def test_each_seat_gets_its_own_view_and_only_its_own_moves(client):
    table, tokens = seated(client, "boss-quest", "hhh", seed=4)
    with (
        client.websocket_connect(f"/ws/{table}") as first,
        client.websocket_connect(f"/ws/{table}") as second,
    ):
        hello(first, tokens[0])
        hello(second, tokens[1])
        mine = until(first, lambda u: u["view"] is not None)
        theirs = until(second, lambda u: u["view"] is not None)
        assert mine["view"]["seat"] == 0 and theirs["view"]["seat"] == 1
        assert mine["view"]["seats"][0]["hidden"] is not None
        assert mine["view"]["seats"][1]["hidden"] is None
        assert theirs["view"]["seats"][1]["hidden"] is not None
        for update in (mine, theirs):
            assert bool(update["legal"]) == (update["view"]["seat"] in acting(update))


def test_a_token_cannot_act_for_another_seat(client):
    table, tokens = seated(client, "boss-quest", "hh", seed=5)
    sockets = [client.websocket_connect(f"/ws/{table}") for _ in tokens]
    with sockets[0] as zero, sockets[1] as one:
        hello(zero, tokens[0])
        hello(one, tokens[1])
        updates = [until(zero, lambda u: True), until(one, lambda u: True)]
        actor = acting(updates[0])[0]
        other = [one, zero][actor]
        move = updates[actor]["legal"][0]["action"]
        send(other, type="act", action=move)  # the other seat tries the actor's move
        assert "may not act now" in next_error(other)
        send(other, type="act", action=move, seat=actor)
        assert "Extra inputs" in next_error(other)
    # Nothing changed: the actor still has the same move to make.
    with client.websocket_connect(f"/ws/{table}") as again:
        hello(again, tokens[actor])
        assert next_update(again)["legal"][0]["action"] == move


HOSTILE = [
    "not json at all",
    "[]",
    "null",
    json.dumps({"type": "act"}),
    json.dumps({"type": "act", "action": {"type": "Nope"}}),
    json.dumps({"type": "act", "action": {"type": "Equip", "count": 99}}),
    json.dumps({"type": "act", "action": {"type": "Equip", "count": 1.0}}),
    json.dumps({"type": "act", "action": {"type": "Equip", "count": True}}),
    json.dumps({"type": "act", "action": {"type": "Equip", "count": "1"}}),
    json.dumps({"type": "act", "action": {"type": "Equip", "count": 1, "extra": 2}}),
    json.dumps({"type": "act", "action": {"type": "Equip", "count": 1}, "seat": 1}),
    json.dumps({"type": "hello", "token": "x" * 100}),
    json.dumps({"type": "become", "seat": 0}),
    json.dumps({"type": "act", "action": "x" * 5000}),
    "[" * 3000 + "]" * 3000,
    '{"type": "act", "action": {"type": "Equip", "count": 1e999}}',
    '{"type": "act", "type": "ready"}',
]


def test_hostile_messages_get_an_error_and_change_nothing(client):
    table, (token,) = seated(client, "boss-quest", "hb", seed=6, bot_delay_ms=10_000)
    with client.websocket_connect(f"/ws/{table}") as socket:
        hello(socket, token)
        before = until(socket, lambda u: True)
        for text in HOSTILE:
            socket.send_text(text)
            answer = next_error(socket)
            assert "Traceback" not in answer and len(answer) < 500
        socket.send_bytes(b"\x00\x01binary")
        next_error(socket)
    with client.websocket_connect(f"/ws/{table}") as socket:
        hello(socket, token)
        after = next_update(socket)
        assert after["view"] == before["view"] and after["legal"] == before["legal"]


def test_the_first_message_must_say_who_is_there(client):
    table, _ = seated(client, "boss-quest", "hb")
    with client.websocket_connect(f"/ws/{table}") as socket:
        send(socket, type="act", action={"type": "Equip", "count": 1})
        assert "hello" in next_error(socket)
    with client.websocket_connect(f"/ws/{table}") as socket:
        send(socket, type="hello", token="not-a-token-of-this-table")
        assert "not valid" in next_error(socket)
    with client.websocket_connect("/ws/no-such-table") as socket:
        send(socket, type="hello")
        assert socket.receive_json()["message"] == "no such table"


def test_spectators_see_the_public_view_and_cannot_act(client):
    table, _ = seated(client, "boss-quest", "hb", bot_delay_ms=10_000)
    with client.websocket_connect(f"/ws/{table}") as socket:
        assert hello(socket)["seat"] is None
        update = next_update(socket)
        assert update["view"]["seat"] is None and update["legal"] == []
        assert all(seat["hidden"] is None for seat in update["view"]["seats"])
        send(socket, type="act", action={"type": "Equip", "count": 1})
        assert "spectators" in next_error(socket)


def test_messages_past_the_rate_limit_are_refused(client):
    table, (token,) = seated(client, "boss-quest", "hb", bot_delay_ms=10_000)
    with client.websocket_connect(f"/ws/{table}") as socket:
        hello(socket, token)
        next_update(socket)
        for _ in range(60):
            send(socket, type="ping")
        send(socket, type="ping")
        assert next_error(socket) == "too many messages: slow down"


def test_a_reconnection_gets_the_whole_view_and_log(client):
    table, (token,) = seated(client, "boss-quest", "hb", seed=8)
    with client.websocket_connect(f"/ws/{table}") as socket:
        hello(socket, token)
        update = until(socket, lambda u: u["legal"])
        send(socket, type="act", action=update["legal"][0]["action"])
        seen = until(socket, lambda u: u["legal"] or u["status"] == "finished")
    with client.websocket_connect(f"/ws/{table}") as socket:
        hello(socket, token)
        again = next_update(socket)
        assert again["first"] == 0 and again["view"] == seen["view"]
        assert len(again["events"]) >= len(update["events"]) + 1


def test_missed_deadlines_pass_and_a_bot_stands_in_until_the_owner_is_back(client, store):
    table, (token,) = seated(
        client, "meow-dark-lord", "hb", seed=9, turn_seconds=1, window_seconds=1, max_missed=2
    )
    with client.websocket_connect(f"/ws/{table}") as socket:
        hello(socket, token)
        stood_in = until(socket, lambda u: u["seats"][0]["standin"])
        causes = [row.cause for row in store.actions(table) if row.seat == 0]
        assert causes.count("timeout") == 2 and "player" not in causes
        assert stood_in["seats"][0]["standin"]
        send(socket, type="back")
        back = until(socket, lambda u: not u["seats"][0]["standin"])
        assert back["status"] in ("running", "finished")


def test_an_action_the_store_fails_to_write_is_refused_and_the_next_one_is_stored(
    client, store, monkeypatch
):
    table, (token,) = seated(client, "boss-quest", "hb", seed=3, turn_seconds=0)
    written = Connection.exec_driver_sql

    def lost_once(self, *args, **kwargs):  # the database's connection is lost, once
        monkeypatch.setattr(Connection, "exec_driver_sql", written)
        raise OperationalError("INSERT INTO actions", (), Exception("disk I/O error"))

    with client.websocket_connect(f"/ws/{table}") as socket:
        hello(socket, token)
        update = until(socket, lambda u: u["legal"])
        stored = len(store.actions(table))
        monkeypatch.setattr(Connection, "exec_driver_sql", lost_once)
        send(socket, type="act", action=update["legal"][0]["action"])
        assert "could not save" in next_error(socket)
        assert len(store.actions(table)) == stored
        send(socket, type="act", action=update["legal"][0]["action"])
        assert next_update(socket)["first"] > update["first"]
        assert len(store.actions(table)) > stored


def test_a_disconnection_is_not_a_pass(client, store):
    table, (token,) = seated(client, "boss-quest", "hb", seed=10, turn_seconds=0)
    with client.websocket_connect(f"/ws/{table}") as socket:
        hello(socket, token)
        until(socket, lambda u: u["legal"])
    stored = len(store.actions(table))
    time.sleep(0.3)
    assert len(store.actions(table)) == stored


def test_munchkin_is_played_on_its_own_table_with_the_windows_deadline_shown(client):
    table, (token,) = seated(client, "munchkin", "hbb", seed=2, turn_seconds=1, window_seconds=30)
    with client.websocket_connect(f"/ws/{table}") as socket:
        welcome = hello(socket, token)
        assert welcome["table"]["web"]
        update = until(socket, lambda u: u["legal"])
        assert all(choice["label"] for choice in update["legal"])
        send(socket, type="act", action=update["legal"][0]["action"])
        window = until(socket, lambda u: {"type": "Pass"} in [c["action"] for c in u["legal"]])
        if "0" not in window["deadlines"]:  # the bots answer first; then the clock starts
            window = until(socket, lambda u: "0" in u["deadlines"])
        assert 0 < window["deadlines"]["0"] <= 30_000


def test_a_hello_in_a_language_the_game_lacks_is_refused(client):
    table, (token,) = seated(client, "munchkin", "hbb", seed=2)
    with client.websocket_connect(f"/ws/{table}") as socket:
        socket.send_text(json.dumps({"type": "hello", "token": token, "lang": "de"}))
        assert socket.receive_json() == {
            "type": "error",
            "message": "unknown language 'de'; known: en, ja, uk, ru, lt",
        }
    with client.websocket_connect(f"/ws/{table}") as socket:
        socket.send_text(json.dumps({"type": "hello", "token": token, "lang": "ru"}))
        assert socket.receive_json()["type"] == "welcome"


def test_a_search_bot_thinks_aside_and_plays_its_seat_to_the_end(client, store):
    body = {
        "game": "boss-quest",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:20"}],
        "seed": 4,
        "bot_delay_ms": 0,
        "options": {"key_target": 1},
    }
    created = client.post("/api/tables", json=body).json()
    token = created["invites"][0]["token"]
    assert client.post(f"/api/tables/{created['id']}/claim", json={"token": token}).is_success
    with client.websocket_connect(f"/ws/{created['id']}") as socket:
        hello(socket, token)
        while True:
            message = socket.receive_json()
            if message["type"] != "update":
                continue  # the refusal of an act sent twice for one state
            if message["status"] == "finished":
                break
            if message["legal"]:
                send(socket, type="act", action=message["legal"][0]["action"])
    causes = {(row.seat, row.cause) for row in store.actions(created["id"])}
    assert (1, "bot") in causes and (0, "player") in causes


def test_a_seat_is_told_the_games_words_in_the_language_of_its_hello(client):
    table, (token,) = seated(client, "munchkin", "hbb", seed=2)
    with client.websocket_connect(f"/ws/{table}") as socket:
        socket.send_text(json.dumps({"type": "hello", "token": token, "lang": "ja"}))
        assert socket.receive_json()["type"] == "welcome"
        update = until(socket, lambda u: u["log"])
        japanese = client.get("/api/games/munchkin/catalog?lang=ja").json()["designs"]
        names = {design["name"] for design in japanese.values()}
        assert any(name in line for line in update["log"] for name in names)
