"""Boss Quest turns: set-up, turn order, Equip, visiting the Mage, bust, last equipper."""

from __future__ import annotations

import itertools

import gamenight
from gamenight.games.boss_quest.actions import Activate, Discard, Equip, VisitMage
from gamenight.games.boss_quest.content import BOSS_HP, NUM_WEAPONS, SPELLS
from gamenight.games.boss_quest.model import EventKind, SlotStatus
from gamenight.kernel import Rng

from .helpers import events, game, last_visit, low_hands, others, play, random_moves, wid

EQUIPS = [Equip(1), Equip(2), Equip(3), Equip(4)]


# ----- set-up of a round ------------------------------------------------------------------


def test_the_first_armorer_is_random_and_turns_start_on_their_left():
    armorers = set()
    for seed in range(40):
        state = gamenight.make("boss-quest", players=4, seed=seed)
        armorers.add(state.armorer)
        assert state.actors() == ((state.armorer + 1) % 4,)
    assert armorers == {0, 1, 2, 3}


def test_a_round_deals_one_hidden_and_one_visible_weapon_and_lays_out_players_plus_one_spells():
    state = gamenight.make("boss-quest", players=4, seed=3)
    held = [state.hidden[s] for s in range(4)] + [w for v in state.visible for w in v]
    assert all(len(v) == 1 for v in state.visible)
    assert len(state.weapon_deck) == NUM_WEAPONS - 8
    assert sorted(held + state.weapon_deck) == list(range(NUM_WEAPONS))
    assert len(state.slots) == 5
    assert state.mystery == 4  # one face down, the others face up
    assert all(status == SlotStatus.AVAILABLE for status in state.slot_status)
    assert state.boss_hp() == BOSS_HP[state.boss]


# ----- turn order -------------------------------------------------------------------------


def test_turns_go_clockwise_from_the_left_of_the_armorer_who_plays_last():
    state = game(4, boss=21, armorer=1, spells=["mercy"], **low_hands(4))
    order = []
    for _ in range(5):
        (seat,) = state.actors()
        order.append(seat)
        state.apply(seat, Equip(1))
    assert order == [2, 3, 0, 1, 2]


def test_players_who_visited_the_mage_skip_their_turns():
    state = game(4, boss=21, armorer=3, spells=["mercy", "hp+1"], visited=[1], **low_hands(4))
    play(state, (0, Equip(1)))
    assert state.actors() == (2,)
    play(state, (2, Discard(0)), (3, Equip(1)))
    assert state.actors() == (0,)  # 1 and 2 have visited the Mage
    play(state, (0, Equip(1)))
    assert state.actors() == (3,)


# ----- Equip ------------------------------------------------------------------------------


def test_equip_takes_the_announced_number_of_top_cards_face_up():
    state = game(
        3,
        boss=21,
        armorer=2,
        hidden={0: "red 7"},
        visible={0: ["red 6"]},
        deck=["red 1", "blue 2", "green 3", "yellow 4"],
        spells=["mercy"],
    )
    play(state, (0, Equip(3)))
    taken = [wid("red 1"), wid("blue 2"), wid("green 3")]
    assert state.visible[0] == [wid("red 6"), *taken]
    assert state.attack(0) == 7 + 6 + 1 + 2 + 3
    assert state.weapon_deck[-1] == wid("yellow 4")
    assert events(state, EventKind.EQUIP) == [{"seat": 0, "weapons": taken}]
    assert state.events[-1].to is None  # face up: public
    assert state.view(1)["seats"][0]["visible"][-1]["value"] == 3


def test_equip_offers_one_to_four_cards_but_never_more_than_the_deck_holds():
    # Seat 1 holds every weapon but four (so it is bust and cannot equip anyway).
    rest = others("red 1", "red 2", "purple 6", "purple 7")
    free = game(2, boss=21, armorer=1, hidden={0: "red 1", 1: "red 2"}, visible={0: []})
    assert [a for a in free.legal_actions(0) if type(a) is Equip] == EQUIPS
    state = game(
        2,
        boss=21,
        armorer=1,
        hidden={0: "red 1", 1: "red 2"},
        visible={0: [], 1: rest},
        spells=["mercy"],
    )
    assert len(state.weapon_deck) == 2
    assert [a for a in state.legal_actions(0) if type(a) is Equip] == [Equip(1), Equip(2)]
    play(state, (0, Equip(2)), (1, Discard(0)))
    assert state.weapon_deck == []
    assert state.legal_actions(0) == [VisitMage()]  # no weapon and no spell left


# ----- visiting the Mage ------------------------------------------------------------------


def test_visit_mage_means_taking_or_discarding_a_spell_while_any_is_available():
    state = game(3, armorer=2, spells=["mercy", "hp+1"])
    mage = {Activate(0), Discard(0), Activate(1), Discard(1)}
    assert set(state.legal_actions(0)) == set(EQUIPS) | mage
    play(state, (0, Activate(0)), (1, Discard(1)))
    assert state.legal_actions(2) == [*EQUIPS, VisitMage()]
    play(state, (2, VisitMage()))
    assert events(state, EventKind.VISIT) == [{"seat": 2}]


def test_activated_spells_cannot_be_discarded_or_taken_again():
    state = game(3, armorer=2, spells=["mercy", "hp+1"])
    play(state, (0, Activate(0)))
    legal = state.legal_actions(1)
    assert Activate(0) not in legal and Discard(0) not in legal
    assert Activate(1) in legal and Discard(1) in legal


def test_a_discarded_spell_is_gone_for_everybody():
    state = game(3, armorer=2, spells=["mercy", "hp+1"])
    play(state, (0, Discard(0)))
    assert state.slot_status[0] == SlotStatus.DISCARDED
    assert not {Activate(0), Discard(0)} & set(state.legal_actions(1))


def test_a_player_who_visited_the_mage_takes_no_more_turns_this_round():
    state = game(3, boss=21, armorer=2, spells=["mercy", "hp+1", "hp-1"], **low_hands(3))
    play(state, (0, Discard(0)), (1, Equip(1)), (2, Equip(1)))
    assert state.actors() == (1,)
    play(state, (1, Equip(1)), (2, Equip(1)), (1, Equip(1)))
    assert state.actors() == (2,)


# ----- bust -------------------------------------------------------------------------------


def bust_events(state):
    return [(e.data["seat"], e.data["bust"]) for e in state.events if e.kind == EventKind.BUST]


def test_going_over_the_hp_is_announced_publicly_and_forbids_equipping():
    state = game(
        3,
        boss=15,
        armorer=2,
        hidden={0: "red 7", 1: "blue 1", 2: "green 1"},
        visible={0: ["blue 7"], 1: ["green 2"], 2: ["yellow 2"]},
        deck=["purple 2"],
        spells=["mercy", "hp+1", "hp-1"],
    )
    assert bust_events(state) == []  # 14 <= 15
    play(state, (0, Equip(1)))  # 16 > 15
    assert bust_events(state) == [(0, True)]
    assert state.events[-1].to is None
    assert state.bust[0] and state.view(1)["seats"][0]["bust"]
    play(state, (1, Equip(1)), (2, Equip(1)))
    legal = state.legal_actions(0)
    assert not any(type(a) is Equip for a in legal)  # must visit the Mage
    assert Activate(0) in legal and Discard(0) in legal


def test_a_bust_is_checked_against_the_current_hp_with_spells():
    # 17 against 18: fine until Boss HP -2 makes it 16; Boss HP +2 then brings it back.
    state = game(
        4,
        boss=18,
        armorer=3,
        hidden={0: "red 7", 1: "blue 1", 2: "green 1", 3: "yellow 1"},
        visible={0: ["blue 7", "green 3"], 1: ["red 1"], 2: ["red 2"], 3: ["red 3"]},
        spells=["hp-2", "hp+2", "mercy"],
    )
    play(state, (0, Discard(2)), (1, Activate(0)))
    assert state.boss_hp() == 16 and state.bust[0]
    assert bust_events(state) == [(0, True)]
    play(state, (2, Activate(1)))
    assert state.boss_hp() == 18 and not state.bust[0]
    assert bust_events(state) == [(0, True), (0, False)]


def test_a_seat_no_longer_bust_may_equip_again():
    hands = {
        "hidden": {0: "red 7", 1: "blue 1", 2: "green 1"},
        "visible": {0: ["blue 7", "green 3"], 1: ["red 1"], 2: ["red 2"]},
    }
    spells = ["hp+2", "mercy", "hp+1"]
    first = game(3, boss=16, armorer=2, spells=spells, **hands)
    assert first.bust[0]  # 17 > 16 from the deal: announced at once
    assert not any(type(a) is Equip for a in first.legal_actions(0))
    state = game(3, boss=16, armorer=0, spells=spells, **hands)
    play(state, (1, Activate(0)))  # HP 18: seat 0 is no longer bust
    assert not state.bust[0]
    play(state, (2, Discard(1)))
    assert Equip(1) in state.legal_actions(0)


def test_bust_announcements_narrow_the_public_range_of_a_hidden_weapon():
    state = game(
        3,
        boss=17,
        armorer=2,
        hidden={0: "red 3", 1: "blue 5"},
        visible={0: ["blue 7", "green 6"], 1: ["green 7", "yellow 7"]},
        deck=["purple 1"],
        spells=["mercy", "hp+1", "hp-1"],
    )
    # Seat 0 shows 13 and is not bust (16 <= 17): its hidden weapon is at most 4.
    assert state.view(2)["seats"][0]["hidden_range"] == [1, 4]
    # Seat 1 shows 14 and is bust (19 > 17): its hidden weapon is at least 4.
    assert state.bust[1]
    assert state.view(2)["seats"][1]["hidden_range"] == [4, 7]
    play(state, (0, Equip(1)))  # 13 + 1 + 3 = 17: still not bust, so hidden <= 3
    assert state.view(2)["seats"][0]["hidden_range"] == [1, 3]


# ----- last equipper ----------------------------------------------------------------------


def test_the_last_player_still_equipping_may_equip_once_then_must_visit():
    state = last_visit(3, boss=21, spells=["mercy", "hp+1"], **low_hands(3))
    assert set(EQUIPS) <= set(state.legal_actions(2))
    play(state, (2, Equip(2)))
    assert state.actors() == (2,)
    assert state.last_equip_done
    assert state.legal_actions(2) == [Activate(0), Discard(0), Activate(1), Discard(1)]
    play(state, (2, Discard(0)))
    assert len(events(state, EventKind.BATTLE)) == 1


def test_the_last_player_may_also_visit_without_equipping():
    state = last_visit(3, boss=21, spells=["mercy"])
    play(state, (2, Discard(0)))
    assert len(events(state, EventKind.BATTLE)) == 1


def test_a_player_becomes_the_last_equipper_when_everyone_else_has_visited():
    state = game(3, boss=21, armorer=2, spells=["mercy", "hp+1", "hp-1"], **low_hands(3))
    play(state, (0, Equip(1)), (1, Discard(0)), (2, Discard(1)))
    assert state.actors() == (0,)
    assert set(EQUIPS) <= set(state.legal_actions(0))
    play(state, (0, Equip(1)))
    assert state.actors() == (0,)
    assert state.legal_actions(0) == [Activate(2), Discard(2)]


def test_a_bust_last_equipper_may_not_equip():
    state = last_visit(
        3, boss=14, hidden={2: "red 7"}, visible={2: ["blue 7", "green 1"]}, spells=["mercy"]
    )
    assert state.legal_actions(2) == [Activate(0), Discard(0)]


# ----- next round -------------------------------------------------------------------------


def test_the_next_round_has_a_new_armorer_boss_spells_and_deal():
    state = game(3, boss=17, armorer=0, turn=0, visited=[1, 2], spells=[], boss_deck=[20, 15])
    play(state, (0, VisitMage()))
    assert state.round == 2
    assert state.armorer == 1  # the player left of the Armorer
    assert state.actors() == (2,)
    assert state.boss_hp() == 20
    assert BOSS_HP.index(17) in state.boss_discard
    assert len(state.slots) == 4 and state.mystery == 3
    assert state.slot_status == [SlotStatus.AVAILABLE] * 4
    assert state.visited == [False] * 3
    assert all(len(v) == 1 for v in state.visible)
    held = state.hidden + [w for v in state.visible for w in v]
    assert sorted(held + state.weapon_deck) == list(range(NUM_WEAPONS))


class UnshuffledWeapons(Rng):
    """A generator whose shuffles leave the list as it is: the gathered weapons stay in
    id order, so the deal shows which card went where."""

    def shuffle(self, items):
        pass


def test_the_armorer_deals_one_face_down_to_each_from_the_left_then_one_face_up():
    state = game(4, boss=17, armorer=1, turn=1, visited=[0, 2, 3], spells=[], boss_deck=[20])
    state.rng = UnshuffledWeapons(7)
    play(state, (1, VisitMage()))
    assert state.round == 2 and state.armorer == 2
    # The deck's top is its last card: 34 to seat 3 (the new Armorer's left), 33 to seat
    # 0, 32 to seat 1, 31 to the Armorer itself, all face down; then 30 to 27 face up.
    assert state.hidden == [33, 32, 31, 34]
    assert state.visible == [[29], [28], [27], [30]]
    assert state.weapon_deck == list(range(27)) and state.actors() == (3,)


def test_activated_spells_act_only_in_their_round():
    state = last_visit(3, boss=17, spells=[], active=[("attack+2", 0), "hp-2"], boss_deck=[20])
    assert state.boss_hp() == 15 and state.attack_bonus(0) == 2
    play(state, (2, VisitMage()))
    assert state.round == 2
    assert state.boss_hp() == 20 and state.attack_bonus(0) == 0
    assert len(state.spell_discard) == 2  # the round's spells are discarded


def test_a_boss_deck_found_empty_is_rebuilt_before_the_draw():
    # Play never leaves the deck empty; a rigged position (or one saved before decks were
    # rebuilt at once) may.
    state = last_visit(3, boss=17, spells=[], boss_deck=[])
    assert len(state.boss_discard) == 7
    play(state, (2, VisitMage()))
    # All 8 bosses (the one just beaten too) were shuffled into a new deck; one is drawn.
    assert state.boss_discard == []
    assert sorted([state.boss, *state.boss_deck]) == list(range(len(BOSS_HP)))


def test_the_spell_deck_is_reshuffled_from_its_discard_pile_when_it_runs_out():
    state = last_visit(
        3,
        spells_per_round=3,
        spells=["mercy", "hp+1", "hp+2"],
        spell_deck=["swap"],
    )
    assert len(state.spell_discard) == len(SPELLS) - 4
    play(state, (2, Discard(0)))
    # "swap" is drawn first; then the discard pile (the last round's three spells too)
    # becomes the deck and two more are drawn from it.
    assert SPELLS[state.slots[0]].key == "swap"
    assert len(state.slots) == 3
    assert state.spell_discard == [] and state.spell_discard_unseen == []
    assert len(state.spell_deck) == len(SPELLS) - 3
    assert sorted(state.slots + state.spell_deck) == list(range(len(SPELLS)))


def finish_round(state):
    """Play the round out: every seat still to act discards a spell or visits the Mage."""
    start = state.round
    while state.round == start and not state.is_over():
        (seat,) = state.actors()
        legal = state.legal_actions(seat)
        state.apply(seat, next((a for a in legal if type(a) in (Discard, VisitMage)), legal[0]))


def test_the_boss_deck_is_rebuilt_as_soon_as_its_last_boss_is_drawn():
    # «Если в любое время колода боссов ... заканчивается»: at the moment the last boss is
    # drawn, the discards become the new deck, so the boss now in play is not in it.
    state = last_visit(3, boss=17, spells=[], boss_deck=[20])
    play(state, (2, VisitMage()))
    assert state.round == 2 and state.boss_hp() == 20
    assert state.boss_discard == []
    assert sorted(state.boss_deck) == [b for b in range(len(BOSS_HP)) if BOSS_HP[b] != 20]
    assert state.view(0)["bosses_in_deck"] == 7
    finish_round(state)
    assert state.round == 3 and BOSS_HP[state.boss] != 20


def test_the_spell_deck_is_rebuilt_as_soon_as_its_last_spell_is_drawn():
    state = last_visit(
        3,
        spells_per_round=3,
        spells=["mercy", "hp+1", "hp+2"],
        spell_deck=["swap", "pair", "runner-up"],
    )
    play(state, (2, Discard(0)))
    assert [SPELLS[s].key for s in state.slots] == ["swap", "pair", "runner-up"]
    # The discards (the last round's three spells too) are the new deck; the round's
    # spells are not in it.
    assert state.spell_discard == [] and state.spell_discard_unseen == []
    assert sorted(state.slots + state.spell_deck) == list(range(len(SPELLS)))
    assert len(state.spell_deck) == len(SPELLS) - 3


def test_the_same_boss_never_comes_twice_in_a_row():
    rounds = 0
    for seed in range(6):
        state = gamenight.make("boss-quest", players=3, seed=seed, hearts=10, key_target=20)
        random_moves(state, 3000, seed=seed)
        bosses = [r["boss_hp"] for r in events(state, EventKind.ROUND)]
        rounds += len(bosses)
        assert all(a != b for a, b in itertools.pairwise(bosses)), (seed, bosses)
    assert rounds > 60


def test_rounds_rotate_the_armorer_and_bring_a_new_boss_until_the_deck_runs_out():
    state = gamenight.make("boss-quest", players=3, seed=11, hearts=10, key_target=20)
    random_moves(state, 2000, seed=5)
    rounds = events(state, EventKind.ROUND)
    assert len(rounds) >= 9
    for before, after in itertools.pairwise(rounds):
        assert after["armorer"] == (before["armorer"] + 1) % 3
    first_eight = [r["boss_hp"] for r in rounds[:8]]
    assert sorted(first_eight) == sorted(BOSS_HP)


# ----- six players ------------------------------------------------------------------------


def test_six_players_is_a_variant_with_the_same_rules():
    state = gamenight.make("boss-quest", players=6, seed=2)
    assert state.options["key_target"] == 4
    assert len(state.slots) == 7
    assert len(state.weapon_deck) == NUM_WEAPONS - 12
    order = []
    for _ in range(6):
        (seat,) = state.actors()
        order.append(seat)
        state.apply(seat, Equip(1))
    assert order == [(state.armorer + 1 + i) % 6 for i in range(6)]
    random_moves(state, 5000, seed=1)
    assert state.is_over()
    assert state.outcome().winners
