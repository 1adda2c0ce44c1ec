"""The `gamenight` command line."""

from __future__ import annotations

import functools
from typing import Annotated

import typer

from gamenight import i18n
from gamenight.kernel.options import Option

from .play import play_command
from .replay import replay_command
from .report import report_command
from .rules import rules_command
from .serve import serve_command
from .simulate import simulate_command
from .tournament import tournament_command

_ = i18n.CATALOG.gettext

app = typer.Typer(
    name="gamenight",
    help="Play modern tabletop games in the terminal, simulate thousands, replay any.",
    no_args_is_help=True,
    add_completion=False,
)


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
            "--version", callback=_show_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """gamenight: Boss Quest, Meow, Dark Lord!, Ninja Master and Munchkin."""
    # A command's --lang holds until it ends (tests run many commands in one process).
    context.call_on_close(functools.partial(i18n.activate, i18n.language()))


@app.command("games")
def list_games() -> None:
    """List the games, their bots (the default first) and their options with defaults."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    import gamenight
    from gamenight import agents
    from gamenight.kernel.registry import game_class

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
        options = "\n".join(escape(_option_line(o)) for o in cls.options_spec)
        table.add_row(
            f"{game_id}\n[dim]{cls.title}[/dim]",
            f"{cls.min_players}-{cls.max_players}",
            "\n".join([_("{bot} (default)").format(bot=bots[0]), *bots[1:]]),
            options,
        )
    Console().print(table)


def _option_line(option: Option) -> str:
    """An option as `games` lists it: name, help, and its default where the help does not
    already say it (a default that depends on the player count is told in the help)."""
    line = f"{option.name}: {option.help}"
    if not callable(option.default) and "default" not in option.help:
        value = str(option.default).lower() if option.type is bool else option.default
        line += " " + _("(default {value})").format(value=value)
    return line


app.command("play")(play_command)
app.command("replay")(replay_command)
app.command("rules")(rules_command)
app.command("simulate")(simulate_command)
app.command("serve")(serve_command)
app.command("tournament")(tournament_command)
app.command("report")(report_command)


def main() -> None:
    """Entry point of the `gamenight` script."""
    app()
