"""Munchkin's observation encoder in C (`_observe.write_fields`, which
`observation.encode_state` calls for a float32 buffer where it is built) writes exactly the
floats of the Python code, for every seat and the spectator: on random games of both card
sets, and on a loaded snapshot (whose vocabularies are plain strings). The rules' figures
it is given are memoized by the fields they are read from, which a test checks are all the
fields the rules read; and it refuses a state the game never makes instead of writing
outside a piece.

(`tests/envs/test_encode_state.py` compares both with `encode(view(seat))`.)"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from typing import ClassVar

import pytest

import gamenight
from gamenight.games.munchkin import observation
from gamenight.games.munchkin.model import MunchkinModel
from gamenight.testing import playout

observe = pytest.importorskip("gamenight.games.munchkin._observe")

GAMES = ("munchkin", "munchkin-fu")


def states(game_id: str, players: int, seed: int, every: int = 3) -> Iterator[MunchkinModel]:
    """Every `every`-th state of a short random game (the same object, moved on)."""
    return playout(game_id, players, seed, every, max_turns=10)


def size(state: MunchkinModel) -> int:
    return observation.pieces(state.num_players, state.options).size


def native(state: MunchkinModel, seat: int | None) -> list[float]:
    """The floats `encode_state` writes into a float32 buffer (the C code)."""
    values = array("f", bytes(4 * size(state)))
    observation.encode_state(state, seat, values)
    return list(values)


def python(state: MunchkinModel, seat: int | None) -> list[float]:
    """The floats `encode_state` writes into a list (the Python code)."""
    values = [0.0] * size(state)
    observation.encode_state(state, seat, values)
    return values


def assert_same(state: MunchkinModel) -> None:
    for seat in (None, *range(state.num_players)):
        assert native(state, seat) == python(state, seat)


def test_the_c_code_is_built():
    assert observation.NATIVE


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("players", [3, 6])
def test_the_c_code_writes_the_python_floats(game_id, players):
    seen = {"fight": 0, "offer": 0, "deciding": 0, "known": 0, "over": 0}
    for seed in range(2):
        for state in states(game_id, players, seed):
            assert_same(state)
            seen["fight"] += bool(state.monsters)
            seen["offer"] += bool(state.offers.by_id)
            seen["deciding"] += bool(state.stack)
            seen["known"] += bool(state.public_hand or state.seen)
            seen["over"] += state.is_over()
    assert all(seen.values()), seen  # the games reached every part of the observation


def test_a_loaded_snapshot_is_written_alike():
    for state in states("munchkin", 4, 3, every=40):
        loaded = gamenight.load(state.to_json())
        assert isinstance(loaded, MunchkinModel)
        for seat in (None, *range(4)):
            assert native(loaded, seat) == python(state, seat)


def test_a_buffer_of_doubles_is_written_by_the_python_code():
    state = next(s for s in states("munchkin", 3, 1) if s.monsters)
    for seat in (None, 0, 1, 2):
        doubles = array("d", bytes(8 * size(state)))
        observation.encode_state(state, seat, doubles)
        assert list(doubles) == python(state, seat)


class Reading:
    """Records the names of the attributes read from a state of its class."""

    __slots__ = ()
    read: ClassVar[set[str]] = set()

    def __getattribute__(self, name: str) -> object:
        Reading.read.add(name)
        return object.__getattribute__(self, name)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_memo_key_holds_every_field_the_rules_read(game_id):
    """`_rules` reads nothing but the card set and `RULES_FIELDS`, so figures memoized by
    those fields' values are the figures of any state that has them."""
    for state in states(game_id, 4, 0, every=5):
        clone = state.clone()
        cls = type(clone)
        clone.__class__ = type("Read" + cls.__name__, (Reading, cls), {"__slots__": ()})
        Reading.read = set()
        assert observation._rules(clone) == observation._rules(state)
        assert Reading.read - {"CS", "__class__"} <= set(observation.RULES_FIELDS)


def test_the_memo_gives_the_figures_of_the_state():
    for state in states("munchkin-fu", 5, 2):
        assert observation._memoized_rules(state) == observation._rules(state)


def test_the_memo_key_tells_states_apart_by_each_field():
    state = next(s for s in states("munchkin", 4, 0) if s.monsters)
    key = observe.rules_key(state, observation.RULES_FIELDS)
    assert observe.rules_key(state.clone(), observation.RULES_FIELDS) == key
    for name in observation.RULES_FIELDS:
        changed = state.clone()
        value = getattr(changed, name)
        if isinstance(value, int):
            setattr(changed, name, value + 1)
        elif value and isinstance(value[0], tuple):  # one tuple per seat
            setattr(changed, name, ((*value[0], 0), *value[1:]))
        else:
            setattr(changed, name, (*value, 0))
        assert observe.rules_key(changed, observation.RULES_FIELDS) != key, name
    with pytest.raises(TypeError, match="integers"):
        observe.rules_key(state, ("phase",))


def broken(**fields) -> MunchkinModel:
    """A state of the game with fields set to what the game never makes."""
    state = gamenight.make("munchkin", 3, seed=0)
    assert isinstance(state, MunchkinModel)
    for name, value in fields.items():
        setattr(state, name, value)
    return state


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"door_discard": [10_000]}, IndexError),
        ({"limbo": [-1]}, IndexError),
        ({"hands": [[0]]}, ValueError),
        ({"dead": [0]}, ValueError),
        ({"trades": [0, 7]}, IndexError),
        ({"table": [[0], "cards", []]}, TypeError),
        ({"body": None}, TypeError),
        ({"turn": 5}, IndexError),
        ({"phase": "no such phase"}, KeyError),
    ],
)
def test_a_state_the_game_never_makes_is_refused(fields, error):
    state = broken(**fields)
    values = array("f", bytes(4 * size(state)))
    with pytest.raises(error):
        observation.encode_state(state, 0, values)


def test_a_buffer_of_the_wrong_layout_is_refused():
    state = broken()
    with pytest.raises(IndexError, match="outside"):
        observation.encode_state(state, 0, array("f", bytes(4 * 10)))
