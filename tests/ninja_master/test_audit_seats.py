"""Audit: a seat that only equals a grabbing seat (1.0, True) is refused, never crashes."""

from __future__ import annotations

import pytest

import gamenight
from gamenight import IllegalAction
from gamenight.games.ninja_master.actions import Grab


@pytest.mark.parametrize("seat", [1.0, True])
def test_a_non_int_seat_grabbing_a_taken_token_is_refused_and_changes_nothing(seat):
    state = gamenight.make("ninja-master", players=2, seed=1)
    state.apply(0, Grab(0, 250))
    before = state.to_json()
    # The refusal text of a taken token shifts the contest mask by the seat: a float crashed.
    with pytest.raises(IllegalAction, match=f"there is no seat {seat!r}"):
        state.apply(seat, Grab(0, 250))
    assert state.to_json() == before
