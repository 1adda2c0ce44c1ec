"""Gymnasium environments: one seat of a gamenight game, the other seats played by bots.

>>> from gamenight.envs.gym import make
>>> env = make("boss-quest", seat=0, opponents="random", players=4)
>>> observation, info = env.reset(seed=1)

Observations are the same ``{"observation", "action_mask"}`` dict as the PettingZoo
environments', from the learner's ``view(seat)``; actions are codec ids. The bots decide
(the seats `gamenight.play.table.next_actor` draws, as the table loop asks them) until
the learner must decide or the game ends; in a real-time step the learner's sealed
proposal competes with the bots' on time. The reward is the learner's final
``outcome().scores`` entry; a game ended by its safety limit is ``truncated``. An action
the mask rules out ends the episode as a loss (Gymnasium's checkers sample unmasked).

Importing this module also registers ``gamenight/<game>-v0`` with Gymnasium, so
``gymnasium.make("gamenight.envs.gym:gamenight/boss-quest-v0", players=4)`` works too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from gamenight import agents
from gamenight.agents import Agent
from gamenight.kernel import IllegalAction, State, games
from gamenight.kernel.limits import quote
from gamenight.play.table import ask, next_actor

from .encoding import Encoding, env_id


class GamenightGymEnv(gymnasium.Env):
    """One `seat` of `game` against `opponents`.

    `opponents` is an agent name for every other seat (``"random"``, ``"heuristic"``...:
    see `gamenight.agents.available`), or one name or agent per other seat in seat
    order. Named bots are made anew at each reset with seeds drawn from the reset's
    generator, so ``reset(seed=k)`` replays the same game; agent objects are used as given.
    `players` defaults to one more than a list of opponents, else the game's minimum.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012  (as Env declares it)

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: str | Sequence[str | Agent] = "random",
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if players is None and not isinstance(opponents, str):
            players = len(opponents) + 1
        self.encoding = Encoding(game, players, options)
        players = self.encoding.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be one of 0..{players - 1}, got {quote(seat)}")
        others = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, got {len(others)}")
        for other in others:
            if isinstance(other, str):
                agents.make(other, game)  # an unknown name fails now, not at reset
        self.seat = seat
        self.opponents = others
        self.render_mode = render_mode
        self.observation_space = self.encoding.observation_space()
        self.action_space = self.encoding.action_space()
        self.state: State  # the game in progress, set by reset
        self._agents: list[Agent | None] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a new game and play the bots up to the learner's first turn."""
        self._begin(seed)
        return self._observation(), {}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Apply the learner's action, then the bots' up to its next turn or the end.

        An illegal action (one the mask rules out) changes nothing and ends the episode
        as a loss: reward the lowest score the game gives, ``info["illegal_action"]``.
        """
        reward, terminated, truncated, info = self._act(action)
        return self._observation(), reward, terminated, truncated, info

    def render(self) -> str | None:
        """The learner's view as text (``ansi`` returns it, ``human`` prints it)."""
        return self.encoding.render(self.game, self.seat, self.render_mode)

    @property
    def game(self) -> State:
        """The game in progress (read it; act only through `step`)."""
        return self.state

    def _begin(self, seed: int | None) -> None:
        """`reset` but the observation (the vector environment writes it in its batch)."""
        super().reset(seed=seed)
        draw = self.np_random.integers
        bots = iter(
            agents.make(o, self.encoding.game_id, int(draw(2**63))) if isinstance(o, str) else o
            for o in self.opponents
        )
        # The learner's own slot is never asked: the bots only play the other seats.
        self._agents = [
            None if s == self.seat else next(bots) for s in range(self.encoding.players)
        ]
        self.state = self.encoding.new_state(int(draw(2**63)))
        self._play_bots()

    def _act(self, action: Any) -> tuple[float, bool, bool, dict[str, Any]]:
        """`step` but the observation: ``(reward, terminated, truncated, info)``."""
        try:
            self.state.apply(self.seat, self.encoding.decode(action))
        except IllegalAction:
            return self.encoding.scores[0], True, False, {"illegal_action": True}
        self._play_bots()
        if not self.state.is_over():
            return 0.0, False, False, {}
        outcome = self.state.outcome()
        return float(outcome.scores[self.seat]), not outcome.truncated, outcome.truncated, {}

    def _play_bots(self) -> None:
        state = self.state
        while not state.is_over():
            seat = next_actor(state)
            if seat == self.seat:
                return
            agent = self._agents[seat]
            assert agent is not None  # only the learner's seat has none
            state.apply(seat, ask(agent, state, seat))

    def _observation(self) -> dict[str, np.ndarray]:
        return self.encoding.observe(self.game, self.seat)


def make(
    game: str,
    seat: int = 0,
    opponents: str | Sequence[str | Agent] = "random",
    players: int | None = None,
    **options: Any,
) -> GamenightGymEnv:
    """A Gymnasium environment of one seat of `game` (see `GamenightGymEnv`)."""
    return GamenightGymEnv(game, seat, opponents, players, **options)


for _game in games():
    gymnasium.register(
        env_id(_game), entry_point=f"{__name__}:GamenightGymEnv", kwargs={"game": _game}
    )
