"""Ninja Master's terminal renderer on its own: the table, the actions and events in words,
the hand-over and the result."""

from __future__ import annotations

from cli.test_play import plain

import gamenight
from gamenight import agents
from gamenight.games.ninja_master.actions import DONE, WAIT, Call, Grab
from gamenight.games.ninja_master.content import token_id
from gamenight.games.ninja_master.rig import carry_out, settle
from gamenight.play import play
from gamenight.testing import rigged
from gamenight.ui import renderer

from .helpers import QUIET, face_words, words

DRAW = renderer("ninja-master")


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


def test_a_grab_where_nobody_moves_any_more_is_told_as_time_up():
    state = rigged("ninja-master", players=2, dice=QUIET)
    carry_out(state, (0, DONE))
    state.apply(1, WAIT)  # the last seat waits for something that will never happen
    told = [words(plain(line)) for line in DRAW.events(state.events, "en", me=0)]
    assert "Time is up (10,000 ms): nobody moves any more this round." in told
    assert DRAW.choice(state.view(0), WAIT, "en").startswith("Wait")
