"""The turn: set-up, kicking open the door, looking for trouble or looting, charity, the
end-of-turn window, the safety limit and missed deadlines."""

from __future__ import annotations

import gamenight
from gamenight.games.munchkin.actions import (
    BEGIN,
    DONE,
    END_TURN,
    KICK,
    LOOT,
    ChooseSeat,
    Pick,
    Play,
)
from gamenight.kernel import PASS

from .helpers import GAME, card, events, game, keys, pass_all, play, refused


def test_set_up_deals_four_and_four_and_everybody_plays_their_start_hand():
    state = gamenight.make(GAME, 4, seed=3)
    assert state.phase == "setup" and state.actors() == (0, 1, 2, 3)
    for seat in range(4):
        hand = state.hands[seat]
        assert len(hand) == 8 and sum(state.CS.deck[c] == 0 for c in hand) == 4
        assert state.legal_actions(seat) == list(BEGIN)  # the sex first
    first = state.turn
    for seat in range(4):
        state.apply(seat, BEGIN[seat % 2])
        assert state.legal_actions(seat)[-1] == DONE  # then the start hand
        state.apply(seat, DONE)
    assert state.phase == "start" and state.actors() == (first,)
    assert state.sex == (0, 1, 0, 1) and state.turn_number == 1


def test_the_sex_is_chosen_before_the_start_hand_so_its_items_go_in_equipped():
    """Rules, section 1: sex is chosen at the start, then the start hand is played."""
    state = game(phase="setup", hands={0: ["ladys_blade"]})
    assert state.legal_actions(0) == list(BEGIN)
    play(state, (0, BEGIN[1]), (0, Play(card("ladys_blade"))))
    assert card("ladys_blade") in state.table[0] and card("ladys_blade") not in state.unequipped
    assert state.actors() == (0, 1, 2) and state.legal_actions(0) == [DONE]


def test_a_seat_sees_only_its_own_start_hand():
    state = gamenight.make(GAME, 3, seed=5)
    view = state.view(1)
    assert view["hand"] == list(state.hands[1])
    assert view["seats"][0]["known_hand"] == [] and view["seats"][0]["hand_doors"] == 4
    assert all(e.to == (e.data["seat"],) for e in state.events if e.kind == "drawn")


def test_kicking_open_a_plain_door_card_opens_a_window_then_it_goes_to_hand_face_up():
    state = game(door=["elf"])
    state.apply(0, KICK)
    assert state.phase == "reveal" and state.actors() == (1, 2, 0)
    assert state.view(2)["door_card"] == card("elf")
    pass_all(state)
    assert state.phase == "loot" and state.hands[0] == (card("elf"),)
    assert state.view(1)["seats"][0]["known_hand"] == [card("elf")]


def test_a_monster_kicked_open_attacks_at_once():
    state = game(door=["grumpy_chest"])
    state.apply(0, KICK)
    assert state.phase == "combat" and state.monsters == (card("grumpy_chest"),)
    assert state.actors() == (1, 2, 0)  # everybody may play, the fighter answers last


def test_a_curse_kicked_open_hits_the_kicker():
    state = game(door=["curse_lose_level"], levels=[3, 1, 1])
    state.apply(0, KICK)
    assert state.actors() == (0,) and state.legal_actions(0) == [PASS]
    state.apply(0, PASS)
    assert state.level[0] == 2 and state.phase == "reveal"
    pass_all(state)
    assert state.phase == "loot"
    assert card("curse_lose_level") in state.door_discard


def test_after_a_door_without_a_fight_loot_the_room_face_down():
    state = game(door=["elf", "dwarf"])
    state.apply(0, KICK)
    pass_all(state)
    state.apply(0, LOOT)
    assert card("dwarf") in state.hands[0] and state.phase == "after"
    assert card("dwarf") not in state.view(1)["seats"][0]["known_hand"]
    assert events(state, "drawn")[-1] == {"seat": 0, "cards": [card("dwarf")]}
    assert state.events[-1].to == (0,)


def test_or_look_for_trouble_with_a_monster_from_hand():
    state = game(door=["elf"], hands={0: ["grumpy_chest"]})
    state.apply(0, KICK)
    pass_all(state)
    assert Play(card("grumpy_chest")) in state.legal_actions(0)
    state.apply(0, Play(card("grumpy_chest")))
    assert state.phase == "combat" and state.fought


def test_charity_gives_the_excess_to_the_lowest_player():
    hand = [
        "pointy_stick",
        "buckler",
        "leather_vest",
        "helm_of_nerve",
        "tap_shoes",
        "boomerang",
        "spiky_knees",
    ]
    state = game(hands={0: hand}, levels=[3, 2, 1], phase="after")
    state.apply(0, END_TURN)
    assert state.phase == "charity" and state.legal_actions(0) == [Pick(c) for c in state.hands[0]]
    play(state, (0, Pick(card("pointy_stick"))), (0, Pick(card("buckler"))))
    assert keys(state.hands[2]) == ["pointy_stick", "buckler"] and len(state.hands[0]) == 5
    gift = events(state, "gift_card")
    assert len(gift) == 2 and all(e.to == (0, 2) for e in state.events if e.kind == "gift_card")
    assert state.view(1)["seats"][2]["known_hand"] == []  # a third seat does not see them
    assert state.view(0)["seats"][2]["known_hand"] == list(state.hands[2])  # the giver does
    assert state.phase == "end"


def test_charity_splits_among_tied_lowest_the_giver_choosing():
    hand = [
        "pointy_stick",
        "buckler",
        "leather_vest",
        "helm_of_nerve",
        "tap_shoes",
        "boomerang",
        "spiky_knees",
    ]
    state = game(players=4, hands={0: hand}, levels=[3, 1, 1, 2], phase="after")
    play(state, (0, END_TURN), (0, Pick(card("pointy_stick"))))
    assert state.legal_actions(0) == [ChooseSeat(1), ChooseSeat(2)]
    play(state, (0, ChooseSeat(2)), (0, Pick(card("buckler"))))
    assert keys(state.hands[1]) == ["buckler"] and keys(state.hands[2]) == ["pointy_stick"]


def test_the_lowest_player_discards_the_excess():
    hand = ["pointy_stick", "buckler", "leather_vest", "helm_of_nerve", "tap_shoes", "boomerang"]
    state = game(hands={0: hand}, levels=[1, 2, 2], phase="after")
    play(state, (0, END_TURN), (0, Pick(card("pointy_stick"))))
    assert card("pointy_stick") in state.treasure_discard


def test_a_dwarf_keeps_six_cards():
    hand = ["pointy_stick", "buckler", "leather_vest", "helm_of_nerve", "tap_shoes", "boomerang"]
    state = game(hands={0: hand}, table={0: ["dwarf"]}, levels=[3, 1, 1], phase="after")
    state.apply(0, END_TURN)
    assert state.phase == "end"


def test_the_end_window_then_the_next_turn():
    state = game(phase="after")
    state.apply(0, END_TURN)
    assert state.actors() == (1, 2, 0)
    pass_all(state)
    assert state.turn == 1 and state.phase == "start" and state.turn_number == 2


def test_any_time_cards_wait_for_a_window():
    state = game(hands={1: ["bribe_gm"]}, door=["elf"])
    assert state.actors() == (0,)  # seat 1 cannot play it during seat 0's own step
    state.apply(0, KICK)
    assert Play(card("bribe_gm")) in state.legal_actions(1)
    state.apply(1, Play(card("bribe_gm")))
    assert state.level[1] == 2 and state.actors() == (2, 0, 1)  # the window starts again


def test_go_up_a_level_never_reaches_ten():
    state = game(hands={0: ["bribe_gm", "whine"]}, levels=[8, 1, 1])
    state.apply(0, Play(card("bribe_gm")))
    assert state.level[0] == 9
    refused(state, 0, Play(card("whine")))


def test_an_illegal_action_raises_and_changes_nothing():
    state = game(hands={1: ["buckler"]})
    refused(state, 1, KICK)  # not seat 1's turn
    refused(state, 0, LOOT)  # not before the door
    refused(state, 0, Play(card("buckler")))  # not in seat 0's hand


def test_the_safety_limit_ends_the_game_as_truncated_with_a_ranking():
    state = gamenight.make(GAME, 3, seed=1, max_turns=1)
    for seat in range(3):
        play(state, (seat, BEGIN[0]), (seat, DONE))
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, state.timeout_action(seat))
    outcome = state.outcome()
    assert outcome.truncated and state.turn_number == 1
    assert set(outcome.winners) == {p for p in range(3) if state.level[p] == max(state.level)}


def test_missed_deadlines_pass_in_windows_and_take_the_plain_move_elsewhere():
    state = game(door=["elf"])
    assert state.timeout_action(0) == KICK
    state.apply(0, KICK)
    assert state.timeout_action(1) == PASS
    pass_all(state)
    assert state.timeout_action(0) == LOOT
