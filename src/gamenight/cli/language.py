"""`--lang`: the language of a command's game text, by default the locale's."""

from __future__ import annotations

from typing import Annotated

import typer

from gamenight import i18n
from gamenight.kernel import spec
from gamenight.ui import check_game_language

_ = i18n.CATALOG.gettext
LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="LANG",
        help=_(
            "language: en, ja, uk, ru or lt (default: the locale's, from LC_ALL or LANG, else en)"
        ),
        show_default=False,
    ),
]


def use_language(lang: str | None, game_id: str | None = None) -> str:
    """The language `--lang` names (``None``: the locale's), made the one in use.

    A `--lang` that is unknown, or that `game_id` does not come in, is a `ValueError` that
    lists the known ones: nothing falls back silently to English. The locale's language is
    only a default: a game that does not come in it is shown in English. The language is
    in use before the game is looked up, so that the error of an unknown game speaks it.
    """
    if lang is None:
        lang = i18n.default_language()
        i18n.activate(lang)
        if game_id is not None and lang not in spec(game_id).languages:
            lang = i18n.SOURCE
    i18n.activate(lang)
    if game_id is not None:
        check_game_language(game_id, lang)
    return lang
