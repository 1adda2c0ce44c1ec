"""Meow, Dark Lord!'s observation encoder on rigged positions: each piece against the
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
from gamenight.games.meow_dark_lord.content import NUM_CATS, Effect
from gamenight.games.meow_dark_lord.model import EndReason, Phase, Step
from gamenight.games.meow_dark_lord.observation import END_REASONS, PENDING, PHASES
from gamenight.testing import rigged


def observe(state, seat):
    """`seat`'s observation: piece name -> its floats."""
    pieces = observation.pieces(state.num_players, state.options)
    return pieces.split(observation.encode(state.view(seat)))


def row(seen, piece, card):
    """`card`'s row of a ``card.*`` piece: one float, or one per seat."""
    width = len(seen[piece]) // NUM_CATS
    floats = seen[piece][card * width : (card + 1) * width]
    return floats[0] if width == 1 else floats


def hand_of(seen, seat):
    """The cards `seen` shows in `seat`'s hand."""
    return {c for c in range(NUM_CATS) if row(seen, "card.hand", c)[seat]}


def hot(vocabulary, member):
    """The one-hot of `member` over `vocabulary`."""
    return [float(word == member) for word in vocabulary]


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


def test_public_pieces_read_the_position():
    state = position()
    brawler, pickpaw, necro = state.dungeons[0]
    (guardian,) = state.dungeons[1]
    ghost, nurse = state.graveyard
    seen = observe(state, 2)
    assert seen["me"] == [0, 0, 1]
    assert seen["to_act"] == [1, 0, 0] and seen["turn"] == [1, 0, 0]
    assert seen["phase"] == hot(PHASES, Phase.DUNGEON)
    assert seen["coin_target"] == [10]  # the default for 3 players
    assert seen["treasury"] == [36 - 3 - 1]
    # 5 cats in hands, 4 in dungeons, 2 in the Graveyard; 3 Rigor Mortis still in the Tower.
    assert seen["tower"] == [NUM_CATS - 11 + 3] and seen["rigor_mortis"] == [1]
    assert seen["seat.coins"] == [3, 1, 0]
    assert seen["seat.hand"] == [2, 3, 0]
    assert seen["seat.cats"] == [3, 1, 0]
    assert seen["seat.hearts"] == [2 + 1 + 2, 3, 0]
    assert row(seen, "card.dungeon", brawler) == [1, 0, 0]
    assert row(seen, "card.hearts", brawler) == 2 and row(seen, "card.hearts", pickpaw) == 1
    assert row(seen, "card.dungeon", necro) == [1, 0, 0]
    assert row(seen, "card.dungeon", guardian) == [0, 1, 0]
    assert row(seen, "card.hearts", guardian) == 3
    assert row(seen, "card.graveyard", ghost) == row(seen, "card.graveyard", nurse) == 1
    assert row(seen, "card.hearts", ghost) == 0
    assert not any(seen["card.acted"])
    assert not any(seen["pending"] + seen["pending.card"] + seen["pending.amount"])
    assert not any(seen["end"] + seen["winner"])


def test_a_seat_sees_its_own_hand_and_no_other():
    state = position()
    for seat in range(3):
        seen = observe(state, seat)
        for other in range(3):
            expected = set(state.hands[other]) if other == seat else set()
            assert hand_of(seen, other) == expected
    spectator = observe(state, None)
    assert all(hand_of(spectator, other) == set() for other in range(3))
    assert not any(spectator["me"])


def test_a_card_seen_going_into_a_hand_is_shown_there_to_everybody_until_it_leaves():
    state = position()
    necro = state.dungeons[0][2]
    ghost = state.graveyard[0]
    state.apply(0, Activate(necro))
    state.apply(0, Retrieve(ghost))
    for seat in (None, 1, 2):
        seen = observe(state, seat)
        assert hand_of(seen, 0) == {ghost}
        assert row(seen, "card.graveyard", ghost) == 0
        assert seen["seat.hand"][0] == 3
        assert row(seen, "card.acted", necro) == 1
    assert hand_of(observe(state, 0), 0) == set(state.hands[0])
    # Hired, it is in the dungeon, with its printed 2 hearts, and in no hand any more.
    state.apply(0, EndDungeon())
    state.apply(0, Hire(ghost))
    seen = observe(state, 1)
    assert hand_of(seen, 0) == set()
    assert row(seen, "card.dungeon", ghost) == [1, 0, 0] and row(seen, "card.hearts", ghost) == 2


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
    seen = observe(state, 1)
    assert seen["pending"] == hot(PENDING, Step.STEAL)
    assert seen["pending.card"] == hot(range(NUM_CATS), prowler)
    assert seen["pending.amount"] == [2]
    assert seen["to_act"] == [1, 0, 0]
    state = rigged(
        "meow-dark-lord", players=3, dungeons={0: ["brawler"], 1: ["guardian"]}, phase="dungeon"
    )
    (brawler,) = state.dungeons[0]
    state.apply(0, Attack(brawler))
    seen = observe(state, 2)
    assert seen["pending"] == hot(PENDING, Step.ATTACK)
    assert seen["pending.card"] == hot(range(NUM_CATS), brawler)
    assert seen["pending.amount"] == [0]


def test_the_pending_kinds_are_the_choices():
    assert PENDING == (
        Effect.WOUND,
        Effect.HEAL,
        Effect.RAISE,
        Step.ATTACK,
        Step.SACRIFICE,
        Step.STEAL,
    )


def test_the_end_shows_the_winner_and_why():
    state = rigged(
        "meow-dark-lord", players=3, dungeons={0: ["sniffer"]}, coins=[9, 4, 0], phase="dungeon"
    )
    state.apply(0, Activate(state.dungeons[0][0]))  # 1 coin: the 10 of the target
    seen = observe(state, 2)
    assert seen["phase"] == hot(PHASES, Phase.OVER)
    assert seen["end"] == hot(END_REASONS, EndReason.COIN_TARGET)
    assert seen["winner"] == [1, 0, 0]
    assert not any(seen["to_act"])
    assert seen["seat.coins"][0] == 10


def test_a_new_game_shows_the_tower_and_its_safe_top():
    seen = observe(gamenight.make("meow-dark-lord", players=4, seed=3), 0)
    rest = NUM_CATS - 4 * 5  # dealt 5 each; the top half of the rest is free of Rigor Mortis
    assert seen["tower"] == [rest + 4] and seen["tower_safe_top"] == [rest // 2]
    assert seen["turn_number"] == [1] and seen["phase"] == hot(PHASES, Phase.HIRE1)


def test_the_layout_names_each_float_by_piece_and_index():
    pieces = observation.pieces(3, {"max_turns": 400})
    names = [name for name, _, _ in pieces.layout()]
    assert names[:4] == ["me[0]", "me[1]", "me[2]", "to_act[0]"]
    assert "card.hand[59][2]" in names and "card.hearts[0]" in names
    assert len(names) == len(set(names)) == pieces.size


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
            assert hand_of(observe(world, s), s) == set(world.hands[s])
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
