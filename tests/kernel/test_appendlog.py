"""`AppendLog`, a state's history and event log: it reads like the list of its entries,
and a copy changes independently of its original however both grow and shrink."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamenight
from gamenight.kernel import Rng, State
from gamenight.kernel.appendlog import CHUNK, AppendLog, PythonAppendLog

KINDS = [PythonAppendLog]
if AppendLog is not PythonAppendLog:  # the C one is built
    KINDS.append(AppendLog)

# A program of operations on a log and its copies: append, pop, clear, or copy.
OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("append"), st.integers(0, 3), st.integers()),
        st.tuples(st.just("pop"), st.integers(0, 3)),
        st.tuples(st.just("clear"), st.integers(0, 3)),
        st.tuples(st.just("copy"), st.integers(0, 3)),
    ),
    max_size=300,
)


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=150, deadline=None)
@given(operations=OPERATIONS, grown=st.integers(0, 3 * CHUNK))
def test_each_copy_is_its_own_list(kind, operations, grown):
    """Logs and their copies against plain lists: each reads as its own list at every
    step (indices, negative ones, slices, iteration, len, ==)."""
    logs, lists = [kind(range(grown))], [list(range(grown))]
    for operation, which, *value in operations:
        log, model = logs[which % len(logs)], lists[which % len(logs)]
        if operation == "append":
            log.append(value[0])
            model.append(value[0])
        elif operation == "pop":
            if model:
                assert log.pop() == model.pop()
            else:
                with pytest.raises(IndexError, match="empty"):
                    log.pop()
        elif operation == "clear":
            log.clear()
            model.clear()
        else:
            logs.append(log.copy())
            lists.append(model.copy())
        for each, expected in zip(logs, lists, strict=True):
            assert len(each) == len(expected)
            assert list(each) == expected
    for log, model in zip(logs, lists, strict=True):
        assert log == model and model == log and log == kind(model)
        assert [log[i] for i in range(-len(model), len(model))] == model + model
        for window in (slice(None), slice(3, -2), slice(None, None, -3), slice(5, 2)):
            assert log[window] == model[window]
        assert list(reversed(log)) == model[::-1]


@pytest.mark.parametrize("kind", KINDS)
def test_it_reads_and_refuses_like_a_list(kind):
    log = kind([(0, "a"), (1, "b")])
    assert isinstance(log, Sequence)
    assert repr(log) == "AppendLog([(0, 'a'), (1, 'b')])"
    assert log != [(0, "a")] and log != "not a log"
    assert pickle.loads(pickle.dumps(log)) == log
    assert copy.deepcopy(log) == log
    with pytest.raises(IndexError, match="out of range"):
        log[2]
    with pytest.raises(TypeError, match="indices must be integers or slices, not str"):
        log["0"]
    with pytest.raises(TypeError, match="unhashable"):
        hash(log)


def test_a_clone_shares_the_sealed_history_and_owns_the_rest():
    rng = Rng(4)  # random moves: a Munchkin game runs long

    def play_until(state: State, length: int) -> None:
        while len(state.history) < length:
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])

    state = gamenight.make("munchkin", 3, seed=4)
    play_until(state, 3 * CHUNK + 5)
    twin = state.clone()
    assert type(twin.history) is type(state.history) is AppendLog
    assert twin.history == state.history and twin.events == state.events
    before = list(state.history), list(state.events.entries)
    play_until(twin, 6 * CHUNK)  # the twin seals chunks of its own
    assert (list(state.history), list(state.events.entries)) == before
    assert twin.history[: len(before[0])] == before[0]
    play_until(state, 5 * CHUNK)  # and the original too
    assert twin.history[: len(before[0])] == before[0] == state.history[: len(before[0])]
