"""`gamenight simulate munchkin`: the game's own figures beside the common table."""

from __future__ import annotations

from typer.testing import CliRunner

import gamenight
from gamenight import agents
from gamenight.cli.app import app
from gamenight.games.munchkin import sim
from gamenight.play import play
from gamenight.sim import extra, simulate

from .helpers import GAME


def test_one_games_counts_match_its_events():
    state = gamenight.make(GAME, 4, seed=2)
    play(state, [agents.make("heuristic", GAME, s) for s in range(4)])
    counts = extra.counts(state)
    kinds = [event.kind for event in state.events]
    assert counts["games"] == 1 and counts[f"turns={state.turn_number}"] == 1
    assert counts["combats"] == kinds.count("combat") == state.stats()["combats"]
    assert counts["combats:won"] == kinds.count("win")
    assert counts.get("combats:helped", 0) == kinds.count("helper")
    assert counts.get("combats:deadly", 0) <= kinds.count("death")
    assert sum(v for k, v in counts.items() if k.startswith("class:") and k.endswith(":seats")) >= 4
    race_wins = sum(v for k, v in counts.items() if k.startswith("race:") and k.endswith(":wins"))
    assert race_wins >= len(state.outcome().winners)  # a Half-Breed has two races


def test_the_tables_give_rates_by_class_race_combat_and_card():
    result = simulate(GAME, games=4, players=3, agents=["heuristic"], seed=5)
    assert result.counts["games"] == 4
    titles = {table.title.split(" (")[0]: table for table in extra.tables(GAME, result.counts)}
    assert {"Game length and help", "Combats", "By card played"} <= set(titles)
    assert {"Win rate by class", "Win rate by race"} <= set(titles)
    for _, seats, rate in titles["Win rate by race"].rows:
        assert rate == (rate[0], int(seats)) and 0 <= rate[0] <= rate[1]
    ends = [row[0] for row in titles["Combats"].rows]
    assert ends == [sim.COMBAT_WORDS[end] for end in sim.COMBAT_ENDS]
    names = [row[0] for row in titles["By card played"].rows]
    assert names and all(":" not in name and "_" not in name for name in names)


def test_a_game_without_figures_prints_none_and_the_command_prints_them():
    assert extra.counts(gamenight.make("boss-quest", 3, seed=1)) == {}
    assert extra.tables("boss-quest", {"games": 1.0}) == []
    output = CliRunner().invoke(app, ["simulate", GAME, "-n", "3", "-s", "1", "-a", "heuristic"])
    assert output.exit_code == 0, output.output
    for title in ("Win rate by class", "Win rate by race", "turns: median", "By card played"):
        assert title in output.output
