"""Ninja Master's observation encoder in C (`_observe.c`) against its Python code: the same
floats on every state, the Python code for anything but a float32 buffer, and a clear
error, never a crash or a write outside the buffer, for a state the game never makes."""

from __future__ import annotations

from array import array
from types import SimpleNamespace

import pytest

import gamenight
from gamenight.games.ninja_master import NinjaMasterState, observation
from gamenight.games.ninja_master.model import Phase, SmokeRule
from gamenight.testing import playout

pytestmark = pytest.mark.skipif(not observation.NATIVE, reason="_observe is not built")

# Options that move every value the C code reads from them (the cap of the scores too).
OPTIONS = (
    {},
    {"smoke_rule": SmokeRule.SINGLE.value, "target": 5, "start_score": 40, "max_rounds": 6},
    {"time_limit_ms": 2_000, "tie_window_ms": 0, "reaction_ms": 0, "target": 8},
)


def zeros(state: NinjaMasterState) -> array[float]:
    return array("f", bytes(4 * observation._places(state.num_players).size))


def python(state: NinjaMasterState, seat: int | None) -> list[float]:
    values = [0.0] * observation._places(state.num_players).size
    observation._encode_state(state, seat, values)
    return values


def native(state: NinjaMasterState, seat: int | None) -> array[float]:
    values = zeros(state)
    observation._observe.encode_state(state, seat, values)
    return values


def test_the_adapters_call_the_c_function():
    assert observation.encode_state is observation._observe.encode_state


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_c_writes_the_floats_of_the_python_code(players, options):
    ended = set()
    for seed in range(3):
        for state in playout("ninja-master", players, seed, **options):
            for seat in (None, *range(players)):
                assert native(state, seat) == array("f", python(state, seat))
        ended.add((state.sudden_death, state.truncated))
    assert ended  # whole games, to their end


def test_scores_above_the_cap_show_as_it_in_c_too():
    state = gamenight.make("ninja-master", 3, 0)
    state.scores = [10_000, observation.score_cap(20, 3), -4]
    state.phase, state.winners, state.grabbing = Phase.OVER, [0], []
    assert native(state, 1) == array("f", python(state, 1))


def test_any_float32_buffer_is_written_in_c_and_anything_else_in_python():
    state = gamenight.make("ninja-master", 4, 3)
    expected = python(state, 2)
    view = memoryview(zeros(state))
    observation.encode_state(state, 2, view)
    assert view.tolist() == array("f", expected).tolist()
    listed = [0.0] * len(expected)
    observation.encode_state(state, 2, listed)
    assert listed == expected
    doubles = array("d", bytes(8 * len(expected)))
    observation.encode_state(state, 2, doubles)
    assert doubles == array("d", expected)


@pytest.mark.parametrize("seat", [-1, 3, True, 1.0, "0"])
def test_a_seat_not_at_the_table_is_refused_as_check_seat_refuses_it(seat):
    state = gamenight.make("ninja-master", 3, 0)
    with pytest.raises(ValueError, match="no seat"):
        observation.encode_state(state, seat, zeros(state))


def broken(**fields: object) -> NinjaMasterState:
    state = gamenight.make("ninja-master", 3, 0).clone()
    for name, value in fields.items():
        setattr(state, name, value)
    return state


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"dice": SimpleNamespace(faces=(0,) * 8)}, ValueError, "a roll of 8 dice"),
        ({"dice": SimpleNamespace(faces=(6,) * 9)}, IndexError, "a face 6 outside"),
        ({"dice": SimpleNamespace()}, AttributeError, "faces"),
        ({"grabbing": [0, 3]}, IndexError, "a grabbing seat 3"),
        ({"holder": [5, -1, -1, -1, -1, -1]}, IndexError, "holder 5"),
        ({"holder": [-1] * 7}, IndexError, "does not fit the tokens"),
        ({"taken_at": [0]}, IndexError, "does not fit the tokens"),
        ({"calls": [[0, 5]]}, ValueError, r"not \[seat, total, ms\]"),
        ({"calls": [[-1, 5, 300]]}, IndexError, "a caller -1"),
        ({"calls": 7}, TypeError, "not a sequence"),
        ({"katana_owner": 3}, IndexError, "Katana"),
        ({"scores": [1, 2, 3, 4]}, IndexError, "more scores than seats"),
        ({"round": "1"}, TypeError, "an int of the state is a str"),
        ({"winners": [9]}, IndexError, "a winner 9"),
        ({"options": {"target": 20}}, KeyError, "start_score"),
        ({"num_players": 40}, ValueError, "no observation layout for 40 players"),
    ],
)
def test_a_state_the_game_never_makes_is_refused(fields, error, message):
    state = broken(**fields)
    with pytest.raises(error, match=message):
        native(state, 0)


def test_a_buffer_shorter_than_the_observation_is_refused():
    state = gamenight.make("ninja-master", 3, 0)
    with pytest.raises(IndexError, match="in a buffer of 10"):
        observation.encode_state(state, 0, array("f", bytes(40)))


def test_the_fields_are_read_from_the_class_at_hand():
    """The C code keeps where the last class it saw holds each field: another class, or
    the same one changed, is looked at again."""

    class Subclass(NinjaMasterState):
        __slots__ = ()

    state = gamenight.make("ninja-master", 3, 0)
    other = state.clone()
    other.__class__ = Subclass
    other.scores = [7, 8, 9]
    for _ in range(2):
        assert native(state, 0) == array("f", python(state, 0))
        assert native(other, 0) == array("f", python(other, 0))
        Subclass.changed = True  # a new version of the class
    seen = observation.pieces(3, state.options).split(list(native(other, 0)))
    assert seen["score"] == [7, 8, 9]
