"""The live table: bots on their own clocks, people stamped with the time they act.

Every test moves a fake clock by hand: nothing sleeps and no wall-clock time is read.
"""

from __future__ import annotations

import pytest

import gamenight
from gamenight import agents
from gamenight.games.ninja_master.actions import DONE, WAIT, Call, Grab
from gamenight.kernel import IllegalAction
from gamenight.play.live import LiveTable
from gamenight.testing import rigged

from .helpers import QUIET, FakeClock, Script, call, finish_step, grab


def table(state, bots, clock):
    """A live table with a person at every seat `bots` leaves ``None``."""
    return LiveTable(state, bots, DONE, WAIT, clock)


def quiet(players=2, **setup):
    return rigged("ninja-master", players=players, dice=QUIET, **setup)


# ----- live play replays exactly ------------------------------------------------------------


def presses(round_no, state):
    """What the person tries in a round: two grabs and a call, some of them refused."""
    return [
        (230 + 37 * round_no, lambda ms, t=round_no % 6: Grab(t, ms)),
        (610 + 53 * round_no, lambda ms, t=(round_no * 5 + 2) % 6: Grab(t, ms)),
        (1400 + 71 * round_no, lambda ms, n=state.dice.total + round_no % 2: Call(n, ms)),
    ]


@pytest.mark.parametrize("seed", range(6))
def test_a_live_game_is_recorded_with_its_exact_times_and_replays_exactly(seed):
    players = 2 + seed % 4
    levels = ("easy", "normal", "hard")
    bots = [
        agents.make(levels[(seed + s) % 3], "ninja-master", 100 * seed + s)
        for s in range(players - 1)
    ]
    state = gamenight.make("ninja-master", players=players, seed=seed, max_rounds=8)
    clock = FakeClock()
    live = table(state, [*bots, None], clock)
    accepted = refused = 0
    while not state.is_over():
        clock.begin(live)
        for ms, build in presses(state.round, state):
            clock.to(max(ms, live.elapsed_ms()))
            if not live.running:
                break
            try:
                live.act(players - 1, build)
                accepted += 1
            except IllegalAction:
                refused += 1
        finish_step(live, clock)
    assert accepted and refused  # the script exercised both
    assert gamenight.replay(state.record()).to_json() == state.to_json()


# ----- time: stamps, bots' clocks, the deadline --------------------------------------------


def test_a_person_is_stamped_with_the_whole_ms_since_the_dice_were_shown():
    clock = FakeClock()
    live = table(quiet(), [None, Script(1, [])], clock)
    clock.begin(live)
    clock.to(1234.9)
    assert live.act(0, lambda ms: grab("red", ms)) == grab("red", 1234)
    assert live.state.taken_at[0] == 1234


def test_a_bots_move_is_shown_once_nobody_could_still_answer_it_at_the_same_moment():
    clock = FakeClock()
    live = table(quiet(), [None, Script(1, [(1, grab("blue", 300))])], clock)
    clock.begin(live)
    assert live.next_due() == 450  # 300 ms plus the 150 ms reaction floor
    clock.to(449.9)
    assert live.advance() == []
    assert live.state.holder[1] == -1
    clock.to(450)
    assert live.advance() == [(0, WAIT)]  # the person let it pass
    assert live.state.holder[1] == 1 and live.state.taken_at[1] == 300


def test_a_key_pressed_within_a_reaction_of_a_bots_move_is_simultaneous_with_it():
    holders = []
    for seed in range(200):
        clock = FakeClock()
        live = table(quiet(seed=seed), [None, Script(1, [(1, grab("red", 300))])], clock)
        clock.begin(live)
        clock.to(420)  # nobody can have seen the bot's grab yet
        assert live.act(0, lambda ms: grab("red", ms)) == grab("red", 300)
        holders.append(live.state.holder[0])
    assert 70 < holders.count(0) < 130, holders.count(0)  # a fair draw, not arrival order


def test_a_key_pressed_after_two_unseen_moves_is_simultaneous_with_the_later_one():
    """Neither bot's grab can have been seen at 420 ms: the key ties with the later one
    (a fair draw for blue) and never comes before it, as it would at the earlier one's
    300 ms."""
    holders = []
    for seed in range(200):
        clock = FakeClock()
        bots = [Script(1, [(1, grab("red", 300))]), Script(2, [(1, grab("blue", 350))])]
        live = table(quiet(players=3, seed=seed), [None, *bots], clock)
        clock.begin(live)
        clock.to(420)
        assert live.act(0, lambda ms: grab("blue", ms)) == grab("blue", 350)
        holders.append(live.state.holder[1])
    assert 70 < holders.count(0) < 130, holders.count(0)  # a fair draw, not arrival order


def test_a_person_acting_a_reaction_after_a_bot_comes_after_it_even_if_the_app_was_slow():
    clock = FakeClock()
    live = table(quiet(), [None, Script(1, [(1, grab("red", 300))])], clock)
    clock.begin(live)
    clock.to(451)  # nobody advanced the table since the dice were shown
    with pytest.raises(IllegalAction, match="the red token was taken by seat 1 at 300 ms"):
        live.act(0, lambda ms: grab("red", ms))
    assert live.state.holder[0] == 1


def test_a_key_pressed_right_after_ones_own_move_counts_at_the_reaction_floor():
    clock = FakeClock()
    live = table(quiet(), [None, Script(1, [])], clock)
    clock.begin(live)
    clock.to(100)  # sooner than anyone reacts to the dice: it counts at 150 ms
    assert live.act(0, lambda ms: grab("red", ms)) == grab("red", 150)
    clock.to(170)
    assert live.act(0, lambda ms: grab("blue", ms)) == grab("blue", 300)  # never refused


def test_a_second_key_while_ones_move_waits_for_another_person_is_held_not_refused():
    clock = FakeClock()
    live = table(quiet(), [None, None], clock)
    clock.begin(live)
    clock.to(300)
    assert live.act(0, lambda ms: grab("red", ms)) == grab("red", 300)  # waits for seat 1
    clock.to(310)
    assert live.act(0, lambda ms: grab("blue", ms)) is None  # held
    with pytest.raises(IllegalAction, match="a key of yours already waits"):
        live.act(0, lambda ms: grab("green", ms))  # one key held at a time
    clock.to(450)  # seat 1 let the red grab pass: it is resolved, the held key sealed
    assert live.advance() == [(1, WAIT)]
    assert live.state.holder[0] == 0 and live.state.has_sealed(0)
    clock.to(600)
    assert live.advance() == [(1, WAIT)]
    assert live.state.holder[1] == 0 and live.state.taken_at[1] == 450  # at the floor


def test_while_ones_move_waits_the_moves_a_second_key_may_be_held_for_are_offered():
    clock = FakeClock()
    live = table(quiet(), [None, None], clock)
    clock.begin(live)
    state = live.state
    assert state.held_moves(0) == [] and live.may_hold(0) == []  # nothing sealed yet
    clock.to(300)
    live.act(0, lambda ms: grab("red", ms))  # waits for seat 1
    offered = live.may_hold(0)
    assert offered == state.held_moves(0)
    grabbed = {move.token for move in offered if type(move) is Grab}
    red = grab("red", 0).token
    assert red not in grabbed and len(grabbed) == 5  # every other token, not the red again
    assert DONE in offered and WAIT not in offered  # no call: nobody holds a token yet
    assert state.held_moves(1) == []  # seat 1 has sealed nothing
    clock.to(310)
    assert live.act(0, lambda ms: grab("blue", ms)) is None  # held
    assert live.may_hold(0) == []  # a third key would be refused


def test_a_second_key_after_a_call_may_grab_but_not_call_again():
    state = quiet()
    state.apply(1, grab("red", 300))
    state.apply(0, WAIT)  # the red grab is resolved: seat 1 holds it
    state.apply(0, call(state.dice.total, 500))  # waits for seat 1
    offered = state.held_moves(0)
    assert not any(type(move) is Call for move in offered)
    assert {move.token for move in offered if type(move) is Grab} == {
        grab(colour, 0).token for colour in ("blue", "green", "yellow", "black", "katana")
    }


def test_keys_held_by_two_people_are_each_sealed_when_their_own_move_is_resolved():
    clock = FakeClock()
    live = table(quiet(players=3), [None, None, None], clock)
    clock.begin(live)
    clock.to(300)
    live.act(0, lambda ms: grab("red", ms))
    clock.to(305)
    live.act(1, lambda ms: grab("green", ms))
    clock.to(310)
    assert live.act(0, lambda ms: grab("blue", ms)) is None
    clock.to(312)
    assert live.act(1, lambda ms: grab("yellow", ms)) is None
    clock.to(450)  # seat 2 waits: red and green resolve, both held keys are sealed
    assert live.advance() == [(2, WAIT)]
    assert live.state.holder[:4] == [0, -1, 1, -1]
    assert live.state.moments() == [450, 450]  # each at the floor
    clock.to(600)
    live.advance()
    assert live.state.holder[:4] == [0, 0, 1, 1]
    assert live.state.taken_at[1] == live.state.taken_at[3] == 450


def test_a_held_key_the_rules_refuse_once_its_move_is_resolved_is_dropped():
    clock = FakeClock()
    live = table(quiet(), [None, None], clock)
    clock.begin(live)
    clock.to(300)
    live.act(0, lambda ms: grab("red", ms))
    clock.to(310)
    assert live.act(0, lambda ms: grab("red", ms)) is None  # the same token again
    clock.to(450)
    assert live.advance() == [(1, WAIT)]
    assert live.state.holder[0] == 0 and live.state.actors() == (0, 1)  # nothing sealed


def test_the_grab_ends_when_the_tie_window_after_the_first_call_has_passed():
    clock = FakeClock()
    moves = [(1, grab("blue", 300)), (1, call(5, 500))]
    silent = None  # a person who does nothing: still grabbing when time is up
    live = table(quiet(players=3, tie_window_ms=100), [None, Script(1, moves), silent], clock)
    clock.begin(live)
    clock.to(400)
    live.act(0, lambda ms: grab("red", ms))
    clock.to(560)  # the call at 500 is sealed; nobody can have seen it yet
    assert live.act(0, lambda ms: call(5, ms)) == call(5, 500)  # simultaneous with it
    assert live.state.calls == []  # sealed until the silent person could have answered
    clock.to(651)  # the calls are shown; the tie window closed at 600: time is up
    assert live.advance() == [(2, WAIT), (2, DONE)]
    assert not live.running
    assert live.state.round == 2
    assert live.state.last_round["calls"] == [[0, 5, 500], [1, 5, 500]]


def test_without_a_call_the_grab_ends_at_the_time_limit_and_everybody_is_done():
    clock = FakeClock()
    live = table(quiet(time_limit_ms=2000), [None, None], clock)
    clock.begin(live)
    clock.to(300)
    live.act(1, lambda ms: grab("blue", ms))
    clock.to(450)
    assert live.advance() == [(0, WAIT)]
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
    bot = Script(1, [(1, grab("blue", 300)), (1, grab("green", 600)), (1, call(5, 800))])
    live = table(quiet(players=3), [None, bot, Script(2, [(1, call(5, 850))])], clock)
    clock.begin(live)
    clock.to(200)
    assert "nobody has taken a token yet" in refused(live, 0, lambda ms: call(5, ms))
    clock.to(450)
    assert live.advance() == [(0, WAIT)]
    assert "taken by seat 1 at 300 ms" in refused(live, 0, lambda ms: grab("blue", ms))
    assert live.act(0, lambda ms: grab("red", ms)) == grab("red", 450)
    clock.to(470)  # right after its own grab: it counts at the reaction floor
    assert live.act(0, lambda ms: grab("yellow", ms)) == grab("yellow", 600)
    assert "already holds 2 tokens" in refused(live, 0, lambda ms: grab("black", ms))
    assert "from 0 to 27" in refused(live, 0, lambda ms: call(99, ms))
    clock.to(880)  # nor the calls at 800 and 850 seen yet: the same moment as the later
    assert live.act(0, lambda ms: call(5, ms)) == call(5, 850)
    assert "the step is over" in refused(live, 0, lambda ms: call(6, ms))
    assert live.state.last_round["calls"] == [[1, 5, 800], [0, 5, 850], [2, 5, 850]]
    assert live.state.last_round["holders"][:4] == [0, 1, 1, 0]


def test_a_table_needs_an_agent_or_a_person_for_every_seat():
    with pytest.raises(ValueError, match="3 seats need 3 agents, got 2"):
        LiveTable(quiet(players=3), [None, None], DONE, WAIT, FakeClock())
