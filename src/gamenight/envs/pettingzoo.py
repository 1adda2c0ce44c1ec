"""PettingZoo AEC environments for every gamenight game.

>>> from gamenight.envs.pettingzoo import env
>>> game = env("boss-quest", players=4, seed=7)
>>> game.reset()
>>> for agent in game.agent_iter():
...     observation, reward, terminated, truncated, info = game.last()
...     action = None if terminated else int(observation["action_mask"].nonzero()[0][0])
...     game.step(action)

Importing this module also registers every game in PettingZoo's registries, as
``gamenight/<game>-v0`` for ``pettingzoo.make("aec", ...)`` and
``pettingzoo.make("parallel", ...)`` (see `gamenight.envs.parallel`). PettingZoo finds
no environments of other packages by itself, so the import must come first.

Agents are ``player_0..player_{n-1}`` (seat numbers). The agent selected is the seat the
table loop would ask (`gamenight.play.table.next_actor`: one of ``state.actors()``, drawn
without seat-order bias), and its action is applied at once; in a real-time step (Ninja
Master's grab) each action is a sealed proposal that the engine resolves when every
acting seat has proposed. Every agent observes
``{"observation": Box(float32), "action_mask": Box(int8)}`` built from its own
``view(seat)``; the mask is all zeros when it may not act. Rewards are the final
``outcome().scores``, given when the game ends; a game ended by its safety limit
(``outcome().truncated``) is reported as a truncation, not a termination.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pettingzoo
from pettingzoo import AECEnv

from gamenight.kernel import games
from gamenight.play.table import next_actor

from .encoding import SeatedEnv, env_id
from .parallel import parallel_env


class GamenightAECEnv(SeatedEnv, AECEnv):
    """A gamenight game as a PettingZoo AEC environment (see the module docstring).

    Seeding: with `seed`, every episode is reproducible; ``reset()`` plays the next game
    of a stream seeded by `seed`, ``reset(seed=k)`` restarts that stream from
    ``(seed, k)``. Without `seed`, ``reset()`` draws fresh games and ``reset(seed=k)`` is
    reproducible as with ``seed=0``. An illegal action raises `gamenight.IllegalAction`
    and changes nothing.
    """

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        SeatedEnv.__init__(self, game, players, seed, render_mode, options)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; `options` is unused (game options are fixed at construction)."""
        self._new_game(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._over = False
        self._select(next_actor(self.state))

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.encoding.observe(self.state, self._seats[agent])

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (``None`` for an agent whose game is over)."""
        if self._over:  # every agent's game ends at once
            self._was_dead_step(action)
            return
        state = self.state
        state.apply(self._seat, self.encoding.decode(action))
        # Rewards come only at the end: until then every reward and cumulative reward
        # stays 0, so the dicts are left as they are rather than cleared and summed.
        if not state.is_over():
            self._select(next_actor(state))
            return
        self._over = True
        outcome = state.outcome()
        ended = self.truncations if outcome.truncated else self.terminations
        for other in self.agents:
            self.rewards[other] = self._cumulative_rewards[other] = float(
                outcome.scores[self._seats[other]]
            )
            ended[other] = True

    def _select(self, seat: int) -> None:
        """Make `seat` the agent to act."""
        self._seat = seat
        self.agent_selection = self.possible_agents[seat]


def env(
    game: str, players: int | None = None, seed: int | None = None, **options: Any
) -> GamenightAECEnv:
    """A PettingZoo AEC environment of `game` (options as in `gamenight.make`;
    `players` defaults to the game's minimum)."""
    return GamenightAECEnv(game, players, seed, **options)


for _game in games():
    pettingzoo.register("aec", env_id(_game), entry_point=env, kwargs={"game": _game})
    pettingzoo.register("parallel", env_id(_game), entry_point=parallel_env, kwargs={"game": _game})
