"""Meow, Dark Lord!: the set-up and the four phases of a turn."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.games.meow_dark_lord.actions import (
    Activate,
    Attack,
    Discard,
    Draw,
    EndDungeon,
    Hire,
    Sacrifice,
    Search,
)
from gamenight.games.meow_dark_lord.content import HEARTS, NUM_CATS, RIGOR, TOTAL_COINS

from .helpers import events, game, keys, play

# ----- set-up -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_deals_five_and_builds_the_tower_from_two_halves(players):
    state = gamenight.make("meow-dark-lord", players=players, seed=players)
    assert [len(hand) for hand in state.hands] == [5] * players
    rest = NUM_CATS - 5 * players
    assert len(state.tower) == rest + len(RIGOR)
    # The top half (drawn first) holds no Rigor Mortis: all four are in the bottom half.
    top_half = rest // 2
    assert state.safe_top == top_half
    assert all(card < NUM_CATS for card in state.tower[-top_half:])
    assert sorted(c for c in state.tower if c >= NUM_CATS) == list(RIGOR)
    assert state.treasury == TOTAL_COINS == 36 and state.coins == [0] * players
    assert state.dungeons == [[]] * players and state.graveyard == [] and state.track == []
    assert state.phase == "hire1" and state.actors() == (state.turn,)


def test_the_first_player_is_random():
    firsts = {gamenight.make("meow-dark-lord", players=4, seed=s).turn for s in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_the_rigor_mortis_cards_can_be_shuffled_through_the_whole_tower():
    positions = set()
    for seed in range(30):
        state = gamenight.make("meow-dark-lord", players=2, seed=seed, rigor_bottom_half=False)
        assert state.safe_top == 0
        positions |= {i for i, c in enumerate(state.tower) if c >= NUM_CATS}
    rest = NUM_CATS - 10
    bottom_half = rest - rest // 2 + len(RIGOR)  # where the set-up's halves would keep them
    assert max(positions) >= bottom_half


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "takes 2 to 6 players"),
        ({"players": 7}, "takes 2 to 6 players"),
        ({"players": 3, "coin_target": 0}, "'coin_target' must be at least 1"),
        ({"players": 3, "deal": 9}, "'deal' must be at most 8"),
        ({"players": 3, "rigor_bottom_half": 1}, "must be true or false"),
        ({"players": 3, "colour": "red"}, "unknown option(s) colour"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(options, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        gamenight.make("meow-dark-lord", seed=1, **options)


# ----- phases 1 and 3: hire or draw -------------------------------------------------------------


def test_first_hire_offers_drawing_or_hiring_any_card_in_hand():
    state = game(hands={0: ["lucky", "nurse"]})
    lucky, nurse = state.hands[0]
    assert state.legal_actions(0) == [Draw(), Hire(lucky), Hire(nurse)]
    assert state.legal_actions(1) == []


def test_hiring_puts_the_cat_in_the_dungeon_with_its_printed_hearts():
    state = game(hands={0: ["fatcat", "nurse"]})
    fatcat, nurse = state.hands[0]
    play(state, (0, Hire(fatcat)))
    assert state.dungeons[0] == [fatcat] and state.hearts[fatcat] == 4
    assert state.hands[0] == [nurse]
    assert state.phase == "dungeon"


def test_the_44_heart_tokens_are_no_limit_a_hired_cat_gets_its_printed_hearts():
    # 45 hearts already lie on cats in the dungeons, more than the box's 44 tokens.
    state = game(
        players=6,
        hands={0: ["lucky"]},
        dungeons={
            1: ["fatcat"] * 3,
            2: ["brawler"] * 3,
            3: ["guardian"] * 3,
            4: ["lucky", "lucky", "tabby"],
            5: ["prowler", "nurse", "boss"],
        },
    )
    assert sum(state.hearts) == 45
    play(state, (0, Hire(state.hands[0][0])))
    assert state.hearts[state.dungeons[0][0]] == 3 and sum(state.hearts) == 48


def test_drawing_takes_the_top_card_of_the_tower_into_the_hand():
    state = game(hands={0: ["nurse"]}, tower=["lucky", "tabby"])
    play(state, (0, Draw()))
    assert keys(state.hands[0]) == ["nurse", "lucky"]
    # Nothing to act with in the dungeon: the phase passes by itself to the second hire.
    assert state.phase == "hire2"
    play(state, (0, Draw()))
    assert keys(state.hands[0]) == ["nurse", "lucky", "tabby"]


def test_a_rigor_mortis_drawn_is_revealed_and_another_card_drawn():
    state = game(tower=["rigor", "lucky"])
    play(state, (0, Draw()))
    assert state.track == [RIGOR[0]] and keys(state.hands[0]) == ["lucky"]
    assert events(state, "rigor_mortis") == [{"seat": 0, "revealed": 1}]
    assert not state.is_over()


def test_the_second_hire_is_the_same_choice_then_the_turn_passes_clockwise():
    state = game(players=3, turn=2, phase="hire2", hands={2: ["lucky"]})
    (lucky,) = state.hands[2]
    assert state.legal_actions(2) == [Draw(), Hire(lucky)]
    play(state, (2, Hire(lucky)))
    assert state.dungeons[2] == [lucky]
    # One cat, one card: nothing to sacrifice; the next player (seat 0) begins.
    assert state.turn == 0 and state.phase == "hire1" and state.turn_number == 2
    assert state.acted == []


# ----- phase 2: the dungeon ---------------------------------------------------------------------


def test_each_cat_acts_once_in_any_order_including_one_hired_this_turn():
    state = game(hands={0: ["lucky"]}, dungeons={0: ["tabby", "nurse"]}, dice=[6] * 10)
    lucky = state.hands[0][0]
    tabby, nurse = state.dungeons[0]
    play(state, (0, Hire(lucky)))
    legal = state.legal_actions(0)
    for cat in (tabby, nurse, lucky):
        assert Search(cat) in legal and Attack(cat) in legal
    assert Activate(nurse) in legal and Activate(tabby) not in legal  # Tabby has no ability
    assert legal[-1] == EndDungeon()
    play(state, (0, Search(lucky)))
    legal = state.legal_actions(0)
    assert Search(lucky) not in legal and Attack(lucky) not in legal
    play(state, (0, Search(tabby)), (0, Search(nurse)))
    # Every cat has acted: the dungeon phase is over by itself.
    assert state.phase == "hire2"


def test_end_dungeon_leaves_the_other_cats_idle():
    state = game(dungeons={0: ["tabby", "lucky"]}, phase="dungeon", dice=[6, 6])
    tabby = state.dungeons[0][0]
    play(state, (0, Search(tabby)), (0, EndDungeon()))
    assert state.phase == "hire2" and state.coins == [0, 0, 0]
    assert len(events(state, "search")) == 1


def test_an_empty_dungeon_skips_the_dungeon_phase():
    state = game(hands={0: ["tabby"]})
    play(state, (0, Draw()))
    assert state.phase == "hire2"


def test_the_acting_player_may_only_use_their_own_cats():
    state = game(dungeons={0: ["tabby"], 1: ["lucky"]}, phase="dungeon")
    lucky = state.dungeons[1][0]
    legal = state.legal_actions(0)
    assert Search(lucky) not in legal and Attack(lucky) not in legal


# ----- phase 4: sacrifice and hand limit --------------------------------------------------------


def test_more_than_three_cats_are_sacrificed_one_at_a_time_by_the_owners_choice():
    cats = ["tabby", "lucky", "guardian", "nurse", "fatcat"]
    state = game(dungeons={0: cats}, phase="hire2", hands={0: ["brawler"]})
    brawler = state.hands[0][0]
    play(state, (0, Hire(brawler)))  # six cats: three must go
    dungeon = state.dungeons[0]
    assert state.phase == "sacrifice" and len(dungeon) == 6
    assert state.legal_actions(0) == [Sacrifice(c) for c in dungeon]
    tabby, _, _, nurse, fatcat, _ = dungeon
    play(state, (0, Sacrifice(nurse)), (0, Sacrifice(tabby)))
    assert state.turn == 0 and state.legal_actions(0) == [Sacrifice(c) for c in state.dungeons[0]]
    play(state, (0, Sacrifice(fatcat)))
    assert keys(state.dungeons[0]) == ["lucky", "guardian", "brawler"]
    assert state.graveyard == [nurse, tabby, fatcat]
    assert all(state.hearts[c] == 0 for c in state.graveyard)
    assert state.turn == 1 and state.phase == "hire1"


def test_exactly_three_cats_are_kept_without_sacrifice():
    state = game(dungeons={0: ["tabby", "lucky"]}, phase="hire2", hands={0: ["nurse"]})
    play(state, (0, Hire(state.hands[0][0])))
    assert len(state.dungeons[0]) == 3 and state.turn == 1


def test_a_hand_over_ten_is_discarded_down_to_ten_one_card_at_a_time():
    hand = ["tabby"] * 3 + ["lucky"] * 3 + ["nurse"] * 3 + ["fatcat"] * 3  # 12 cards
    state = game(hands={0: hand}, phase="hire2")
    play(state, (0, Hire(state.hands[0][0])))  # 11 left
    assert state.phase == "sacrifice"
    assert state.legal_actions(0) == [Discard(c) for c in state.hands[0]]
    last = state.hands[0][-1]
    play(state, (0, Discard(last)))
    assert len(state.hands[0]) == 10 and state.graveyard == [last]
    assert state.turn == 1


def test_cats_are_sacrificed_before_the_hand_is_checked():
    state = game(
        dungeons={0: ["tabby", "lucky", "guardian", "nurse"]},
        hands={0: ["fatcat"] * 3 + ["brawler"] * 3 + ["prowler"] * 3 + ["sniffer"] * 2},
        phase="sacrifice",
    )
    assert all(type(a) is Sacrifice for a in state.legal_actions(0))
    play(state, (0, Sacrifice(state.dungeons[0][0])))
    assert all(type(a) is Discard for a in state.legal_actions(0))
    play(state, (0, Discard(state.hands[0][0])))
    assert state.turn == 1


def test_the_turn_limit_ends_the_game_as_the_dark_lord_would():
    state = game(max_turns=1, coins=[2, 5, 1], hands={0: ["tabby"]})
    play(state, (0, Draw()), (0, Draw()))
    assert state.is_over() and state.end_reason == "turn_limit" and state.winner == 1
    assert state.outcome().winners == (1,)


def test_hearts_on_a_cat_are_set_by_its_design():
    state = game(hands={0: ["pickpaw", "guardian"]})
    pickpaw, guardian = state.hands[0]
    play(state, (0, Hire(pickpaw)))
    assert state.hearts[pickpaw] == HEARTS[pickpaw] == 1
    assert HEARTS[guardian] == 3
