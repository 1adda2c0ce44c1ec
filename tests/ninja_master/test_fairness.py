"""Fair real time: seat order, arrival order and claimed reaction times decide nothing.

Every seat seals its next move; the engine resolves the earliest moves together by its
own rules (`resolution.py`), and no move is sooner than `reaction_ms` after what it could
react to.
"""

from __future__ import annotations

from typing import Any

import pytest

import gamenight
from gamenight import IllegalAction, agents
from gamenight.games.ninja_master.actions import DONE, WAIT, Call, Grab
from gamenight.play import play
from gamenight.sim.stats import wilson_interval
from gamenight.testing import rigged

from .helpers import QUIET, call, grab


def unchanged_after_refusal(state, seat, action, message):
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message):
        state.apply(seat, action)
    assert state.to_json() == before


def test_a_1_ms_reaction_to_the_dice_is_refused():
    state = gamenight.make("ninja-master", players=3, seed=1)
    unchanged_after_refusal(state, 0, Grab(0, 1), "1 ms is sooner than a reaction allows")
    unchanged_after_refusal(state, 0, Grab(0, 149), "the earliest is 150 ms")
    state.apply(0, Grab(0, 150))


def test_nothing_is_answered_sooner_than_a_reaction_after_it_was_seen():
    state = rigged("ninja-master", players=3, dice=QUIET)
    state.apply(0, grab("red", 400))
    state.apply(1, WAIT)
    state.apply(2, WAIT)  # everyone has proposed: the grab at 400 is resolved and seen
    assert state.holder[0] == 0 and state.floor == 550
    unchanged_after_refusal(state, 1, grab("blue", 549), "the earliest is 550 ms")
    assert all(action.ms >= 550 for action in state.legal_actions(1) if type(action) is Grab)


def test_a_seen_call_cannot_be_copied_into_its_moment():
    state = rigged("ninja-master", players=3, dice=QUIET)
    state.apply(0, grab("red", 300))
    state.apply(1, WAIT)
    state.apply(2, WAIT)
    state.apply(0, call(5, 500))
    state.apply(1, WAIT)
    state.apply(2, WAIT)  # the call at 500 is resolved: everyone saw it
    assert state.calls == [[0, 5, 500]]
    for ms in (500, 600):  # the same moment, or inside the tie window
        unchanged_after_refusal(state, 1, call(5, ms), "sooner than a reaction allows")
    assert state.legal_actions(1) == [DONE, WAIT]  # 650 ms is past the window's end


def test_a_move_sealed_before_a_resolution_is_carried_out_at_its_own_time():
    state = rigged("ninja-master", players=3, dice=QUIET)
    state.apply(1, grab("blue", 480))  # sealed before seat 0's grab at 400 was resolved
    state.apply(0, grab("red", 400))
    state.apply(2, WAIT)
    # Seat 1 could not react to 400 before 550: its grab at 480 stays sealed...
    assert state.holder[:2] == [0, -1] and state.sealed[1] == grab("blue", 480)
    assert state.actors() == (0, 2)
    state.apply(0, WAIT)
    state.apply(2, WAIT)  # ...and happens at its own time
    assert state.holder[:2] == [0, 1] and state.taken_at[1] == 480


def test_a_move_that_a_seat_could_still_change_is_withdrawn_and_asked_again():
    state = rigged("ninja-master", players=3, dice=QUIET)
    state.apply(1, grab("blue", 900))
    state.apply(0, grab("red", 400))
    state.apply(2, WAIT)
    assert state.holder[1] == -1 and state.sealed == [None, None, None]
    assert set(state.actors()) == {0, 1, 2}  # 900 >= 550: seat 1 decides again, seeing red go


def test_simultaneous_grabs_of_one_token_are_drawn_uniformly_whatever_the_order():
    wins = [0, 0, 0]
    for seed in range(300):
        state = rigged("ninja-master", players=3, seed=seed, dice=QUIET)
        for seat in (2, 0, 1) if seed % 2 else (0, 1, 2):  # arrival order changes nothing
            state.apply(seat, grab("red", 500))
        wins[state.holder[0]] += 1
    assert min(wins) > 70, wins  # each about 100


def test_two_identical_bots_win_an_equal_share_from_either_seat():
    games, seat_0 = 2000, 0
    for seed in range(games):
        state = gamenight.make("ninja-master", players=2, seed=seed)
        twins = [agents.make("hard", "ninja-master", seed) for _ in range(2)]
        winners = play(state, twins).outcome().winners
        seat_0 += winners == (0,)
        seat_0 += 0.5 * (len(winners) == 2)
    low, high = wilson_interval(round(seat_0), games)
    assert low < 0.5 < high, (seat_0, low, high)


class Copycat:
    """Never counts: repeats the first call it sees, as soon as the rules let it."""

    name = "copycat"
    needs_state = False

    def act(self, view: dict[str, Any], legal: list, clock: Any = None, state: Any = None):
        if not view["calls"]:
            return WAIT if WAIT in legal else DONE
        heard = view["calls"][0]["total"]
        copies = [a for a in legal if type(a) is Call and a.total == heard]
        return copies[0] if copies else DONE


class Silent:
    """Never calls and takes nothing."""

    name = "silent"
    needs_state = False

    def act(self, view: dict[str, Any], legal: list, clock: Any = None, state: Any = None):
        return DONE


def test_a_copycat_earns_no_more_call_points_than_a_seat_that_never_calls():
    copycat = silent = heard = 0
    for seed in range(300):
        state = gamenight.make("ninja-master", players=3, seed=seed, max_rounds=6)
        seats = [agents.make("hard", "ninja-master", seed), Copycat(), Silent()]
        play(state, seats)
        copycat += state.call_points[1]
        silent += state.call_points[2]
        heard += sum(
            1 for event in state.events if event.kind == "call" and event.data["seat"] == 0
        )
    assert heard > 500  # the copycat heard plenty of calls
    assert copycat <= silent == 0
