"""Combat: strength and ties, several monsters, kills and levels, treasures, running away
and Bad Stuff, death and looting, winning the game."""

from __future__ import annotations

from gamenight.games.munchkin.actions import ROLL, ChooseMonster, ChooseSeat, Pick, Play, Use
from gamenight.kernel import PASS

from .helpers import card, events, fight, game, keys, pass_all, play, refused, to_fighter


def test_a_stronger_fighter_kills_gains_a_level_and_draws_treasures_face_down():
    state = fight("grumpy_chest", table={0: ["pointy_stick"]}, treasure=["buckler"])
    assert state.view(1)["combat"]["players_strength"] == 2
    pass_all(state)
    assert state.level[0] == 2 and state.phase == "after"
    assert card("buckler") in state.hands[0]
    assert card("buckler") not in state.view(1)["seats"][0]["known_hand"]
    assert card("grumpy_chest") in state.door_discard


def test_a_tie_loses():
    state = fight("grumpy_chest", dice=[6])
    pass_all(state)
    assert state.phase == "run" and state.actors() == (0,)
    assert state.legal_actions(0)[0] == ROLL


def test_a_warrior_wins_ties():
    state = fight("grumpy_chest", table={0: ["warrior"]})
    pass_all(state)
    assert state.level[0] == 2


def test_monster_modifiers_depend_on_who_fights():
    state = fight("pigeon_swarm", table={0: ["elf"]})
    assert state.view(None)["combat"]["monsters"][0]["strength"] == 3
    human = fight("pigeon_swarm")
    assert human.view(None)["combat"]["monsters"][0]["strength"] == 1


def test_items_need_their_restriction_and_a_free_slot():
    state = game(table={0: ["napalm_staff", "pointy_stick", "buckler", "boomerang"]})
    view = state.view(0)["seats"][0]
    equipped = {e["key"]: e["equipped"] for e in view["table"]}
    # the staff is for wizards: it stays sideways; two one-hand items fill the hands
    assert equipped == {
        "napalm_staff": False,
        "pointy_stick": True,
        "buckler": True,
        "boomerang": False,
    }
    assert view["strength"] == 1 + 1 + 2


def test_only_one_big_item_unless_a_dwarf():
    state = game(hands={0: ["chainsaw", "huge_rock"]})
    state.apply(0, Play(card("chainsaw")))
    refused(state, 0, Play(card("huge_rock")))
    dwarf = game(hands={0: ["chainsaw", "huge_rock"]}, table={0: ["dwarf"]})
    play(dwarf, (0, Play(card("chainsaw"))), (0, Play(card("huge_rock"))))
    assert len(dwarf.table[0]) == 3


def test_items_are_not_played_in_combat():
    state = fight("grumpy_chest", hands={0: ["buckler"]})
    assert Play(card("buckler")) not in state.legal_actions(1)
    to_fighter(state)
    assert Play(card("buckler")) not in state.legal_actions(0)


def test_any_play_in_combat_reopens_the_window():
    state = fight("grumpy_chest", hands={1: ["enraged"]}, table={0: ["pointy_stick"]})
    state.apply(1, PASS)
    state.apply(2, PASS)
    assert state.actors() == (0,)
    state.apply(0, PASS)
    assert state.level[0] == 2  # everybody passed: it resolved
    state = fight("grumpy_chest", hands={2: ["enraged"]}, table={0: ["pointy_stick"]})
    play(state, (1, PASS), (2, Play(card("enraged"))))
    assert state.actors() == (0, 1, 2)
    assert state.view(None)["combat"]["monsters_strength"] == 6


def test_a_one_shot_goes_to_either_side():
    state = fight("haunted_teapot", hands={1: ["acid_potion"]})
    state.apply(1, Play(card("acid_potion")))
    assert state.actors() == (1,)
    assert state.legal_actions(1) == [ChooseSeat(0), ChooseMonster(0)]
    state.apply(1, ChooseSeat(0))
    assert state.view(None)["combat"]["players_strength"] == 6
    assert card("acid_potion") in state.treasure_discard
    pass_all(state)
    assert state.level[0] == 2


def test_wandering_monster_brings_a_monster_from_hand():
    state = fight("grumpy_chest", hands={1: ["wandering_monster", "lava_slug"]})
    state.apply(1, Play(card("wandering_monster")))
    assert state.legal_actions(1) == [Pick(card("lava_slug"))]
    state.apply(1, Pick(card("lava_slug")))
    assert keys(state.monsters) == ["grumpy_chest", "lava_slug"]
    assert state.view(None)["combat"]["monsters_strength"] == 6


def test_an_undead_monster_joins_another_undead_without_wandering_monster():
    state = fight("haunted_teapot", hands={1: ["clattering_skeleton"]})
    state.apply(1, Play(card("clattering_skeleton")))
    assert keys(state.monsters) == ["haunted_teapot", "clattering_skeleton"]
    living = fight("grumpy_chest", hands={1: ["clattering_skeleton"]})
    assert Play(card("clattering_skeleton")) not in living.legal_actions(1)


def test_several_monsters_give_their_levels_and_treasures():
    state = fight(
        "grumpy_chest",
        hands={1: ["wandering_monster", "moody_goblin"]},
        levels=[6, 1, 1],
        treasure=["buckler", "pointy_stick", "boomerang"],
    )
    play(state, (1, Play(card("wandering_monster"))), (1, Pick(card("moody_goblin"))))
    pass_all(state)
    assert state.level[0] == 8
    assert {card("buckler"), card("pointy_stick"), card("boomerang")} <= set(state.hands[0])


def test_a_big_monster_gives_two_levels_and_level_ten_wins_by_a_kill():
    table = {0: ["mithril_mail", "buckler", "singing_sword"]}
    state = fight("elder_wyrm", table=table, levels=[8, 1, 1])
    pass_all(state)
    assert state.level[0] == 10 and state.is_over()
    outcome = state.outcome()
    assert outcome.winners == (0,) and not outcome.truncated


def test_running_away_five_or_more_escapes():
    state = fight("haunted_teapot", dice=[5])
    pass_all(state)
    state.apply(0, ROLL)
    assert state.window is not None and state.actors() == (1, 2, 0)  # the roll window
    assert state.view(None)["run"]["roll"] == 5
    pass_all(state)
    assert state.phase == "after" and state.level[0] == 1
    assert events(state, "ran")[-1]["escaped"]


def test_caught_runners_suffer_bad_stuff():
    state = fight("kamikaze_frogs", levels=[2, 1, 1], dice=[5])
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)  # 5 - 1 (frogs) = 4: caught
    assert state.level[0] == 1 and not events(state, "ran")[-1]["escaped"]


def test_an_elf_runs_better():
    state = fight("pigeon_swarm", table={0: ["elf"]}, dice=[4])
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    assert events(state, "ran")[-1] == {
        "seat": 0,
        "monster": card("pigeon_swarm"),
        "die": 4,
        "total": 5,
        "escaped": True,
    }


def test_a_slow_monster_does_not_chase_low_levels():
    state = fight("lava_slug", levels=[2, 1, 1])
    pass_all(state)
    assert state.phase == "after" and events(state, "escape")[-1]["auto"]


def test_run_from_each_monster_in_the_fighters_order():
    state = fight("haunted_teapot", hands={1: ["clattering_skeleton"]}, dice=[6, 6])
    state.apply(1, Play(card("clattering_skeleton")))
    pass_all(state)
    assert state.phase == "run" and state.legal_actions(0) == [ChooseMonster(0), ChooseMonster(1)]
    state.apply(0, ChooseMonster(1))
    state.apply(0, ROLL)
    pass_all(state)
    assert events(state, "ran")[-1]["monster"] == card("clattering_skeleton")
    state.apply(0, ROLL)
    pass_all(state)
    assert state.phase == "after"


def test_the_hireling_escapes_instead_of_rolling():
    state = fight("haunted_teapot", table={0: ["hireling"]})
    assert state.view(None)["combat"]["players_strength"] == 2
    state.apply(1, PASS)
    state.apply(2, PASS)
    state.apply(0, PASS)
    assert state.view(None)["combat"]["players_strength"] == 2  # tie: run
    assert Use(card("hireling"), 0) in state.legal_actions(0)
    state.apply(0, Use(card("hireling"), 0))
    assert state.phase == "after" and card("hireling") in state.treasure_discard


def test_death_keeps_class_race_and_level_and_the_others_loot_the_body():
    state = fight(
        "elder_wyrm",
        players=4,
        levels=[5, 3, 4, 3],
        table={0: ["warrior", "elf", "buckler", "leather_vest"]},
        hands={0: ["pointy_stick"]},
        dice=[1, 6, 2],  # the run, then the looting tie between seats 1 and 3
    )
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    assert state.dead[0] and state.level[0] == 5
    assert keys(state.table[0]) == ["warrior", "elf"] and state.hands[0] == ()
    body = {card("buckler"), card("leather_vest"), card("pointy_stick")}
    assert set(state.body) == body
    assert events(state, "death")[-1]["order"] == [2, 1, 3]
    assert state.actors() == (2,)
    play(
        state,
        (2, Pick(card("buckler"))),
        (1, Pick(card("pointy_stick"))),
        (3, Pick(card("leather_vest"))),
    )
    assert state.body == () and card("pointy_stick") in state.view(3)["seats"][1]["known_hand"]


def test_looters_of_one_level_whose_dice_tie_roll_again():
    state = fight("elder_wyrm", levels=[3, 4, 4], dice=[1, 3, 3, 2, 5])
    pass_all(state)
    state.apply(0, ROLL)  # the 1: caught, dead; seats 1 and 2 roll 3 and 3, then 2 and 5
    pass_all(state)
    death = events(state, "death")[-1]
    assert (death["order"], death["rolls"]) == ([2, 1], [5, 2])


def test_the_dead_come_back_with_a_new_start_hand_on_their_next_turn():
    state = fight("elder_wyrm", dice=[1])
    pass_all(state)
    state.apply(0, ROLL)
    while state.phase != "end":  # the roll window, then the dead fighter's turn ends
        state.apply(state.actors()[0], PASS)
    assert state.dead[0] and state.fresh[0] and state.hands[0] == ()
    pass_all(state)
    assert state.dead == (0, 0, 0) and state.turn == 1  # back, may help from now on
    for seat in (1, 2):
        while state.turn == seat:
            actor = state.actors()[0]
            state.apply(actor, state.timeout_action(actor))
    assert state.turn == 0 and not state.fresh[0]
    assert len(state.hands[0]) == 8  # a new start hand, face down
    assert events(state, "draw")[-1]["count"] == 4


def test_a_replacement_saves_a_life():
    state = fight("elder_wyrm", table={0: ["second_chance_amulet"]}, levels=[3, 1, 1], dice=[1])
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    assert not state.dead[0] and state.level[0] == 2
    assert card("second_chance_amulet") in state.treasure_discard


def test_a_monster_removed_gives_nothing_and_one_defeated_gives_treasures_without_a_level():
    state = fight("haunted_teapot", hands={1: ["friendship_potion"]})
    state.apply(1, Play(card("friendship_potion")))
    assert state.phase == "after" and state.level[0] == 1 and state.hands[0] == ()
    state = fight("haunted_teapot", hands={0: ["magic_lamp"]}, treasure=["buckler"])
    play(state, (1, PASS), (2, PASS), (0, Play(card("magic_lamp"))))
    assert state.phase == "after" and state.level[0] == 1 and keys(state.hands[0]) == ["buckler"]


def test_a_monster_never_drops_below_one_but_a_player_may():
    state = fight("grumpy_chest", hands={1: ["baby"], 2: ["curse_flu"]})
    state.apply(1, Play(card("baby")))
    assert state.view(None)["combat"]["monsters"][0]["strength"] == 1
    play(state, (2, Play(card("curse_flu"))), (2, ChooseSeat(0)), (0, PASS))
    assert state.view(None)["combat"]["players_strength"] == -2


def test_the_floor_of_one_is_on_the_monsters_level_and_one_shots_add_after_it():
    """Rules, section 3 (floors): the floor is on a monster's level (printed level,
    enhancers, its own modifiers); this combat's one-shot bonuses add after it."""
    state = fight("grumpy_chest", hands={1: ["baby", "acid_potion"]})
    state.apply(1, Play(card("baby")))
    while state.actors()[0] != 1:
        state.apply(state.actors()[0], PASS)
    play(state, (1, Play(card("acid_potion"))), (1, ChooseMonster(0)))
    assert state.view(None)["combat"]["monsters"][0]["strength"] == 1 + 5
