"""The `gamenight` command line."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated

import typer

from gamenight import i18n
from gamenight.kernel.options import Option

from .library_words import Command, Group
from .play import play_command
from .replay import replay_command
from .report import report_command
from .rules import rules_command
from .serve import serve_command
from .simulate import simulate_command
from .tournament import tournament_command
from .tune import tune_command

_ = i18n.CATALOG.gettext

app = typer.Typer(
    name="gamenight",
    help=_("Play modern tabletop games in the terminal, simulate thousands, replay any."),
    no_args_is_help=True,
    add_completion=False,
    cls=Group,
)
command = functools.partial(app.command, cls=Command)


def _show_version(value: bool) -> None:
    if value:
        import gamenight

        typer.echo(f"gamenight {gamenight.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    context: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help=_("print the version and exit")
        ),
    ] = False,
) -> None:
    """gamenight: Boss Quest, Meow, Dark Lord!, Ninja Master and Munchkin."""
    # A command's --lang holds until it ends (tests run many commands in one process).
    context.call_on_close(functools.partial(i18n.activate, i18n.language()))


@command("games", help=_("List the games, their bots and their options with defaults."))
def list_games() -> None:
    """The ``games`` command: one row per registered game."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    import gamenight
    from gamenight import agents
    from gamenight.kernel.registry import game_class
    from gamenight.sim.extra import game_words

    from .language import use_language

    use_language(None)  # the locale's
    table = Table(title=_("gamenight games"))
    table.add_column(_("game"))
    table.add_column(_("players"))
    table.add_column(_("bots"))
    table.add_column(_("options (-o NAME=VALUE)"))
    for game_id in gamenight.games():
        cls = game_class(game_id)
        default = agents.default(game_id)
        bots = [default] + [name for name in agents.available(game_id) if name != default]
        translate = game_words(game_id)
        options = "\n".join(escape(_option_line(o, translate)) for o in cls.options_spec)
        table.add_row(
            f"{game_id}\n[dim]{escape(i18n.game_title(game_id))}[/dim]",
            f"{cls.min_players}-{cls.max_players}",
            "\n".join(
                _bot_line(_("{bot} (default)").format(bot=name) if name == default else name, name)
                for name in bots
            ),
            options,
        )
    Console().print(table)


def _bot_line(shown: str, name: str) -> str:
    """A bot as `games` lists it: its name as `shown` (``--bots`` takes `name`) and what
    it does."""
    description = i18n.bot_description(name)
    return f"{shown} — {description}" if description else shown


def _option_line(option: Option, translate: Callable[[str], str]) -> str:
    """An option as `games` lists it: name, help (`translate`d: its game's catalog), and its
    default where the help does not already say it (a default that depends on the player
    count is told in the help)."""
    line = f"{option.name}: {option.described(translate)}"
    if not callable(option.default) and "default" not in option.help:
        value = str(option.default).lower() if option.type is bool else option.default
        line += " " + _("(default {value})").format(value=value)
    return line


# The commands' help texts, in the locale's language (the package's __init__ sets it).
command(
    "play",
    help=_(
        "Play a game in the terminal: you take one seat, bots take the others.\n\n"
        "A real-time game (Ninja Master) opens full screen: everybody acts at once. "
        "--save keeps the game if you leave early; --resume continues it."
    ),
)(play_command)
command(
    "replay",
    help=_(
        "Replay a recorded game action by action (b steps back), showing every seat's hidden cards."
    ),
)(replay_command)
command(
    "rules",
    help=_("Print a game's rules in brief: the goal, a turn, what the table shows, a glossary."),
)(rules_command)
command(
    "simulate",
    help=_(
        "Play many games with bots; print win rates per seat and per agent, and game "
        "figures.\n\nResults depend only on the seed, never on --workers."
    ),
)(simulate_command)
command(
    "serve",
    help=_(
        "Serve tables in the browser: open the printed address, create a table, invite "
        "friends.\n\nEvery action is stored before anybody sees it; a restart resumes every "
        "table."
    ),
)(serve_command)
command(
    "tournament",
    help=_(
        "Play a round robin of agents in every seat; print ratings, seat advantage and game "
        "lengths.\n\nResults depend only on the seed, never on --workers or interruptions."
    ),
)(tournament_command)
command(
    "report",
    help=_(
        "Write a balance report of GAME: win rates by seat and agent, the first player's "
        "advantage, game length, score margins and the game's own views (spells, cats, "
        "points by source, classes, races and cards), from a tournament file or from games "
        "played now."
    ),
)(report_command)

command(
    "tune",
    help=_(
        "Search GAME's options for the settings whose simulated games hit targets (game "
        "length, the first player's win rate...); confirm the best with more games.\n\n"
        "Results depend only on the seed, never on --workers."
    ),
)(tune_command)


def main() -> None:
    """Entry point of the `gamenight` script."""
    app()
