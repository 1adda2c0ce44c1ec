"""The passive agent: it passes whenever it may, and otherwise plays like `random`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamenight.kernel import PASS, Action, Clock, State

from .random_agent import RandomAgent


class PassiveAgent(RandomAgent):
    """Passes in every window (whenever `PASS` is legal); any other decision is
    `RandomAgent`'s seeded uniform choice. A pass draws nothing from the generator, so
    its other choices are the ones a `RandomAgent` of the same seed makes for the same
    decisions."""

    name = "passive"

    def act(
        self,
        view: Mapping[str, Any],
        legal: list[Action],
        clock: Clock | None = None,
        state: State | None = None,
    ) -> Action:
        if PASS in legal:
            return PASS
        return super().act(view, legal, clock, state)
