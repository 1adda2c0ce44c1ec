"""The figures of a simulation, as `gamenight.sim.simulate` returns them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .stats import Rate, Tally


@dataclass(frozen=True)
class AgentResult:
    """How one agent fared over every seat it held.

    ``wins`` counts seat-games: an agent in two seats of a game plays two trials there.
    ``per_game`` and ``per_round`` hold the game's per-seat figures (``State.stats()``)
    over the games and the rounds that agent played (``per_round`` is empty when the game
    reports no ``rounds``).
    """

    name: str
    wins: Rate
    per_game: dict[str, float]
    per_round: dict[str, float]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "wins": self.wins.to_dict(),
            "per_game": self.per_game,
            "per_round": self.per_round,
        }


@dataclass(frozen=True)
class SimulationResult:
    """The results of `simulate`. Shared wins count as a win for each winner."""

    game_id: str
    players: int
    games: int
    seed: int
    options: dict[str, Any]  # every option's value, defaults included
    lineup: tuple[str, ...]  # the agents of seats 0..players-1 in the first game
    seats: tuple[Rate, ...]  # win rate of each seat
    agents: dict[str, AgentResult]  # by name, in lineup order
    figures: dict[str, float]  # mean per game of each whole-game figure (e.g. rounds)
    mean_actions: float
    no_winner: int  # games that ended without any winner
    truncated: int  # games a safety limit ended (max rounds or turns)
    elapsed: float  # seconds
    counts: dict[str, float] = field(default_factory=dict)  # the game's own (`extra`), summed

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {
            "game": self.game_id,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "lineup": list(self.lineup),
            "seats": [rate.to_dict() for rate in self.seats],
            "agents": {name: agent.to_dict() for name, agent in self.agents.items()},
            "figures": self.figures,
            "mean_actions": self.mean_actions,
            "no_winner": self.no_winner,
            "truncated": self.truncated,
            "truncated_share": self.truncated / self.games if self.games else 0.0,
            "elapsed_s": self.elapsed,
            "games_per_s": self.games_per_second,
            "counts": self.counts,
        }


def summarize(
    tally: Tally,
    game_id: str,
    seed: int,
    options: dict[str, Any],
    lineup: tuple[str, ...],
    elapsed: float,
) -> SimulationResult:
    """Turn the totals of a finished simulation into rates and means."""
    agents = {}
    for name in dict.fromkeys(lineup):
        played = tally.agent_seats[name]
        rounds = tally.agent_rounds.get(name, 0)
        sums = tally.agent_figures.get(name, {})
        agents[name] = AgentResult(
            name,
            Rate(tally.agent_wins[name], played),
            {key: total / played for key, total in sums.items()},
            {key: total / rounds for key, total in sums.items()} if rounds else {},
        )
    return SimulationResult(
        game_id=game_id,
        players=len(lineup),
        games=tally.games,
        seed=seed,
        options=options,
        lineup=lineup,
        seats=tuple(
            Rate(tally.seat_wins[seat], tally.seat_games[seat]) for seat in range(len(lineup))
        ),
        agents=agents,
        figures={key: total / tally.games for key, total in tally.figures.items()},
        mean_actions=tally.actions / tally.games,
        no_winner=tally.no_winner,
        truncated=tally.truncated,
        elapsed=elapsed,
        counts=dict(tally.counts),
    )
