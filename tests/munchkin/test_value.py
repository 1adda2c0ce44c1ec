"""Munchkin's `value` for a search's cut-off rollouts: each seat's chance of winning from a
turn about to begin, read from what every seat sees (the search itself on a valued world:
``tests/agents/test_ismcts_value.py``)."""

from __future__ import annotations

import random

import pytest

import gamenight
from gamenight.games.munchkin.bots import value
from gamenight.games.munchkin.model import Phase
from gamenight.kernel import State
from gamenight.play.table import next_actor


def turn_starts(game: str, players: int, seed: int, count: int) -> list[State]:
    """States of a random game where a turn's player is about to kick open the door."""
    state = gamenight.make(game, players, seed)
    rng = random.Random(seed)
    found: list[State] = []
    last_turn = -1
    while not state.is_over() and len(found) < count:
        if value(state) is not None and state.turn_number != last_turn:
            last_turn = state.turn_number
            found.append(state.clone())
        seat = next_actor(state)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("game", ["munchkin", "munchkin-fu"])
def test_a_turn_about_to_begin_is_valued_and_the_shares_sum_to_one(game):
    states = turn_starts(game, 4, seed=3, count=12)
    assert len(states) == 12
    for state in states:
        shares = value(state)
        assert shares is not None and sum(shares) == pytest.approx(1.0)
        assert all(0.0 < share < 1.0 for share in shares)


def test_mid_turn_nothing_is_valued():
    state = turn_starts("munchkin", 3, seed=4, count=2)[-1]
    seat = next_actor(state)
    state.apply(seat, state.legal_actions(seat)[-1])
    while state.phase is Phase.START and state.window is None:  # still before the door
        seat = next_actor(state)
        state.apply(seat, state.legal_actions(seat)[-1])
    assert value(state) is None


def test_a_higher_level_is_worth_more_and_level_9_most():
    state = turn_starts("munchkin", 3, seed=5, count=1)[0]
    state.level = (1, 1, 1)
    even = value(state)
    state.level = (1, 5, 1)
    ahead = value(state)
    state.level = (1, 9, 1)
    nearly = value(state)
    assert even is not None and ahead is not None and nearly is not None
    assert ahead[1] > even[1] and nearly[1] > ahead[1] > 0.5
    assert ahead[0] < even[0] and ahead[2] < even[2]


def test_the_value_of_a_world_is_the_value_of_the_game_it_was_drawn_from():
    """Hands and decks redrawn for any seat change nothing: the value reads levels, the
    cards in play and whose turn it is, all seen by every seat."""
    for state in turn_starts("munchkin", 4, seed=6, count=5):
        for seat in range(4):
            assert value(state.determinize(seat, 77)) == value(state)
