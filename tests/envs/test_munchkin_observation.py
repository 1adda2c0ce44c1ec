"""Munchkin's observation encoder on rigged positions: each piece against the value the
position implies, and the cards of hands shown exactly to the seats that know them."""

from __future__ import annotations

from munchkin.helpers import CS, card, fight, game, pass_all, play, to_fighter

import gamenight
from gamenight.games.munchkin import observation
from gamenight.games.munchkin.actions import DONE, KICK, TREASURES, Ask
from gamenight.games.munchkin.model import FrameKind, Phase, WindowKind
from gamenight.kernel import Rng


def pieces_of(state, seat):
    """Piece name -> its floats (flat) in `seat`'s observation."""
    pieces = observation.pieces(state.num_players, state.options)
    return pieces.split(observation.encode(state.view(seat)))


def rows(values, width):
    """A flat piece as its rows of `width` floats."""
    return [values[i : i + width] for i in range(0, len(values), width)]


def hot(options, value):
    """The one-hot of `value` among `options`."""
    return [float(option == value) for option in options]


def test_the_pieces_have_the_shapes_of_the_table():
    pieces = {p.name: p for p in observation.pieces(4, {"max_turns": 300}).pieces}
    assert pieces["me"].shape == pieces["seat.strength"].shape == (4,)
    assert pieces["phase"].shape == (len(observation.PHASES),)
    assert pieces["deciding"].shape == (len(observation.FRAMES),)
    assert pieces["card.known"].shape == pieces["card.table"].shape == (observation.C, 4)
    assert pieces["card.hand"].shape == pieces["card.offer"].shape == (observation.C,)
    assert pieces["turn_number"].high == 300 and pieces["seat.level"].high == 10


def test_the_layout_names_each_float_by_piece_and_index():
    pieces = observation.pieces(3, {"max_turns": 300})
    names = [name for name, _, _ in pieces.layout()]
    assert names[:4] == ["me[0]", "me[1]", "me[2]", "to_act[0]"]
    assert "card.table[180][2]" in names and "seat.strength[1]" in names
    assert len(names) == len(set(names)) == pieces.size


def test_a_fight_reads_the_position():
    state = fight(
        "grumpy_chest",
        table={0: ["pointy_stick", ("buckler", False)]},
        levels=[3, 2, 1],
        hands={1: ["veteran"]},
    )
    seen = pieces_of(state, 1)
    assert seen["me"] == [0, 1, 0] and seen["turn"] == [1, 0, 0]
    assert seen["phase"] == hot(observation.PHASES, Phase.COMBAT)
    assert seen["window"] == hot(observation.WINDOWS, WindowKind.COMBAT)
    assert seen["seat.level"] == [3, 2, 1]
    assert seen["seat.strength"] == [3 + 1, 2, 1]  # the sideways buckler gives nothing
    assert seen["combat.present"] == [1] and seen["combat.count"] == [1]
    assert seen["combat.players"] == [4] and seen["combat.monsters"] == [1]
    assert seen["combat.winning"] == [1] and seen["combat.helper"] == [0, 0, 0]
    monster = card("grumpy_chest")
    assert [i for i, flag in enumerate(seen["card.monster"]) if flag] == [monster]
    table = rows(seen["card.table"], 3)
    assert table[card("pointy_stick")] == [1, 0, 0] and table[card("buckler")] == [1, 0, 0]
    assert seen["card.equipped"][card("pointy_stick")] == 1
    assert seen["card.equipped"][card("buckler")] == 0
    assert seen["card.hand"][card("veteran")] == 1 and sum(seen["card.hand"]) == 1


def test_a_hand_shows_to_its_seat_and_a_face_up_card_to_everybody():
    state = game(door=["elf"], hands={0: ["buckler"], 1: ["dwarf"]})
    state.apply(0, KICK)
    pass_all(state)  # the elf goes to seat 0's hand, face up
    elf, buckler = card("elf"), card("buckler")
    for seat in (1, 2):
        known = rows(pieces_of(state, seat)["card.known"], 3)
        assert known[elf] == [1, 0, 0] and known[buckler] == [0, 0, 0]
        assert pieces_of(state, seat)["card.hand"][buckler] == 0
    mine = pieces_of(state, 0)
    assert mine["card.hand"][elf] == mine["card.hand"][buckler] == 1
    assert sum(mine["card.known"]) == 0  # a seat's own hand is its hand, not "known"
    assert pieces_of(state, 1)["seat.hand_doors"][0] == 1  # the elf's back
    spectator = pieces_of(state, None)
    assert spectator["me"] == [0, 0, 0] and sum(spectator["card.hand"]) == 0


def test_a_bribe_offer_and_its_deciding_seat():
    state = fight("moody_goblin", levels=[2, 2, 1], table={0: ["pointy_stick"]})
    to_fighter(state)
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[1]), (0, DONE))
    seen = pieces_of(state, 2)
    assert seen["deciding"] == hot(observation.FRAMES, FrameKind.ANSWER)
    assert seen["deciding.seat"] == [0, 1, 0]
    assert seen["offer.present"] == [1] and seen["offer.counter"] == [0]
    assert seen["offer.treasures"] == [1] and seen["offer.helper_first"] == [0]
    assert seen["offer.from"] == [1, 0, 0] and seen["offer.to"] == [0, 1, 0]
    assert sum(seen["card.offer"]) == 0  # no item promised


def test_observations_stay_within_the_bounds_of_their_pieces():
    state = gamenight.make("munchkin", 5, seed=4, max_turns=30)
    layout = observation.pieces(5, state.options).layout()
    rng = Rng(4)
    step = 0
    while not state.is_over():
        seat = state.actors()[0]
        if step % 23 == 0:
            values = observation.encode(state.view(seat))
            assert len(values) == len(layout)
            assert all(low <= v <= high for v, (_, low, high) in zip(values, layout, strict=True))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1


def test_resampling_changes_the_hands_a_leak_would_show():
    """The encoders' no-leak test compares a seat's observation with its observation of a
    determinized world; that proves something only if determinizing changes the other
    seats' hands, as it does here in most positions."""
    changed = positions = 0
    for seed in range(12):
        state = gamenight.make("munchkin", 4, seed=seed)
        world = state.determinize(0, seed)
        positions += 1
        changed += any(world.hands[s] != state.hands[s] for s in (1, 2, 3))
        assert pieces_of(world, 0) == pieces_of(state, 0)
        for s in (1, 2, 3):
            hand = pieces_of(world, s)["card.hand"]
            assert {c for c in range(CS.size) if hand[c]} == set(world.hands[s])
    assert changed >= positions * 3 // 4


def test_text_names_what_the_seat_sees():
    state = game(hands={0: ["buckler"], 1: ["dwarf"]}, levels=[4, 1, 1])
    mine = observation.text(state.view(0))
    assert "seat 0 | turn 1 of seat 0 | start" in mine
    assert f"hand [{card('buckler')}]" in mine and "seat 0: level 4 male" in mine
    theirs = observation.text(state.view(1))
    assert f"hand [{card('dwarf')}]" in theirs and str(card("buckler")) not in theirs
