"""The bots: speed and judgement as separate knobs, and whole games at the table."""

from __future__ import annotations

import statistics

import pytest

import gamenight
from gamenight import agents
from gamenight.games.ninja_master.actions import Call, Done, Grab
from gamenight.games.ninja_master.bots import JUDGEMENTS, SPEEDS, NinjaBot
from gamenight.games.ninja_master.content import KATANA
from gamenight.play import play

from .helpers import game, settle

LEVELS = ("easy", "normal", "hard")
TAKEABLE = ["red 1", "blue 1", "green 1", "yellow 1", "black 1", "katana", "katana", "katana"]
TAKEABLE += ["shuriken"]


def ask(bot, state, seat=0):
    return bot.act(state.view(seat), state.legal_actions(seat))


def test_the_levels_are_agents_of_the_game():
    assert set(LEVELS) <= set(agents.available("ninja-master"))
    for level in LEVELS:
        assert agents.make(level, "ninja-master", seed=1).name == level


@pytest.mark.parametrize("level", LEVELS)
def test_bots_play_whole_games_and_replay_the_same(level):
    for seed in range(10):
        games = []
        for _ in range(2):
            state = gamenight.make("ninja-master", players=2 + seed % 4, seed=seed)
            bots = [
                agents.make(level, "ninja-master", seed * 10 + s) for s in range(state.num_players)
            ]
            games.append(play(state, bots).to_json())
        assert games[0] == games[1]
        assert gamenight.load(games[0]).is_over()
        assert gamenight.replay(state.record()).to_json() == games[0]  # exact times replay


def test_speed_sets_how_fast_a_bot_grabs():
    medians = {}
    for level in LEVELS:
        times = []
        for seed in range(200):
            bot = NinjaBot(SPEEDS[level], JUDGEMENTS["hard"], seed)
            action = ask(bot, game())
            assert type(action) is Grab
            times.append(action.ms)
        medians[level] = statistics.median(times)
        assert medians[level] == pytest.approx(SPEEDS[level].react_ms, rel=0.15)
    assert medians["hard"] < medians["normal"] < medians["easy"]


def first_call(bot, state):
    """Let `bot` (seat 0) play alone until it calls or is done; the total it called."""
    while True:
        action = ask(bot, state)
        if type(action) is Done:
            return None
        state.apply(0, action)
        settle(state)
        if type(action) is Call:
            return action.total


def test_judgement_sets_how_often_a_bot_miscounts_whatever_its_speed():
    for speed in ("hard", "easy"):
        wrong = {}
        for level in ("easy", "hard"):
            calls = [
                first_call(NinjaBot(SPEEDS[speed], JUDGEMENTS[level], s), game())
                for s in range(200)
            ]
            made = [total for total in calls if total is not None]
            assert len(made) == pytest.approx(200 * JUDGEMENTS[level].call, abs=25)
            wrong[level] = sum(total != 5 for total in made) / len(made)  # QUIET: 5 ninjas
        assert wrong["hard"] < 0.06
        assert 0.15 < wrong["easy"] < 0.45


def test_a_sharp_bot_steals_the_leaders_katana_first():
    state = game(dice=TAKEABLE, scores=[3, 16, 3], katana=1)
    action = ask(NinjaBot(SPEEDS["hard"], JUDGEMENTS["hard"], 1), state)
    assert type(action) is Grab and action.token == KATANA


def test_a_sharp_bot_defends_its_own_katana():
    state = game(dice=TAKEABLE, scores=[12, 3, 3], katana=0)
    action = ask(NinjaBot(SPEEDS["hard"], JUDGEMENTS["hard"], 1), state)
    assert type(action) is Grab and action.token == KATANA


def test_a_sharp_bot_leaves_a_katana_that_is_not_takeable_and_negative_tokens():
    # Red is worth -3 (one red Smoke) and the Katana -3 (3 against 3): the bot takes the
    # only positive token, blue, then calls.
    dice = ["red 3", "red smoke", "blue 1", "katana", "katana", "shuriken", "shuriken"]
    dice += ["shuriken", "katana"]  # 3 against 3
    state = game(dice=dice, scores=[3, 16, 3], katana=1)
    bot = NinjaBot(SPEEDS["hard"], JUDGEMENTS["hard"], 1)
    action = ask(bot, state)
    assert type(action) is Grab and action.token == 1
    state.apply(0, action)
    settle(state)
    assert type(ask(bot, state)) is Call


def test_a_bot_reaches_for_another_token_when_its_choice_is_gone():
    state = game(dice=["red 3", "blue 1", *["katana"] * 2, *["shuriken"] * 5], shuriken=2)
    bot = NinjaBot(SPEEDS["normal"], JUDGEMENTS["hard"], 3)
    wanted = ask(bot, state, seat=1)
    assert wanted.token == 0  # red: 3 ninjas
    state.apply(0, Grab(0, wanted.ms - 1))  # somebody faster takes it
    settle(state)
    second = ask(bot, state, seat=1)
    assert second.token == 1 and second.ms > wanted.ms  # blue, a little later


def test_bots_in_a_round_act_in_time_order():
    state = gamenight.make("ninja-master", players=4, seed=5)
    bots = [agents.make(level, "ninja-master", s) for s, level in enumerate((*LEVELS, "hard"))]
    play(state, bots)
    rounds: list[list[int]] = []
    for event in state.events:
        if event.kind == "roll":
            rounds.append([])
        elif event.kind in ("grab", "call"):
            rounds[-1].append(event.data["ms"])
    assert len(rounds) == state.round and any(rounds)
    assert all(times == sorted(times) for times in rounds)


def test_hard_bots_play_crowded_tables_without_an_illegal_answer():
    for seed in range(30):
        state = gamenight.make("ninja-master", players=5, seed=seed)
        bots = [agents.make("hard", "ninja-master", seed * 5 + s) for s in range(5)]
        assert play(state, bots).is_over()  # an illegal answer would raise
