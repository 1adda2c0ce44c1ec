"""Cut-off rollouts: a game's optional ``value`` (Boss Quest's: each seat's chance of
winning from a round about to begin; Munchkin's in ``tests/munchkin/test_value.py``), read
from the world a search draws and nothing else."""

from __future__ import annotations

import random

import pytest

import gamenight
from gamenight.agents.ismcts import from_name
from gamenight.games.boss_quest.bots import value
from gamenight.kernel import Clock, State
from gamenight.kernel.registry import spec
from gamenight.play.table import next_actor


def round_starts(players: int, seed: int, count: int) -> list[State]:
    """The states of a random Boss Quest game where a round has just been dealt."""
    state = gamenight.make("boss-quest", players, seed)
    rng = random.Random(seed)
    found = [state.clone()]
    while not state.is_over() and len(found) < count:
        round_number = state.round
        seat = next_actor(state)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        if state.round != round_number and not state.is_over():
            found.append(state.clone())
    return found


def test_boss_quest_values_a_round_about_to_begin_from_keys_and_hearts():
    for state in round_starts(2, seed=3, count=4):
        shares = value(state)
        assert shares is not None and sum(shares) == pytest.approx(1.0)
        assert all(0.0 <= share <= 1.0 for share in shares)
        leader = max((0, 1), key=lambda s: (state.keys[s], state.hearts[s]))
        if (state.keys[0], state.hearts[0]) != (state.keys[1], state.hearts[1]):
            assert shares[leader] > 0.5
    fresh = gamenight.make("boss-quest", 2, 1)
    assert value(fresh) == pytest.approx([0.5, 0.5], abs=1e-3)


def test_boss_quest_values_nothing_mid_round_or_with_more_seats():
    state = gamenight.make("boss-quest", 2, 2)
    seat = next_actor(state)
    state.apply(seat, state.legal_actions(seat)[0])
    assert value(state) is None
    assert value(gamenight.make("boss-quest", 3, 2)) is None


def test_the_value_of_a_world_is_the_value_of_the_game_it_was_drawn_from():
    """The value reads only what every seat sees: a world drawn for either seat (hidden
    weapons and decks redrawn) is valued as the real game is."""
    for state in round_starts(2, seed=7, count=3):
        for seat in (0, 1):
            assert value(state.determinize(seat, 99)) == value(state)


def valued_state(game: str, players: int, seed: int, skip: int) -> State:
    """A state of a random game that the game's `value` values, after `skip` such states
    (a valued state with a choice to make)."""
    state = gamenight.make(game, players, seed)
    game_value = spec(game).part("bots").value
    rng = random.Random(seed)
    while True:
        seat = next_actor(state)
        legal = state.legal_actions(seat)
        if game_value(state) is not None and len(legal) > 1:
            if skip == 0:
                return state
            skip -= 1
        state.apply(seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("game", "players"), [("boss-quest", 2), ("munchkin", 3)])
def test_a_search_with_cut_off_rollouts_sees_only_what_its_seat_knows(game, players):
    """The search decides the same on the real game and on a world drawn for its seat."""
    state = valued_state(game, players, seed=5, skip=2)
    seat = next_actor(state)
    legal = state.legal_actions(seat)
    world = state.determinize(seat, 12345)
    assert world.view(seat) == state.view(seat)
    real = from_name("ismcts:8:heuristic:value", game, 3)
    seen = from_name("ismcts:8:heuristic:value", game, 3)
    assert real.act(state.view(seat), legal, Clock(), state) == seen.act(
        world.view(seat), legal, Clock(), world
    )


def test_a_game_without_a_value_refuses_the_option():
    with pytest.raises(ValueError, match="value"):
        from_name("ismcts:5:heuristic:value", "meow-dark-lord")
    with pytest.raises(ValueError, match="ismcts"):
        from_name("ismcts:5:value:value", "boss-quest")
