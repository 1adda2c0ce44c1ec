"""Typer's own words (the usage line, the help panels, the help option) in the language in
use.

Typer calls the standard library's ``gettext``, which knows no catalog of gamenight's, so
its modules' ``_`` is pointed at gamenight's catalog and its panel titles, which it reads
into constants when it is imported, are translated here; the messages are in gamenight's
catalog (``python -m gamenight.i18n`` extracts them from the installed version,
`gamenight.i18n.LIBRARY_MODULES`). The usage line's prefix and the help option's text are
fixed English inside Typer's copy of Click, and so are its errors: the command classes
below give the first two, and translate the errors a person meets (an unknown option, a
missing or invalid value, an extra argument) by their English wording.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import Any

from typer import core, rich_utils

from gamenight import i18n

_ = i18n.CATALOG.gettext

# Typer's words read at its import, in English, before any catalog was in use.
_TYPER_WORDS = {
    name: value
    for name, value in vars(rich_utils).items()
    if name.isupper()
    and name.endswith(("_STRING", "_TITLE", "_TEXT", "_HELP"))
    and isinstance(value, str)
}


def translate() -> None:
    """Make Typer speak the language in use (`gamenight.i18n.activate`)."""
    for name in i18n.LIBRARY_MODULES:
        module = importlib.import_module(name)
        if hasattr(module, "_"):
            vars(module)["_"] = i18n.CATALOG.gettext
    for name, english in _TYPER_WORDS.items():
        setattr(rich_utils, name, i18n.CATALOG.gettext(english))


# Click's error messages, as its English words them, and the same in the language in use.
_ERRORS: tuple[tuple[re.Pattern[str], Callable[[], str]], ...] = (
    (
        re.compile(r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.*)\)"),
        lambda: _("No such option: {name} (possible options: {options})"),
    ),
    (re.compile(r"No such option: (?P<name>\S+)"), lambda: _("No such option: {name}")),
    (re.compile(r"Missing argument (?P<name>.+)\."), lambda: _("Missing argument: {name}")),
    (re.compile(r"Missing option (?P<name>.+)\."), lambda: _("Missing option: {name}")),
    (
        re.compile(r"Invalid value for (?P<name>.+?): (?P<problem>.*)"),
        lambda: _("Invalid value for {name}: {problem}"),
    ),
    (
        re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((?P<extra>.*)\)"),
        lambda: _("Unexpected extra arguments: {extra}"),
    ),
)


def translated_error(message: str) -> str:
    """Click's English `message` in the language in use, if it is one of `_ERRORS`."""
    for pattern, words in _ERRORS:
        found = pattern.fullmatch(message)
        if found:
            return words().format(**found.groupdict())
    return message


class _Words:
    """The usage line's prefix and the help option's text, translated."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = " ".join(self.collect_usage_pieces(ctx))  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, pieces, prefix=_("Usage:") + " ")

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = _("show this help and exit")
        return option

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)  # type: ignore[misc]
        except Exception as error:
            format_message = getattr(error, "format_message", None)
            if format_message is not None:
                words = translated_error(format_message())
                error.format_message = lambda: words  # type: ignore[attr-defined]
            raise


class Group(_Words, core.TyperGroup):
    """gamenight's command group."""


class Command(_Words, core.TyperCommand):
    """A gamenight command."""
