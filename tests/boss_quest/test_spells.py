"""Boss Quest spells: every one of the 23, the Mystery spell and Last call."""

from __future__ import annotations

import pytest

from gamenight.games.boss_quest.actions import (
    Activate,
    ChoosePlayer,
    ChooseSpell,
    ChooseWeapon,
    Discard,
    Equip,
    VisitMage,
)
from gamenight.games.boss_quest.content import COLOURS, SPELLS
from gamenight.games.boss_quest.model import EventKind, Phase, SlotStatus

from .helpers import battle, events, game, last_visit, others, play, wid

# Three players, Armorer 2: turns run 0, 1, 2. Attacks 13, 3 and 5 against a boss of 20.
HANDS = {
    "hidden": {0: "red 7", 1: "blue 1", 2: "green 1"},
    "visible": {0: ["blue 6"], 1: ["green 2"], 2: ["yellow 4"]},
}


def three(spells, **setup):
    return game(3, boss=20, armorer=2, spells=spells, **{**HANDS, **setup})


def test_the_deck_holds_the_23_spells_of_the_rules():
    keys = sorted(spell.key for spell in SPELLS)
    expected = ["attack+1", "attack+2", "attack-1", "attack-2", "swap", "exchange"]
    expected += ["hp+1", "hp+2", "hp-1", "hp-2", "pair", "mercy", "runner-up", "last-call"]
    expected += [f"colour-{c}" for c in COLOURS] + ["cancel"] * 2 + ["bonus-key"] * 2
    assert keys == sorted(expected)
    dark = sorted(spell.key for spell in SPELLS if spell.dark)
    assert dark == ["attack+1", "attack+2", "attack-1", "attack-2", "exchange", "swap"]


# ----- attack +1/+2/-1/-2 -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "amount"), [("attack+1", 1), ("attack+2", 2), ("attack-1", -1), ("attack-2", -2)]
)
@pytest.mark.parametrize("target", [0, 1, 2])
def test_an_attack_spell_is_placed_in_front_of_any_player_and_changes_their_attack(
    key, amount, target
):
    state = three([key, "mercy"])
    before = [state.attack(s) for s in range(3)]
    play(state, (0, Activate(0)))
    assert state.actors() == (0,)  # the visitor chooses whom (themselves included)
    assert state.legal_actions(0) == [ChoosePlayer(0), ChoosePlayer(1), ChoosePlayer(2)]
    play(state, (0, ChoosePlayer(target)))
    expected = [b + (amount if s == target else 0) for s, b in enumerate(before)]
    assert [state.attack(s) for s in range(3)] == expected
    assert state.slot_status[0] == SlotStatus.ACTIVE and state.slot_target[0] == target
    assert state.view(1)["seats"][target]["attack_bonus"] == amount
    assert state.visited[0] and state.actors() == (1,)


def test_attack_spells_add_up_on_one_player():
    state = three(["attack+2", "attack-1", "mercy"])
    play(state, (0, Activate(0)), (0, ChoosePlayer(2)), (1, Activate(1)), (1, ChoosePlayer(2)))
    assert state.attack(2) == 1 + 4 + 2 - 1


# ----- Swap -------------------------------------------------------------------------------


def test_swap_trades_hidden_weapons_and_both_players_then_know_both():
    state = three(["swap", "mercy"])
    play(state, (0, Activate(0)))
    assert state.legal_actions(0) == [ChoosePlayer(1), ChoosePlayer(2)]  # another player
    play(state, (0, ChoosePlayer(1)))
    assert state.hidden[0] == wid("blue 1") and state.hidden[1] == wid("red 7")
    assert state.attack(0) == 1 + 6 and state.attack(1) == 7 + 2
    assert state.slot_status[0] == SlotStatus.USED  # discarded after use
    seen_by_0 = state.view(0)["seats"]
    seen_by_1 = state.view(1)["seats"]
    assert seen_by_0[0]["hidden"]["id"] == wid("blue 1")
    assert seen_by_0[1]["hidden"]["id"] == wid("red 7")
    assert seen_by_1[0]["hidden"]["id"] == wid("blue 1")
    assert seen_by_1[1]["hidden"]["id"] == wid("red 7")
    assert [p["hidden"] for p in state.view(2)["seats"][:2]] == [None, None]
    assert [p["hidden"] for p in state.view(None)["seats"]] == [None] * 3


# ----- Exchange ---------------------------------------------------------------------------


def test_exchange_of_the_hidden_weapon_takes_the_decks_top_card_face_down():
    state = three(["exchange", "mercy"], deck=["yellow 5", "purple 7"])
    deck_size = len(state.weapon_deck)
    play(state, (0, Activate(0)))
    assert state.legal_actions(0) == [ChooseWeapon(wid("red 7")), ChooseWeapon(wid("blue 6"))]
    play(state, (0, ChooseWeapon(wid("red 7"))))
    assert state.hidden[0] == wid("yellow 5")
    assert state.visible[0] == [wid("blue 6")]
    assert state.attack(0) == 5 + 6
    assert wid("red 7") in state.weapon_deck and len(state.weapon_deck) == deck_size
    assert state.slot_status[0] == SlotStatus.USED
    assert state.view(1)["seats"][0]["hidden"] is None
    assert state.view(0)["seats"][0]["hidden"]["id"] == wid("yellow 5")
    public = [e for e in state.events if e.kind == EventKind.EXCHANGE]
    assert [(e.data["gave"], e.data["got"], e.to) for e in public] == [(None, None, None)]
    (private,) = [e for e in state.events if e.kind == EventKind.EXCHANGE_HIDDEN]
    assert private.to == (0,)


def test_exchange_of_a_visible_weapon_takes_the_decks_top_card_face_up():
    state = three(["exchange", "mercy"], deck=["yellow 5", "purple 7"])
    play(state, (0, Activate(0)), (0, ChooseWeapon(wid("blue 6"))))
    assert state.hidden[0] == wid("red 7")
    assert state.visible[0] == [wid("yellow 5")]
    assert state.attack(0) == 7 + 5
    assert wid("blue 6") in state.weapon_deck
    assert events(state, EventKind.EXCHANGE) == [
        {"seat": 0, "gave": wid("blue 6"), "got": wid("yellow 5")}
    ]


def deck_top(state, seat):
    """The id of the top weapon in `seat`'s view, or None where it does not know it."""
    top = state.view(seat)["deck_top"]
    return top and top["id"]


def test_exchange_puts_the_given_weapon_on_top_of_the_deck_for_the_next_equip():
    # «...с верхней картой стопки оружия»: the two cards change places.
    for seed in range(6):
        state = three(["exchange", "mercy"], deck=["yellow 5", "purple 7"], seed=seed)
        play(state, (0, Activate(0)), (0, ChooseWeapon(wid("blue 6"))))
        assert state.weapon_deck[-2:] == [wid("purple 7"), wid("blue 6")]
        play(state, (1, Equip(2)))
        assert state.visible[1] == [wid("green 2"), wid("blue 6"), wid("purple 7")]


def test_a_face_up_weapon_given_to_the_deck_is_its_known_top_until_drawn():
    state = three(["exchange", "mercy", "pair"], deck=["yellow 5", "purple 7"])
    assert [deck_top(state, seat) for seat in (0, 1, 2, None)] == [None] * 4
    play(state, (0, Activate(0)), (0, ChooseWeapon(wid("blue 6"))))
    assert [deck_top(state, seat) for seat in (0, 1, 2, None)] == [wid("blue 6")] * 4
    play(state, (1, Discard(1)))  # still on top, still known
    assert [deck_top(state, seat) for seat in (0, 1, 2, None)] == [wid("blue 6")] * 4
    play(state, (2, Equip(1)))
    assert state.visible[2] == [wid("yellow 4"), wid("blue 6")]
    assert [deck_top(state, seat) for seat in (0, 1, 2, None)] == [None] * 4


def test_a_hidden_weapon_given_to_the_deck_is_the_known_top_only_for_who_knew_it():
    state = three(["exchange", "mercy"], deck=["yellow 5", "purple 7"])
    play(state, (0, Activate(0)), (0, ChooseWeapon(wid("red 7"))))
    assert state.weapon_deck[-1] == wid("red 7")
    assert [deck_top(state, seat) for seat in (0, 1, 2, None)] == [wid("red 7"), None, None, None]
    play(state, (1, Equip(1)))
    assert state.visible[1] == [wid("green 2"), wid("red 7")]
    assert [deck_top(state, seat) for seat in (0, 1, 2, None)] == [None] * 4


def test_exchange_cannot_be_activated_when_the_deck_is_empty():
    state = game(
        2,
        boss=21,
        armorer=1,
        hidden={0: "red 1", 1: "red 2"},
        visible={0: [], 1: others("red 1", "red 2")},
        spells=["exchange"],
    )
    assert state.weapon_deck == []
    assert state.legal_actions(0) == [Discard(0)]


# ----- boss HP ----------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "amount"), [("hp+1", 1), ("hp+2", 2), ("hp-1", -1), ("hp-2", -2)])
def test_a_boss_hp_spell_changes_the_bosss_hp_this_round(key, amount):
    state = three([key, "mercy"])
    play(state, (0, Activate(0)))
    assert state.actors() == (1,)  # no target to choose
    assert state.boss_hp() == 20 + amount
    assert state.view(2)["boss"] == {"base_hp": 20, "hp": 20 + amount}


def test_boss_hp_spells_decide_the_perfect_hit():
    # 19 against 20 - 1: a perfect hit, so the winner gets two keys.
    state = last_visit(
        3,
        boss=20,
        hidden={0: "red 7", 1: "blue 1", 2: "green 1"},
        visible={0: ["blue 7", "green 5"], 1: ["green 2"], 2: ["yellow 2"]},
        spells=["hp-1"],
    )
    play(state, (2, Activate(0)))
    assert battle(state)["hp"] == 19
    assert state.keys == [2, 0, 0]


# ----- Colour required, Pair required -----------------------------------------------------


@pytest.mark.parametrize("colour", COLOURS)
def test_colour_required_keeps_players_without_that_colour_from_winning(colour):
    o1, o2 = [c for c in COLOURS if c != colour][:2]
    state = last_visit(
        3,
        boss=20,
        # Seat 0: 19, no weapon of the colour. Seat 1: 16, the colour hidden. Seat 2: 3.
        hidden={0: f"{o1} 7", 1: f"{colour} 4", 2: f"{o2} 1"},
        visible={0: [f"{o2} 7", f"{o1} 5"], 1: [f"{o2} 6", f"{o1} 6"], 2: [f"{o2} 2"]},
        spells=[f"colour-{colour}"],
    )
    play(state, (2, Activate(0)))
    fought = battle(state)
    assert fought["failed"] == [0, 2]
    assert fought["winners"] == [1]
    assert state.keys == [0, 1, 0]
    assert state.hearts == [3, 3, 3]  # failing a condition costs no heart


def test_two_colour_requirements_must_both_be_met():
    # Seat 0: 19 with red and blue. Seat 1: 16 with red only. Seat 2: 3 with red and blue.
    state = last_visit(
        3,
        boss=20,
        hidden={0: "red 7", 1: "red 4", 2: "red 1"},
        visible={0: ["blue 7", "green 5"], 1: ["green 6", "yellow 6"], 2: ["blue 2"]},
        spells=["colour-blue"],
        active=["colour-red"],
    )
    play(state, (2, Activate(0)))
    assert battle(state)["failed"] == [1]
    assert state.keys == [1, 0, 0]


def test_without_colour_required_the_closest_attack_would_have_won():
    state = last_visit(
        3,
        boss=20,
        hidden={0: "blue 7", 1: "red 4", 2: "green 1"},
        visible={0: ["green 7", "blue 5"], 1: ["green 6", "blue 6"], 2: ["green 2"]},
        spells=["colour-red"],
    )
    play(state, (2, Discard(0)))
    assert state.keys == [1, 0, 0]


def test_pair_required_keeps_players_without_two_weapons_of_one_colour_from_winning():
    state = last_visit(
        3,
        boss=20,
        # Seat 0: 19, three colours. Seat 1: 16, a yellow pair with the hidden one. Seat 2: 3.
        hidden={0: "red 7", 1: "yellow 4", 2: "red 1"},
        visible={0: ["blue 7", "green 5"], 1: ["yellow 6", "purple 6"], 2: ["purple 2"]},
        spells=["pair"],
    )
    play(state, (2, Activate(0)))
    fought = battle(state)
    assert fought["failed"] == [0, 2]
    assert state.keys == [0, 1, 0]
    assert state.hearts == [3, 3, 3]


def test_a_bust_player_failing_a_condition_still_loses_a_heart():
    state = last_visit(
        3,
        boss=14,
        hidden={0: "red 7", 1: "yellow 4", 2: "red 1"},
        visible={0: ["blue 7", "green 5"], 1: ["yellow 6"], 2: ["purple 2"]},
        spells=["pair"],
    )
    play(state, (2, Activate(0)))
    assert state.hearts == [2, 3, 3]
    assert state.keys == [0, 1, 0]


# ----- Mercy ------------------------------------------------------------------------------


@pytest.mark.parametrize(("mercy", "hearts"), [(True, [3, 3, 3]), (False, [2, 3, 3])])
def test_mercy_saves_every_heart_this_round(mercy, hearts):
    state = last_visit(
        3,
        boss=14,
        hidden={0: "red 7", 1: "yellow 4", 2: "red 1"},
        visible={0: ["blue 7", "green 5"], 1: ["yellow 6"], 2: ["purple 2"]},
        spells=["mercy"],
    )
    play(state, (2, Activate(0) if mercy else Discard(0)))
    assert state.hearts == hearts
    assert battle(state)["winners"] == [1]  # the bust seat is out either way


# ----- Cancel -----------------------------------------------------------------------------


def test_cancel_needs_an_activated_spell_to_cancel():
    state = three(["cancel", "mercy"])
    assert Activate(0) not in state.legal_actions(0)
    assert Discard(0) in state.legal_actions(0)
    play(state, (0, Activate(1)))  # Mercy is now in play
    assert Activate(0) in state.legal_actions(1)


def test_cancel_removes_an_attack_spell_and_both_are_discarded():
    state = three(["cancel", "mercy"], active=[("attack+2", 1)])
    assert state.attack(1) == 3 + 2
    play(state, (0, Activate(0)))
    assert state.legal_actions(0) == [ChooseSpell(2)]
    play(state, (0, ChooseSpell(2)))
    assert state.attack(1) == 3
    assert state.slot_status == [SlotStatus.USED, SlotStatus.AVAILABLE, SlotStatus.CANCELLED]
    assert events(state, EventKind.CANCEL) == [
        {"seat": 0, "slot": 0, "cancelled_slot": 2, "cancelled": "attack+2"}
    ]
    assert state.view(2)["spells"][2]["status"] == SlotStatus.CANCELLED


def test_cancel_offers_every_spell_in_play():
    state = three(["cancel", "mercy"], active=["hp+2", ("attack-1", 0), "bonus-key"])
    play(state, (0, Activate(0)))
    assert state.legal_actions(0) == [ChooseSpell(2), ChooseSpell(3), ChooseSpell(4)]
    play(state, (0, ChooseSpell(2)))
    assert state.boss_hp() == 20


def test_a_cancelled_mercy_no_longer_saves_hearts():
    state = last_visit(
        3,
        boss=14,
        hidden={0: "red 7", 1: "yellow 4", 2: "red 1"},
        visible={0: ["blue 7", "green 5"], 1: ["yellow 6"], 2: ["purple 2"]},
        spells=["cancel"],
        active=["mercy"],
    )
    play(state, (2, Activate(0)), (2, ChooseSpell(1)))
    assert state.hearts == [2, 3, 3]


def test_the_second_cancel_has_nothing_left_once_the_only_spell_is_cancelled():
    state = three(["cancel", "cancel"], active=[("attack+1", 2)])
    play(state, (0, Activate(0)), (0, ChooseSpell(2)))
    assert state.legal_actions(1) == [*[Equip(n) for n in range(1, 5)], Discard(1)]


@pytest.mark.parametrize("instant", ["swap", "exchange"])
def test_cancel_cannot_target_swap_or_exchange(instant):
    choice = ChoosePlayer(2) if instant == "swap" else ChooseWeapon(wid("red 7"))
    hands = {
        "hidden": {0: "red 7", 1: "blue 1", 2: "green 1", 3: "yellow 1"},
        "visible": {0: ["blue 6"], 1: ["green 2"], 2: ["yellow 4"], 3: ["red 1"]},
    }
    spells = [instant, "mercy", "cancel"]
    # Without another spell in play, Cancel has nothing it may cancel.
    state = game(4, boss=20, armorer=3, spells=spells, **hands)
    play(state, (0, Activate(0)), (0, choice), (1, Discard(1)))
    assert state.actors() == (2,)
    assert Activate(2) not in state.legal_actions(2)
    # With Boss HP +1 in play, that is the only choice.
    state = game(4, boss=20, armorer=3, spells=spells, active=["hp+1"], **hands)
    play(state, (0, Activate(0)), (0, choice), (1, Discard(1)), (2, Activate(2)))
    assert state.legal_actions(2) == [ChooseSpell(3)]


# A round rule Cancel removes no longer decides the battle (each rule's own test is above).


def cancelled(rule, hidden, visible):
    """The last visitor cancels `rule`, active beside the boss of 20; the battle follows."""
    state = last_visit(3, boss=20, hidden=hidden, visible=visible, spells=["cancel"], active=[rule])
    play(state, (2, Activate(0)), (2, ChooseSpell(1)))
    assert events(state, EventKind.CANCEL)[0]["cancelled"] == rule
    return state


def test_a_cancelled_colour_required_lets_the_closest_attack_win_again():
    # Seat 0: 19 without red. Seat 1: 16 with red. Seat 2: 3.
    state = cancelled(
        "colour-red",
        {0: "blue 7", 1: "red 4", 2: "green 1"},
        {0: ["green 7", "blue 5"], 1: ["green 6", "blue 6"], 2: ["green 2"]},
    )
    assert battle(state)["failed"] == [] and battle(state)["winners"] == [0]
    assert state.keys == [1, 0, 0]


def test_a_cancelled_pair_required_lets_the_closest_attack_win_again():
    # Seat 0: 19 in three colours. Seat 1: 16 with a yellow pair. Seat 2: 3.
    state = cancelled(
        "pair",
        {0: "red 7", 1: "yellow 4", 2: "red 1"},
        {0: ["blue 7", "green 5"], 1: ["yellow 6", "purple 6"], 2: ["purple 2"]},
    )
    assert battle(state)["failed"] == [] and state.keys == [1, 0, 0]


def test_a_cancelled_runner_up_gives_the_round_back_to_the_closest_attack():
    # 19, 17 and 5 against 20: the runner-up would have won.
    state = cancelled(
        "runner-up",
        {0: "red 7", 1: "blue 7", 2: "green 1"},
        {0: ["blue 6", "green 6"], 1: ["red 6", "yellow 4"], 2: ["purple 4"]},
    )
    assert battle(state)["winners"] == [0] and state.keys == [1, 0, 0]


def test_a_cancelled_bonus_key_gives_no_extra_key():
    state = cancelled("bonus-key", BONUS_HANDS["hidden"], BONUS_HANDS["visible"])
    assert battle(state)["winners"] == [0] and state.keys == [1, 0, 0]


def test_a_perfect_hit_by_a_player_failing_a_condition_earns_no_key():
    # Seat 0 hits 20 exactly but has no red: out of the round, so not a remaining player.
    state = last_visit(
        3,
        boss=20,
        hidden={0: "blue 7", 1: "red 4", 2: "green 1"},
        visible={0: ["green 7", "blue 6"], 1: ["green 6", "blue 5"], 2: ["yellow 2"]},
        spells=["colour-red"],
    )
    play(state, (2, Activate(0)))
    fought = battle(state)
    assert fought["failed"] == [0, 2] and fought["perfect"] == [] and fought["winners"] == [1]
    assert state.keys == [0, 1, 0]


# ----- Bonus key --------------------------------------------------------------------------

# Seat 0 is closest: 18 against 20.
BONUS_HANDS = {
    "hidden": {0: "red 7", 1: "blue 1", 2: "green 1"},
    "visible": {0: ["blue 7", "green 4"], 1: ["green 2"], 2: ["yellow 2"]},
}


@pytest.mark.parametrize(("bonus", "keys"), [(0, 1), (1, 2), (2, 3)])
def test_bonus_key_gives_the_round_winner_one_extra_key_each(bonus, keys):
    state = last_visit(3, boss=20, spells=[], active=["bonus-key"] * bonus, **BONUS_HANDS)
    play(state, (2, VisitMage()))
    assert state.keys == [keys, 0, 0]


def test_bonus_key_goes_to_every_tied_winner():
    state = last_visit(
        3,
        boss=20,
        hidden={0: "red 7", 1: "blue 7", 2: "green 1"},
        visible={0: ["blue 6"], 1: ["red 6"], 2: ["yellow 2"]},
        spells=[],
        active=["bonus-key"],
    )
    play(state, (2, VisitMage()))
    assert state.keys == [2, 2, 0]


@pytest.mark.parametrize(("bonus", "keys"), [(1, 3), (2, 4)])
def test_a_perfect_hit_winner_with_bonus_key_gets_three_keys(bonus, keys):
    state = last_visit(
        3,
        boss=20,
        hidden={0: "red 7", 1: "blue 1", 2: "green 1"},
        visible={0: ["blue 7", "green 6"], 1: ["green 2"], 2: ["yellow 2"]},
        spells=[],
        active=["bonus-key"] * bonus,
    )
    play(state, (2, VisitMage()))
    assert state.keys == [keys, 0, 0]  # win + bonus (one per Bonus key) + perfect hit


# ----- Runner-up --------------------------------------------------------------------------


def runner_up(hidden, visible, boss=20):
    state = last_visit(
        3, boss=boss, hidden=hidden, visible=visible, spells=[], active=["runner-up"]
    )
    play(state, (2, VisitMage()))
    return state


def test_runner_up_gives_the_round_to_the_second_closest_attack():
    # 19, 17, 5 against 20: 17 wins.
    state = runner_up(
        {0: "red 7", 1: "blue 7", 2: "green 1"},
        {0: ["blue 6", "green 6"], 1: ["red 6", "yellow 4"], 2: ["purple 4"]},
    )
    assert battle(state)["winners"] == [1]
    assert state.keys == [0, 1, 0]


def test_runner_up_counts_distinct_values_so_a_tie_for_first_does_not_win():
    # 19, 19, 5 against 20: the second value is 5.
    state = runner_up(
        {0: "red 7", 1: "blue 7", 2: "green 1"},
        {0: ["blue 6", "green 6"], 1: ["red 6", "green 5", "yellow 1"], 2: ["purple 4"]},
    )
    assert state.keys == [0, 0, 1]


def test_runner_up_uses_the_same_tie_break_on_the_second_value():
    # 19, 17, 17 against 20; seat 2 has fewer weapon cards than seat 1.
    state = runner_up(
        {0: "red 7", 1: "blue 7", 2: "green 7"},
        {
            0: ["blue 6", "green 6"],
            1: ["red 6", "yellow 3", "yellow 1"],
            2: ["purple 7", "purple 3"],
        },
    )
    assert state.keys == [0, 0, 1]


def test_runner_up_without_a_second_value_gives_nobody_the_round():
    # Seats 0 and 1 are bust; seat 2 alone remains with 8.
    state = runner_up(
        {0: "red 7", 1: "blue 7", 2: "green 1"},
        {0: ["blue 6", "green 6", "red 5"], 1: ["red 6", "green 7", "yellow 5"], 2: ["purple 7"]},
    )
    assert battle(state)["winners"] == []
    assert state.keys == [0, 0, 0]
    assert state.hearts == [2, 2, 3]


def test_runner_up_leaves_the_perfect_hit_key():
    # 20 and 18 against 20: 18 wins the round, 20 still gets its perfect-hit key.
    state = runner_up(
        {0: "red 7", 1: "blue 7", 2: "green 1"},
        {0: ["blue 6", "green 7"], 1: ["red 6", "yellow 5"], 2: ["purple 2"]},
    )
    assert state.keys == [1, 1, 0]


# ----- Last call --------------------------------------------------------------------------

FOUR = {
    "hidden": {0: "red 1", 1: "blue 1", 2: "green 1", 3: "yellow 1"},
    "visible": {0: ["red 2"], 1: ["blue 2"], 2: ["green 2"], 3: ["yellow 2"]},
}


def test_last_call_gives_each_player_still_equipping_one_last_action_in_turn_order():
    state = game(4, boss=21, armorer=3, spells=["last-call", "mercy", "hp+1", "hp-1"], **FOUR)
    play(state, (0, Equip(1)), (1, Activate(0)))
    # From the player after the activator: 2, 3, then 0.
    assert state.phase == Phase.LAST_CALL
    assert state.actors() == (2,)
    assert state.legal_actions(2) == [
        Equip(1),  # only one weapon, as the last action
        Activate(1),
        Discard(1),
        Activate(2),
        Discard(2),
        Activate(3),
        Discard(3),
    ]
    play(state, (2, Equip(1)))
    assert state.actors() == (3,)
    play(state, (3, Discard(1)))
    assert state.actors() == (0,)
    assert len(state.visible[0]) == 2
    play(state, (0, Equip(1)))
    fought = battle(state)
    assert fought["round"] == 1
    assert state.round == 2


def test_last_call_skips_players_who_already_visited_the_mage():
    state = game(4, boss=21, armorer=3, visited=[3], spells=["last-call", "mercy", "hp+1"], **FOUR)
    play(state, (0, Activate(0)))
    assert state.actors() == (1,)
    play(state, (1, Equip(1)))
    assert state.actors() == (2,)
    play(state, (2, Discard(1)))
    assert len(events(state, EventKind.BATTLE)) == 1


def test_a_bust_player_must_visit_the_mage_in_the_last_call():
    hands = {**FOUR, "visible": {**FOUR["visible"], 2: ["green 2", "green 7", "purple 7"]}}
    state = game(4, boss=16, armorer=3, spells=["last-call", "mercy", "hp+1"], **hands)
    assert state.bust[2]  # 1 + 2 + 7 + 7 = 17 > 16
    play(state, (0, Equip(1)), (1, Activate(0)))
    assert state.legal_actions(2) == [Activate(1), Discard(1), Activate(2), Discard(2)]


def test_the_last_call_offers_no_weapon_when_the_deck_is_empty():
    state = game(
        3,
        boss=21,
        armorer=2,
        hidden={0: "red 1", 1: "red 2", 2: "red 3"},
        visible={0: [], 1: [], 2: others("red 1", "red 2", "red 3")},
        spells=["last-call", "mercy"],
    )
    play(state, (0, Activate(0)))
    assert state.actors() == (1,)
    assert state.legal_actions(1) == [Activate(1), Discard(1)]


def test_last_call_activated_by_the_last_visitor_starts_the_battle_at_once():
    state = last_visit(3, boss=21, spells=["last-call"])
    play(state, (2, Activate(0)))
    assert len(events(state, EventKind.BATTLE)) == 1
    assert state.round == 2


def test_a_target_chosen_during_the_last_call_ends_that_players_last_action():
    state = game(4, boss=21, armorer=3, spells=["last-call", "attack+2", "mercy"], **FOUR)
    play(state, (0, Activate(0)), (1, Activate(1)), (1, ChoosePlayer(3)))
    assert state.actors() == (2,)
    assert state.attack(3) == 1 + 2 + 2


def test_cancel_can_remove_an_active_last_call_and_normal_turns_resume():
    # Last call lies beside the boss: it is an activated spell still in play.
    spells = ["last-call", "mercy", "cancel", "hp+1"]
    state = game(4, boss=21, armorer=3, spells=spells, **FOUR)
    play(state, (0, Activate(0)))
    assert state.phase == Phase.LAST_CALL and state.actors() == (1,)
    play(state, (1, Equip(1)))  # seat 1's last action: one weapon, no visit
    assert state.actors() == (2,) and Activate(2) in state.legal_actions(2)
    play(state, (2, Activate(2)))
    assert state.legal_actions(2) == [ChooseSpell(0)]
    play(state, (2, ChooseSpell(0)))
    assert state.slot_status[:3] == [SlotStatus.CANCELLED, SlotStatus.AVAILABLE, SlotStatus.USED]
    assert events(state, EventKind.CANCEL) == [
        {"seat": 2, "slot": 2, "cancelled_slot": 0, "cancelled": "last-call"}
    ]
    # Play goes on as before Last call: seats 3 and 1 (who has not visited) take turns.
    assert state.phase == Phase.EQUIP and state.last_call_queue == []
    assert state.view(0)["last_call"] == []
    assert state.actors() == (3,)
    assert state.legal_actions(3)[:4] == [Equip(n) for n in range(1, 5)]
    play(state, (3, Equip(3)))
    assert state.actors() == (1,)
    play(state, (1, Equip(2)), (3, Discard(1)))
    # Seat 1 is now the last equipper: one last equip, then the Mage.
    assert state.actors() == (1,)
    play(state, (1, Equip(1)))
    assert state.legal_actions(1) == [Activate(3), Discard(3)]
    play(state, (1, Discard(3)))
    assert len(events(state, EventKind.BATTLE)) == 1


def test_a_mystery_cancel_revealed_in_the_last_call_may_cancel_it():
    state = game(
        4, boss=21, armorer=3, spells=["last-call", "mercy", "cancel"], mystery=True, **FOUR
    )
    play(state, (0, Activate(0)), (1, Activate(2)))
    assert state.legal_actions(1) == [ChooseSpell(0)]
    play(state, (1, ChooseSpell(0)))
    assert state.phase == Phase.EQUIP and state.actors() == (2,)


def test_cancelling_last_call_by_the_last_player_owed_an_action_leaves_the_others_turns():
    spells = ["last-call", "mercy", "cancel"]
    state = game(3, boss=21, armorer=2, spells=spells, **HANDS)
    play(state, (0, Activate(0)), (1, Equip(1)), (2, Activate(2)), (2, ChooseSpell(0)))
    # Seat 1 took one weapon as its last action; it has not visited: its turns go on.
    assert not events(state, EventKind.BATTLE)
    assert state.phase == Phase.EQUIP and state.actors() == (1,)
    assert state.legal_actions(1)[:4] == [Equip(n) for n in range(1, 5)]


# ----- the Mystery spell ------------------------------------------------------------------


def test_the_mystery_spell_is_face_down_until_activated_blind():
    state = three(["mercy", "hp+2"], mystery=True)
    for seat in (0, 1, 2, None):
        assert state.view(seat)["spells"][1]["spell"] is None
        assert state.view(seat)["spells"][1]["mystery"] is True
    assert Activate(1) in state.legal_actions(0)
    play(state, (0, Activate(1)))
    assert events(state, EventKind.REVEAL) == [{"seat": 0, "slot": 1, "spell": "hp+2"}]
    assert state.boss_hp() == 22  # takes effect at once, irrevocably
    assert state.view(1)["spells"][1] == {
        "slot": 1,
        "spell": "hp+2",
        "mystery": False,
        "status": SlotStatus.ACTIVE,
        "target": None,
    }


def test_a_mystery_spell_turned_face_up_cannot_be_cancelled():
    """It "takes effect irrevocably": Cancel removes the other spells in play, never it."""
    state = three(["cancel", "hp-1", "hp+2"], mystery=True)
    play(state, (0, Activate(2)))  # the Mystery: HP + 2
    assert state.boss_hp() == 22
    legal = state.legal_actions(1)
    assert Activate(0) not in legal and Discard(0) in legal  # nothing Cancel may remove
    play(state, (1, Activate(1)))  # HP - 1, face up: this one Cancel may remove
    assert Activate(0) in state.legal_actions(2)
    play(state, (2, Activate(0)))
    assert state.legal_actions(2) == [ChooseSpell(1)]  # not the Mystery's slot 2
    play(state, (2, ChooseSpell(1)))  # the round's last visit: the battle follows
    assert events(state, EventKind.CANCEL)[0]["cancelled_slot"] == 1
    assert events(state, EventKind.BATTLE)[0]["hp"] == 22  # the Mystery's +2 held


def test_a_dark_mystery_spell_still_gets_a_target():
    state = three(["mercy", "attack-2"], mystery=True)
    play(state, (0, Activate(1)))
    assert state.legal_actions(0) == [ChoosePlayer(0), ChoosePlayer(1), ChoosePlayer(2)]
    play(state, (0, ChoosePlayer(0)))
    assert state.attack(0) == 13 - 2


def test_a_mystery_spell_discarded_blind_stays_unseen():
    state = last_visit(3, boss=20, spells=["mercy", "hp+2"], mystery=True, **HANDS)
    play(state, (2, Discard(1)))
    assert events(state, EventKind.DISCARD) == [{"seat": 2, "slot": 1, "spell": None}]
    assert events(state, EventKind.BATTLE)[0]["hp"] == 20  # it had no effect
    hidden_spell = [s for s in range(len(SPELLS)) if SPELLS[s].key == "hp+2"]
    assert state.spell_discard_unseen == hidden_spell
    for seat in (0, 1, 2, None):
        assert "hp+2" not in state.view(seat)["spell_discard"]
        assert "hp+2" not in str(state.events_for(seat))


def test_a_mystery_cancel_with_nothing_to_cancel_fizzles():
    state = three(["mercy", "cancel"], mystery=True)
    play(state, (0, Activate(1)))
    assert events(state, EventKind.FIZZLE) == [{"seat": 0, "slot": 1, "spell": "cancel"}]
    assert state.slot_status[1] == SlotStatus.USED
    assert state.actors() == (1,) and not state.decisions


def test_a_mystery_cancel_with_a_spell_in_play_cancels_it():
    state = three(["mercy", "cancel"], mystery=True, active=["hp-2"])
    play(state, (0, Activate(1)))
    assert state.legal_actions(0) == [ChooseSpell(2)]
    play(state, (0, ChooseSpell(2)))
    assert state.boss_hp() == 20


def test_a_mystery_exchange_with_an_empty_deck_fizzles():
    state = game(
        2,
        boss=21,
        armorer=1,
        hidden={0: "red 1", 1: "red 2"},
        visible={0: [], 1: others("red 1", "red 2")},
        spells=["mercy", "exchange"],
        mystery=True,
    )
    assert Activate(1) in state.legal_actions(0)
    play(state, (0, Activate(1)))
    assert [e["spell"] for e in events(state, EventKind.FIZZLE)] == ["exchange"]
    assert state.hidden[0] == wid("red 1")
    assert state.actors() == (1,)
