"""gamenight: five modern tabletop games for people, bots, RL research and simulations.

>>> import gamenight
>>> state = gamenight.make("boss-quest", players=4, seed=7)
>>> seat = state.actors()[0]
>>> state.apply(seat, state.legal_actions(seat)[0])
"""

from .kernel import (
    Action,
    GameRecord,
    IllegalAction,
    Outcome,
    State,
    games,
    load,
    make,
    replay,
)

__all__ = [
    "Action",
    "GameRecord",
    "IllegalAction",
    "Outcome",
    "State",
    "games",
    "load",
    "make",
    "replay",
]
__version__ = "0.1.0"
