"""Train one shared PPO policy for every seat of Boss Quest with RLlib, through PettingZoo.

    pip install "gamenight[rl]" "ray[rllib]" torch
    python examples/rllib_boss_quest.py

RLlib wraps a PettingZoo AEC environment with ``PettingZooEnv``. Its action-masking
RLModule example reads the observation keys ``"observations"`` and ``"action_mask"``, so
`RLlibKeys` renames PettingZoo's ``"observation"``. Rewards come only at the end of a
game and the game is competitive: for real training add self-play against frozen copies,
or train one seat against fixed bots (``gamenight.envs.gym``). See docs/rl.md.
"""

from __future__ import annotations

import gymnasium as gym
from pettingzoo.utils import BaseWrapper
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
from ray.tune.registry import register_env

from gamenight.envs.pettingzoo import env


class RLlibKeys(BaseWrapper):
    """Observations as ``{"observations", "action_mask"}``, the keys RLlib's masking
    module reads."""

    def __init__(self, game):
        super().__init__(game)
        self._spaces = {
            agent: gym.spaces.Dict(
                {
                    "observations": game.observation_space(agent)["observation"],
                    "action_mask": game.observation_space(agent)["action_mask"],
                }
            )
            for agent in game.possible_agents
        }

    def observation_space(self, agent):
        return self._spaces[agent]

    def observe(self, agent):
        seen = self.env.observe(agent)
        return {"observations": seen["observation"], "action_mask": seen["action_mask"]}


def main() -> None:
    register_env(
        "boss-quest", lambda config: PettingZooEnv(RLlibKeys(env("boss-quest", players=4)))
    )
    config = (
        PPOConfig()
        .environment("boss-quest")
        .multi_agent(
            policies={"shared"},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared",  # every seat
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={"shared": RLModuleSpec(module_class=ActionMaskingTorchRLModule)}
            )
        )
    )
    algo = config.build()
    for iteration in range(5):
        result = algo.train()
        print(iteration, result.get("env_runners", {}).get("episode_return_mean"))


if __name__ == "__main__":
    main()
