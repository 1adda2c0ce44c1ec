"""Nothing a state returns aliases the state: `view`, `events_for`, `legal_actions`,
`outcome`, `stats` and `record` give data that a caller may change freely."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import gamenight
from gamenight.kernel import Event, GameRecord
from gamenight.kernel.registry import game_class
from gamenight.testing import random_moves

GAMES = gamenight.games()


def vandalize(value: Any) -> None:
    """Change every mutable part of `value` in place, innermost first: lists, dicts and
    sets, and what events, records and dataclasses hold."""
    if isinstance(value, Event):
        vandalize(value.data)
    elif isinstance(value, GameRecord):
        vandalize(value.options)
        vandalize(value.actions)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            vandalize(getattr(value, field.name))
    elif isinstance(value, dict):
        for key in list(value):
            vandalize(value[key])
            value[key] = "vandalized"
        value["vandal"] = ["was here"]
    elif isinstance(value, list):
        for item in value:
            vandalize(item)
        value[:] = ["vandalized"]
    elif isinstance(value, set):
        value.clear()
        value.add("vandalized")
    elif isinstance(value, tuple):
        for item in value:
            vandalize(item)


def returned(state: gamenight.State) -> list[Any]:
    """Everything the public API returns for this state, fresh from each call."""
    seats = [None, *range(state.num_players)]
    out: list[Any] = [state.view(seat) for seat in seats]
    out += [state.events_for(seat) for seat in seats]
    out += [state.legal_actions(seat) for seat in range(state.num_players)]
    out += [state.record(), state.stats()]
    if state.is_over():
        out.append(state.outcome())
    return out


def fingerprint(state: gamenight.State) -> str:
    """The whole state and everything it returns, as text."""

    def plain(value: Any) -> Any:
        if isinstance(value, Event):
            return value.to_json()
        if isinstance(value, GameRecord):
            return value.to_json()
        if isinstance(value, gamenight.Action):
            return value.to_json()
        if dataclasses.is_dataclass(value):
            return repr(value)
        return value

    parts = [
        plain(item) if not isinstance(item, list) else [plain(i) for i in item]
        for item in returned(state)
    ]
    return state.to_json() + json.dumps(parts, sort_keys=True, default=repr)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("steps", [0, 7, 40, 5000])
def test_changing_what_a_state_returns_changes_nothing_in_the_state(game, steps):
    cls = game_class(game)
    for players in (cls.min_players, cls.max_players):
        state = random_moves(gamenight.make(game, players=players, seed=steps), steps, seed=3)
        before = fingerprint(state)
        for item in returned(state):
            vandalize(item)
        assert fingerprint(state) == before


def test_an_events_data_changed_by_a_reader_stays_out_of_the_views():
    state = random_moves(gamenight.make("boss-quest", players=3, seed=1), 12, seed=1)
    view = state.view(1)
    for event in state.events_for(1):
        event.data.clear()
    assert state.view(1) == view
    assert all(event.data for event in state.events_for(1) if event.kind == "round")
