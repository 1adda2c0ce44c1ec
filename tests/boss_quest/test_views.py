"""Boss Quest views and events: each seat sees exactly what it may know."""

from __future__ import annotations

import json

import pytest

import gamenight
from gamenight.games.boss_quest.actions import Activate, ChoosePlayer, ChooseWeapon, Discard
from gamenight.games.boss_quest.content import SPELLS, WEAPON_VALUE
from gamenight.games.boss_quest.model import EventKind
from gamenight.testing import rigged

from .helpers import game, play, random_moves, wid

HANDS = {
    "hidden": {0: "red 7", 1: "blue 1", 2: "green 1"},
    "visible": {0: ["blue 6"], 1: ["green 2"], 2: ["yellow 4"]},
}


def hidden_seen(state, seat):
    """The hidden weapons in `seat`'s view, by seat (None where not shown)."""
    return [p["hidden"] and p["hidden"]["id"] for p in state.view(seat)["seats"]]


def test_each_seat_sees_its_own_hidden_weapon_and_nobody_elses():
    state = game(3, boss=20, **HANDS)
    own = [wid("red 7"), wid("blue 1"), wid("green 1")]
    for seat in range(3):
        expected = [own[s] if s == seat else None for s in range(3)]
        assert hidden_seen(state, seat) == expected
        attacks = [p["attack"] for p in state.view(seat)["seats"]]
        assert attacks == [state.attack(s) if s == seat else None for s in range(3)]
    assert hidden_seen(state, None) == [None, None, None]


def test_visible_weapons_bust_and_counts_are_public():
    state = game(3, boss=14, hidden={0: "red 7"}, visible={0: ["blue 6", "green 5"]})
    seat_0 = state.view(None)["seats"][0]
    assert [w["id"] for w in seat_0["visible"]] == [wid("blue 6"), wid("green 5")]
    assert seat_0["weapons"] == 3
    assert seat_0["visible_attack"] == 11
    assert seat_0["bust"] is True  # 18 > 14
    assert state.view(0)["weapon_deck"] == len(state.weapon_deck)  # a count, not an order


def test_the_hidden_weapon_event_goes_to_its_owner_only():
    state = gamenight.make("boss-quest", players=3, seed=4)
    for seat in range(3):
        dealt = [e for e in state.events_for(seat) if e.kind == EventKind.HIDDEN_WEAPON]
        assert [(e.data["seat"], e.data["weapon"]) for e in dealt] == [(seat, state.hidden[seat])]
    assert not [e for e in state.events_for(None) if e.kind == EventKind.HIDDEN_WEAPON]


def test_a_swap_shows_both_weapons_to_both_players_until_one_is_exchanged():
    state = game(
        4, boss=20, armorer=3, spells=["swap", "exchange", "mercy"], deck=["purple 3"], **HANDS
    )
    play(state, (0, Activate(0)), (0, ChoosePlayer(1)))
    assert hidden_seen(state, 0)[:2] == [wid("blue 1"), wid("red 7")]
    assert hidden_seen(state, 1)[:2] == [wid("blue 1"), wid("red 7")]
    assert hidden_seen(state, 2)[:2] == [None, None]
    # Seat 1 exchanges the weapon it got: seat 0 no longer knows what seat 1 holds.
    play(state, (1, Activate(1)), (1, ChooseWeapon(wid("red 7"))))
    assert hidden_seen(state, 1)[1] == wid("purple 3")
    assert hidden_seen(state, 0)[:2] == [wid("blue 1"), None]
    assert [hidden_seen(state, seat)[1] for seat in (0, 2, 3, None)] == [None] * 4
    for seat in (0, 2, 3, None):
        told = [e.data for e in state.events_for(seat) if e.kind.startswith("exchange")]
        assert told == [{"seat": 1, "gave": None, "got": None}]


def test_the_mystery_spell_is_in_no_view_or_event_until_revealed():
    state = gamenight.make("boss-quest", players=3, seed=5)
    slot = state.mystery
    key = SPELLS[state.slots[slot]].key
    assert key not in [SPELLS[s].key for s in state.slots[:slot]]  # no face-up twin
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert view["spells"][slot]["spell"] is None and view["spells"][slot]["mystery"]
        assert key not in json.dumps(view)
        assert key not in json.dumps([e.to_json() for e in state.events_for(seat)])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_seat_ever_sees_a_hidden_weapon_it_was_not_shown(seed):
    state = gamenight.make("boss-quest", players=4, seed=seed)
    for step in range(120):
        if state.is_over():
            break
        for seat in range(4):
            # What `seat` was told in private this round: its own weapons, Swap, Exchange.
            told = set()
            for event in state.events_for(seat):
                if event.kind == EventKind.ROUND:
                    told = set()
                elif event.kind == EventKind.HIDDEN_WEAPON:
                    told.add(event.data["weapon"])
                elif event.kind == EventKind.EXCHANGE_HIDDEN:
                    told.add(event.data["got"])
            for other, shown in enumerate(hidden_seen(state, seat)):
                assert shown is None or shown in told, (seed, step, seat, other)
        assert hidden_seen(state, None) == [None] * 4
        random_moves(state, 1, seed=seed * 1000 + step)


def hidden_in_worlds(state, seat, worlds=40):
    """Every weapon that some determinization for `seat` deals as a hidden weapon."""
    return {w for k in range(worlds) for w in state.determinize(seat, k).hidden}


def test_a_face_up_weapon_exchanged_into_the_deck_is_never_dealt_hidden_in_a_world():
    # Seat 0 trades its face-up blue 6: everybody saw it go into the deck, so no seat's
    # determinization may turn it into somebody's hidden weapon.
    state = game(3, boss=20, armorer=2, spells=["exchange", "mercy", "pair"], **HANDS)
    play(state, (0, Activate(0)), (0, ChooseWeapon(wid("blue 6"))))
    assert wid("blue 6") in state.weapon_deck
    for seat in (None, 0, 1, 2):
        assert wid("blue 6") not in hidden_in_worlds(state, seat)


def test_a_hidden_weapon_exchanged_into_the_deck_stays_there_only_for_who_knew_it():
    state = game(3, boss=20, armorer=2, spells=["exchange", "mercy", "pair"], **HANDS)
    play(state, (0, Activate(0)), (0, ChooseWeapon(wid("red 7"))))
    assert wid("red 7") in state.weapon_deck
    assert wid("red 7") not in hidden_in_worlds(state, 0)
    # Seat 1 never saw red 7: in its worlds it may be anybody's hidden weapon but its own.
    assert wid("red 7") in hidden_in_worlds(state, 1, worlds=200)


def tops_in_worlds(state, seat, worlds=40):
    """The top weapon of the deck in each of `worlds` determinizations for `seat`."""
    return [state.determinize(seat, k).weapon_deck[-1] for k in range(worlds)]


def test_a_face_up_weapon_given_to_the_deck_stays_its_top_in_every_world():
    state = game(3, boss=20, armorer=2, spells=["exchange", "mercy", "pair"], **HANDS)
    play(state, (0, Activate(0)), (0, ChooseWeapon(wid("blue 6"))))
    for seat in (None, 0, 1, 2):
        assert set(tops_in_worlds(state, seat)) == {wid("blue 6")}
    play(state, (1, Discard(1)))  # it stays known until it is drawn
    for seat in (None, 0, 1, 2):
        assert set(tops_in_worlds(state, seat)) == {wid("blue 6")}


def test_a_hidden_weapon_given_to_the_deck_stays_its_top_only_for_who_knew_it():
    state = game(3, boss=20, armorer=2, spells=["exchange", "mercy", "pair"], **HANDS)
    play(state, (0, Activate(0)), (0, ChooseWeapon(wid("red 7"))))
    assert set(tops_in_worlds(state, 0)) == {wid("red 7")}
    for seat in (None, 1, 2):
        assert len(set(tops_in_worlds(state, seat))) > 5


def test_hidden_weapons_are_drawn_uniformly_among_the_worlds_their_bounds_allow():
    # Seats 1 and 2 are each known to hold a 6 or a 7; the unseen weapons that fit are
    # exactly one 6 and one 7, so two worlds are possible. Neither is favoured: the real
    # one is never a fallback.
    state = rigged("boss-quest", players=3, hidden={0: "red 2", 1: "blue 6", 2: "green 7"})
    others = [w for w in state.weapon_deck if WEAPON_VALUE[w] not in (6, 7)]
    state.weapon_deck = others
    state.hidden_lo[1] = state.hidden_lo[2] = 6
    state.hidden_hi[1] = state.hidden_hi[2] = 7
    real = 0
    for seed in range(400):
        world = state.determinize(0, seed)
        assert {WEAPON_VALUE[world.hidden[1]], WEAPON_VALUE[world.hidden[2]]} == {6, 7}
        real += world.hidden[1] == state.hidden[1]
    assert 160 < real < 240, real  # about 200: each world half the time
