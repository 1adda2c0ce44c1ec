"""The kernel's `Window`: answering order, both modes, copies, JSON and its validation."""

from __future__ import annotations

import doctest
import json

import pytest

from gamenight.kernel import IllegalAction, windows
from gamenight.kernel.windows import EACH_SEAT_ONCE, RESET_ON_PLAY, Window


def test_seats_answer_from_the_seat_after_the_opener_the_opener_last():
    assert Window(RESET_ON_PLAY, (0, 1, 2, 3), opener=1).waiting == (2, 3, 0, 1)
    assert Window(EACH_SEAT_ONCE, (3, 0, 1, 2), opener=3).waiting == (0, 1, 2, 3)


def test_an_opener_that_may_not_answer_is_skipped_in_table_order():
    assert Window(RESET_ON_PLAY, (0, 1, 3), opener=2).waiting == (3, 0, 1)


def test_reset_on_play_closes_when_everyone_passed_since_the_last_play():
    window = Window(RESET_ON_PLAY, range(4), opener=0)
    window.passed(1)
    window.passed(2)
    window.played(3)  # a counter: every seat answers again, from seat 0, seat 3 last
    assert window.waiting == (0, 1, 2, 3)
    for seat in (0, 1, 2):
        window.passed(seat)
    assert not window.closed
    window.passed(3)
    assert window.closed and window.waiting == ()


def test_any_waiting_seat_may_answer_out_of_order():
    window = Window(RESET_ON_PLAY, range(4), opener=0)
    window.passed(3)
    assert window.waiting == (1, 2, 0)
    window.played(2)
    assert window.waiting == (3, 0, 1, 2)


def test_each_seat_once_never_reopens():
    window = Window(EACH_SEAT_ONCE, range(3), opener=2)
    window.played(0)  # a bid
    window.passed(1)
    assert window.waiting == (2,)
    window.played(2)
    assert window.closed


@pytest.mark.parametrize("mode", [RESET_ON_PLAY, EACH_SEAT_ONCE])
def test_a_seat_not_waiting_is_refused_and_nothing_changes(mode):
    window = Window(mode, (0, 1, 2), opener=0)
    window.passed(1)
    before = window.to_json()
    for seat in (1, 5):
        with pytest.raises(IllegalAction, match=f"seat {seat} is not waiting"):
            window.passed(seat)
        with pytest.raises(IllegalAction, match="not waiting"):
            window.played(seat)
    assert window.to_json() == before


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="each seat once"):
        Window(RESET_ON_PLAY, (0, 1, 1), opener=0)
    with pytest.raises(ValueError, match="is not a valid WindowMode"):
        Window("first_come", (0, 1), opener=0)


def test_a_copy_is_independent_and_equal():
    window = Window(RESET_ON_PLAY, range(3), opener=0)
    copy = window.copy()
    assert copy == window
    copy.played(2)
    assert copy != window and window.waiting == (1, 2, 0)


def test_json_round_trips_exactly():
    window = Window(RESET_ON_PLAY, (0, 2, 3), opener=1)
    window.passed(2)
    data = json.loads(json.dumps(window.to_json()))
    assert data == {"mode": "reset_on_play", "opener": 1, "seats": [0, 2, 3], "waiting": [3, 0]}
    loaded = Window.from_json(data, players=4)
    assert loaded == window and loaded.mode is RESET_ON_PLAY
    loaded.played(0)  # it goes on like the original
    assert loaded.waiting == (2, 3, 0)


GOOD = {"mode": "each_seat_once", "opener": 0, "seats": [0, 1, 2], "waiting": [1, 2, 0]}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"mode": "first_come"}, "window mode must be one of"),
        ({"mode": ["reset_on_play"]}, "window mode must be one of"),
        ({"opener": True}, "window opener must be a seat"),
        ({"opener": 3}, "window opener must be a seat .* below 3"),
        ({"seats": [0, 1, 1]}, "window seats lists a seat twice"),
        ({"seats": [2, 1, 0]}, "window seats must be sorted"),
        ({"seats": "012"}, "window seats must be a list"),
        ({"seats": [0, 1, 2.0]}, "window seats must be a seat"),
        ({"waiting": [1, 3]}, "window waiting must be a seat"),
        ({"waiting": [1, 0, 2]}, "is not in table order"),
        ({"seats": [0, 1], "waiting": [1, 2]}, "lists a seat not in seats"),
        ({"extra": 1}, "a window is an object with"),
    ],
)
def test_a_malformed_window_is_refused_naming_the_field(change, message):
    with pytest.raises(ValueError, match=message):
        Window.from_json({**GOOD, **change}, players=3)


def test_a_window_lacking_a_field_or_not_an_object_is_refused():
    with pytest.raises(ValueError, match="mode, opener, seats, waiting"):
        Window.from_json({k: v for k, v in GOOD.items() if k != "waiting"})
    with pytest.raises(ValueError, match="a window is an object"):
        Window.from_json([GOOD])


def test_the_module_docstring_example_runs():
    assert doctest.testmod(windows).failed == 0
