"""Scenarios for the rulings where the rules leave a reading to choose (see the decisions
of ``docs/munchkin.md``)."""

from __future__ import annotations

from gamenight.games.munchkin.actions import KICK, ChooseSeat, Pick, Play
from gamenight.kernel import PASS

from .helpers import card, events, game, keys, play


def test_a_wishing_ring_cancels_the_curse_aimed_only():
    """The ring stops the curse aimed at its player; a curse already on them stays."""
    state = game(
        turn=1,
        table={0: ["curse_chicken"]},
        hands={0: ["wishing_ring"], 1: ["curse_lose_level"]},
        levels=[4, 1, 1],
    )
    state.apply(1, Play(card("curse_lose_level")))
    state.apply(1, ChooseSeat(0))
    state.apply(0, Play(card("wishing_ring")))
    assert state.level[0] == 4 and keys(state.table[0]) == ["curse_chicken"]
    assert events(state, "curse_cancelled") and not events(state, "curse_removed")


def test_a_curse_until_the_next_combat_goes_however_the_combat_ends():
    """Man Flu lasts until the end of its victim's next combat, even one ended by a
    Friendship Potion with no monster left."""
    state = game(door=["grumpy_chest"], table={0: ["curse_flu"]}, hands={1: ["friendship_potion"]})
    state.apply(0, KICK)
    state.apply(1, Play(card("friendship_potion")))
    assert state.phase == "after" and keys(state.table[0]) == []


def test_a_prevention_is_not_used_up_when_nothing_would_happen():
    """The Rabbit's Foot stays at level 1 (no level would be lost); the Tinfoil Hat
    stays against a curse that would hit only what its player lacks."""
    state = game(
        turn=1, table={0: ["rabbit_foot"]}, hands={1: ["curse_lose_level"]}, levels=[1, 1, 1]
    )
    play(state, (1, Play(card("curse_lose_level"))), (1, ChooseSeat(0)), (0, PASS))
    assert state.level[0] == 1 and keys(state.table[0]) == ["rabbit_foot"]
    state = game(turn=1, table={0: ["tinfoil_hat"]}, hands={1: ["curse_big"]})
    play(state, (1, Play(card("curse_big"))), (1, ChooseSeat(0)), (0, PASS))
    assert keys(state.table[0]) == ["tinfoil_hat"] and not events(state, "replaced")


def test_the_victim_chooses_among_tied_best_items():
    """Rules, section 3: where a loss could hit several items, the victim chooses."""
    state = game(turn=1, table={0: ["buckler", "kicking_boots"]}, hands={1: ["curse_mirror"]})
    play(state, (1, Play(card("curse_mirror"))), (1, ChooseSeat(0)), (0, PASS))
    assert state.actors() == (0,)
    assert state.legal_actions(0) == [Pick(card("buckler")), Pick(card("kicking_boots"))]
    state.apply(0, Pick(card("buckler")))
    assert keys(state.table[0]) == ["kicking_boots"]
