"""Errors raised by the kernel and the games.

An error a person may meet (a bad game id, option, player count or record) carries its
English template and fields: ``InvalidInput(N_("unknown game {game}"), game=...)``. Its
`str()` is the English text; an interface shows it in another language with `message`,
translating the template (and those of the errors among its fields) in its catalog.
`N_` marks a template for the catalogs' extraction (``python -m gamenight.i18n``).
"""

from __future__ import annotations

from collections.abc import Callable

from .limits import QUOTE_CHARS, clip


def N_(text: str) -> str:
    """Mark `text` for extraction into a catalog where it cannot be translated yet (an
    error's template, a table of words built before any language is chosen): the
    interface translates it where it is shown (``_(TABLE[key])``, `message`)."""
    return text


class GamenightError(Exception):
    """Base class of every error gamenight raises on purpose.

    Raised with a template and named fields, it keeps both (`template`, `fields`) and
    reads as the English text; raised with a text alone, the text is its template (and no
    format string: it may hold braces).
    """

    def __init__(self, template: str, /, **fields: object) -> None:
        self.template = template
        self.fields = fields
        super().__init__(message(self))


class IllegalAction(GamenightError, ValueError):
    """An action that the rules do not allow now. The state is left exactly as it was."""


class ContentError(GamenightError, ValueError):
    """A content file (cards, dice, decks) that does not match its schema.

    The message names the file, the card and the field.
    """


class InvalidInput(GamenightError, ValueError):
    """A value from outside that gamenight refuses, changing nothing: a game id, a player
    count, an option, a seed, a record or its text."""


def message(error: BaseException, translate: Callable[[str], str] = str) -> str:
    """`error`'s text, its template and those of the errors among its fields passed
    through `translate` (a catalog's ``gettext``; by default the English). An error in a
    field (the reason a record does not replay) is quoted to at most `QUOTE_CHARS`
    characters; an error that is no `GamenightError` reads as it is."""
    if not isinstance(error, GamenightError):
        return str(error)
    template = translate(error.template) if error.template else error.template
    if not error.fields:
        return template
    fields = {
        name: clip(message(value, translate), QUOTE_CHARS)
        if isinstance(value, BaseException)
        else value
        for name, value in error.fields.items()
    }
    return template.format(**fields)
