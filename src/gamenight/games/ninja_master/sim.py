"""Ninja Master's own simulation figures: each seat's net points by source
(``points:<source>``), from the game's per-seat ``<source>_points`` stats, and the words
that name them."""

from __future__ import annotations

from gamenight.kernel import State
from gamenight.kernel.errors import N_

POINTS = "_points"
# The sources of points, as the balance report names them.
SOURCES = {
    "ninja": N_("ninja"),
    "katana": N_("katana"),
    "shuriken": N_("shuriken"),
    "call": N_("call"),
    "floor": N_("floor"),
}
# The names of the figures the game counts (`State.stats`), as the simulations show them.
FIGURES = {
    "rounds": N_("rounds"),
    "share_ninja": N_("share ninja"),
    "share_katana": N_("share katana"),
    "share_shuriken": N_("share shuriken"),
    "share_call": N_("share call"),
    "ninja_points": N_("ninja points"),
    "katana_points": N_("katana points"),
    "shuriken_points": N_("shuriken points"),
    "call_points": N_("call points"),
    "floor_points": N_("floor points"),
}


def features(state: State) -> dict[str, list[float]]:
    """Per source of points, each seat's net points from it in a finished game."""
    return {
        f"points:{key[: -len(POINTS)]}": [float(v) for v in value]
        for key, value in state.stats().items()
        if key.endswith(POINTS) and isinstance(value, list)
    }


def name(game_id: str, group: str, key: str, lang: str) -> str | None:
    """The English word of a source of points (``points:<source>``), which the game's
    catalog translates where it is shown; ``None`` for anything else."""
    return SOURCES.get(key) if group == "points" else None
