"""Boss Quest battle: bust, the closest attack, tie-breaks and perfect hits."""

from __future__ import annotations

from gamenight.games.boss_quest.actions import Activate, ChoosePlayer, VisitMage
from gamenight.games.boss_quest.model import EventKind

from .helpers import battle, last_visit, play, wid


def fight(hidden, visible, boss=20, **setup):
    """Rig three seats, let the last one visit the Mage, and return the state."""
    state = last_visit(3, boss=boss, hidden=hidden, visible=visible, spells=[], **setup)
    play(state, (2, VisitMage()))
    return state


def test_the_battle_starts_when_everyone_has_visited_the_mage():
    state = last_visit(3, boss=20, spells=[])
    assert state.round == 1
    play(state, (2, VisitMage()))
    assert battle(state)["round"] == 1
    assert state.round == 2


def test_the_attack_closest_to_the_hp_wins_a_key():
    # 18, 16 and 12 against 20.
    state = fight(
        {0: "red 7", 1: "blue 7", 2: "green 7"},
        {0: ["blue 6", "green 5"], 1: ["red 6", "yellow 3"], 2: ["purple 5"]},
    )
    fought = battle(state)
    assert fought["attacks"] == [18, 16, 12]
    assert fought["winners"] == [0]
    assert state.keys == [1, 0, 0]
    assert state.hearts == [3, 3, 3]


def test_the_hidden_weapon_counts_in_the_attack():
    # Visible: 7, 9, 5; with the hidden weapons: 8, 16, 12.
    state = fight(
        {0: "red 1", 1: "blue 7", 2: "green 7"},
        {0: ["blue 6", "green 1"], 1: ["red 6", "yellow 3"], 2: ["purple 5"]},
    )
    assert state.keys == [0, 1, 0]


def test_an_attack_over_the_hp_is_out_and_loses_a_heart():
    # 21 is bust against 20; 16 then wins.
    state = fight(
        {0: "red 7", 1: "blue 7", 2: "green 7"},
        {0: ["blue 6", "green 6", "yellow 2"], 1: ["red 6", "yellow 3"], 2: ["purple 5"]},
    )
    fought = battle(state)
    assert fought["wounded"] == [0]
    assert fought["winners"] == [1]
    assert state.hearts == [2, 3, 3]
    assert state.keys == [0, 1, 0]


def test_attack_spells_count_in_the_battle():
    # 18 and 16 against 20, then Attack +2 on seat 1 makes 18 and 18: a tie on 3 cards
    # each, so both win; a second scenario puts it on seat 0 instead: 20, a perfect hit.
    hidden = {0: "red 7", 1: "blue 7", 2: "green 7"}
    visible = {0: ["blue 6", "green 5"], 1: ["red 6", "yellow 3"], 2: ["purple 5"]}
    for target, keys in ((1, [1, 1, 0]), (0, [2, 0, 0])):
        state = last_visit(3, boss=20, hidden=hidden, visible=visible, spells=["attack+2"])
        play(state, (2, Activate(0)), (2, ChoosePlayer(target)))
        assert state.keys == keys


def test_everyone_over_the_hp_means_no_key_and_a_heart_lost_each():
    state = fight(
        {0: "red 7", 1: "blue 7", 2: "green 7"},
        {0: ["blue 6", "green 6"], 1: ["red 6", "yellow 6"], 2: ["purple 7", "purple 6"]},
        boss=16,
    )
    assert battle(state)["winners"] == []
    assert state.keys == [0, 0, 0]
    assert state.hearts == [2, 2, 2]


# ----- ties -------------------------------------------------------------------------------


def test_a_tie_goes_to_the_player_with_fewer_weapon_cards():
    # 14 and 14: seat 0 holds 3 cards, seat 1 only 2.
    state = fight(
        {0: "red 7", 1: "blue 7", 2: "green 1"},
        {0: ["blue 4", "green 3"], 1: ["purple 7"], 2: ["purple 1"]},
    )
    assert battle(state)["winners"] == [1]
    assert state.keys == [0, 1, 0]


def test_a_full_tie_gives_every_tied_player_a_key():
    # 17, 17, 17, each on three cards.
    state = fight(
        {0: "red 7", 1: "blue 7", 2: "green 7"},
        {0: ["yellow 6", "red 4"], 1: ["purple 6", "blue 4"], 2: ["green 6", "green 4"]},
    )
    assert battle(state)["winners"] == [0, 1, 2]
    assert state.keys == [1, 1, 1]


# ----- perfect hit ------------------------------------------------------------------------


def test_a_perfect_hit_that_wins_the_round_gives_two_keys():
    state = fight(
        {0: "red 7", 1: "blue 7", 2: "green 1"},
        {0: ["blue 6", "green 7"], 1: ["red 6"], 2: ["purple 1"]},
    )
    fought = battle(state)
    assert fought["winners"] == [0] and fought["perfect"] == [0]
    assert state.keys == [2, 0, 0]


def test_every_perfect_hit_gets_a_key_even_when_the_tie_break_picks_another_winner():
    # 20 and 20 against 20: seat 1 has fewer cards and wins, seat 0 still hit perfectly.
    state = fight(
        {0: "red 7", 1: "blue 7", 2: "green 1"},
        {0: ["blue 6", "green 4", "yellow 3"], 1: ["red 6", "purple 7"], 2: ["purple 1"]},
    )
    fought = battle(state)
    assert fought["winners"] == [1]
    assert fought["perfect"] == [0, 1]
    assert state.keys == [1, 2, 0]


def test_the_battle_reveals_every_hidden_weapon():
    state = fight(
        {0: "red 7", 1: "blue 7", 2: "green 1"},
        {0: ["blue 6"], 1: ["red 6"], 2: ["purple 1"]},
    )
    (event,) = [e for e in state.events if e.kind == EventKind.BATTLE]
    assert event.to is None
    assert event.data["hidden"] == [wid("red 7"), wid("blue 7"), wid("green 1")]
