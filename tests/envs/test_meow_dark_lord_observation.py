"""Meow, Dark Lord!'s observation encoder on rigged positions: each feature against the
value the position implies, and hands shown exactly as far as the observing seat knows
them."""

from __future__ import annotations

import gamenight
from gamenight.games.meow_dark_lord import observation
from gamenight.games.meow_dark_lord.actions import (
    Activate,
    Attack,
    EndDungeon,
    Hire,
    Retrieve,
    Search,
)
from gamenight.games.meow_dark_lord.content import NUM_CATS
from gamenight.testing import rigged


def features(state, seat):
    """Feature name -> value of `seat`'s observation."""
    names = [name for name, _, _ in observation.layout(state.num_players, state.options)]
    values = observation.encode(state.view(seat))
    assert len(values) == len(names)
    return dict(zip(names, values, strict=True))


def hand_of(seen, seat):
    """The cards `seen` shows in `seat`'s hand."""
    return {c for c in range(NUM_CATS) if seen[f"card[{c}].hand[{seat}]"]}


def position():
    return rigged(
        "meow-dark-lord",
        players=3,
        hands={0: ["tabby", "lucky"], 1: ["fatcat", "recruiter", "martyr"], 2: []},
        dungeons={0: [("brawler", 2), "pickpaw", "necro"], 1: ["guardian"]},
        graveyard=["ghost", "nurse"],
        coins=[3, 1, 0],
        rigor=1,
        turn=0,
        phase="dungeon",
    )


def test_public_features_read_the_position():
    state = position()
    brawler, pickpaw, necro = state.dungeons[0]
    (guardian,) = state.dungeons[1]
    ghost, nurse = state.graveyard
    seen = features(state, 2)
    assert [seen[f"me[{i}]"] for i in range(3)] == [0, 0, 1]
    assert [seen[f"to_act[{i}]"] for i in range(3)] == [1, 0, 0]
    assert [seen[f"turn[{i}]"] for i in range(3)] == [1, 0, 0]
    assert seen["phase.dungeon"] == 1 and seen["phase.hire1"] == seen["phase.over"] == 0
    assert seen["coin_target"] == 10  # the default for 3 players
    assert seen["treasury"] == 36 - 3 - 1
    # 5 cats in hands, 4 in dungeons, 2 in the Graveyard; 3 Rigor Mortis still in the Tower.
    assert seen["tower"] == NUM_CATS - 11 + 3 and seen["rigor_mortis"] == 1
    assert [seen[f"seat[{i}].coins"] for i in range(3)] == [3, 1, 0]
    assert [seen[f"seat[{i}].hand"] for i in range(3)] == [2, 3, 0]
    assert [seen[f"seat[{i}].cats"] for i in range(3)] == [3, 1, 0]
    assert [seen[f"seat[{i}].hearts"] for i in range(3)] == [2 + 1 + 2, 3, 0]
    assert seen[f"card[{brawler}].dungeon[0]"] == 1 and seen[f"card[{brawler}].hearts"] == 2
    assert seen[f"card[{pickpaw}].hearts"] == 1 and seen[f"card[{necro}].dungeon[0]"] == 1
    assert seen[f"card[{guardian}].dungeon[1]"] == 1 and seen[f"card[{guardian}].hearts"] == 3
    assert seen[f"card[{ghost}].graveyard"] == seen[f"card[{nurse}].graveyard"] == 1
    assert seen[f"card[{ghost}].hearts"] == 0
    assert not any(seen[f"card[{c}].acted"] for c in range(NUM_CATS))
    assert not any(value for name, value in seen.items() if name.startswith("pending."))
    assert not any(value for name, value in seen.items() if name.startswith(("end.", "winner")))


def test_a_seat_sees_its_own_hand_and_no_other():
    state = position()
    for seat in range(3):
        seen = features(state, seat)
        for other in range(3):
            expected = set(state.hands[other]) if other == seat else set()
            assert hand_of(seen, other) == expected
    spectator = features(state, None)
    assert all(hand_of(spectator, other) == set() for other in range(3))
    assert not any(spectator[f"me[{i}]"] for i in range(3))


def test_a_card_seen_going_into_a_hand_is_shown_there_to_everybody_until_it_leaves():
    state = position()
    necro = state.dungeons[0][2]
    ghost = state.graveyard[0]
    state.apply(0, Activate(necro))
    state.apply(0, Retrieve(ghost))
    for seat in (None, 1, 2):
        seen = features(state, seat)
        assert hand_of(seen, 0) == {ghost}
        assert seen[f"card[{ghost}].graveyard"] == 0
        assert seen["seat[0].hand"] == 3
        assert seen[f"card[{necro}].acted"] == 1
    assert hand_of(features(state, 0), 0) == set(state.hands[0])
    # Hired, it is in the dungeon, with its printed 2 hearts, and in no hand any more.
    state.apply(0, EndDungeon())
    state.apply(0, Hire(ghost))
    seen = features(state, 1)
    assert hand_of(seen, 0) == set()
    assert seen[f"card[{ghost}].dungeon[0]"] == 1 and seen[f"card[{ghost}].hearts"] == 2


def test_a_pending_choice_names_its_kind_source_and_amount():
    state = rigged(
        "meow-dark-lord",
        players=3,
        dungeons={0: ["prowler", "brawler"], 1: ["guardian"]},
        coins=[0, 2, 1],
        phase="dungeon",
        dice=[1, 4, 6],
    )
    prowler = state.dungeons[0][0]
    state.apply(0, Search(prowler))  # 2 dice, both at most its power 4: 2 coins to steal
    seen = features(state, 1)
    assert seen["pending.steal"] == 1 and seen[f"pending.card[{prowler}]"] == 1
    assert seen["pending.amount"] == 2
    assert sum(seen[f"pending.card[{c}]"] for c in range(NUM_CATS)) == 1
    assert [seen[f"to_act[{i}]"] for i in range(3)] == [1, 0, 0]
    state = rigged(
        "meow-dark-lord", players=3, dungeons={0: ["brawler"], 1: ["guardian"]}, phase="dungeon"
    )
    (brawler,) = state.dungeons[0]
    state.apply(0, Attack(brawler))
    seen = features(state, 2)
    assert seen["pending.attack"] == 1 and seen["pending.steal"] == 0
    assert seen[f"pending.card[{brawler}]"] == 1 and seen["pending.amount"] == 0


def test_the_end_shows_the_winner_and_why():
    state = rigged(
        "meow-dark-lord", players=3, dungeons={0: ["sniffer"]}, coins=[9, 4, 0], phase="dungeon"
    )
    state.apply(0, Activate(state.dungeons[0][0]))  # 1 coin: the 10 of the target
    seen = features(state, 2)
    assert seen["phase.over"] == 1 and seen["end.coin_target"] == 1
    assert seen["end.rigor_mortis"] == seen["end.turn_limit"] == 0
    assert [seen[f"winner[{i}]"] for i in range(3)] == [1, 0, 0]
    assert not any(seen[f"to_act[{i}]"] for i in range(3))
    assert seen["seat[0].coins"] == 10


def test_a_new_game_shows_the_tower_and_its_safe_top():
    seen = features(gamenight.make("meow-dark-lord", players=4, seed=3), 0)
    rest = NUM_CATS - 4 * 5  # dealt 5 each; the top half of the rest is free of Rigor Mortis
    assert seen["tower"] == rest + 4 and seen["tower_safe_top"] == rest // 2
    assert seen["turn_number"] == 1 and seen["phase.hire1"] == 1


def test_resampling_changes_the_hands_a_leak_would_show():
    """The encoders' no-leak test compares a seat's observation with its observation of a
    determinized world; that proves something only if determinizing changes the other
    seats' hands, as it does here in most positions."""
    changed = positions = 0
    for seed in range(20):
        state = gamenight.make("meow-dark-lord", players=4, seed=seed)
        world = state.determinize(0, seed)
        positions += 1
        changed += any(world.hands[s] != state.hands[s] for s in (1, 2, 3))
        for s in (1, 2, 3):
            assert hand_of(features(world, s), s) == set(world.hands[s])
    assert changed >= positions * 3 // 4


def test_text_names_what_the_seat_sees():
    state = position()
    tabby = state.hands[0][0]
    fatcat = state.hands[1][0]
    mine = observation.text(state.view(0))
    assert "seat 0 | turn 1 of seat 0, dungeon" in mine
    assert f"tabby#{tabby}" in mine and f"fatcat#{fatcat}" not in mine
    assert "seat 1: coins 1 | hand 3 cards" in mine
    theirs = observation.text(state.view(1))
    assert f"tabby#{tabby}" not in theirs and f"fatcat#{fatcat}" in theirs
    assert "brawler" in theirs and "ghost" in theirs  # dungeons and the Graveyard are public
