"""Classes, races, curses, one-shots and the effect vocabulary at work."""

from __future__ import annotations

from gamenight.games.munchkin.actions import (
    CHOOSE_VALUE,
    KICK,
    ROLL,
    ChooseMonster,
    ChooseSeat,
    Discard,
    Equip,
    Pick,
    Play,
    Unequip,
    Use,
)
from gamenight.kernel import PASS

from .helpers import card, events, fight, game, keys, pass_all, play, refused


def strength(state) -> tuple[int, int]:
    combat = state.view(None)["combat"]
    return combat["players_strength"], combat["monsters_strength"]


# ----- classes and races --------------------------------------------------------------


def test_a_warrior_discards_up_to_three_cards_for_one_each():
    hand = ["pointy_stick", "buckler", "boomerang", "tap_shoes"]
    state = fight("moody_goblin", table={0: ["warrior"]}, hands={0: hand})
    use = Use(card("warrior"), 0)
    for _ in range(3):
        while state.actors() != (0,):
            state.apply(state.actors()[0], PASS)
        play(state, (0, use), (0, Pick(state.hands[0][0])))
    assert strength(state) == (4, 3) and len(state.hands[0]) == 1
    assert use not in state.legal_actions(0)


def test_a_cleric_turns_the_undead():
    state = fight("zombie_intern", table={0: ["cleric"]}, hands={0: ["buckler"]})
    while state.actors() != (0,):
        state.apply(state.actors()[0], PASS)
    play(state, (0, Use(card("cleric"), 0)), (0, Pick(card("buckler"))))
    assert strength(state) == (4, 6)
    living = fight("moody_goblin", table={0: ["cleric"]}, hands={0: ["buckler"]})
    while living.actors() != (0,):
        living.apply(living.actors()[0], PASS)
    assert Use(card("cleric"), 0) not in living.legal_actions(0)


def test_a_thief_backstabs_each_player_once_per_combat():
    state = fight(
        "grumpy_chest", table={1: ["thief"]}, hands={1: ["buckler", "boomerang"]}, levels=[3, 1, 1]
    )
    backstab = Use(card("thief"), 0)
    play(state, (1, backstab), (1, Pick(card("buckler"))))
    assert state.legal_actions(1) == [ChooseSeat(0)]  # players only
    state.apply(1, ChooseSeat(0))
    assert strength(state) == (1, 1)
    assert backstab not in state.legal_actions(1)


def test_a_thief_steals_on_four_or_more_else_loses_a_level():
    state = game(table={0: ["thief"], 1: ["buckler"]}, levels=[3, 1, 1], dice=[4], phase="after")
    play(state, (0, Use(card("thief"), 1)), (0, Pick(card("buckler"))))
    assert card("buckler") in state.table[0] and Use(card("thief"), 1) not in state.legal_actions(0)
    unlucky = game(table={0: ["thief"], 1: ["buckler"]}, levels=[3, 1, 1], dice=[3], phase="after")
    play(unlucky, (0, Use(card("thief"), 1)), (0, Pick(card("buckler"))))
    assert card("buckler") in unlucky.table[1] and unlucky.level[0] == 2


def test_a_wizard_charms_a_monster_by_discarding_a_hand_of_three():
    hand = ["pointy_stick", "buckler", "boomerang"]
    state = fight(
        "grave_gnome",
        table={0: ["wizard"]},
        hands={0: hand},
        treasure=["tap_shoes", "leather_vest"],
    )
    while state.actors() != (0,):
        state.apply(state.actors()[0], PASS)
    state.apply(0, Use(card("wizard"), 1))
    assert state.phase == "after" and state.level[0] == 1
    assert keys(state.hands[0]) == ["tap_shoes", "leather_vest"]


def test_a_wizard_discards_for_a_better_run():
    state = fight("grave_gnome", table={0: ["wizard"]}, hands={0: ["buckler"]}, dice=[4])
    pass_all(state)
    play(state, (0, Use(card("wizard"), 0)), (0, Pick(card("buckler"))), (0, ROLL))
    pass_all(state)  # 4 + 1 (wizard) - 1 (gnome) = 4: caught
    assert events(state, "ran")[-1]["total"] == 4


def test_a_halfling_rerolls_a_failed_run_once():
    state = fight(
        "grave_gnome",
        table={0: ["halfling"]},
        hands={0: ["buckler", "boomerang"]},
        dice=[2, 6],
        levels=[3, 1, 1],
    )
    pass_all(state)
    state.apply(0, ROLL)
    while state.actors() != (0,):
        state.apply(state.actors()[0], PASS)
    reroll = Use(card("halfling"), 0)
    play(state, (0, reroll), (0, Pick(card("buckler"))))
    assert state.roll == 6 and reroll not in state.legal_actions(0)
    pass_all(state)
    assert events(state, "ran")[-1]["escaped"] and state.level[0] == 3


def test_one_class_unless_super_munchkin_and_classes_may_be_discarded():
    state = game(hands={0: ["wizard", "super_munchkin", "cleric"]}, table={0: ["warrior"]})
    refused(state, 0, Play(card("wizard")))
    play(state, (0, Play(card("super_munchkin"))), (0, Play(card("wizard"))))
    refused(state, 0, Play(card("cleric")))
    state.apply(0, Discard(card("warrior")))
    state.apply(0, Play(card("cleric")))
    assert keys(state.table[0]) == ["super_munchkin", "wizard", "cleric"]


def test_items_equip_and_unequip_once_a_turn_each():
    state = game(table={0: ["buckler", "pointy_stick", ("boomerang", False)]})
    assert Equip(card("boomerang")) not in state.legal_actions(0)  # both hands are full
    play(state, (0, Unequip(card("pointy_stick"))), (0, Equip(card("boomerang"))))
    assert state.view(0)["seats"][0]["strength"] == 1 + 2 + 2
    refused(state, 0, Equip(card("pointy_stick")))
    refused(state, 0, Unequip(card("boomerang")))


def test_the_hireling_carries_one_more_item():
    state = game(table={0: ["hireling", "buckler", "pointy_stick", "boomerang"]})
    assert state.unequipped == ()
    assert state.view(0)["seats"][0]["strength"] == 1 + 1 + 2 + 1 + 2
    state.apply(0, Discard(card("hireling")))
    assert state.unequipped == (card("boomerang"),)


# ----- curses ------------------------------------------------------------------------


def curse(state, seat: int, key: str, victim: int) -> None:
    play(state, (seat, Play(card(key))), (seat, ChooseSeat(victim)))


def test_a_curse_from_hand_hits_any_player_in_a_window():
    state = game(hands={1: ["curse_hat"]}, table={2: ["helm_of_nerve"]}, door=["elf"])
    state.apply(0, KICK)
    curse(state, 1, "curse_hat", 2)
    assert state.actors() == (2,) and state.legal_actions(2) == [PASS]
    state.apply(2, PASS)
    assert state.table[2] == () and state.actors() == (2, 0, 1)


def test_a_curse_hitting_nothing_does_nothing():
    state = game(hands={1: ["curse_armor"]}, door=["elf"])
    state.apply(0, KICK)
    curse(state, 1, "curse_armor", 0)
    state.apply(0, PASS)
    assert card("curse_armor") in state.door_discard


def test_the_victim_may_cancel_a_curse():
    state = game(hands={1: ["curse_major"], 2: ["wishing_ring"]}, levels=[1, 1, 5], door=["elf"])
    state.apply(0, KICK)
    curse(state, 1, "curse_major", 2)
    assert state.legal_actions(2) == [PASS, Play(card("wishing_ring"))]
    state.apply(2, Play(card("wishing_ring")))
    assert state.level[2] == 5 and events(state, "curse_cancelled")


def test_a_card_that_removes_a_lasting_curse_does_not_answer_one_aimed_at_you():
    state = game(hands={1: ["curse_major"], 2: ["holy_water"]}, levels=[1, 1, 5], door=["elf"])
    state.apply(0, KICK)
    curse(state, 1, "curse_major", 2)
    assert state.legal_actions(2) == [PASS]


def test_a_persistent_curse_stays_until_removed():
    state = game(hands={1: ["curse_chicken"], 0: ["holy_water"]}, door=["elf"])
    state.apply(0, KICK)
    curse(state, 1, "curse_chicken", 0)
    state.apply(0, PASS)
    assert card("curse_chicken") in state.table[0]
    assert state.view(None)["seats"][0]["strength"] == 0
    pass_all(state)
    state.apply(0, Play(card("holy_water")))
    assert state.table[0] == () and state.view(None)["seats"][0]["strength"] == 1


def test_a_curse_for_the_next_combat_goes_when_it_ends():
    setup = {"hands": {0: ["grumpy_chest"], 1: ["curse_sex"]}, "door": ["elf"], "levels": [3, 1, 1]}
    state = game(dice=[5], **setup)
    state.apply(0, KICK)
    curse(state, 1, "curse_sex", 0)
    state.apply(0, PASS)
    assert state.sex[0] == 1 and state.view(None)["seats"][0]["strength"] == -2
    pass_all(state)
    state.apply(0, Play(card("grumpy_chest")))  # look for trouble: -2 against 1
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    assert state.phase == "after" and card("curse_sex") in state.door_discard
    assert state.view(None)["seats"][0]["strength"] == 3 and state.sex[0] == 1


def test_a_tinfoil_hat_takes_the_curse_instead():
    state = game(
        hands={1: ["curse_lose_level"]}, table={0: ["tinfoil_hat"]}, levels=[3, 1, 1], door=["elf"]
    )
    state.apply(0, KICK)
    curse(state, 1, "curse_lose_level", 0)
    assert state.level[0] == 3 and state.table[0] == () and state.actors() == (2, 0, 1)


def test_a_shield_is_lost_instead_of_another_item():
    state = game(
        hands={1: ["curse_hat"]}, table={0: ["shield_of_warding", "helm_of_nerve"]}, door=["elf"]
    )
    state.apply(0, KICK)
    curse(state, 1, "curse_hat", 0)
    state.apply(0, PASS)
    assert keys(state.table[0]) == ["helm_of_nerve"]


def test_a_shield_stands_for_one_item_of_several_lost():
    table = {0: ["shield_of_warding", "leather_vest", "tap_shoes", "helm_of_nerve"]}
    state = fight("ghost_captain", table=table, levels=[1, 1, 1], dice=[1])
    pass_all(state)
    state.apply(0, ROLL)  # caught: lose three items of your choice, the shield one of them
    pass_all(state)
    assert state.actors() == (0,)
    picks = [Pick(card("tap_shoes")), Pick(card("leather_vest"))]
    for pick in picks:
        assert pick in state.legal_actions(0)
        state.apply(0, pick)
    assert keys(state.table[0]) == ["helm_of_nerve"]
    assert card("shield_of_warding") in state.treasure_discard


# ----- one-shots and the vocabulary -----------------------------------------------------


def test_a_loaded_die_sets_any_roll():
    state = fight("grave_gnome", hands={2: ["loaded_die"]}, dice=[6])
    pass_all(state)
    state.apply(0, ROLL)
    state.apply(1, PASS)
    state.apply(2, Play(card("loaded_die")))
    assert state.legal_actions(2) == list(CHOOSE_VALUE.values())
    state.apply(2, CHOOSE_VALUE[1])
    pass_all(state)
    assert not events(state, "ran")[-1]["escaped"]


def test_escape_and_flight_potions_when_running():
    state = fight("grave_gnome", hands={0: ["invisibility_potion"]})
    pass_all(state)
    state.apply(0, Play(card("invisibility_potion")))
    assert state.phase == "after" and state.level[0] == 1
    flight = fight("grave_gnome", hands={0: ["flight_potion"]}, dice=[4])
    pass_all(flight)
    play(flight, (0, Play(card("flight_potion"))), (0, ROLL))
    pass_all(flight)
    assert events(flight, "ran")[-1]["escaped"]


def test_mirror_image_doubles_a_combatant():
    state = fight("moody_goblin", hands={0: ["mirror_image"]}, table={0: ["buckler"]})
    while state.actors() != (0,):
        state.apply(state.actors()[0], PASS)
    state.apply(0, Play(card("mirror_image")))
    assert strength(state) == (6, 3)


def test_enhancers_change_strength_and_treasures_on_the_monster_chosen():
    state = fight("haunted_teapot", hands={1: ["clattering_skeleton", "enraged"]})
    play(state, (1, Play(card("clattering_skeleton"))), (1, Play(card("enraged"))))
    assert state.legal_actions(1) == [ChooseMonster(0), ChooseMonster(1)]
    state.apply(1, ChooseMonster(1))
    monsters = state.view(None)["combat"]["monsters"]
    assert [m["strength"] for m in monsters] == [2, 7] and [m["treasures"] for m in monsters] == [
        1,
        2,
    ]


def test_a_monster_that_joins_can_hit_everybody_else():
    state = game(door=["ancient_dracolich"], levels=[3, 3, 2])
    state.apply(0, KICK)
    assert state.level == (3, 2, 1)


def test_a_kill_trigger_draws_an_extra_card():
    table = {0: ["mithril_mail", "buckler", "singing_sword", "kneecap_hammer"]}
    state = fight(
        "hungry_bookshelf",
        table=table,
        levels=[5, 1, 1],
        treasure=["tap_shoes", "leather_vest", "boomerang", "spiky_knees"],
    )
    pass_all(state)
    assert len(state.hands[0]) == 4 and state.level[0] == 6


def test_a_cleric_may_take_the_door_from_the_discard_pile_then_discards_a_card():
    state = game(
        table={0: ["cleric"]},
        hands={0: ["buckler", "boomerang"]},
        door_discard=["tax_troll", "moody_goblin"],
        levels=[4, 1, 1],
    )
    resurrect = Use(card("cleric"), 1)
    assert resurrect in state.legal_actions(0)
    state.apply(0, resurrect)
    assert state.monsters == (card("moody_goblin"),) and state.phase == "combat"
    assert state.actors() == (0,) and state.legal_actions(0) == [
        Pick(card("buckler")),
        Pick(card("boomerang")),
    ]
    state.apply(0, Pick(card("buckler")))
    assert card("buckler") in state.treasure_discard and state.actors() == (1, 2, 0)
    assert resurrect not in game(table={0: ["cleric"]}).legal_actions(0)  # nothing to take


def test_a_one_shot_that_cannot_be_used_now_is_carried_into_play_then_used_from_there():
    state = game(hands={0: ["acid_potion"]}, door=["haunted_teapot"])
    state.apply(0, Play(card("acid_potion")))
    assert state.table[0] == (card("acid_potion"),)
    state.apply(0, KICK)
    while state.actors() != (0,):
        state.apply(state.actors()[0], PASS)
    play(state, (0, Use(card("acid_potion"), 0)), (0, ChooseSeat(0)))
    assert strength(state) == (6, 2) and card("acid_potion") in state.treasure_discard
