"""Munchkin's table in every language: a short whole game at the prompt per language and
card set, told in that language's words (card names and texts: the set's data, in the languages
it has)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.text import Text

import gamenight
from gamenight import agents, i18n
from gamenight.cli.human import HumanAgent
from gamenight.games.munchkin.actions import Treasures
from gamenight.play import play
from gamenight.ui import renderer

PACKAGE = "gamenight.games.munchkin.ui"


def shown(lang: str, message: str) -> str:
    """`message` of Munchkin's catalog in `lang` as shown (its markup gone), up to its first
    field."""
    return Text.from_markup(i18n.translations(PACKAGE, lang).gettext(message)).plain.split("{")[0]


def play_at_the_prompt(game_id: str, lang: str) -> str:
    """A three-turn game at the prompt, the human always taking the first choice."""
    state = gamenight.make(game_id, 3, seed=5, max_turns=3)
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None, highlight=False)
    draw = renderer(game_id)
    human = HumanAgent(0, draw, lang, console=console, stdin=io.StringIO("1\n" * 2000))
    bots = [agents.make("heuristic", game_id, seed) for seed in (1, 2)]
    with i18n.speaking(lang):  # the prompt's own words, as `play --lang` sets them
        play(state, [human, *bots])
        human.catch_up(state)
        console.print(draw.result(state.view(0), lang, me=0))
    assert state.is_over()
    return out.getvalue()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game_id", ["munchkin", "munchkin-fu"])
def test_a_short_whole_game_at_the_prompt_in_each_language(game_id, lang):
    text = play_at_the_prompt(game_id, lang)
    for message in ("[bold]Your hand[/] ({count}): {cards}", "[bold]Game over[/]: {winners}."):
        assert shown(lang, message) in text
    assert Text.from_markup(i18n.translations(PACKAGE, lang).gettext("Strength")).plain in text
    if lang != i18n.SOURCE:
        for english in ("Your move", "Your hand", "Game over", "Door deck", " level ", "strength"):
            assert english not in text, english


def test_the_words_of_the_table_follow_each_language_s_plurals():
    view = gamenight.make("munchkin", 3, seed=2).view(0)
    words = [renderer("munchkin").choice(view, Treasures(n), "ru") for n in (1, 2, 5)]
    assert words == [
        "Пообещать 1 сокровище монстров",
        "Пообещать 2 сокровища монстров",
        "Пообещать 5 сокровищ монстров",
    ]
