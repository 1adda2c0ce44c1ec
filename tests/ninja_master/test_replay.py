"""`gamenight replay` of Ninja Master games, and its renderer on its own.

The replay's output is checked against what the engine itself says happened: the events
of the record replayed with `gamenight.replay`, and the scores after every round of the
record applied action by action.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli.test_play import plain
from typer.testing import CliRunner

import gamenight
from gamenight import agents
from gamenight.cli.app import app
from gamenight.games.ninja_master.actions import DONE, WAIT, Call, Grab
from gamenight.games.ninja_master.content import COLOURS, DICE, token_id
from gamenight.games.ninja_master.rig import carry_out, settle
from gamenight.kernel import GameRecord
from gamenight.play import play
from gamenight.testing import rigged
from gamenight.ui import live_app, renderer

runner = CliRunner()
DRAW = renderer("ninja-master")
WIDE = {"COLUMNS": "200"}  # no line of the replay wraps
# One ninja of each colour and no Smoke; one Katana against three Shurikens.
QUIET = ["red 1", "blue 1", "green 1", "yellow 1", "black 1", "katana"] + ["shuriken"] * 3
GAMES = 10
CHANGE = re.compile(r"^\s+(Seat \d)\s+([+−±]\d+)\s+(.*)$")  # a line of a round's scoring
FINAL = re.compile(r"^\s*Seat (\d)( winner)?\s+(\d+)/\d+\s*$")  # a row of the result


def words(text: str) -> str:
    """Every run of white space made one space."""
    return " ".join(text.split())


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


def face_words(die: int, index: int) -> str:
    """A face as the replay shows it in English: ``red ●●``, ``smoke blue``, ``Katana``."""
    face = DICE[die][index]
    if face.kind == "ninja":
        return f"{COLOURS[face.colour]} {'●' * face.ninjas}"
    if face.kind == "smoke":
        return f"smoke {COLOURS[face.colour]}"
    return face.kind.capitalize()


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


# ----- the renderer on its own ---------------------------------------------------------------


def test_the_table_shows_dice_tokens_holders_calls_and_scores():
    setup = {"dice": QUIET, "scores": [4, 7, 2], "katana": 1, "shuriken": 2, "reaction_ms": 0}
    state = rigged("ninja-master", players=3, **setup)
    red, katana = Grab(token_id("red"), 640), Grab(token_id("katana"), 700)
    carry_out(state, (0, red), (1, katana), (1, Call(5, 1210)))
    text = plain(DRAW.table(state.view(None), "en"))
    assert "Dice rolled by Seat 2" in text
    for name in ("red", "blue", "green", "yellow", "black", "Katana", "Shuriken"):
        assert name in text
    rows = [words(line.strip("│ ")) for line in text.splitlines()]
    assert "Seat 0 4/20 red" in rows
    assert "Seat 1 7/20 Katana Katana 5 at 1,210 ms" in rows  # owns it, and took it
    assert "Seat 2 2/20 Shuriken" in rows
    assert "red Seat 0 640 ms" in rows and "Katana Seat 1 700 ms" in rows and "blue free" in rows
    status = "Still grabbing at 1,210 ms: Seat 0, Seat 2. Seat 1 called: the grab stops."
    assert status in words(text)


def test_actions_and_events_in_words():
    state = rigged("ninja-master", players=3, dice=QUIET)
    view = state.view(2)
    assert words(plain(DRAW.choice(view, Grab(token_id("red"), 640), "en"))) == (
        "Grab the red token at 640 ms"
    )
    assert DRAW.choice(view, Call(14, 1210), "en") == "Call 14 at 1,210 ms"
    assert DRAW.choice(view, DONE, "en").startswith("Done")
    state.apply(2, Grab(token_id("katana"), 640))
    state.apply(0, Grab(token_id("katana"), 640))  # sealed together: the draw decides
    settle(state)
    carry_out(state, (0, Call(14, 1210)))
    lines = [words(plain(line)) for line in DRAW.events(state.events, "en", me=2)]
    holder = state.view(None)["tokens"][token_id("katana")]["holder"]
    assert lines[0] == "Seat 0 grabs the Katana at 640 ms."  # carried out in seat order
    tie = "You grab the Katana at 640 ms"
    if holder == 0:
        tie += ", the same ms as Seat 0: the draw leaves it with Seat 0"
    assert lines[1:] == [f"{tie}.", "Seat 0 calls 14 at 1,210 ms."]


def round_told(players: int, moves, **setup) -> tuple[gamenight.State, list[str]]:
    """A rigged round: `moves`, then everybody done; and the lines told for its last action."""
    state = rigged("ninja-master", players=players, dice=QUIET, reaction_ms=0, **setup)
    carry_out(state, *moves)
    while len(state.actors()) > 1:
        state.apply(state.actors()[0], DONE)
    told = len(state.events)
    state.apply(state.actors()[0], DONE)
    return state, [words(plain(line)) for line in DRAW.events(state.events[told:], "en")]


def test_the_katana_and_the_shuriken_are_handed_over_unless_the_game_is_over():
    red, blue = Grab(token_id("red"), 300), Grab(token_id("blue"), 310)
    state, lines = round_told(3, [(0, red), (1, blue)], scores=[19, 19, 3], katana=2, shuriken=2)
    assert state.katana_owner in (0, 1)  # drawn between the two leaders
    assert lines[-4:] == [
        "Scores: Seat 0 19 → 20 (+1) Seat 1 19 → 20 (+1) Seat 2 3 → 6 (+3)",
        f"Katana goes to Seat {state.katana_owner}, one of the leaders, drawn. "
        "Shuriken goes to Seat 0, who rolls next.",
        "Seat 0 and Seat 1 reached the target in the same round. Sudden death: more rounds, "
        "until one player alone leads at the target or above.",
        "Round 2 Seat 0 rolls: "
        + " ".join(face_words(die, index) for die, index in enumerate(state.dice.faces)),
    ]

    _, lines = round_told(2, [(0, red)], scores=[19, 3], katana=1, shuriken=1)
    assert lines[-2:] == ["Scores: Seat 0 19 → 20 (+1) Seat 1 3 → 6 (+3)", "Seat 0 wins the game!"]


def test_the_result_names_the_winners_and_every_score():
    state = gamenight.make("ninja-master", players=3, seed=11)
    play(state, [agents.make("hard", "ninja-master", 11 + s) for s in range(3)])
    outcome = state.outcome()
    text = words(plain(DRAW.result(state.view(1), "en", me=1)))
    who = " and ".join("You" if s == 1 else f"Seat {s}" for s in outcome.winners)
    assert text.startswith(f"{who} win")
    for seat, score in enumerate(outcome.scores):
        name = "You" if seat == 1 else f"Seat {seat}"
        mark = " winner" if seat in outcome.winners else ""
        assert f"{name}{mark} {int(score)}/20" in text


# ----- `gamenight play` still goes live -----------------------------------------------------------


def test_gamenight_play_still_opens_the_live_app(monkeypatch):
    opened = []

    def run(state, table, seat, lang):
        opened.append((state.game_id, seat, lang))
        table[seat] = agents.make("easy", "ninja-master", 1)  # someone plays the person's seat
        play(state, table)
        return "closing words"

    monkeypatch.setattr(live_app("ninja-master"), "run", run)
    command = ["play", "ninja-master", "-p", "2", "--seed", "3", "--seat", "1"]
    result = runner.invoke(app, command)
    assert result.exit_code == 0, result.output
    assert opened == [("ninja-master", 1, "en")]
    assert "closing words" in result.output
    assert "Your move" not in result.output  # no prompt of the turn-based renderer


def test_a_grab_where_nobody_moves_any_more_is_told_as_time_up():
    state = rigged("ninja-master", players=2, dice=QUIET)
    carry_out(state, (0, DONE))
    state.apply(1, WAIT)  # the last seat waits for something that will never happen
    told = [words(plain(line)) for line in DRAW.events(state.events, "en", me=0)]
    assert "Time is up (10,000 ms): nobody moves any more this round." in told
    assert DRAW.choice(state.view(0), WAIT, "en").startswith("Wait")
