"""One scenario per term of the effect vocabulary that the other tests do not show."""

from __future__ import annotations

from gamenight.games.munchkin.actions import (
    ACCEPT,
    DONE,
    KICK,
    ROLL,
    TREASURES,
    Ask,
    ChooseSeat,
    Pick,
    Play,
)
from gamenight.kernel import PASS

from .helpers import card, events, fight, game, keys, pass_all, play, to_fighter

# ----- operations -------------------------------------------------------------------------


def test_add_monster_brings_the_next_door_monster_or_discards_the_card():
    state = game(door=["goblin_herald", "lava_slug"])
    state.apply(0, KICK)
    assert keys(state.monsters) == ["goblin_herald", "lava_slug"]
    other = game(door=["goblin_herald", "elf"])
    other.apply(0, KICK)
    assert keys(other.monsters) == ["goblin_herald"] and card("elf") in other.door_discard


def test_discard_lets_the_victim_choose():
    state = fight(
        "pigeon_swarm",
        table={0: ["elf"]},
        hands={0: ["buckler", "boomerang", "tap_shoes"]},
        dice=[1],
    )
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    assert state.actors() == (0,) and len(state.legal_actions(0)) == 3
    play(state, (0, Pick(card("tap_shoes"))), (0, Pick(card("buckler"))))
    assert keys(state.hands[0]) == ["boomerang"]


def test_lose_class_lets_a_player_with_two_choose():
    state = fight("cursed_scarecrow", table={0: ["super_munchkin", "wizard", "cleric"]}, dice=[1])
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    assert state.legal_actions(0) == [Pick(card("wizard")), Pick(card("cleric"))]
    state.apply(0, Pick(card("wizard")))
    assert keys(state.table[0]) == ["super_munchkin", "cleric"]


def test_lose_race_and_change_sex():
    state = fight("bureaucrat_eye", table={0: ["dwarf"]}, dice=[1])
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    assert state.table[0] == ()
    knight = fight("rubber_chicken_knight", dice=[1])
    pass_all(knight)
    knight.apply(0, ROLL)
    pass_all(knight)
    assert knight.sex[0] == 1


def test_escape_from_every_monster_at_once():
    state = fight("grave_gnome", hands={0: ["smoke_bomb"], 1: ["clattering_skeleton"]})
    state.apply(1, Play(card("clattering_skeleton")))
    pass_all(state)
    state.apply(0, state.legal_actions(0)[0])  # the first monster to run from
    state.apply(0, Play(card("smoke_bomb")))
    assert state.phase == "after"


# ----- triggers and replacements ------------------------------------------------------


def test_a_caught_trigger_acts_besides_the_bad_stuff():
    state = fight("ambush_ogre", levels=[3, 1, 1], dice=[1])
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    assert [len(h) for h in state.hands] == [0, 1, 1]


def test_a_death_trigger_acts_after_the_looting():
    state = fight("elder_wyrm", table={0: ["last_will", "buckler"]}, levels=[3, 2, 1], dice=[1])
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    play(state, (1, Pick(card("buckler"))), (2, Pick(card("last_will"))))
    assert len(state.hands[0]) == 2  # the will's two treasures, face down


def test_enter_and_leave_triggers():
    state = game(hands={0: ["charm_bracelet"], 1: ["curse_hat"]}, door=["elf", "dwarf"])
    state.apply(0, Play(card("charm_bracelet")))
    assert keys(state.hands[0]) == ["elf"]  # it drew the top door
    crowned = game(
        table={0: ["cursed_crown"]}, hands={1: ["curse_hat"]}, door=["elf"], levels=[3, 1, 1]
    )
    crowned.apply(0, KICK)
    play(crowned, (1, Play(card("curse_hat"))), (1, ChooseSeat(0)), (0, PASS))
    assert crowned.table[0] == () and crowned.level[0] == 2


def test_a_lose_level_replacement():
    state = fight("kamikaze_frogs", table={0: ["rabbit_foot"]}, levels=[2, 1, 1], dice=[1])
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    assert state.level[0] == 2 and card("rabbit_foot") in state.treasure_discard


# ----- modifiers and conditions ---------------------------------------------------------


def test_an_enhancer_may_add_levels_to_a_kill():
    state = fight("grumpy_chest", hands={1: ["veteran"]}, levels=[8, 1, 1])
    state.apply(1, Play(card("veteran")))
    pass_all(state)
    assert state.level[0] == 10 and state.is_over()


def test_side_a_bonus_while_helping():
    state = fight("grave_gnome", levels=[3, 2, 1], table={1: ["squires_tabard"]})
    assert state.view(None)["seats"][1]["strength"] == 3
    to_fighter(state)
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[0]), (1, ACCEPT))
    assert state.view(None)["seats"][1]["strength"] == 6
    assert state.view(None)["combat"]["players_strength"] == 9


def test_an_extra_hand_slot():
    state = game(table={0: ["third_arm", "buckler", "pointy_stick", "boomerang"]})
    assert state.unequipped == () and state.view(0)["seats"][0]["strength"] == 1 + 2 + 1 + 2


def test_two_races_with_mixed_heritage():
    state = game(hands={0: ["dwarf", "half_breed", "elf"]})
    play(state, (0, Play(card("dwarf"))), (0, Play(card("half_breed"))), (0, Play(card("elf"))))
    assert keys(state.table[0]) == ["dwarf", "half_breed", "elf"]
    pigeons = fight("pigeon_swarm", table={0: ["dwarf", "half_breed", "elf"]})
    assert pigeons.view(None)["combat"]["monsters_strength"] == 3


def test_a_player_treasure_modifier_when_alone():
    state = fight("grumpy_chest", table={0: ["lucky_coin", "pointy_stick"]})
    pass_all(state)
    assert len(state.hands[0]) == 2


def test_a_curse_lowers_the_hand_limit_and_restrictions_test_sex_and_level():
    hand = ["pointy_stick", "buckler", "leather_vest", "helm_of_nerve", "tap_shoes"]
    state = game(hands={0: hand, 1: ["curse_small_pockets"]}, door=["elf"], levels=[3, 1, 1])
    state.apply(0, KICK)
    play(state, (1, Play(card("curse_small_pockets"))), (1, ChooseSeat(0)), (0, PASS))
    pass_all(state)
    assert state.view(None)["seats"][0]["hand_limit"] == 4
    men = game(table={0: ["gentlemans_club"]}, sexes=[0, 0, 0])
    women = game(table={0: ["gentlemans_club"]}, sexes=[1, 0, 0])
    assert men.view(None)["seats"][0]["strength"] == 4 and women.unequipped == (
        card("gentlemans_club"),
    )
    slug = fight("lava_slug", levels=[3, 1, 1], dice=[6])
    pass_all(slug)
    assert slug.phase == "run"  # level 3 is chased
    assert not events(slug, "escape")
