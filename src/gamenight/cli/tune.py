"""`gamenight tune`: search a game's options for the settings that hit target figures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from gamenight import agents as agent_registry
from gamenight.i18n import CATALOG, N_
from gamenight.kernel.registry import game_class

from .arguments import GameArgument, GameOptions, JsonOption, SeatsOption, WorkersOption
from .errors import fail
from .language import LangOption, use_language
from .simulate import INTERRUPTED, parse_options

if TYPE_CHECKING:
    from gamenight.sim.tune import Estimate, Trial, TuneConfig, TuneResult

_ = CATALOG.gettext
UNITS = {"rounds": N_("rounds"), "turns": N_("turns"), "actions": N_("actions")}
CAPTION = N_(
    "Error: the sum over the targets of the squared relative error. The confirmation plays "
    "new seeds. Intervals: 95% (shares: Wilson; means: t over 10 batches)."
)


def tune_command(
    game: GameArgument,
    target: Annotated[
        str,
        typer.Option(
            "--target",
            "-t",
            metavar="METRIC=VALUE,...",
            help=_(
                "the figures to hit, e.g. length=8,first_player=0.25. Metrics: length (mean rounds, else turns, else actions per game), actions, first_player (seat 0's win rate), truncated and no_winner (shares of games)"
            ),
        ),
    ],
    trials: Annotated[
        int, typer.Option("--trials", help=_("settings to try, one after another"))
    ] = 50,
    games: Annotated[
        int, typer.Option("--games", "-n", help=_("games per trial (the same seeds each trial)"))
    ] = 100,
    confirm_games: Annotated[
        int | None,
        typer.Option(
            "--confirm-games",
            help=_("games confirming the best settings and the defaults (default: 4 x --games)"),
        ),
    ] = None,
    search: Annotated[
        str | None,
        typer.Option(
            "--search",
            metavar="NAME,...",
            help=_("the options to search (default: every bounded option but the safety limits)"),
        ),
    ] = None,
    option: GameOptions = None,
    players: SeatsOption = None,
    agents: Annotated[
        str | None,
        typer.Option(
            "--agents",
            "-a",
            help=_("comma-separated agent names seated in order (default: the game's bot)"),
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", "-s", help=_("seed of the whole study (default: the file's, or random)")
        ),
    ] = None,
    workers: WorkersOption = 1,
    db: Annotated[
        Path | None,
        typer.Option(
            "--db",
            metavar="FILE",
            help=_(
                "SQLite file the trials are stored in; run the same command again to resume an interrupted study, or with more --trials to extend it"
            ),
        ),
    ] = None,
    json_file: JsonOption = None,
    lang: LangOption = None,
) -> None:
    """The ``tune`` command (its help text is in `app`): search, confirm, print the tables."""
    try:
        use_language(lang, game)
        from gamenight.sim import tune

        names = (agents or agent_registry.default(game)).split(",")
        if players is None:
            players = max(len(names), game_class(game).min_players)
        if json_file is not None and not json_file.parent.is_dir():
            raise ValueError(
                _("cannot write {file}: no folder {folder}").format(
                    file=json_file, folder=json_file.parent
                )
            )
        if seed is None and db is not None:  # a resumed study keeps its seed
            seed = tune.stored_seed(db)
        config = tune.plan(
            game,
            players,
            names,
            tune.parse_targets(target),
            parse_options(option or []),
            None if search is None else search.split(","),
            games,
            trials,
            confirm_games,
            seed,
        )
        result = _run(config, workers, db)
        if json_file is not None:
            from gamenight.sim.files import write_atomic

            write_atomic(json_file, json.dumps(result.to_dict(), indent=2) + "\n")
    except ValueError as exc:
        fail(exc)
    except KeyboardInterrupt:
        if db is not None:
            stopped = _(
                "Tuning interrupted; the trials done are in {file}: run the same command to resume."
            )
        else:
            stopped = _("Tuning interrupted.")
        typer.echo(stopped.format(file=db), err=True)
        raise typer.Exit(INTERRUPTED) from None
    console = Console()
    console.print(_headline(result))
    console.print(_best_title(result.best))
    console.print(_settings_table(result))
    console.print(_figures_table(result))


def _run(config: TuneConfig, workers: int, db: Path | None) -> TuneResult:
    """The study under a progress bar of trials (with the best so far), then of games."""
    from gamenight.sim.tune import tune

    with _progress_bar() as bar:
        trials = bar.add_task(_("tuning"), total=config.trials, best="")
        games = bar.add_task(
            _("confirming"), total=2 * config.confirm_games, best="", visible=False
        )

        def advance(done: int, total: int, best: Trial) -> None:
            bar.update(trials, completed=done, total=total, best=_best_line(best))

        def confirm(done: int, total: int) -> None:
            bar.update(trials, visible=False)
            bar.update(games, completed=done, total=total, visible=True)

        return tune(config, workers, db, on_trial=advance, on_confirm=confirm)


def _progress_bar() -> Progress:
    """A progress bar on stderr: the trials with the best error and settings so far, then the
    confirmation's games; gone when finished."""
    console = Console(stderr=True)
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.fields[best]}"),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )


def _best_line(best: Trial) -> str:
    settings = ", ".join(f"{name}={_shown(value)}" for name, value in best.options.items())
    return _("best error {error} ({settings})").format(
        error=f"{best.error:.4f}", settings=escape(settings)
    )


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def _headline(result: TuneResult) -> str:
    config = result.config
    fixed = ", ".join(f"{name}={_shown(value)}" for name, value in config.fixed.items())
    lines = [
        _(
            "[bold]{game}[/bold] · {players} players · agents {agents} · {trials} trials of "
            "{games} games · seed {seed}"
        ).format(
            game=config.game_id,
            players=config.players,
            agents=escape(",".join(config.agents)),
            trials=len(result.trials),
            games=f"{config.games:,}",
            seed=config.seed,
        )
    ]
    if fixed:
        lines.append(_("fixed: {options}").format(options=escape(fixed)))
    return "\n".join(lines)


def _best_title(best: Trial) -> str:
    return _("Best settings: trial {number}, error {error}").format(
        number=best.number + 1, error=f"{best.error:.4f}"
    )


def _settings_table(result: TuneResult) -> Table:
    """The searched options: the best trial's values and the defaults. Its title is a line
    of its own (`_best_title`): a table's title wraps at the table's narrow width."""
    table = Table()
    for column in (_("option"), _("tuned"), _("default")):
        table.add_column(column, justify="left" if column == _("option") else "right")
    for name, value in result.best.options.items():
        table.add_row(name, _shown(value), _shown(result.default.options[name]))
    return table


def _figures_table(result: TuneResult) -> Table:
    from gamenight.sim.tune import METRICS

    tuned, default = result.tuned, result.default
    title = _("Confirmation: {games} games each").format(games=f"{tuned.games:,}")
    table = Table(title=title, caption=_(CAPTION), caption_justify="left")
    columns = (
        _("metric"),
        _("target"),
        _("tuned"),
        _("95% interval"),
        _("default"),
        _("95% interval"),
    )
    for i, column in enumerate(columns):
        table.add_column(column, justify="left" if i == 0 else "right")
    for name, target in result.config.targets.items():
        share = METRICS[name].share
        label = name
        if name == "length":
            label = f"{name} ({_(UNITS[tuned.length_unit])})"
        table.add_row(
            label,
            _number(target, share),
            *_estimate(tuned.figures[name], share),
            *_estimate(default.figures[name], share),
        )
    table.add_row(_("error"), "", f"{tuned.error:.4f}", "", f"{default.error:.4f}", "")
    return table


def _number(value: float, share: bool) -> str:
    return f"{value:.1%}" if share else f"{value:.2f}"


def _estimate(estimate: Estimate, share: bool) -> tuple[str, str]:
    return _number(estimate.value, share), (
        f"{_number(estimate.low, share)}–{_number(estimate.high, share)}"
    )
