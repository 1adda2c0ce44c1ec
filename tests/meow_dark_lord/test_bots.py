"""Meow, Dark Lord! bots: the heuristic plays like a sensible person."""

from __future__ import annotations

import gamenight
from gamenight import agents
from gamenight.games.meow_dark_lord.actions import (
    Attack,
    Draw,
    FromTreasury,
    Hire,
    Rob,
    Sacrifice,
    Search,
    Target,
)
from gamenight.play import play as play_table

from .helpers import game, play


def decide(state, seat=None):
    seat = state.actors()[0] if seat is None else seat
    bot = agents.make("heuristic", "meow-dark-lord", seed=1)
    return bot.act(state.view(seat), state.legal_actions(seat))


def test_the_heuristic_is_available_beside_the_generic_agents():
    assert agents.available("meow-dark-lord") == ["heuristic", "ismcts", "passive", "random"]


def test_it_searches_with_a_strong_cat():
    state = game(dungeons={0: ["lucky"], 1: ["tabby"]}, phase="dungeon")
    assert decide(state) == Search(state.dungeons[0][0])


def test_it_attacks_the_leaders_best_cat_when_the_leader_is_close_to_winning():
    state = game(
        dungeons={0: ["lucky"], 1: ["tabby"], 2: ["pickpaw", "prowler"]},
        coins=[1, 2, 8],
        phase="dungeon",
    )
    lucky = state.dungeons[0][0]
    assert decide(state) == Attack(lucky)
    play(state, (0, Attack(lucky)))
    # Three dice of power 4 against the Night Prowler's 2 hearts: a likely kill of the
    # leader's best cat.
    assert decide(state) == Target(state.dungeons[2][1])


def test_it_respects_decoy_when_choosing_what_to_attack():
    state = game(
        dungeons={0: ["lucky", "tabby"], 2: ["prowler", "brawler"]},
        coins=[0, 0, 8],
        phase="dungeon",
    )
    lucky = state.dungeons[0][0]
    brawler = state.dungeons[2][1]
    play(state, (0, Attack(lucky)))
    choice = decide(state)
    assert choice == Target(brawler) and choice in state.legal_actions(0)


def test_it_steals_from_the_rival_closest_to_winning():
    state = game(
        players=4, dungeons={0: ["prowler"]}, coins=[0, 3, 6, 2], phase="dungeon", dice=[1, 1]
    )
    play(state, (0, Search(state.dungeons[0][0])))
    assert FromTreasury() in state.legal_actions(0)
    assert decide(state) == Rob(2)
    play(state, (0, Rob(2)))
    assert decide(state) == Rob(2)


def test_it_searches_with_a_steal_cat_when_only_the_treasury_pays():
    state = game(dungeons={0: ["prowler"]}, coins=[0, 0, 0], phase="dungeon")
    assert decide(state) == Search(state.dungeons[0][0])


def test_it_keeps_its_three_best_cats():
    state = game(dungeons={0: ["lucky", "tabby", "guardian", "nurse"]}, phase="sacrifice")
    _, tabby, _, _ = state.dungeons[0]
    assert decide(state) == Sacrifice(tabby)


def test_it_feeds_a_martyr_to_a_sacrifice_first():
    state = game(dungeons={0: ["lucky", "martyr", "guardian", "prowler"]}, phase="sacrifice")
    assert decide(state) == Sacrifice(state.dungeons[0][1])


def test_it_hires_a_good_cat_into_a_small_dungeon():
    state = game(hands={0: ["tabby", "lucky"]})
    assert decide(state) == Hire(state.hands[0][1])


def test_it_draws_towards_the_last_rigor_mortis_only_when_ahead():
    ahead = game(rigor=3, coins=[5, 1, 2], hands={0: ["tabby"]}, dungeons={0: ["lucky"]})
    assert decide(ahead) == Draw()
    behind = game(rigor=3, coins=[1, 5, 2], hands={0: ["tabby"]}, dungeons={0: ["lucky"]})
    assert decide(behind) == Hire(behind.hands[0][0])


def test_the_heuristic_beats_random_players():
    wins = 0
    games = 60
    for g in range(games):
        seat = g % 4
        bots = [
            agents.make("heuristic" if s == seat else "random", "meow-dark-lord", seed=g * 10 + s)
            for s in range(4)
        ]
        state = play_table(gamenight.make("meow-dark-lord", players=4, seed=g), bots)
        wins += state.outcome().winners == (seat,)
    assert wins / games > 0.5  # a random seat would win a quarter
