"""`gamenight play`: one person against bots in the terminal."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, NoReturn

import typer
from rich.console import Console

import gamenight
from gamenight import agents
from gamenight.play import play as play_table

from .human import HumanAgent
from .render import renderer
from .simulate import parse_options

INTERRUPTED = 130  # the shell's exit status after Ctrl-C

Lang = Literal["en", "ru"]
LANG_HELP = "language of the card names (ru: the rulebook's own)"


def fail(message: str) -> NoReturn:
    """Leave with a one-line error and exit status 2 (bad arguments or files)."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def play_command(
    game: Annotated[str, typer.Argument(help="the game, e.g. boss-quest")],
    players: Annotated[int, typer.Option("--players", "-p", help="number of players")],
    seed: Annotated[int | None, typer.Option(help="seed of the game (default: random)")] = None,
    bots: Annotated[str, typer.Option(help="the bots' agent: heuristic or random")] = "heuristic",
    seat: Annotated[int, typer.Option(help="your seat, from 0")] = 0,
    lang: Annotated[Lang, typer.Option(help=LANG_HELP)] = "en",
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="NAME=VALUE", help="a game option (repeatable)"),
    ] = None,
    save: Annotated[
        Path | None, typer.Option(metavar="FILE", help="write the game record there at the end")
    ] = None,
) -> None:
    """Play a game in the terminal: you take one seat, bots take the others."""
    try:
        state = gamenight.make(game, players, seed, **parse_options(option or []))
        if not 0 <= seat < players:
            raise ValueError(f"--seat must be a seat of the table, 0 to {players - 1}")
        draw = renderer(game)
        console = Console(highlight=False)
        human = HumanAgent(seat, draw, lang, console)
        # Bots' seeds follow the game's, so a seed replays the same bots' choices.
        table = [
            human if s == seat else agents.make(bots, game, state.seed + 1 + s)
            for s in range(players)
        ]
    except ValueError as exc:
        fail(str(exc))
    if save is not None and not save.parent.is_dir():
        fail(f"{save}: cannot save there: no directory {save.parent}")

    console.print(
        f"[bold]{type(state).title}[/]: {players} players, you are seat {seat}, "
        f"bots: {bots}, seed {state.seed}. Ctrl-D or Ctrl-C leaves."
    )
    try:
        play_table(state, table)
    except (EOFError, KeyboardInterrupt):
        console.print("\nYou left the table.")
        raise typer.Exit(INTERRUPTED) from None
    human.catch_up(state)
    console.print(draw.result(state.view(seat), lang, me=seat))
    if save is not None:
        try:
            save.write_text(state.record().to_json() + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"{save}: cannot save: {exc.strerror}")
        console.print(f"Game record saved to {save}.", soft_wrap=True)
