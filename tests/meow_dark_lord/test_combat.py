"""Meow, Dark Lord!: Search and Attack with dice, wounds, the Graveyard, Decoy."""

from __future__ import annotations

import pytest

from gamenight.games.meow_dark_lord.actions import Activate, Attack, Search, Target

from .helpers import events, game, play


def dungeon_turn(**setup):
    return game(phase="dungeon", **setup)


# ----- Search -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cat", "dice", "coins"),
    [
        ("lucky", [4, 5, 1], 2),  # power 4: dice 4 and 1 succeed
        ("lucky", [5, 6, 6], 0),
        ("fatcat", [1, 1, 2, 6], 2),  # power 1: only ones
        ("guardian", [3, 3, 3], 3),  # a die equal to the power succeeds
    ],
)
def test_search_rolls_one_die_per_heart_and_each_die_up_to_power_gives_a_coin(cat, dice, coins):
    state = dungeon_turn(dungeons={0: [cat]}, dice=dice)
    play(state, (0, Search(state.dungeons[0][0])))
    assert state.coins[0] == coins and state.treasury == 36 - coins
    assert events(state, "search")[0]["dice"] == dice
    assert state.rng.faces == []


def test_a_wounded_cat_rolls_only_as_many_dice_as_hearts_left():
    state = dungeon_turn(dungeons={0: [("guardian", 1)]}, dice=[1, 1, 1])
    play(state, (0, Search(state.dungeons[0][0])))
    assert state.coins[0] == 1 and state.rng.faces == [1, 1]


def test_an_empty_treasury_pays_nothing():
    state = dungeon_turn(dungeons={0: ["lucky"]}, coins=[0, 20, 16], dice=[1, 1, 1])
    assert state.treasury == 0
    play(state, (0, Search(state.dungeons[0][0])))
    assert state.coins == [0, 20, 16] and state.treasury == 0


def test_a_nearly_empty_treasury_pays_what_it_has():
    state = dungeon_turn(dungeons={0: ["lucky"]}, coins=[0, 20, 15], dice=[1, 1, 1])
    play(state, (0, Search(state.dungeons[0][0])))
    assert state.coins == [1, 20, 15] and state.treasury == 0


# ----- Attack -------------------------------------------------------------------------------


def test_an_attack_may_target_any_cat_in_any_dungeon_even_ones_own():
    state = dungeon_turn(dungeons={0: ["lucky", "tabby"], 1: ["nurse"], 2: ["fatcat"]})
    lucky, tabby = state.dungeons[0]
    play(state, (0, Attack(lucky)))
    assert state.actors() == (0,)
    every_cat = [lucky, tabby, *state.dungeons[1], *state.dungeons[2]]
    assert state.legal_actions(0) == [Target(c) for c in every_cat]


def test_each_attack_die_up_to_the_attackers_power_removes_a_heart():
    state = dungeon_turn(dungeons={0: ["lucky"], 1: ["fatcat"]}, dice=[4, 5, 2])
    (lucky,), (fatcat,) = state.dungeons[0], state.dungeons[1]
    play(state, (0, Attack(lucky)), (0, Target(fatcat)))
    assert state.hearts[fatcat] == 4 - 2
    assert state.dungeons[1] == [fatcat]
    assert events(state, "attack") == [
        {"seat": 0, "card": lucky, "target": fatcat, "dice": [4, 5, 2], "hits": 2}
    ]


def test_a_cat_with_no_hearts_left_goes_to_the_graveyard():
    state = dungeon_turn(dungeons={0: ["lucky"], 1: ["tabby", "nurse"]}, dice=[1, 1, 1])
    lucky = state.dungeons[0][0]
    tabby, nurse = state.dungeons[1]
    play(state, (0, Attack(lucky)), (0, Target(tabby)))  # 3 hits on 2 hearts
    assert state.dungeons[1] == [nurse] and state.graveyard == [tabby]
    assert state.hearts[tabby] == 0


def test_an_attack_rolls_as_many_dice_as_the_attacker_has_hearts():
    state = dungeon_turn(dungeons={0: [("lucky", 1)], 1: ["fatcat"]}, dice=[1, 1, 1])
    lucky, fatcat = state.dungeons[0][0], state.dungeons[1][0]
    play(state, (0, Attack(lucky)), (0, Target(fatcat)))
    assert state.hearts[fatcat] == 3 and state.rng.faces == [1, 1]


def test_a_cat_may_attack_itself():
    state = dungeon_turn(dungeons={0: ["tabby"]}, dice=[1, 1])
    tabby = state.dungeons[0][0]
    play(state, (0, Attack(tabby)), (0, Target(tabby)))
    assert state.graveyard == [tabby] and state.dungeons[0] == []


# ----- Decoy --------------------------------------------------------------------------------


def test_decoy_forces_an_opponents_attack_onto_the_decoy_cats():
    state = dungeon_turn(
        dungeons={0: ["lucky"], 1: ["tabby", "brawler", "nurse", "guardian"], 2: ["fatcat"]}
    )
    lucky = state.dungeons[0][0]
    _, brawler, _, guardian = state.dungeons[1]
    (fatcat,) = state.dungeons[2]
    play(state, (0, Attack(lucky)))
    # Seat 1's only targets are its two Decoy cats; seat 2's Decoy is its only cat anyway.
    assert state.legal_actions(0) == [
        Target(lucky),
        Target(brawler),
        Target(guardian),
        Target(fatcat),
    ]


def test_once_the_decoy_falls_the_other_cats_can_be_attacked():
    state = dungeon_turn(dungeons={0: ["lucky", "prowler"], 1: ["tabby", "brawler"]}, dice=[1] * 5)
    lucky, prowler = state.dungeons[0]
    tabby, brawler = state.dungeons[1]
    play(state, (0, Attack(lucky)), (0, Target(brawler)))  # 3 hits: the brawler falls
    assert state.graveyard == [brawler]
    play(state, (0, Attack(prowler)))
    assert Target(tabby) in state.legal_actions(0)


def test_decoy_does_not_restrict_attacks_on_ones_own_cats():
    state = dungeon_turn(dungeons={0: ["lucky", "tabby", "brawler"]})
    lucky, tabby, brawler = state.dungeons[0]
    play(state, (0, Attack(lucky)))
    assert state.legal_actions(0) == [Target(lucky), Target(tabby), Target(brawler)]


def test_decoy_does_not_restrict_abilities_which_are_not_attacks():
    state = dungeon_turn(dungeons={0: ["slinger"], 1: ["tabby", "brawler"]})
    slinger = state.dungeons[0][0]
    tabby, _ = state.dungeons[1]
    play(state, (0, Activate(slinger)))
    assert Target(tabby) in state.legal_actions(0)
