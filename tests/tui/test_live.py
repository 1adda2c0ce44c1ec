"""The live table: bots on their own clocks, people stamped with the time they act.

Every test moves a fake clock by hand: nothing sleeps and no wall-clock time is read.
"""

from __future__ import annotations

import pytest

import gamenight
from gamenight import agents
from gamenight.games.ninja_master.actions import DONE, Call, Grab
from gamenight.kernel import IllegalAction
from gamenight.play import play
from gamenight.play.live import LiveTable
from gamenight.testing import rigged

from .helpers import QUIET, FakeClock, Script, call, finish_step, grab


def table(state, bots, clock):
    """A live table with a person at every seat `bots` leaves ``None``."""
    return LiveTable(state, bots, DONE, clock)


def quiet(players=2, **setup):
    return rigged("ninja-master", players=players, dice=QUIET, **setup)


# ----- live play and simulation agree ------------------------------------------------------


def presses(round_no, state):
    """What the person tries in a round: two grabs and a call, some of them refused."""
    return [
        (230 + 37 * round_no, lambda ms, t=round_no % 6: Grab(t, ms)),
        (610 + 53 * round_no, lambda ms, t=(round_no * 5 + 2) % 6: Grab(t, ms)),
        (1400 + 71 * round_no, lambda ms, n=state.dice.total + round_no % 2: Call(n, ms)),
    ]


@pytest.mark.parametrize("seed", range(6))
def test_live_play_gives_the_game_its_timed_actions_give_in_simulation(seed):
    players = 2 + seed % 4
    person = players - 1  # the last seat: bots acting in the same ms go first in both loops
    levels = ("easy", "normal", "hard")

    def bots():
        return [
            agents.make(levels[(seed + s) % 3], "ninja-master", 100 * seed + s)
            for s in range(players - 1)
        ]

    state = gamenight.make("ninja-master", players=players, seed=seed, max_rounds=8)
    clock = FakeClock()
    live = table(state, [*bots(), None], clock)
    accepted, refused = [], 0
    while not state.is_over():
        clock.begin(live)
        round_no = state.round
        for ms, build in presses(round_no, state):
            clock.to(ms)
            if not live.running:
                break
            try:
                accepted.append((round_no, live.act(person, build)))
            except IllegalAction:
                refused += 1
        finish_step(live, clock)
    assert accepted and refused  # the script exercised both

    # The same timed actions, played by the table loop of simulations, without a clock.
    simulated = gamenight.make("ninja-master", players=players, seed=seed, max_rounds=8)
    play(simulated, [*bots(), Script(person, accepted)])
    assert simulated.events == state.events
    assert simulated.outcome() == state.outcome()
    # The record of live play (exact times) replays to the very same state.
    assert gamenight.replay(state.record()).to_json() == state.to_json()


# ----- time: stamps, bots' clocks, the deadline --------------------------------------------


def test_a_person_is_stamped_with_the_whole_ms_since_the_dice_were_shown():
    clock = FakeClock()
    live = table(quiet(), [None, Script(1, [])], clock)
    clock.begin(live)
    clock.to(1234.9)
    assert live.act(0, lambda ms: grab("red", ms)) == grab("red", 1234)
    assert live.state.taken_at[0] == 1234


def test_bots_act_when_their_time_comes_and_not_before():
    clock = FakeClock()
    live = table(quiet(), [None, Script(1, [(1, grab("blue", 300))])], clock)
    clock.begin(live)
    assert live.next_due() == 300
    clock.to(299.9)
    assert live.advance() == []
    assert live.state.holder[1] == -1
    clock.to(300)
    assert live.advance() == [(1, grab("blue", 300)), (1, DONE)]  # the script has ended
    assert live.state.holder[1] == 1


def test_a_person_acting_later_than_a_bot_comes_after_it_even_if_the_app_was_slow():
    clock = FakeClock()
    live = table(quiet(), [None, Script(1, [(1, grab("red", 300))])], clock)
    clock.begin(live)
    clock.to(450)  # nobody advanced the table since the dice were shown
    with pytest.raises(IllegalAction, match="the red token was taken by seat 1 at 300 ms"):
        live.act(0, lambda ms: grab("red", ms))
    assert live.state.holder[0] == 1


def test_the_grab_ends_when_the_tie_window_after_the_first_call_has_passed():
    clock = FakeClock()
    moves = [(1, grab("blue", 300)), (1, call(5, 500))]
    silent = None  # a person who does nothing: still grabbing when time is up
    live = table(quiet(players=3, tie_window_ms=100), [None, Script(1, moves), silent], clock)
    clock.begin(live)
    clock.to(400)
    live.act(0, lambda ms: grab("red", ms))
    clock.to(600.9)  # 600 ms is the last ms of the window: a call stamped then counts
    live.advance()
    assert live.running
    live.act(0, lambda ms: call(5, ms))
    assert live.state.calls == [(1, 5, 500), (0, 5, 600)]
    assert live.state.round == 1  # the callers are out, but the window is still open...
    clock.to(601)
    assert live.advance() == [(2, DONE)]  # ...until it has passed: time is up
    assert not live.running
    assert live.state.round == 2
    assert live.state.last_round["calls"] == [[1, 5, 500], [0, 5, 600]]


def test_without_a_call_the_grab_ends_at_the_time_limit_and_everybody_is_done():
    clock = FakeClock()
    live = table(quiet(time_limit_ms=2000), [None, None], clock)
    clock.begin(live)
    clock.to(300)
    live.act(1, lambda ms: grab("blue", ms))
    clock.to(2000)
    live.advance()
    assert live.running and live.next_due() == 2001
    clock.to(2001)
    assert live.advance() == [(0, DONE), (1, DONE)]
    assert not live.running
    summary = live.state.last_round
    assert summary["holders"][1] == 1 and summary["calls"] == []


def test_after_the_step_the_table_waits_for_the_next_one():
    clock = FakeClock()
    live = table(quiet(time_limit_ms=1000), [None, Script(1, [])], clock)
    clock.begin(live)
    clock.to(5000)
    live.advance()
    assert not live.running and live.next_due() is None
    with pytest.raises(IllegalAction, match="the step is over"):
        live.act(0, lambda ms: grab("red", ms))
    assert live.state.round == 2 and max(live.state.holder) == -1
    clock.to(60_000)
    clock.begin(live)  # round 2's dice are shown now: its clock starts at 0
    clock.to(250)
    assert live.act(0, lambda ms: grab("red", ms)) == grab("red", 250)
    with pytest.raises(ValueError, match="begun already"):
        live.begin()


# ----- refusals ------------------------------------------------------------------------------


def refused(live, seat, build):
    """Try an action that must be refused; the state must not change. Returns the reason."""
    before = live.state.to_json()
    with pytest.raises(IllegalAction) as error:
        live.act(seat, build)
    assert live.state.to_json() == before
    return str(error.value)


def test_refused_actions_leave_the_state_unchanged():
    clock = FakeClock()
    bot = Script(1, [(1, grab("blue", 300)), (1, grab("green", 400)), (1, call(5, 450))])
    live = table(quiet(players=3), [None, bot, Script(2, [(1, call(5, 520))])], clock)
    clock.begin(live)
    clock.to(200)
    assert "nobody has taken a token yet" in refused(live, 0, lambda ms: call(5, ms))
    clock.to(420)
    assert live.advance() == [(1, grab("blue", 300)), (1, grab("green", 400))]
    assert "taken by seat 1 at 300 ms" in refused(live, 0, lambda ms: grab("blue", ms))
    live.act(0, lambda ms: grab("red", ms))
    live.act(0, lambda ms: grab("yellow", ms))
    assert "already holds 2 tokens" in refused(live, 0, lambda ms: grab("black", ms))
    assert "from 0 to 27" in refused(live, 0, lambda ms: call(99, ms))
    clock.to(500)
    live.advance()
    assert "the grab is over: seat 1 called at 450 ms" in refused(
        live, 0, lambda ms: grab("black", ms)
    )
    live.act(0, lambda ms: call(5, ms))
    assert "seat 0 may not act now" in refused(live, 0, lambda ms: call(6, ms))
    clock.to(560)
    live.advance()  # the tie window has closed
    assert "the step is over" in refused(live, 0, lambda ms: call(5, ms))
    assert live.state.last_round["calls"] == [[1, 5, 450], [0, 5, 500], [2, 5, 520]]


def test_a_table_needs_an_agent_or_a_person_for_every_seat():
    with pytest.raises(ValueError, match="3 seats need 3 agents, got 2"):
        LiveTable(quiet(players=3), [None, None], DONE, FakeClock())
