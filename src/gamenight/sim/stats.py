"""Aggregating many games: win rates with Wilson intervals, and each game's own figures.

The aggregation is generic: a game reports figures in `State.stats()` as numbers (one per
game, e.g. ``rounds``) or lists with one number per seat (e.g. ``perfect_hits``). Numbers
are averaged over games; per-seat lists are credited to the agent that held the seat and
reported per game it played and, when the game reports ``rounds``, per round it played.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

Z_95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 or n successes.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    scale = 1 + z2 / trials
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


@dataclass(frozen=True)
class Rate:
    """``wins`` out of ``trials``, with its 95% Wilson interval."""

    wins: int
    trials: int

    @property
    def rate(self) -> float:
        return self.wins / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.trials)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "wins": self.wins,
            "trials": self.trials,
            "rate": self.rate,
            "ci95": [low, high],
        }


@dataclass(frozen=True)
class GameSummary:
    """What the aggregation needs from one finished game (small, so it crosses processes)."""

    seats: tuple[str, ...]  # the agent name of each seat
    winners: tuple[int, ...]
    actions: int
    stats: dict[str, float | list[float]]
    truncated: bool = False  # a safety limit ended it (`Outcome.truncated`)
    counts: dict[str, float] = field(default_factory=dict)  # the game's own (`extra.counts`)


@dataclass
class Tally:
    """Running totals over games; `merge` adds another tally (e.g. a worker's chunk)."""

    games: int = 0
    actions: int = 0
    no_winner: int = 0
    truncated: int = 0
    seat_wins: dict[int, int] = field(default_factory=dict)
    seat_games: dict[int, int] = field(default_factory=dict)
    agent_wins: dict[str, int] = field(default_factory=dict)
    agent_seats: dict[str, int] = field(default_factory=dict)
    agent_rounds: dict[str, float] = field(default_factory=dict)
    figures: dict[str, float] = field(default_factory=dict)  # sums of per-game numbers
    agent_figures: dict[str, dict[str, float]] = field(default_factory=dict)  # per-seat sums
    counts: dict[str, float] = field(default_factory=dict)  # sums of the game's own counts

    def add(self, game: GameSummary) -> None:
        """Count one game."""
        self.games += 1
        self.actions += game.actions
        if not game.winners:
            self.no_winner += 1
        self.truncated += game.truncated
        for key, count in game.counts.items():
            _bump(self.counts, key, count)
        rounds = game.stats.get("rounds")
        for seat, name in enumerate(game.seats):
            won = int(seat in game.winners)  # a shared win is a win for each winner
            _bump(self.seat_games, seat, 1)
            _bump(self.seat_wins, seat, won)
            _bump(self.agent_seats, name, 1)
            _bump(self.agent_wins, name, won)
            if isinstance(rounds, int | float):
                _bump(self.agent_rounds, name, rounds)
        for key, value in game.stats.items():
            if isinstance(value, list):
                for seat, name in enumerate(game.seats):
                    _bump(self.agent_figures.setdefault(name, {}), key, value[seat])
            else:
                _bump(self.figures, key, value)

    def merge(self, other: Tally) -> None:
        """Add `other`'s totals to these."""
        self.games += other.games
        self.actions += other.actions
        self.no_winner += other.no_winner
        self.truncated += other.truncated
        for mine, theirs in (
            (self.seat_wins, other.seat_wins),
            (self.seat_games, other.seat_games),
            (self.agent_wins, other.agent_wins),
            (self.agent_seats, other.agent_seats),
            (self.agent_rounds, other.agent_rounds),
            (self.figures, other.figures),
            (self.counts, other.counts),
        ):
            for key, value in theirs.items():
                _bump(mine, key, value)
        for name, sums in other.agent_figures.items():
            target = self.agent_figures.setdefault(name, {})
            for key, value in sums.items():
                _bump(target, key, value)


def _bump(totals: dict[Any, Any], key: Any, amount: float) -> None:
    totals[key] = totals.get(key, 0) + amount
