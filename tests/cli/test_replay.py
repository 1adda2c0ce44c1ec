"""`gamenight replay` through Typer's test runner."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import gamenight
from gamenight.agents import RandomAgent
from gamenight.cli.app import app
from gamenight.games.boss_quest.content import weapon_name
from gamenight.play import play
from gamenight.ui import renderer

from .test_play import ALWAYS_FIRST, GAME, plain

runner = CliRunner()


def saved_game(tmp_path, seed: int = 2, players: int = 3) -> tuple[str, gamenight.State]:
    """A finished game of random bots, written as `gamenight simulate --save` does."""
    state = gamenight.make("boss-quest", players, seed, key_target=2)
    play(state, [RandomAgent(seed + s) for s in range(players)])
    path = tmp_path / "game.json"
    path.write_text(state.record().to_json())
    return str(path), state


def test_no_step_prints_every_action_and_every_hidden_weapon(tmp_path):
    path, final = saved_game(tmp_path)
    result = runner.invoke(app, ["replay", path, "--no-step"])
    assert result.exit_code == 0, result.output
    total = len(final.history)
    for number in range(1, total + 1):
        assert f"Action {number}/{total} " in result.output
    # Each seat's hidden weapon of every round, as dealt and as revealed at each battle.
    for event in final.events:
        if event.kind == "hidden_weapon":
            line = f"Seat {event.data['seat']}'s hidden weapon: {weapon_name(event.data['weapon'])}"
            assert line in result.output
        if event.kind == "battle":
            for hidden in event.data["hidden"]:
                assert f"(hidden {weapon_name(hidden)})" in result.output
    winners = final.outcome().winners
    assert "Winner" in result.output
    assert " and ".join(f"seat {s}" for s in winners) in result.output


def test_step_waits_for_enter_and_q_quits(tmp_path):
    path, final = saved_game(tmp_path)
    total = len(final.history)
    result = runner.invoke(app, ["replay", path], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert f"Action 2/{total} " in result.output
    assert f"Action 3/{total} " not in result.output
    assert f"Replay stopped before action 3 of {total}." in result.output


def test_step_leaves_cleanly_at_the_end_of_input(tmp_path):
    path, _ = saved_game(tmp_path)
    result = runner.invoke(app, ["replay", path], input="\n")
    assert result.exit_code == 130
    assert "Traceback" not in result.output


def test_a_game_saved_by_play_replays(tmp_path):
    path = tmp_path / "played.json"
    played = runner.invoke(app, [*GAME, "--save", str(path)], input=ALWAYS_FIRST)
    assert played.exit_code == 0, played.output
    result = runner.invoke(app, ["replay", str(path), "--no-step", "--lang", "ru"])
    assert result.exit_code == 0, result.output
    record = gamenight.GameRecord.from_json(path.read_text())
    assert f"Действие {len(record.actions)}/{len(record.actions)} " in result.output
    assert "Победител" in result.output


def test_the_post_mortem_table_shows_every_hidden_weapon():
    state = gamenight.make("boss-quest", 5, seed=8)
    draw = renderer("boss-quest")
    own_views = [state.view(seat) for seat in range(5)]
    text = plain(draw.table(state.view(None), "en", reveal=own_views))
    spectator = plain(draw.table(state.view(None), "en"))
    for seat in range(5):
        name = weapon_name(state.hidden[seat])
        assert name in text
        assert name not in spectator


def _record(**changes) -> str:
    data = json.loads(gamenight.make("boss-quest", 3, seed=1).record().to_json())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("{not json", "not a gamenight game record"),
        ("[1, 2]", "not a gamenight game record"),
        (_record(game="chess"), "unknown game 'chess'"),
        (_record(players=9), "takes 2 to 6 players"),
        (_record(options=[1]), "'options' an object"),
        (_record(actions=[[0, {"type": "Equip", "count": 9}]]), "record action 0 does not replay"),
        (_record(actions=[[0, {"type": "Fly"}]]), "record action 0 does not replay"),
    ],
)
def test_a_bad_file_is_one_clean_line_naming_it(tmp_path, content, message):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    result = runner.invoke(app, ["replay", str(path), "--no-step"])
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {path}: ")
    assert message in result.output
    assert result.output.count("\n") == 1


def test_a_binary_file_is_a_clean_error(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe\x00\x80")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.output == f"error: {path}: not a text file\n"


def test_b_steps_back_one_action_and_the_table_is_as_it_was(tmp_path):
    path, final = saved_game(tmp_path)
    result = runner.invoke(app, ["replay", path], input="\n\nb\nb\n\nq\n")
    assert result.exit_code == 0, result.output
    total = len(final.history)
    shown = [
        line.split(" ─")[0].split("] ")[-1].strip()
        for line in result.output.splitlines()
        if "Action " in line or "Back before" in line
    ]
    assert [s for s in shown if s] == [
        f"Enter: next · q: quit · ?: rules Action 1/{total} · seat {final.history[0][0]}",
        f"Enter: next · b: back · q: quit · ?: rules Action 2/{total} · seat {final.history[1][0]}",
        f"Enter: next · b: back · q: quit · ?: rules Back before action 2/{total}",
        f"Enter: next · b: back · q: quit · ?: rules Back before action 1/{total}",
        f"Enter: next · q: quit · ?: rules Action 1/{total} · seat {final.history[0][0]}",
    ]
    assert "Replay stopped before action 2 of" in result.output


def test_a_record_saved_before_the_end_is_said_to_be_incomplete(tmp_path):
    path = tmp_path / "game.json"
    runner.invoke(app, [*GAME, "--save", str(path)], input="1\n")
    result = runner.invoke(app, ["replay", str(path), "--no-step"])
    assert result.exit_code == 0, result.output
    assert "The record ends before the game does" in result.output
    assert "Seats: 0: person, 1: random, 2: random." in result.output
