"""The heuristic bot plays Munchkin Fu: whole games by the rules, and its Fu mechanics
(a fan's or a Ninja's escape, a Hong Kong monster against the leader, the Yakuza's
demand)."""

from __future__ import annotations

import gamenight
from gamenight.agents.random_agent import RandomAgent
from gamenight.games.munchkin.actions import ACCEPT, DONE, TREASURES, Ask, Pick, Use
from gamenight.games.munchkin.bots import BOTS, HeuristicBot
from gamenight.kernel import PASS, Rng

from .helpers import GAME, card, fight, pass_all, pass_others


def finish(state, agents) -> None:
    rng = Rng(state.seed)
    while not state.is_over():
        seat = rng.choice(state.actors())
        state.apply(seat, agents[seat].act(state.view(seat), state.legal_actions(seat)))


def test_heuristic_bots_finish_fu_games_by_the_rules_and_beat_random_play():
    for seed in range(2):
        state = gamenight.make(GAME, 4, seed=seed, max_turns=150)
        finish(state, [HeuristicBot(seed + i) for i in range(4)])
        assert not state.outcome().truncated and max(state.level) == 10
    wins = 0
    for seed in range(3):
        state = gamenight.make(GAME, 4, seed=seed, max_turns=150)
        agents = [HeuristicBot(seed) if i % 2 == 0 else RandomAgent(seed + i) for i in range(4)]
        finish(state, agents)
        wins += any(w % 2 == 0 for w in state.outcome().winners)
    assert wins >= 2


def test_it_discards_its_fan_to_escape_a_deadly_fight_taking_its_helper_along():
    bot = BOTS["heuristic"](1)
    state = fight("great_serpent", table={0: ["cosplayer"]}, levels=[2, 2, 1])
    pass_others(state)
    for action in (Ask(1), DONE, TREASURES[0]):
        state.apply(0, action)
    state.apply(1, ACCEPT)
    pass_all(state)
    assert bot.act(state.view(0), state.legal_actions(0)) == Use(card("cosplayer"), 1)


def test_it_adds_a_hong_kong_monster_to_the_leaders_winning_fight_only():
    bot = BOTS["heuristic"](1)
    for levels, added in (([5, 3, 3], True), ([3, 5, 3], False)):
        state = fight("hk_rickshaw_racer", levels=levels, hands={1: ["hk_stuntman"]})
        state.apply(0, PASS)  # the fighter, asked first, has none
        answer = bot.act(state.view(1), state.legal_actions(1))
        assert answer == (Pick(card("hk_stuntman")) if added else PASS), levels


def test_a_yakuza_demands_help_and_a_lower_player_pays_off_a_threat():
    bot = BOTS["heuristic"](1)
    state = fight("jade_scorpion", table={0: ["yakuza"], 1: ["nunchaku"]}, levels=[7, 6, 1])
    pass_others(state)
    state.apply(0, Ask(1))
    state.apply(0, DONE)
    assert bot.act(state.view(0), state.legal_actions(0)) == TREASURES[0]  # a demand
    state.apply(0, TREASURES[0])
    assert bot.act(state.view(1), state.legal_actions(1)) == Pick(card("nunchaku"))
