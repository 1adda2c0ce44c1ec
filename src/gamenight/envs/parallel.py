"""A PettingZoo Parallel environment for every gamenight game (made for simultaneous steps).

>>> from gamenight.envs.parallel import parallel_env
>>> env = parallel_env("boss-quest", players=4, seed=1)
>>> observations, infos = env.reset()

Each step, every seat in ``actors()`` chooses from its own observation (the others'
actions, if given, are ignored: their mask is all zeros), and the step applies what the
table loop would apply next (`gamenight.envs.encoding.Turns`): in a real-time step (Ninja
Master's grab) the earliest of all the choices, else the first seat's choice. The
choices not applied are dropped (``infos[agent]["dropped"] = True``) and those seats
choose again next step, seeing what changed. On a plain turn only one seat acts.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from gamenight.kernel import IllegalAction

from .encoding import SeatedEnv, agent_name, seat_of


class GamenightParallelEnv(SeatedEnv, ParallelEnv):
    """A gamenight game as a PettingZoo Parallel environment (see the module docstring).

    `seed` and `reset(seed=...)` work as in `gamenight.envs.pettingzoo.GamenightAECEnv`.
    Rewards are the final ``outcome().scores``, given on the last step.
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

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Start a new game; `options` is unused (game options are fixed at construction)."""
        self._new_game(seed)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """Apply the actions of the seats that may act; see the module docstring."""
        game, encoding = self.game, self.encoding
        acting = game.actors()
        chosen = {}
        for seat in acting:
            agent = agent_name(seat)
            if agent not in actions:
                raise IllegalAction(f"{agent} may act now but gave no action")
            action = encoding.decode(actions[agent])
            if action not in game.legal_actions(seat):
                raise IllegalAction(f"{action} is not legal for {agent} now")
            chosen[seat] = action
        applied = None
        for seat in acting:
            applied = self.turns.decide(chosen[seat])
            if applied is not None:
                break
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        for seat in acting:
            if applied is None or applied[0] != seat:
                infos[agent_name(seat)]["dropped"] = True
        observations = self._observations()
        over = game.is_over()
        scores = game.outcome().scores if over else (0.0,) * encoding.players
        rewards = {agent: float(scores[seat_of(agent)]) for agent in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {agent: self.encoding.observe(self.game, seat_of(agent)) for agent in self.agents}


def parallel_env(
    game: str, players: int | None = None, seed: int | None = None, **options: Any
) -> GamenightParallelEnv:
    """A PettingZoo Parallel environment of `game` (options as in `gamenight.make`;
    `players` defaults to the game's minimum)."""
    return GamenightParallelEnv(game, players, seed, **options)
