"""Classes, races and the rest of a character: what the other tests leave out.

Each ability as the rules page (section 5) and the engine's docs describe it, in the
situations that test its limits: as a helper, against several monsters or players,
once per what it says, and what it does not allow.
"""

from __future__ import annotations

from gamenight.games.munchkin.actions import (
    DONE,
    END_TURN,
    ROLL,
    SELL,
    ChooseMonster,
    ChooseSeat,
    Discard,
    Pick,
    Play,
    Use,
)
from gamenight.kernel import PASS

from .driving import helped, others_pass
from .helpers import card, events, fight, game, keys, pass_all, play, to_fighter


def strengths(state) -> tuple[int, int]:
    combat = state.view(None)["combat"]
    return combat["players_strength"], combat["monsters_strength"]


# ----- Warrior --------------------------------------------------------------------------


def test_a_warrior_helper_berserks_too_but_only_a_warrior_fighter_wins_ties():
    state = fight(
        "moody_goblin",
        levels=[1, 1, 1],
        table={1: ["warrior"]},
        hands={1: ["buckler", "boomerang", "tap_shoes", "leather_vest"]},
        dice=[6],
    )
    helped(state)
    assert strengths(state) == (2, 3)
    berserk = Use(card("warrior"), 0)
    for _ in range(3):
        play(state, (1, berserk), (1, Pick(state.hands[1][0])))
    assert strengths(state) == (5, 3) and berserk not in state.legal_actions(1)
    tie = fight("moody_goblin", levels=[1, 2, 1], table={1: ["warrior"]}, dice=[6])
    helped(tie)
    assert strengths(tie) == (3, 3) and not tie.view(None)["combat"]["winning"]


# ----- Wizard ---------------------------------------------------------------------------


def test_a_wizard_who_charms_one_monster_and_runs_from_another_gets_nothing():
    """Rules, section 3: escaping gives no levels or treasures (the charmed monster's
    included: the fight was not won)."""
    state = fight(
        "grave_gnome",
        table={0: ["wizard"]},
        hands={0: ["buckler", "boomerang", "tap_shoes"], 1: ["clattering_skeleton"]},
        dice=[6, 6],
    )
    state.apply(1, Play(card("clattering_skeleton")))
    others_pass(state)
    play(state, (0, Use(card("wizard"), 1)), (0, ChooseMonster(0)))  # charms the gnome
    assert keys(state.monsters) == ["clattering_skeleton"]
    assert state.view(None)["combat"]["defeated_treasures"] == 2
    pass_all(state)  # 1 against the skeleton's 2: run
    state.apply(0, ROLL)
    pass_all(state)
    assert state.phase == "after" and state.hands[0] == () and state.level[0] == 1


def test_a_wizard_charms_only_in_their_own_combat_and_runs_better_only_when_running():
    hand = ["buckler", "boomerang", "tap_shoes"]
    state = fight("grave_gnome", table={1: ["wizard"]}, hands={1: hand})
    assert Use(card("wizard"), 1) not in state.legal_actions(1)  # not the fighter
    assert Use(card("wizard"), 0) not in state.legal_actions(1)  # not running
    helped(state)
    assert Use(card("wizard"), 1) not in state.legal_actions(1)  # a helper neither


# ----- Thief ----------------------------------------------------------------------------


def test_a_thief_backstabs_the_fighter_and_the_helper_once_each():
    state = fight(
        "moody_goblin",
        levels=[2, 2, 1],
        table={2: ["thief"]},
        hands={2: ["buckler", "boomerang", "tap_shoes"]},
    )
    helped(state)
    backstab = Use(card("thief"), 0)
    play(state, (2, backstab), (2, Pick(card("buckler"))))
    assert state.legal_actions(2) == [ChooseSeat(0), ChooseSeat(1)]
    state.apply(2, ChooseSeat(1))
    play(state, (2, backstab), (2, Pick(card("boomerang"))))
    assert state.legal_actions(2) == [ChooseSeat(0)]  # the helper was hit already
    state.apply(2, ChooseSeat(0))
    assert strengths(state) == (0, 3) and backstab not in state.legal_actions(2)


def test_a_thief_steals_only_small_items_outside_combat_once_a_turn():
    state = game(
        table={0: ["thief"], 1: ["chainsaw", "buckler"], 2: ["pointy_stick"]},
        levels=[3, 1, 1],
        dice=[6],
        phase="after",
    )
    steal = Use(card("thief"), 1)
    state.apply(0, steal)
    assert state.legal_actions(0) == [Pick(card("buckler")), Pick(card("pointy_stick"))]
    state.apply(0, Pick(card("buckler")))
    assert steal not in state.legal_actions(0)  # once a turn
    in_combat = fight("moody_goblin", table={0: ["thief"], 1: ["buckler"]}, levels=[3, 1, 1])
    others_pass(in_combat)
    assert steal not in in_combat.legal_actions(0)


# ----- Cleric ---------------------------------------------------------------------------


def test_a_cleric_helper_turns_the_undead_three_times_at_most():
    state = fight(
        "zombie_intern",
        levels=[2, 2, 1],
        table={1: ["cleric"]},
        hands={1: ["buckler", "boomerang", "tap_shoes", "leather_vest"]},
    )
    helped(state)
    turning = Use(card("cleric"), 0)
    for _ in range(3):
        play(state, (1, turning), (1, Pick(state.hands[1][0])))
    assert strengths(state) == (4 + 9, 6) and turning not in state.legal_actions(1)


def test_a_cleric_may_take_the_treasure_discard_pile_instead_of_drawing_face_up():
    """Rules, section 5: a Cleric may take a face-up card from the top of a discard pile
    instead of drawing it face up; a win with help draws its treasures face up."""
    state = fight(
        "grumpy_chest",
        levels=[2, 2, 1],
        table={0: ["cleric"]},
        hands={0: ["buckler"]},
        treasure_discard=["singing_sword"],
    )
    helped(state)
    pass_all(state)  # won with help: the treasure is to be drawn face up
    assert state.actors() == (0,) and Use(card("cleric"), 1) in state.legal_actions(0)
    state.apply(0, Use(card("cleric"), 1))  # then a card of the hand is discarded
    assert keys(state.hands[0]) == ["singing_sword"]
    assert keys(state.treasure_discard) == ["buckler"]
    assert events(state, "haul")[-1] == {
        "cards": [card("singing_sword")],
        "from_discard": card("singing_sword"),
    }


def test_a_helped_win_without_a_cleric_draws_at_once():
    state = fight("grumpy_chest", levels=[2, 2, 1], treasure_discard=["singing_sword"])
    helped(state)
    pass_all(state)
    assert state.phase == "after" and keys(state.treasure_discard) == ["singing_sword"]


# ----- Elf, Dwarf, Halfling -------------------------------------------------------------


def test_an_elf_helper_runs_better_and_gains_a_level_per_monster_helped_to_kill():
    state = fight("grave_gnome", levels=[2, 2, 1], table={1: ["elf"]}, dice=[4, 4])
    helped(state)
    pass_all(state)
    play(state, (0, ROLL))
    pass_all(state)
    state.apply(1, ROLL)
    assert state.view(None)["run"]["total"] == 4 + 1 - 1  # the Elf's +1, the gnome's -1
    kill = fight(
        "grumpy_chest",
        levels=[5, 2, 1],
        table={1: ["elf"]},
        hands={2: ["wandering_monster", "moody_goblin"]},
    )
    play(kill, (2, Play(card("wandering_monster"))), (2, Pick(card("moody_goblin"))))
    helped(kill)
    pass_all(kill)
    assert kill.level[:2] == (5 + 2, 2 + 2)  # two monsters: two levels each


def test_a_dwarf_gives_away_only_past_six_cards():
    hand = [
        "pointy_stick",
        "buckler",
        "leather_vest",
        "helm_of_nerve",
        "tap_shoes",
        "boomerang",
        "spiky_knees",
    ]
    state = game(hands={0: hand}, table={0: ["dwarf"]}, levels=[3, 1, 2], phase="after")
    state.apply(0, END_TURN)
    assert state.phase == "charity"
    state.apply(0, Pick(card("spiky_knees")))
    assert keys(state.hands[1]) == ["spiky_knees"] and state.phase == "end"


def test_a_halfling_rerolls_only_a_failed_roll_and_doubles_only_the_best_card_of_a_sale():
    state = fight("grave_gnome", table={0: ["halfling"]}, hands={0: ["buckler"]}, dice=[6])
    pass_all(state)
    state.apply(0, ROLL)  # 6 - 1: escaped
    assert Use(card("halfling"), 0) not in state.legal_actions(0)
    sale = game(hands={0: ["singing_sword", "buckler"]}, table={0: ["halfling"]}, phase="after")
    play(sale, (0, SELL), (0, Pick(card("singing_sword"))), (0, Pick(card("buckler"))))
    sale.apply(0, DONE)
    assert events(sale, "sold")[-1]["gold"] == 600 * 2 + 400 and sale.level[0] == 2


# ----- Mixed Heritage, Overachiever -----------------------------------------------------


def test_two_races_add_both_abilities_but_not_a_third():
    state = game(table={0: ["half_breed", "elf", "dwarf"]}, hands={0: ["halfling"]})
    assert Play(card("halfling")) not in state.legal_actions(0)
    view = state.view(None)["seats"][0]
    assert view["hand_limit"] == 6  # the Dwarf's
    run = fight("grave_gnome", table={0: ["half_breed", "elf", "dwarf"]}, dice=[4])
    pass_all(run)
    run.apply(0, ROLL)
    assert run.view(None)["run"]["total"] == 4 + 1 - 1  # the Elf's


def test_two_classes_add_both_abilities():
    state = fight(
        "grumpy_chest",
        table={0: ["super_munchkin", "warrior", "wizard"]},
        hands={0: ["buckler"]},
    )
    others_pass(state)
    assert Use(card("warrior"), 0) in state.legal_actions(0)
    pass_all(state)
    assert state.level[0] == 2  # 1 against 1: the Warrior wins ties


# ----- Undead ---------------------------------------------------------------------------


def test_undead_monsters_join_one_after_another_from_any_hand():
    state = fight(
        "haunted_teapot",
        hands={0: ["grave_gnome"], 1: ["clattering_skeleton"], 2: ["moody_goblin"]},
    )
    state.apply(1, Play(card("clattering_skeleton")))
    assert state.actors() == (2, 0, 1)  # a material play: everybody answers again
    assert Play(card("moody_goblin")) not in state.legal_actions(2)  # not undead
    others_pass(state)
    state.apply(0, Play(card("grave_gnome")))  # even the fighter's own
    assert keys(state.monsters) == ["haunted_teapot", "clattering_skeleton", "grave_gnome"]


# ----- the Hireling ---------------------------------------------------------------------


def test_the_hireling_is_hired_in_another_players_combat_and_escapes_for_a_helper():
    state = fight("grave_gnome", levels=[2, 2, 1], hands={1: ["hireling"]}, dice=[6])
    state.apply(1, Play(card("hireling")))  # any time: in another player's fight
    assert keys(state.table[1]) == ["hireling"]
    helped(state)
    assert strengths(state) == (2 + 2 + 1, 7)
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    assert state.actors() == (1,)
    state.apply(1, Use(card("hireling"), 0))  # the helper escapes without rolling
    assert state.phase == "after" and card("hireling") in state.treasure_discard
    assert state.level == (2, 2, 1)


def test_the_hireling_carries_an_extra_item_of_any_slot():
    state = game(table={0: ["hireling", "helm_of_nerve", "horned_helmet"]})
    assert state.unequipped == ()
    assert state.view(None)["seats"][0]["strength"] == 1 + 1 + 1 + 1


# ----- death ----------------------------------------------------------------------------


def test_the_dead_keep_mixed_heritage_and_overachiever_but_not_the_hireling():
    kept = ["half_breed", "elf", "dwarf", "super_munchkin", "warrior", "wizard"]
    state = fight("elder_wyrm", table={0: [*kept, "hireling"]}, levels=[3, 2, 1], dice=[1])
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    assert state.dead[0] and keys(state.table[0]) == kept
    assert state.body == (card("hireling"),)
    state.apply(1, Pick(card("hireling")))  # seat 2 finds nothing left to take
    assert state.hands[1] == (card("hireling"),) and state.body == ()
    assert state.window_kind == "end" and state.actors() == (1, 2)  # the dead are not asked


# ----- limits lowered ---------------------------------------------------------------------


def test_a_dwarf_no_more_keeps_one_big_item_of_their_choice():
    """Rules, section 4: one Big item, Dwarves any number; losing the Dwarf, the player
    chooses the Big item they keep and discards the others."""
    state = game(
        turn=1, table={0: ["dwarf", "chainsaw", "huge_rock", "buckler"]}, hands={1: ["curse_race"]}
    )
    play(state, (1, Play(card("curse_race"))), (1, ChooseSeat(0)), (0, PASS))
    assert state.actors() == (0,)
    assert state.legal_actions(0) == [Pick(card("chainsaw")), Pick(card("huge_rock"))]
    state.apply(0, Pick(card("huge_rock")))
    assert keys(state.table[0]) == ["huge_rock", "buckler"]


def test_losing_mixed_heritage_or_overachiever_keeps_one_race_or_class():
    """Rules, section 5: two races only with Half-Breed, two classes only with Super
    Munchkin; without it the player chooses the one to keep."""
    state = game(table={0: ["super_munchkin", "warrior", "wizard"]}, phase="after")
    state.apply(0, Discard(card("super_munchkin")))
    assert state.legal_actions(0) == [Pick(card("warrior")), Pick(card("wizard"))]
    state.apply(0, Pick(card("wizard")))
    assert keys(state.table[0]) == ["wizard"]
    # a Dwarf given up with Mixed Heritage then gives up the second Big item too
    state = game(table={0: ["half_breed", "dwarf", "elf", "chainsaw", "huge_rock"]}, phase="after")
    state.apply(0, Discard(card("half_breed")))
    assert state.legal_actions(0) == [Pick(card("dwarf")), Pick(card("elf"))]
    state.apply(0, Pick(card("elf")))
    assert state.legal_actions(0) == [Pick(card("chainsaw")), Pick(card("huge_rock"))]
    state.apply(0, Pick(card("chainsaw")))
    assert keys(state.table[0]) == ["elf", "chainsaw"]


def test_a_single_class_or_race_under_overachiever_or_mixed_heritage_has_no_drawbacks():
    """The rulebook's paragraph on Super Munchkin and Half-Breed: with one class (race)
    the player has its advantages and none of its disadvantages; costs are still paid."""
    state = fight(
        "cursed_scarecrow",  # +4 against Warriors
        table={0: ["super_munchkin", "warrior", "strength_tights"]},  # Tights: not Warriors
        hands={0: ["buckler", "pointy_stick"]},
    )
    assert strengths(state) == (1 + 3, 6)
    to_fighter(state)
    state.apply(0, Use(card("warrior"), 0))  # its ability still costs a card
    assert state.actors() == (0,) and len(state.legal_actions(0)) == 2
    state = fight("snot_elemental", table={0: ["half_breed", "elf"]})  # +4 against Elves
    assert strengths(state) == (1, 3)
    # an advantage stays: the Vampire Landlord's -3 against Clerics
    state = fight("vampire_landlord", levels=[5, 1, 1], table={0: ["super_munchkin", "cleric"]})
    assert strengths(state) == (5, 10 - 3)
    # with two classes, each is a class like any other
    state = fight("cursed_scarecrow", table={0: ["super_munchkin", "warrior", "wizard"]})
    assert strengths(state) == (1, 6 + 4)
