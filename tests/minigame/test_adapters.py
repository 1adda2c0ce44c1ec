"""The mini game (windows, a decision stack, offers, a safety limit) through gamenight's
RL adapters, under PettingZoo's, OpenSpiel's and Gymnasium's own checks."""

from __future__ import annotations

import contextlib
import io

import pytest

pytest.importorskip("pettingzoo", reason="the RL adapters need the rl extra")

import pyspiel
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

from gamenight.envs import openspiel
from gamenight.envs.gym import make
from gamenight.envs.parallel import parallel_env
from gamenight.envs.pettingzoo import env

from .state import MiniState

GAME = MiniState.game_id
PLAYERS = [2, 3, 4]

pytestmark = [
    pytest.mark.filterwarnings("error"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
]


def quietly(check, *args, **kwargs) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        check(*args, **kwargs)


@pytest.mark.parametrize("players", PLAYERS)
def test_pettingzoo_api_test(players):
    for seed in range(20):
        quietly(api_test, env(GAME, players, seed=seed, max_rounds=4), num_cycles=10_000)


@pytest.mark.parametrize("players", PLAYERS)
def test_pettingzoo_parallel_api_test(players):
    for seed in range(10):
        quietly(parallel_api_test, parallel_env(GAME, players, seed=seed), num_cycles=10_000)


def test_a_game_ended_by_the_safety_limit_is_a_truncation():
    game = env(GAME, 3, seed=1, max_rounds=1)
    game.reset()
    for _ in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            assert game.game.outcome().truncated and truncated and not terminated
            game.step(None)
        else:
            game.step(int(observation["action_mask"].nonzero()[0][-1]))  # EndTurn is last


@pytest.mark.parametrize("players", PLAYERS)
def test_openspiel_random_sim_test(players):
    # The adapter registers the games of gamenight.games() on import; a test game is
    # registered here (register is safe to repeat).
    openspiel.register(GAME)
    game = pyspiel.load_game(openspiel.game_name(GAME), {"players": players})
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


@pytest.mark.parametrize("players", PLAYERS)
def test_gymnasium_check_env(players):
    for seat in (0, players - 1):
        check_env(
            make(GAME, seat=seat, opponents="random", players=players), skip_render_check=True
        )
