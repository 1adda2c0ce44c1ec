"""The kernel's C loops (`kernel/_native.c`) do exactly what their Python fallbacks do."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.kernel import HIDDEN, Rng, fields
from gamenight.kernel.state import seen_by, seen_by_python


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


@pytest.mark.parametrize("game_id", gamenight.games())
def test_a_clone_copies_the_same_fields_either_way(game_id, monkeypatch):
    state = played(game_id, 30)
    native = state.clone()
    monkeypatch.setattr(fields, "NATIVE", False)
    plain = state.clone()
    assert native.to_json() == plain.to_json() == state.to_json()
    for name in type(state).fields.lists + type(state).fields.nested:
        copied, original = getattr(native, name), getattr(state, name)
        assert copied == original and copied is not original
    for name in type(state).fields.nested:
        for copied, original in zip(getattr(native, name), getattr(state, name), strict=True):
            assert copied is not original


def test_copy_fields_names_a_missing_field():
    class Bare:
        pass

    source, target = Bare(), Bare()
    with pytest.raises(KeyError, match="hands"):
        fields.Fields(lists=("hands",)).copy_into(source, target)


@pytest.mark.parametrize("game_id", gamenight.games())
def test_a_world_sees_the_same_log_and_history_either_way(game_id):
    state = played(game_id, 40)
    hidden = [(other, HIDDEN) for other in range(state.num_players)]
    for seat in (None, *range(state.num_players)):
        entries, history = state.events.entries, state.history
        assert seen_by(entries, history, seat, hidden) == seen_by_python(
            entries, history, seat, hidden
        )
