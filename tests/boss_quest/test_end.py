"""Boss Quest: the end of the game, and the options that shape it."""

from __future__ import annotations

import pytest

import gamenight
from gamenight import IllegalAction
from gamenight.games.boss_quest.actions import VisitMage
from gamenight.games.boss_quest.model import EndReason, EventKind
from gamenight.testing import rig

from .helpers import events, last_visit, play

# Seat 0 wins the round with 18 (3 cards) against 20; the others have 3 to 6.
HIDDEN = ["red 7", "blue 1", "green 1", "yellow 1", "purple 1", "red 3"]
VISIBLE = [["blue 6", "green 5"], ["blue 2"], ["green 2"], ["yellow 2"], ["purple 2"], ["blue 3"]]


def hands(players, changes=None):
    """Rig keywords for `players` seats where seat 0 wins, with `changes` by seat."""
    hidden = dict(enumerate(HIDDEN[:players]))
    visible = dict(enumerate(VISIBLE[:players]))
    for seat, (hid, vis) in (changes or {}).items():
        hidden[seat], visible[seat] = hid, vis
    return {"hidden": hidden, "visible": visible}


def end_round(players=3, **setup):
    state = last_visit(players, boss=20, spells=[], **setup)
    play(state, (players - 1, VisitMage()))
    return state


def game_over(state):
    (event,) = events(state, EventKind.GAME_OVER)
    return event


# ----- key target -------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "target"), [(2, 5), (3, 5), (4, 5), (5, 4), (6, 4)])
def test_the_key_target_is_five_keys_or_four_with_five_or_more_players(players, target):
    assert gamenight.make("boss-quest", players=players, seed=0).options["key_target"] == target
    below = end_round(players, keys=[target - 2] + [0] * (players - 1), **hands(players))
    assert not below.is_over() and below.keys[0] == target - 1
    at = end_round(players, keys=[target - 1] + [0] * (players - 1), **hands(players))
    assert at.is_over()
    assert at.outcome().winners == (0,)
    assert at.outcome().scores == (1.0,) + (0.0,) * (players - 1)
    assert game_over(at)["reason"] == EndReason.KEYS


def test_the_key_target_option():
    state = end_round(3, key_target=2, keys=[1, 0, 0], **hands(3))
    assert state.is_over() and state.outcome().winners == (0,)


def test_several_players_at_the_key_target_most_keys_wins():
    # Seats 0 and 1 both hit 20; seat 0 has fewer cards: 4 + 2 = 6 keys against 4 + 1 = 5.
    state = end_round(
        3,
        keys=[4, 4, 0],
        **hands(
            3,
            {0: ("red 7", ["blue 7", "green 6"]), 1: ("blue 6", ["red 6", "green 4", "yellow 4"])},
        ),
    )
    assert state.keys == [6, 5, 0]
    assert state.outcome().winners == (0,)


def test_several_players_at_the_key_target_tied_on_keys_most_hearts_wins():
    tied = hands(3, {1: ("blue 7", ["red 6", "yellow 5"])})  # 18 on 3 cards, like seat 0
    state = end_round(3, keys=[4, 4, 0], hearts=[2, 3, 3], **tied)
    assert state.keys == [5, 5, 0]
    assert state.outcome().winners == (1,)


def test_several_players_at_the_key_target_fully_tied_all_win():
    tied = hands(3, {1: ("blue 7", ["red 6", "yellow 5"])})
    state = end_round(3, keys=[4, 4, 0], **tied)
    assert state.outcome().winners == (0, 1)
    assert state.outcome().scores == (1.0, 1.0, 0.0)


# ----- last heart -------------------------------------------------------------------------

BUST_2 = ("green 7", ["purple 7", "yellow 7"])  # 21 > 20


def test_losing_the_last_heart_ends_the_game_and_the_most_keys_win():
    state = end_round(3, keys=[0, 3, 1], hearts=[3, 3, 1], **hands(3, {2: BUST_2}))
    # Seat 0 wins the round (1 key); seat 1 has 3: seat 1 wins, seat 2 loses.
    assert state.hearts == [3, 3, 0]
    assert state.is_over()
    assert state.outcome().winners == (1,)
    assert state.outcome().scores == (0.0, 1.0, -1.0)
    over = game_over(state)
    assert over["reason"] == EndReason.LAST_HEART and over["losers"] == [2]


def test_after_a_last_heart_a_tie_on_keys_goes_to_most_hearts():
    state = end_round(3, keys=[1, 2, 0], hearts=[3, 2, 1], **hands(3, {2: BUST_2}))
    assert state.keys == [2, 2, 0]
    assert state.outcome().winners == (0,)


def test_after_a_last_heart_a_tie_on_keys_and_hearts_is_shared():
    state = end_round(3, keys=[1, 2, 0], hearts=[2, 2, 1], **hands(3, {2: BUST_2}))
    assert state.outcome().winners == (0, 1)
    assert state.outcome().scores == (1.0, 1.0, -1.0)


def test_when_every_player_falls_the_most_keys_among_all_win():
    both_bust = hands(
        2, {0: ("red 7", ["blue 7", "green 7"]), 1: ("blue 6", ["red 6", "green 6", "yellow 6"])}
    )
    state = end_round(2, keys=[2, 1], hearts=[1, 1], **both_bust)
    assert state.hearts == [0, 0]
    assert state.outcome().winners == (0,)
    assert game_over(state)["losers"] == [1]  # the winner fell too, but is not a loser
    assert state.outcome().scores == (1.0, -1.0)


def test_the_key_target_decides_when_someone_also_loses_their_last_heart():
    state = end_round(3, keys=[4, 3, 0], hearts=[3, 3, 1], **hands(3, {2: BUST_2}))
    assert state.keys[0] == 5 and state.hearts[2] == 0
    assert state.outcome().winners == (0,)
    assert game_over(state)["reason"] == EndReason.KEYS
    assert state.outcome().scores == (1.0, 0.0, -1.0)  # seat 2 fell: it lost all the same


def test_players_start_with_three_hearts_and_no_key():
    state = gamenight.make("boss-quest", players=4, seed=0)
    assert state.hearts == [3, 3, 3, 3] and state.keys == [0, 0, 0, 0]


def test_the_hearts_option():
    state = gamenight.make("boss-quest", players=3, seed=0, hearts=1)
    assert state.hearts == [1, 1, 1]
    rig(state, boss=20, armorer=2, turn=2, visited=[0, 1], spells=[], **hands(3, {2: BUST_2}))
    play(state, (2, VisitMage()))
    assert state.is_over() and game_over(state)["losers"] == [2]


def test_the_game_goes_on_while_no_end_condition_holds():
    state = end_round(3, keys=[3, 0, 0], hearts=[3, 3, 2], **hands(3, {2: BUST_2}))
    assert state.keys == [4, 0, 0] and state.hearts == [3, 3, 1]
    assert not state.is_over()
    assert state.round == 2
    with pytest.raises(ValueError, match="not over"):
        state.outcome()


# ----- options ----------------------------------------------------------------------------


def test_the_spells_per_round_and_mystery_options():
    state = gamenight.make("boss-quest", players=4, seed=0, spells_per_round=2, mystery=False)
    assert len(state.slots) == 2
    assert state.mystery == -1
    assert all(spell["spell"] is not None for spell in state.view(0)["spells"])


def test_max_rounds_ends_the_game_with_most_keys_then_hearts():
    state = end_round(3, max_rounds=4, round=4, keys=[0, 1, 1], hearts=[3, 3, 2], **hands(3))
    # Seat 0 wins the round: keys 1, 1, 1; hearts 3, 3, 2: seats 0 and 1 share the win.
    assert state.outcome().winners == (0, 1)
    assert game_over(state)["reason"] == EndReason.ROUND_LIMIT


def test_max_rounds_waits_for_the_last_round():
    state = end_round(3, max_rounds=4, round=3, **hands(3))
    assert not state.is_over() and state.round == 4


# ----- after the end ----------------------------------------------------------------------


def test_a_finished_game_takes_no_more_actions():
    state = end_round(3, keys=[4, 0, 0], **hands(3))
    assert state.actors() == ()
    assert all(state.legal_actions(seat) == [] for seat in range(3))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, VisitMage())
    assert state.to_json() == before
