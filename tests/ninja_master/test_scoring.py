"""Every scoring case of the rules page, played through the grab (Round 4)."""

from __future__ import annotations

import pytest

from gamenight import IllegalAction
from gamenight.games.ninja_master.dice import Roll
from gamenight.games.ninja_master.model import SmokeRule
from gamenight.games.ninja_master.scoring import ninja_value, score_round

from .helpers import call, finish, game, grab, play

KATANA_ONLY = ["katana"] * 8  # fillers: no ninja, no Smoke, no Shuriken
TAKEABLE = ["red 1", "blue 1", "green 1", "yellow 1", "black 1", "katana", "katana"]
TAKEABLE += ["katana", "shuriken"]  # 3 Katanas against 1 Shuriken
LEVEL = ["red 1", "blue 1", "green 1", "yellow 1", "black 1", "katana", "katana"]
LEVEL += ["shuriken", "shuriken"]  # 2 against 2: not takeable


# ----- Ninja tokens and Smokes ------------------------------------------------------------


@pytest.mark.parametrize(
    ("smokes", "rule", "points"),
    [
        (0, SmokeRule.PARITY, 3),
        (1, SmokeRule.PARITY, -3),  # exactly one Smoke of the colour: subtracted
        (2, SmokeRule.PARITY, 3),  # two Smokes make it positive again
        (0, SmokeRule.SINGLE, 3),
        (1, SmokeRule.SINGLE, -3),
        (2, SmokeRule.SINGLE, 3),
    ],
)
def test_a_ninja_token_scores_its_ninjas_signed_by_the_smokes(smokes, rule, points):
    dice = ["red 3"] + ["red smoke"] * smokes + KATANA_ONLY[smokes:]
    state = game(dice=dice, scores=[10, 3, 3], shuriken=2, smoke_rule=rule)
    play(state, (0, grab("red", 500)))
    summary = finish(state)
    assert summary["points"]["ninja"] == [points, 0, 0]
    assert state.scores == [10 + points, 3, 3]


def test_three_smokes_of_a_colour_flip_the_sign_three_times_under_the_parity_rule():
    # The default dice have at most two Smoke faces of one colour, so three are checked on
    # the scoring function itself: each Smoke flips the sign (parity), while the rulebook's
    # literal words (single) make only exactly one Smoke negative.
    assert ninja_value(3, 3, SmokeRule.PARITY) == -3
    assert ninja_value(3, 3, SmokeRule.SINGLE) == 3
    roll = Roll((), ninjas=(3, 0, 0, 0, 0), smokes=(3, 0, 0, 0, 0), total=3, katanas=0, shurikens=0)
    holder = [0, -1, -1, -1, -1, -1]
    points = score_round(roll, holder, 1, 1, [10, 3], [0, 0], SmokeRule.PARITY)
    assert points.ninja == [-3, 0] and points.scores == [7, 3]
    points = score_round(roll, holder, 1, 1, [10, 3], [0, 0], SmokeRule.SINGLE)
    assert points.ninja == [3, 0] and points.scores == [13, 3]


def test_ninjas_of_one_colour_add_up_over_the_dice():
    state = game(dice=["red 1", "red 3", "red smoke", *KATANA_ONLY[2:]], scores=[10, 3, 3])
    play(state, (0, grab("red", 500)))
    assert finish(state)["points"]["ninja"][0] == -4  # (1 + 3), one red Smoke


def test_a_smoke_without_ninjas_of_its_colour_scores_nothing():
    state = game(dice=["red smoke", "blue 3", *KATANA_ONLY[1:]], scores=[10, 3, 3], shuriken=2)
    play(state, (0, grab("red", 500)), (1, grab("green", 600)))
    summary = finish(state)
    assert summary["points"]["ninja"] == [0, 0, 0]
    assert state.scores == [10, 3, 3]


# ----- the Katana -----------------------------------------------------------------------


def test_a_stolen_katana_moves_half_the_owners_points_rounded_down():
    # The rulebook's example: the owner has 13 points, the thief gains 6 and the owner
    # loses 6. The Shuriken holder (seat 2) scores its one Shuriken.
    state = game(dice=TAKEABLE, scores=[13, 3, 3], katana=0, shuriken=2)
    play(state, (1, grab("katana", 400)))
    summary = finish(state)
    assert summary["katana_takeable"]
    assert summary["points"]["katana"] == [-6, 6, 0]
    assert state.scores == [7, 9, 4]


def test_the_steal_is_half_of_the_points_before_the_round():
    # The owner also takes a Ninja token (+1) this round; the thief still gains half of
    # 13, not of 14, because the steal is scored first.
    state = game(dice=TAKEABLE, scores=[13, 3, 3], katana=0, shuriken=2)
    play(state, (1, grab("katana", 400)), (0, grab("red", 450)))
    finish(state)
    assert state.scores == [13 - 6 + 1, 3 + 6, 3 + 1]


def test_a_steal_from_an_owner_with_an_odd_score_rounds_down():
    state = game(dice=TAKEABLE, scores=[3, 7, 3], katana=1, shuriken=0)
    play(state, (2, grab("katana", 400)))
    summary = finish(state)
    assert summary["points"]["katana"] == [0, -3, 3]
    assert state.scores == [3 + 1, 4, 6]


def test_a_defended_katana_scores_nothing():
    state = game(dice=TAKEABLE, scores=[13, 3, 3], katana=0, shuriken=2)
    play(state, (0, grab("katana", 400)))
    summary = finish(state)
    assert summary["points"]["katana"] == [0, 0, 0]
    assert state.scores == [13, 3, 4]


@pytest.mark.parametrize("taker", [0, 1])
def test_a_katana_taken_when_not_takeable_costs_3_to_owner_or_not(taker):
    # Two Katanas against two Shurikens: not more, so not takeable.
    state = game(dice=LEVEL, scores=[13, 5, 3], katana=0, shuriken=2)
    play(state, (taker, grab("katana", 400)))
    summary = finish(state)
    assert not summary["katana_takeable"]
    expected = [0, 0, 0]
    expected[taker] = -3
    assert summary["points"]["katana"] == expected
    assert state.scores == [13 + expected[0], 5 + expected[1], 3 + 2]


def test_a_katana_nobody_takes_scores_nothing():
    state = game(dice=TAKEABLE, scores=[13, 3, 3], katana=0, shuriken=2)
    play(state, (1, grab("red", 400)))
    summary = finish(state)
    assert summary["points"]["katana"] == [0, 0, 0]
    assert state.scores == [13, 4, 4]


# ----- the Shuriken -----------------------------------------------------------------------


def test_the_shuriken_holder_scores_each_shuriken_whatever_it_grabbed():
    state = game(scores=[3, 3, 3], shuriken=1)  # QUIET: three Shurikens
    play(state, (0, grab("red", 400)), (2, grab("blue", 500)))
    summary = finish(state)
    assert summary["points"]["shuriken"] == [0, 3, 0]
    assert state.scores == [4, 6, 4]


# ----- calls ------------------------------------------------------------------------------


def test_a_correct_call_scores_1_and_a_wrong_call_costs_3():
    state = game(scores=[3, 3, 3], shuriken=2)  # QUIET: 5 ninjas
    play(state, (0, grab("red", 400)), (1, call(5, 900)), (0, call(6, 950)))
    summary = finish(state)
    assert summary["total"] == 5
    assert summary["points"]["call"] == [-3, 1, 0]
    assert state.scores == [3 + 1 - 3, 4, 6]


def test_correct_calls_in_the_tie_window_share_one_point_drawn_at_random():
    winners = set()
    for seed in range(40):
        state = game(seed=seed, scores=[3, 3, 3], shuriken=2)
        play(state, (0, grab("red", 400)), (1, call(5, 900)), (2, call(5, 1000)))
        summary = finish(state)
        assert sorted(summary["points"]["call"]) == [0, 0, 1]
        assert summary["points"]["call"][0] == 0
        winners.add(summary["call_winner"])
    assert winners == {1, 2}


def test_a_wrong_call_in_the_tie_window_still_costs_3():
    state = game(scores=[3, 3, 3], shuriken=2)
    play(state, (0, grab("red", 400)), (1, call(5, 900)), (2, call(4, 990)))
    assert finish(state)["points"]["call"] == [0, 1, -3]


def test_a_call_after_the_tie_window_is_refused():
    state = game(scores=[3, 3, 3], shuriken=2, tie_window_ms=100)
    play(state, (0, grab("red", 400)), (1, call(5, 900)))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="too late"):
        state.apply(2, call(5, 1001))
    assert state.to_json() == before


def test_a_call_before_any_token_is_taken_is_refused():
    state = game()
    before = state.to_json()
    with pytest.raises(IllegalAction, match="nobody has taken a token yet"):
        state.apply(0, call(5, 900))
    assert state.to_json() == before


def test_the_first_call_ends_the_grab():
    state = game(scores=[3, 3, 3], shuriken=1)
    play(state, (0, grab("red", 400)), (1, call(5, 900)))
    with pytest.raises(IllegalAction, match="the grab is over: seat 1 called at 900 ms"):
        state.apply(2, grab("blue", 901))
    play(state, (2, grab("blue", 900)))  # the very same moment as the call still counts
    assert finish(state)["holders"][:2] == [0, 2]


def test_without_a_call_the_round_scores_no_call_points():
    state = game(scores=[3, 3, 3], shuriken=2)
    play(state, (0, grab("red", 400)))
    assert finish(state)["points"]["call"] == [0, 0, 0]


# ----- the two-token limit and the floor --------------------------------------------------


def test_a_player_holds_at_most_two_tokens():
    state = game()
    play(state, (0, grab("red", 400)), (0, grab("blue", 600)))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="already holds 2 tokens"):
        state.apply(0, grab("green", 800))
    assert state.to_json() == before


def test_nobody_goes_below_zero():
    state = game(scores=[1, 3, 3], shuriken=2)
    play(state, (1, grab("red", 400)), (0, call(9, 900)))
    summary = finish(state)
    assert state.scores[0] == 0
    assert summary["points"]["floor"][0] == 2  # 1 - 3 = -2, raised to 0


def test_the_floor_applies_once_every_source_is_added():
    # 2 points, +3 for the red token, -3 for a wrong call: 2, not max(0, 2 - 3) + 3 = 3.
    state = game(dice=["red 3", *KATANA_ONLY], scores=[2, 3, 3], shuriken=2)
    play(state, (0, grab("red", 300)), (0, call(4, 600)))
    summary = finish(state)
    assert state.scores[0] == 2
    assert summary["points"]["floor"][0] == 0


# ----- the points per source --------------------------------------------------------------


def test_the_starting_score_and_every_source_add_up_to_the_score():
    state = game(dice=TAKEABLE, scores=[13, 3, 1], katana=0, shuriken=2)
    play(state, (1, grab("katana", 400)), (2, grab("red", 500)), (2, call(9, 900)))
    finish(state)
    stats = state.stats()
    sources = ("ninja", "katana", "shuriken", "call", "floor")
    start = [13, 3, 1]
    for seat in range(3):
        total = start[seat] + sum(stats[f"{source}_points"][seat] for source in sources)
        assert total == state.scores[seat]
    # Points won: the thief's 6, seat 2's Ninja token 1 and Shuriken 1; nothing from calls.
    assert stats["share_katana"] == pytest.approx(6 / 8)
    assert stats["share_ninja"] == stats["share_shuriken"] == pytest.approx(1 / 8)
    assert stats["share_call"] == 0
