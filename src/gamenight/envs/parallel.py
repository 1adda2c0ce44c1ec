"""A PettingZoo Parallel environment for every gamenight game (made for simultaneous steps).

>>> from gamenight.envs.parallel import parallel_env
>>> env = parallel_env("boss-quest", players=4, seed=1)
>>> observations, infos = env.reset()

Each step, every seat in ``actors()`` chooses from its own observation (the others'
actions, if given, are ignored: their mask is all zeros), and the step applies the whole
round of choices, in an order drawn without seat-order bias (`round_order`). In a
real-time step (Ninja Master's grab) every choice is a sealed proposal, so all of them
count and the engine resolves them together. In a window, a choice that what was applied
before it in the same step changed (a play that makes every seat decide again) is dropped
(``infos[agent]["dropped"] = True``), and that seat chooses again next step, seeing what
changed. On a plain turn only one seat acts. A game ended by its safety limit is a
truncation, not a termination.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from gamenight.kernel import IllegalAction, Rng, State
from gamenight.play.table import driver_seed

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
        legal = {seat: game.legal_actions(seat) for seat in acting}
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        for seat in round_order(game):
            if seat in game.actors() and game.legal_actions(seat) == legal[seat]:
                game.apply(seat, chosen[seat])
            else:  # what was applied before it changed its choices: it decides again
                infos[agent_name(seat)]["dropped"] = True
        observations = self._observations()
        over = game.is_over()
        outcome = game.outcome() if over else None
        scores = outcome.scores if outcome else (0.0,) * encoding.players
        rewards = {agent: float(scores[seat_of(agent)]) for agent in self.agents}
        truncated = outcome is not None and outcome.truncated
        terminations = dict.fromkeys(self.agents, over and not truncated)
        truncations = dict.fromkeys(self.agents, truncated)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {agent: self.encoding.observe(self.game, seat_of(agent)) for agent in self.agents}


def round_order(state: State) -> list[int]:
    """The order a parallel step applies its actors' choices in: a permutation of
    ``actors()`` drawn, as `gamenight.play.table.next_actor` draws, from the game's seed and
    the number of actions played (the game's own generator is never touched)."""
    order = list(state.actors())
    Rng(driver_seed(state)).shuffle(order)
    return order


def parallel_env(
    game: str, players: int | None = None, seed: int | None = None, **options: Any
) -> GamenightParallelEnv:
    """A PettingZoo Parallel environment of `game` (options as in `gamenight.make`;
    `players` defaults to the game's minimum)."""
    return GamenightParallelEnv(game, players, seed, **options)
