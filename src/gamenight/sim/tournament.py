"""Tournaments: agents against each other in every seat, results streamed to SQLite.

Schedule. A *matchup* is a set of agents for one table: every way to fill the seats with
the agents named where each agent appears when there are seats enough (three agents and
two seats: ab, ac, bc; two agents and three seats: aab, abb). Game ``i`` of the
tournament is matchup ``i % M`` (of M), played for the ``i // M``-th time, with its
seating rotated by one seat each time (`runner.seating`), so each agent sits in every seat
equally often and an interrupted run has played every matchup about as often.

Every game is rebuilt from the tournament's seed and its index alone (`runner.derive_seed`),
so the results are the same whatever the number of workers, and whether or not the run
was interrupted and resumed. Each game's result is written to the SQLite file as it comes
back (`ResultStore`); running the same tournament again on the same file plays only the
games it lacks, and asking for more games per matchup extends it.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gamenight import agents as agent_registry
from gamenight.kernel import State, make
from gamenight.kernel.errors import N_, InvalidInput
from gamenight.kernel.limits import quote
from gamenight.play import play

from .backends import Backend
from .balance import features
from .files import FileError
from .runner import MAX_GAMES, derive_seed, seating
from .stats import Rate

Progress = Callable[[int, int], None]  # (games stored, games in all)

MAX_CHUNK = 20  # games per unit of work of a worker process
COMMIT_EVERY_S = 1.0  # finished games are written at most this long after they end
SCHEMA = 1  # the layout of the tables (`ResultStore`)


@dataclass(frozen=True)
class TournamentConfig:
    """What a tournament plays. `games` is the number of games of each matchup."""

    game_id: str
    players: int
    agents: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    def identity(self) -> dict[str, Any]:
        """Everything but the number of games: a stored run with the same identity is the
        same tournament (so it resumes, or grows by more games per matchup)."""
        data = asdict(self)
        del data["games"]
        data["agents"] = list(self.agents)
        return data

    @property
    def matchups(self) -> list[tuple[str, ...]]:
        return matchups(self.agents, self.players)

    @property
    def total(self) -> int:
        """Games in all: `games` per matchup."""
        return self.games * len(self.matchups)


@dataclass(frozen=True)
class GameResult:
    """One finished game of a tournament, as it is stored."""

    index: int
    seed: int
    seats: tuple[str, ...]  # the agent of each seat
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    actions: int
    truncated: bool
    stats: dict[str, Any]  # `State.stats()`
    balance: dict[str, list[float]]  # `balance.features`: per-seat figures of the game's own
    seconds: float  # wall time the game took
    first: int  # the seat that acted first (-1: nobody acted)


def matchups(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every table of `players` seats drawn from `agents` (order kept) in which every agent
    plays when there are seats enough, else only distinct agents: see the module docstring."""
    names = list(dict.fromkeys(agents))
    if not names or not all(names):
        raise InvalidInput(N_("give at least one agent name (e.g. random)"))
    need = min(len(names), players)
    return [
        combo
        for combo in itertools.combinations_with_replacement(names, players)
        if len(set(combo)) == need
    ]


def game_seats(config: TournamentConfig, index: int) -> tuple[str, ...]:
    """The agent of each seat in game `index` (module docstring)."""
    table = config.matchups
    return seating(table[index % len(table)], index // len(table))


def play_game(config: TournamentConfig, index: int) -> GameResult:
    """Play game `index` of the tournament to the end."""
    started = time.perf_counter()
    seed = derive_seed(config.seed, index, 0)
    state = make(config.game_id, config.players, seed, **config.options)
    seats = game_seats(config, index)
    bots = [
        agent_registry.make(name, config.game_id, derive_seed(config.seed, index, 1 + seat))
        for seat, name in enumerate(seats)
    ]
    try:
        play(state, bots)
    except Exception as exc:
        raise RuntimeError(
            f"game {index + 1} (seed {seed}, seats {', '.join(seats)}) failed: {exc}"
        ) from exc
    return _result(state, index, seats, time.perf_counter() - started)


def _result(state: State, index: int, seats: tuple[str, ...], seconds: float) -> GameResult:
    outcome = state.outcome()
    return GameResult(
        index=index,
        seed=state.seed,
        seats=seats,
        winners=tuple(outcome.winners),
        scores=tuple(outcome.scores),
        actions=len(state.history),
        truncated=outcome.truncated,
        stats=state.stats(),
        balance=features(state),
        seconds=seconds,
        first=state.history[0][0] if state.history else -1,
    )


def _play_chunk(config: TournamentConfig, indices: list[int]) -> list[GameResult]:
    return [play_game(config, index) for index in indices]


class ResultStore:
    """A tournament's SQLite file: its identity, and one row per finished game.

    Opening a file that holds another tournament, or that is no tournament file, raises
    `FileError` naming it. Each `add` is one transaction: a game is stored whole or not.
    """

    def __init__(self, path: str | Path, config: TournamentConfig | None = None) -> None:
        self.path = Path(path)
        if config is None and not self.path.is_file():
            raise FileError(N_("{file}: no tournament file there"), file=self.path)
        if self.path.is_dir():
            raise FileError(N_("{file}: it is a folder; name a file"), file=self.path)
        try:
            self._db = sqlite3.connect(self.path)
            self._open(config)
        except sqlite3.DatabaseError as exc:
            raise FileError(
                N_("{file}: not a tournament file ({reason})"), file=self.path, reason=exc
            ) from None

    def _open(self, config: TournamentConfig | None) -> None:
        db = self._db
        with db:
            db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            db.execute(
                "CREATE TABLE IF NOT EXISTS games (idx INTEGER PRIMARY KEY, seed INTEGER,"
                " seats TEXT, winners TEXT, scores TEXT, actions INTEGER, truncated INTEGER,"
                " stats TEXT, balance TEXT, seconds REAL, first INTEGER)"
            )
        stored = dict(db.execute("SELECT key, value FROM meta").fetchall())
        if not stored:
            if config is None:
                raise FileError(N_("{file}: an empty tournament file"), file=self.path)
            with db:
                db.executemany(
                    "INSERT INTO meta VALUES (?, ?)",
                    [
                        ("schema", str(SCHEMA)),
                        ("tournament", json.dumps(config.identity(), sort_keys=True)),
                        ("games", str(config.games)),
                    ],
                )
            self.config = config
            return
        if stored.get("schema") != str(SCHEMA):
            raise FileError(N_("{file}: a tournament file of another version"), file=self.path)
        identity = json.loads(stored["tournament"])
        saved = TournamentConfig(
            identity["game_id"],
            identity["players"],
            tuple(identity["agents"]),
            int(stored["games"]),
            identity["seed"],
            identity["options"],
        )
        if config is None:
            self.config = saved
            return
        if saved.identity() != config.identity():
            raise FileError(
                N_(
                    "{file} holds another tournament ({game}, {players} players, agents "
                    "{agents}, seed {seed}); name another file, or the same game, players, "
                    "agents, seed and options"
                ),
                file=self.path,
                game=saved.game_id,
                players=saved.players,
                agents=",".join(saved.agents),
                seed=saved.seed,
            )
        if config.games > saved.games:
            with self._db:
                db.execute("UPDATE meta SET value = ? WHERE key = 'games'", (str(config.games),))
        self.config = config if config.games >= saved.games else saved

    def done(self) -> set[int]:
        """The indices of the games stored."""
        return {row[0] for row in self._db.execute("SELECT idx FROM games")}

    def add(self, results: Sequence[GameResult]) -> None:
        """Store finished games (one transaction)."""
        with self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        r.index,
                        r.seed,
                        json.dumps(r.seats),
                        json.dumps(r.winners),
                        json.dumps(r.scores),
                        r.actions,
                        int(r.truncated),
                        json.dumps(r.stats, sort_keys=True),
                        json.dumps(r.balance, sort_keys=True),
                        r.seconds,
                        r.first,
                    )
                    for r in results
                ],
            )

    def results(self, limit: int | None = None) -> Iterator[GameResult]:
        """The stored games in index order (below `limit`, if given), read as they are
        iterated: a run of millions is never held in memory at once."""
        query = "SELECT * FROM games WHERE idx < ? ORDER BY idx"
        for row in self._db.execute(query, (limit if limit is not None else 2**62,)):
            yield GameResult(
                index=row[0],
                seed=row[1],
                seats=tuple(json.loads(row[2])),
                winners=tuple(json.loads(row[3])),
                scores=tuple(json.loads(row[4])),
                actions=row[5],
                truncated=bool(row[6]),
                stats=json.loads(row[7]),
                balance=json.loads(row[8]),
                seconds=row[9],
                first=row[10],
            )

    def close(self) -> None:
        self._db.close()


def check_config(config: TournamentConfig) -> None:
    """Refuse bad settings with a `ValueError` before any game is played."""
    games = config.games
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidInput(
            N_("games per matchup must be a positive integer, got {value}"), value=quote(games)
        )
    make(config.game_id, config.players, 0, **config.options)  # game, players, options
    if config.total > MAX_GAMES:
        raise InvalidInput(
            N_("{total} games in all: at most {most}"),
            total=f"{config.total:,}",
            most=f"{MAX_GAMES:,}",
        )
    for name in config.agents:
        agent_registry.make(name, config.game_id, 0)  # an unknown agent fails here


def run_tournament(
    config: TournamentConfig,
    path: str | Path,
    workers: int = 1,
    progress: Progress | None = None,
    ray: str | None = None,
) -> ResultStore:
    """Play every game of `config` that the file at `path` lacks, storing each as it ends.

    Returns the store, opened (its `results` are the tournament's). `workers` > 1 spreads
    the games over processes; `ray` (``"auto"`` or a cluster's address) over a Ray cluster
    instead (`backends.Backend`), with the same results. Bad settings raise `ValueError`; a
    file that holds another tournament, or none, `FileError` (a `ValueError`). On Ctrl-C or
    an error the workers are stopped at once; every game stored by then stays, and the same
    call resumes.
    """
    check_config(config)
    backend = Backend(workers, ray)
    store = ResultStore(path, config)
    report = progress or (lambda stored, total: None)
    batch: list[GameResult] = []
    try:
        done = store.done()
        todo = [i for i in range(config.total) if i not in done]
        stored = config.total - len(todo)
        report(stored, config.total)
        last_commit = time.monotonic()
        with backend.open(len(todo)) as pool:
            size = _chunk_size(len(todo), pool.parallel)
            chunks = (todo[start : start + size] for start in range(0, len(todo), size))
            with contextlib.closing(pool.map(_play_chunk, config, chunks, ordered=False)) as played:
                for results in played:
                    batch.extend(results)
                    report(stored + len(batch), config.total)
                    if time.monotonic() - last_commit >= COMMIT_EVERY_S:
                        store.add(batch)
                        stored += len(batch)
                        batch, last_commit = [], time.monotonic()
        store.add(batch)
    except BaseException:
        store.add(batch)  # the games finished before Ctrl-C or an error are whole: kept
        store.close()
        raise
    return store


def _chunk_size(games: int, parallel: int) -> int:
    """Games per chunk: one game at a time in this process (Ctrl-C loses at most the one
    under way), else enough chunks to keep every worker busy. The results do not depend
    on it: each game is stored by its index."""
    return 1 if parallel == 1 else max(1, min(MAX_CHUNK, games // (50 * parallel)))


# ----- the figures of a tournament -------------------------------------------------------


@dataclass
class AgentFigures:
    """How one agent fared over every seat it held; its openskill rating."""

    name: str
    seat_games: int = 0
    wins: int = 0  # a shared win is a win for each winner
    mu: float = 0.0
    sigma: float = 0.0
    balance: dict[str, float] = field(default_factory=dict)  # sums of per-seat figures

    @property
    def ordinal(self) -> float:
        """The conservative rating (mu - 3 sigma) that ranks the agents."""
        return self.mu - 3 * self.sigma

    @property
    def rate(self) -> Rate:
        return Rate(self.wins, self.seat_games)


@dataclass
class TournamentSummary:
    """The figures of a tournament's stored games, in one pass over them.

    Distributions are counters of values (game lengths in actions, rounds, the winner's
    margin over the best other score), so a summary of millions of games stays small.
    ``features`` holds, per balance figure of the game (`balance.features`), the
    seat-games where it was non-zero, the wins among them and its sum over all seats.
    """

    config: TournamentConfig
    games: int = 0
    truncated: int = 0
    no_winner: int = 0
    agents: dict[str, AgentFigures] = field(default_factory=dict)
    seat_wins: list[int] = field(default_factory=list)
    first_wins: int = 0  # games the seat that acted first won
    first_games: int = 0  # games where some seat acted
    lengths: Counter[int] = field(default_factory=Counter)
    rounds: Counter[float] = field(default_factory=Counter)
    margins: Counter[float] = field(default_factory=Counter)
    features: dict[str, list[float]] = field(default_factory=dict)  # [seat-games, wins, sum]
    seconds: float = 0.0

    @property
    def seats(self) -> list[Rate]:
        """The win rate of each seat (seat 0 moves first)."""
        return [Rate(wins, self.games) for wins in self.seat_wins]

    @property
    def first_player(self) -> Rate:
        """The win rate of the seat that acted first (whichever seat the game chose)."""
        return Rate(self.first_wins, self.first_games)

    @property
    def equal_share(self) -> float:
        """The win rate every seat would have if the game were fair and the agents equal."""
        return 1 / self.config.players

    def ranking(self) -> list[AgentFigures]:
        """The agents, best rating first."""
        return sorted(self.agents.values(), key=lambda a: a.ordinal, reverse=True)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {
            "game": self.config.game_id,
            "players": self.config.players,
            "seed": self.config.seed,
            "options": self.config.options,
            "games": self.games,
            "truncated": self.truncated,
            "no_winner": self.no_winner,
            "seats": [rate.to_dict() for rate in self.seats],
            "first_player": self.first_player.to_dict(),
            "agents": {
                a.name: {
                    "seat_games": a.seat_games,
                    "wins": a.rate.to_dict(),
                    "mu": a.mu,
                    "sigma": a.sigma,
                    "ordinal": a.ordinal,
                }
                for a in self.ranking()
            },
            "length": distribution(self.lengths),
            "rounds": distribution(self.rounds) if self.rounds else None,
            "margin": distribution(self.margins) if self.margins else None,
            "seconds_per_game": self.seconds / self.games if self.games else 0.0,
        }


def distribution(counts: Counter[Any]) -> dict[str, float]:
    """Mean and quantiles (10%, median, 90%), min and max of a counter of values."""
    total = sum(counts.values())
    if not total:
        return {}
    values = sorted(counts)

    def quantile(q: float) -> float:
        seen = 0
        for value in values:
            seen += counts[value]
            if seen >= q * total:
                return float(value)
        return float(values[-1])

    return {
        "mean": sum(v * c for v, c in counts.items()) / total,
        "p10": quantile(0.1),
        "median": quantile(0.5),
        "p90": quantile(0.9),
        "min": float(values[0]),
        "max": float(values[-1]),
    }


def summarize(store: ResultStore, config: TournamentConfig | None = None) -> TournamentSummary:
    """The figures of the games stored (of `config`'s games, by default the store's),
    read in index order: the ratings do not depend on how the run was split."""
    from openskill.models import PlackettLuce  # the tournament extra: imported when used

    config = config or store.config
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in dict.fromkeys(config.agents)}
    summary = TournamentSummary(config, seat_wins=[0] * config.players)
    for name in ratings:
        summary.agents[name] = AgentFigures(name)
    for result in store.results(config.total):
        _count(summary, result)
        ranks = _ranks(result)
        teams = [[ratings[name]] for name in result.seats]
        rated = model.rate(teams, ranks=ranks)
        # An agent in two seats of a game is updated once, by the mean of its seats.
        updates: dict[str, list[Any]] = {}
        for name, (team,) in zip(result.seats, rated, strict=True):
            updates.setdefault(name, []).append(team)
        for name, seats in updates.items():
            rating = ratings[name]
            rating.mu = sum(s.mu for s in seats) / len(seats)
            rating.sigma = sum(s.sigma for s in seats) / len(seats)
    for name, rating in ratings.items():
        summary.agents[name].mu, summary.agents[name].sigma = rating.mu, rating.sigma
    return summary


def _ranks(result: GameResult) -> list[float]:
    """Each seat's place: the winners first, then the others by score (ties share)."""
    winners = set(result.winners)
    others = [s for i, s in enumerate(result.scores) if i not in winners]
    return [
        1.0 if seat in winners else 2.0 + sum(other > score for other in others)
        for seat, score in enumerate(result.scores)
    ]


def _count(summary: TournamentSummary, result: GameResult) -> None:
    """Add one game to the summary's totals (not the ratings)."""
    summary.games += 1
    summary.truncated += result.truncated
    summary.no_winner += not result.winners
    summary.seconds += result.seconds
    summary.lengths[result.actions] += 1
    if result.first >= 0:
        summary.first_games += 1
        summary.first_wins += result.first in result.winners
    rounds = result.stats.get("rounds", result.stats.get("turns"))
    if isinstance(rounds, int | float):
        summary.rounds[rounds] += 1
    if result.winners and len(result.winners) < len(result.scores):
        best = max(result.scores[seat] for seat in result.winners)
        rest = max(s for i, s in enumerate(result.scores) if i not in result.winners)
        summary.margins[best - rest] += 1
    for seat, name in enumerate(result.seats):
        won = seat in result.winners
        agent = summary.agents[name]
        agent.seat_games += 1
        agent.wins += won
        summary.seat_wins[seat] += won
        for key, values in result.balance.items():
            value = values[seat]
            totals = summary.features.setdefault(key, [0.0, 0.0, 0.0])
            totals[2] += value
            agent.balance[key] = agent.balance.get(key, 0.0) + value
            if value:
                totals[0] += 1
                totals[1] += won
