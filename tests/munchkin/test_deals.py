"""Deals: help bought with a bribe (the kernel's offers), trades, selling."""

from __future__ import annotations

from gamenight.games.munchkin.actions import (
    ACCEPT,
    CANCEL,
    COUNTER,
    DECLINE,
    DONE,
    END_TURN,
    FIRST_PICK,
    KICK,
    ROLL,
    SELL,
    TREASURES,
    Ask,
    Equip,
    Pick,
    Play,
    Trade,
)
from gamenight.kernel import OfferStatus

from .helpers import card, events, fight, game, keys, pass_all, play, refused, to_fighter


def test_the_fighter_asks_one_seat_with_a_typed_bribe():
    state = fight("moody_goblin", levels=[2, 2, 1], table={0: ["buckler", "pointy_stick"]})
    to_fighter(state)
    assert [a for a in state.legal_actions(0) if type(a) is Ask] == [Ask(1), Ask(2)]
    state.apply(0, Ask(1))
    # items from play first (each once), then how many treasures, then who picks first
    assert state.legal_actions(0) == [DONE, Pick(card("buckler")), Pick(card("pointy_stick"))]
    play(state, (0, Pick(card("buckler"))), (0, DONE))
    assert state.legal_actions(0) == list(TREASURES[:3])  # the goblin has 2 treasures
    play(state, (0, TREASURES[1]), (0, FIRST_PICK))
    offer = next(iter(state.offers))
    assert offer.terms == (1, 1, card("buckler")) and offer.visible is None  # public
    assert state.actors() == (1,) and state.legal_actions(1) == [ACCEPT, DECLINE, COUNTER]


def test_an_accepted_helper_adds_strength_and_reopens_the_window():
    state = fight("moody_goblin", levels=[2, 2, 1], treasure=["buckler", "boomerang"])
    to_fighter(state)
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[1]), (0, FIRST_PICK), (1, ACCEPT))
    assert state.helper == 1 and state.actors() == (1, 2, 0)
    assert state.view(None)["combat"]["players_strength"] == 4
    assert [a for a in state.legal_actions(0) if type(a) is Ask] == []  # one helper at most
    pass_all(state)
    # won with help: the treasures are drawn face up, the helper picks its one first
    assert state.level == (3, 2, 1) and state.actors() == (1,)
    assert sorted(state.haul) == sorted([card("buckler"), card("boomerang")])
    state.apply(1, Pick(card("boomerang")))
    assert keys(state.hands[1]) == ["boomerang"] and keys(state.hands[0]) == ["buckler"]
    assert state.view(2)["seats"][0]["known_hand"] == [card("buckler")]
    assert next(iter(events(state, "offer")))


def test_the_bribe_items_are_paid_on_victory():
    state = fight("moody_goblin", levels=[2, 2, 1], table={0: ["buckler"]})
    to_fighter(state)
    play(state, (0, Ask(1)), (0, Pick(card("buckler"))), (0, DONE), (0, TREASURES[0]), (1, ACCEPT))
    pass_all(state)
    assert card("buckler") in state.table[1] and state.table[0] == ()


def test_a_bribe_is_void_on_defeat_and_both_run():
    state = fight("grave_gnome", levels=[2, 2, 1], table={0: ["buckler"]}, dice=[6, 1])
    to_fighter(state)
    play(state, (0, Ask(1)), (0, Pick(card("buckler"))), (0, DONE), (0, TREASURES[1]), (0, DONE))
    state.apply(1, ACCEPT)
    pass_all(state)  # 6 against the gnome's 7: run
    assert state.phase == "run" and state.actors() == (0,)
    offer = next(iter(state.offers))
    assert offer.status is OfferStatus.VOID
    state.apply(0, ROLL)
    pass_all(state)  # 6 - 1: escaped; now the helper rolls
    assert state.actors() == (1,)
    state.apply(1, ROLL)
    pass_all(state)  # 1 - 1: caught, 2 levels lost
    assert state.level == (2, 1, 1) and card("buckler") in state.table[0]


def test_a_seat_asked_once_per_combat_may_counter_once():
    state = fight("moody_goblin", levels=[2, 2, 1])
    to_fighter(state)
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[0]), (1, COUNTER))
    assert state.legal_actions(1)[:2] == [DONE, CANCEL]
    play(state, (1, DONE), (1, TREASURES[2]), (1, FIRST_PICK))
    assert state.actors() == (0,) and state.legal_actions(0) == [ACCEPT, DECLINE]  # no counter
    state.apply(0, DECLINE)
    assert [a for a in state.legal_actions(0) if type(a) is Ask] == [Ask(2)]


def test_an_elf_helper_gains_a_level_per_monster_and_several_may_win():
    state = fight(
        "moody_goblin",
        levels=[9, 9, 1],
        table={1: ["elf"]},
    )
    to_fighter(state)
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[0]), (1, ACCEPT))
    pass_all(state)
    assert state.is_over() and state.outcome().winners == (0, 1)


def test_trading_items_from_play_on_your_turn():
    state = game(table={0: ["buckler"], 1: ["leather_vest"]}, phase="after")
    assert Trade(1) in state.legal_actions(0)
    play(
        state, (0, Trade(1)), (0, Pick(card("buckler"))), (0, Pick(card("leather_vest"))), (0, DONE)
    )
    assert state.actors() == (1,) and state.legal_actions(1) == [ACCEPT, DECLINE, COUNTER]
    state.apply(1, ACCEPT)
    assert state.table == ((card("leather_vest"),), (card("buckler"),), ())
    assert Trade(1) not in state.legal_actions(0)  # asked once a turn


def test_a_trade_begun_and_dropped_counts_as_asking_and_everybody_sees_it():
    """Rules, section 8: each seat begins a trade with each other seat once a turn; a trade
    dropped while it is being built counts. Beginning one is said aloud: every view shows
    whom each seat has asked."""
    state = game(table={0: ["buckler"], 1: ["leather_vest"], 2: ["pointy_stick"]}, phase="after")
    play(state, (0, Trade(1)), (0, Pick(card("buckler"))), (0, CANCEL))
    assert Trade(1) not in state.legal_actions(0) and Trade(2) in state.legal_actions(0)
    for viewer in (0, 1, 2, None):
        assert [seat["asked"] for seat in state.view(viewer)["seats"]] == [[1], [], []]


def test_a_trade_may_be_countered_once():
    """Rules, section 8: trades are offers like help, accepted, declined or countered."""
    state = game(table={0: ["buckler", "pointy_stick"], 1: ["leather_vest"]}, phase="after")
    play(state, (0, Trade(1)), (0, Pick(card("buckler"))), (0, DONE), (1, COUNTER))
    assert state.actors() == (1,) and CANCEL in state.legal_actions(1)
    play(state, (1, Pick(card("pointy_stick"))), (1, Pick(card("leather_vest"))), (1, DONE))
    assert state.actors() == (0,) and state.legal_actions(0) == [ACCEPT, DECLINE]
    state.apply(0, ACCEPT)
    assert keys(state.table[0]) == ["buckler", "leather_vest"]
    assert keys(state.table[1]) == ["pointy_stick"]


def test_any_seat_trades_and_equips_in_the_windows_outside_combat_only():
    """Trading and equipping are barred only in combat and running away: any living seat
    may do both in the windows on a revealed door and at the end of a turn."""
    state = game(door=["warrior"], table={1: [("buckler", False)], 2: ["leather_vest"]})
    state.apply(0, KICK)  # a class: the reveal window opens
    assert state.window_kind == "reveal" and state.actors() == (1, 2, 0)
    assert {Equip(card("buckler")), Trade(2)} <= set(state.legal_actions(1))
    play(state, (1, Trade(2)), (1, Pick(card("leather_vest"))), (1, DONE), (2, ACCEPT))
    assert keys(state.table[1]) == ["buckler", "leather_vest"]
    state.apply(1, Equip(card("buckler")))
    assert card("buckler") not in state.unequipped and state.actors() == (1, 2, 0)
    state = fight("grumpy_chest", table={1: [("buckler", False)], 2: ["leather_vest"]})
    assert state.actors()[0] == 1
    refused(state, 1, Equip(card("buckler")))
    refused(state, 1, Trade(2))


def test_seats_trade_among_themselves_in_the_end_window_once_a_pair():
    """Out of turn, a trade is countered and accepted like one on one's own turn; it does
    not re-open the window, and the pair may not trade again that turn."""
    table = {1: ["buckler", "pointy_stick"], 2: ["leather_vest"]}
    state = game(table=table, phase="after")
    state.apply(0, END_TURN)
    assert state.window_kind == "end" and state.actors() == (1, 2, 0)
    play(state, (1, Trade(2)), (1, Pick(card("buckler"))), (1, DONE), (2, COUNTER))
    play(state, (2, Pick(card("pointy_stick"))), (2, Pick(card("leather_vest"))), (2, DONE))
    state.apply(1, ACCEPT)
    assert keys(state.table[1]) == ["buckler", "leather_vest"]
    assert keys(state.table[2]) == ["pointy_stick"]
    assert state.actors() == (1, 2, 0) and Trade(2) not in state.legal_actions(1)
    assert Trade(1) in state.legal_actions(2)  # the other way round is another pair


def test_no_trade_or_bribe_gives_a_non_dwarf_a_second_big_item():
    """Rules, section 4: one Big item (Dwarves: any number), however an item comes."""
    state = game(table={0: ["chainsaw", "buckler"], 1: ["huge_rock"]}, phase="after")
    play(state, (0, Trade(1)), (0, Pick(card("chainsaw"))))
    assert DONE not in state.legal_actions(0)
    state.apply(0, Pick(card("huge_rock")))  # a Big item for a Big item
    assert DONE in state.legal_actions(0)
    dwarf = game(table={0: ["chainsaw"], 1: ["huge_rock", "dwarf"]}, phase="after")
    play(dwarf, (0, Trade(1)), (0, Pick(card("chainsaw"))))
    assert DONE in dwarf.legal_actions(0)
    state = fight(
        "moody_goblin", levels=[2, 2, 1], table={0: ["chainsaw", "buckler"], 1: ["huge_rock"]}
    )
    to_fighter(state)
    state.apply(0, Ask(1))
    assert state.legal_actions(0) == [DONE, Pick(card("buckler"))]


def test_selling_a_thousand_gold_per_level_no_change_never_to_ten():
    state = game(hands={0: ["singing_sword", "chainsaw", "pointy_stick"]}, phase="after")
    state.apply(0, SELL)
    assert DONE not in state.legal_actions(0)
    play(state, (0, Pick(card("singing_sword"))), (0, Pick(card("chainsaw"))))
    state.apply(0, DONE)  # 1200 gold: one level, no change
    assert state.level[0] == 2 and keys(state.hands[0]) == ["pointy_stick"]
    nine = game(hands={0: ["singing_sword", "chainsaw"]}, levels=[9, 1, 1], phase="after")
    assert SELL not in nine.legal_actions(0)


def test_a_halfling_sells_one_item_for_double_once_a_turn():
    state = game(hands={0: ["singing_sword"]}, table={0: ["halfling"]}, phase="after")
    play(state, (0, SELL), (0, Pick(card("singing_sword"))), (0, DONE))
    assert state.level[0] == 2


def test_a_helper_cannot_be_asked_twice_and_items_never_move_in_combat():
    state = fight("moody_goblin", levels=[2, 2, 1], table={0: ["buckler"], 1: ["leather_vest"]})
    to_fighter(state)
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[0]), (1, DECLINE))
    refused(state, 0, Ask(1))
    refused(state, 0, Trade(1))
    refused(state, 0, SELL)
    refused(state, 0, Play(card("buckler")))


def test_a_sale_being_built_shows_its_hand_cards_to_the_seller_only():
    state = game(hands={0: ["singing_sword"]}, table={0: ["chainsaw"]}, phase="after")
    play(state, (0, SELL), (0, Pick(card("singing_sword"))), (0, Pick(card("chainsaw"))))
    assert state.view(0)["deciding"]["args"] == sorted([card("singing_sword"), card("chainsaw")])
    assert state.view(1)["deciding"] == {"kind": "sell", "seat": 0, "args": None}
    world = state.determinize(1, seed=3)
    assert world.view(1) == state.view(1)
    world.apply(0, DONE if DONE in world.legal_actions(0) else CANCEL)  # it plays on
    assert not world.stack
