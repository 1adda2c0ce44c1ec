"""The timed grab: actions resolved in time order, ties, limits, and refusals."""

from __future__ import annotations

import math

import pytest

from gamenight import IllegalAction
from gamenight.games.boss_quest.actions import VisitMage
from gamenight.games.ninja_master.actions import BUCKET_MS, DONE, WAIT, Call, Done, Grab
from gamenight.games.ninja_master.resolution import moment

from .helpers import call, finish, game, grab, play


def refused(state, seat, action, message):
    """`action` raises `IllegalAction` with `message` and leaves the state as it was."""
    before, history, events = state.to_json(), len(state.history), len(state.events)
    with pytest.raises(IllegalAction, match=message):
        state.apply(seat, action)
    assert state.to_json() == before
    assert (len(state.history), len(state.events)) == (history, events)


def test_every_seat_grabs_at_once():
    state = game(players=4, shuriken=2)
    assert state.actors() == (0, 1, 2, 3)
    play(state, (3, grab("red", 450)), (0, grab("katana", 700)), (3, grab("blue", 733)))
    view = state.view(None)
    assert view["tokens"][0] == {"token": "red", "holder": 3, "ms": 450}
    assert view["tokens"][1] == {"token": "blue", "holder": 3, "ms": 733}
    assert view["tokens"][5] == {"token": "katana", "holder": 0, "ms": 700}
    assert view["now_ms"] == 733  # exact times, not only the buckets
    assert [e.data["token"] for e in state.events if e.kind == "grab"] == ["red", "katana", "blue"]


def test_actions_come_in_time_order():
    state = game()
    play(state, (0, grab("red", 700)))
    refused(state, 1, grab("blue", 699), "sooner than a reaction allows")
    play(state, (1, grab("blue", 700)))  # the same moment is fine


def test_a_token_already_taken_is_refused():
    state = game()
    play(state, (0, grab("red", 500)))
    refused(state, 1, grab("red", 600), "the red token was taken by seat 0 at 500 ms")
    refused(state, 0, grab("red", 600), "seat 0 already holds the red token")


def test_the_time_limit_bounds_every_action():
    state = game(time_limit_ms=2000)
    refused(state, 0, grab("red", 2001), "past the grab's time limit")
    play(state, (0, grab("red", 2000)), (1, call(5, 2000)))
    assert state.deadline() == 2000


def test_the_deadline_is_the_limit_then_the_end_of_the_tie_window():
    state = game(tie_window_ms=150)
    assert state.deadline() == 10_000
    play(state, (0, grab("red", 400)), (1, call(5, 900)))
    assert state.deadline() == 1050


def test_done_leaves_the_grab_and_the_last_one_ends_the_round():
    state = game()
    play(state, (1, DONE))
    assert 1 not in state.actors() and state.legal_actions(1) == []
    refused(state, 1, grab("red", 500), "may not act now")
    play(state, (0, DONE), (2, DONE))
    assert state.round == 2


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Grab("red", 500), "there is no token 'red'"),
        (Grab(6, 500), "there is no token 6"),
        (Grab(0, 500.0), "whole number of milliseconds"),
        (Grab(0, True), "whole number of milliseconds"),
        (Call(28, 500), "from 0 to 27"),
        (Call(-1, 500), "from 0 to 27"),
        (VisitMage(), "not a Ninja Master action"),
    ],
)
def test_malformed_actions_are_refused_with_a_reason(action, message):
    state = game()
    play(state, (0, grab("green", 400)))
    refused(state, 1, action, message)


@pytest.mark.parametrize("seat", [1.0, True])
def test_a_non_int_seat_grabbing_a_taken_token_is_refused_and_changes_nothing(seat):
    state = game(players=2)
    play(state, (0, grab("red", 250)))
    # The refusal text of a taken token shifts the contest mask by the seat: a float crashed.
    refused(state, seat, grab("red", 250), f"there is no seat {seat!r}")


# ----- ties at the same millisecond --------------------------------------------------------


def test_a_tie_for_a_token_is_drawn_uniformly_by_the_generator():
    wins = [0, 0, 0]
    for seed in range(300):
        state = game(seed=seed)
        play(state, (0, grab("red", 500)), (1, grab("red", 500)), (2, grab("red", 500)))
        wins[state.holder[0]] += 1
    assert min(wins) > 70, wins  # each of the three about 100 times


def test_a_tie_loser_cannot_try_again_but_a_displaced_holder_grabs_another_token():
    for seed in range(20):
        state = game(seed=seed)
        play(state, (0, grab("red", 500)), (1, grab("red", 500)))
        loser = 1 - state.holder[0]
        refused(state, loser, grab("red", 500), "the red token was taken")
        play(state, (loser, grab("blue", 500)))
        assert state.holder[:2] == [1 - loser, loser]


def test_a_tie_is_only_at_the_very_same_millisecond():
    state = game()
    play(state, (0, grab("red", 500)), (1, grab("blue", 501)))
    refused(state, 2, grab("red", 501), "taken by seat 0 at 500 ms")


# ----- the finite legal actions -----------------------------------------------------------


def test_legal_actions_are_buckets_from_the_clock_to_the_limit():
    state = game(time_limit_ms=5000)
    legal = state.legal_actions(0)
    buckets = [ms for ms in BUCKET_MS if ms <= 5000]
    assert legal == [Grab(t, ms) for t in range(6) for ms in buckets] + [DONE, WAIT]
    play(state, (0, grab("red", 1200)))
    later = [ms for ms in buckets if ms >= 1200]
    legal = state.legal_actions(1)
    assert {a for a in legal if type(a) is Grab} == {
        Grab(t, ms) for t in range(1, 6) for ms in later
    }
    assert {a for a in legal if type(a) is Call} == {Call(n, ms) for n in range(28) for ms in later}
    assert legal[-2:] == [DONE, WAIT]
    assert len(state.legal_actions(0)) == 5 * len(later) + 28 * len(later) + 2


def test_legal_actions_after_a_call_are_grabs_at_its_moment_and_calls_in_the_window():
    state = game()
    play(state, (0, grab("red", 1000)), (1, call(5, 1000)))
    # At the call's very moment: the free tokens, and calls; nothing later.
    grabs = [Grab(t, 1000) for t in range(1, 6)]
    calls = [Call(n, 1000) for n in range(28)]
    assert state.legal_actions(2) == grabs + calls + [DONE, WAIT]


def test_with_no_representative_time_left_only_done_is_offered():
    state = game()
    play(state, (0, grab("red", 760)), (1, call(5, 760)))
    # The next bucket (1000 ms) is past the tie window (760 + 100): exact times only.
    assert state.legal_actions(2) == [DONE, WAIT]
    play(state, (2, call(5, 800)))


def test_every_legal_action_is_accepted():
    state = game()
    play(state, (0, grab("red", 1000)))
    for seat in state.actors():
        for action in state.legal_actions(seat):
            state.clone().apply(seat, action)


def test_moment_orders_done_then_grabs_then_calls_of_the_same_ms_and_wait_never():
    assert moment(grab("blue", 900)) == 900
    assert moment(call(5, 900)) == 900.5  # after a grab of the same millisecond
    assert moment(Done()) < 0 and moment(WAIT) == math.inf


def test_a_round_can_end_without_any_token_taken():
    state = game(scores=[3, 3, 3], shuriken=1)
    summary = finish(state)
    assert summary["holders"] == [-1] * 6 and summary["calls"] == []
    assert state.scores == [3, 6, 3]
