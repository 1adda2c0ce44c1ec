"""`gamenight rules`: a game's rules in brief, in the chosen language."""

from __future__ import annotations

from rich.console import Console
from rich.markdown import Markdown

from gamenight.i18n import CATALOG
from gamenight.ui import rules

from .arguments import GameArgument
from .errors import fail
from .language import LangOption, use_language

_ = CATALOG.gettext


def rules_command(
    game: GameArgument,
    lang: LangOption = None,
) -> None:
    """The ``rules`` command (its help text is in `app`)."""
    try:
        text = rules(game, use_language(lang))
    except ValueError as exc:
        fail(exc)
    if text is None:
        fail(_("{game} has no rules summary").format(game=game))
    Console(highlight=False).print(Markdown(text))
