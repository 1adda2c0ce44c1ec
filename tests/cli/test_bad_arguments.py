"""The command line on bad arguments and bad files: a clear error and exit code 2."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import gamenight
from gamenight.cli.app import app

runner = CliRunner()


def test_play_refuses_to_save_into_a_folder_before_the_game_starts(tmp_path):
    # Found only at the end of the game, a whole game would be lost.
    result = runner.invoke(app, ["play", "boss-quest", "--save", str(tmp_path)], input="")
    assert result.exit_code == 2, result.output
    assert "is a folder" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_replay_refuses_a_record_whose_seat_is_true(tmp_path):
    state = gamenight.make("boss-quest", players=2, seed=1)
    seat = state.actors()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    record = json.loads(state.record().to_json())
    record["actions"][0][0] = True  # json true: int() made it seat 1 and it replayed
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path), "--no-step"])
    assert result.exit_code == 2, result.output
    assert "a seat is an integer, got True" in result.output
