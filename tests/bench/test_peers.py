"""`bench/peers.py` end to end on a tiny budget: the shape of its output, not its figures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
PEERS = BENCH / "peers.py"
TINY = ["--game", "boss-quest", "--seconds", "0.02"]

needs_peers = pytest.mark.skipif(
    find_spec("rlcard") is None or find_spec("pyspiel") is None,
    reason="rlcard or open_spiel is not installed (the `bench` extra)",
)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "COLUMNS": "200"},  # the table unwrapped
    )


@needs_peers
def test_json_has_every_contestant_and_round():
    done = run(str(PEERS), *TINY, "--rounds", "2", "--json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)

    assert figures["rounds"] == 2
    assert set(figures["machine"]) == {"python", "cores", "platform", "load_average"}
    contestants = figures["contestants"]
    assert list(contestants) == ["boss-quest", "uno", "hearts"]
    for name, contestant in contestants.items():
        assert contestant["decisions_per_s"] > 0
        assert len(contestant["rounds"]["decisions_per_s"]) == 2
        speed = contestant["speed_vs"]
        assert speed["random_play_uno"] > 0 and speed["random_play_hearts"] > 0
        searched = name != "uno"  # RLCard's UNO has no determinize nor clone
        for primitive in ("determinize", "clone"):
            assert (contestant[f"{primitive}_us"] is not None) == searched
            assert (speed[f"{primitive}_hearts"] is not None) == searched
            assert len(contestant["rounds"][f"{primitive}_us"]) == (2 if searched else 0)


@needs_peers
def test_table_has_a_row_per_contestant():
    done = run(str(PEERS), *TINY, "--rounds", "1")
    assert done.returncode == 0, done.stderr
    columns = ("seats", "decisions/s", "×UNO", "×hearts", "determinize", "clone", "µs")
    for text in (*columns, "RLCard", "OpenSpiel"):
        assert text in done.stdout
    for name in ("boss-quest", "uno", "hearts"):
        assert any(line.split()[:1] == [name] for line in done.stdout.splitlines())


def test_a_missing_peer_names_the_bench_extra():
    hide_rlcard = (
        "import runpy, sys; sys.modules['rlcard'] = None; "
        f"sys.path.insert(0, {str(BENCH)!r}); sys.argv = ['peers.py']; "
        f"runpy.run_path({str(PEERS)!r}, run_name='__main__')"
    )
    done = run("-c", hide_rlcard)
    assert done.returncode == 1
    assert "rlcard is not installed" in done.stderr
    assert "`bench` extra" in done.stderr
