"""Helpers for scenario tests: rig a position, then play actions and assert the outcome.

>>> from gamenight.testing import rigged
>>> s = rigged("boss-quest", players=3, boss=17, hidden={0: "red 7"}, visible={0: ["blue 6"]})
>>> s.attack(0)
13

Each game's ``rig`` module documents the keywords it takes (hands, decks, dice...).
Rigged states are for tests: their record does not replay from the seed.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Iterator
from typing import Any

from .kernel import Rng, State, make
from .kernel.registry import game_class, spec


def rigged(game_id: str, players: int, seed: int = 0, **setup: Any) -> Any:
    """A new game of `game_id` with the position `setup` describes (see the game's rig).

    Option names go to `make`, except those the rig also takes as keywords (Boss Quest's
    ``hearts`` and ``mystery``): those go to the rig. Use `make` then `rig` to set such an option.
    """
    cls = game_class(game_id)
    rig_function = _rig_module(cls).rig
    state = make(game_id, players=players, seed=seed, **_options(cls, rig_function, setup))
    return rig_function(state, **setup)


def rig(state: State, **setup: Any) -> State:
    """Change an existing state in place as `setup` describes; returns it."""
    return _rig_module(type(state)).rig(state, **setup)


def _rig_module(cls: type[State]) -> Any:
    module = spec(cls.game_id).part("rig")
    if module is None:
        raise ValueError(f"{cls.game_id} has no rig module (its GameSpec's rig)")
    return module


def random_moves(state: State, steps: int, seed: int = 0) -> State:
    """Play up to `steps` uniformly random legal actions of uniformly random actors (fewer
    if the game ends); returns the state. The moves come from ``Rng(seed)``, so a test
    gets the same position each run."""
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def playout(
    game_id: str, players: int, seed: int, every: int = 1, **options: Any
) -> Iterator[State]:
    """The states of one game of `game_id` (`options` go to `make`) in which the first of
    the actors plays a uniformly random legal action, drawn from ``random.Random(seed)``:
    the first, every `every`-th and the finished one. It is the same object, advanced one
    action at a time, so read each state as it comes."""
    state = make(game_id, players=players, seed=seed, **options)
    choose = random.Random(seed).choice
    yield state
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, choose(state.legal_actions(seat)))
        if len(state.history) % every == 0 or state.is_over():
            yield state


def _options(cls: type[State], rig_function: Any, setup: dict[str, Any]) -> dict[str, Any]:
    """Pop the game's option names that are not rig keywords out of `setup` (for `make`)."""
    keywords = inspect.signature(rig_function).parameters
    names = {option.name for option in cls.options_spec} - set(keywords)
    return {name: setup.pop(name) for name in list(setup) if name in names}
