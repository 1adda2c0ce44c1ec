"""`gamenight tournament`: agents against each other in every seat, with ratings."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from gamenight.i18n import CATALOG, N_
from gamenight.kernel.registry import game_class
from gamenight.sim import Rate
from gamenight.sim.files import write_atomic
from gamenight.sim.tournament import (
    ResultStore,
    TournamentConfig,
    TournamentSummary,
    run_tournament,
    summarize,
)

from .arguments import GameArgument, GameOptions, JsonOption, RayOption, WorkersOption
from .errors import fail
from .language import LangOption, use_language
from .simulate import INTERRUPTED, _RateColumn, parse_options

_ = CATALOG.gettext
CAPTION = N_(
    "Rating: openskill (Plackett-Luce), ranked by mu - 3 sigma. A shared win counts for each "
    "winner. Intervals: 95% Wilson."
)


def tournament_command(
    game: GameArgument,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help=_(
                "comma-separated agent names, e.g. ismcts:200,heuristic,random. Every table of them is played, each agent in every seat in turn"
            ),
        ),
    ],
    db: Annotated[
        Path,
        typer.Option(
            "--db",
            help=_(
                "SQLite file the results stream to; run the same command again to resume an interrupted tournament, or with more --games to extend it"
            ),
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", help=_("games per table of agents (matchup)"))
    ] = 100,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help=_("seats per game (default: the game's minimum)")),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", "-s", help=_("seed of the tournament (default: the file's, or random)")
        ),
    ] = None,
    workers: WorkersOption = 1,
    ray: RayOption = None,
    option: GameOptions = None,
    json_file: JsonOption = None,
    lang: LangOption = None,
) -> None:
    """The ``tournament`` command (its help text is in `app`): play or resume, print the tables."""
    try:
        use_language(lang, game)
        names = tuple(name.strip() for name in agents.split(","))
        if players is None:
            players = game_class(game).min_players
        if seed is None:
            seed = _stored_seed(db)
        config = TournamentConfig(game, players, names, games, seed, parse_options(option or []))
        if json_file is not None and not json_file.parent.is_dir():
            raise ValueError(
                _("cannot write {file}: no folder {folder}").format(
                    file=json_file, folder=json_file.parent
                )
            )
        with progress_bar(_("playing")) as bar:
            task = bar.add_task("games", total=None)

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            store = run_tournament(config, db, workers, advance, ray)
        summary = summarize(store)
        store.close()
        if json_file is not None:
            write_atomic(json_file, json.dumps(summary.to_dict(), indent=2) + "\n")
    except ValueError as exc:
        fail(exc)
    except KeyboardInterrupt:
        typer.echo(
            _(
                "Tournament interrupted; the games played are in {file}: "
                "run the same command to resume."
            ).format(file=db),
            err=True,
        )
        raise typer.Exit(INTERRUPTED) from None
    console = Console()
    for table in summary_tables(summary):
        console.print(table)


def _stored_seed(db: Path) -> int:
    """The seed of the tournament already in `db`, else a new random one."""
    if db.is_file():
        store = ResultStore(db)
        seed = store.config.seed
        store.close()
        return seed
    return secrets.randbits(63)


def progress_bar(label: str) -> Progress:
    """A progress bar on stderr (games done, rate, elapsed, ETA), gone when finished."""
    console = Console(stderr=True)
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn(_("ETA")),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )


def _percent(rate: Rate) -> tuple[str, str]:
    low, high = rate.interval
    return f"{rate.rate:.1%}", f"{low:.1%}–{high:.1%}"


def summary_tables(summary: TournamentSummary) -> list[str | Table]:
    """The headline and tables of a tournament: ratings, seats, game length."""
    config = summary.config
    length = summary.to_dict()["length"]
    headline = _(
        "[bold]{game}[/bold] · {players} players · {games} games · seed {seed} · "
        "truncated {truncated} · {seconds} s/game"
    ).format(
        game=config.game_id,
        players=config.players,
        games=f"{summary.games:,}",
        seed=config.seed,
        truncated=f"{summary.truncated:,}",
        seconds=f"{summary.seconds / max(1, summary.games):.2f}",
    )
    ratings = Table(title=_("Ratings"), caption=_(CAPTION), caption_justify="left")
    ratings.add_column(_("agent"))
    for column in (_("rating"), "mu", "sigma", _("seat-games"), _("win rate"), _("95% interval")):
        ratings.add_column(column, justify="right")
    for agent in summary.ranking():
        ratings.add_row(
            agent.name,
            f"{agent.ordinal:.2f}",
            f"{agent.mu:.2f}",
            f"{agent.sigma:.2f}",
            f"{agent.seat_games:,}",
            *_percent(agent.rate),
        )
    seats = Table(
        title=_("Seat advantage (equal share {share})").format(share=f"{summary.equal_share:.1%}")
    )
    for column in (_("seat"), _("win rate"), _("95% interval"), _("vs equal share")):
        seats.add_column(column, justify="right")
    for seat, rate in enumerate(summary.seats):
        seats.add_row(str(seat), *_percent(rate), f"{rate.rate - summary.equal_share:+.1%}")
    first = summary.first_player
    seats.add_row(_("first"), *_percent(first), f"{first.rate - summary.equal_share:+.1%}")
    lengths = Table(title=_("Game length"))
    lengths.add_column("")
    for column in (_("mean"), "10%", _("median"), "90%", _("min"), _("max")):
        lengths.add_column(column, justify="right")
    rows = [(_("actions"), length)]
    if summary.rounds:
        rows.append((_("rounds"), summary.to_dict()["rounds"]))
    for label, figures in rows:
        lengths.add_row(
            label,
            f"{figures.get('mean', 0):.1f}",
            *(f"{figures.get(k, 0):g}" for k in ("p10", "median", "p90", "min", "max")),
        )
    return [headline, ratings, seats, lengths]
