"""How the command line tells a person what went wrong: one line on stderr, in the
language in use, and exit status 2."""

from __future__ import annotations

from typing import NoReturn

import typer

from gamenight.i18n import CATALOG
from gamenight.kernel.errors import message

_ = CATALOG.gettext


def explain(error: BaseException) -> str:
    """`error`'s text in the language in use: a kernel or simulation error's template
    (`gamenight.kernel.errors`) translated in gamenight's catalog, any other as it is."""
    return message(error, _)


def fail(error: str | BaseException) -> NoReturn:
    """Leave with a one-line error (a text already in the language in use, or an error to
    `explain`) and exit status 2 (bad arguments or files)."""
    text = error if isinstance(error, str) else explain(error)
    typer.echo(_("error: {message}").format(message=text), err=True)
    raise typer.Exit(2)
