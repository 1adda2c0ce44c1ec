"""Agents: `random` and `passive` for every game, and each game's own bots (its
`GameSpec`'s ``bots``).

>>> from gamenight import agents
>>> bot = agents.make("heuristic", "boss-quest", seed=1)
"""

from __future__ import annotations

from collections.abc import Callable

from gamenight.kernel import Agent, Clock
from gamenight.kernel.errors import N_, InvalidInput
from gamenight.kernel.limits import quote
from gamenight.kernel.registry import spec

from . import ismcts
from .passive import PassiveAgent
from .random_agent import RandomAgent

AgentFactory = Callable[[int | None], Agent]

# The agents every game has, whatever its bots.
GENERIC: dict[str, AgentFactory] = {"passive": PassiveAgent, "random": RandomAgent}


def _game_bots(game_id: str) -> dict[str, AgentFactory]:
    module = spec(game_id).part("bots")
    return {} if module is None else dict(module.BOTS)


def default(game_id: str) -> str:
    """The name of the agent that fills a game's empty seats when none is named."""
    return spec(game_id).default_bot


def available(game_id: str) -> list[str]:
    """Names of the agents that can play `game_id` (the search agent under its plain name
    ``ismcts``; `make` also takes its ``ismcts:BUDGET:ROLLOUT`` forms)."""
    return sorted({*GENERIC, ismcts.NAME, *_game_bots(game_id)})


def make(name: str, game_id: str, seed: int | None = None) -> Agent:
    """An agent by name for a game; an unknown name raises `ValueError` listing the known."""
    if name in GENERIC:
        return GENERIC[name](seed)
    if ismcts.is_ismcts(name):  # a search agent for every game: ismcts[:BUDGET][:ROLLOUT]
        return ismcts.from_name(name, game_id, seed)
    bots = _game_bots(game_id)
    if name not in bots:
        raise InvalidInput(
            N_("unknown agent {agent} for {game}; available: {available}"),
            agent=quote(name),
            game=game_id,
            available=", ".join(available(game_id)),
        )
    return bots[name](seed)


__all__ = ["Agent", "Clock", "PassiveAgent", "RandomAgent", "available", "default", "make"]
