"""The heuristic bot: it plays whole games from its view alone and beats random play."""

from __future__ import annotations

import gamenight
from gamenight.agents.random_agent import RandomAgent
from gamenight.games.munchkin.actions import ACCEPT, DECLINE, DONE, KICK, TREASURES, Ask
from gamenight.games.munchkin.bots import BOTS, HeuristicBot
from gamenight.kernel import PASS, Rng

from .helpers import GAME, game, play


def finish(state, agents) -> None:
    rng = Rng(state.seed)
    while not state.is_over():
        seat = rng.choice(state.actors())
        state.apply(seat, agents[seat].act(state.view(seat), state.legal_actions(seat)))


def test_heuristic_bots_finish_their_games_by_the_rules():
    for seed in range(3):
        state = gamenight.make(GAME, 4, seed=seed, max_turns=150)
        finish(state, [HeuristicBot(seed + i) for i in range(4)])
        assert not state.outcome().truncated and max(state.level) == 10


def test_the_heuristic_beats_random_play():
    wins = 0
    for seed in range(4):
        state = gamenight.make(GAME, 4, seed=seed, max_turns=150)
        agents = [HeuristicBot(seed) if i % 2 == 0 else RandomAgent(seed + i) for i in range(4)]
        finish(state, agents)
        wins += any(w % 2 == 0 for w in state.outcome().winners)
    assert wins >= 3


def test_it_asks_for_help_when_losing_and_helps_only_when_safe():
    bot = BOTS["heuristic"](1)
    state = game(door=["moody_goblin"], levels=[2, 2, 1])
    state.apply(0, KICK)
    while state.actors() != (0,):
        state.apply(state.actors()[0], PASS)
    assert bot.act(state.view(0), state.legal_actions(0)) == Ask(1)  # seat 2 would not win it
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[1]), (0, DONE))
    assert bot.act(state.view(1), state.legal_actions(1)) == ACCEPT  # 2 + 2 beat 3, for a treasure
    near = game(door=["vampire_landlord"], levels=[9, 2, 1])
    near.apply(0, KICK)
    while near.actors() != (0,):
        near.apply(near.actors()[0], PASS)
    play(near, (0, Ask(1)), (0, DONE), (0, TREASURES[1]), (0, DONE))
    assert bot.act(near.view(1), near.legal_actions(1)) == DECLINE  # it would win the game


def test_stats_count_kills_help_and_deaths():
    state = gamenight.make(GAME, 4, seed=1, max_turns=150)
    finish(state, [HeuristicBot(i) for i in range(4)])
    stats = state.stats()
    assert stats["levels"] == [float(level) for level in state.level]
    assert sum(stats["kills"]) >= 9 and len(stats["deaths"]) == 4
    assert stats["turns"] == state.turn_number
