"""Tournaments: the schedule, SQLite results that resume where they stopped, ratings and
the command."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

# pytest puts the tests folder on the path (its test packages are sim, search...).
from sim.test_interrupt import EXIT_WAIT_S, GAMENIGHT, STARTUP_WAIT_S, alive, with_ctrl_c
from typer.testing import CliRunner

from gamenight.cli.app import app
from gamenight.sim.files import FileError
from gamenight.sim.tournament import (
    ResultStore,
    TournamentConfig,
    game_seats,
    matchups,
    run_tournament,
    summarize,
)

runner = CliRunner()
AGENTS = ("heuristic", "random", "passive")


def config(games: int = 4, **changes) -> TournamentConfig:
    settings = {"game_id": "boss-quest", "players": 2, "agents": AGENTS, "games": games, "seed": 5}
    return TournamentConfig(**{**settings, **changes})


def figures(path) -> dict:
    store = ResultStore(path)
    summary = summarize(store).to_dict()
    store.close()
    del summary["seconds_per_game"]
    return summary


def test_every_table_of_agents_plays_and_every_agent_holds_every_seat():
    assert matchups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert matchups(["a", "b"], 3) == [("a", "a", "b"), ("a", "b", "b")]
    assert matchups(["a"], 3) == [("a", "a", "a")]
    games = config(games=4)
    seats = [game_seats(games, i) for i in range(games.total)]
    assert len(seats) == 12
    for agent in AGENTS:
        assert [s[0] for s in seats].count(agent) == [s[1] for s in seats].count(agent) == 4


def test_results_do_not_depend_on_workers(tmp_path):
    one, two = tmp_path / "one.sqlite", tmp_path / "two.sqlite"
    run_tournament(config(), one, workers=1).close()
    run_tournament(config(), two, workers=2).close()
    assert figures(one) == figures(two)
    summary = figures(one)
    assert summary["games"] == 12 and sum(a["seat_games"] for a in summary["agents"].values()) == 24
    assert summary["first_player"]["trials"] == 12  # the seat that acted first, each game
    assert next(iter(summary["agents"])) == "heuristic"  # the best rated


def test_an_interrupted_run_resumes_where_it_stopped(tmp_path):
    whole, cut = tmp_path / "whole.sqlite", tmp_path / "cut.sqlite"
    run_tournament(config(), whole).close()

    def stop(done: int, total: int) -> None:
        if done >= 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_tournament(config(), cut, progress=stop)
    stored = len(ResultStore(cut).done())
    assert 4 <= stored < 12
    seen: list[int] = []
    run_tournament(config(), cut, progress=lambda done, total: seen.append(done)).close()
    assert seen[0] == stored  # only the missing games were played
    assert figures(cut) == figures(whole)


def test_more_games_extend_a_tournament(tmp_path):
    path, direct = tmp_path / "t.sqlite", tmp_path / "direct.sqlite"
    run_tournament(config(games=2), path).close()
    run_tournament(config(games=4), path).close()
    run_tournament(config(games=4), direct).close()
    assert figures(path) == figures(direct)


def test_files_of_another_tournament_or_none_are_refused(tmp_path):
    path = tmp_path / "t.sqlite"
    run_tournament(config(games=1), path).close()
    with pytest.raises(FileError, match="another tournament"):
        run_tournament(config(games=1, seed=6), path)
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database " * 100)
    with pytest.raises(FileError, match="not a tournament file"):
        run_tournament(config(games=1), junk)
    with pytest.raises(FileError, match="folder"):
        run_tournament(config(games=1), tmp_path)
    empty = tmp_path / "empty.sqlite"
    sqlite3.connect(empty).close()
    with pytest.raises(FileError, match="empty"):
        ResultStore(empty)
    with pytest.raises(ValueError, match="unknown agent"):
        run_tournament(config(agents=("heuristic", "nobody")), tmp_path / "x.sqlite")


def test_the_command_prints_ratings_seats_and_lengths(tmp_path):
    path, summary = tmp_path / "t.sqlite", tmp_path / "t.json"
    args = ["tournament", "boss-quest", "-a", "heuristic,random", "--db", str(path), "-n", "4"]
    result = runner.invoke(
        app, [*args, "--seed", "2", "--json", str(summary)], env={"COLUMNS": "160"}
    )
    assert result.exit_code == 0, result.output
    for title in ("Ratings", "Seat advantage", "Game length"):
        assert title in result.stdout
    data = json.loads(summary.read_text())
    assert (
        data["games"] == 4
        and data["players"] == 2
        and set(data["agents"]) == {"heuristic", "random"}
    )
    again = runner.invoke(app, args)  # the file's seed: the same tournament, nothing to play
    assert again.exit_code == 0 and "4 games" in again.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-a", "heuristic,nobody"], "unknown agent"),
        (["-a", "heuristic", "-n", "0"], "positive"),
        (["-a", "heuristic", "-p", "9"], "players"),
        (["-a", "heuristic", "-w", "0"], "workers"),
    ],
)
def test_bad_arguments_give_a_one_line_error(tmp_path, args, message):
    result = runner.invoke(
        app, ["tournament", "boss-quest", "--db", str(tmp_path / "t.sqlite"), *args]
    )
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_stops_the_workers_keeps_the_games_and_the_same_command_resumes(tmp_path):
    path = tmp_path / "t.sqlite"
    # Enough games that Ctrl-C, sent when the first is stored, falls in the middle of the
    # run even on a loaded machine that lets the poll below wait: two workers play Boss
    # Quest's bots at two hundred games a second or more.
    args = ["tournament", "boss-quest", "-a", "heuristic,random", "-n", "3000", "--db", str(path)]
    args += ["-w", "2"]
    command = [*GAMENIGHT, *args, "--seed", "1"]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=with_ctrl_c,
    )
    try:
        deadline = time.monotonic() + STARTUP_WAIT_S
        while not (path.is_file() and stored(path)):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no game was stored"
            time.sleep(0.1)
        os.killpg(process.pid, signal.SIGINT)  # as a terminal does: the whole group
        out, err = process.communicate(timeout=EXIT_WAIT_S)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    assert "Traceback" not in out
    assert err.splitlines() == [
        f"Tournament interrupted; the games played are in {path}: run the same command to resume."
    ]
    deadline = time.monotonic() + EXIT_WAIT_S
    while alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert alive(process.pid) == [], "worker processes were left running"
    assert 0 < stored(path) < 3000
    again = runner.invoke(app, args)  # the same command (the file's seed) plays the rest
    assert again.exit_code == 0, again.output
    assert stored(path) == 3000 and "3,000 games" in again.stdout


def stored(path: Path) -> int:
    with sqlite3.connect(path) as db:
        try:
            return db.execute("SELECT count(*) FROM games").fetchone()[0]
        except sqlite3.OperationalError:  # the table is not there yet
            return 0
