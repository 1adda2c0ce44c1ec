"""Boss Quest's observation encoder on rigged positions: each feature against the value
the position implies, and hidden weapons shown exactly to the seats that know them."""

from __future__ import annotations

import gamenight
from gamenight.games.boss_quest import observation
from gamenight.games.boss_quest.actions import Activate, ChoosePlayer
from gamenight.games.boss_quest.content import NUM_WEAPONS, SPELL_KEYS, weapon_id
from gamenight.testing import rigged


def features(state, seat):
    """Feature name -> value of `seat`'s observation."""
    names = [name for name, _, _ in observation.layout(state.num_players, state.options)]
    values = observation.encode(state.view(seat))
    assert len(values) == len(names)
    return dict(zip(names, values, strict=True))


def hidden_of(seen, seat):
    """The weapon id one-hot encoded as `seat`'s hidden weapon, or None if all zeros."""
    hot = [w for w in range(NUM_WEAPONS) if seen[f"seat[{seat}].hidden[{w}]"]]
    assert len(hot) <= 1
    return hot[0] if hot else None


def position():
    return rigged(
        "boss-quest",
        players=3,
        boss=17,
        hidden={0: "red 7", 1: "blue 2", 2: "green 5"},
        visible={0: ["blue 6"], 1: ["green 3", "red 1"], 2: ["yellow 4"]},
        spells=["swap", "mercy", "hp-1"],
        active=[("attack+1", 1), "hp+2"],
        keys=[1, 0, 2],
        hearts=[3, 2, 1],
        turn=0,
    )


def test_public_features_read_the_position():
    seen = features(position(), 0)
    assert [seen[f"me[{i}]"] for i in range(3)] == [1, 0, 0]
    assert [seen[f"to_act[{i}]"] for i in range(3)] == [1, 0, 0]
    assert seen["boss.base_hp"] == 17
    assert seen["boss.hp"] == 17 + 2  # hp+2 is active
    assert [seen[f"seat[{i}].keys"] for i in range(3)] == [1, 0, 2]
    assert [seen[f"seat[{i}].hearts"] for i in range(3)] == [3, 2, 1]
    assert seen["seat[1].attack_bonus"] == 1  # attack+1 lies in front of seat 1
    assert seen["seat[1].visible_attack"] == 3 + 1 + 1
    assert seen[f"seat[1].visible[{weapon_id('green 3')}]"] == 1
    assert seen[f"seat[1].visible[{weapon_id('red 1')}]"] == 1
    assert sum(seen[f"seat[1].visible[{w}]"] for w in range(NUM_WEAPONS)) == 2
    # Slots 0-2 are available, 3 (attack+1 on seat 1) and 4 (hp+2) active, 5.. empty.
    assert seen["slot[0].spell.swap"] == seen["slot[0].status.available"] == 1
    assert seen["slot[3].spell.attack+1"] == seen["slot[3].status.active"] == 1
    assert [seen[f"slot[3].target[{i}]"] for i in range(3)] == [0, 1, 0]
    assert seen["slot[4].spell.hp+2"] == seen["slot[4].status.active"] == 1
    assert seen["slot[5].present"] == 0
    assert all(seen[f"slot[5].spell.{key}"] == 0 for key in SPELL_KEYS)


def test_a_seat_sees_its_own_hidden_weapon_and_no_other():
    state = position()
    for seat, weapon in enumerate(["red 7", "blue 2", "green 5"]):
        seen = features(state, seat)
        for other in range(3):
            known = other == seat
            assert seen[f"seat[{other}].known"] == known
            assert hidden_of(seen, other) == (weapon_id(weapon) if known else None)
            assert seen[f"seat[{other}].attack"] == (state.attack(other) if known else 0)
    spectator = features(state, None)
    assert all(hidden_of(spectator, other) is None for other in range(3))
    assert not any(spectator[f"me[{i}]"] for i in range(3))


def test_after_a_swap_both_players_and_only_they_see_both_weapons():
    state = position()
    state.apply(0, Activate(0))
    state.apply(0, ChoosePlayer(1))
    # Seat 0 now holds blue 2 and seat 1 red 7; both know both, seat 2 knows neither.
    for seat in (0, 1):
        seen = features(state, seat)
        assert hidden_of(seen, 0) == weapon_id("blue 2")
        assert hidden_of(seen, 1) == weapon_id("red 7")
        assert hidden_of(seen, 2) is None
    seen = features(state, 2)
    assert hidden_of(seen, 0) is None and hidden_of(seen, 1) is None
    assert hidden_of(seen, 2) == weapon_id("green 5")


def test_resampling_changes_the_weapons_a_leak_would_show():
    """The encoders' no-leak test compares a seat's observation with its observation of a
    determinized world; that proves something only if determinizing changes the other
    seats' hidden weapons, as it does here in most positions."""
    changed = positions = 0
    for seed in range(20):
        state = gamenight.make("boss-quest", players=4, seed=seed)
        world = state.determinize(0, seed)
        positions += 1
        changed += any(world.hidden[s] != state.hidden[s] for s in (1, 2, 3))
        others = [features(world, s) for s in (1, 2, 3)]
        assert [hidden_of(seen, s) for seen, s in zip(others, (1, 2, 3), strict=True)] == [
            world.hidden[s] for s in (1, 2, 3)
        ]
    assert changed >= positions * 3 // 4


def test_text_names_what_the_seat_sees():
    text = observation.text(position().view(1))
    assert "seat 1 | round" in text
    assert "blue 2" in text  # its own hidden weapon
    assert "red 7" not in text  # seat 0's hidden weapon
