"""`gamenight rules` and ``?``: every game's rules in brief, in every language."""

from __future__ import annotations

import asyncio
import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

import gamenight
from gamenight import i18n, ui
from gamenight.cli.app import app
from gamenight.cli.human import HumanAgent

runner = CliRunner()
GAMES = gamenight.games()


def summary(game_id: str, lang: str) -> str:
    """A game's rules in brief, which every game of gamenight has."""
    text = ui.rules(game_id, lang)
    assert text is not None
    return text


def title(game_id: str, lang: str) -> str:
    """The first line of a rules summary, without its Markdown."""
    return summary(game_id, lang).splitlines()[0].removeprefix("# ")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game_id", GAMES)
def test_rules_prints_every_game_in_every_language(game_id, lang):
    result = runner.invoke(app, ["rules", game_id, "--lang", lang], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert title(game_id, lang) in result.output


@pytest.mark.parametrize("game_id", GAMES)
def test_every_summary_has_a_goal_a_turn_what_is_on_screen_and_a_glossary(game_id):
    for lang in i18n.LANGUAGES:
        sections = [line for line in summary(game_id, lang).splitlines() if line[:3] == "## "]
        assert len(sections) >= 4, (game_id, lang)
        english = [line for line in summary(game_id, "en").splitlines() if line[:3] == "## "]
        assert len(sections) == len(english), (game_id, lang)


def test_the_boss_quest_summary_explains_what_a_newcomer_asks():
    text = summary("boss-quest", "en")
    for words in ("without\ngoing over", "perfect hit", "costs a heart", "Armorer", "Mage"):
        assert words in text
    assert "9 under" in text and "ends your round" in text


def test_the_meow_summary_explains_decoy_every_keyword_and_the_sacrifice():
    text = summary("meow-dark-lord", "en")
    for keyword in ("Decoy", "Steal", "Activation", "Hire", "Last Wish", "Sacrifice"):
        assert f"**{keyword}**" in text
    assert "You are asked\n  for one" in text


def test_the_locale_chooses_the_language():
    result = runner.invoke(app, ["rules", "boss-quest"], env={"LANG": "ru_RU.UTF-8"})
    assert result.exit_code == 0
    assert title("boss-quest", "ru") in result.output


def test_an_unknown_locale_reads_english_but_an_unknown_lang_is_refused():
    result = runner.invoke(app, ["rules", "ninja-master"], env={"LANG": "de_DE.UTF-8"})
    assert title("ninja-master", "en") in result.output
    result = runner.invoke(app, ["rules", "ninja-master", "--lang", "de"])
    assert result.exit_code == 2
    assert result.output.startswith("error: unknown language 'de'")
    for code in i18n.LANGUAGES:
        assert code in result.output


def test_an_unknown_game_is_refused():
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output


def test_question_mark_at_a_prompt_shows_the_rules_and_asks_again():
    state = gamenight.make("boss-quest", 3, seed=11)
    seat = state.actors()[0]
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, highlight=False)
    stdin = io.StringIO("?\n1\n")
    rules = summary("boss-quest", "en")
    human = HumanAgent(seat, ui.renderer("boss-quest"), console=console, stdin=stdin, rules=rules)
    legal = state.legal_actions(seat)
    assert human.act(state.view(seat), legal, state=state) == legal[0]
    text = out.getvalue()
    assert "? rules]" in text
    assert "Boss Quest — the rules in brief" in text
    assert text.count("Choice [") == 2


def test_question_mark_at_the_replay_prompt_shows_the_rules(tmp_path):
    state = gamenight.make("meow-dark-lord", 2, seed=3)
    state.apply(state.actors()[0], state.legal_actions(state.actors()[0])[0])
    saved = tmp_path / "game.json"
    saved.write_text(state.record().to_json())
    result = runner.invoke(app, ["replay", str(saved), "--lang", "uk"], input="?\n\n")
    assert result.exit_code == 0, result.output
    assert title("meow-dark-lord", "uk") in result.output
    assert result.output.count("?: правила") == 2


def test_question_mark_in_the_live_app_shows_the_rules_over_the_table():
    pytest.importorskip("textual")
    from gamenight.games.ninja_master.ui.live import NinjaMasterApp, RulesScreen

    async def press_keys() -> None:
        state = gamenight.make("ninja-master", 2, seed=1)
        bot = gamenight.agents.make("normal", "ninja-master", 2)
        app = NinjaMasterApp(state, [None, bot], 0, "lt", clock=lambda: 10**12)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("?")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            assert "Ninja Master — taisyklės trumpai" in app.screen.text
            await pilot.press("enter", "r")  # Enter closes; r grabs nothing: no grab yet
            await pilot.pause()
            assert not isinstance(app.screen, RulesScreen)
            assert app.phase == "ready"
            await pilot.press("q", "q")

    asyncio.run(press_keys())
