"""Munchkin (windows, a decision stack, offers, hidden hands) through gamenight's RL
adapters, under PettingZoo's, OpenSpiel's and Gymnasium's own checks, on short games."""

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

from .helpers import GAME

pytestmark = [
    pytest.mark.filterwarnings("error"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
]


def quietly(check, *args, **kwargs) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        check(*args, **kwargs)


@pytest.mark.parametrize("players", [3, 6])
def test_pettingzoo_api_test(players):
    for seed in range(2):
        quietly(api_test, env(GAME, players, seed=seed, max_turns=2), num_cycles=2_000)


def test_pettingzoo_parallel_api_test():
    quietly(parallel_api_test, parallel_env(GAME, 4, seed=1, max_turns=2), num_cycles=2_000)


def test_openspiel_random_sim_test():
    openspiel.register(GAME)
    game = pyspiel.load_game(openspiel.game_name(GAME), {"players": 3, "max_turns": 2})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_gymnasium_check_env():
    check_env(
        make(GAME, seat=0, opponents="random", players=3, max_turns=2), skip_render_check=True
    )
