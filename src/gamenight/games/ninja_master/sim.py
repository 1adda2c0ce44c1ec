"""Ninja Master's own simulation figures: each seat's net points by source
(``points:<source>``), from the game's per-seat ``<source>_points`` stats."""

from __future__ import annotations

from gamenight.kernel import State

POINTS = "_points"


def features(state: State) -> dict[str, list[float]]:
    """Per source of points, each seat's net points from it in a finished game."""
    return {
        f"points:{key[: -len(POINTS)]}": [float(v) for v in value]
        for key, value in state.stats().items()
        if key.endswith(POINTS) and isinstance(value, list)
    }
