"""Ninja Master: sudden death goes on until a single leader is at or above the target."""

from __future__ import annotations

from .helpers import finish, game, grab, play


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
