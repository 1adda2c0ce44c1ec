"""`gamenight play`: one person against bots in the terminal."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Annotated, NoReturn

import typer
from rich.console import Console

import gamenight
from gamenight import agents
from gamenight.agents import Agent
from gamenight.i18n import CATALOG
from gamenight.kernel.registry import game_class
from gamenight.play import play as play_table
from gamenight.sim.files import FileError, write_atomic
from gamenight.ui import is_live, live_app, renderer, rules

from .human import HumanAgent
from .language import LangOption, use_language
from .simulate import INTERRUPTED, parse_options

BOTS_HELP = (
    "the bots' agent: heuristic or random (Ninja Master: easy, normal or hard; default normal)"
)


DEFAULT_PLAYERS = 4
_ = CATALOG.gettext


def fail(message: str) -> NoReturn:
    """Leave with a one-line error and exit status 2 (bad arguments or files)."""
    typer.echo(_("error: {message}").format(message=message), err=True)
    raise typer.Exit(2)


def play_command(
    game: Annotated[str, typer.Argument(help="the game, e.g. boss-quest")],
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-p", help="number of players (default: 4, or the nearest the game takes)"
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the game (default: random)")] = None,
    bots: Annotated[str | None, typer.Option(help=BOTS_HELP, show_default="heuristic")] = None,
    seat: Annotated[int, typer.Option(help="your seat, from 0")] = 0,
    lang: LangOption = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="NAME=VALUE", help="a game option (repeatable)"),
    ] = None,
    save: Annotated[
        Path | None, typer.Option(metavar="FILE", help="write the game record there at the end")
    ] = None,
) -> None:
    """Play a game in the terminal: you take one seat, bots take the others.

    A real-time game (Ninja Master) opens full screen: everybody acts at once.
    """
    try:
        if players is None:
            cls = game_class(game)
            players = min(max(DEFAULT_PLAYERS, cls.min_players), cls.max_players)
        state = gamenight.make(game, players, seed, **parse_options(option or []))
        lang = use_language(lang, game)
        if not 0 <= seat < players:
            raise ValueError(f"--seat must be a seat of the table, 0 to {players - 1}")
        live = live_app(game) if is_live(state) else None
        bots = bots or agents.default(game)
        # Bots' seeds follow the game's, so a seed replays the same bots' choices.
        table: list[Agent | None] = [
            None if s == seat else agents.make(bots, game, state.seed + 1 + s)
            for s in range(players)
        ]
        if live is None:
            draw = renderer(game)
            console = Console(highlight=False)
            table[seat] = human = HumanAgent(seat, draw, lang, console, rules=rules(game, lang))
    except ValueError as exc:
        fail(str(exc))
    if save is not None and not save.parent.is_dir():
        fail(
            _("{file}: cannot save there: no directory {folder}").format(
                file=save, folder=save.parent
            )
        )
    if save is not None and save.is_dir():
        fail(_("{file}: cannot save there: it is a folder; name a file").format(file=save))
    if live is not None:
        _play_live(live, state, table, seat, lang, save)
        return

    console.print(
        _(
            "[bold]{title}[/]: {players} players, you are seat {seat}, bots: {bots}, "
            "seed {seed}. Ctrl-D or Ctrl-C leaves."
        ).format(title=type(state).title, players=players, seat=seat, bots=bots, seed=state.seed)
    )
    try:
        play_table(state, table)
    except (EOFError, KeyboardInterrupt):
        console.print("\n" + _("You left the table."))
        raise typer.Exit(INTERRUPTED) from None
    human.catch_up(state)
    console.print(draw.result(state.view(seat), lang, me=seat))
    _save(state, save, console)


def _play_live(
    live: ModuleType,
    state: gamenight.State,
    table: list[Agent | None],
    seat: int,
    lang: str,
    save: Path | None,
) -> None:
    """Play a real-time game in its full-screen app (its `GameSpec`'s ``live_app``)."""
    closing = live.run(state, table, seat, lang)
    console = Console(highlight=False)
    if closing is None:
        console.print(_("You left the table."))
        raise typer.Exit(INTERRUPTED)
    console.print(closing, soft_wrap=True)
    _save(state, save, console)


def _save(state: gamenight.State, save: Path | None, console: Console) -> None:
    """Write the game record to `save`, if given."""
    if save is not None:
        try:
            write_atomic(save, state.record().to_json() + "\n")
        except FileError as exc:
            fail(str(exc))
        console.print(_("Game record saved to {file}.").format(file=save), soft_wrap=True)
