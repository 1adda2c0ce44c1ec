"""The errors a person meets at the command line speak the language in use: the kernel's,
the simulations' and the command line's own, with `--lang` or from the locale."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight.cli.app import app
from gamenight.i18n import LOCALE_VARIABLES

runner = CliRunner()


def gamenight(*args: str, locale: str | None = None) -> subprocess.CompletedProcess[str]:
    """`gamenight ARGS` in a process of its own, in `locale` (none: no locale at all)."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    if locale is not None:
        env["LANG"] = locale
    return subprocess.run(
        [sys.executable, "-m", "gamenight", *args],
        env={**env, "COLUMNS": "200"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def refused(done: subprocess.CompletedProcess[str]) -> str:
    """The one error line of a refused command, checked: status 2, no traceback."""
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    return done.stderr


def test_an_unknown_game_is_told_in_the_locales_language():
    error = refused(gamenight("play", "nosuch", locale="ru_RU.UTF-8"))
    assert error.startswith("ошибка: неизвестная игра 'nosuch'; известные игры: boss-quest")
    english = refused(gamenight("play", "nosuch"))
    assert english.startswith("error: unknown game 'nosuch'; known games: boss-quest")


def test_a_bad_record_is_told_in_the_language_of_lang_and_left_as_it_was(tmp_path: Path):
    record = tmp_path / "game.json"
    text = json.dumps({"game": "boss-quest", "players": 9, "options": {}, "seed": 1, "actions": []})
    record.write_text(text)
    error = refused(gamenight("replay", str(record), "--lang", "uk"))
    assert f"помилка: {record}: у boss-quest грають від 2 до 6 гравців, отримано 9" in error
    resumed = refused(gamenight("play", "--resume", str(record), locale="ja_JP.UTF-8"))
    assert "エラー: " in resumed and "boss-quest は 2〜6 人用です" in resumed
    assert record.read_text() == text
    assert sorted(tmp_path.iterdir()) == [record]


def test_a_record_that_does_not_replay_names_the_action_in_the_language(tmp_path: Path):
    record = tmp_path / "game.json"
    actions = [[0, {"type": "Fly"}]]
    text = json.dumps(
        {"game": "boss-quest", "players": 2, "options": {}, "seed": 1, "actions": actions}
    )
    record.write_text(text)
    error = refused(gamenight("replay", str(record), "--lang", "lt"))
    assert "įrašo veiksmas 0 neatkuriamas: nežinomas veiksmo tipas 'Fly'; žinomi:" in error
    assert record.read_text() == text


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "boss-quest", "-o", "mystery=3"], "boss-quest parinktis 'mystery' turi būti"),
        (["play", "boss-quest", "-o", "nosuch=1"], "nežinomos boss-quest parinktys nosuch"),
        (["play", "boss-quest", "-p", "9"], "boss-quest žaidžia nuo 2 iki 6 žaidėjų, gauta 9"),
        (["play", "boss-quest", "--bots", "nobot"], "nežinomas agentas 'nobot' žaidimui"),
        (["play", "boss-quest", "--seat", "7"], "--seat turi būti stalo vieta, nuo 0 iki 3"),
        (["simulate", "boss-quest", "-a", "ismcts:x"], "blogas agento vardas 'ismcts:x'"),
        (["simulate", "boss-quest", "-p", "2", "-a", "random,random,random"], "agentų: 3"),
        (["tournament", "boss-quest", "-a", "random", "--db", "."], ".: tai aplankas"),
        (["report", "nosuch"], "nežinomas žaidimas 'nosuch'"),
    ],
)
def test_each_command_tells_its_errors_in_the_language(args, words):
    result = runner.invoke(app, [*args, "--lang", "lt"])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("klaida: ") and words in result.stderr, result.stderr


def test_an_unknown_language_is_told_in_the_locales():
    error = refused(gamenight("rules", "boss-quest", "--lang", "xx", locale="uk_UA.UTF-8"))
    assert error.startswith("помилка: невідома мова 'xx'; мови: en (English)")
