"""The simulation runner: seating, seeds, workers, saved records."""

from __future__ import annotations

from typing import ClassVar

import pytest

import gamenight
from gamenight import agents
from gamenight.agents import RandomAgent
from gamenight.kernel.registry import game_class
from gamenight.sim import derive_seed, lineup_for, record_path, seating, simulate


def _comparable(result):
    data = result.to_dict()
    del data["elapsed_s"], data["games_per_s"]
    return data


class FirstAgent(RandomAgent):
    """Always the first legal action; remembers the seats it played (from its views)."""

    name = "first"
    needs_view = True
    made: ClassVar[list[FirstAgent]] = []

    def __init__(self, seed=None):
        super().__init__(seed)
        self.seats = set()
        FirstAgent.made.append(self)

    def act(self, view, legal, clock=None, state=None):
        self.seats.add(view["seat"])
        return legal[0]


@pytest.fixture
def with_first_agent(monkeypatch):
    monkeypatch.setattr(agents, "_game_bots", lambda game_id: {"first": FirstAgent})
    monkeypatch.setattr(FirstAgent, "made", [])


def test_last_agent_fills_the_remaining_seats():
    assert lineup_for(["heuristic", "random"], 4) == ("heuristic", "random", "random", "random")
    assert lineup_for("a, b", 2) == ("a", "b")
    with pytest.raises(ValueError, match="3 agents given for 2 players"):
        lineup_for(["a", "b", "c"], 2)
    with pytest.raises(ValueError, match="at least one agent"):
        lineup_for("", 2)


def test_seating_rotates_by_one_seat_each_game():
    lineup = ("h", "r", "r")
    assert seating(lineup, 0) == ("h", "r", "r")
    assert seating(lineup, 1) == ("r", "h", "r")
    assert seating(lineup, 2) == ("r", "r", "h")
    assert seating(lineup, 3) == ("h", "r", "r")


def test_each_agent_holds_every_seat_in_turn(with_first_agent):
    result = simulate("boss-quest", games=4, players=3, agents=["first", "random"], seed=5)
    # One "first" agent is made to check the name, then one per game.
    assert [agent.seats for agent in FirstAgent.made[1:]] == [{0}, {1}, {2}, {0}]
    assert result.lineup == ("first", "random", "random")
    assert result.agents["first"].wins.trials == 4
    assert result.agents["random"].wins.trials == 8
    assert [rate.trials for rate in result.seats] == [4, 4, 4]
    seat_wins = sum(rate.wins for rate in result.seats)
    assert seat_wins == result.agents["first"].wins.wins + result.agents["random"].wins.wins


def test_seeds_derive_from_the_run_seed_and_game_index():
    assert derive_seed(1, 0, 0) == derive_seed(1, 0, 0)
    seeds = {derive_seed(1, game, stream) for game in range(50) for stream in range(7)}
    assert len(seeds) == 350
    assert all(0 <= seed < 2**63 for seed in seeds)


def test_same_seed_same_results_and_another_seed_differs():
    first = simulate("boss-quest", games=20, players=3, seed=11)
    again = simulate("boss-quest", games=20, players=3, seed=11)
    other = simulate("boss-quest", games=20, players=3, seed=12)
    assert _comparable(first) == _comparable(again)
    assert _comparable(first) != _comparable(other)


def test_results_do_not_depend_on_the_number_of_workers():
    kwargs = dict(games=24, players=4, agents=["random"], seed=3, options={"key_target": 3})
    alone = simulate("boss-quest", workers=1, **kwargs)
    spread = simulate("boss-quest", workers=2, **kwargs)
    assert _comparable(alone) == _comparable(spread)
    assert alone.options["key_target"] == 3


def test_progress_reaches_the_total():
    seen = []
    simulate("boss-quest", games=5, players=2, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (5, 5)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_saved_records_replay_to_the_simulated_games(tmp_path):
    result = simulate("boss-quest", games=4, players=3, seed=9, save_dir=tmp_path / "games")
    wins = [0, 0, 0]
    rounds = 0.0
    for game in range(4):
        path = record_path(tmp_path / "games", game)
        assert path.name == f"game-0000{game + 1}.json"
        record = gamenight.GameRecord.from_json(path.read_text())
        assert record.seed == derive_seed(9, game, 0)
        state = gamenight.replay(record)
        assert state.is_over()
        for seat in state.outcome().winners:
            wins[seat] += 1
        rounds += state.stats()["rounds"]
    assert wins == [rate.wins for rate in result.seats]
    assert rounds / 4 == result.figures["rounds"]


def test_figures_are_reported_per_agent_and_per_round():
    result = simulate("boss-quest", games=10, players=2, seed=2)
    agent = result.agents["random"]
    assert set(agent.per_game) == {"round_wins", "perfect_hits"}
    # Two seats per game, each plays every round of its game.
    rounds_played = result.figures["rounds"] * result.games * 2
    games_played = result.games * 2
    for key in agent.per_game:
        assert agent.per_round[key] * rounds_played == pytest.approx(
            agent.per_game[key] * games_played
        )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(games=0), "games must be a positive integer"),
        (dict(workers=0), "workers must be an integer from 1 to 256"),
        (dict(workers=10_000), "workers must be an integer from 1 to 256, got 10000"),
        (dict(seed="x"), "seed must be an integer"),
        (dict(players=9), "takes 2 to 6 players"),
        (dict(agents=["nobody"]), "unknown agent 'nobody'"),
        (dict(options={"colour": 1}), "unknown option"),
    ],
)
def test_bad_arguments_raise_value_error(kwargs, message):
    arguments = dict(games=2, players=2, seed=1) | kwargs
    with pytest.raises(ValueError, match=message):
        simulate("boss-quest", **arguments)


def test_unknown_game_raises_value_error():
    with pytest.raises(ValueError, match="unknown game"):
        simulate("chess", games=1, players=2)


def test_a_failing_game_names_its_number_and_seed(monkeypatch):
    class Broken(RandomAgent):
        def act(self, view, legal, clock=None, state=None):
            raise KeyError("boom")

    monkeypatch.setattr(agents, "_game_bots", lambda game_id: {"broken": Broken})
    with pytest.raises(RuntimeError, match=r"game 1 \(seed \d+, seats broken, broken\) failed"):
        simulate("boss-quest", games=1, players=2, agents=["broken"], seed=1)


@pytest.mark.parametrize("game_id", gamenight.games())
def test_every_game_simulates_with_its_own_figures(game_id):
    players = game_class(game_id).min_players
    result = simulate(game_id, games=3, players=players, seed=1)
    assert [rate.trials for rate in result.seats] == [3] * players
    assert result.agents["random"].wins.trials == 3 * players
    assert result.mean_actions > 0


def test_games_ended_by_the_safety_limit_are_counted_as_truncated():
    # Random players never reach 20 points in one round: every game is cut by the limit.
    cut = simulate("ninja-master", games=6, players=3, seed=2, options={"max_rounds": 1})
    assert cut.truncated == 6 and cut.to_dict()["truncated_share"] == 1.0
    played = simulate("boss-quest", games=6, players=3, seed=2)
    assert played.truncated == 0
