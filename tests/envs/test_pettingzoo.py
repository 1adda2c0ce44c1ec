"""The PettingZoo adapters under PettingZoo's own test suites, plus the agent order,
rewards, registry and refusals they promise."""

from __future__ import annotations

import contextlib
import io

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the RL adapters need the rl extra")

import pettingzoo
from pettingzoo.test import api_test, parallel_api_test, seed_test

from gamenight.envs.encoding import env_id
from gamenight.envs.parallel import parallel_env
from gamenight.envs.pettingzoo import env
from gamenight.kernel import IllegalAction, game_class
from gamenight.play.table import next_actor

from .cases import games, short_game

# PettingZoo's checks warn about dict observations, which its own classic games use too
# (it exempts them by name); any other warning fails the test.
pytestmark = [
    pytest.mark.filterwarnings("error"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
]

# api_test and seed_test stop at the end of their first episode: loop them over seeds.
SEEDS = 50


def quietly(check, *args, **kwargs) -> None:
    """Run one of PettingZoo's checks without its progress prints."""
    with contextlib.redirect_stdout(io.StringIO()):
        check(*args, **kwargs)


def test_api_test(game_id, players):
    options = short_game(game_id)
    for seed in games(game_id, SEEDS):
        quietly(api_test, env(game_id, players, seed=seed, **options), num_cycles=10_000)


def test_seed_test(game_id, players):
    options = short_game(game_id)
    for seed in games(game_id, SEEDS):
        seed_test(lambda seed=seed: env(game_id, players, seed=seed, **options), num_cycles=10_000)


def test_parallel_api_test(game_id, players):
    options = short_game(game_id)
    for seed in games(game_id, 10):
        game = parallel_env(game_id, players, seed=seed, **options)
        quietly(parallel_api_test, game, num_cycles=10_000)


def test_every_game_is_in_pettingzoos_registries(game_id):
    players = game_class(game_id).min_players
    aec = pettingzoo.make("aec", env_id(game_id), players=players, seed=1)
    parallel = pettingzoo.make("parallel", env_id(game_id), players=players, seed=1)
    assert (
        aec.possible_agents
        == parallel.possible_agents
        == [f"player_{seat}" for seat in range(players)]
    )


def test_agents_decide_in_the_table_loops_order(game_id, players):
    """The seat `next_actor` draws decides and its action applies at once; only actors
    see a mask."""
    game = env(game_id, players, seed=3, **short_game(game_id))
    game.reset()
    # Seeded random choices: a fixed pick (the first, the middle one) can cycle for ever
    # through moves that undo each other (opening and cancelling a Munchkin trade).
    learner = np.random.default_rng(3)
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        state = game.game
        actors = state.actors()
        assert agent == f"player_{next_actor(state)}"
        for other in game.agents:
            mask = game.observe(other)["action_mask"]
            assert mask.any() == (int(other.removeprefix("player_")) in actors)
        before = len(state.history)
        game.step(int(learner.choice(np.flatnonzero(observation["action_mask"]))))
        assert len(state.history) == before + 1


def test_rewards_are_the_final_scores(game_id, players):
    game = env(game_id, players, seed=5, **short_game(game_id))
    game.reset(seed=2)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            scores = game.game.outcome().scores
            game.step(None)
        else:
            game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert [totals[f"player_{seat}"] for seat in range(players)] == list(scores)


def test_the_same_seeds_replay_the_same_games_and_others_differ(game_id, players):
    def first_deal(seed, reset_seed):
        game = env(game_id, players, seed=seed)
        game.reset(seed=reset_seed)
        return game.game.to_json()

    assert first_deal(1, 4) == first_deal(1, 4)
    assert first_deal(1, 4) != first_deal(2, 4)
    assert first_deal(1, 4) != first_deal(1, 5)


def test_an_illegal_action_is_refused_and_changes_nothing(game_id):
    game = env(game_id, game_class(game_id).min_players, seed=1)
    game.reset()
    before = game.game.to_json()
    mask = game.observe(game.agent_selection)["action_mask"]
    for bad in [*np.flatnonzero(mask == 0)[:1], -1, len(mask), "0"]:
        with pytest.raises(IllegalAction):
            game.step(bad)
    assert game.game.to_json() == before


def test_a_parallel_step_applies_the_whole_round_of_choices(game_id, players):
    game = parallel_env(game_id, players, seed=4, **short_game(game_id))
    observations, _ = game.reset()
    learner = np.random.default_rng(4)
    while game.agents:
        acting = [a for a in game.agents if observations[a]["action_mask"].any()]
        assert set(acting) == {f"player_{seat}" for seat in game.game.actors()}
        # A random legal action of each acting seat; the others' actions (0) are ignored.
        actions = {
            a: int(learner.choice(np.flatnonzero(o["action_mask"]))) if a in acting else 0
            for a, o in observations.items()
        }
        history = len(game.game.history)
        observations, _, _, _, infos = game.step(actions)
        dropped = sum("dropped" in infos[a] for a in acting)
        # Every choice applies, but one that an earlier choice of the step made stale.
        assert len(game.game.history) == history + len(acting) - dropped >= history + 1
