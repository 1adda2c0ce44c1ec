"""Each game's own balance figures of a finished game, one number per seat.

`features(state)` gives ``{"<group>:<name>": [value of seat 0, seat 1, ...]}``, as the
game's figures module (its manifest's `GameSpec.sim`) computes them with its optional
``features(state)``: Boss Quest the spells each seat activated (``spell:``), Meow the
cats it hired (``cat:``), Ninja Master its net points by source (``points:``), Munchkin
its class, race and style at the end (``class:``, ``race:``, ``style:``, 1 or 0) and the
cards it played (``card:``). Games read them from what they tell everybody (public
events, the spectator's view, the per-seat figures of `State.stats`), so a report can
say, per spell, cat, source or card, how often it was used and how its users fared. A
game without its own figures has none.
"""

from __future__ import annotations

from gamenight.kernel import State, spec

Features = dict[str, list[float]]


def features(state: State) -> Features:
    """The balance figures of a finished game (module docstring); ``{}`` for a game with
    none."""
    figures = spec(state.game_id).part("sim")
    extract = getattr(figures, "features", None)
    return {} if extract is None else dict(extract(state))
