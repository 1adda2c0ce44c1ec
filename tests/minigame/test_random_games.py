"""Random mini games: the State contract, the encoder and the bound on a game's length."""

from __future__ import annotations

import json

import pytest

import gamenight
from gamenight.kernel import Rng

from . import observation
from .actions import NUM_CARDS, POWER

SEEDS = range(100)


def random_game(players: int, seed: int, **options):
    """Every state of one random game (random actors and actions), the last one finished."""
    state = gamenight.make("minigame", players, seed=seed, **options)
    rng = Rng(seed)
    yield state
    while not state.is_over():
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_contract(players):
    for seed in SEEDS:
        options = {"max_rounds": 1 + seed % 10}
        features = observation.pieces(players, {**options}).layout()
        for state in random_game(players, seed, **options):
            actors = state.actors()
            assert (actors == ()) == state.is_over()
            for seat in range(players):
                assert bool(state.legal_actions(seat)) == (seat in actors)
            for seat in (None, *range(players)):
                view = state.view(seat)
                assert json.loads(json.dumps(view)) == view
                floats = observation.encode(view)
                assert len(floats) == len(features)
                for value, (name, low, high) in zip(floats, features, strict=True):
                    assert low <= value <= high, name
            held = [*state.unused, *state.discard, *(c for hand in state.hands for c in hand)]
            in_play = [state.attack_card] if 0 <= state.attack_card not in state.discard else []
            assert sorted(held + in_play) == list(range(NUM_CARDS))
        assert len(state.history) <= observation.max_actions(players, state.options)
        text = state.to_json()
        assert gamenight.load(text).to_json() == text
        assert gamenight.replay(state.record()).to_json() == text
        attacks_left = any(card < len(POWER) for hand in state.hands for card in hand)
        assert state.outcome().truncated == attacks_left  # else it ended by the rules
        assert state.round == options["max_rounds"] or not attacks_left


def test_the_same_seed_and_moves_give_the_same_game():
    def final(seed):
        *_, state = random_game(3, seed)
        return state.to_json()

    assert final(5) == final(5)
    assert final(5) != final(6)


def test_clones_and_loaded_states_go_on_like_the_original():
    for state in random_game(4, seed=11):
        if state.is_over() or len(state.history) % 5:
            continue
        copy, loaded = state.clone(), gamenight.load(state.to_json())
        seat = state.actors()[-1]
        action = state.legal_actions(seat)[-1]
        for other in (copy, loaded):
            other.apply(seat, action)
            assert other.to_json() != state.to_json()
        assert copy.to_json() == loaded.to_json()
