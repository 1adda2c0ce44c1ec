"""The figures games name themselves speak the language in use in `simulate` and `report`:
a game's figures module marks its words for the game's catalog, `gamenight.sim.extra`
translates them where they are shown."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gamenight
from gamenight import agents, i18n
from gamenight.cli.app import app
from gamenight.play import play
from gamenight.sim import extra
from gamenight.sim.balance import features

runner = CliRunner()
# Words that stay English by design: game ids, agent names, the statistician's name.
KEPT = {"boss", "quest", "meow", "dark", "lord", "ninja", "master", "munchkin", "random"}
KEPT |= {"heuristic", "normal", "Wilson", "s"}


def latin_words(text: str) -> set[str]:
    """The words in Latin letters of `text`, game ids, agents and a file name left out."""
    return set(re.findall(r"[A-Za-z]+", text)) - KEPT


def finished(game_id: str) -> gamenight.State:
    state = gamenight.make(game_id, 3, seed=2)
    return play(state, [agents.make("random", game_id, seat) for seat in range(3)])


@pytest.mark.parametrize("game_id", gamenight.games())
def test_every_figure_and_balance_name_a_game_shows_is_one_of_its_words(game_id):
    state = finished(game_id)
    figures = extra.module(game_id).FIGURES
    assert sorted(key for key in state.stats() if ":" not in key) == sorted(figures)
    with i18n.speaking("ru"):
        names = [extra.figure_name(game_id, key) for key in figures]
        names += [extra.name(game_id, *key.split(":")) for key in features(state)]
    assert [name for name in names if latin_words(name)] == []


def test_simulate_names_the_figures_in_japanese():
    result = runner.invoke(
        app, ["simulate", "boss-quest", "--games", "50", "--lang", "ja"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "ラウンド勝利" in result.stdout
    assert latin_words(result.stdout) == set()


def test_munchkins_tables_speak_russian():
    args = ["simulate", "munchkin", "-n", "2", "-p", "3", "-a", "heuristic", "--lang", "ru"]
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Доля побед по классу" in result.stdout and "По сыгранной карте" in result.stdout
    assert latin_words(result.stdout) == set()


def test_the_report_page_speaks_russian(tmp_path: Path):
    page = tmp_path / "r.html"
    args = ["report", "ninja-master", "-n", "2", "-p", "2", "--out", str(page), "--lang", "ru"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    html = page.read_text()
    assert '<html lang="ru">' in html and "Очки по источнику" in html
    text = re.sub(r"<[^>]*>|&\w+;", " ", html.split("</style>")[1])
    assert latin_words(text) == set()
