"""Meow, Dark Lord!: every event carries exactly the data its kind declares
(`model.EVENT_DATA`), in random games and in the positions that set off the rarest kinds."""

from __future__ import annotations

import random
import types
import typing
from collections.abc import Iterator
from enum import StrEnum

import gamenight
from gamenight.games.meow_dark_lord import MeowState
from gamenight.games.meow_dark_lord.actions import Attack, Discard, Draw, Hire, Target
from gamenight.games.meow_dark_lord.model import EVENT_DATA, EventKind

from .helpers import game, play


def fits(value: object, declared: typing.Any) -> bool:
    """Whether `value` is of the `declared` type of an event's field."""
    origin = typing.get_origin(declared)
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, arm) for arm in typing.get_args(declared))
    if origin is typing.Literal:
        return value in typing.get_args(declared)
    if origin is list:
        (item,) = typing.get_args(declared)
        return type(value) is list and all(fits(v, item) for v in value)
    if isinstance(declared, type) and issubclass(declared, StrEnum):
        return isinstance(value, declared)  # a fresh game logs the member itself
    if declared is int:
        return type(value) is int  # not a bool
    return isinstance(value, declared)


def random_games(count: int) -> Iterator[MeowState]:
    for seed in range(count):
        state = gamenight.make("meow-dark-lord", players=2 + seed % 5, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


def rare_positions() -> Iterator[MeowState]:
    """Positions that set off the kinds random games seldom reach."""
    # A roll-off: all three tie on everything when the Dark Lord returns.
    state = game(rigor=3, tower=["rigor"], coins=[4, 4, 4], dice=[5, 5, 2, 3, 6])
    play(state, (0, Draw()))
    yield state
    # A discard: a hand of 11 cards at the end of the turn.
    hand = ["tabby"] * 3 + ["lucky"] * 3 + ["nurse"] * 3 + ["fatcat"] * 3
    state = game(hands={0: hand}, phase="hire2")
    play(state, (0, Hire(state.hands[0][0])), (0, Discard(state.hands[0][-1])))
    yield state
    # Nothing to act on: the Vengeful Ghost's Last Wish, with no cat left to hit.
    state = game(phase="dungeon", dungeons={0: ["ghost"]}, dice=[1, 1])
    ghost = state.dungeons[0][0]
    play(state, (0, Attack(ghost)), (0, Target(ghost)))
    yield state


def test_every_event_carries_exactly_the_data_its_kind_declares():
    told = set()
    for state in [*random_games(30), *rare_positions()]:
        for event in state.events:
            declared = typing.get_type_hints(EVENT_DATA[event.kind])
            assert event.data.keys() == declared.keys(), event
            for field, value in event.data.items():
                assert fits(value, declared[field]), (event.kind, field, value)
            told.add(event.kind)
    assert told == set(EventKind)
