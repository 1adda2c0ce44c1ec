"""Whole games in every language, and the 80×24 table of each game as stored snapshots.

A game is played at the prompt with scripted input (always the first choice) against
bots, once per language; Ninja Master, a real-time game, is played by its bots and its
record stepped through by ``replay`` with scripted Enter presses. The snapshots are the
renderer's table for a seeded position, at 80 columns; set ``GAMENIGHT_SNAPSHOTS=update``
to write them again after a deliberate change, and read the difference before committing.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

import gamenight
from gamenight import agents, i18n
from gamenight.cli.app import app
from gamenight.play import play
from gamenight.ui import renderer

runner = CliRunner()
SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("GAMENIGHT_SNAPSHOTS") == "update"
TURN_BASED = ["boss-quest", "meow-dark-lord"]
TABLES = ["boss-quest", "meow-dark-lord", "ninja-master"]
GAME_OVER = {  # each game's words for its endings
    "boss-quest": [
        "[bold]Game over[/]: {winners} reached the key target.",
        "[bold]Game over[/]: {losers} lost the last heart; {winners} had the most keys.",
        "[bold]Game over[/]: the round limit is reached; {winners} had the most keys.",
    ],
    "meow-dark-lord": [
        "[bold]Game over[/]: {winner} reached the coin target.",
        "[bold]Game over[/]: {why}; {winner} won with {decided}.",
    ],
}


def words(package: str, lang: str, message: str) -> str:
    """`message` of a catalog in `lang` as shown (its markup gone), up to its first field."""
    shown = i18n.translations(package, lang).gettext(message)
    return Text.from_markup(shown).plain.split("{")[0]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game_id", TURN_BASED)
def test_a_whole_game_at_the_prompt_in_each_language(game_id, lang, tmp_path):
    saved = tmp_path / "game.json"
    args = ["play", game_id, "-p", "3", "--bots", "random", "--seed", "3", "--lang", lang]
    result = runner.invoke(app, [*args, "--save", str(saved)], input="?\n" + "1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert gamenight.replay(gamenight.GameRecord.from_json(saved.read_text())).is_over()
    assert words(i18n.CORE, lang, "Game record saved to {file}.") in result.output
    assert words(i18n.CORE, lang, "[bold]Your move:[/]") in result.output
    package = f"gamenight.games.{game_id.replace('-', '_')}.ui"
    endings = GAME_OVER[game_id]  # however the game ended, it says so in the language
    assert any(words(package, lang, ending) in result.output for ending in endings)
    summary = gamenight.ui.rules(game_id, lang)
    assert summary is not None and summary.splitlines()[0][2:] in result.output  # the ? answer


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_whole_ninja_master_game_stepped_through_in_each_language(lang, tmp_path):
    state = gamenight.make("ninja-master", 3, seed=4)
    play(state, [agents.make("normal", "ninja-master", 10 + s) for s in range(3)])
    saved = tmp_path / "game.json"
    saved.write_text(state.record().to_json())
    enters = "\n" * (len(state.history) + 1)
    result = runner.invoke(app, ["replay", str(saved), "--lang", lang], input=enters)
    assert result.exit_code == 0, result.output
    package = "gamenight.games.ninja_master.ui"
    assert words(package, lang, "Scores:") in result.output
    assert words(package, lang, "[bold]The game is over.[/]") in result.output


def snapshot(game_id: str, lang: str) -> str:
    """The table of a seeded position a few moves in, from seat 0, at 80 columns."""
    state = gamenight.make(game_id, 3, seed=7)
    for _move in range(6):
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None, highlight=False)
    console.print(renderer(game_id).table(state.view(0), lang, me=0))
    return out.getvalue()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game_id", TABLES)
def test_the_80_column_table_matches_its_snapshot(game_id, lang):
    path = SNAPSHOTS / f"{game_id}.{lang}.txt"
    shown = snapshot(game_id, lang)
    if UPDATE:
        path.write_text(shown, encoding="utf-8")
    assert path.is_file(), f"no snapshot yet: GAMENIGHT_SNAPSHOTS=update writes {path.name}"
    assert shown == path.read_text(encoding="utf-8")
    assert max(len(line) for line in shown.splitlines()) <= 80
