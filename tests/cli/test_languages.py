"""The five languages: every catalog translates every string of its sources and every name.

The sources' strings are extracted with Babel, as ``python -m gamenight.i18n`` does, and
compared with each catalog, so a string added to the code without its translations fails
here.
"""

from __future__ import annotations

import ast
import importlib
import os
import string
import subprocess
import sys

import pytest
from babel.messages.catalog import Message
from rich.text import Text

import gamenight
from gamenight import i18n
from gamenight.cli import library_words
from gamenight.games.boss_quest.actions import Equip
from gamenight.games.boss_quest.content import COLOUR_NAMES, SPELLS
from gamenight.games.meow_dark_lord.content import CATS
from gamenight.games.munchkin import SETS as MUNCHKIN_SETS
from gamenight.games.ninja_master.content import COLOUR_NAMES as NINJA_COLOURS
from gamenight.games.ninja_master.content import DICE_FILE
from gamenight.i18n import LOCALE_VARIABLES
from gamenight.kernel.registry import game_class
from gamenight.ui import renderer

PACKAGES = i18n.packages()
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]


def fields(text: str) -> set[str]:
    """The ``{name}`` fields of a format string."""
    return {name for _text, name, _spec, _conv in string.Formatter().parse(text) if name}


def forms(message_id: str | tuple[str, ...]) -> tuple[str, ...]:
    return (message_id,) if isinstance(message_id, str) else tuple(message_id)


def test_every_game_with_a_translated_table_has_a_catalog():
    for game in ("boss_quest", "meow_dark_lord", "ninja_master"):
        assert f"gamenight.games.{game}.ui" in PACKAGES


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("package", PACKAGES)
def test_the_catalog_translates_every_string_of_the_sources_and_nothing_else(package, lang):
    """gamenight's own strings exactly; the command-line libraries' words (extracted from
    whichever versions are installed, so they may differ by a message or two) are all
    translated wherever the catalog has them."""
    template = i18n.template(package)
    catalog = i18n.read_catalog(package, lang)
    wanted = {(m.context, forms(m.id)) for m in template if m.id and not library_word(m)}
    present = {(m.context, forms(m.id)) for m in catalog if m.id and not library_word(m)}
    assert wanted - present == set(), "missing: run python -m gamenight.i18n and translate"
    assert present - wanted == set(), "no source has these any more: run python -m gamenight.i18n"
    for message in catalog:
        if not message.id:
            continue
        translations = forms(message.string)
        assert all(translations), f"untranslated: {message.id!r}"
        for translation in translations:
            if library_word(message):
                # The libraries give every form all their fields (``.format(name=..., nargs=...)``).
                assert fields(translation) <= set().union(*map(fields, forms(message.id)))
            else:
                assert fields(translation) == fields(forms(message.id)[-1]), (
                    message.id,
                    translation,
                )
            Text.from_markup(translation)  # Rich markup that parses


def library_word(message: Message) -> bool:
    return i18n.LIBRARY_COMMENT in message.auto_comments


def test_the_command_line_libraries_words_are_in_gamenight_s_catalog():
    catalog = i18n.read_catalog(i18n.CORE, "ru")
    for word in ("Options", "Arguments", "Error", "[default: {}]"):
        message = catalog.get(word)
        assert message is not None and library_word(message) and message.string, word


def pgettext_name(name: tuple[str, str], lang: str) -> str:
    context, english = name
    return i18n.translations("gamenight.games.boss_quest.ui", lang).pgettext(context, english)


def test_the_russian_names_are_the_rulebook_s():
    for spell in SPELLS:
        assert pgettext_name(("spell", spell.name.en), "ru") == spell.name.get("ru")
    for colour in COLOUR_NAMES.values():
        assert pgettext_name(("colour", colour.en), "ru") == colour.get("ru")
    meow = i18n.translations("gamenight.games.meow_dark_lord.ui", "ru")
    for cat in CATS:
        assert meow.pgettext("cat", cat.name.en) == cat.name.get("ru")


def test_the_lithuanian_names_of_ninja_master_are_the_rulebook_s():
    ninja = i18n.translations("gamenight.games.ninja_master.ui", "lt")
    for colour in NINJA_COLOURS:
        assert ninja.pgettext("colour", colour.en) == colour.get("lt")
    kinds = DICE_FILE.kinds
    for kind in (kinds.ninja, kinds.smoke, kinds.katana, kinds.shuriken):
        assert ninja.pgettext("face", kind.en) == kind.get("lt")


@pytest.mark.parametrize("package", i18n.game_packages())
def test_every_game_name_is_told_apart_in_every_language(package):
    for lang in TRANSLATED:
        translations = i18n.translations(package, lang)
        for context in {context for context, _name in importlib.import_module(package).names()}:
            english = {name for c, name in importlib.import_module(package).names() if c == context}
            named = {translations.pgettext(context, name) for name in english}
            assert len(named) == len(english), (package, lang, context)


@pytest.mark.parametrize(
    ("lang", "one", "few", "many"),
    [
        ("en", "Take 1 weapon", "Take 2 weapons", "Take 4 weapons"),
        ("ru", "Взять 1 карту оружия", "Взять 2 карты оружия", "Взять 4 карты оружия"),
        ("uk", "Взяти 1 карту зброї", "Взяти 2 карти зброї", "Взяти 4 карти зброї"),
        ("lt", "Paimti 1 ginklą", "Paimti 2 ginklus", "Paimti 4 ginklus"),
        ("ja", "武器を1枚取る", "武器を2枚取る", "武器を4枚取る"),
    ],
)
def test_plurals_follow_each_language(lang, one, few, many):
    view = gamenight.make("boss-quest", 3, seed=2).view(0)
    words = [renderer("boss-quest").choice(view, Equip(count), lang) for count in (1, 2, 4)]
    assert [one in words[0], few in words[1], many in words[2]] == [True, True, True], words


def test_a_language_is_chosen_per_call_and_the_default_stays_english():
    view = gamenight.make("boss-quest", 3, seed=2).view(0)
    assert "Взять" in renderer("boss-quest").choice(view, Equip(1), "ru")
    assert i18n.language() == i18n.SOURCE
    assert i18n.default_language({"LANG": "uk_UA.UTF-8"}) == "uk"
    assert i18n.default_language({"LC_ALL": "ja_JP.UTF-8", "LANG": "ru_RU"}) == "ja"
    assert i18n.default_language({"LANG": "C.UTF-8"}) == "en"
    assert i18n.default_language({}) == "en"
    with pytest.raises(ValueError, match="unknown language 'xx'; the languages are en"):
        i18n.check_language("xx")


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        (
            "C.UTF-8",
            ["Play a game in the terminal", "Usage:", "Options", "show this help and exit"],
        ),
        ("uk_UA.UTF-8", ["Грати в терміналі", "Використання:", "Параметри", "показати цю довідку"]),
        ("ja_JP.UTF-8", ["使い方:", "オプション", "このヘルプを表示して終了"]),
    ],
)
def test_help_texts_speak_the_locales_language(locale, words):
    """--help is printed before --lang is read: the command line's help follows the locale."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    done = subprocess.run(
        [sys.executable, "-m", "gamenight", "play", "--help"],
        env={**env, "LANG": locale, "COLUMNS": "120"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    assert [word for word in words if word not in done.stdout] == []


def test_the_command_line_s_errors_speak_the_locales_language():
    """Click's own errors (a missing argument, an unknown option) come translated too."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    done = subprocess.run(
        [sys.executable, "-m", "gamenight", "replay", "--no-such-option"],
        env={**env, "LANG": "ru_RU.UTF-8", "COLUMNS": "120"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "Нет параметра --no-such-option" in done.stderr, done.stderr
    assert "Ошибка" in done.stderr and "Использование:" in done.stderr


@pytest.mark.parametrize("game_id", sorted(MUNCHKIN_SETS))
def test_every_munchkin_card_is_named_in_each_language_its_set_declares(game_id):
    cards = MUNCHKIN_SETS[game_id].CS
    assert cards.rules.languages[0] == i18n.SOURCE
    for lang in cards.rules.languages:
        assert lang in i18n.LANGUAGES
        unnamed = [d.name.en for d in cards.designs.values() if not getattr(d.name, lang, None)]
        assert unnamed == [], (lang, unnamed)


@pytest.mark.parametrize("game_id", sorted(MUNCHKIN_SETS))
def test_every_munchkin_card_text_is_in_each_language_its_set_declares(game_id):
    """A card's rules text is shown with its name: no language falls back to English."""
    cards = MUNCHKIN_SETS[game_id].CS
    texts = [d.text for d in cards.designs.values() if d.text is not None]
    assert len(texts) > 100
    for lang in cards.rules.languages:
        missing = [text.en for text in texts if not getattr(text, lang, None)]
        assert missing == [], (lang, missing)
        marked = [
            text.en for text in texts if Text.from_markup(text.get(lang)).plain != text.get(lang)
        ]
        assert marked == [], (lang, marked)  # a bracket would be read as Rich's markup


@pytest.mark.parametrize(
    ("english", "ukrainian"),
    [
        ("Missing argument 'file'.", "Бракує аргументу: 'file'"),
        ("No such option: --nope", "Немає параметра --nope"),
        ("Got unexpected extra argument(s) (x y)", "Зайві аргументи: x y"),
        ("something Click may say one day", "something Click may say one day"),
    ],
)
def test_click_s_errors_are_translated_by_their_english_wording(english, ukrainian):
    with i18n.speaking("uk"):
        assert library_words.translated_error(english) == ukrainian


TRANSLATING = {"_", "ngettext", "pgettext", "N_", "does"}


@pytest.mark.parametrize("package", PACKAGES)
def test_no_message_is_hidden_from_extraction_inside_an_f_string(package):
    """Babel does not look inside f-strings: a ``_("...")`` there would never reach a
    catalog (a call on a name read at run time, ``pgettext("cat", name)``, is fine: the
    names come from each game's ``names()``)."""
    hidden = []
    for path in i18n.source_files(package):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                hidden += [
                    f"{path.name}:{call.lineno}"
                    for call in ast.walk(node)
                    if isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Name)
                    and call.func.id in TRANSLATING
                    and any(isinstance(arg, ast.Constant) for arg in call.args[-1:])
                ]
    assert hidden == []


def test_a_renderer_function_speaks_its_lang_argument_however_it_is_passed():
    @i18n.speaks
    def spoken(view: object, lang: str, me: int | None = None) -> str:
        return i18n.language()

    @i18n.speaks
    def with_default(lang: str = "uk") -> str:
        return i18n.language()

    assert spoken({}, "ja") == "ja"
    assert spoken({}, lang="lt", me=1) == "lt"
    assert with_default() == "uk"
    assert i18n.language() == i18n.SOURCE
    with pytest.raises(TypeError, match="needs its lang argument"):
        spoken({})
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        spoken({}, "xx")


def test_games_lists_the_options_help_and_the_bots_in_the_locale_s_language():
    """Option and bot names stay as they are typed; what they mean is translated."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    done = subprocess.run(
        [sys.executable, "-m", "gamenight", "games"],
        env={**env, "LANG": "uk_UA.UTF-8", "COLUMNS": "400"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    english = [
        option.described()
        for game_id in gamenight.games()
        for option in game_class(game_id).options_spec
    ]
    english += list(i18n.BOT_DESCRIPTIONS.values())
    assert [sentence for sentence in english if sentence in done.stdout] == []
    assert "key_target: ключі, що одразу дають перемогу" in done.stdout
    assert "random — випадкові дозволені ходи" in done.stdout


def test_a_game_keeps_its_title_unless_its_rulebook_gives_a_local_one():
    with i18n.speaking("ru"):
        assert i18n.game_title("meow-dark-lord") == "Мяу, Тёмный Властелин!"
        assert i18n.game_title("boss-quest") == "Boss Quest"
    with i18n.speaking("lt"):
        assert i18n.game_title("meow-dark-lord") == "Meow, Dark Lord!"
