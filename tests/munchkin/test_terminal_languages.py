"""Munchkin in every language: a short whole game at the prompt per language and card
set, its table, choices and events in that language's words and its cards named in it
(card texts: the set's data, in the languages it has)."""

from __future__ import annotations

import pytest
from rich.text import Text
from typer.testing import CliRunner

import gamenight
from gamenight import i18n
from gamenight.cli.app import app
from gamenight.games.munchkin import SETS
from gamenight.games.munchkin.actions import Treasures
from gamenight.ui import renderer

PACKAGE = "gamenight.games.munchkin.ui"
runner = CliRunner()


def shown(lang: str, message: str) -> str:
    """`message` of Munchkin's catalog in `lang` as shown (its markup gone), up to its first
    field."""
    return Text.from_markup(i18n.translations(PACKAGE, lang).gettext(message)).plain.split("{")[0]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game_id", ["munchkin", "munchkin-fu"])
def test_a_short_whole_game_at_the_prompt_in_each_language(game_id, lang):
    args = ["play", game_id, "-p", "3", "--bots", "random", "--seed", "5", "--lang", lang]
    result = runner.invoke(app, [*args, "-o", "max_turns=3"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())  # the table's lines joined where Rich wrapped them
    for message in ("[bold]Your hand[/] ({count}): {cards}", "[bold]Game over[/]: {winners}."):
        assert shown(lang, message) in text
    named = {design.name.get(lang) for design in SETS[game_id].CS.designs.values()}
    assert sum(name in text for name in named) >= 5, "the cards are named in the language"
    if lang != i18n.SOURCE:
        for english in ("Your move", "Your hand", "Game over", "Door deck", " level "):
            assert english not in text, english


def test_the_words_of_the_table_follow_each_language_s_plurals():
    view = gamenight.make("munchkin", 3, seed=2).view(0)
    words = [renderer("munchkin").choice(view, Treasures(n), "ru") for n in (1, 2, 5)]
    assert words == [
        "Пообещать 1 сокровище монстров",
        "Пообещать 2 сокровища монстров",
        "Пообещать 5 сокровищ монстров",
    ]


def test_a_card_s_glance_words_are_translated_too():
    cards = SETS["munchkin"].CS.cards
    big = next(card for card, design in enumerate(cards) if design.big)
    name = renderer("munchkin").card_name(big, "ru")
    assert cards[big].name.get("ru") in name and "большая" in name and "big" not in name
