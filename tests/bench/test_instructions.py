"""`bench/instructions.py`: its counted child, the arithmetic and the errors; counting
under valgrind itself runs only where valgrind is installed, on a tiny budget."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
SCRIPT = BENCH / "instructions.py"
sys.path.insert(0, str(BENCH))

import instructions  # noqa: E402  (bench/ is a folder of scripts)


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "COLUMNS": "200", **env},
    )


def test_the_counted_child_plays_the_games_bots_py_plays():
    done = run("--play", "boss-quest", "3", "bot", "2")
    assert done.returncode == 0, done.stderr
    played = json.loads(done.stdout)
    assert played["game"] == "boss-quest" and played["agent"] == "heuristic"
    assert played["games"] == 2
    from bots import bot_game

    assert played["actions"] == sum(bot_game("boss-quest", 3, "heuristic", s) for s in (0, 1))


def test_cachegrinds_count_is_read_from_its_report():
    report = "==7== Cachegrind\n==7== \n==7== I   refs:      1,430,784,001\n"
    assert instructions.instructions(report) == 1_430_784_001
    assert instructions.instructions("==9== I refs: 12\n") == 12
    with pytest.raises(ValueError, match="no instruction count"):
        instructions.instructions("valgrind: command not found\n")


def test_a_game_costs_the_difference_of_two_counts_per_game():
    """The interpreter's start and imports (here 1,000) cancel out."""
    asked: list[int] = []

    def counted(games: int) -> int:
        asked.append(games)
        return 1_000 + 250 * games

    assert instructions.per_game(counted, 8) == 250.0
    assert asked == [16, 8]


def test_without_valgrind_it_says_what_to_install():
    python_only = str(Path(sys.executable).parent)
    done = run("--games", "1", PATH=python_only)
    assert done.returncode == 1
    assert "needs valgrind" in done.stderr and "apt-get install valgrind" in done.stderr


def test_a_bad_budget_is_refused():
    done = run("--games", "0")
    assert done.returncode == 2 and "--games must be 1 or more" in done.stderr


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_it_counts_a_bot_and_a_random_game_under_valgrind():
    done = run("--games", "1", "--players", "2", "--json")
    assert done.returncode == 0, done.stderr
    (row,) = json.loads(done.stdout)
    assert row["game"] == "boss-quest" and row["players"] == 2
    assert row["bot_instructions"] > row["random_instructions"] > 0
    assert row["cost_ratio"] == row["bot_instructions"] / row["random_instructions"]
