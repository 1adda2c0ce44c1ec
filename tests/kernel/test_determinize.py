"""`determinize` carries no truth: it depends only on what the seat knows.

Two states with equal ``view(seat)`` and ``events_for(seat)`` give the same world for the
same seed, byte for byte; the second state of each pair is the first determinized for
another seed (a world the seat cannot tell from the real one).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamenight
from gamenight.kernel import HIDDEN, IllegalAction
from gamenight.play.table import next_actor
from gamenight.testing import random_moves

from .drawn import drawn_game


def knowledge(state: gamenight.State, seat: int) -> str:
    events = [event.to_json() for event in state.events_for(seat)]
    return json.dumps([state.view(seat), events], sort_keys=True)


@pytest.mark.parametrize("game_id", gamenight.games())
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_worlds_the_seat_cannot_tell_apart_determinize_alike(game_id, data):
    state = drawn_game(data, game_id, most_moves=120)
    seat = data.draw(st.integers(0, state.num_players - 1), label="seat")
    twin = state.determinize(seat, data.draw(st.integers(0, 2**40), label="twin seed"))
    assert knowledge(twin, seat) == knowledge(state, seat)
    world_seed = data.draw(st.integers(0, 2**40), label="world seed")
    assert (
        state.determinize(seat, world_seed).to_json()
        == twin.determinize(seat, world_seed).to_json()
    )


@pytest.mark.parametrize("game_id", gamenight.games())
def test_a_world_holds_no_seed_no_private_event_and_no_action_of_another_seat(game_id):
    state = random_moves(gamenight.make(game_id, 3, seed=77), 40, 1)
    world = state.determinize(0, seed=5)
    assert world.seed == 5 and world.seed != state.seed
    assert all(event.visible_to(0) for event in world.events)
    assert all(action == HIDDEN for seat, action in world.history if seat != 0)
    if not state.is_over():  # it asks the seat the real game asks, and plays on
        assert next_actor(world) == next_actor(state)
        seat = next_actor(world)
        world.apply(seat, world.legal_actions(seat)[0])


def test_a_world_does_not_load_or_replay():
    state = random_moves(gamenight.make("boss-quest", 3, seed=3), 20, 1)
    world = state.determinize(1, seed=9)
    with pytest.raises(ValueError):
        gamenight.load(world.to_json())
    with pytest.raises((ValueError, IllegalAction)):
        gamenight.replay(world.record())
