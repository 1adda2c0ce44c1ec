"""What a seat sees: everything on the table, and never the dice still to be rolled."""

from __future__ import annotations

from gamenight.games.ninja_master.content import DICE

from .helpers import QUIET, call, finish, game, grab, play


def test_every_seat_sees_the_same_table():
    state = game(scores=[4, 5, 6], katana=1, shuriken=2)
    play(state, (0, grab("red", 400)), (1, call(5, 900)))
    spectator = state.view(None)
    for seat in range(3):
        assert state.view(seat) == {**spectator, "seat": seat}
    assert spectator["scores"] == [4, 5, 6]
    assert (spectator["katana_owner"], spectator["shuriken"]) == (1, 2)
    assert spectator["calls"] == [{"seat": 1, "total": 5, "ms": 900}]
    assert spectator["to_act"] == [0, 2]


def test_the_view_shows_the_faces_and_leaves_the_counting_to_the_players():
    state = game()
    view = state.view(0)
    shown = sorted(DICE[d["die"]][d["face"]].name for d in view["dice"])
    assert shown == sorted(QUIET)
    assert "total" not in view and view["last_round"] is None
    summary = finish(state)
    assert state.view(0)["last_round"] == summary
    assert summary["total"] == 5 and summary["katana_takeable"] is False


def test_a_view_is_a_copy():
    state = game()
    finish(state)
    view = state.view(0)
    view["last_round"]["scores"][0] = 99
    view["scores"][0] = 99
    assert state.view(0)["last_round"]["scores"][0] != 99
    assert state.scores[0] != 99


def test_determinize_keeps_every_view_and_redraws_the_dice_to_come():
    state = game()
    play(state, (0, grab("red", 400)))
    worlds = [state.determinize(0, seed) for seed in range(4)]
    for world in worlds:
        for seat in (None, 0, 1, 2):
            assert world.view(seat) == state.view(seat)
        finish(world)
    # The next roll is not decided before it is rolled: each world rolls its own.
    assert len({world.dice.faces for world in worlds}) > 1
