"""Helpers for scenario tests: rig a position, then play actions and assert the outcome.

>>> from gamenight.testing import rigged
>>> s = rigged("boss-quest", players=3, boss=17, hidden={0: "red 7"}, visible={0: ["blue 6"]})
>>> s.attack(0)
13

Each game's ``rig`` module documents the keywords it takes (hands, decks, dice...).
Rigged states are for tests: their record does not replay from the seed.
"""

from __future__ import annotations

import importlib
from typing import Any

from .kernel import State, make
from .kernel.registry import game_class


def rigged(game_id: str, players: int, seed: int = 0, **setup: Any) -> Any:
    """A new game of `game_id` with the position `setup` describes (see the game's rig)."""
    state = make(game_id, players=players, seed=seed, **_options(game_id, setup))
    return rig(state, **setup)


def rig(state: State, **setup: Any) -> State:
    """Change an existing state in place as `setup` describes; returns it."""
    module = importlib.import_module(type(state).__module__.rsplit(".", 1)[0] + ".rig")
    return module.rig(state, **setup)


def _options(game_id: str, setup: dict[str, Any]) -> dict[str, Any]:
    """Pop the game's option names out of `setup` (they go to `make`)."""
    names = {option.name for option in game_class(game_id).options_spec}
    return {name: setup.pop(name) for name in list(setup) if name in names}
