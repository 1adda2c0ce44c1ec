"""Simulations: many games with agents, win rates with intervals, each game's figures.

>>> from gamenight.sim import simulate
>>> result = simulate("boss-quest", games=100, players=4, agents=["random"], seed=1)
>>> result.seats[0].rate, result.figures["rounds"]
"""

from .result import AgentResult, SimulationResult
from .runner import derive_seed, lineup_for, record_path, seating, simulate
from .stats import Rate, wilson_interval

__all__ = [
    "AgentResult",
    "Rate",
    "SimulationResult",
    "derive_seed",
    "lineup_for",
    "record_path",
    "seating",
    "simulate",
    "wilson_interval",
]
