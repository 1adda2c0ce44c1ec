"""The Gymnasium vector environment gives what SyncVectorEnv of the single-seat
environments gives, seed for seed, autoreset included."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the RL adapters need the rl extra")

from gymnasium.vector import SyncVectorEnv

from gamenight.envs.gym import make
from gamenight.envs.vector import make_vec

from .cases import SHORT_GAMES

NUM_ENVS = 3
STEPS = 120  # enough for several games to end and start again


def first_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One random legal action per game (0 where none is legal: the step resets it)."""
    return np.array(
        [rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in masks], dtype=np.int64
    )


def test_it_steps_as_sync_vector_env_does(game_id):
    options = SHORT_GAMES.get(game_id, {})
    ours = make_vec(game_id, NUM_ENVS, seat=1, opponents="random", players=3, **options)
    theirs = SyncVectorEnv(
        [
            lambda: make(game_id, seat=1, opponents="random", players=3, **options)
            for _ in range(NUM_ENVS)
        ]
    )
    assert ours.observation_space == theirs.observation_space
    assert ours.action_space == theirs.action_space
    mine, _ = ours.reset(seed=5)
    other, _ = theirs.reset(seed=5)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(STEPS):
        for key in ("observation", "action_mask"):
            np.testing.assert_array_equal(mine[key], other[key])
        assert ours.observation_space.contains(mine)
        actions = first_legal(mine["action_mask"], rng)
        mine, reward, terminated, truncated, _ = ours.step(actions)
        other, their_reward, their_terminated, their_truncated, _ = theirs.step(actions)
        np.testing.assert_array_equal(reward, their_reward)
        np.testing.assert_array_equal(terminated, their_terminated)
        np.testing.assert_array_equal(truncated, their_truncated)
        ended += int((terminated | truncated).sum())
    assert ended, "no game ended: the autoreset was not exercised"


def test_an_illegal_action_ends_that_game_only():
    envs = make_vec("boss-quest", 2, players=4)
    observations, _ = envs.reset(seed=1)
    illegal = int(np.flatnonzero(observations["action_mask"][0] == 0)[0])
    legal = int(np.flatnonzero(observations["action_mask"][1])[0])
    _, reward, terminated, _, infos = envs.step(np.array([illegal, legal]))
    assert terminated.tolist() == [True, False]
    assert reward[0] == -1.0 and infos["illegal_action"][0] and not infos["_illegal_action"][1]
