"""A Gymnasium vector environment: many games of one seat against bots, stepped together.

>>> from gamenight.envs.vector import make_vec
>>> envs = make_vec("boss-quest", num_envs=8, seat=0, opponents="random", players=4)
>>> observations, infos = envs.reset(seed=1)
>>> observations["observation"].shape, observations["action_mask"].shape
((8, 744), (8, 76))

Each sub-environment is a `gamenight.envs.gym.GamenightGymEnv` (same seat, opponents,
rewards and illegal-action rule); the games run in this process, one after the other,
and each observation is written straight into the batch's arrays, with no dict per
game. It gives what ``gymnasium.vector.SyncVectorEnv`` of those environments gives, seed
for seed: ``reset(seed=k)`` seeds game ``i`` with ``k + i``, and a game that ended is
started again on the next ``step`` (Gymnasium's next-step autoreset: that step's reward
is 0 and its action is ignored).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from gamenight.agents import Agent

from .gym import GamenightGymEnv


class GamenightVectorEnv(VectorEnv[dict[str, np.ndarray], np.ndarray, np.ndarray]):
    """`num_envs` games of `game`, the learner at `seat` in each (see the module docstring;
    the other arguments as `gamenight.envs.gym.GamenightGymEnv`'s)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012  (as VectorEnv declares it)

    def __init__(
        self,
        game: str,
        num_envs: int,
        seat: int = 0,
        opponents: str | Sequence[str | Agent] = "random",
        players: int | None = None,
        **options: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, got {num_envs!r}")
        self.envs = [
            GamenightGymEnv(game, seat, opponents, players, **options) for _ in range(num_envs)
        ]
        self.encoding = self.envs[0].encoding
        self.num_envs = num_envs
        self.render_mode = None
        self.single_observation_space = self.envs[0].observation_space
        self.single_action_space = self.envs[0].action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._ended = np.zeros(num_envs, dtype=np.bool_)  # reset at the next step

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a game in every sub-environment; `seed` ``k`` seeds game ``i`` with
        ``k + i`` (a list: one seed per game)."""
        super().reset(seed=seed if isinstance(seed, int) else None)
        if seed is None or isinstance(seed, int):
            seeds = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{self.num_envs} environments need as many seeds")
        for env, env_seed in zip(self.envs, seeds, strict=True):
            env._begin(env_seed)
        self._ended[:] = False
        return self._observations(), {}

    def step(
        self, actions: np.ndarray
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Apply each learner's action, then its bots' up to its next turn; a game that
        ended at the previous step starts again instead."""
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        infos: dict[str, Any] = {}
        for i, env in enumerate(self.envs):
            if self._ended[i]:
                env._begin(None)
                continue
            rewards[i], terminations[i], truncations[i], info = env._act(actions[i])
            if info:
                infos = self._add_info(infos, info, i)
        self._ended = terminations | truncations
        return self._observations(), rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, np.ndarray]:
        """Every learner's observation and mask, written into new batch arrays."""
        observations = np.zeros((self.num_envs, self.encoding.size), dtype=np.float32)
        masks = np.zeros((self.num_envs, self.encoding.num_actions), dtype=np.int8)
        for i, env in enumerate(self.envs):
            self.encoding.observe_into(env.state, env.seat, observations, masks, i)
        return {"observation": observations, "action_mask": masks}


def make_vec(
    game: str,
    num_envs: int,
    seat: int = 0,
    opponents: str | Sequence[str | Agent] = "random",
    players: int | None = None,
    **options: Any,
) -> GamenightVectorEnv:
    """A Gymnasium vector environment of `num_envs` games of one seat of `game` (see
    `GamenightVectorEnv`)."""
    return GamenightVectorEnv(game, num_envs, seat, opponents, players, **options)
