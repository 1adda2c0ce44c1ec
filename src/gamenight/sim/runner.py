"""Running many games with agents, in one process or spread over several.

Every game is rebuilt from ``(seed, game index)`` alone: its own seed, its agents' seeds
and its seating derive from them, and the totals are merged in a fixed chunk order. So a
simulation gives the same figures whatever the number of worker processes.

Seating: the agent names fill seats 0, 1, 2... in the order given; when fewer names than
players are given, the last one fills the remaining seats. To remove seat bias the seating
rotates by one seat each game: in game ``i`` the agent listed at position ``j`` sits in
seat ``(j + i) % players``.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamenight import agents as agent_registry
from gamenight.kernel import make
from gamenight.kernel.errors import N_, InvalidInput
from gamenight.kernel.limits import quote
from gamenight.play import play

from . import extra
from .backends import Backend
from .files import remove_partial, write_atomic
from .result import SimulationResult, summarize
from .stats import GameSummary, Tally

Progress = Callable[[int, int], None]  # (games done, games in all)

MAX_CHUNK = 50  # games per unit of work: small enough for a live progress bar with slow bots
MAX_GAMES = 10_000_000
"""The most games one simulation plays (``--games``)."""
RECORD_NAMES = "game-*.json"  # the glob of `record_path`


@dataclass(frozen=True)
class _Plan:
    """Everything a worker needs to play any game of the simulation."""

    game_id: str
    players: int
    options: dict[str, Any]
    lineup: tuple[str, ...]
    seed: int
    save_dir: str | None


def derive_seed(seed: int, game: int, stream: int) -> int:
    """A 63-bit seed for `stream` (0: the game, 1 + seat: that seat's agent) of a game."""
    digest = hashlib.blake2b(f"{seed}:{game}:{stream}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def lineup_for(agents: Sequence[str], players: int) -> tuple[str, ...]:
    """The agent of each seat before rotation: names in order, the last filling the rest.

    `agents` is a list of names or one comma-separated string (``"heuristic,random"``).
    """
    if isinstance(agents, str):
        agents = agents.split(",")
    names = [name.strip() for name in agents]
    if not names or not all(names):
        raise InvalidInput(N_("give at least one agent name (e.g. random)"))
    if len(names) > players:
        raise InvalidInput(
            N_("{count} agents given for {players} players"), count=len(names), players=players
        )
    return tuple(names + [names[-1]] * (players - len(names)))


def seating(lineup: Sequence[str], game: int) -> tuple[str, ...]:
    """The agent of each seat in game number `game` (0-based): rotated by one per game."""
    n = len(lineup)
    return tuple(lineup[(seat - game) % n] for seat in range(n))


def record_path(save_dir: str | Path, game: int) -> Path:
    """Where game number `game` (0-based) is saved: ``game-00001.json`` for the first."""
    return Path(save_dir) / f"game-{game + 1:05d}.json"


def play_game(plan: _Plan, game: int) -> GameSummary:
    """Play game number `game` of the simulation to the end."""
    state = make(plan.game_id, plan.players, derive_seed(plan.seed, game, 0), **plan.options)
    seats = seating(plan.lineup, game)
    bots = [
        agent_registry.make(name, plan.game_id, derive_seed(plan.seed, game, 1 + seat))
        for seat, name in enumerate(seats)
    ]
    try:
        play(state, bots)
    except Exception as exc:
        raise RuntimeError(
            f"game {game + 1} (seed {state.seed}, seats {', '.join(seats)}) failed: {exc}"
        ) from exc
    if plan.save_dir is not None:
        write_atomic(record_path(plan.save_dir, game), state.record().with_seats(seats).to_json())
    outcome = state.outcome()
    return GameSummary(
        seats,
        outcome.winners,
        len(state.history),
        state.stats(),
        outcome.truncated,
        extra.counts(state),
    )


def _play_chunk(plan: _Plan, chunk: tuple[int, int]) -> Tally:
    start, stop = chunk
    tally = Tally()
    for game in range(start, stop):
        tally.add(play_game(plan, game))
    return tally


def _chunks(games: int) -> list[tuple[int, int]]:
    # The split depends on the number of games only, so the merge order (and with it
    # every floating-point sum) is the same whatever the number of workers.
    size = max(1, min(MAX_CHUNK, games // 100))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def simulate(
    game_id: str,
    games: int,
    players: int,
    agents: Sequence[str] = ("random",),
    seed: int | None = None,
    workers: int = 1,
    save_dir: str | Path | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    ray: str | None = None,
) -> SimulationResult:
    """Play `games` games of `game_id` with the named agents and return the figures.

    Agents are seated as the module docstring says. Without a seed a random one is drawn
    (it is in the result, to repeat the run). `workers` > 1 spreads the games over that
    many processes; `ray` (``"auto"`` or a cluster's address) over a Ray cluster instead
    (`backends.Backend`), with the same results. `save_dir` receives each game's record (``game-00001.json``...), which
    `gamenight.replay` rebuilds; each is written whole or not at all (`files.write_atomic`).
    `progress(done, total)` is called as games finish.
    Bad arguments (game, player count, agent, option, counts) raise `ValueError`, and a
    record that cannot be written raises `files.FileError` (a `ValueError`) naming it.
    On Ctrl-C (`KeyboardInterrupt`) or an error the workers are stopped at once, without
    finishing their games; the records saved by then are complete. The chunks' totals are
    merged as they come back, so memory does not grow with the number of games.
    """
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise InvalidInput(
            N_("games must be a positive integer up to {most}, got {value}"),
            most=f"{MAX_GAMES:,}",
            value=quote(games),
        )
    backend = Backend(workers, ray)
    options = dict(options or {})
    probe = make(game_id, players, 0, **options)  # checks the game, players and options
    lineup = lineup_for(agents, players)
    for name in dict.fromkeys(lineup):
        agent_registry.make(name, game_id, 0)  # an unknown name fails here, not in a worker
    if seed is None:
        seed = secrets.randbits(63)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput(N_("seed must be an integer, got {value}"), value=quote(seed))
    if save_dir is not None:
        try:
            Path(save_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InvalidInput(
                N_("cannot save game records in {folder}: {reason}"),
                folder=save_dir,
                reason=exc.strerror,
            ) from None
    plan = _Plan(
        game_id, players, options, lineup, seed, None if save_dir is None else str(save_dir)
    )

    started = time.perf_counter()
    chunks = _chunks(games)
    report = progress or (lambda done, total: None)
    total = Tally()
    try:
        with (
            backend.open(len(chunks)) as pool,
            contextlib.closing(pool.map(_play_chunk, plan, chunks)) as tallies,
        ):
            # In chunk order: every floating-point sum is the same on every backend.
            for (_start, stop), tally in zip(chunks, tallies, strict=True):
                total.merge(tally)
                report(stop, games)
    except BaseException:
        if save_dir is not None:  # the records the stopped workers were writing
            remove_partial(save_dir, RECORD_NAMES)
        raise
    return summarize(
        total, game_id, seed, dict(probe.options), lineup, time.perf_counter() - started
    )
