"""A scenario for each term of the card vocabulary (``docs/cards.md``) that no card of
the base set uses, so that neither the card tests nor the other scenarios show it.

The cards here are a test set: the base set's file with a few cards added, made of those
terms (adding such a card needs no code). Each test plays one of them.
"""

from __future__ import annotations

import tomllib
from typing import Any

from gamenight.games.munchkin import MunchkinState, rig
from gamenight.games.munchkin.actions import (
    CHOOSE_MONSTER,
    END_TURN,
    KICK,
    ROLL,
    ChooseSeat,
    Play,
    Use,
)
from gamenight.games.munchkin.content import DATA_DIR, CardSet, CardSetFile
from gamenight.games.munchkin.state import state_class
from gamenight.kernel import PASS
from gamenight.kernel.options import resolve_options

from .driving import helped
from .helpers import pass_all

TERMS = """
[[cards]]
id = "plain_folks_badge"
kind = "item"
slot = "none"
name = { en = "Plain Folk's Badge" }
modifiers = [{ stat = "combat", amount = 2, when = { class = "none" } }]

[[cards]]
id = "veterans_medal"
kind = "item"
slot = "none"
name = { en = "Veteran's Medal" }
modifiers = [{ stat = "combat", amount = 2, when = { level_min = 5 }, unless = { race = "elf" } }]

[[cards]]
id = "dwarven_tiara"
kind = "item"
slot = "none"
name = { en = "Dwarven Tiara" }
modifiers = [{ stat = "combat", amount = 3, when = { race = "dwarf", sex = "female" } }]

[[cards]]
id = "front_line_banner"
kind = "item"
slot = "none"
name = { en = "Front-Line Banner" }
modifiers = [{ stat = "combat", amount = 2, when = { side = "fighter" } }]

[[cards]]
id = "hat_rack"
kind = "item"
slot = "none"
name = { en = "Hat Rack" }
modifiers = [{ stat = "slots", slot = "head", amount = 1 }]

[[cards]]
id = "ghost_step"
kind = "item"
slot = "none"
name = { en = "Ghost Step" }
modifiers = [{ stat = "escape", when = { level_max = 3 } }]

[[cards]]
id = "trophy_ogre"
kind = "monster"
level = 2
treasures = 1
name = { en = "Trophy Ogre" }
modifiers = [{ stat = "levels", amount = 1, when = { helped = false } }]
bad_stuff = [{ op = "lose_level" }]

[[cards]]
id = "curse_unless_cleric"
kind = "curse"
name = { en = "Curse! Heathen's Bane" }
use = { timing = "any", do = [{ op = "lose_level", unless = { class = "cleric" } }] }

[[cards]]
id = "curse_pickpocket"
kind = "curse"
name = { en = "Curse! Pickpocket" }
use = { timing = "any", do = [{ op = "lose_item", slot = "any", pick = "random" }] }

[[cards]]
id = "open_ledger"
kind = "oneshot"
name = { en = "Open Ledger" }
use = { timing = "own", do = [{ op = "draw", deck = "treasure", amount = 2, face = "up" }] }

[[cards]]
id = "war_horn"
kind = "oneshot"
name = { en = "War Horn" }
use = { timing = "combat", do = [{ op = "add_monster", amount = 2 }] }

[[cards]]
id = "weighted_die"
kind = "oneshot"
name = { en = "Weighted Die" }
use = { timing = "roll", do = [{ op = "set_roll", value = 6 }] }

[[cards]]
id = "shrink_ray"
kind = "oneshot"
name = { en = "Shrink Ray" }
use = { timing = "combat", do = [{ op = "combat_bonus", amount = -3, to = "monster" }] }

[[cards]]
id = "gift_of_gab"
kind = "oneshot"
name = { en = "Gift of the Gab" }
use = { timing = "any", do = [{ op = "gain_level", to = "chosen" }] }

[[cards]]
id = "trophy_belt"
kind = "item"
slot = "none"
name = { en = "Trophy Belt" }
triggers = [{ on = "won", when = { level_min = 3 }, do = [{ op = "draw", deck = "door" }] }]

[[cards]]
id = "sturdy_helm"
kind = "item"
slot = "head"
bonus = 1
name = { en = "Sturdy Helm" }
replacements = [{ instead_of = "lose_level", keep = true }]

[[cards]]
id = "prayer_beads"
kind = "item"
slot = "none"
name = { en = "Prayer Beads" }
abilities = [{ timing = "any", limit = 1, per = "turn", do = [{ op = "draw", deck = "door" }] }]

[[cards]]
id = "squires_whistle"
kind = "item"
slot = "none"
name = { en = "Squire's Whistle" }
abilities = [{ timing = "combat", role = "helper", limit = 1, do = [{ op = "combat_bonus", amount = 2 }] }]

[[cards]]
id = "hecklers_horn"
kind = "item"
slot = "none"
name = { en = "Heckler's Horn" }
abilities = [{ timing = "combat", role = "other", cost = { lose_level = 1 }, do = [{ op = "combat_bonus", amount = -3, to = "player" }] }]
"""


def terms_set() -> CardSet:
    """The base set with the cards above, as a set of its own."""
    base = (DATA_DIR / "base.toml").read_text(encoding="utf-8")
    text = base.replace('game_id = "munchkin"', 'game_id = "munchkin-terms"', 1) + TERMS
    return CardSet("terms.toml", CardSetFile.model_validate(tomllib.loads(text)))


TermsState = state_class(terms_set())
CS = TermsState.CS


def options(players: int) -> dict[str, Any]:
    """The test set's default options."""
    return resolve_options(TermsState.game_id, TermsState.options_spec, players, {})


def game(**setup: Any) -> MunchkinState:
    """A rigged position of the test set, 3 players (keywords: the rig's)."""
    return rig.rig(TermsState(3, options(3), 0), **setup)


def card(key: str, copy: int = 0) -> int:
    return CS.copies(key)[copy]


def strength(state: MunchkinState, seat: int = 0) -> int:
    return state.view(None)["seats"][seat]["strength"]


# ----- conditions -----------------------------------------------------------------------


def test_a_condition_on_having_no_class():
    assert strength(game(table={0: ["plain_folks_badge"]})) == 1 + 2
    assert strength(game(table={0: ["warrior", "plain_folks_badge"]})) == 1


def test_a_minimum_level_and_an_unless():
    medal = {0: ["veterans_medal"]}
    assert strength(game(table=medal, levels=[4, 1, 1])) == 4
    assert strength(game(table=medal, levels=[5, 1, 1])) == 5 + 2
    assert strength(game(table={0: ["elf", "veterans_medal"]}, levels=[5, 1, 1])) == 5


def test_every_field_of_a_condition_must_hold():
    tiara = ["dwarf", "dwarven_tiara"]
    assert strength(game(table={0: tiara}, sexes=[1, 0, 0])) == 1 + 3
    assert strength(game(table={0: tiara}, sexes=[0, 0, 0])) == 1
    assert strength(game(table={0: ["dwarven_tiara"]}, sexes=[1, 0, 0])) == 1


def test_a_condition_on_fighting_rather_than_helping():
    banner = {1: ["front_line_banner"]}
    fighting = game(table={0: ["front_line_banner"]}, monsters=["moody_goblin"], door=["elf"])
    assert strength(fighting) == 1 + 2
    helping = game(table=banner, monsters=["moody_goblin"], door=["elf"], helper=1)
    assert strength(helping, 1) == 1 and strength(game(table=banner), 1) == 1


def test_an_operation_unless_its_target_meets_a_condition():
    for table, level in (({0: ["cleric"]}, 3), ({}, 2)):
        state = game(
            table=table, hands={1: ["curse_unless_cleric"]}, levels=[3, 1, 1], door=["elf"]
        )
        state.apply(0, KICK)  # the window on the door card
        for seat, action in ((1, Play(card("curse_unless_cleric"))), (1, ChooseSeat(0)), (0, PASS)):
            state.apply(seat, action)
        assert state.level[0] == level


# ----- modifiers ------------------------------------------------------------------------


def test_an_extra_headgear_slot():
    state = game(table={0: ["hat_rack", "helm_of_nerve", "horned_helmet"]})
    assert state.unequipped == () and strength(state) == 1 + 1 + 1
    without = game(table={0: ["helm_of_nerve", "horned_helmet"]})
    assert without.unequipped == (card("horned_helmet"),)


def test_a_player_who_escapes_without_rolling():
    for level, escapes in ((3, True), (4, False)):
        state = game(
            table={0: ["ghost_step"]},
            monsters=["moody_goblin"],
            enhancers=[("ancient", 0)],
            door=["elf"],
            levels=[level, 1, 1],
        )
        pass_all(state)
        assert state.phase == ("after" if escapes else "run"), level
        assert not any(e.kind == "ran" for e in state.events)


def test_a_monster_that_gives_a_level_more_when_killed_alone():
    alone = game(monsters=["trophy_ogre"], door=["elf"], levels=[3, 1, 1])
    pass_all(alone)
    assert alone.level[0] == 3 + 2
    with_help = game(monsters=["trophy_ogre"], door=["elf"], levels=[2, 1, 1])
    helped(with_help)
    pass_all(with_help)
    assert with_help.level[0] == 2 + 1


# ----- operations -----------------------------------------------------------------------


def test_a_face_up_draw_is_known_to_everybody():
    state = game(hands={0: ["open_ledger"]}, treasure=["buckler", "boomerang"], phase="after")
    state.apply(0, Play(card("open_ledger")))
    drawn = [card("buckler"), card("boomerang")]
    assert list(state.hands[0]) == drawn
    assert state.view(1)["seats"][0]["known_hand"] == drawn  # a face-down draw is not


def test_a_random_item_loss():
    table = {0: ["helm_of_nerve", "leather_vest", "tap_shoes"]}
    lost = set()
    for seed in range(12):
        state = rig.rig(
            TermsState(3, options(3), seed),
            table=table,
            hands={1: ["curse_pickpocket"]},
            phase="after",
        )
        for seat, action in (
            (0, END_TURN),
            (1, Play(card("curse_pickpocket"))),
            (1, ChooseSeat(0)),
            (0, PASS),
        ):
            state.apply(seat, action)
        assert len(state.table[0]) == 2 and not state.stack  # nobody chose
        lost |= {c for c in map(card, table[0]) if c not in state.table[0]}
    assert len(lost) > 1


def test_two_monsters_called_from_the_door_deck():
    state = game(
        monsters=["moody_goblin"],
        door=["grumpy_chest", "elf", "gooey_puddle"],
        hands={1: ["war_horn"]},
    )
    state.apply(1, Play(card("war_horn")))
    keys = [CS.keys[m] for m in state.monsters]
    assert keys == ["moody_goblin", "grumpy_chest"] and card("elf") in state.door_discard
    assert card("gooey_puddle") in state.door_deck  # two cards were turned, no more


def test_a_roll_set_to_a_fixed_face():
    state = game(
        monsters=["moody_goblin"],
        enhancers=[("ancient", 0)],
        door=["elf"],
        hands={2: ["weighted_die"]},
        dice=[1],
    )
    pass_all(state)
    state.apply(0, ROLL)
    state.apply(2, Play(card("weighted_die")))
    assert state.view(None)["run"]["roll"] == 6 and not state.stack  # no choice to make
    pass_all(state)
    assert state.phase == "after"


def test_a_bonus_aimed_at_a_monster():
    state = game(monsters=["moody_goblin", "grumpy_chest"], door=["elf"], hands={1: ["shrink_ray"]})
    state.apply(1, Play(card("shrink_ray")))
    assert state.legal_actions(1) == [CHOOSE_MONSTER[0], CHOOSE_MONSTER[1]]  # no player
    state.apply(1, CHOOSE_MONSTER[0])
    strengths = [m["strength"] for m in state.view(None)["combat"]["monsters"]]
    assert strengths == [3 - 3, 1]  # a one-shot adds after the floor on the level


def test_an_operation_on_any_player_the_user_chooses():
    state = game(hands={1: ["gift_of_gab"]}, levels=[3, 1, 2], phase="after")
    state.apply(0, END_TURN)
    state.apply(1, Play(card("gift_of_gab")))
    assert state.legal_actions(1) == [ChooseSeat(0), ChooseSeat(1), ChooseSeat(2)]
    state.apply(1, ChooseSeat(2))
    assert state.level == (3, 1, 3)


# ----- triggers and replacements --------------------------------------------------------


def test_a_won_trigger_on_a_players_card_with_a_condition():
    """The condition is judged as the trigger fires: after the kill's levels."""
    for level, door_cards in ((1, 0), (2, 1)):
        state = game(
            table={0: ["trophy_belt", "singing_sword"]},
            monsters=["grumpy_chest"],
            door=["elf"],
            levels=[level, 1, 1],
        )
        pass_all(state)
        assert sum(CS.deck[c] == 0 for c in state.hands[0]) == door_cards, level
        assert len(state.hands[0]) == door_cards + 1  # and the chest's treasure


def test_a_replacement_that_keeps_its_card():
    curses = ["curse_lose_level", "curse_lose_level"]
    state = game(table={0: ["sturdy_helm"]}, hands={1: curses}, levels=[3, 1, 1], door=["elf"])
    state.apply(0, KICK)
    for copy in (0, 1):  # it stops every level loss, and stays
        for seat, action in (
            (1, Play(card("curse_lose_level", copy))),
            (1, ChooseSeat(0)),
            (0, PASS),
        ):
            state.apply(seat, action)
    assert state.level[0] == 3 and state.table[0] == (card("sturdy_helm"),)


# ----- abilities ------------------------------------------------------------------------


def test_an_ability_of_a_card_in_play_usable_at_any_time_once_a_turn():
    state = game(table={1: ["prayer_beads"]}, door=["elf", "dwarf"])
    beads = Use(card("prayer_beads"), 0)
    assert state.actors() == (0,)  # seat 1 waits for a window
    state.apply(0, KICK)
    state.apply(1, beads)
    assert state.hands[1] == (card("dwarf"),) and beads not in state.legal_actions(1)


def test_an_ability_for_the_helper_only():
    state = game(table={1: ["squires_whistle"]}, monsters=["moody_goblin"], door=["elf"])
    whistle = Use(card("squires_whistle"), 0)
    assert whistle not in state.legal_actions(1)
    helped(state)
    state.apply(1, whistle)
    assert strength(state, 1) == 1 + 2 and whistle not in state.legal_actions(1)


def test_an_ability_for_those_outside_the_fight_that_costs_a_level():
    state = game(table={1: ["hecklers_horn"]}, monsters=["moody_goblin"], levels=[3, 2, 1])
    horn = Use(card("hecklers_horn"), 0)
    state.apply(1, horn)
    state.apply(1, ChooseSeat(0))
    assert strength(state) == 3 - 3 and state.level[1] == 1
    assert horn not in state.legal_actions(1)  # a level 1 player has no level to pay
    helping = game(
        table={1: ["hecklers_horn"]}, monsters=["moody_goblin"], levels=[3, 2, 1], helper=1
    )
    assert horn not in helping.legal_actions(1)  # the helper is in the fight
