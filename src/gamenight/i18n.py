"""The languages of gamenight's interface: gettext catalogs made with Babel.

Every string a person reads goes through a `Catalog`'s ``_`` (``gettext``), ``ngettext``
(plurals: "1 die", "2 dice") or ``pgettext`` (a name with its kind as context: a spell, a
cat, a face). English is the source language: its strings are the ``msgid`` themselves.

A catalog is a folder ``locale/`` of a package holding one ``<lang>.po`` per language:
gamenight's own (``gamenight/locale/``, the command line and the shared words) and each
game's (``games/<game>/ui/locale/``, its table and its names). The ``.po`` files ship in the
package and are compiled in memory on first use (Babel's ``read_po`` and ``write_mo``),
so an editable install and a wheel read the same files and no build step is needed.

The language in use is a context variable: the command line sets it once (`activate`),
and a renderer's functions take it from their ``lang`` argument (`speaks`).
"""

from __future__ import annotations

import functools
import gettext
import inspect
import io
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import resources
from typing import ParamSpec, TypeVar

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

SOURCE = "en"
# Every language of the interface, by code, with its own name for itself.
LANGUAGES = {
    "en": "English",
    "ja": "日本語",
    "uk": "українська",
    "ru": "русский",
    "lt": "lietuvių",
}
# The locale variables, in the order POSIX gives them precedence.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

_active: ContextVar[str] = ContextVar("language", default=SOURCE)

P = ParamSpec("P")
R = TypeVar("R")


def known_languages() -> str:
    """``en (English), ja (日本語), ...``: the list an error shows."""
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


def check_language(lang: str) -> str:
    """`lang` if it is a language of the interface, else `ValueError` listing them."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; the languages are {known_languages()}")
    return lang


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``ru_RU.UTF-8`` is
    ``ru``), or English when it is unset or not one of `LANGUAGES` (``C``, ``de_DE``)."""
    environ = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable)
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else SOURCE
    return SOURCE


def language() -> str:
    """The language in use."""
    return _active.get()


def activate(lang: str) -> None:
    """Use `lang` from now on in this context (the command line's ``--lang``)."""
    _active.set(check_language(lang))


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Use `lang` inside the ``with`` block only."""
    token = _active.set(check_language(lang))
    try:
        yield
    finally:
        _active.reset(token)


def speaks(function: Callable[P, R]) -> Callable[P, R]:
    """Run `function` in the language of its ``lang`` argument (a renderer's functions)."""
    signature = inspect.signature(function)

    @functools.wraps(function)
    def in_language(*args: P.args, **kwargs: P.kwargs) -> R:
        with speaking(signature.bind(*args, **kwargs).arguments["lang"]):
            return function(*args, **kwargs)

    return in_language


@functools.cache
def translations(package: str, lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `package`'s ``locale/<lang>.po`` (English: the source)."""
    if check_language(lang) == SOURCE:
        return gettext.NullTranslations()
    with resources.files(package).joinpath("locale", f"{lang}.po").open("rb") as po:
        catalog = read_po(po, locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


class Catalog:
    """The messages of one package, in the language in use.

    A module binds the methods to gettext's usual names, which Babel's extraction finds:
    ``_ = CATALOG.gettext``, ``ngettext = CATALOG.ngettext``, ``pgettext = CATALOG.pgettext``.
    """

    def __init__(self, package: str) -> None:
        self.package = package

    def _current(self) -> gettext.NullTranslations:
        return translations(self.package, _active.get())

    def gettext(self, message: str) -> str:
        """`message` in the language in use."""
        return self._current().gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form of `singular`/`plural` for `count`, in the language in use."""
        return self._current().ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        """`message` of kind `context` (a name: ``spell``, ``cat``...) in the language in use."""
        return self._current().pgettext(context, message)


# gamenight's own catalog: the command line, the table loops and the shared words.
CATALOG = Catalog("gamenight")
