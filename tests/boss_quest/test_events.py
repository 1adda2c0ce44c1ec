"""Boss Quest's log: every kind of event, and the data each kind declares."""

from __future__ import annotations

import types
from typing import Any, Union, get_args, get_origin, get_type_hints

import gamenight
from gamenight.games.boss_quest.model import EVENT_DATA, EventKind
from gamenight.testing import random_moves


def fits(value: Any, hint: Any) -> bool:
    """Whether a logged value has the declared type (ints, strings, lists, unions)."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return any(fits(value, arm) for arm in get_args(hint))
    if origin is list:
        (item,) = get_args(hint)
        return type(value) is list and all(fits(x, item) for x in value)
    if hint is type(None):
        return value is None
    if hint is int:
        return type(value) is int  # a bool is no seat
    return isinstance(value, hint)


def test_every_event_of_random_games_carries_the_data_its_kind_declares():
    logged = set()
    for seed in range(80):
        # Few spells now and then, so that a visitor may find none left to take.
        spells = 1 + seed % 7
        state = gamenight.make("boss-quest", 2 + seed % 5, seed=seed, spells_per_round=spells)
        random_moves(state, 10_000, seed)
        for event in state.events:
            kind = EventKind(event.kind)
            declared = get_type_hints(EVENT_DATA[kind])
            assert event.data.keys() == declared.keys(), kind
            for key, value in event.data.items():
                assert fits(value, declared[key]), (kind, key, value)
            logged.add(kind)
    assert logged == set(EventKind)


def test_every_kind_of_event_declares_its_data():
    assert EVENT_DATA.keys() == set(EventKind)
