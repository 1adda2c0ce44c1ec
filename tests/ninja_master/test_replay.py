"""`gamenight replay` of Ninja Master games.

The replay's output is checked against what the engine itself says happened: the events
of the record replayed with `gamenight.replay`, and the scores after every round of the
record applied action by action.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gamenight
from gamenight.cli.app import app
from gamenight.games.ninja_master.content import COLOURS, DICE
from gamenight.kernel import GameRecord

from .helpers import face_words, words

runner = CliRunner()
WIDE = {"COLUMNS": "200"}  # no line of the replay wraps
GAMES = 10
CHANGE = re.compile(r"^\s+(Seat \d)\s+([+−±]\d+)\s+(.*)$")  # a line of a round's scoring
FINAL = re.compile(r"^\s*Seat (\d)( winner)?\s+(\d+)/\d+\s*$")  # a row of the result


def points(signed: str) -> int:
    """``+2``, ``±0``, ``−3`` as an int."""
    return int(signed.replace("−", "-").replace("±", "+"))


def signed(n: int) -> str:
    """``+2``, ``±0``, ``−3``."""
    return "±0" if n == 0 else f"+{n}" if n > 0 else f"−{-n}"


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> list[Path]:
    """Games of an easy bot, a random agent and a hard bot, saved by `gamenight simulate
    --save DIR` (the random agent's wrong calls send scores to the floor)."""
    folder = tmp_path_factory.mktemp("runs")
    command = ["simulate", "ninja-master", "-n", str(GAMES), "-a", "easy,random,hard", "-p", "3"]
    result = runner.invoke(app, [*command, "--seed", "2", "--save", str(folder)])
    assert result.exit_code == 0, result.output
    paths = sorted(folder.glob("*.json"))
    assert len(paths) == GAMES
    return paths


@pytest.fixture(scope="module")
def replayed(saved) -> list[str]:
    """The output of `gamenight replay --no-step` of every saved game."""
    outputs = []
    for path in saved:
        result = runner.invoke(app, ["replay", str(path), "--no-step"], env=WIDE)
        assert result.exit_code == 0, result.output
        outputs.append(result.output)
    return outputs


def scores_by_round(record: GameRecord) -> list[list[int]]:
    """The scores before round 1 and after every round, from the engine."""
    state = gamenight.make(record.game_id, record.players, record.seed, **record.options)
    scores = [list(state.scores)]
    for seat, action in record.actions:
        played = state.round
        state.apply(seat, state.codec.from_json(action))
        if state.round != played or state.is_over():
            scores.append(list(state.scores))
    return scores


def rounds_told(lines: list[str]) -> list[list[str]]:
    """The scoring of each round: its lines from the header to the scores."""
    told: list[list[str]] = []
    for line in lines:
        if re.match(r"Round \d+: \d+ ninjas rolled\.", line):
            told.append([])
        if told and (not told[-1] or not told[-1][-1].startswith("Scores:")):
            told[-1].append(line)
    return told


@pytest.mark.parametrize("game", range(GAMES))
def test_no_step_tells_the_dice_every_grab_and_call_and_why_each_score_changed(
    saved, replayed, game
):
    record = GameRecord.from_json(saved[game].read_text())
    output, lines = words(replayed[game]), replayed[game].splitlines()
    final = gamenight.replay(record)
    for event in final.events:
        d = event.data
        if event.kind == "roll":
            faces = " ".join(face_words(die, index) for die, index in enumerate(d["faces"]))
            assert f"Round {d['round']} Seat {d['roller']} rolls: {faces}" in output
        elif event.kind == "grab":
            token = f"the {d['token']} token" if d["token"] in COLOURS else "the Katana"
            assert f"Seat {d['seat']} grabs {token} at {d['ms']:,} ms" in output
        elif event.kind == "call":
            assert f"Seat {d['seat']} calls {d['total']} at {d['ms']:,} ms." in output

    # Each round's scoring: a reason for every token taken and every call, changes that
    # add up to what the engine scored, and the scores before and after.
    scores = scores_by_round(record)
    scored = [event.data for event in final.events if event.kind == "score"]
    told = rounds_told(lines)
    assert len(told) == len(scored) == len(scores) - 1 == final.round
    for number, (block, event) in enumerate(zip(told, scored, strict=True), 1):
        before, after = scores[number - 1], scores[number]
        text = words("\n".join(block))
        assert text.startswith(f"Round {number}: {event['total']} ninjas rolled.")
        gained = [0] * record.players
        for line in block:
            change = CHANGE.match(line)
            if change:
                gained[int(change[1].split()[1])] += points(change[2])
        assert gained == [new - old for old, new in zip(before, after, strict=True)]
        ninjas = [0] * len(COLOURS)
        for die, index in enumerate(event["faces"]):
            ninjas[DICE[die][index].colour] += DICE[die][index].ninjas
        for token, holder in enumerate(event["holders"][: len(COLOURS)]):
            if holder >= 0:
                reason = f"{COLOURS[token]} token: {ninjas[token]} × ninja"
                assert re.search(rf"Seat {holder} [+−±]\d+ {reason}", text)
        for seat, total, ms in event["calls"]:
            assert re.search(rf"Seat {seat} [+−±]\d+ called {total} at {ms / 1000:.2f} s: ", text)
        standing = [
            f"Seat {seat} {old} → {new} ({signed(new - old)})"
            for seat, (old, new) in enumerate(zip(before, after, strict=True))
        ]
        assert text.endswith("Scores: " + " ".join(standing))

    # The result at the end: the scores and winners the engine computes on its own.
    outcome = final.outcome()
    end = max(i for i, line in enumerate(lines) if "the game! After" in line)
    rows = [row for row in map(FINAL.match, lines[end:]) if row]
    assert [int(row[3]) for row in rows] == [int(score) for score in outcome.scores]
    assert tuple(int(row[1]) for row in rows if row[2]) == outcome.winners


def test_the_games_replayed_show_every_kind_of_reason(replayed):
    told = words(" ".join(replayed))
    for reason in (
        "stole the Katana from",
        "lost the Katana to",
        "defended the Katana",
        "took the Katana, but it was not takeable",
        "1 × smoke: negative",
        ": right",
        "wrong, there are",
        "back to 0: a score never goes below 0",
        "Nobody took the Katana.",
    ):
        assert reason in told


def test_names_in_lithuanian(saved):
    record = GameRecord.from_json(saved[0].read_text())
    result = runner.invoke(app, ["replay", str(saved[0]), "--no-step", "--lang", "lt"], env=WIDE)
    assert result.exit_code == 0, result.output
    first = next(event.data for event in gamenight.replay(record).events if event.kind == "roll")
    lithuanian = {"red": "raudona", "blue": "mėlyna", "green": "žalia", "yellow": "geltona"}
    lithuanian |= {"black": "juoda"}
    for die, index in enumerate(first["faces"]):
        face = DICE[die][index]
        if face.kind == "shuriken":
            assert "Šurikenas" in result.output
        elif face.kind != "katana":
            assert lithuanian[COLOURS[face.colour]] in result.output
    assert "× Nindzė" in result.output and "× ninja" not in result.output


def test_step_shows_the_table_after_each_action(saved):
    result = runner.invoke(app, ["replay", str(saved[0])], input="\n\nq\n", env=WIDE)
    assert result.exit_code == 0, result.output
    assert result.output.count("Ninja Master · round 1 · first to 20 points") == 3
    assert "Replay stopped before action 3 of" in result.output
