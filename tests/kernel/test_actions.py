"""Actions and the action codec: a fixed bijection, and JSON that rejects bad input."""

from __future__ import annotations

import json

import pytest

from gamenight import IllegalAction
from gamenight.games.boss_quest.actions import (
    CODEC,
    Activate,
    ChoosePlayer,
    ChooseSpell,
    ChooseWeapon,
    Discard,
    Equip,
    VisitMage,
)
from gamenight.kernel import ActionCodec


def test_the_codec_size_is_the_documented_76():
    assert CODEC.size == 4 + 10 + 10 + 1 + 6 + 10 + 35 == 76


def test_encode_and_decode_are_inverse_for_every_action():
    assert [CODEC.encode(CODEC.decode(i)) for i in range(CODEC.size)] == list(range(CODEC.size))
    assert len(set(CODEC.actions)) == CODEC.size


@pytest.mark.parametrize(
    ("action", "index"),
    [
        (Equip(1), 0),
        (Equip(4), 3),
        (Activate(0), 4),
        (Discard(0), 14),
        (VisitMage(), 24),
        (ChoosePlayer(5), 30),
        (ChooseSpell(0), 31),
        (ChooseWeapon(0), 41),
        (ChooseWeapon(34), 75),
    ],
)
def test_the_documented_order(action, index):
    assert CODEC.encode(action) == index


def test_every_action_round_trips_through_json_text():
    for action in CODEC.actions:
        text = json.dumps(action.to_json())
        assert CODEC.from_json(json.loads(text)) == action


def test_actions_are_hashable_comparable_and_printable():
    assert Equip(2) == Equip(2) and Equip(2) != Discard(2)
    assert len({Equip(1), Equip(1), Activate(1)}) == 2
    assert sorted([Equip(3), Equip(1)]) == [Equip(1), Equip(3)]
    assert str(ChooseWeapon(7)) == "ChooseWeapon(7)"
    assert Equip(3).to_json() == {"type": "Equip", "count": 3}
    assert VisitMage().to_json() == {"type": "VisitMage"}


@pytest.mark.parametrize("index", [-1, 76, 1000, "3", 2.0, None])
def test_decode_outside_the_range_is_illegal(index):
    with pytest.raises(IllegalAction, match=r"outside 0\.\.75"):
        CODEC.decode(index)


def test_encode_of_a_foreign_action_is_illegal():
    with pytest.raises(IllegalAction, match="not an action of this game"):
        CODEC.encode(Equip(5))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("Equip", "must be an object with a 'type'"),
        (["Equip", 1], "must be an object with a 'type'"),
        ({"count": 1}, "must be an object with a 'type'"),
        ({"type": 3}, "must be an object with a 'type'"),
        ({"type": "Fly"}, r"unknown action type 'Fly'; known: Activate, .*VisitMage"),
        ({"type": "Equip"}, "bad fields for Equip"),
        ({"type": "Equip", "count": 1, "extra": 2}, "bad fields for Equip"),
        ({"type": "VisitMage", "slot": 1}, "bad fields for VisitMage"),
        ({"type": "Equip", "count": 5}, "is not an action of this game"),
        ({"type": "Equip", "count": "1"}, "is not an action of this game"),
        ({"type": "Equip", "count": 1.0}, "is not an action of this game"),
        ({"type": "Activate", "slot": True}, "is not an action of this game"),
        ({"type": "ChooseWeapon", "weapon": 35}, "is not an action of this game"),
    ],
)
def test_bad_json_is_an_illegal_action_with_a_clear_message(data, message):
    with pytest.raises(IllegalAction, match=message):
        CODEC.from_json(data)


def test_from_json_gives_the_codecs_own_instance():
    action = CODEC.from_json({"type": "Equip", "count": 2})
    assert action is CODEC.actions[CODEC.encode(Equip(2))]


def test_a_codec_refuses_duplicates():
    with pytest.raises(ValueError, match="twice"):
        ActionCodec([Equip(1), Equip(1)])
