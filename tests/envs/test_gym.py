"""The single-seat Gymnasium environments under Gymnasium's own checker."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the RL adapters need the rl extra")

import gymnasium
from gymnasium.utils.env_checker import check_env

from gamenight import agents
from gamenight.envs.encoding import env_id
from gamenight.envs.gym import make
from gamenight.kernel import game_class
from gamenight.play.table import next_actor

from .cases import short_game

# Bots the tests play against, when a game has them (search bots would be slow here).
OPPONENTS = ("random", "heuristic")


def opponents(game_id: str) -> list[str]:
    return [name for name in OPPONENTS if name in agents.available(game_id)]


@pytest.mark.filterwarnings("error")
def test_check_env(game_id, players):
    for name in opponents(game_id):
        for seat in (0, players - 1):
            check_env(
                make(game_id, seat=seat, opponents=name, players=players, **short_game(game_id)),
                skip_render_check=True,
            )


def test_gymnasium_make_finds_every_game(game_id):
    players = game_class(game_id).min_players
    env = gymnasium.make(f"gamenight.envs.gym:{env_id(game_id)}", players=players)
    observation, _ = env.reset(seed=1)
    assert env.observation_space.contains(observation)


def test_an_episode_ends_with_the_learners_score(game_id, players):
    env = make(game_id, seat=1, opponents="random", players=players, **short_game(game_id))
    observation, _ = env.reset(seed=3)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        assert observation["action_mask"].any(), "the learner is asked only when it may act"
        assert next_actor(env.game) == 1
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, reward, terminated, truncated, _ = env.step(action)
    outcome = env.game.outcome()
    assert reward == outcome.scores[1]
    assert truncated == outcome.truncated  # a safety limit truncates, it does not end


def test_reset_with_a_seed_replays_the_same_game(game_id, players):
    def game(seed):
        env = make(game_id, seat=0, opponents="random", players=players, **short_game(game_id))
        observation, _ = env.reset(seed=seed)
        learner = np.random.default_rng(0)  # the same learner in both games
        while True:
            action = int(learner.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                return env.game.to_json()

    assert game(7) == game(7)
    assert game(7) != game(8)


def test_an_illegal_action_ends_the_episode_as_a_loss(game_id):
    env = make(game_id, players=game_class(game_id).min_players)
    observation, _ = env.reset(seed=2)
    before = env.game.to_json()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info) == (env.encoding.scores[0], True, {"illegal_action": True})
    assert env.game.to_json() == before


def test_bad_arguments_are_refused(game_id):
    players = game_class(game_id).min_players
    with pytest.raises(ValueError, match="seat"):
        make(game_id, seat=players, players=players)
    with pytest.raises(ValueError, match="opponents"):
        make(game_id, opponents=["random"] * players, players=players)
    with pytest.raises(ValueError, match="unknown agent"):
        make(game_id, opponents="no-such-bot", players=players)
