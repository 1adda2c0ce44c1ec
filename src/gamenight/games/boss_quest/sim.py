"""Boss Quest's own simulation figures: the spells each seat activated (``spell:<key>``,
a spell activated twice counts twice), read from the public ``activate`` events."""

from __future__ import annotations

from gamenight.kernel import State
from gamenight.kernel.errors import N_

from .model import EventKind

# The names of the figures the game counts (`State.stats`), as the simulations show them.
FIGURES = {
    "rounds": N_("rounds"),
    "round_wins": N_("round wins"),
    "perfect_hits": N_("perfect hits"),
}


def features(state: State) -> dict[str, list[float]]:
    """Per spell, how many times each seat activated it in a finished game."""
    figures: dict[str, list[float]] = {}
    for event in state.events:
        if event.kind == EventKind.ACTIVATE and event.to is None:
            key = f"spell:{event.data['spell']}"
            figures.setdefault(key, [0.0] * state.num_players)[event.data["seat"]] += 1
    return figures
