"""A safety limit ends a game as truncated; the rules' own endings never are."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.testing import random_moves

SAFETY_LIMITS = ("max_rounds", "max_turns")  # the options that cut a game short


def shortest(game_id: str) -> dict[str, int]:
    """The game's safety limit at its lowest."""
    options = gamenight.kernel.game_class(game_id).options_spec
    (limit,) = [option for option in options if option.name in SAFETY_LIMITS]
    return {limit.name: limit.min}


def finished(game_id: str, seed: int, **options) -> gamenight.State:
    state = gamenight.make(game_id, players=3, seed=seed, **options)
    return random_moves(state, 100_000, seed)


@pytest.mark.parametrize("game_id", gamenight.games())
def test_a_game_cut_by_its_safety_limit_is_truncated(game_id):
    for seed in range(5):
        outcome = finished(game_id, seed, **shortest(game_id)).outcome()
        assert outcome.truncated and outcome.winners  # the declared ranking still ranks


@pytest.mark.parametrize("game_id", ["boss-quest", "meow-dark-lord"])
def test_a_game_its_rules_end_is_not_truncated(game_id):
    outcomes = [finished(game_id, seed).outcome() for seed in range(10)]
    assert not any(outcome.truncated for outcome in outcomes)
