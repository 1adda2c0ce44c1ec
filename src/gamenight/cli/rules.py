"""`gamenight rules`: a game's rules in brief, in the chosen language."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown

from gamenight.i18n import CATALOG
from gamenight.ui import rules

from .language import LangOption, use_language
from .play import fail

_ = CATALOG.gettext


def rules_command(
    game: Annotated[str, typer.Argument(help="the game, e.g. boss-quest")],
    lang: LangOption = None,
) -> None:
    """Print a game's rules in brief: the goal, a turn, what the table shows, a glossary."""
    try:
        text = rules(game, use_language(lang))
    except ValueError as exc:
        fail(str(exc))
    if text is None:
        fail(_("{game} has no rules summary").format(game=game))
    Console(highlight=False).print(Markdown(text))
