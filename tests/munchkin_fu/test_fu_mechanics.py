"""A scenario for each Munchkin Fu mechanic, each a ``[ruleset]`` field or a vocabulary
term any card set could use (``docs/cards.md``), played on the Fu set itself."""

from __future__ import annotations

import gamenight
from gamenight.games.munchkin.actions import (
    ACCEPT,
    CHOOSE_MONSTER,
    DECLINE,
    DONE,
    KICK,
    ROLL,
    SELL,
    TREASURES,
    Ask,
    ChooseSeat,
    Discard,
    Pick,
    Play,
    Trade,
    Use,
)
from gamenight.games.munchkin.character import max_traits
from gamenight.games.munchkin.content import CardKind
from gamenight.kernel import PASS

from .helpers import (
    card,
    fight,
    game,
    keys,
    pass_all,
    pass_others,
    pass_reinforcements,
    strengths,
)

# ----- start hands ------------------------------------------------------------------------


def test_the_start_hand_is_two_doors_and_two_treasures_and_fast_play_deals_four_of_each():
    for options, each in (({}, 2), ({"fast_play": True}, 4)):
        state = gamenight.make("munchkin-fu", 4, seed=7, **options)
        for hand in state.hands:
            decks = [state.CS.deck[c] for c in hand]
            assert (decks.count(0), decks.count(1)) == (each, each)


# ----- styles, Extra Style, Super Munchkin ---------------------------------------------


def test_one_style_at_a_time_a_monk_two_and_extra_style_one_more():
    state = game(
        hands={0: ["tiger_style", "crane_style", "dragon_style"]}, table={0: ["mantis_style"]}
    )
    legal = state.legal_actions(0)
    assert Play(card("tiger_style")) not in legal  # one style already
    monk = game(table={0: ["monk", "mantis_style"]}, hands={0: ["tiger_style"]})
    assert max_traits(monk, 0, CardKind.RACE) == 2
    monk.apply(0, Play(card("tiger_style")))
    assert keys(monk.table[0]) == ["monk", "mantis_style", "tiger_style"]
    extra = game(
        table={0: ["monk", "extra_style", "mantis_style", "tiger_style"]},
        hands={0: ["crane_style"]},
    )
    assert max_traits(extra, 0, CardKind.RACE) == 3
    extra.apply(0, Play(card("crane_style")))
    assert "crane_style" in keys(extra.table[0])


def test_extra_style_is_played_with_no_style_yet():
    state = game(hands={0: ["extra_style", "tiger_style", "crane_style"]})
    state.apply(0, Play(card("extra_style")))
    state.apply(0, Play(card("tiger_style")))
    state.apply(0, Play(card("crane_style")))
    assert keys(state.table[0]) == ["extra_style", "tiger_style", "crane_style"]


def test_super_munchkin_is_played_with_a_class_in_play():
    state = game(hands={0: ["super_munchkin", "ninja", "samurai"]})
    assert Play(card("super_munchkin")) not in state.legal_actions(0)
    state.apply(0, Play(card("ninja")))
    state.apply(0, Play(card("super_munchkin")))
    state.apply(0, Play(card("samurai")))
    assert keys(state.table[0]) == ["ninja", "super_munchkin", "samurai"]


def test_super_munchkin_is_discarded_when_either_class_goes():
    state = game(table={0: ["super_munchkin", "ninja", "samurai"]})
    state.apply(0, Discard(card("ninja")))
    assert keys(state.table[0]) == ["samurai"]
    assert card("super_munchkin") in state.door_discard


def test_a_class_held_alone_under_super_munchkin_keeps_its_drawbacks():
    # Fu: "all the advantages and drawbacks"; the Viet Cong's +4 counts against a
    # Samurai however the class is held.
    state = fight("hk_viet_cong", table={0: ["super_munchkin", "samurai"]}, levels=[5, 1, 1])
    assert strengths(state) == (5, 6 + 4)


def test_a_class_or_style_is_played_at_any_moment_of_ones_own_turn_even_in_its_fight():
    state = fight("paper_tiger", hands={0: ["crane_style", "ninja"], 1: ["monk"]})
    assert Play(card("monk")) not in state.legal_actions(1)  # not seat 1's turn
    pass_others(state)
    legal = state.legal_actions(0)
    assert Play(card("crane_style")) in legal and Play(card("ninja")) in legal
    state.apply(0, Play(card("ninja")))
    assert keys(state.table[0]) == ["ninja"] and state.phase == "combat"


# ----- the cards the rulebook names -------------------------------------------------------


def test_the_ghost_tiger_is_weaker_when_a_monk_helps_and_the_ninja_mask_is_for_ninjas():
    state = fight("ghost_tiger", table={1: ["monk"]}, levels=[3, 2, 1])
    assert strengths(state) == (3, 4)
    pass_others(state)
    for seat, action in ((0, Ask(1)), (0, DONE)):
        state.apply(seat, action)
    state.apply(0, TREASURES[0])
    state.apply(1, ACCEPT)
    assert strengths(state) == (5, 4 - 2)
    for traits, bonus in ((["samurai"], 0), (["ninja"], 3)):
        masked = game(table={0: [*traits, "ninja_mask"]})
        assert masked.view(None)["seats"][0]["strength"] == 1 + bonus


# ----- classes ----------------------------------------------------------------------------


def test_a_ninja_discards_a_hand_of_two_to_escape_every_monster():
    state = fight(
        "jade_scorpion",
        table={0: ["ninja"]},
        hands={0: ["gi", "tonfa"], 1: ["wandering_monster", "oni_ogre"]},
    )
    state.apply(1, Play(card("wandering_monster")))
    state.apply(1, Pick(card("oni_ogre")))
    pass_all(state)
    assert state.phase == "run"
    state.apply(0, CHOOSE_MONSTER[0])
    state.apply(0, Use(card("ninja"), 0))
    assert state.phase == "after" and state.hands[0] == () and state.level[0] == 1


def test_a_ninja_with_one_card_cannot_escape_so():
    state = fight("jade_scorpion", table={0: ["ninja"]}, hands={0: ["gi"]})
    pass_all(state)
    assert Use(card("ninja"), 0) not in state.legal_actions(0)


def test_a_samurai_wins_ties_and_buys_bonuses_with_cards():
    state = fight("rabid_calligrapher", table={0: ["samurai"]}, levels=[3, 1, 1], hands={0: ["gi"]})
    assert state.view(None)["combat"]["winning"]  # 3 against 3
    state.apply(0, Use(card("samurai"), 0))
    state.apply(0, Pick(card("gi")))
    assert strengths(state) == (4, 3)


def test_a_monk_discards_a_card_for_minus_two_on_a_monster_once_a_combat():
    state = fight("kite_demon", table={0: ["monk"]}, hands={0: ["gi", "tonfa"]})
    state.apply(0, Use(card("monk"), 0))
    state.apply(0, Pick(card("gi")))
    assert strengths(state) == (1, 5 - 2)
    assert Use(card("monk"), 0) not in state.legal_actions(0)


# ----- fans ---------------------------------------------------------------------------------


def test_a_fan_is_played_in_another_players_combat_and_is_not_sold():
    state = fight("paper_tiger", hands={1: ["screaming_fan"]})
    state.apply(1, Play(card("screaming_fan")))
    assert keys(state.table[1]) == ["screaming_fan"] and state.CS.value[card("screaming_fan")] == 0


def test_a_fan_escapes_every_monster_even_one_nobody_outruns():
    state = fight("demon_emperor", table={0: ["cosplayer"]}, levels=[2, 9, 9])
    pass_all(state)
    state.apply(0, Use(card("cosplayer"), 0))
    assert state.phase == "after" and not state.dead[0]
    assert card("cosplayer") in state.treasure_discard


def test_the_fans_owner_takes_the_helper_along_or_lets_them_roll():
    def helped_run():
        state = fight("jade_scorpion", table={0: ["cosplayer"]}, levels=[2, 2, 1], dice=[1])
        pass_others(state)
        for action in (Ask(1), DONE, TREASURES[0]):
            state.apply(0, action)
        state.apply(1, ACCEPT)
        pass_all(state)
        return state

    along = helped_run()
    along.apply(0, Use(card("cosplayer"), 1))
    assert along.phase == "after" and along.level[1] == 2
    alone = helped_run()
    alone.apply(0, Use(card("cosplayer"), 0))
    assert alone.phase == "run" and alone.actors() == (1,)
    alone.apply(1, ROLL)  # the rigged 1 fails: the scorpion catches the helper
    pass_all(alone)
    assert alone.level[1] == 1 and alone.level[0] == 2


def test_outside_combat_an_enhancer_rides_a_fan_and_goes_with_it():
    state = game(table={0: ["screaming_fan"]}, hands={0: ["lotus_stoned", "evil_pets"]})
    state.apply(0, Play(card("lotus_stoned")))
    assert keys(state.table[0]) == ["screaming_fan", "lotus_stoned"]
    assert state.view(None)["seats"][0]["strength"] == 1 + 1 + 5
    assert Play(card("evil_pets")) not in state.legal_actions(0)  # one on each fan
    state.apply(0, Discard(card("screaming_fan")))
    assert state.table[0] == () and card("lotus_stoned") in state.door_discard
    bare = game(hands={0: ["lotus_stoned"]})
    assert Play(card("lotus_stoned")) not in bare.legal_actions(0)  # no fan to ride


def test_at_death_a_fan_and_the_enhancer_it_carries_are_both_left_for_the_looters():
    state = fight(
        "demon_emperor",
        table={0: ["autograph_hunter", "cursed_blade", "nunchaku"]},
        levels=[2, 9, 8],
        dice=[1],
    )
    pass_all(state)
    state.apply(0, ROLL)  # not the fan's escape: nobody outruns the Emperor by rolling
    pass_all(state)
    assert state.dead[0] and state.table[0] == ()
    assert sorted(state.body) == sorted(
        card(k) for k in ("autograph_hunter", "cursed_blade", "nunchaku")
    )
    assert card("cursed_blade") not in state.door_discard


# ----- enhancers and Double Trouble ------------------------------------------------------


def test_double_trouble_doubles_a_monster_with_its_enhancers_before_and_after():
    state = fight("sumo_toddler", hands={1: ["lotus_stoned", "double_trouble", "evil_pets"]})
    state.apply(1, Play(card("lotus_stoned")))
    assert strengths(state)[1] == 3 + 5
    state.apply(1, Play(card("double_trouble")))
    assert strengths(state)[1] == 2 * (3 + 5)
    state.apply(1, Play(card("evil_pets")))
    monster = state.view(None)["combat"]["monsters"][0]
    assert (monster["strength"], monster["treasures"]) == (2 * (3 + 5 + 3), 2 * (1 + 1 + 1))


def test_with_two_monsters_the_enhancers_player_chooses_which():
    state = fight("paper_tiger", hands={1: ["wandering_monster", "sumo_toddler", "double_trouble"]})
    state.apply(1, Play(card("wandering_monster")))
    state.apply(1, Pick(card("sumo_toddler")))
    state.apply(1, Play(card("double_trouble")))
    assert state.actors() == (1,)
    state.apply(1, CHOOSE_MONSTER[1])
    assert strengths(state)[1] == 1 + 2 * 3


def test_a_double_trouble_copy_is_run_from_on_its_own_roll_with_its_own_bad_stuff():
    hands = {1: ["double_trouble"]}
    state = game(door=["kung_fu_chick"], hands=hands, levels=[4, 5, 5], dice=[1, 6])
    state.apply(0, KICK)
    state.apply(1, Play(card("double_trouble")))
    pass_all(state)
    assert state.run_left == (card("kung_fu_chick"),) * 2
    assert state.legal_actions(0) == [ROLL]  # one monster twice: nothing to choose
    state.apply(0, ROLL)  # the rigged 1: the first caught the fighter (lose a level)
    pass_all(state)
    assert state.level[0] == 3 and state.run_left == (card("kung_fu_chick"),)
    state.apply(0, ROLL)  # the rigged 6: the copy is escaped
    pass_all(state)
    ran = [(e.data["die"], e.data["escaped"]) for e in state.events if e.kind == "ran"]
    assert ran == [(1, False), (6, True)] and state.level[0] == 3


def test_two_monsters_and_a_copy_are_two_choices_to_run_from():
    state = fight("paper_tiger", hands={1: ["wandering_monster", "sumo_toddler", "double_trouble"]})
    state.apply(1, Play(card("wandering_monster")))
    state.apply(1, Pick(card("sumo_toddler")))
    state.apply(1, Play(card("double_trouble")))
    state.apply(1, CHOOSE_MONSTER[1])
    pass_all(state)
    tiger, toddler = card("paper_tiger"), card("sumo_toddler")
    assert state.phase == "run" and state.run_left == (tiger, toddler, toddler)
    assert state.legal_actions(0) == [CHOOSE_MONSTER[0], CHOOSE_MONSTER[1]]


# ----- Hong Kong ----------------------------------------------------------------------------


def test_as_a_hong_kong_monster_enters_each_seat_in_turn_may_add_another_from_hand():
    state = fight("hk_stuntman", hands={1: ["hk_triad_thug", "paper_tiger"]})
    assert state.actors() == (0,) and state.legal_actions(0) == [PASS]  # asked, none to add
    state.apply(0, PASS)
    assert state.actors() == (1,)
    assert state.legal_actions(1) == [PASS, Pick(card("hk_triad_thug"))]  # Hong Kong only
    state.apply(1, Pick(card("hk_triad_thug")))
    assert keys(state.monsters) == ["hk_stuntman", "hk_triad_thug"]
    assert keys(state.hands[1]) == ["paper_tiger"]
    assert state.actors() == (2,) and state.legal_actions(2) == [PASS]
    state.apply(2, PASS)
    assert not state.stack and state.window is not None  # the combat window, as usual


def test_each_seat_adds_one_at_most_and_an_added_monster_opens_no_window_of_its_own():
    state = fight(
        "hk_stuntman",
        hands={0: ["hk_viet_cong"], 1: ["hk_triad_thug", "hk_rickshaw_racer"]},
    )
    state.apply(0, Pick(card("hk_viet_cong")))
    state.apply(1, Pick(card("hk_triad_thug")))
    state.apply(2, PASS)
    assert not state.stack  # asked once each, the added Hong Kong monsters asking no more
    assert keys(state.monsters) == ["hk_stuntman", "hk_viet_cong", "hk_triad_thug"]
    assert Play(card("hk_rickshaw_racer")) not in state.legal_actions(1)  # not later either


def test_a_monster_without_the_tag_opens_no_reinforcement_window():
    plain = fight("paper_tiger", hands={1: ["hk_triad_thug"]})
    assert not plain.stack and set(plain.actors()) == {0, 1, 2}
    assert Play(card("hk_triad_thug")) not in plain.legal_actions(1)


def test_a_hong_kong_item_is_given_from_hand_in_any_fight_with_a_hong_kong_monster():
    state = fight("hk_stuntman", hands={2: ["hk_neon_sign"]})
    pass_reinforcements(state)
    state.apply(2, Play(card("hk_neon_sign")))
    assert strengths(state)[1] == 4 + 2 and card("hk_neon_sign") in state.treasure_discard
    plain = fight("paper_tiger", hands={2: ["hk_neon_sign"]})
    assert Play(card("hk_neon_sign")) not in plain.legal_actions(2)


def test_a_hong_kong_item_adds_its_bonus_to_a_hong_kong_monster_only():
    state = fight(
        "paper_tiger",
        hands={0: ["wandering_monster", "hk_stuntman"]},
        table={1: ["hk_stunt_wires"]},
    )
    assert Use(card("hk_stunt_wires"), 0) not in state.legal_actions(1)  # no HK monster
    state.apply(0, Play(card("wandering_monster")))
    state.apply(0, Pick(card("hk_stuntman")))
    pass_reinforcements(state)  # the stuntman, wandering in, calls for reinforcements
    state.apply(1, Use(card("hk_stunt_wires"), 0))  # the stuntman is the only HK monster
    monsters = state.view(None)["combat"]["monsters"]
    assert [m["strength"] for m in monsters] == [1, 4 + 3]
    assert card("hk_stunt_wires") in state.treasure_discard


# ----- traps --------------------------------------------------------------------------------


def test_sex_change_waits_for_the_victims_next_combat():
    state = game(hands={0: ["trap_sex_change"]}, door=["paper_tiger"], table={1: ["gi"]})
    state.apply(0, Play(card("trap_sex_change")))
    state.apply(0, ChooseSeat(0))
    state.apply(0, PASS)
    assert state.sex[0] == 0 and keys(state.table[0]) == ["trap_sex_change"]
    state.apply(0, KICK)
    assert state.sex[0] == 1 and strengths(state) == (1 - 5, 1)
    pass_all(state)
    while state.stack or state.phase == "run":
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert card("trap_sex_change") in state.door_discard and state.sex[0] == 1


def test_a_trap_played_on_a_fighter_acts_at_once():
    state = fight("paper_tiger", hands={1: ["trap_sex_change"]})
    state.apply(1, Play(card("trap_sex_change")))
    state.apply(1, ChooseSeat(0))
    state.apply(0, PASS)
    assert state.sex[0] == 1


def test_temple_blessing_stops_a_trap_aimed_at_you_or_removes_one_that_stays():
    aimed = game(hands={1: ["trap_pit"], 0: ["temple_blessing"]}, levels=[5, 5, 5], turn=1)
    aimed.apply(1, Play(card("trap_pit")))
    aimed.apply(1, ChooseSeat(0))
    assert aimed.legal_actions(0) == [PASS, Play(card("temple_blessing"))]
    aimed.apply(0, Play(card("temple_blessing")))
    assert aimed.level == (5, 5, 5) and card("trap_pit") in aimed.door_discard
    assert card("temple_blessing") in aimed.treasure_discard
    staying = game(hands={0: ["trap_bad_chi", "temple_blessing"]})
    staying.apply(0, Play(card("trap_bad_chi")))
    staying.apply(0, ChooseSeat(0))
    staying.apply(0, PASS)
    assert keys(staying.table[0]) == ["trap_bad_chi"]
    staying.apply(0, Play(card("temple_blessing")))
    assert staying.table[0] == () and card("trap_bad_chi") in staying.door_discard


def test_nobody_runs_from_the_demon_emperor_by_rolling_however_high():
    bonuses = ["crane_style", "silent_tabi", "focus_headband", "incense_sticks"]  # +6 to run
    state = game(door=["demon_emperor"], table={0: bonuses}, levels=[6, 5, 5], dice=[5])
    state.apply(0, KICK)
    pass_all(state)
    state.apply(0, ROLL)
    pass_all(state)
    ran = [event.data for event in state.events if event.kind == "ran"]
    assert [(r["die"], r["total"], r["escaped"]) for r in ran] == [(5, 11, False)]
    assert state.dead[0]


# ----- trades -------------------------------------------------------------------------------


def test_an_item_traded_is_not_sold_before_the_receivers_next_turn():
    state = game(
        table={0: ["golden_abacus"], 1: ["jade_amulet"]},
        hands={0: ["katana", "snub_pistol"]},
        levels=[3, 3, 1],
        phase="after",
    )
    for action in (Trade(1), Pick(card("golden_abacus")), Pick(card("jade_amulet")), DONE):
        state.apply(0, action)
    state.apply(1, ACCEPT)
    assert keys(state.table[0]) == ["jade_amulet"]
    state.apply(0, SELL)
    choices = state.legal_actions(0)
    assert Pick(card("jade_amulet")) not in choices
    assert Pick(card("katana")) in choices


# ----- the Yakuza's demand ----------------------------------------------------------------


def demand(levels: list[int], treasures: int = 0) -> object:
    """Seat 0, a Yakuza losing to the Jade Scorpion, asks seat 1 (a Tonfa in play) for
    help, offering `treasures`."""
    state = fight("jade_scorpion", table={0: ["yakuza"], 1: ["tonfa"]}, levels=levels)
    pass_others(state)
    for action in (Ask(1), DONE, TREASURES[treasures]):
        state.apply(0, action)
    if treasures:
        state.apply(0, DONE)  # the fighter picks first
    return state


def test_a_yakuza_demands_help_of_a_lower_level_player_who_helps_or_pays_an_item():
    state = demand([4, 3, 1])
    assert state.actors() == (1,)
    assert state.legal_actions(1) == [ACCEPT, Pick(card("tonfa"))]
    state.apply(1, Pick(card("tonfa")))
    assert keys(state.table[0]) == ["yakuza", "tonfa"] and state.table[1] == ()
    assert state.view(None)["combat"]["helper"] is None
    helped = demand([4, 3, 1])
    helped.apply(1, ACCEPT)
    assert helped.view(None)["combat"]["helper"] == 1


def test_no_demand_of_a_player_as_high_or_with_a_bribe_offered():
    for state in (demand([4, 4, 1]), demand([4, 3, 1], treasures=1)):
        assert Pick(card("tonfa")) not in state.legal_actions(1)
        assert state.legal_actions(1)[:2] == [ACCEPT, DECLINE]


# ----- the fast-play claim ----------------------------------------------------------------


def test_under_fast_play_a_discarded_class_is_claimed_with_a_go_up_a_level_die_roll_among_claimants():
    state = game(
        fast_play=True,
        table={0: ["ninja"]},
        hands={1: ["training_montage"], 2: ["wax_on"]},
        dice=[2, 5],
    )
    state.apply(0, Discard(card("ninja")))
    assert state.actors() == (0,) and state.legal_actions(0) == [PASS]  # asked too
    state.apply(0, PASS)
    assert state.legal_actions(1) == [PASS, Pick(card("training_montage"))]
    state.apply(1, Pick(card("training_montage")))
    state.apply(2, Pick(card("wax_on")))
    assert card("ninja") in state.hands[2] and card("ninja") not in state.door_discard
    assert state.hands[1] == (card("training_montage"),)  # the loser keeps its card
    assert card("wax_on") in state.treasure_discard


def test_a_single_claimant_takes_the_card_and_without_fast_play_nobody_is_asked():
    state = game(fast_play=True, table={0: ["tiger_style"]}, hands={2: ["wax_on"]})
    state.apply(0, Discard(card("tiger_style")))
    state.apply(0, PASS)
    state.apply(1, PASS)
    state.apply(2, Pick(card("wax_on")))
    assert state.hands[2] == (card("tiger_style"),)
    plain = game(table={0: ["tiger_style"]}, hands={2: ["wax_on"]})
    plain.apply(0, Discard(card("tiger_style")))
    assert not plain.stack and card("tiger_style") in plain.door_discard
