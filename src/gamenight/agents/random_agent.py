"""The random agent: a uniform choice among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from gamenight.kernel import Action, Clock, State


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"
    needs_state = False
    needs_view = False  # it chooses among the legal actions alone

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(
        self,
        view: Mapping[str, Any],
        legal: list[Action],
        clock: Clock | None = None,
        state: State | None = None,
    ) -> Action:
        return legal[self._rng.randrange(len(legal))]
