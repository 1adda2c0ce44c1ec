"""`gamenight report GAME`: a balance report as one self-contained HTML page of plots."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Annotated

import typer

from gamenight import agents as agent_registry
from gamenight.i18n import CATALOG
from gamenight.kernel.registry import game_class
from gamenight.sim.tournament import ResultStore, TournamentConfig, run_tournament, summarize

from .arguments import GameArgument, GameOptions, RayOption, WorkersOption
from .errors import fail
from .language import LangOption, use_language
from .simulate import INTERRUPTED, parse_options
from .tournament import progress_bar

_ = CATALOG.gettext
ngettext = CATALOG.ngettext


def report_command(
    game: GameArgument,
    out: Annotated[
        Path, typer.Option("--out", help=_("the HTML page to write (plots embedded)"))
    ] = Path("report.html"),
    db: Annotated[
        Path | None,
        typer.Option(
            "--db",
            help=_(
                "a tournament file to report on (gamenight tournament --db); games are played into it first if it lacks any of those asked for"
            ),
        ),
    ] = None,
    agents: Annotated[
        str | None,
        typer.Option(
            "--agents",
            "-a",
            help=_(
                "comma-separated agents to play (default: the file's, else the game's bot in every seat)"
            ),
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            "--games", "-n", help=_("games per table of agents (default: the file's, else 200)")
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-p", help=_("seats per game (default: the file's, else 4 or the nearest)")
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help=_("seed of the games"))] = None,
    workers: WorkersOption = 1,
    ray: RayOption = None,
    option: GameOptions = None,
    png: Annotated[
        Path | None,
        typer.Option("--png", help=_("also write each figure alone as a PNG in this folder")),
    ] = None,
    lang: LangOption = None,
) -> None:
    """The ``report`` command (its help text is in `app`): complete the games asked for, plot them."""
    try:
        use_language(lang, game)
        if not out.parent.is_dir():
            raise ValueError(
                _("cannot write {file}: no folder {folder}").format(file=out, folder=out.parent)
            )
        if png is not None and png.exists() and not png.is_dir():
            raise ValueError(_("--png {folder}: not a folder").format(folder=png))
        with tempfile.TemporaryDirectory() as scratch:
            path = db if db is not None else Path(scratch) / "games.sqlite"
            config = _config(game, path, agents, games, players, seed, option)
            with progress_bar(_("playing")) as bar:
                task = bar.add_task("games", total=None)
                store = run_tournament(
                    config,
                    path,
                    workers,
                    lambda done, total: bar.update(task, completed=done, total=total),
                    ray,
                )
            summary = summarize(store, config)
            store.close()
        from gamenight.sim.report import build_report  # matplotlib: imported when used

        report = build_report(summary)
        report.save(out)
        written = report.save_pngs(png) if png is not None else []
    except ValueError as exc:
        fail(exc)
    except KeyboardInterrupt:
        if db is not None:
            stopped = _("Report interrupted; the games played are in {file}.").format(file=db)
        else:
            stopped = _("Report interrupted.")
        typer.echo(stopped, err=True)
        raise typer.Exit(INTERRUPTED) from None
    typer.echo(
        _("Report of {games} games written to {file}").format(games=f"{summary.games:,}", file=out)
    )
    if written:
        typer.echo(
            ngettext(
                "{count} figure written to {folder}",
                "{count} figures written to {folder}",
                len(written),
            ).format(count=len(written), folder=png)
        )


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
        raise ValueError(
            _("{file} holds games of {stored}, not {game}").format(
                file=path, stored=stored.game_id, game=game
            )
        )
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
