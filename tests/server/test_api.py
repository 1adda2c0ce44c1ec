"""The lobby's HTTP API: games, tables, seats, records; its errors and its guards."""

from __future__ import annotations

import time

import pytest

import gamenight
from gamenight.kernel import GameRecord
from gamenight.server import create_app

from .conftest import TestClient, create, seated


def wait_for_status(client, table_id, status, seconds=30.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        info = client.get(f"/api/tables/{table_id}").json()
        if info["status"] == status:
            return info
        time.sleep(0.02)
    raise AssertionError(f"table {table_id} is {info['status']}, not {status}")


def test_every_installed_game_is_offered_with_its_options_and_bots(client):
    games = {game["id"]: game for game in client.get("/api/games").json()}
    assert sorted(games) == gamenight.games()
    quest = games["boss-quest"]
    assert quest["title"] == "Boss Quest" and "heuristic" in quest["bots"]
    assert {option["name"] for option in quest["options"]} >= {"hearts", "key_target"}
    assert games["ninja-master"]["real_time"] and games["ninja-master"]["playable"]


def test_a_table_of_bots_plays_to_the_end_and_its_record_replays(client):
    created = create(client, "boss-quest", "bbb", seed=11)
    assert created["invites"] == []
    info = wait_for_status(client, created["id"], "finished")
    assert [seat["kind"] for seat in info["seats"]] == ["bot"] * 3
    record = client.get(f"/api/tables/{created['id']}/record").json()
    replayed = gamenight.replay(GameRecord.from_json(__import__("json").dumps(record)))
    assert replayed.is_over() and replayed.seed == 11


def test_a_table_opens_when_created_and_runs_once_every_person_is_seated(client):
    created = create(client, "meow-dark-lord", "hhb")
    table = created["id"]
    assert client.get(f"/api/tables/{table}").json()["status"] == "open"
    assert [t["id"] for t in client.get("/api/tables?status=open").json()] == [table]
    first, second = (invite["token"] for invite in created["invites"])
    seat = client.post(f"/api/tables/{table}/claim", json={"token": first, "name": "Ann"}).json()
    assert seat["seat"] == 0 and seat["link"] == f"/t/{table}#seat=0&token={first}"
    assert client.get(f"/api/tables/{table}").json()["status"] == "open"
    client.post(f"/api/tables/{table}/claim", json={"token": second, "name": "Bob"})
    info = client.get(f"/api/tables/{table}").json()
    assert info["status"] == "running"
    assert [s["name"] for s in info["seats"]] == ["Ann", "Bob", "heuristic"]
    assert [t["id"] for t in client.get("/api/tables?status=running").json()] == [table]


def test_join_takes_a_free_seat_with_a_new_token_and_leave_frees_it(client):
    created = create(client, "boss-quest", "hh")
    table, invite = created["id"], created["invites"][0]["token"]
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Cid"}).json()
    assert joined["seat"] == 0 and joined["token"] != invite
    # The seat's invitation no longer works: the seat was taken with a new token.
    refused = client.post(f"/api/tables/{table}/claim", json={"token": invite})
    assert refused.status_code == 409 and "not valid" in refused.json()["error"]
    assert client.post(f"/api/tables/{table}/leave", json={"token": joined["token"]}).is_success
    again = client.post(f"/api/tables/{table}/claim", json={"token": joined["token"]})
    assert again.status_code == 409  # who leaves cannot come back with the old token
    info = client.get(f"/api/tables/{table}").json()
    assert not info["seats"][0]["claimed"]


def test_start_lets_bots_play_the_free_seats_until_somebody_takes_them(client):
    created = create(client, "boss-quest", "hhh")
    table, token = created["id"], created["invites"][0]["token"]
    refused = client.post(f"/api/tables/{table}/start", json={"token": "nobody's"})
    assert refused.status_code == 409
    client.post(f"/api/tables/{table}/claim", json={"token": token})
    assert client.post(f"/api/tables/{table}/start", json={"token": token}).json()["status"] in (
        "running",
        "finished",
    )


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess", "seats": [{"kind": "bot"}] * 2}, "unknown game"),
        ({"game": "boss-quest", "seats": [{"kind": "bot"}]}, "takes 2 to"),
        ({"game": "boss-quest", "seats": [{"kind": "bot"}] * 17}, "at most 16"),
        ({"game": "boss-quest", "seats": [{"kind": "robot"}] * 3}, "kind"),
        ({"game": "boss-quest", "seats": [{"kind": "bot", "bot": "genius"}] * 3}, "unknown bot"),
        ({"game": "boss-quest", "seats": [{"kind": "bot", "bot": "ismcts:lots"}] * 3}, "bad agent"),
        (
            {"game": "boss-quest", "seats": [{"kind": "bot"}] * 3, "options": {"hearts": 99}},
            "at most",
        ),
        ({"game": "boss-quest", "seats": [{"kind": "bot"}] * 3, "cheat": True}, "cheat"),
        ({"game": "boss-quest", "seats": [{"kind": "bot"}] * 3, "seed": -1}, "seed"),
    ],
)
def test_a_bad_table_gets_a_one_line_error(client, body, words):
    response = client.post("/api/tables", json=body)
    assert response.status_code in (400, 422)
    assert list(response.json()) == ["error"]
    assert words in response.json()["error"]
    assert client.get("/api/tables").json() == []


def test_bodies_are_bounded_and_malformed_ones_refused(client):
    huge = client.post(
        "/api/tables",
        content=b"{" + b" " * 70_000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert huge.status_code == 413
    broken = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert broken.status_code == 422 and list(broken.json()) == ["error"]


def test_post_requests_are_rate_limited_per_address(store):
    with TestClient(create_app(store, post_rate=1)) as client:
        answers = [client.post("/api/tables/nothing/join", json={}) for _ in range(6)]
    assert [answer.status_code for answer in answers[:4]] == [404] * 4  # four at once
    assert answers[-1].status_code == 429
    assert answers[-1].json() == {"error": "too many requests: slow down"}
    assert "default-src 'self'" in answers[-1].headers["content-security-policy"]


def test_no_traceback_reaches_a_client(store, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a secret detail of the server")

    monkeypatch.setattr(store, "tables", broken)
    with TestClient(create_app(store), raise_server_exceptions=False) as client:
        response = client.get("/api/tables")
    assert response.status_code == 500
    assert response.json() == {"error": "internal error"}


def test_cross_origin_requests_are_refused_by_default(client):
    preflight = client.options(
        "/api/tables",
        headers={"Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST"},
    )
    assert "access-control-allow-origin" not in preflight.headers
    response = client.get("/api/games", headers={"Origin": "https://elsewhere.example"})
    assert "access-control-allow-origin" not in response.headers


def test_a_record_is_secret_until_the_game_is_over(client):
    table, _ = seated(client, "boss-quest", "hb")
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    assert client.get(f"/api/tables/{table}/replay").status_code == 409
    assert client.get("/api/tables/nothing-here").status_code == 404


def test_a_finished_game_replays_step_by_step_with_every_card_shown(client):
    created = create(client, "boss-quest", "bbb", seed=5)
    wait_for_status(client, created["id"], "finished")
    first = client.get(f"/api/tables/{created['id']}/replay?n=1").json()
    assert first["n"] == 1 and first["total"] > 1 and first["last"]["label"]
    assert all(view["seats"][view["seat"]]["hidden"] is not None for view in first["views"])
    end = client.get(f"/api/tables/{created['id']}/replay?n=100000").json()
    assert end["n"] == end["total"] and end["outcome"]["winners"]
    ru = client.get(f"/api/tables/{created['id']}/replay?n=1&lang=ru").json()
    assert ru["last"]["label"] != first["last"]["label"]  # the same step in the game's Russian
    refused = client.get(f"/api/tables/{created['id']}/replay?n=1&lang=xx")
    assert refused.status_code == 422
    assert "unknown language 'xx'; known: en, " in refused.json()["error"]


def test_the_pages_and_the_games_drawings_are_served_and_nothing_else(client):
    pages = ("/", "/t/abc", "/replay/abc", "/static/client.js")
    for path in (*pages, "/games/ninja-master/table.js", "/games/munchkin/table.js"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "default-src 'self'" in response.headers["content-security-policy"]
    for path in (
        "/games/ninja-master/__init__.py",
        "/games/ninja-master/..%2F__init__.py",
        "/games/chess/table.js",
        "/games/munchkin/cards.json",
    ):
        assert client.get(path).status_code == 404, path


def test_munchkins_cards_are_served_in_the_tables_language(client):
    english = client.get("/api/games/munchkin/catalog").json()
    japanese = client.get("/api/games/munchkin/catalog?lang=ja").json()
    assert english["cards"] == japanese["cards"]  # instance id -> design, the same set
    warrior = english["cards"].index("warrior")
    assert english["designs"]["warrior"]["name"] == "Warrior"
    assert japanese["designs"][japanese["cards"][warrior]]["name"] == "戦士"
    assert english["designs"]["warrior"]["deck"] == "door"
    refused = client.get("/api/games/munchkin/catalog?lang=xx")
    assert refused.status_code == 422
    assert refused.json()["error"] == "unknown language 'xx'; known: en, ja, uk, ru, lt"
    fu = client.get("/api/games/munchkin-fu/catalog?lang=uk").json()  # a second set, one table
    assert fu["cards"] != english["cards"] and "ninja" in fu["designs"]
    assert client.get("/api/games/chess/catalog").status_code == 404
    assert client.get("/api/games/ninja-master/catalog").status_code == 404


def test_a_search_bot_can_be_seated(client):
    assert "ismcts" in client.get("/api/games").json()[0]["bots"]
    body = {"game": "boss-quest", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts"}]}
    created = client.post("/api/tables", json=body)
    assert created.status_code == 200, created.text
    assert client.get(f"/api/tables/{created.json()['id']}").json()["seats"][1]["bot"] == "ismcts"
