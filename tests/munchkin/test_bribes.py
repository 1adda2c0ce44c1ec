"""Bribes: what the other deal tests leave out. A bribe is paid on victory as its last
accepted terms say (a counter's included), with what the fighter still has and the
treasures there are; it is void on defeat; a request is countered once at most."""

from __future__ import annotations

from gamenight.games.munchkin.actions import (
    ACCEPT,
    CANCEL,
    COUNTER,
    DECLINE,
    DONE,
    FIRST_PICK,
    ROLL,
    TREASURES,
    Ask,
    ChooseSeat,
    Pick,
    Play,
)
from gamenight.kernel import PASS, OfferStatus

from .driving import others_pass
from .helpers import card, fight, keys, pass_all, play


def last_offer(state):
    """The combat's latest help offer."""
    return list(state.offers)[-1]


def test_a_counter_accepted_is_what_is_paid():
    state = fight(
        "moody_goblin",
        levels=[2, 2, 1],
        table={0: ["buckler", "pointy_stick"]},
        treasure=["boomerang", "tap_shoes"],
    )
    others_pass(state)
    play(state, (0, Ask(1)), (0, Pick(card("buckler"))), (0, DONE), (0, TREASURES[0]))
    state.apply(1, COUNTER)  # the stick instead, a treasure, and the helper picks first
    play(state, (1, Pick(card("pointy_stick"))), (1, DONE), (1, TREASURES[1]), (1, FIRST_PICK))
    counter = last_offer(state)
    assert counter.counter_of is not None and counter.terms == (1, 1, card("pointy_stick"))
    assert state.legal_actions(0) == [ACCEPT, DECLINE]  # a counter is not countered
    state.apply(0, ACCEPT)
    assert state.helper == 1
    pass_all(state)
    assert last_offer(state).status is OfferStatus.SETTLED  # paid, the haul being shared
    assert state.actors() == (1,)
    assert sorted(state.haul) == sorted([card("boomerang"), card("tap_shoes")])
    state.apply(1, Pick(card("tap_shoes")))
    assert keys(state.table[1]) == ["pointy_stick"] and keys(state.table[0]) == ["buckler"]
    assert keys(state.hands[1]) == ["tap_shoes"] and keys(state.hands[0]) == ["boomerang"]


def test_the_fighter_picks_first_unless_the_bribe_says_the_helper_does():
    treasures = ["boomerang", "tap_shoes", "buckler"]
    state = fight("pit_plumber", levels=[5, 5, 1], treasure=treasures)
    others_pass(state)
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[1]), (0, DONE), (1, ACCEPT))
    pass_all(state)
    assert state.actors() == (0,)  # the fighter takes their two first
    play(state, (0, Pick(card("buckler"))), (0, Pick(card("boomerang"))))
    assert keys(state.hands[1]) == ["tap_shoes"] and state.haul == ()


def test_a_bribe_of_more_treasures_than_the_monster_gives_pays_what_there_is():
    state = fight(
        "pit_plumber", levels=[5, 5, 1], hands={2: ["sickly"]}, treasure=["boomerang", "buckler"]
    )
    others_pass(state)
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[3]), (0, DONE), (1, ACCEPT))
    state.apply(2, Play(card("sickly")))  # -1 treasure: two left
    pass_all(state)
    assert sorted(state.hands[1]) == sorted([card("boomerang"), card("buckler")])
    assert state.hands[0] == ()


def test_an_item_the_fighter_lost_before_the_win_is_not_paid():
    state = fight(
        "moody_goblin",
        levels=[2, 2, 1],
        table={0: ["buckler"]},
        hands={2: ["curse_butterfingers"]},
    )
    others_pass(state)
    play(state, (0, Ask(1)), (0, Pick(card("buckler"))), (0, DONE), (0, TREASURES[0]))
    state.apply(1, ACCEPT)
    play(state, (2, Play(card("curse_butterfingers"))), (2, ChooseSeat(0)), (0, PASS))
    assert state.table[0] == () and card("buckler") in state.treasure_discard
    pass_all(state)  # 2 + 2 against 3: won
    assert state.level[0] == 3 and state.table[1] == ()


def test_a_request_cancelled_as_it_is_countered_is_declined():
    state = fight("moody_goblin", levels=[2, 2, 1])
    others_pass(state)
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[0]), (1, COUNTER), (1, CANCEL))
    assert last_offer(state).status is OfferStatus.DECLINED and state.helper == -1
    assert [a for a in state.legal_actions(0) if type(a) is Ask] == [Ask(2)]


def test_a_bribe_is_void_when_the_pair_loses_and_nobody_gets_treasures():
    state = fight("grave_gnome", levels=[2, 2, 1], dice=[6, 6])
    others_pass(state)
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[2]), (0, FIRST_PICK), (1, ACCEPT))
    pass_all(state)  # 4 against 7: both run
    assert last_offer(state).status is OfferStatus.VOID
    play(state, (0, ROLL))
    pass_all(state)
    state.apply(1, ROLL)
    pass_all(state)
    assert state.phase == "after" and state.hands[0] == state.hands[1] == ()
