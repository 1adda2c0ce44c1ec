"""An encoder's `encode_state` gives exactly `encode(view(seat))`: the same floats, so it
tells a seat no more than its view does."""

from __future__ import annotations

from array import array

import numpy as np
import pytest

import gamenight
from gamenight.envs.encoding import encoder
from gamenight.kernel.registry import game_class


def encode_state_of(game_id):
    """The game's `encode_state`; the test is skipped for a game without one."""
    found = getattr(encoder(game_id), "encode_state", None)
    if found is None:
        pytest.skip(f"{game_id} encodes from its views only")
    return found


def test_encode_state_is_encode_of_the_view(game_id, players, playout):
    """Into a list (the Python code), an ``array("f")`` and the adapters' float32 NumPy
    array (which a game may write with C code where it is built)."""
    encode_state, encode = encode_state_of(game_id), encoder(game_id).encode
    for seed in range(4):
        for state in playout(game_id, players, seed):
            for seat in (None, *range(players)):
                expected = encode(state.view(seat))
                written = [0.0] * len(expected)
                encode_state(state, seat, written)
                assert written == expected
                buffer = array("f", bytes(4 * len(expected)))
                encode_state(state, seat, buffer)
                assert buffer == array("f", expected)
                adapters = np.zeros(len(expected), np.float32)  # what the adapters pass
                encode_state(state, seat, adapters)
                assert adapters.tobytes() == buffer.tobytes()


def test_encode_state_refuses_a_seat_that_is_not_at_the_table(game_id):
    encode_state = encode_state_of(game_id)
    players = game_class(game_id).min_players
    state = gamenight.make(game_id, players, seed=0)
    with pytest.raises(ValueError, match="no seat"):
        encode_state(state, players, [0.0] * 10_000)
