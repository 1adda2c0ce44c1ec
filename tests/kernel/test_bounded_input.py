"""Bounded parsing: snapshots, records and actions past the documented limits of
`gamenight.kernel.limits` are refused with a clean `ValueError`, and no error message
quotes more than `QUOTE_CHARS` characters of its input."""

from __future__ import annotations

import json

import pytest

import gamenight
from gamenight import GameRecord, IllegalAction
from gamenight.kernel.limits import (
    MAX_JSON_DEPTH,
    MAX_RECORD_CHARS,
    MAX_SNAPSHOT_CHARS,
    QUOTE_CHARS,
    parse_json,
    quote,
)
from gamenight.kernel.registry import game_class

from .test_bad_input_changes_nothing import edited, played

GAMES = gamenight.games()
HUGE = "x" * 1_000_000  # stands for a 50 MB input: no message may echo it


def edited_record(game_id: str, **changes) -> str:
    """The record of a game in progress, with some top-level fields replaced."""
    data = json.loads(played(game_id).record().to_json())
    data.update(changes)
    return json.dumps(data)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def refused_by_every_path(text: str, match: str) -> None:
    with pytest.raises(ValueError, match=f"not a gamenight state: .*{match}"):
        gamenight.load(text)
    with pytest.raises(ValueError, match=f"not a gamenight game record: .*{match}"):
        GameRecord.from_json(text)


# ----- depth and size -------------------------------------------------------------------


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 2_000, 100_000])
def test_json_nested_too_deep_is_a_value_error_not_a_recursion_error(depth):
    refused_by_every_path(nested(depth), "nested deeper than")
    refused_by_every_path('{"a":' * depth + "1" + "}" * depth, "nested deeper than")


def test_nesting_up_to_the_limit_parses_and_brackets_inside_strings_do_not_count():
    assert parse_json(nested(MAX_JSON_DEPTH), 10**6) is not None
    assert parse_json(json.dumps(["[" * 5000, '\\"[[[{{{']), 10**6) == ["[" * 5000, '\\"[[[{{{']


@pytest.mark.parametrize("game", GAMES)
def test_deep_nesting_inside_a_real_snapshot_or_record_is_refused(game):
    deep = json.loads(nested(MAX_JSON_DEPTH))
    events = json.loads(played(game).to_json())["events"]
    events[0]["data"]["deep"] = deep
    with pytest.raises(ValueError, match="nested deeper than"):
        gamenight.load(edited(game, events=events))
    with pytest.raises(ValueError, match="nested deeper than"):
        GameRecord.from_json(edited_record(game, options={"deep": deep}))


def test_text_past_the_size_limits_is_refused_before_parsing():
    with pytest.raises(ValueError, match="the limit is"):
        gamenight.load(" " * (MAX_SNAPSHOT_CHARS + 1))
    with pytest.raises(ValueError, match="the limit is"):
        GameRecord.from_json(" " * (MAX_RECORD_CHARS + 1))


@pytest.mark.parametrize("value", [5, None, ["{}"], 1.5])
def test_what_is_not_text_is_a_value_error(value):
    refused_by_every_path(value, "expected JSON text")


def test_bytes_are_parsed_as_utf8_and_bad_bytes_are_refused():
    state = played("boss-quest")
    assert gamenight.load(state.to_json().encode()).to_json() == state.to_json()
    refused_by_every_path(b"\xff\xfe{}", "utf-8")


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ('{"a": NaN}', "NaN is not a JSON number"),
        ('{"a": -Infinity}', "-Infinity is not a JSON number"),
        ('{"a": 1e999}', "out of range"),
        ('{"a": 1, "a": 2}', "names the key 'a' twice"),
        ("[1, 2", "delimiter"),
        ("", "Expecting value"),
    ],
)
def test_non_standard_json_is_refused(text, match):
    refused_by_every_path(text, match)


# ----- seeds and seats ------------------------------------------------------------------


BAD_SEEDS = [None, -1, 2**63, 2**64, 10**30, "7", 7.0, True]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", BAD_SEEDS)
def test_a_record_or_snapshot_with_a_bad_seed_is_refused(game, seed):
    with pytest.raises(ValueError, match="seed must be an integer from 0 to 2\\*\\*63 - 1"):
        GameRecord.from_json(edited_record(game, seed=seed))
    with pytest.raises(ValueError, match="seed must be an integer from 0 to 2\\*\\*63 - 1"):
        gamenight.load(edited(game, seed=seed))


@pytest.mark.parametrize("game", GAMES)
def test_a_null_seed_no_longer_replays_as_a_new_game_each_time(game):
    # Before, `"seed": null` made `replay` draw a fresh seed: another game on each replay.
    with pytest.raises(ValueError, match="seed"):
        gamenight.replay(GameRecord.from_json(edited_record(game, seed=None)))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [-1, 99, 2**70])
def test_a_record_seat_out_of_range_is_refused(game, seat):
    data = json.loads(edited_record(game))
    data["actions"][0][0] = seat
    with pytest.raises(ValueError, match=f"action 0: there is no seat {seat}"):
        GameRecord.from_json(json.dumps(data))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [-1, 99, True, "0"])
def test_a_snapshot_seat_out_of_range_is_refused(game, seat):
    data = json.loads(played(game).to_json())
    data["history"][0][0] = seat
    with pytest.raises(ValueError, match="history"):
        gamenight.load(json.dumps(data))
    data = json.loads(played(game).to_json())
    data["events"][0]["to"] = [seat]
    with pytest.raises(ValueError, match="'to' must be null or a list of seats"):
        gamenight.load(json.dumps(data))


@pytest.mark.parametrize("game", GAMES)
def test_a_record_that_is_not_an_object_of_pairs_is_refused(game):
    for actions in ({}, "ab", [[0]], [[0, {}, 1]], [5]):
        with pytest.raises(ValueError, match=r"not a gamenight game record: .*action"):
            GameRecord.from_json(edited_record(game, actions=actions))
    with pytest.raises(ValueError, match="players must be an integer"):
        GameRecord.from_json(edited_record(game, players=2.0))


def test_a_record_names_each_seat_or_none_of_them():
    record = GameRecord.from_json(edited_record("boss-quest", seats=["person", "heuristic"]))
    assert record.seats == ("person", "heuristic")
    assert GameRecord.from_json(record.to_json()) == record
    for seats, match in (
        ("ab", "a list of names"),
        ([1, 2], "a list of names"),
        (["a"], "1 seats of 2"),
    ):
        with pytest.raises(ValueError, match=f"not a gamenight game record: .*{match}"):
            GameRecord.from_json(edited_record("boss-quest", seats=seats))


# ----- short messages -------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_no_error_message_echoes_a_huge_input(game):
    codec = game_class(game).codec
    kind = type(codec.actions[-1]).__name__
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    attempts = [
        lambda: gamenight.load(edited(game, format=HUGE)),
        lambda: gamenight.load(edited(game, game=HUGE)),
        lambda: gamenight.load(edited(game, options={HUGE: 1})),
        lambda: gamenight.load(edited(game, players=[HUGE])),
        lambda: gamenight.load(edited(game, events=[{"kind": HUGE}])),
        lambda: gamenight.load(edited(game, state={HUGE: HUGE})),
        lambda: gamenight.load(HUGE),
        lambda: gamenight.load('{"' + HUGE + '": 1, "' + HUGE + '": 2}'),
        lambda: GameRecord.from_json(edited_record(game, seed=HUGE)),
        lambda: GameRecord.from_json(edited_record(game, actions=[[HUGE, {}]])),
        lambda: gamenight.replay(GameRecord.from_json(edited_record(game, game=HUGE))),
        lambda: gamenight.replay(GameRecord.from_json(edited_record(game, options={HUGE: 1}))),
        lambda: gamenight.replay(GameRecord.from_json(edited_record(game, options={"x": HUGE}))),
        lambda: gamenight.replay(GameRecord.from_json(edited_record(game, actions=[[0, HUGE]]))),
        lambda: codec.from_json({"type": HUGE}),
        lambda: codec.from_json({"type": kind, HUGE: 1}),
        lambda: codec.from_json({"type": kind, "x": [HUGE] * 1000}),
        lambda: codec.from_json([HUGE]),
        lambda: codec.from_json({"type": kind, "x": deep}),
        lambda: codec.decode(HUGE),
        lambda: gamenight.make(HUGE, players=2),
        lambda: gamenight.make(game, players=HUGE),
        lambda: gamenight.make(game, players=3, seed=10**5000),
        lambda: played(game).view(HUGE),
    ]
    for attempt in attempts:
        with pytest.raises(ValueError) as info:
            attempt()
        message = str(info.value)
        assert len(message) <= 2 * QUOTE_CHARS, message[:500]
        assert HUGE[: QUOTE_CHARS + 1] not in message


def test_quote_is_short_for_any_value():
    deep: list = []
    for _ in range(10_000):
        deep = [deep]
    for value in (HUGE, [HUGE] * 10, {HUGE: HUGE}, deep, 10**5000, b"y" * 10**6, IllegalAction):
        assert len(quote(value)) <= QUOTE_CHARS
    assert quote("seat") == "'seat'"
    assert quote([1, None]) == "[1, None]"


@pytest.mark.parametrize("game_id", [5, None, ["boss-quest"], {"boss-quest": 1}, b"boss-quest"])
def test_make_refuses_a_game_id_that_is_not_a_string(game_id):
    with pytest.raises(ValueError, match="a game id is a string"):
        gamenight.make(game_id, players=2)
