"""Views and determinization: what each seat may know, and worlds that carry no truth."""

from __future__ import annotations

import gamenight
from gamenight.games.munchkin.actions import BEGIN, DONE, END_TURN, KICK, Pick
from gamenight.kernel import PASS

from .helpers import card, game, pass_all, play


def test_other_hands_show_only_their_backs():
    state = game(hands={0: ["buckler", "elf"], 1: ["dwarf"]})
    view = state.view(1)
    assert view["hand"] == [card("dwarf")]
    assert view["seats"][0]["hand_doors"] == 1 and view["seats"][0]["hand_treasures"] == 1
    assert view["seats"][0]["known_hand"] == []
    assert state.view(None)["hand"] is None


def test_determinize_keeps_the_view_and_what_the_seat_knows():
    hand = [
        "pointy_stick",
        "buckler",
        "leather_vest",
        "helm_of_nerve",
        "tap_shoes",
        "boomerang",
        "elf",
    ]
    state = game(hands={0: hand}, levels=[3, 2, 1], phase="after")
    play(state, (0, END_TURN), (0, Pick(card("pointy_stick"))), (0, Pick(card("buckler"))))
    world = state.determinize(0, seed=5)
    assert world.view(0) == state.view(0)
    assert {card("pointy_stick"), card("buckler")} <= set(world.hands[2])  # its own gifts
    other = state.determinize(1, seed=5)
    assert other.view(1) == state.view(1)
    assert other.seen == ()  # seat 0's knowledge is not seat 1's


def test_worlds_depend_only_on_what_the_seat_may_know():
    first = game(hands={0: ["buckler"], 1: ["pointy_stick"]}, treasure=["boomerang"])
    second = game(hands={0: ["buckler"], 1: ["boomerang"]}, treasure=["pointy_stick"])
    assert first.view(0) == second.view(0)
    assert first.determinize(0, 9).to_json() == second.determinize(0, 9).to_json()


def test_a_world_plays_on():
    state = gamenight.make("munchkin", 4, seed=2, max_turns=5)
    for seat in range(4):
        state.apply(seat, BEGIN[0])
        state.apply(seat, DONE)
    state.apply(state.turn, KICK)
    world = state.determinize(1, seed=3)
    while not world.is_over():
        seat = world.actors()[0]
        world.apply(seat, world.timeout_action(seat))
    assert world.outcome().truncated or max(world.level) == 10


def test_the_window_lists_every_living_seat_even_one_that_can_only_pass():
    state = game(door=["elf"])
    state.apply(0, KICK)
    assert state.actors() == (1, 2, 0)
    assert state.legal_actions(1) == [PASS]
    pass_all(state)
