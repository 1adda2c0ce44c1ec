"""Meow, Dark Lord!'s own simulation figures: the cats each seat hired (``cat:<key>``, 1
when it hired a copy), from the game's per-seat ``hired:<key>`` stats."""

from __future__ import annotations

from gamenight.kernel import State
from gamenight.kernel.errors import N_

HIRED = "hired:"
# The names of the figures the game counts (`State.stats`), as the simulations show them.
FIGURES = {
    "turns": N_("turns"),
    "rigor_mortis_end": N_("rigor mortis end"),
    "turn_limit_end": N_("turn limit end"),
    "coins": N_("coins"),
}


def features(state: State) -> dict[str, list[float]]:
    """Per cat, whether each seat hired a copy of it in a finished game."""
    return {
        f"cat:{key[len(HIRED) :]}": [float(v) for v in value]
        for key, value in state.stats().items()
        if key.startswith(HIRED) and isinstance(value, list)
    }
