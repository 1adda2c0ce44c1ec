"""Helpers shared by the games' property tests: strategies and game-agnostic checks."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import gamenight
from gamenight.kernel import State

# Settings of every game's random-games property test: at least 500 whole games, the
# same ones on every run (CI must not flake), no per-example deadline (games vary in length).
RANDOM_GAMES = settings(
    max_examples=500,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def option_values(**choices: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Game options where each named one is either left at its default or drawn."""
    drawn = {name: st.none() | strategy for name, strategy in choices.items()}
    return st.fixed_dictionaries(drawn).map(
        lambda values: {name: value for name, value in values.items() if value is not None}
    )


def check_actors(state: State) -> None:
    """`actors()` is empty iff the game is over; actors have legal actions, others none."""
    actors = state.actors()
    assert (actors == ()) == state.is_over()
    for seat in range(state.num_players):
        legal = state.legal_actions(seat)
        if seat in actors:
            assert legal, f"seat {seat} must act but has no legal action"
            assert all(state.codec.decode(state.codec.encode(a)) == a for a in legal)
        else:
            assert legal == []


def check_json_ready(value: Any) -> None:
    """`value` survives JSON unchanged (what a view or an event must be)."""
    assert json.loads(json.dumps(value)) == value


def check_round_trips(state: State) -> None:
    """`to_json`/`load` and a replay of `record()` rebuild the state exactly."""
    text = state.to_json()
    assert gamenight.load(text).to_json() == text
    assert gamenight.replay(state.record()).to_json() == text


def ints_under(value: Any, keys: Iterable[str]) -> set[int]:
    """Every int found under one of `keys` (directly or in a list) anywhere in a JSON value."""
    keys, found = set(keys), set()

    def walk(item: Any) -> None:
        if isinstance(item, dict):
            for key, inner in item.items():
                if key in keys:
                    items = inner if isinstance(inner, list) else [inner]
                    found.update(x for x in items if type(x) is int)
                walk(inner)
        elif isinstance(item, list):
            for inner in item:
                walk(inner)

    walk(value)
    return found
