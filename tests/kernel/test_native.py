"""The kernel's C loops (`kernel/_native.c`) do exactly what their Python fallbacks do."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamenight
from gamenight.kernel import EACH_SEAT_ONCE, HIDDEN, RESET_ON_PLAY, Offers, Rng, Window, fields
from gamenight.kernel import state as state_module
from gamenight.kernel.state import seen_by, seen_by_python
from gamenight.testing import random_moves

from .drawn import drawn_game


def played(game_id: str, actions: int) -> gamenight.State:
    state = gamenight.make(game_id, 4, seed=3)
    choices = Rng(5)
    for _ in range(actions):
        if state.is_over():
            break
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[choices.below(len(legal))])
    return state


def copied_by_plan(plan: fields.ClonePlan) -> tuple[str, ...]:
    """The fields that a copy by `plan` must not share with the original."""
    return plan.lists + plan.nested + tuple(name for name, _ in plan.parts + plan.slotted)


@pytest.fixture(params=["native", "python"])
def copy_state(request, monkeypatch):
    """Each way of copying a state, installed where `State` calls it."""
    if request.param == "python":
        monkeypatch.setattr(state_module, "copy_state", fields.copy_state_python)
    return state_module.copy_state


@pytest.mark.parametrize("game_id", gamenight.games())
def test_a_clone_copies_the_same_fields_either_way(game_id, monkeypatch):
    state = played(game_id, 30)
    native = state.clone()
    world = state.determinize(0, seed=9)
    monkeypatch.setattr(state_module, "copy_state", fields.copy_state_python)
    plain = state.clone()
    assert native.to_json() == plain.to_json() == state.to_json()
    assert world.to_json() == state.determinize(0, seed=9).to_json()
    assert native.__dict__.keys() == plain.__dict__.keys()
    plan = type(state)._clone_plan
    for name in plan.shared:
        assert getattr(native, name) is getattr(state, name)
    for name in copied_by_plan(plan):
        copied, original = getattr(native, name), getattr(state, name)
        assert copied is not original or original is None
        assert type(copied) is type(original)
    for name in plan.nested:
        for copied, original in zip(getattr(native, name), getattr(state, name), strict=True):
            assert copied is not original
    assert native.events.entries is not state.events.entries
    assert native.events.entries == state.events.entries
    assert native.rng.state == state.rng.state


@pytest.mark.parametrize("game_id", gamenight.games())
def test_worlds_and_clones_play_the_same_either_way(game_id, monkeypatch):
    def games() -> list[str]:
        state = played(game_id, 40)
        copies = [state.clone(), *(state.determinize(s, seed=11) for s in range(state.num_players))]
        copies.append(state.determinize(None, seed=12))
        return [random_moves(copy, 30, 3).to_json() for copy in copies]

    native = games()
    monkeypatch.setattr(state_module, "copy_state", fields.copy_state_python)
    monkeypatch.setattr(state_module, "seen_by", seen_by_python)
    assert games() == native


def changed(state: gamenight.State) -> None:
    """Change every mutable field of `state` in place (no rule of the game's applied)."""
    plan = type(state)._clone_plan
    for name in plan.lists:
        items = getattr(state, name)
        items.append((0, HIDDEN) if items is state.history else None)
    for name in plan.nested:
        rows = getattr(state, name)
        for row in rows:
            row.append("changed")
        rows.append([])
    state.events.entries.append(("changed", {}, None))
    state.rng.next64()
    for name, _ in plan.parts:
        part = getattr(state, name)
        if isinstance(part, list):  # a decision stack
            part.clear()


@pytest.mark.parametrize("game_id", gamenight.games())
@pytest.mark.parametrize("steps", [0, 7, 40])
def test_a_clone_and_its_original_change_independently(game_id, steps, copy_state):
    state = played(game_id, steps)
    before = state.to_json()
    twin = state.clone()
    changed(twin)
    assert state.to_json() == before
    again = state.clone()
    changed(state)
    assert again.to_json() == before
    assert twin.clone().to_json() == twin.to_json()


@pytest.mark.parametrize("game_id", gamenight.games())
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_random_play_on_a_clone_never_changes_its_original_nor_the_reverse(game_id, data):
    state = drawn_game(data, game_id, most_moves=80)
    before = state.to_json()
    twin = state.clone()
    twin_before = twin.to_json()
    assert twin_before == before
    random_moves(twin, data.draw(st.integers(1, 40)), data.draw(st.integers(0, 99), label="twin"))
    assert state.to_json() == before
    twin_after = twin.to_json()
    random_moves(state, data.draw(st.integers(1, 40)), data.draw(st.integers(0, 99), label="own"))
    assert twin.to_json() == twin_after
    # A clone of the clone is as independent, in both directions.
    again = twin.clone()
    random_moves(again, 20, 7)
    assert twin.to_json() == twin_after


@pytest.mark.parametrize("game_id", gamenight.games())
def test_a_clone_leaves_values_outside_its_fields_behind(game_id, copy_state):
    state = played(game_id, 5)
    state.legal_actions(state.actors()[0])  # the latest answer, kept by the state
    for cache in (None, ["a cache of the original's"]):
        if cache is not None:
            state.scratch = cache
        for twin in (state.clone(), state.determinize(None, seed=1)):
            assert "scratch" not in twin.__dict__ and "_offered" not in twin.__dict__


def test_a_copy_names_a_missing_field(copy_state):
    class Bare:
        __slots__ = ("deck", "hands")

    plan = fields.Fields(lists=("hands",)).plan(Bare, ("deck",), (), ())
    source = Bare()
    source.deck = [1, 2]
    with pytest.raises(AttributeError, match="hands"):
        copy_state(source, plan)
    source.hands, source.deck = [3], None
    copied = copy_state(source, plan)
    assert copied.hands == [3] and copied.hands is not source.hands


def test_a_tuple_field_is_shared_by_a_copy_written_as_a_list_and_read_as_a_tuple(copy_state):
    """A `tuples` field is replaced, never changed, by its game: a copy shares it, and a
    snapshot writes it as JSON lists and reads it back as the same tuples, one per seat
    for a tuple of tuples."""

    class Pile:
        __slots__ = ("deck", "discard", "table")

    declared = fields.Fields(lists=("discard",), tuples=("deck", "table"))
    assert declared.names == ("discard", "deck", "table")
    plan = declared.plan(Pile, (), (), ())
    source = Pile()
    source.deck, source.discard, source.table = (3, 1, 2), [4], ((5,), (), (6, 7))
    copied = copy_state(source, plan)
    assert copied.deck is source.deck and copied.table is source.table
    assert copied.discard == [4] and copied.discard is not source.discard
    data = declared.dump(source)
    assert data == {"discard": [4], "deck": [3, 1, 2], "table": [[5], [], [6, 7]]}
    assert type(data["deck"]) is list and type(data["table"][0]) is list
    loaded = Pile()
    declared.load(loaded, json.loads(json.dumps(data)), 3)
    assert (loaded.deck, loaded.table) == (source.deck, source.table)
    assert type(loaded.deck) is tuple and type(loaded.table[2]) is tuple
    for bad in ([[1], 2], [{"a": 1}], "3 1 2"):
        with pytest.raises(ValueError, match="deck must be a list of numbers"):
            declared.load(Pile(), {**data, "deck": bad}, 3)
    with pytest.raises(ValueError, match="lacks deck"):
        declared.load(Pile(), {"discard": [], "table": []}, 3)


def test_a_flat_part_is_copied_as_its_own_copy_does(copy_state):
    """`Window` and `Offers` are copied flat by the C clone: the same slot values, the
    offers' dict its own; a subclass's instance is copied by its own `copy`."""

    class Table:
        __slots__ = ("offers", "other", "window")

    class Remembering(Window):
        __slots__ = ("note",)

        def copy(self) -> Remembering:
            new = Remembering(self.mode, self.seats, self.opener)
            new.note = "copied by its own copy"
            return new

    parts = (("window", Window), ("offers", Offers), ("other", Window))
    plan = fields.Fields(parts=parts).plan(Table, (), (), ())
    assert [flat_copy for _, _, *flat_copy in map(fields._part_layout, parts, parts)] == [
        [tuple(vars(Window)[name] for name in Window.__slots__)],
        [tuple(vars(Offers)[name] for name in Offers.__slots__)],
        [tuple(vars(Window)[name] for name in Window.__slots__)],
    ]
    source = Table()
    source.window = Window(RESET_ON_PLAY, (0, 2, 1), 1)
    source.offers = Offers(3)
    source.offers.by_id[7] = "an offer"  # offers are immutable: shared by the copies
    source.offers.next_id = 8
    source.other = Remembering(EACH_SEAT_ONCE, (0, 1), 0)
    copied = copy_state(source, plan)
    expected = source.window.copy(), source.offers.copy()
    for mine, theirs in zip((copied.window, copied.offers), expected, strict=True):
        assert type(mine) is type(theirs)
        for name in type(theirs).__slots__:
            assert getattr(mine, name) == getattr(theirs, name)
    assert copied.offers.by_id is not source.offers.by_id
    assert copied.window.seats is source.window.seats  # a tuple: shared
    assert type(copied.other) is Remembering and copied.other.note == "copied by its own copy"
    source.offers.by_id.clear()
    assert copied.offers.by_id == {7: "an offer"}


def test_a_plan_refuses_a_field_that_is_no_slot():
    class Loose:
        __slots__ = ("__dict__", "deck")

    with pytest.raises(TypeError, match=r"Loose\.hands is no slot"):
        fields.Fields(lists=("hands",)).plan(Loose, ("deck",), (), ())


def test_a_native_plan_copies_only_its_own_class():
    class Bare:
        __slots__ = ("deck",)

    class Other:
        __slots__ = ("deck",)

    plan = fields.Fields().plan(Bare, ("deck",), (), ())
    if plan.layout is None:
        pytest.skip("the C part is not built")
    other = Other()
    other.deck = []
    with pytest.raises(TypeError, match="Bare"):
        fields.copy_state(other, plan)


@pytest.mark.parametrize("game_id", gamenight.games())
def test_a_world_sees_the_same_log_and_history_either_way(game_id):
    state = played(game_id, 40)
    hidden = [(other, HIDDEN) for other in range(state.num_players)]
    for seat in (None, *range(state.num_players)):
        entries, history = state.events.entries, state.history
        assert seen_by(entries, history, seat, hidden) == seen_by_python(
            entries, history, seat, hidden
        )


def test_a_seat_that_cannot_be_compared_is_an_error_not_a_sight():
    class Unequal(int):
        def __eq__(self, other: object) -> bool:
            raise ArithmeticError("no comparing this seat")

        __hash__ = int.__hash__

    entries = [("kind", {}, (Unequal(1),))]
    for look in (seen_by, seen_by_python):
        with pytest.raises(ArithmeticError, match="no comparing"):
            look(entries, [], 0, [])


def test_a_clone_of_a_subclassed_generator_gets_a_plain_one(copy_state):
    class Loaded(Rng):
        __slots__ = ("faces",)

    state = played("boss-quest", 3)
    state.rng = loaded = Loaded(state=state.rng.state)
    loaded.faces = [6]
    twin = state.clone()
    assert type(twin.rng) is Rng and twin.rng.state == loaded.state
