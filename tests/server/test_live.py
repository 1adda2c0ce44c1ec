"""Ninja Master live: the dice shown to every seat at one server instant, grabs and calls
ordered by the time the server received them, with the game's reaction floor."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

from .conftest import hello, next_error, seated, send, until


@contextlib.contextmanager
def two_people_grabbing(client: Any, seed: int, **options: Any) -> Iterator[tuple[str, Any, Any]]:
    """A Ninja Master table of two people, both connected and ready, its grab running:
    (the table, the first seat's socket, the second's)."""
    table, tokens = seated(client, "ninja-master", "hh", seed=seed, turn_seconds=0, options=options)
    with (
        client.websocket_connect(f"/ws/{table}") as first,
        client.websocket_connect(f"/ws/{table}") as second,
    ):
        hello(first, tokens[0])
        hello(second, tokens[1])
        for socket in (first, second):
            send(socket, type="ready")
        until(second, lambda u: u["step"] == "running")
        until(first, lambda u: u["step"] == "running")
        yield table, first, second


def test_the_dice_are_held_back_until_the_round_begins_for_everybody(client):
    table, tokens = seated(client, "ninja-master", "hhb", seed=1, turn_seconds=0)
    with (
        client.websocket_connect(f"/ws/{table}") as first,
        client.websocket_connect(f"/ws/{table}") as second,
    ):
        hello(first, tokens[0])
        hello(second, tokens[1])
        waiting = until(first, lambda u: u["seats"][1]["connected"])
        assert waiting["step"] == "between" and waiting["legal"] == []
        assert waiting["view"]["dice"] is None and "roll" not in {
            e["kind"] for e in waiting["events"]
        }
        send(first, type="act", action={"type": "Grab", "token": 0})
        assert "the step is over" in next_error(first)
        send(first, type="ready")
        ready = until(second, lambda u: u["ready"] == [0])
        assert ready["view"]["dice"] is None
        send(second, type="ready")
        shown = [until(s, lambda u: u["step"] == "running") for s in (first, second)]
        assert shown[0]["view"]["dice"] == shown[1]["view"]["dice"] is not None
        assert [e["kind"] for e in shown[0]["events"]] == ["roll"]
        # Both were told by the same broadcast: the step's clock read the same.
        assert abs(shown[0]["step_ms"] - shown[1]["step_ms"]) <= 5
        grabs = [c["action"] for c in shown[0]["legal"] if c["action"]["type"] == "Grab"]
        assert grabs and all("ms" not in action for action in grabs)


def test_grabs_are_ordered_by_the_time_the_server_received_them(client, store):
    with two_people_grabbing(client, 2, reaction_ms=0) as (table, first, second):
        send(second, type="act", action={"type": "Grab", "token": 2})
        time.sleep(0.2)
        send(first, type="act", action={"type": "Grab", "token": 2})
        grabbed = until(first, lambda u: u["view"]["tokens"][2]["holder"] is not None)
        assert grabbed["view"]["tokens"][2]["holder"] == 1
    grabs = [row for row in store.actions(table) if row.action["type"] == "Grab"]
    assert grabs[0].seat == 1 and grabs[0].cause == "player"
    assert grabs[0].action["ms"] < 200


def test_a_grab_within_the_reaction_floor_counts_at_the_floor(client, store):
    table, (token,) = seated(client, "ninja-master", "hb", seed=3, turn_seconds=0)
    with client.websocket_connect(f"/ws/{table}") as socket:
        hello(socket, token)
        send(socket, type="ready")
        until(socket, lambda u: u["step"] == "running")
        send(socket, type="act", action={"type": "Grab", "token": 0, "ms": 1})  # its ms is ignored
        until(socket, lambda u: any(e["kind"] == "grab" for e in u["events"]))
    mine = [row for row in store.actions(table) if row.seat == 0 and row.cause == "player"]
    assert mine[0].action["ms"] >= 150  # the game's reaction floor


def test_a_second_grab_while_the_first_waits_for_the_other_person_is_held(client, store):
    with two_people_grabbing(client, 4) as (table, first, _second):
        send(first, type="act", action={"type": "Grab", "token": 0})
        send(first, type="act", action={"type": "Grab", "token": 1})  # both hands at once
        for message in iter(first.receive_json, None):
            assert message["type"] != "error", message  # held, not refused
            if message["type"] == "update" and message["view"]["tokens"][1]["holder"] == 0:
                break
    grabs = [row for row in store.actions(table) if row.action["type"] == "Grab"]
    assert [(row.seat, row.action["token"], row.cause) for row in grabs] == [
        (0, 0, "player"),
        (0, 1, "player"),
    ]
    assert grabs[1].action["ms"] >= grabs[0].action["ms"] + 150  # at the reaction floor


def test_while_the_first_grab_waits_the_second_hand_is_offered_the_other_tokens(client):
    # The first grab waits a whole second for the other person: time to look at the offers.
    with two_people_grabbing(client, 4, reaction_ms=1000) as (_table, first, _second):
        send(first, type="act", action={"type": "Grab", "token": 0})

        def waiting(update: dict[str, Any]) -> bool:  # sealed, not yet resolved
            grabs = [c["action"] for c in update["legal"] if c["action"]["type"] == "Grab"]
            unresolved = update["view"]["tokens"][0]["holder"] is None
            return unresolved and bool(grabs) and {"type": "Grab", "token": 0} not in grabs

        offered = until(first, waiting)["legal"]
        assert {c["action"]["token"] for c in offered if c["action"]["type"] == "Grab"} == {
            1,
            2,
            3,
            4,
            5,
        }
        assert all(c["action"]["type"] != "Wait" and "ms" not in c["action"] for c in offered)
        send(first, type="act", action={"type": "Grab", "token": 1})  # held
        held = until(
            first, lambda u: u["view"]["tokens"][0]["holder"] is not None or not u["legal"]
        )
        assert held["legal"] == [] or held["view"]["tokens"][0]["holder"] == 0
