"""gamenight: five modern tabletop games for people, bots, RL research and simulations.

>>> import gamenight
>>> state = gamenight.make("boss-quest", players=4, seed=7)
>>> seat = state.actors()[0]
>>> state.apply(seat, state.legal_actions(seat)[0])
"""

# Import the `games` package before binding the `games` function: importing it later (a
# game's module is loaded on first use) would rebind `gamenight.games` to the package.
from . import games as _games_package  # noqa: F401
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
