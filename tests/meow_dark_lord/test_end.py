"""Meow, Dark Lord!: the coin target, the 4th Rigor Mortis and the tie-break chain."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.games.meow_dark_lord.actions import (
    Activate,
    Attack,
    Draw,
    Hire,
    Rob,
    Search,
    Target,
)

from .helpers import events, game, play


@pytest.mark.parametrize(("players", "target"), [(2, 15), (3, 10), (4, 10), (5, 7), (6, 7)])
def test_the_coin_target_depends_on_the_player_count(players, target):
    state = gamenight.make("meow-dark-lord", players=players, seed=0)
    assert state.options["coin_target"] == target
    assert state.view(0)["coin_target"] == target


def test_reaching_the_coin_target_ends_the_game_at_once():
    state = game(dungeons={0: ["lucky", "tabby"]}, coins=[8, 9, 0], phase="dungeon", dice=[1, 1])
    lucky, _ = state.dungeons[0]
    play(state, (0, Search(lucky)))  # the third die is never rolled: 2 coins reach 10
    assert state.is_over() and state.winner == 0 and state.coins[0] == 10
    assert state.end_reason == "coin_target" and state.actors() == ()
    assert state.outcome().winners == (0,)
    assert state.legal_actions(0) == []


def test_the_coin_target_may_be_reached_on_another_players_turn():
    state = game(
        players=2,
        coin_target=5,
        dungeons={0: ["lucky"], 1: ["martyr"]},
        coins=[4, 3],
        phase="dungeon",
        dice=[1, 6, 6],
    )
    lucky, martyr = state.dungeons[0][0], state.dungeons[1][0]
    play(state, (0, Attack(lucky)), (0, Target(martyr)))
    assert state.is_over() and state.winner == 1 and state.coins == [4, 5]


def test_a_steal_can_reach_the_target_and_the_coin_that_does_ends_the_game():
    state = game(dungeons={0: ["prowler"]}, coins=[9, 4, 0], phase="dungeon", dice=[1, 1])
    play(state, (0, Search(state.dungeons[0][0])), (0, Rob(1)))
    assert state.is_over() and state.winner == 0 and state.coins == [10, 3, 0]


def test_the_fourth_rigor_mortis_ends_the_game_and_the_most_coins_win():
    state = game(rigor=3, tower=["rigor", "lucky"], coins=[2, 6, 4])
    play(state, (0, Draw()))
    assert state.is_over() and state.end_reason == "rigor_mortis"
    assert state.winner == 1 and state.decided_by == "coins"
    assert state.hands[0] == []  # the game ended at once: no card drawn in its place
    assert events(state, "game_over")[0]["winner"] == 1


def test_the_fourth_rigor_mortis_drawn_by_a_recruiter_ends_the_game():
    state = game(rigor=3, hands={0: ["recruiter"]}, tower=["lucky", "rigor"], coins=[5, 1, 1])
    play(state, (0, Hire(state.hands[0][0])))
    assert state.is_over() and state.end_reason == "rigor_mortis" and state.winner == 0


def test_the_rigor_mortis_revealed_before_the_fourth_do_not_end_the_game():
    state = game(rigor=2, tower=["rigor", "lucky"])
    play(state, (0, Draw()))
    assert not state.is_over() and len(state.track) == 3


# ----- the tie-break chain --------------------------------------------------------------------


def dark_lord_returns(**setup):
    state = game(rigor=3, tower=["rigor"], **setup)
    play(state, (0, Draw()))
    assert state.is_over() and state.end_reason == "rigor_mortis"
    return state


def test_a_coin_tie_goes_to_more_cats_in_the_dungeon():
    state = dark_lord_returns(
        coins=[3, 5, 5], dungeons={0: ["lucky"] * 3, 1: ["tabby"], 2: ["pickpaw", "martyr"]}
    )
    assert state.winner == 2 and state.decided_by == "cats"


def test_then_more_hearts_on_their_cats():
    state = dark_lord_returns(
        coins=[5, 5, 5],
        dungeons={0: ["fatcat", "tabby"], 1: [("lucky", 1), "pickpaw"], 2: ["pickpaw", "martyr"]},
    )
    assert state.winner == 0 and state.decided_by == "hearts"  # 6 hearts against 2 and 2


def test_then_more_cards_in_hand():
    state = dark_lord_returns(
        coins=[5, 5, 0],
        dungeons={0: ["tabby"], 1: [("lucky", 2)]},
        hands={0: ["nurse"], 1: ["nurse", "tabby"], 2: ["lucky"] * 2},
    )
    assert state.winner == 1 and state.decided_by == "hand"


def test_then_a_die_roll_off_which_ties_roll_again():
    state = dark_lord_returns(coins=[4, 4, 4], dice=[5, 5, 2, 3, 6])
    # All three tie on everything: they roll 5, 5, 2; seats 0 and 1 roll again: 3, 6.
    assert state.winner == 1 and state.decided_by == "roll_off"
    assert events(state, "roll_off") == [
        {"seats": [0, 1, 2], "dice": [5, 5, 2]},
        {"seats": [0, 1], "dice": [3, 6]},
    ]


def test_the_outcome_ranks_every_seat_winner_first():
    state = dark_lord_returns(coins=[1, 6, 6], dungeons={1: ["tabby"], 2: ["tabby", "lucky"]})
    outcome = state.outcome()
    assert outcome.winners == (2,)
    assert outcome.scores == (0.0, 1.0, 2.0)


def test_the_outcome_of_an_unfinished_game_is_an_error():
    with pytest.raises(ValueError, match="not over"):
        game().outcome()


def test_stats_report_who_hired_each_cat_and_whether_they_won():
    state = game(coins=[9, 0, 0], hands={0: ["bagcat"], 1: ["tabby"]})
    play(state, (0, Hire(state.hands[0][0])))
    assert state.is_over()
    stats = state.stats()
    assert stats["hired:bagcat"] == [1.0, 0.0, 0.0] and stats["hired_won:bagcat"] == [1.0, 0, 0]
    assert stats["hired:tabby"] == [0.0, 0.0, 0.0]
    assert stats["coins"] == [10.0, 0.0, 0.0] and stats["rigor_mortis_end"] == 0.0


def test_an_activation_reaching_the_target_ends_the_turn_at_once():
    state = game(dungeons={0: ["sniffer", "lucky"]}, coins=[9, 0, 0], phase="dungeon")
    play(state, (0, Activate(state.dungeons[0][0])))
    assert state.is_over() and state.winner == 0
