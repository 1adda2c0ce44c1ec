"""Boss Quest's observation encoder on rigged positions: each piece against the value the
position implies, and hidden weapons shown exactly to the seats that know them."""

from __future__ import annotations

import gamenight
from gamenight.games.boss_quest import observation
from gamenight.games.boss_quest.actions import Activate, ChoosePlayer
from gamenight.games.boss_quest.content import NUM_WEAPONS, SPELL_KEYS, weapon_id
from gamenight.games.boss_quest.model import SlotStatus
from gamenight.testing import rigged


def pieces_seen(state, seat):
    """Piece name -> the floats of that piece in `seat`'s observation (flat)."""
    values = observation.encode(state.view(seat))
    return observation.pieces(state.num_players, state.options).split(values)


def rows(seen, name, width):
    """A two-dimensional piece's floats, row by row."""
    flat = seen[name]
    return [flat[i : i + width] for i in range(0, len(flat), width)]


def hidden_of(seen, seat):
    """The weapon id one-hot encoded as `seat`'s hidden weapon, or None if all zeros."""
    hot = [w for w, on in enumerate(rows(seen, "seat.hidden", NUM_WEAPONS)[seat]) if on]
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


def test_public_pieces_read_the_position():
    seen = pieces_seen(position(), 0)
    assert seen["me"] == [1, 0, 0]
    assert seen["to_act"] == [1, 0, 0]
    assert seen["boss.base_hp"] == [17]
    assert seen["boss.hp"] == [17 + 2]  # hp+2 is active
    assert seen["seat.keys"] == [1, 0, 2]
    assert seen["seat.hearts"] == [3, 2, 1]
    assert seen["seat.attack_bonus"][1] == 1  # attack+1 lies in front of seat 1
    assert seen["seat.visible_attack"][1] == 3 + 1 + 1
    visible = rows(seen, "seat.visible", NUM_WEAPONS)[1]
    assert [w for w, on in enumerate(visible) if on] == sorted(
        [weapon_id("green 3"), weapon_id("red 1")]
    )
    # Slots 0-2 are available, 3 (attack+1 on seat 1) and 4 (hp+2) active, 5.. empty.
    spells = rows(seen, "slot.spell", len(SPELL_KEYS))
    statuses = rows(seen, "slot.status", len(SlotStatus))
    status = {s: j for j, s in enumerate(SlotStatus)}
    key = {k: j for j, k in enumerate(SPELL_KEYS)}
    assert spells[0][key["swap"]] == statuses[0][status[SlotStatus.AVAILABLE]] == 1
    assert spells[3][key["attack+1"]] == statuses[3][status[SlotStatus.ACTIVE]] == 1
    assert rows(seen, "slot.target", 3)[3] == [0, 1, 0]
    assert spells[4][key["hp+2"]] == statuses[4][status[SlotStatus.ACTIVE]] == 1
    assert seen["slot.present"][5] == 0
    assert not any(spells[5])


def test_a_seat_sees_its_own_hidden_weapon_and_no_other():
    state = position()
    for seat, weapon in enumerate(["red 7", "blue 2", "green 5"]):
        seen = pieces_seen(state, seat)
        for other in range(3):
            known = other == seat
            assert seen["seat.known"][other] == known
            assert hidden_of(seen, other) == (weapon_id(weapon) if known else None)
            assert seen["seat.attack"][other] == (state.attack(other) if known else 0)
    spectator = pieces_seen(state, None)
    assert all(hidden_of(spectator, other) is None for other in range(3))
    assert not any(spectator["me"])


def test_after_a_swap_both_players_and_only_they_see_both_weapons():
    state = position()
    state.apply(0, Activate(0))
    state.apply(0, ChoosePlayer(1))
    # Seat 0 now holds blue 2 and seat 1 red 7; both know both, seat 2 knows neither.
    for seat in (0, 1):
        seen = pieces_seen(state, seat)
        assert hidden_of(seen, 0) == weapon_id("blue 2")
        assert hidden_of(seen, 1) == weapon_id("red 7")
        assert hidden_of(seen, 2) is None
    seen = pieces_seen(state, 2)
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
        others = [pieces_seen(world, s) for s in (1, 2, 3)]
        assert [hidden_of(seen, s) for seen, s in zip(others, (1, 2, 3), strict=True)] == [
            world.hidden[s] for s in (1, 2, 3)
        ]
    assert changed >= positions * 3 // 4


def test_the_options_move_the_bounds_and_never_a_piece():
    """`encode` sees a view, not the options: it writes every piece where the default
    options put it, so no option may move one."""
    default = observation.pieces(4, gamenight.make("boss-quest", players=4, seed=0).options)
    options = {"key_target": 9, "hearts": 7, "spells_per_round": 2, "mystery": False}
    other = observation.pieces(4, gamenight.make("boss-quest", 4, seed=0, **options).options)
    assert other.slices == default.slices
    assert other.layout() != default.layout()  # the bounds did change
    state = gamenight.make("boss-quest", 4, seed=0, **options)
    assert len(observation.encode(state.view(0))) == other.size


def test_text_names_what_the_seat_sees():
    text = observation.text(position().view(1))
    assert "seat 1 | round" in text
    assert "blue 2" in text  # its own hidden weapon
    assert "red 7" not in text  # seat 0's hidden weapon
