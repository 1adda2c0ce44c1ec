"""The examples run (briefly), so they do not rot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="the examples need the rl extra")

EXAMPLES = Path(__file__).parents[2] / "examples"


def test_ismcts_example_prints_a_win_rate():
    script = EXAMPLES / "ismcts_boss_quest.py"
    args = ["--games", "2", "--players", "2", "--simulations", "4"]
    done = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "won" in done.stdout and "of 2 games against 1 random players" in done.stdout
