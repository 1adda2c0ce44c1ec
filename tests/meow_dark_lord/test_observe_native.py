"""Meow, Dark Lord!'s observation encoder in C (`_observe.encode_state`, which
`observation.encode_state` is where it is built) writes exactly the floats of the Python
code, for every seat and the spectator: on random games at every player count, on a loaded
snapshot (whose vocabularies are plain strings), for a class of the state's own; and it
refuses a state the game never makes instead of writing outside a piece.

(`tests/envs/test_encode_state.py` compares both with `encode(view(seat))`.)"""

from __future__ import annotations

import json
from array import array

import pytest

import gamenight
from gamenight.games.meow_dark_lord import MeowState, observation
from gamenight.games.meow_dark_lord.content import NUM_CATS
from gamenight.testing import playout

observe = pytest.importorskip("gamenight.games.meow_dark_lord._observe")


def floats(encode, state, seat, typecode: str = "f") -> array:
    values = array(typecode, bytes(array(typecode).itemsize * _size(state)))
    encode(state, seat, values)
    return values


def _size(state: MeowState) -> int:
    return observation.pieces(state.num_players, state.options).size


def assert_same(state: MeowState) -> None:
    """The C code and the Python code write the same floats, for every seat."""
    for seat in (None, *range(state.num_players)):
        expected = floats(observation._encode_state, state, seat)
        assert floats(observe.encode_state, state, seat) == expected


def test_encode_state_is_the_c_code_where_it_is_built():
    assert observation.NATIVE
    assert observation.encode_state is observe.encode_state


@pytest.mark.parametrize("players", range(MeowState.min_players, MeowState.max_players + 1))
def test_the_c_code_writes_the_python_floats(players):
    seen = {"pending": 0, "revealed": 0, "acted": 0, "over": 0}
    for seed in range(3):
        for state in playout("meow-dark-lord", players, seed):
            assert_same(state)
            seen["pending"] += state.phase != "over" and bool(state.stack)
            seen["revealed"] += bool(state.revealed)
            seen["acted"] += bool(state.acted)
            seen["over"] += state.is_over()
    assert all(seen.values()), seen  # the games reached every part of the observation


def test_a_list_or_a_buffer_of_doubles_is_written_by_the_python_code():
    state = next(s for s in playout("meow-dark-lord", 3, 1) if s.stack and s.revealed)
    for seat in (None, 0, 1, 2):
        expected = list(floats(observation._encode_state, state, seat))
        written = [0.0] * len(expected)
        observe.encode_state(state, seat, written)
        assert written == expected
        assert list(floats(observe.encode_state, state, seat, "d")) == expected


def test_a_loaded_snapshot_with_plain_strings_is_read_alike():
    for state in playout("meow-dark-lord", 4, 2):
        if state.stack or state.is_over():
            loaded = MeowState.from_snapshot(json.loads(state.to_json()))
            assert type(loaded.phase) is str
            assert_same(loaded)


def test_a_class_of_its_own_is_read_by_attribute_and_asked_its_actors():
    class Everyone(MeowState):
        def actors(self) -> tuple[int, ...]:
            return tuple(range(self.num_players))

    for state in playout("meow-dark-lord", 3, 4):
        own = state.clone()
        own.__class__ = Everyone
        assert_same(own)
        assert_same(state)  # the slots of MeowState are looked up again
    # A class changed after it was read is looked up again: a property over a slot.
    Everyone.turn = property(lambda self: (self.dungeons and 2) or 0)  # type: ignore[assignment]
    assert_same(own)
    assert floats(observe.encode_state, own, None)[_start(3, "turn") + 2] == 1.0


def _start(players: int, piece: str) -> int:
    return observation.pieces(players, {"max_turns": 1}).starts[piece]


def test_seats_not_at_the_table_are_refused_as_check_seat_does():
    state = gamenight.make("meow-dark-lord", 3, seed=0)
    for seat in (3, -1, True, 1.0, "0", 2**70):
        with pytest.raises(ValueError, match="no seat"):
            floats(observe.encode_state, state, seat)


@pytest.mark.parametrize(
    ("field", "value", "error", "message"),
    [
        ("hands", [[NUM_CATS], [], []], IndexError, "a card in a hand"),
        ("hands", [[-1], [], []], IndexError, "a card in a hand"),
        ("dungeons", [[], [NUM_CATS + 1], []], IndexError, "a dungeon cat"),
        ("graveyard", [NUM_CATS], IndexError, "Graveyard"),
        ("coins", [1.0, 0, 0], TypeError, "float"),
        ("coins", [0], IndexError, "shorter"),
        ("turn", 3, IndexError, "turn"),
        ("winner", 5, IndexError, "winner"),
        ("phase", "lunch", KeyError, "lunch"),
        ("end_reason", "boredom", KeyError, "boredom"),
        ("end_reason", None, TypeError, "end reason"),
        ("hands", None, TypeError, "not a sequence"),
        ("dungeons", [[], {3}, []], TypeError, "not a list"),
    ],
)
def test_a_state_the_game_never_makes_is_refused(field, value, error, message):
    state = gamenight.make("meow-dark-lord", 3, seed=0)
    setattr(state, field, value)
    values = array("f", bytes(4 * _size(state)))
    with pytest.raises(error, match=message):
        observe.encode_state(state, 0, values)


def test_an_unset_field_or_a_short_buffer_is_refused():
    state = gamenight.make("meow-dark-lord", 3, seed=0)
    with pytest.raises(IndexError, match="in a buffer of"):
        observe.encode_state(state, 0, array("f", bytes(4 * (_size(state) - 1))))
    del state.tower
    with pytest.raises(AttributeError, match="tower"):
        floats(observe.encode_state, state, 0)
