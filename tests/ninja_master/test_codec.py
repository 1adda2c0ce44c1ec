"""The action codec: representative times, exact times encoded by their bucket."""

from __future__ import annotations

import json

import pytest

from gamenight import IllegalAction
from gamenight.games.ninja_master.actions import BUCKET_MS, CODEC, DONE, MAX_MS, WAIT, Call, Grab


def test_the_codec_lists_every_token_call_and_bucket_once():
    b = len(BUCKET_MS)
    assert CODEC.size == (6 + 28) * b + 2
    assert CODEC.encode(Grab(0, BUCKET_MS[0])) == 0
    assert CODEC.encode(Grab(2, BUCKET_MS[3])) == 2 * b + 3
    assert CODEC.encode(Call(0, BUCKET_MS[0])) == 6 * b
    assert CODEC.encode(Call(27, MAX_MS)) == 6 * b + 28 * b - 1
    assert CODEC.encode(DONE) == CODEC.size - 2
    assert CODEC.encode(WAIT) == CODEC.size - 1
    assert [CODEC.encode(CODEC.decode(i)) for i in range(CODEC.size)] == list(range(CODEC.size))


@pytest.mark.parametrize(("ms", "bucket"), [(0, 0), (250, 0), (251, 1), (733, 2), (60_000, 10)])
def test_an_exact_time_encodes_as_its_bucket(ms, bucket):
    assert CODEC.encode(Grab(1, ms)) == len(BUCKET_MS) + bucket
    assert CODEC.decode(CODEC.encode(Grab(1, ms))) == Grab(1, BUCKET_MS[bucket])


def test_json_keeps_the_exact_time():
    for action in (Grab(5, 733), Call(12, 1001), DONE):
        data = json.loads(json.dumps(action.to_json()))
        assert CODEC.from_json(data) == action
    assert type(CODEC.from_json({"type": "Grab", "token": 1, "ms": 733}).ms) is int


@pytest.mark.parametrize(
    "data",
    [
        {"type": "Grab", "token": 1, "ms": 733.0},
        {"type": "Grab", "token": 1, "ms": MAX_MS + 1},
        {"type": "Grab", "token": 6, "ms": 500},
        {"type": "Grab", "token": True, "ms": 500},
        {"type": "Call", "total": 28, "ms": 500},
        {"type": "Grab", "token": 1},
        {"type": "Shout", "ms": 500},
        "Grab",
    ],
)
def test_bad_json_is_refused(data):
    with pytest.raises(IllegalAction):
        CODEC.from_json(data)


def test_an_exact_time_outside_every_bucket_is_not_an_action():
    with pytest.raises(IllegalAction):
        CODEC.encode(Grab(1, MAX_MS + 1))
