"""Scenario tests of the mini game: each kernel helper as a game uses it."""

from __future__ import annotations

import pytest

from gamenight.kernel import PASS, IllegalAction
from gamenight.testing import rigged

from .actions import (
    ACCEPT,
    DECLINE,
    END_TURN,
    Ask,
    Bid,
    ChooseSeat,
    ChooseSlot,
    CounterOffer,
    Play,
)
from .state import ANSWER, ATTACK, BID, OVER, RESPOND, MiniState

# Seat 0: attack cards 0 (power 1) and 6 (power 3), block 8; seat 1: attack 3 (power 2),
# blocks 9 and 10; seat 2: attack cards 1 (power 1), 4 and 5 (power 2), no block.
HANDS = ([0, 6, 8], [3, 9, 10], [1, 4, 5])


def game(**setup) -> MiniState:
    return rigged("minigame", 3, hands=HANDS, **setup)


def attacking(**setup) -> MiniState:
    """Round 1 after everyone passed the bids: the leader, seat 0, attacks."""
    state = game(**setup)
    for seat in (1, 2, 0):
        state.apply(seat, PASS)
    return state


def play(state: MiniState, *moves) -> None:
    for seat, action in moves:
        state.apply(seat, action)


def attack(state: MiniState, card: int, target: int, slot: int) -> None:
    play(state, (0, Play(card)), (0, ChooseSeat(target)), (0, ChooseSlot(slot)))


# ----- the bids: an EACH_SEAT_ONCE window -------------------------------------------------


def test_every_seat_bids_once_from_the_seat_after_the_leader():
    state = game()
    assert (state.phase, state.actors()) == (BID, (1, 2, 0))
    assert state.legal_actions(1) == [PASS, Bid(1), Bid(2)]
    play(state, (2, Bid(1)))
    assert state.actors() == (1, 0)  # a bid re-opens nothing
    play(state, (1, Bid(2)), (0, PASS))
    assert (state.phase, state.actors(), state.attacker) == (ATTACK, (1,), 1)
    assert state.coins == [3, 1, 3]


def test_a_tied_bid_goes_to_the_first_seat_after_the_leader_not_the_first_to_bid():
    state = game()
    play(state, (2, Bid(1)), (1, Bid(1)), (0, PASS))
    assert state.attacker == 1 and state.coins == [3, 2, 3]


def test_without_bids_the_leader_attacks_for_free():
    state = attacking()
    assert state.attacker == 0 and state.coins == [3, 3, 3]


def test_a_seat_bids_at_most_its_coins():
    state = game(coins=[3, 1, 0])
    assert state.legal_actions(1) == [PASS, Bid(1)]
    assert state.legal_actions(2) == [PASS]


# ----- the attack: three decisions on the stack ------------------------------------------


def test_an_attack_is_a_card_then_a_seat_then_a_slot():
    state = attacking()
    assert state.legal_actions(0) == [
        Play(0),
        Play(6),
        Ask(1, 1),
        Ask(1, 2),
        Ask(2, 1),
        Ask(2, 2),
        END_TURN,
    ]
    play(state, (0, Play(6)))
    assert state.actors() == (0,) and state.legal_actions(0) == [ChooseSeat(1), ChooseSeat(2)]
    assert state.view(1)["deciding"] == {"kind": "target", "seat": 0, "card": 6, "target": None}
    play(state, (0, ChooseSeat(2)))
    assert state.legal_actions(0) == [ChooseSlot(0), ChooseSlot(1)]
    assert state.view(2)["deciding"]["target"] == 2
    play(state, (0, ChooseSlot(1)))
    assert not state.stack and state.phase == RESPOND
    assert state.view(None)["attack"] == {"card": 6, "target": 2, "slot": 1, "blocked": False}


def test_only_seats_and_slots_with_gems_may_be_chosen():
    state = attacking(gems=[[2, 3], [0, 0], [0, 3]])
    play(state, (0, Play(0)))
    assert state.legal_actions(0) == [ChooseSeat(2)]
    play(state, (0, ChooseSeat(2)))
    assert state.legal_actions(0) == [ChooseSlot(1)]


def test_no_attack_card_may_be_played_when_nobody_has_gems():
    state = attacking(gems=[[2, 3], [0, 0], [0, 0]])
    assert Play(0) not in state.legal_actions(0) and END_TURN in state.legal_actions(0)


# ----- the response window: RESET_ON_PLAY -------------------------------------------------


def test_the_window_lists_every_seat_even_one_that_can_only_pass():
    state = attacking()
    attack(state, 6, 2, 1)
    assert state.actors() == (1, 2, 0)
    assert state.legal_actions(1) == [PASS, Play(9), Play(10)]
    assert state.legal_actions(2) == [PASS]  # no block card, still asked
    assert state.legal_actions(0) == [PASS]  # the attacker may only undo a block


def test_a_block_reopens_the_window_and_the_attacker_may_unblock():
    state = attacking()
    attack(state, 6, 2, 1)
    play(state, (2, PASS), (1, Play(9)))
    assert state.blocked and state.actors() == (2, 0, 1)
    assert state.legal_actions(0) == [PASS, Play(8)]
    assert state.legal_actions(1) == [PASS]  # it may not block twice
    play(state, (0, Play(8)))
    assert not state.blocked and state.actors() == (1, 2, 0)
    play(state, (1, PASS), (2, PASS), (0, PASS))
    assert state.gems == [[2, 3], [2, 3], [2, 0]] and state.vault == [3, 0, 0]
    assert sorted(state.discard) == [6, 8, 9]
    assert (state.round, state.phase, state.actors()) == (2, BID, (2, 0, 1))


def test_a_blocked_attack_steals_nothing():
    state = attacking()
    attack(state, 0, 1, 0)
    play(state, (1, Play(10)), (2, PASS), (0, PASS), (1, PASS))
    assert state.vault == [0, 0, 0] and state.gems[1] == [2, 3]
    assert state.events[-2].kind == "blocked"


# ----- offers: help for a price -----------------------------------------------------------


def test_help_is_asked_accepted_and_paid_when_the_attack_succeeds():
    state = attacking()
    play(state, (0, Ask(2, 2)))
    assert state.actors() == (2,) and state.stack.top.kind == ANSWER
    assert state.legal_actions(2) == [ACCEPT, DECLINE, CounterOffer(1)]
    play(state, (2, ACCEPT))
    assert state.legal_actions(0) == [Play(0), Play(6), END_TURN]  # one helper a round
    attack(state, 0, 1, 0)
    play(state, (1, PASS), (2, PASS), (0, PASS))
    assert state.vault[0] == 2  # power 1, +1 for the help
    assert state.coins == [1, 3, 5]
    assert state.events[-2].data == {"seat": 0, "gems": 2, "helper": 2}
    assert len(state.offers) == 0  # the round's offers are forgotten


def test_a_counter_is_answered_by_the_attacker_who_cannot_counter_back():
    state = attacking()
    play(state, (0, Ask(1, 1)), (1, CounterOffer(2)))
    assert state.actors() == (0,) and state.legal_actions(0) == [ACCEPT, DECLINE]
    play(state, (0, ACCEPT))
    attack(state, 0, 2, 0)
    play(state, (1, PASS), (2, PASS), (0, PASS))
    assert state.coins == [1, 5, 3] and state.vault[0] == 2


def test_a_blocked_attack_voids_the_help_unpaid():
    state = attacking()
    play(state, (0, Ask(2, 1)), (2, ACCEPT))
    attack(state, 0, 1, 0)
    play(state, (1, Play(9)), (2, PASS), (0, PASS), (1, PASS))
    assert state.coins == [3, 3, 3] and state.vault == [0, 0, 0]


def test_each_seat_is_asked_once_a_round_and_again_the_next():
    state = attacking()
    play(state, (0, Ask(1, 1)), (1, DECLINE))
    assert Ask(1, 1) not in state.legal_actions(0) and Ask(2, 1) in state.legal_actions(0)
    play(state, (0, END_TURN), (2, PASS), (0, Bid(1)), (1, PASS))
    assert state.attacker == 0 and Ask(1, 1) in state.legal_actions(0)


def test_prices_are_what_the_attacker_can_pay():
    state = attacking(coins=[1, 3, 3])
    assert Ask(1, 2) not in state.legal_actions(0)
    play(state, (0, Ask(1, 1)))
    assert state.legal_actions(1) == [ACCEPT, DECLINE]  # no counter but the same price


def test_offers_are_seen_only_by_their_two_parties():
    state = attacking()
    play(state, (0, Ask(2, 1)))
    for seat in (0, 2):
        assert [o["terms"] for o in state.view(seat)["offers"]] == [[1]]
    assert state.view(1)["offers"] == state.view(None)["offers"] == []
    assert [e.kind for e in state.events_for(1)][-1] == "ask"  # public: who asked whom
    assert [e.data for e in state.events_for(2) if e.kind == "terms"] == [{"offer": 0, "price": 1}]
    assert not [e for e in state.events_for(1) if e.kind == "terms"]


# ----- hidden hands -----------------------------------------------------------------------


def test_a_view_shows_only_the_seats_own_hand():
    state = game()
    for seat, hand in enumerate(HANDS):
        view = state.view(seat)
        assert view["hand"] == hand and view["hand_sizes"] == [3, 3, 3]
    assert state.view(None)["hand"] is None
    for seat in range(3):
        deals = [e for e in state.events_for(seat) if e.kind == "deal"]
        assert [e.data["seat"] for e in deals] == [seat]


def test_determinize_deals_the_unseen_cards_anew_and_redraws_unseen_prices():
    state = attacking()
    play(state, (0, Ask(2, 2)))
    worlds = [state.determinize(1, seed) for seed in range(30)]
    assert all(world.view(1) == state.view(1) for world in worlds)
    assert len({tuple(world.hands[0]) for world in worlds}) > 1
    assert {world.offers.get(0).terms for world in worlds} == {(1,), (2,)}
    for world in worlds:
        cards = sorted([*world.unused, *world.discard, *(c for h in world.hands for c in h)])
        assert cards == list(range(12))
    assert state.determinize(2, 0).offers.get(0).terms == (2,)  # a party knows the price


def test_determinize_depends_only_on_what_the_seat_knows():
    state = attacking()
    play(state, (0, Ask(2, 2)))
    other = state.clone()  # the same to seat 1: other hands swapped, another price
    other.hands[0], other.hands[2] = other.hands[2], other.hands[0]
    other.offers.rewrite(0, (1,))
    assert other.view(1) == state.view(1)
    for seed in range(5):
        worlds = state.determinize(1, seed), other.determinize(1, seed)
        assert worlds[0].hands == worlds[1].hands and worlds[0].offers == worlds[1].offers


# ----- the end: natural, or the safety limit -----------------------------------------------


def test_the_safety_limit_ends_the_game_truncated_most_gems_winning():
    state = attacking(max_rounds=1, vault=[0, 0, 1])
    play(state, (0, END_TURN))
    assert state.is_over() and state.actors() == () and state.phase == OVER
    outcome = state.outcome()
    assert outcome.truncated and outcome.winners == (2,) and outcome.scores == (5.0, 5.0, 6.0)
    assert state.view(0)["winners"] == [2] and state.view(0)["truncated"]


def test_the_game_ends_when_no_hand_holds_an_attack_card():
    state = rigged("minigame", 3, hands=([6], [8], [9]))
    play(state, (1, PASS), (2, PASS), (0, PASS))
    attack(state, 6, 1, 1)
    play(state, (1, PASS), (2, PASS), (0, PASS))
    outcome = state.outcome()
    assert not outcome.truncated and outcome.winners == (0,)
    assert outcome.scores == (8.0, 2.0, 5.0)


# ----- missed deadlines and illegal actions -----------------------------------------------


def test_a_missed_deadline_passes_in_a_window_declines_or_ends_the_turn_elsewhere():
    state = attacking()
    assert state.timeout_action(0) == END_TURN
    with pytest.raises(IllegalAction, match="seat 1 may not act now"):
        state.timeout_action(1)
    play(state, (0, Ask(1, 1)))
    assert state.timeout_action(1) == DECLINE
    play(state, (1, DECLINE), (0, Play(6)))
    assert state.timeout_action(0) == ChooseSeat(1)
    play(state, (0, ChooseSeat(2)))
    assert state.timeout_action(0) == ChooseSlot(0)
    play(state, (0, ChooseSlot(0)))
    assert state.timeout_action(1) == PASS


@pytest.mark.parametrize("moves", [0, 3, 4, 5, 6, 8])
def test_every_illegal_action_raises_and_leaves_the_state_unchanged(moves):
    state = attacking()
    script = [(0, Ask(2, 1)), (2, CounterOffer(2)), (0, ACCEPT), (0, Play(0)), (0, ChooseSeat(1))]
    script += [(0, ChooseSlot(0)), (1, Play(9)), (2, PASS)]
    play(state, *script[:moves])
    before = state.to_json()
    for seat in (*range(3), 3, -1):
        legal = state.legal_actions(seat)
        for action in state.codec.actions:
            if action not in legal:
                with pytest.raises(IllegalAction):
                    state.apply(seat, action)
        assert state.to_json() == before


@pytest.mark.parametrize("action", [Bid(1.0), Bid(True), Play(True)])
def test_an_action_with_fields_of_the_wrong_type_is_refused(action):
    state = game()
    before = state.to_json()
    with pytest.raises(IllegalAction, match="is not legal for seat 1"):
        state.apply(1, action)
    assert state.to_json() == before
