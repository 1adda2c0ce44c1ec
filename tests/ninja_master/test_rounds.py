"""Set-up, the hand-over of the Katana and the Shuriken, and the end of the game."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.games.ninja_master import NinjaMasterState
from gamenight.testing import rig

from .helpers import finish, game, grab, play

NO_SHURIKEN = ["red 1", "blue 1", "green 1", "yellow 1", "black 1"] + ["katana"] * 4


def test_set_up_gives_katana_and_shuriken_to_one_random_player():
    owners = set()
    for seed in range(30):
        state = gamenight.make("ninja-master", players=4, seed=seed)
        assert isinstance(state, NinjaMasterState)
        assert state.scores == [3, 3, 3, 3]
        assert state.katana_owner == state.shuriken
        assert state.actors() == (0, 1, 2, 3)
        assert state.round == 1
        owners.add(state.shuriken)
    assert owners == {0, 1, 2, 3}


def test_options_set_the_starting_score_and_are_checked():
    assert gamenight.make("ninja-master", players=2, seed=1, start_score=5).scores == [5, 5]
    for bad in (
        {"smoke_rule": "odd"},
        {"tie_window_ms": -1},
        {"time_limit_ms": 100},
        {"target": 0},
    ):
        with pytest.raises(ValueError, match="ninja-master option"):
            gamenight.make("ninja-master", players=3, seed=1, **bad)
    with pytest.raises(ValueError, match="2 to 5 players"):
        gamenight.make("ninja-master", players=6, seed=1)


# ----- the hand-over ----------------------------------------------------------------------


def test_the_leader_takes_the_katana_and_the_shuriken_moves_clockwise():
    state = game(scores=[3, 10, 3], katana=0, shuriken=2)
    finish(state)  # QUIET: the Shuriken holder (seat 2) scores 3
    assert state.scores == [3, 10, 6]
    assert state.katana_owner == 1
    assert state.shuriken == 0  # after seat 2 comes seat 0
    assert state.round == 2
    assert state.actors() == (0, 1, 2)


def test_tied_leaders_draw_the_katana():
    owners = set()
    for seed in range(30):
        state = game(seed=seed, dice=NO_SHURIKEN, scores=[8, 8, 0], katana=2, shuriken=0)
        finish(state)
        assert state.scores == [8, 8, 0]
        owners.add(state.katana_owner)
    assert owners == {0, 1}


def test_the_next_round_is_rolled_from_the_generator_when_it_starts():
    state = game()
    finish(state)
    assert state.events[-1].kind == "roll"
    assert state.events[-1].data["faces"] == list(state.dice.faces)
    assert state.holder == [-1] * 6 and state.calls == [] and state.now == 0


# ----- the end ----------------------------------------------------------------------------


def test_reaching_the_target_wins_at_once():
    state = game(scores=[19, 3, 3], shuriken=2)
    play(state, (0, grab("red", 400)))
    finish(state)
    assert state.is_over() and state.actors() == ()
    outcome = state.outcome()
    assert outcome.winners == (0,)
    assert outcome.scores == (20.0, 3.0, 6.0)
    assert state.view(None)["winners"] == [0]


def test_several_players_reaching_the_target_play_another_round():
    # Seat 0 reaches 20 and seat 1 22 in the same round: no winner yet, even the higher
    # one (the rulebook: the winner is decided by another round).
    dice = ["red 1", "blue 3", "katana"] + ["shuriken"] * 6
    state = game(dice=dice, scores=[19, 19, 3], shuriken=2)
    play(state, (0, grab("red", 400)), (1, grab("blue", 450)))
    finish(state)
    assert state.scores == [20, 22, 9]
    assert not state.is_over() and state.sudden_death
    assert any(event.kind == "sudden_death" for event in state.events)
    # The next round: seat 0 gains 3 (yellow), seat 1 only 1: seat 0 is alone on top.
    state = rig(state, dice=["yellow 3", "red 1", *["katana"] * 7])
    play(state, (0, grab("yellow", 400)), (1, grab("red", 450)))
    finish(state)
    assert state.scores == [23, 23, 9]
    assert not state.is_over()  # still tied on top: one more round
    state = rig(state, dice=["yellow 3", "red 1", *["katana"] * 7])
    play(state, (1, grab("yellow", 400)))
    finish(state)
    assert state.is_over()
    assert state.outcome().winners == (1,)
    assert state.scores == [23, 26, 9]


def test_in_sudden_death_a_single_leader_at_the_target_wins():
    state = game(dice=["red 3", *["katana"] * 8], scores=[20, 20, 18], sudden_death=True)
    play(state, (2, grab("red", 400)))
    finish(state)
    assert state.outcome().winners == (2,)


def test_in_sudden_death_a_single_leader_below_the_target_does_not_win():
    # Seats 0 and 1 both reached 20. This round seat 0 takes the Katana when it is not
    # takeable (1 Katana, 6 Shurikens): -3, so 17. Seat 1 takes red: 2 ninjas with one
    # red Smoke is -2, so 18. Seat 2 rolled: +6 Shurikens, so 9. Seat 1 leads alone, but
    # below 20: the sudden death goes on, and seat 1 takes the Katana.
    dice = ["red 2", "red smoke", "katana"] + ["shuriken"] * 6
    state = game(dice=dice, scores=[20, 20, 3], katana=1, shuriken=2, sudden_death=True)
    play(state, (0, grab("katana", 400)), (1, grab("red", 450)))
    finish(state)
    assert state.scores == [17, 18, 9]
    assert not state.is_over() and state.katana_owner == 1


def test_the_round_limit_ends_the_game_with_the_highest_scores():
    state = game(dice=NO_SHURIKEN, scores=[3, 3, 3], max_rounds=1)
    play(state, (0, grab("red", 400)), (1, grab("blue", 400)))
    finish(state)
    assert state.is_over()
    assert state.outcome().winners == (0, 1)  # 4, 4 and 3: the tied leaders share
