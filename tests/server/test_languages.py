"""The server in the browser's language: its refusals in the hello's language, the lobby's
games (titles, options' help, bots' descriptions) in the lobby's."""

from __future__ import annotations

import json

import pytest

from gamenight import i18n

from .conftest import next_error, next_update, seated, send

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]
SPECTATORS = "spectators watch: only a seat may act"


def said_hello(socket, lang: str, token: str | None = None) -> dict:
    socket.send_text(json.dumps({"type": "hello", "token": token, "lang": lang}))
    return socket.receive_json()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_refusal_comes_in_the_hello_s_language(client, lang):
    table, _ = seated(client, "boss-quest", "hb", bot_delay_ms=10_000)
    with client.websocket_connect(f"/ws/{table}") as socket:
        assert said_hello(socket, lang)["type"] == "welcome"
        next_update(socket)
        send(socket, type="act", action={"type": "Equip", "count": 1})
        told = next_error(socket)
    assert told == i18n.translations(i18n.CORE, lang).gettext(SPECTATORS) != SPECTATORS


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ja", "そのテーブルはありません"),
        ("uk", "такого столу немає"),
        ("ru", "такого стола нет"),
        ("lt", "tokio stalo nėra"),
        ("en", "no such table"),
    ],
)
def test_a_connection_refused_is_told_why_in_the_hello_s_language(client, lang, words):
    with client.websocket_connect("/ws/no-such-table") as socket:
        assert said_hello(socket, lang) == {"type": "error", "message": words}


def test_too_many_messages_are_refused_in_the_hello_s_language(client):
    table, (token,) = seated(client, "boss-quest", "hb", bot_delay_ms=10_000)
    with client.websocket_connect(f"/ws/{table}") as socket:
        assert said_hello(socket, "uk", token)["type"] == "welcome"
        next_update(socket)
        for _ in range(60):
            send(socket, type="ping")
        send(socket, type="ping")
        assert next_error(socket) == "забагато повідомлень: повільніше"


def test_the_rules_refusal_comes_in_the_hello_s_language_with_its_fields(client):
    """A move out of turn is told from what the seat may know: who is to act."""
    table, tokens = seated(client, "boss-quest", "hh", seed=5, bot_delay_ms=10_000)
    with (
        client.websocket_connect(f"/ws/{table}") as zero,
        client.websocket_connect(f"/ws/{table}") as one,
    ):
        said_hello(zero, "ru", tokens[0])
        said_hello(one, "ru", tokens[1])
        updates = [next_update(zero), next_update(one)]
        actor = updates[0]["view"]["to_act"][0]
        waiting = [one, zero][actor]
        send(waiting, type="act", action=updates[actor]["legal"][0]["action"])
        told = next_error(waiting)
    assert told == f"место {1 - actor} сейчас не может действовать; ждём место {actor}"


def test_the_lobby_s_games_speak_its_language(client):
    games = {game["id"]: game for game in client.get("/api/games?lang=ru").json()}
    meow = games["meow-dark-lord"]
    assert meow["title"] == "Мяу, Тёмный Властелин!"  # the Russian rulebook's title
    assert games["boss-quest"]["title"] == "Boss Quest"  # no local title: a proper name
    deal = next(option for option in meow["options"] if option["name"] == "deal")
    assert deal["help"] == "коты, раздаваемые каждому игроку в начале"
    assert meow["bot_descriptions"]["random"] == "случайные разрешённые ходы"
    assert games["ninja-master"]["bots"] == sorted(games["ninja-master"]["bot_descriptions"])
    english = {game["id"]: game for game in client.get("/api/games").json()}
    assert english["meow-dark-lord"]["title"] == "Meow, Dark Lord!"
    quest = english["boss-quest"]["options"]
    spells = next(option for option in quest if option["name"] == "spells_per_round")
    assert spells["help"].endswith("at most 10)")


def test_the_lobby_s_games_refuse_an_unknown_language(client):
    response = client.get("/api/games?lang=xx")
    assert response.status_code == 422 and "ru (русский)" in response.json()["error"]
