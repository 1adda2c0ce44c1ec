"""The five languages: every catalog translates every string of its sources and every name.

The sources' strings are extracted with Babel, as ``python -m gamenight.i18n`` does, and
compared with each catalog, so a string added to the code without its translations fails
here.
"""

from __future__ import annotations

import importlib
import os
import string
import subprocess
import sys

import pytest
from rich.text import Text

import gamenight
from gamenight import i18n
from gamenight.games.boss_quest.actions import Equip
from gamenight.games.boss_quest.content import COLOUR_NAMES, SPELLS
from gamenight.games.meow_dark_lord.content import CATS
from gamenight.games.munchkin import SETS as MUNCHKIN_SETS
from gamenight.games.ninja_master.content import COLOUR_NAMES as NINJA_COLOURS
from gamenight.games.ninja_master.content import DICE_FILE
from gamenight.i18n import LOCALE_VARIABLES
from gamenight.ui import renderer

PACKAGES = [i18n.CORE, *i18n.game_packages()]
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
    template = i18n.template(package)
    catalog = i18n.read_catalog(package, lang)
    wanted = {(m.context, forms(m.id)) for m in template if m.id}
    present = {(m.context, forms(m.id)) for m in catalog if m.id}
    assert wanted - present == set(), "missing: run python -m gamenight.i18n and translate"
    assert present - wanted == set(), "no source has these any more: run python -m gamenight.i18n"
    for message in catalog:
        if not message.id:
            continue
        translations = forms(message.string)
        assert all(translations), f"untranslated: {message.id!r}"
        for translation in translations:
            assert fields(translation) == fields(forms(message.id)[-1]), (message.id, translation)
            Text.from_markup(translation)  # Rich markup that parses


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


@pytest.mark.parametrize("package", PACKAGES[1:])
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
    [("C.UTF-8", "Play a game in the terminal"), ("uk_UA.UTF-8", "Грати в терміналі")],
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
    assert done.returncode == 0 and words in done.stdout


@pytest.mark.parametrize("game_id", sorted(MUNCHKIN_SETS))
def test_every_munchkin_card_is_named_in_each_language_its_set_declares(game_id):
    cards = MUNCHKIN_SETS[game_id].CS
    assert cards.rules.languages[0] == i18n.SOURCE
    for lang in cards.rules.languages:
        assert lang in i18n.LANGUAGES
        unnamed = [d.name.en for d in cards.designs.values() if not getattr(d.name, lang, None)]
        assert unnamed == [], (lang, unnamed)
