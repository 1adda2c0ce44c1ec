"""`gamenight simulate` through Typer's test runner."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from gamenight.cli.app import app
from gamenight.cli.simulate import parse_options

runner = CliRunner()


def test_simulate_prints_tables_and_writes_json_and_records(tmp_path):
    summary, saved = tmp_path / "summary.json", tmp_path / "games"
    args = ["simulate", "boss-quest", "-n", "6", "-p", "3", "--seed", "4"]
    options = ["--json", str(summary), "--save", str(saved)]
    result = runner.invoke(app, [*args, *options], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "Win rate by seat" in result.stdout
    assert "perfect hits / round" in result.stdout
    assert f"Saved 6 game records in {saved}" in result.stdout
    data = json.loads(summary.read_text())
    assert data["games"] == 6 and data["players"] == 3 and data["seed"] == 4
    assert sum(seat["trials"] for seat in data["seats"]) == 18
    assert sorted(p.name for p in saved.iterdir())[0] == "game-00001.json"
    assert len(list(saved.iterdir())) == 6
    # Each record names the agent at each seat.
    assert json.loads((saved / "game-00001.json").read_text())["seats"] == ["random"] * 3


def test_simulate_refuses_a_folder_that_holds_records_of_another_run(tmp_path):
    saved = tmp_path / "games"
    args = ["simulate", "boss-quest", "-n", "2", "-p", "2", "--save", str(saved)]
    assert runner.invoke(app, [*args, "--seed", "1"]).exit_code == 0
    before = {p.name: p.read_text() for p in saved.iterdir()}
    result = runner.invoke(app, [*args, "--seed", "2"])
    assert result.exit_code == 2
    assert f"{saved} already holds game records: name a new folder" in result.output
    assert {p.name: p.read_text() for p in saved.iterdir()} == before


def test_same_seed_gives_the_same_summary_with_any_workers(tmp_path):
    outputs = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.json"
        args = ["simulate", "boss-quest", "-n", "8", "-s", "7", "-w", workers, "--json", str(path)]
        assert runner.invoke(app, args).exit_code == 0
        data = json.loads(path.read_text())
        del data["elapsed_s"], data["games_per_s"]
        outputs.append(data)
    assert outputs[0] == outputs[1]


def test_options_reach_the_game(tmp_path):
    path = tmp_path / "s.json"
    args = ["simulate", "boss-quest", "-n", "2", "-o", "key_target=2", "-o", "mystery=false"]
    assert runner.invoke(app, [*args, "--json", str(path)]).exit_code == 0
    options = json.loads(path.read_text())["options"]
    assert options["key_target"] == 2 and options["mystery"] is False


def _error(args: list[str]) -> str:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    return lines[0]


def test_bad_arguments_give_a_one_line_error():
    assert "unknown agent 'ghost'" in _error(["boss-quest", "-n", "2", "-a", "random,ghost"])
    assert "unknown game 'chess'" in _error(["chess"])
    assert "games must be a positive integer" in _error(["boss-quest", "-n", "0"])
    assert "takes 2 to 6 players" in _error(["boss-quest", "-p", "7"])
    assert "unknown option(s) colour" in _error(["boss-quest", "-o", "colour=red"])
    assert "expects name=value" in _error(["boss-quest", "-o", "key_target"])
    assert "must be an integer" in _error(["boss-quest", "-o", "key_target=many"])


def test_an_unwritable_json_path_is_refused_before_playing(tmp_path):
    assert "no folder" in _error(["boss-quest", "--json", str(tmp_path / "none" / "s.json")])


def test_option_values_are_parsed_as_bool_int_float_or_text():
    assert parse_options(["a=true", "b=3", "c=0.5", "d=red", "e=False"]) == {
        "a": True,
        "b": 3,
        "c": 0.5,
        "d": "red",
        "e": False,
    }


def test_the_card_table_names_each_card_in_the_locales_language():
    args = ["simulate", "meow-dark-lord", "-n", "4", "-p", "3", "--seed", "1"]
    result = runner.invoke(app, args, env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "By card" in result.output and "Tabby Scout" in result.output
    assert " tabby " not in result.output  # the key is not shown
    result = runner.invoke(app, args, env={"COLUMNS": "160", "LANG": "ja_JP.UTF-8"})
    assert "トラ猫の斥候" in result.output


def test_counted_things_are_named_by_their_game_or_shown_by_key():
    from gamenight.ui import counted_name

    assert counted_name("meow-dark-lord", "cat", "tabby", "en") == "Tabby Scout"
    assert counted_name("boss-quest", "spell", "mercy", "en") == "Mercy"
    assert counted_name("boss-quest", "spell", "no-such-spell", "en") == "no-such-spell"
    assert counted_name("ninja-master", "points", "katana", "en") == "katana"  # no names
