"""`bench/bots.py` on a tiny budget: its rounds play the same games with bots and with
random agents, and the cost is the median of the rounds' ratios."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "bots.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "COLUMNS": "200"},
    )


def test_each_round_plays_the_same_games_with_bots_and_random_agents():
    done = run("--game", "boss-quest", "--seconds", "0.05", "--rounds", "3", "--json")
    assert done.returncode == 0, done.stderr
    (row,) = json.loads(done.stdout)
    assert row["game"] == "boss-quest" and row["bot"] == "heuristic"
    assert row["bot_games"] == row["random_games"] >= 3  # at least one game a round
    assert len(row["cost_ratios"]) == 3
    assert row["cost_ratio"] == statistics.median(row["cost_ratios"])


def test_the_table_shows_the_rounds_and_a_bad_count_is_refused():
    done = run("--game", "ninja-master", "--seconds", "0.05", "--rounds", "2")
    assert done.returncode == 0, done.stderr
    assert "the median of 2 rounds" in done.stdout and "ninja-master" in done.stdout
    refused = run("--rounds", "0")
    assert refused.returncode == 2 and "--rounds must be 1 or more" in refused.stderr
