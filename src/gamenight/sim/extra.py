"""A game's own simulation figures, beyond the common ones.

A game may name a module in its manifest (`GameSpec.sim`) with any of three functions:
`features(state)` (its balance figures per seat: `balance.features`), and

- ``counts(state, features) -> dict[str, float]``: one finished game's counts, given its
  balance features (`balance.features`); they are summed over the games, so they must
  add up (a count, never a mean);
- ``tables(totals, game_id) -> list``: the summed counts as tables, each with ``title``,
  ``columns`` and ``rows``; a cell is a text, or a ``(successes, trials)`` pair shown as
  a rate with its 95% Wilson interval.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

from gamenight.kernel import State, spec

from .balance import features


def module(game_id: str) -> ModuleType | None:
    """The figures module of a game (imported on first use), or ``None``."""
    return spec(game_id).part("sim")


def counts(state: State) -> dict[str, float]:
    """A finished game's own counts; ``{}`` for a game without them."""
    count = getattr(module(state.game_id), "counts", None)
    return {} if count is None else count(state, features(state))


def tables(game_id: str, totals: Mapping[str, float]) -> list[Any]:
    """A simulation's own tables from its summed counts; ``[]`` for a game without."""
    tabulate = getattr(module(game_id), "tables", None)
    return [] if tabulate is None or not totals else tabulate(totals, game_id)
