"""Boss Quest's observation encoder in C (`_observe.c`) against its Python code: the same
floats on every state, the Python code for anything but a float32 buffer, and a clear
error, never a crash or a write outside the buffer, for a state the game never makes."""

from __future__ import annotations

from array import array

import pytest

import gamenight
from gamenight.games.boss_quest import BossQuestState, observation
from gamenight.kernel import DecisionStack, Frame
from gamenight.testing import playout

pytestmark = pytest.mark.skipif(not observation.NATIVE, reason="_observe is not built")

# Options that move what the C code reads (the key target, the Mystery spell...).
OPTIONS = ({}, {"key_target": 2, "hearts": 1, "mystery": False, "spells_per_round": 2})


def zeros(state: BossQuestState) -> array[float]:
    return array("f", bytes(4 * observation._places(state.num_players).size))


def python(state: BossQuestState, seat: int | None) -> list[float]:
    values = [0.0] * observation._places(state.num_players).size
    observation._encode_state(state, seat, values)
    return values


def native(state: BossQuestState, seat: int | None) -> array[float]:
    values = zeros(state)
    observation._observe.encode_state(state, seat, values)
    return values


def test_the_adapters_call_the_c_function():
    assert observation.encode_state is observation._observe.encode_state


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_c_writes_the_floats_of_the_python_code(players, options):
    for seed in range(4):
        for state in playout("boss-quest", players, seed, **options):
            for seat in (None, *range(players)):
                assert native(state, seat) == array("f", python(state, seat))


def test_the_deck_top_known_to_everybody_is_shown_to_a_spectator_too():
    state = gamenight.make("boss-quest", 3, 0)
    for known in (0b011, 0b111):
        state.top_known = known
        for seat in (None, 0, 1, 2):
            assert native(state, seat) == array("f", python(state, seat))
    seen = observation._places(3).split(list(native(state, None)))
    assert seen["deck_top"][state.weapon_deck[-1]] == 1


def test_any_float32_buffer_is_written_in_c_and_anything_else_in_python():
    state = gamenight.make("boss-quest", 4, 3)
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
    state = gamenight.make("boss-quest", 3, 0)
    with pytest.raises(ValueError, match="no seat"):
        observation.encode_state(state, seat, zeros(state))


def broken(**fields: object) -> BossQuestState:
    state = gamenight.make("boss-quest", 3, 0).clone()
    for name, value in fields.items():
        setattr(state, name, value)
    return state


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"boss": -1}, IndexError, "the boss -1"),
        ({"armorer": 3}, IndexError, "the Armorer 3"),
        ({"turn": 5}, IndexError, "the acting seat 5"),
        ({"phase": "lunch"}, KeyError, "lunch"),
        ({"slots": [99]}, IndexError, "a spell id 99"),
        ({"slots": list(range(11))}, IndexError, "do not fit"),
        ({"slot_status": ["gone"] * 10}, KeyError, "gone"),
        ({"spell_discard": [-2]}, IndexError, "a spell id -2"),
        ({"visible": [[0], [99], []]}, IndexError, "a weapon 99"),
        ({"hidden": [200, 1, 2]}, IndexError, "a hidden weapon 200"),  # seat 0's own
        ({"hearts": [3]}, IndexError, "state.hearts is shorter"),
        ({"winners": [7]}, IndexError, "a winner 7"),
        ({"last_call_queue": [4]}, IndexError, "a seat owed a last action 4"),
        ({"weapon_deck": [0, 77], "top_known": 1}, IndexError, "the deck's top weapon 77"),
        ({"decisions": DecisionStack([Frame("choose_target", 0, ("x",))])}, TypeError, "slot"),
        ({"decisions": DecisionStack([Frame("choose_target", 0, (12,))])}, IndexError, "12"),
        ({"decisions": [7]}, TypeError, "not a Frame"),
        ({"keys": ["1", 0, 0]}, TypeError, "an int of the state is a str"),
        ({"options": {}}, KeyError, "key_target"),
        ({"num_players": 40}, ValueError, "no observation layout for 40 players"),
    ],
)
def test_a_state_the_game_never_makes_is_refused(fields, error, message):
    state = broken(**fields)
    with pytest.raises(error, match=message):
        native(state, 0)


def test_a_buffer_shorter_than_the_observation_is_refused():
    state = gamenight.make("boss-quest", 3, 0)
    with pytest.raises(IndexError, match="in a buffer of 10"):
        observation.encode_state(state, 0, array("f", bytes(40)))


def test_the_fields_are_read_from_the_class_at_hand():
    """The C code keeps where the last class it saw holds each field: another class, or
    the same one changed, is looked at again."""

    class Subclass(BossQuestState):
        __slots__ = ()

    state = gamenight.make("boss-quest", 3, 0)
    other = state.clone()
    other.__class__ = Subclass
    other.keys = [2, 0, 1]
    for _ in range(2):
        assert native(state, 0) == array("f", python(state, 0))
        assert native(other, 0) == array("f", python(other, 0))
        Subclass.changed = True  # a new version of the class
    assert observation._places(3).split(list(native(other, 0)))["seat.keys"] == [2, 0, 1]


def test_a_hidden_weapon_the_seat_may_not_know_is_never_read():
    state = broken(hidden=[0, 1, 200])  # seat 2's weapon, which seat 0 does not know
    assert native(state, 0) == array("f", python(state, 0))
