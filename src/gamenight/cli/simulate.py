"""`gamenight simulate`: play many games with bots and report win rates and figures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from gamenight.i18n import CATALOG, N_
from gamenight.kernel.limits import quote
from gamenight.kernel.registry import game_class
from gamenight.sim import Rate, SimulationResult, extra, simulate
from gamenight.sim.files import write_atomic

from .arguments import (
    GameArgument,
    GameOptions,
    JsonOption,
    RayOption,
    SeatsOption,
    WorkersOption,
)
from .errors import fail
from .language import LangOption, use_language

INTERRUPTED = 130  # the shell's exit status after Ctrl-C

_ = CATALOG.gettext
CAPTION = N_(
    "A shared win counts as a win for each winner. Seating rotates one seat per game. "
    "Intervals: 95% Wilson."
)


def simulate_command(
    game: GameArgument,
    games: Annotated[int, typer.Option("--games", "-n", help=_("how many games to play"))] = 100,
    players: SeatsOption = None,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help=_(
                "comma-separated agent names seated in order; the last one fills the remaining seats. Seating rotates by one seat each game to remove seat bias"
            ),
        ),
    ] = "random",
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help=_("seed of the whole run (default: random)"))
    ] = None,
    workers: WorkersOption = 1,
    ray: RayOption = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save", metavar="DIR", help=_("write each game's record to DIR/game-00001.json...")
        ),
    ] = None,
    json_file: JsonOption = None,
    option: GameOptions = None,
    lang: LangOption = None,
) -> None:
    """The ``simulate`` command (its help text is in `app`): play the games, print the tables."""
    try:
        use_language(lang, game)
        names = [name.strip() for name in agents.split(",")]
        if players is None:
            players = max(len(names), game_class(game).min_players)
        if json_file is not None and not json_file.parent.is_dir():
            raise ValueError(
                _("cannot write {file}: no folder {folder}").format(
                    file=json_file, folder=json_file.parent
                )
            )
        if save is not None and save.is_dir() and any(save.glob("game-*.json")):
            # Records of two runs in one folder could not be told apart.
            raise ValueError(
                _("{folder} already holds game records: name a new folder").format(folder=save)
            )
        with _progress_bar() as bar:
            task = bar.add_task("games", total=games)

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            result = simulate(
                game,
                games=games,
                players=players,
                agents=names,
                seed=seed,
                workers=workers,
                save_dir=save,
                options=parse_options(option or []),
                progress=advance,
                ray=ray,
            )
        if json_file is not None:
            write_atomic(json_file, json.dumps(result.to_dict(), indent=2) + "\n")
    except ValueError as exc:
        fail(exc)
    except KeyboardInterrupt:
        if save is not None:
            stopped = _("Simulation interrupted; the records in {folder} are complete games.")
        else:
            stopped = _("Simulation interrupted.")
        typer.echo(stopped.format(folder=save), err=True)
        raise typer.Exit(INTERRUPTED) from None

    console = Console()
    console.print(_headline(result))
    console.print(_seat_table(result))
    console.print(_agent_table(result))
    cards = _card_table(result)
    if cards is not None:
        console.print(cards)
    for figures in extra.tables(result.game_id, result.counts):
        console.print(_figure_table(figures))
    if save is not None:
        saved = _("Saved {games} game records in {folder}")
        console.print(saved.format(games=f"{result.games:,}", folder=save), soft_wrap=True)


def _card_table(result: SimulationResult) -> Table | None:
    """Per card, over every seat-game: how often it was hired, and how often its hirers won.

    Games report these as per-seat figures ``hired:<card>`` and ``hired_won:<card>`` (1 when
    the seat hired a copy of that card, and also won); other games have no such table.
    """
    hired: dict[str, float] = {}
    won: dict[str, float] = {}
    seat_games = 0
    for agent in result.agents.values():
        played = agent.wins.trials
        seat_games += played
        for key, mean in agent.per_game.items():
            figure, _colon, card = key.partition(":")
            if figure == "hired":
                hired[card] = hired.get(card, 0.0) + mean * played
            elif figure == "hired_won":
                won[card] = won.get(card, 0.0) + mean * played
    if not hired:
        return None
    table = Table(title=_("By card"))
    columns = (_("card"), _("hired in"), _("hirers' win rate"), _("95% interval"))
    for column in columns:
        table.add_column(column, justify="left" if column == columns[0] else "right")

    def rate(card: str) -> float:
        return won.get(card, 0.0) / hired[card] if hired[card] else 0.0

    for card in sorted(hired, key=rate, reverse=True):
        count = hired[card]
        share = f"{count / seat_games:.1%}" if seat_games else "-"
        wins = Rate(round(won.get(card, 0.0)), round(count))
        name = escape(extra.name(result.game_id, "hired", card))
        table.add_row(name, share, *(_percent(wins) if count else ("-", "-")))
    return table


def _figure_table(figures: Any) -> Table:
    """One of a game's own tables (`gamenight.sim.extra`, in the language in use): a
    ``(successes, trials)`` cell becomes a rate and its 95% interval."""
    table = Table(title=figures.title)
    for column in figures.columns:
        table.add_column(column, justify="left" if column == figures.columns[0] else "right")
    for row in figures.rows:
        cells = []
        for cell in row:
            if isinstance(cell, tuple):
                rate = Rate(*cell)
                cells.append(" ".join(_percent(rate)) if rate.trials else "-")
            else:
                cells.append(cell)
        table.add_row(*cells)
    return table


def parse_options(items: list[str]) -> dict[str, Any]:
    """``["key_target=3", "mystery=false"]`` -> ``{"key_target": 3, "mystery": False}``."""
    options: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(_("--option expects name=value, got {item}").format(item=quote(item)))
        options[name.strip()] = _parse_value(text.strip())
    return options


def _parse_value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


class _RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        rate = "" if speed is None else _("{rate} games/s").format(rate=f"{speed:,.0f}")
        return Text(rate, style="cyan")


def _progress_bar() -> Progress:
    """A progress bar on stderr (games done, rate, elapsed, ETA), gone when finished."""
    console = Console(stderr=True)
    return Progress(
        TextColumn(_("simulating")),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn(_("ETA")),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,  # no stray blank line in pipes and logs
    )


def _percent(rate: Rate) -> tuple[str, str]:
    low, high = rate.interval
    return f"{rate.rate:.1%}", f"{low:.1%}–{high:.1%}"


def _headline(result: SimulationResult) -> str:
    mean = _("mean {figure} {value}")
    means = [
        mean.format(figure=extra.figure_name(result.game_id, key), value=f"{value:.2f}")
        for key, value in result.figures.items()
    ]
    means.append(mean.format(figure=_("actions"), value=f"{result.mean_actions:.1f}"))
    share = result.truncated / result.games if result.games else 0.0
    means.append(
        _("truncated by the safety limit {count} ({share})").format(
            count=f"{result.truncated:,}", share=f"{share:.1%}"
        )
    )
    if result.no_winner:
        means.append(_("{count} games without a winner").format(count=f"{result.no_winner:,}"))
    return _(
        "[bold]{game}[/bold] · {players} players · {games} games · seed {seed}\n{means}"
        "\n[dim]{seconds} s, {rate} games/s[/dim]"
    ).format(
        game=result.game_id,
        players=result.players,
        games=f"{result.games:,}",
        seed=result.seed,
        means=" · ".join(means),
        seconds=f"{result.elapsed:.1f}",
        rate=f"{result.games_per_second:,.0f}",
    )


def _seat_table(result: SimulationResult) -> Table:
    table = Table(title=_("Win rate by seat"))
    for column in (_("seat"), _("win rate"), _("95% interval"), _("wins")):
        table.add_column(column, justify="right")
    for seat, rate in enumerate(result.seats):
        table.add_row(str(seat), *_percent(rate), f"{rate.wins:,} / {rate.trials:,}")
    return table


def _agent_table(result: SimulationResult) -> Table:
    table = Table(title=_("By agent"), caption=_(CAPTION), caption_justify="left")
    table.add_column(_("agent"))
    for column in (_("seats"), _("win rate"), _("95% interval")):
        table.add_column(column, justify="right")
    first = next(iter(result.agents.values()))
    # Per-seat figures, per round when the game counts rounds, else per game.
    per = CATALOG.pgettext("per", "round") if first.per_round else CATALOG.pgettext("per", "game")
    # Per-card figures (``name:card``) have their own table.
    keys = [key for key in first.per_round or first.per_game if ":" not in key]
    for key in keys:
        table.add_column(f"{extra.figure_name(result.game_id, key)} / {per}", justify="right")
    for agent in result.agents.values():
        figures = agent.per_round if first.per_round else agent.per_game
        table.add_row(
            agent.name,
            f"{result.lineup.count(agent.name)}",
            *_percent(agent.wins),
            *(f"{figures.get(key, 0.0):.3f}" for key in keys),
        )
    return table
