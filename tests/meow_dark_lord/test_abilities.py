"""Meow, Dark Lord!: the six keywords and every card's ability."""

from __future__ import annotations

import pytest

from gamenight.games.meow_dark_lord.actions import (
    Activate,
    Attack,
    Discard,
    FromTreasury,
    Hire,
    Retrieve,
    Rob,
    Sacrifice,
    Search,
    Target,
)
from gamenight.games.meow_dark_lord.content import CATS, KEYS

from .helpers import events, game, keys, play


def dungeon_turn(**setup):
    return game(phase="dungeon", **setup)


@pytest.mark.parametrize("plain", ["tabby", "lucky", "brawler", "pickpaw", "martyr", "recruiter"])
def test_cats_without_an_activation_cannot_activate(plain):
    state = dungeon_turn(dungeons={0: [plain, "tabby"]})
    cat = state.dungeons[0][0]
    assert Activate(cat) not in state.legal_actions(0)


def test_an_activation_is_the_cats_action_and_rolls_no_dice():
    state = dungeon_turn(dungeons={0: ["sniffer", "tabby"]}, dice=[1])
    sniffer, tabby = state.dungeons[0]
    play(state, (0, Activate(sniffer)))
    assert state.coins[0] == 1 and state.rng.faces == [1]  # no die used
    legal = state.legal_actions(0)
    assert Search(sniffer) not in legal and Activate(sniffer) not in legal
    assert Search(tabby) in legal


# ----- Steal (Pickpaw, Night Prowler) ----------------------------------------------------------


@pytest.mark.parametrize(("thief", "dice", "hits"), [("pickpaw", [4], 1), ("prowler", [2, 3], 2)])
def test_steal_takes_each_coin_from_a_rival_or_the_treasury_as_the_actor_chooses(thief, dice, hits):
    # «Украдите: Позволяет забрать одну монету у другого игрока (вместо того чтобы взять
    # из сокровищницы)»: for each coin, a rival who has one, or the treasury.
    state = dungeon_turn(players=4, dungeons={0: [thief]}, coins=[0, 5, 1, 0], dice=dice)
    cat = state.dungeons[0][0]
    play(state, (0, Search(cat)))
    assert state.actors() == (0,) and state.legal_actions(0) == [FromTreasury(), Rob(1), Rob(2)]
    assert state.view(1)["pending"] == {"step": "steal", "seat": 0, "card": cat, "amount": hits}
    play(state, (0, Rob(2)))
    assert state.coins == [1, 5, 0, 0] and state.treasury == 30
    if hits == 2:  # seat 2 has no coin left: the treasury or seat 1
        assert state.legal_actions(0) == [FromTreasury(), Rob(1)]
        assert state.view(1)["pending"]["amount"] == 1
        play(state, (0, FromTreasury()))
        assert state.coins == [2, 5, 0, 0] and state.treasury == 29
    assert state.phase == "hire2"
    assert [(e["amount"], e["source"]) for e in events(state, "coins")] == [
        (1, 2),
        (1, "treasury"),
    ][:hits]


def test_steal_may_take_every_coin_from_the_same_rival():
    state = dungeon_turn(players=4, dungeons={0: ["prowler"]}, coins=[0, 5, 1, 0], dice=[2, 3])
    play(state, (0, Search(state.dungeons[0][0])), (0, Rob(1)), (0, Rob(1)))
    assert state.coins == [2, 3, 1, 0] and state.treasury == 30


def test_steal_with_nobody_to_rob_takes_from_the_treasury():
    # A Steal cat never wins less than a plain one: with no rival holding a coin, the
    # treasury pays, with no choice to make.
    state = dungeon_turn(dungeons={0: ["prowler"]}, coins=[3, 0, 0], dice=[1, 1])
    play(state, (0, Search(state.dungeons[0][0])))
    assert state.coins == [5, 0, 0] and state.treasury == 31
    assert state.phase == "hire2"


def test_steal_takes_the_rest_from_the_treasury_once_no_rival_has_a_coin():
    state = dungeon_turn(dungeons={0: ["prowler"]}, coins=[0, 1, 0], dice=[1, 1])
    play(state, (0, Search(state.dungeons[0][0])))
    assert state.legal_actions(0) == [FromTreasury(), Rob(1)]
    play(state, (0, Rob(1)))
    assert state.coins == [2, 0, 0] and state.treasury == 34
    assert state.phase == "hire2"


def test_steal_still_works_when_the_treasury_is_empty():
    # Every coin is with the players: a Night Prowler (power 4) rolling 2 and 3 wins two
    # coins, each taken from a chosen player although the treasury could pay nothing.
    state = dungeon_turn(dungeons={0: ["prowler"]}, coins=[0, 30, 6], dice=[2, 3])
    assert state.treasury == 0
    play(state, (0, Search(state.dungeons[0][0])))
    assert state.legal_actions(0) == [Rob(1), Rob(2)]  # the empty treasury is no choice
    play(state, (0, Rob(2)), (0, Rob(2)))
    assert state.coins == [2, 30, 4] and state.treasury == 0


def test_steal_with_no_success_asks_for_no_victim():
    state = dungeon_turn(dungeons={0: ["prowler"]}, coins=[0, 4, 0], dice=[5, 6])
    play(state, (0, Search(state.dungeons[0][0])))
    assert state.coins == [0, 4, 0] and state.phase == "hire2"


# ----- Activation cards ---------------------------------------------------------------------


def test_hairball_slinger_makes_any_cat_lose_one_heart():
    state = dungeon_turn(dungeons={0: ["slinger"], 1: ["fatcat", "pickpaw"]})
    slinger = state.dungeons[0][0]
    fatcat, pickpaw = state.dungeons[1]
    play(state, (0, Activate(slinger)))
    assert state.legal_actions(0) == [Target(slinger), Target(fatcat), Target(pickpaw)]
    play(state, (0, Target(fatcat)))
    assert state.hearts[fatcat] == 3
    state = dungeon_turn(dungeons={0: ["slinger"], 1: ["fatcat", "pickpaw"]})
    play(state, (0, Activate(slinger)), (0, Target(pickpaw)))
    assert state.graveyard == [pickpaw]


def test_purring_nurse_heals_one_of_your_cats_up_to_two_not_above_printed():
    state = dungeon_turn(dungeons={0: ["nurse", ("fatcat", 1), ("guardian", 2)], 1: [("tabby", 1)]})
    nurse, fatcat, guardian = state.dungeons[0]
    play(state, (0, Activate(nurse)))
    assert state.legal_actions(0) == [Target(nurse), Target(fatcat), Target(guardian)]
    play(state, (0, Target(fatcat)))
    assert state.hearts[fatcat] == 3
    state = dungeon_turn(dungeons={0: ["nurse", ("fatcat", 1), ("guardian", 2)]})
    play(state, (0, Activate(nurse)), (0, Target(guardian)))
    assert state.hearts[guardian] == 3  # printed 3: one heart only


def test_coin_sniffer_takes_a_coin_from_the_treasury_and_nothing_from_an_empty_one():
    state = dungeon_turn(dungeons={0: ["sniffer"]})
    play(state, (0, Activate(state.dungeons[0][0])))
    assert state.coins[0] == 1 and state.treasury == 35
    state = dungeon_turn(dungeons={0: ["sniffer"]}, coins=[0, 36, 0])
    play(state, (0, Activate(state.dungeons[0][0])))
    assert state.coins == [0, 36, 0]


def test_cultist_sacrifices_another_of_your_cats_for_three_coins():
    state = dungeon_turn(dungeons={0: ["cultist", "tabby", "lucky"], 1: ["nurse"]})
    cultist, tabby, lucky = state.dungeons[0]
    play(state, (0, Activate(cultist)))
    # The cost first: another of your own cats.
    assert state.legal_actions(0) == [Sacrifice(tabby), Sacrifice(lucky)]
    play(state, (0, Sacrifice(tabby)))
    assert state.graveyard == [tabby] and state.coins[0] == 3 and state.treasury == 33


def test_a_sacrifice_activation_needs_another_cat():
    for key in ("cultist", "bloodmage", "boss"):
        state = dungeon_turn(dungeons={0: [key], 1: ["tabby"]})
        assert Activate(state.dungeons[0][0]) not in state.legal_actions(0)


def test_blood_mage_sacrifices_then_one_cat_loses_three_hearts():
    state = dungeon_turn(dungeons={0: ["bloodmage", "tabby"], 1: ["fatcat", "brawler"]})
    mage, tabby = state.dungeons[0]
    fatcat, brawler = state.dungeons[1]
    play(state, (0, Activate(mage)), (0, Sacrifice(tabby)))
    assert state.legal_actions(0) == [Target(mage), Target(fatcat), Target(brawler)]
    play(state, (0, Target(brawler)))
    assert state.graveyard == [tabby, brawler]
    assert state.hearts[fatcat] == 4


def test_necromeower_takes_a_card_of_choice_from_the_graveyard_into_hand():
    state = dungeon_turn(dungeons={0: ["necro"]}, graveyard=["tabby", "lucky"])
    necro = state.dungeons[0][0]
    tabby, lucky = state.graveyard
    play(state, (0, Activate(necro)))
    assert state.legal_actions(0) == [Retrieve(tabby), Retrieve(lucky)]
    play(state, (0, Retrieve(lucky)))
    assert state.hands[0] == [lucky] and state.graveyard == [tabby]
    # Everybody saw it go there.
    assert state.view(1)["seats"][0]["known_hand"] == [{"card": lucky, "cat": "lucky"}]


def test_necromeower_cannot_activate_on_an_empty_graveyard():
    state = dungeon_turn(dungeons={0: ["necro"]})
    assert Activate(state.dungeons[0][0]) not in state.legal_actions(0)


def test_gang_boss_sacrifices_then_takes_a_coin_from_each_other_player():
    state = dungeon_turn(players=4, dungeons={0: ["boss", "tabby"]}, coins=[1, 3, 0, 2])
    boss, tabby = state.dungeons[0]
    play(state, (0, Activate(boss)), (0, Sacrifice(tabby)))
    assert state.coins == [3, 2, 0, 1] and state.treasury == 30


# ----- Hire (Recruiter, Ambusher, Bag Cat) ----------------------------------------------------


def test_recruiter_draws_two_cards_when_hired():
    state = game(hands={0: ["recruiter"]}, tower=["lucky", "nurse", "tabby"])
    play(state, (0, Hire(state.hands[0][0])))
    assert keys(state.hands[0]) == ["lucky", "nurse"]


def test_recruiter_draws_past_a_rigor_mortis():
    state = game(hands={0: ["recruiter"]}, tower=["lucky", "rigor", "nurse"])
    play(state, (0, Hire(state.hands[0][0])))
    assert keys(state.hands[0]) == ["lucky", "nurse"] and len(state.track) == 1


def test_ambusher_makes_a_cat_lose_a_heart_when_hired():
    state = game(hands={0: ["ambusher"]}, dungeons={1: ["pickpaw", "fatcat"]})
    ambusher = state.hands[0][0]
    pickpaw, fatcat = state.dungeons[1]
    play(state, (0, Hire(ambusher)))
    assert state.phase == "hire1"  # the Hire ability resolves before the dungeon phase
    assert state.legal_actions(0) == [Target(ambusher), Target(pickpaw), Target(fatcat)]
    play(state, (0, Target(pickpaw)))
    assert state.graveyard == [pickpaw] and state.phase == "dungeon"


def test_bag_cat_takes_a_coin_when_hired():
    state = game(hands={0: ["bagcat"]})
    play(state, (0, Hire(state.hands[0][0])))
    assert state.coins[0] == 1 and state.treasury == 35


def test_a_hire_ability_does_not_trigger_from_the_graveyard_to_the_hand():
    state = dungeon_turn(dungeons={0: ["necro"]}, graveyard=["bagcat"])
    play(state, (0, Activate(state.dungeons[0][0])), (0, Retrieve(state.graveyard[0])))
    assert state.coins[0] == 0


# ----- Last Wish (Martyr, Vengeful Ghost, Ninth Life) -------------------------------------------


def test_martyr_killed_by_an_opponent_gives_its_owner_two_coins():
    state = dungeon_turn(dungeons={0: ["lucky"], 1: ["martyr"]}, dice=[1, 6, 6])
    lucky, martyr = state.dungeons[0][0], state.dungeons[1][0]
    play(state, (0, Attack(lucky)), (0, Target(martyr)))
    assert state.graveyard == [martyr] and state.coins == [0, 2, 0]


def test_martyr_sacrificed_gives_two_coins():
    state = dungeon_turn(dungeons={0: ["cultist", "martyr"]})
    cultist, martyr = state.dungeons[0]
    play(state, (0, Activate(cultist)), (0, Sacrifice(martyr)))
    assert state.coins[0] == 2 + 3


def test_martyr_sacrificed_down_to_three_gives_two_coins():
    state = game(dungeons={0: ["tabby", "lucky", "guardian", "martyr"]}, phase="sacrifice")
    play(state, (0, Sacrifice(state.dungeons[0][3])))
    assert state.coins[0] == 2


def test_martyr_discarded_from_the_hand_gives_nothing():
    state = game(
        hands={0: ["martyr"] * 3 + ["tabby"] * 3 + ["lucky"] * 3 + ["nurse"] * 2},
        phase="sacrifice",
    )
    martyr = state.hands[0][0]
    play(state, (0, Discard(martyr)))
    assert state.graveyard == [martyr] and state.coins == [0, 0, 0]
    assert events(state, "coins") == []


def test_vengeful_ghost_owner_chooses_a_cat_to_lose_two_hearts_even_on_anothers_turn():
    state = dungeon_turn(dungeons={0: ["lucky", "tabby"], 1: ["ghost"]}, dice=[1, 1, 1])
    lucky, tabby = state.dungeons[0]
    ghost = state.dungeons[1][0]
    play(state, (0, Attack(lucky)), (0, Target(ghost)))
    assert state.graveyard == [ghost]
    assert state.actors() == (1,)  # the ghost's owner decides
    assert state.legal_actions(1) == [Target(lucky), Target(tabby)]
    assert state.legal_actions(0) == []
    play(state, (1, Target(tabby)))
    assert state.graveyard == [ghost, tabby] and state.actors() == (0,)


def test_a_last_wish_with_no_cat_to_hit_does_nothing():
    state = dungeon_turn(dungeons={0: ["ghost"]}, dice=[1, 1])
    ghost = state.dungeons[0][0]
    play(state, (0, Attack(ghost)), (0, Target(ghost)))
    assert state.graveyard == [ghost] and events(state, "no_target")
    assert state.phase == "hire2"


def test_ninth_life_returns_to_its_owners_hand_when_killed():
    state = dungeon_turn(dungeons={0: ["lucky"], 1: ["phoenix"]}, dice=[1, 1, 1])
    lucky, phoenix = state.dungeons[0][0], state.dungeons[1][0]
    play(state, (0, Attack(lucky)), (0, Target(phoenix)))
    assert state.hands[1] == [phoenix] and state.graveyard == []
    assert state.view(2)["seats"][1]["known_hand"] == [{"card": phoenix, "cat": "phoenix"}]


def test_ninth_life_returns_to_hand_when_sacrificed():
    state = game(dungeons={0: ["phoenix", "tabby", "lucky", "nurse"]}, phase="sacrifice")
    phoenix = state.dungeons[0][0]
    play(state, (0, Sacrifice(phoenix)))
    assert state.hands[0] == [phoenix] and state.turn == 1


def test_a_last_wish_paid_as_a_cost_resolves_before_the_ability():
    state = dungeon_turn(dungeons={0: ["bloodmage", "ghost"], 1: ["fatcat"]})
    mage, ghost = state.dungeons[0]
    fatcat = state.dungeons[1][0]
    play(state, (0, Activate(mage)), (0, Sacrifice(ghost)))
    # First the ghost's 2 hearts, then the Blood Mage's 3: together they fell the Fat Cat.
    play(state, (0, Target(fatcat)))
    assert state.hearts[fatcat] == 2
    play(state, (0, Target(fatcat)))
    assert state.graveyard == [ghost, fatcat]


# ----- every design is covered --------------------------------------------------------------


def test_every_design_has_the_rules_page_stats_and_ability():
    table = {
        "tabby": (2, 3, "", None),
        "brawler": (3, 2, "decoy", None),
        "fatcat": (4, 1, "decoy", None),
        "guardian": (3, 3, "decoy", None),
        "pickpaw": (1, 4, "steal", None),
        "prowler": (2, 4, "steal", None),
        "slinger": (1, 2, "", ("activation", "wound", 1, False)),
        "nurse": (2, 2, "", ("activation", "heal", 2, False)),
        "sniffer": (2, 1, "", ("activation", "coins", 1, False)),
        "recruiter": (2, 2, "", ("hire", "draw", 2, False)),
        "ambusher": (2, 3, "", ("hire", "wound", 1, False)),
        "bagcat": (1, 3, "", ("hire", "coins", 1, False)),
        "martyr": (1, 2, "", ("last_wish", "coins", 2, False)),
        "ghost": (2, 3, "", ("last_wish", "wound", 2, False)),
        "phoenix": (1, 3, "", ("last_wish", "return_self", 0, False)),
        "cultist": (2, 2, "", ("activation", "coins", 3, True)),
        "bloodmage": (2, 3, "", ("activation", "wound", 3, True)),
        "necro": (2, 2, "", ("activation", "raise", 0, False)),
        "boss": (3, 3, "", ("activation", "tax", 1, True)),
        "lucky": (3, 4, "", None),
    }
    assert list(KEYS) == list(table)
    assert len(CATS) == 60
    for key, (hearts, power, keyword, ability) in table.items():
        copies = [cat for cat in CATS if cat.key == key]
        assert len(copies) == 3
        cat = copies[0]
        assert (cat.hearts, cat.power) == (hearts, power)
        assert cat.decoy == (keyword == "decoy") and cat.steal == (keyword == "steal")
        abilities = {
            trigger: getattr(cat, trigger) for trigger in ("activation", "hire", "last_wish")
        }
        found = [
            (trigger, a.effect, a.amount, a.sacrifice) for trigger, a in abilities.items() if a
        ]
        assert found == ([ability] if ability else [])
        assert cat.name.en and cat.name.get("ru") != cat.name.en
