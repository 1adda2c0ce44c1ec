"""The languages of gamenight's interface: gettext catalogs made with Babel.

Every string a person reads goes through a `Catalog`'s ``_`` (``gettext``), ``ngettext``
(plurals: "1 die", "2 dice") or ``pgettext`` (a name with its kind as context: a spell, a
cat, a face). English is the source language: its strings are the ``msgid`` themselves.

A catalog is a folder ``locale/`` of a package holding one ``<lang>.po`` per language:
gamenight's own (``gamenight/locale/``, the command line and the shared words), the web
pages' (``gamenight/server/locale/``: the words of ``server/static/``) and each game's
(``games/<game>/ui/locale/``, its table, its names and its browser table's words). The
``.po`` files ship in the package and are compiled in memory on first use (Babel's
``read_po`` and ``write_mo``), so an editable install and a wheel read the same files and
no build step is needed.

The language in use is a context variable: the command line sets it once (`activate`),
and a renderer's functions take it from their ``lang`` argument (`speaks`).

Upkeep: ``python -m gamenight.i18n`` extracts every message of the sources with Babel,
adds each game's names (its ``ui`` package's ``names()``), and merges them into every
catalog, where a translator fills the new ``msgstr``. The tests fail while one is empty.
"""

from __future__ import annotations

import functools
import gettext
import importlib
import inspect
import io
import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import resources
from pathlib import Path
from typing import ParamSpec, TypeVar

from babel.messages.catalog import Catalog as Messages
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from gamenight.kernel.errors import N_ as N_  # the kernel's marker, the interface's too
from gamenight.kernel.errors import InvalidInput
from gamenight.kernel.registry import game_class, games, spec

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


# The agents' short descriptions, shown beside their names (which stay as they are typed
# in ``--bots``): the generic agents, the search agent and the games' own bots.
BOT_DESCRIPTIONS = {
    "random": N_("random legal moves"),
    "passive": N_("passes whenever it may, else moves at random"),
    "ismcts": N_("searches many imagined games before each move"),
    "heuristic": N_("plays by the game's rules of thumb"),
    "easy": N_("slow, and often misreads or miscounts"),
    "normal": N_("steady, and sometimes misreads or miscounts"),
    "hard": N_("quick, and reads and counts well"),
}


def bot_description(name: str) -> str:
    """An agent's short description in the language in use ("" for an agent without one)."""
    description = BOT_DESCRIPTIONS.get(name)
    return "" if description is None else CATALOG.gettext(description)


def known_languages() -> str:
    """``en (English), ja (日本語), ...``: the list an error shows."""
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


def check_language(lang: str) -> str:
    """`lang` if it is a language of the interface, else `ValueError` listing them."""
    if lang not in LANGUAGES:
        raise InvalidInput(
            N_("unknown language {lang}; the languages are {languages}"),
            lang=repr(lang),
            languages=known_languages(),
        )
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
    # Where ``lang`` is, found once: binding the signature on every call cost the web
    # server a few per cent of its time.
    parameter = inspect.signature(function).parameters["lang"]
    position = list(inspect.signature(function).parameters).index("lang")

    @functools.wraps(function)
    def in_language(*args: P.args, **kwargs: P.kwargs) -> R:
        lang = args[position] if len(args) > position else kwargs.get("lang", parameter.default)
        if not isinstance(lang, str):
            raise TypeError(f"{function.__qualname__}() needs its lang argument, a language code")
        with speaking(lang):
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

# The catalog context of a game's title: a proper name, kept as it is unless a rulebook in
# the language gives the game a title of its own ("Мяу, Тёмный Властелин!").
TITLE_CONTEXT = "game title"


def game_package(game_id: str) -> str:
    """The presentation package (``games/<game>/ui``) of `game_id`, whose catalog holds its
    words (two games of one folder, Munchkin and Munchkin Fu, share it)."""
    module = importlib.import_module(spec(game_id).state.__module__)
    return f"{module.__package__}.ui"


def game_catalog(game_id: str) -> Catalog | None:
    """The catalog of `game_id`'s own words, or None for a game without one."""
    package = game_package(game_id)
    return Catalog(package) if package in game_packages() else None


def game_title(game_id: str) -> str:
    """`game_id`'s title in the language in use."""
    title = game_class(game_id).title
    catalog = game_catalog(game_id)
    return title if catalog is None else catalog.pgettext(TITLE_CONTEXT, title)


def plural_index(lang: str) -> Callable[[int], int]:
    """The plural rule of `lang`: which form (``msgstr[i]``) a count takes."""
    return gettext.c2py(Messages(locale=lang).plural_expr)


# ----- upkeep of the catalogs ------------------------------------------------------------

CORE = "gamenight"
# The web pages' catalog: the words of the lobby, the table and the replay pages.
WEB = "gamenight.server"
# The folders and modules of gamenight whose strings are in its own catalog: the
# interface's (the server's errors included), and the errors a person may meet that the
# kernel, the agents and the simulations raise with their templates
# (`gamenight.kernel.errors`).
CORE_SOURCES = ("cli", "ui", "play", "kernel", "agents", "sim", "server", "i18n.py")
# `gamenight.ui.does(seat, me, verb)` translates its verb in gamenight's catalog, in both
# persons: the verbs are extracted from every presentation module that calls it.
VERB_KEYWORDS = {"does": (3,)}
# A game's modules below its presentation whose marked strings its catalog holds.
GAME_SOURCES_BELOW = ("sim.py", "state.py")
VERB_CONTEXTS = ("you do", "seat does")
# The modules of the command-line library whose words gamenight's command line shows
# (Typer's help panels, its defaults and errors): their messages are in gamenight's catalog
# too, marked with LIBRARY_COMMENT (`gamenight.cli.library_words` puts them to use).
LIBRARY_MODULES = ("typer.core", "typer.rich_utils")
LIBRARY_COMMENT = "a word of the command-line libraries"
# The browser's words: ``t(message, fields)``, ``tn(singular, plural, count, fields)``,
# ``pt(context, message)`` and ``N_(message)`` of ``server/static/words.js``, and an HTML
# element marked ``data-t``, whose text is its message.
SCRIPT_KEYWORDS = {"t": None, "tn": (1, 2), "pt": ((1, "c"), 2), "N_": None}
MARKED_ELEMENT = re.compile(r"<(\w+)\b[^>]*\sdata-t\b[^>]*>([^<]*)</\1>")


def packages() -> list[str]:
    """Every package with a catalog: gamenight's own, the web pages' and each game's."""
    return [CORE, WEB, *game_packages()]


def game_packages() -> list[str]:
    """The presentation packages (``games/<game>/ui``) that have catalogs of their own."""
    from gamenight.games import __path__ as games_path

    return sorted(
        f"gamenight.games.{folder.parent.parent.name}.ui"
        for root in games_path
        for folder in Path(root).glob("*/ui/locale")
    )


def source_files(package: str) -> list[Path]:
    """The Python modules whose strings go into `package`'s catalog: a game's are its
    presentation's, its figures module's (``sim.py``, whose words `gamenight.sim.extra`
    translates) and its state's (``state.py``: its options' help)."""
    root = Path(str(resources.files(package)))
    if package == WEB:
        return []
    if package != CORE:
        below = [root.parent / name for name in GAME_SOURCES_BELOW]
        return sorted([*root.glob("*.py"), *(path for path in below if path.is_file())])
    places = [root / name for name in CORE_SOURCES]
    return sorted(
        path for place in places for path in (place.glob("*.py") if place.is_dir() else [place])
    )


def page_files(package: str) -> list[Path]:
    """The browser's files (JS, HTML) whose words go into `package`'s catalog: the web
    pages' for `WEB`, a game's browser table (``ui/web/``) for a game."""
    root = Path(str(resources.files(package)))
    if package == WEB:
        return sorted([*root.glob("static/*.js"), *root.glob("static/*.html")])
    if package == CORE:
        return []
    return sorted(root.glob("web/*.js"))


def page_messages(path: Path) -> Iterator[tuple[str | tuple[str, ...], str | None]]:
    """The messages of a JS file (Babel's extraction) or an HTML page (its ``data-t``
    elements' texts, white space collapsed as the page collapses it), with their contexts."""
    if path.suffix == ".html":
        for match in MARKED_ELEMENT.finditer(path.read_text(encoding="utf-8")):
            yield " ".join(match.group(2).split()), None
        return
    options = {"parse_template_string": True}
    for _line, message, _comments, context in extract_from_file(
        "javascript", path, SCRIPT_KEYWORDS, options=options
    ):
        yield message, context


def third_person(verb: str) -> str:
    """A verb's third person singular, the words after it kept: take → takes, catch →
    catches, carry → carries, pass on → passes on."""
    first, space, rest = verb.partition(" ")
    if first.endswith(("s", "sh", "ch", "x", "z", "o")):
        first += "es"
    elif first.endswith("y") and first[-2:-1] not in ("a", "e", "i", "o", "u"):
        first = first[:-1] + "ies"
    else:
        first += "s"
    return first + space + rest


def template(package: str) -> Messages:
    """Every message `package`'s catalog must translate: the strings of its sources (Babel's
    extraction) and of its browser pages (`page_messages`), and a game's names (``names()``
    of its ``ui`` package), or for gamenight itself the verbs every presentation module
    passes to ``does``."""
    messages = Messages(project="gamenight")
    for path in source_files(package):
        for _line, message, comments, context in extract_from_file(
            "python", path, DEFAULT_KEYWORDS
        ):
            messages.add(message, context=context, auto_comments=comments)
    for path in page_files(package):
        for message, context in page_messages(path):
            messages.add(message, context=context)
    if package == CORE:
        for message, context in library_messages():
            messages.add(message, context=context, auto_comments=[LIBRARY_COMMENT])
        for verb in sorted(verbs()):
            for context, form in zip(VERB_CONTEXTS, (verb, third_person(verb)), strict=True):
                messages.add(form, context=context)
    elif package != WEB:
        names: Callable[[], list[tuple[str, str]]] = importlib.import_module(package).names
        for context, name in names():
            messages.add(name, context=context)
        for game_id in _games_of(package):
            messages.add(game_class(game_id).title, context=TITLE_CONTEXT)
    return messages


def _games_of(package: str) -> list[str]:
    """The games whose words are in `package`'s catalog."""
    return [game_id for game_id in games() if game_package(game_id) == package]


def library_messages() -> list[tuple[str | tuple[str, ...], str | None]]:
    """The messages of `LIBRARY_MODULES` in the installed versions, with their contexts."""
    found = []
    for module in LIBRARY_MODULES:
        source = inspect.getfile(importlib.import_module(module))
        for _line, message, _comments, context in extract_from_file(
            "python", source, DEFAULT_KEYWORDS
        ):
            found.append((message, context))
    return found


PLURAL_TABLE = 200
"""The browser gets the plural form of each count below this; a larger count takes the
form of ``100 + count % 100`` (the five languages' rules look at ``n``, ``n % 10`` and
``n % 100`` only, and tell no count above 100 apart from that one)."""


def page_words(lang: str, web_package: str | None = None) -> dict[str, object]:
    """What the browser's ``words.js`` needs in `lang`: the web pages' catalog, with the
    catalog of the game whose browser table is `web_package` (``games/<game>/ui/web``),
    as ``words`` (a message by its msgid, a plural by its singular with all its forms, a
    message with a context by its context and msgid joined by U+0004, as gettext joins
    them), the ``plurals`` rule as the form of each count below `PLURAL_TABLE`, and the
    ``languages``. `ValueError` for an unknown language, naming the languages."""
    check_language(lang)
    words = dict(_words(WEB, lang))
    game = web_package.rpartition(".")[0] if web_package else None
    if game in game_packages():
        words.update(_words(game, lang))
    rule = plural_index(lang)
    return {
        "lang": lang,
        "languages": LANGUAGES,
        "plurals": [rule(count) for count in range(PLURAL_TABLE)],
        "words": words,
    }


@functools.cache
def _words(package: str, lang: str) -> dict[str, str | list[str]]:
    """Every message of `package`'s catalog in `lang` (English: its template's), keyed as
    `page_words` says."""
    messages = template(package) if lang == SOURCE else read_catalog(package, lang)
    words: dict[str, str | list[str]] = {}
    for message in messages:
        if not message.id:
            continue
        singular = message.id if isinstance(message.id, str) else message.id[0]
        key = singular if message.context is None else f"{message.context}\x04{singular}"
        translated = message.id if lang == SOURCE else message.string
        words[key] = translated if isinstance(translated, str) else list(translated or ())
    return words


def verbs() -> set[str]:
    """Every verb a presentation module passes to ``does`` as a literal."""
    found = set()
    for package in game_packages():
        for path in source_files(package):
            for _line, verb, _comments, _context in extract_from_file(
                "python", path, VERB_KEYWORDS
            ):
                found.add(str(verb))
    return found


def catalog_path(package: str, lang: str) -> Path:
    """Where `package`'s catalog in `lang` lies in the source tree."""
    return Path(str(resources.files(package))) / "locale" / f"{lang}.po"


def read_catalog(package: str, lang: str) -> Messages:
    """`package`'s catalog in `lang` as Babel reads it (an empty one if there is none yet)."""
    path = catalog_path(package, lang)
    if not path.is_file():
        return Messages(locale=lang, project="gamenight")
    with path.open("rb") as po:
        return read_po(po, locale=lang)


def write_catalog(package: str, lang: str, messages: Messages) -> None:
    """Write `package`'s catalog in `lang`, sorted, without source line numbers (so that a
    moved line changes no catalog)."""
    path = catalog_path(package, lang)
    path.parent.mkdir(exist_ok=True)
    messages.fuzzy = False  # a fuzzy header would be skipped, and its plural forms with it
    messages.header_comment = f"# gamenight's interface in {LANGUAGES[lang]}."
    with path.open("wb") as po:
        write_po(po, messages, width=100, no_location=True, omit_header=False, sort_output=True)


def update() -> None:
    """Merge every template into its catalogs: new messages come in untranslated, messages
    no source has any more are dropped."""
    for package in packages():
        messages = template(package)
        for lang in LANGUAGES:
            if lang == SOURCE:
                continue
            catalog = read_catalog(package, lang)
            messages.creation_date = catalog.creation_date  # no churn in unchanged catalogs
            catalog.update(messages, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            write_catalog(package, lang, catalog)


if __name__ == "__main__":
    update()
