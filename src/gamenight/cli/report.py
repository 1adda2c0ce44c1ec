"""`gamenight report GAME`: a balance report as one self-contained HTML page of plots."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Annotated

import typer

from gamenight import agents as agent_registry
from gamenight.kernel.registry import game_class
from gamenight.sim.tournament import ResultStore, TournamentConfig, run_tournament, summarize

from .simulate import INTERRUPTED, parse_options
from .tournament import progress_bar


def report_command(
    game: Annotated[str, typer.Argument(help="The game id (see `gamenight games`).")],
    out: Annotated[
        Path, typer.Option("--out", help="The HTML page to write (plots embedded).")
    ] = Path("report.html"),
    db: Annotated[
        Path | None,
        typer.Option(
            "--db",
            help="A tournament file to report on (`gamenight tournament --db`); games are "
            "played into it first if it lacks any of those asked for.",
        ),
    ] = None,
    agents: Annotated[
        str | None,
        typer.Option(
            "--agents",
            "-a",
            help="Comma-separated agents to play (default: the file's, else the game's bot "
            "in every seat).",
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            "--games", "-n", help="Games per table of agents (default: the file's, else 200)."
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-p", help="Seats per game (default: the file's, else 4 or the nearest)."
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Seed of the games.")] = None,
    workers: Annotated[
        int, typer.Option("--workers", "-w", help="Processes to spread the games over.")
    ] = 1,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as name=value (repeatable)."),
    ] = None,
    png: Annotated[
        Path | None,
        typer.Option("--png", help="Also write each figure alone as a PNG in this folder."),
    ] = None,
) -> None:
    """Write a balance report of GAME: win rates by seat and agent, the first player's
    advantage, game length, score margins and the game's own views (spells, cats, points
    by source, classes, races and cards), from a tournament file or from games played now."""
    try:
        if not out.parent.is_dir():
            raise ValueError(f"cannot write {out}: no folder {out.parent}")
        if png is not None and png.exists() and not png.is_dir():
            raise ValueError(f"--png {png}: not a folder")
        with tempfile.TemporaryDirectory() as scratch:
            path = db if db is not None else Path(scratch) / "games.sqlite"
            config = _config(game, path, agents, games, players, seed, option)
            with progress_bar("playing") as bar:
                task = bar.add_task("games", total=None)
                store = run_tournament(
                    config,
                    path,
                    workers,
                    lambda done, total: bar.update(task, completed=done, total=total),
                )
            summary = summarize(store, config)
            store.close()
        from gamenight.sim.report import build_report  # matplotlib: imported when used

        report = build_report(summary)
        report.save(out)
        written = report.save_pngs(png) if png is not None else []
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        kept = f"; the games played are in {db}" if db is not None else ""
        typer.echo(f"Report interrupted{kept}.", err=True)
        raise typer.Exit(INTERRUPTED) from None
    typer.echo(f"Report of {summary.games:,} games written to {out}")
    if written:
        typer.echo(f"{len(written)} figures written to {png}")


def _config(
    game: str,
    path: Path,
    agents: str | None,
    games: int | None,
    players: int | None,
    seed: int | None,
    option: list[str] | None,
) -> TournamentConfig:
    """The games to report on: those asked for, completed by the file's, then defaults."""
    stored = ResultStore(path).config if path.is_file() else None
    if stored is not None and stored.game_id != game:
        raise ValueError(f"{path} holds games of {stored.game_id}, not {game}")
    if agents is not None:
        names = tuple(name.strip() for name in agents.split(","))
    elif stored is not None:
        names = stored.agents
    else:
        names = (agent_registry.default(game),)
    if players is None:
        if stored is not None:
            players = stored.players
        else:
            cls = game_class(game)
            players = min(max(4, cls.min_players), cls.max_players)
    return TournamentConfig(
        game,
        players,
        names,
        games if games is not None else stored.games if stored is not None else 200,
        seed if seed is not None else stored.seed if stored is not None else 0,
        parse_options(option) if option else stored.options if stored is not None else {},
    )
