"""Ninja Master's observation encoder on rigged positions: each piece against the value the
position implies. Nothing is hidden in Ninja Master, so seats differ only in ``me``."""

from __future__ import annotations

from ninja_master.helpers import QUIET, call, finish, game, grab, play

from gamenight.games.ninja_master import observation
from gamenight.games.ninja_master.content import DICE, NUM_TOKENS, token_id
from gamenight.games.ninja_master.model import SmokeRule


def pieces_of(state, seat):
    """Piece name -> its floats (flat) in `seat`'s observation."""
    pieces = observation.pieces(state.num_players, state.options)
    return pieces.split(observation.encode(state.view(seat)))


def rows(values, width):
    """A flat piece as its rows of `width` floats."""
    return [values[i : i + width] for i in range(0, len(values), width)]


def position():
    """Seat 0 took red at 640 ms, seat 1 the Katana at 700 ms and called 5 at 1,210 ms."""
    state = game(scores=[4, 7, 2], katana=1, shuriken=2)
    play(state, (0, grab("red", 640)), (1, grab("katana", 700)), (1, call(5, 1210)))
    return state


def test_the_pieces_have_the_shapes_of_the_table():
    state = position()
    shapes = {p.name: p.shape for p in observation.pieces(3, state.options).pieces}
    assert shapes["die.face"] == (len(DICE), observation.FACES)
    assert shapes["token.holder"] == (NUM_TOKENS, 3)
    assert shapes["token.ms"] == (NUM_TOKENS,)
    assert shapes["me"] == shapes["call.total"] == shapes["score"] == (3,)
    assert shapes["round"] == ()


def test_the_pieces_read_the_position():
    state = position()
    seen = pieces_of(state, 2)
    assert seen["me"] == [0, 0, 1]
    assert seen["to_act"] == [1, 0, 1]  # seat 1 called: it is out
    assert seen["round"] == [1] and seen["target"] == [20]
    assert seen["now_ms"] == [1210] and seen["floor_ms"] == [1210]  # no reaction floor here
    assert seen["time_limit_ms"] == [10_000] and seen["tie_window_ms"] == [100]
    assert seen["smoke_rule.parity"] == [1]
    for die, hot in enumerate(rows(seen["die.face"], observation.FACES)):
        assert hot == [float(f == state.dice.faces[die]) for f in range(observation.FACES)]
    holders = rows(seen["token.holder"], 3)
    red, katana = token_id("red"), token_id("katana")
    assert holders[red] == [1, 0, 0] and holders[katana] == [0, 1, 0]
    assert sum(map(sum, holders)) == 2
    assert seen["token.ms"][red] == 640 and seen["token.ms"][katana] == 700
    assert sum(seen["token.ms"]) == 640 + 700
    assert seen["call.made"] == [0, 1, 0]
    assert seen["call.total"] == [0, 5, 0]
    assert seen["call.ms"] == [0, 1210, 0]
    assert seen["katana_owner"] == [0, 1, 0] and seen["shuriken"] == [0, 0, 1]
    assert seen["score"] == [4, 7, 2]
    assert seen["sudden_death"] == [0] and seen["over"] == [0] and seen["winner"] == [0, 0, 0]


def test_seats_differ_only_in_me_and_a_spectator_is_nobody():
    state = position()
    spectator = pieces_of(state, None)
    assert spectator["me"] == [0, 0, 0]
    for seat in range(3):
        seen = pieces_of(state, seat)
        assert seen["me"] == [float(s == seat) for s in range(3)]
        assert {**seen, "me": spectator["me"]} == spectator


def test_the_single_smoke_rule_and_the_score_cap():
    state = game(scores=[500, 0, 3], smoke_rule=SmokeRule.SINGLE)
    seen = pieces_of(state, 0)
    assert seen["smoke_rule.parity"] == [0]
    assert seen["score"] == [observation.score_cap(20, 3), 0, 3]


def test_the_end_of_the_game():
    state = game(dice=QUIET, scores=[19, 3, 3], shuriken=1)
    play(state, (0, grab("red", 400)))
    finish(state)
    assert state.is_over()
    seen = pieces_of(state, 0)
    assert seen["over"] == [1] and seen["winner"] == [1, 0, 0]
    assert seen["to_act"] == [0, 0, 0]
    assert seen["score"] == [20, 6, 3]


def test_text_names_the_dice_tokens_and_calls():
    text = observation.text(position().view(1))
    assert text.startswith("seat 1 | round 1 grab | now 1210 ms")
    assert "taken red:0@640, katana:1@700 | calls 1:5@1210" in text
    assert "scores [4, 7, 2] | katana 1 | shuriken 2" in text
