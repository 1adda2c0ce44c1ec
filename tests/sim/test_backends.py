"""The backends: the same seed gives the same results in this process, on worker processes
and on Ray; results come back in chunk order from a bounded window of chunks."""

from __future__ import annotations

import json
import os
import re
import socket
import sys
import time

import pytest
from typer.testing import CliRunner

from gamenight.cli.app import app
from gamenight.sim import simulate
from gamenight.sim.backends import RAY_MISSING, Backend
from gamenight.sim.tournament import ResultStore, TournamentConfig, run_tournament, summarize

runner = CliRunner()
BACKENDS = {
    "in-process": {},
    "2 processes": {"workers": 2},
    "ray": {"ray": "auto"},
}


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray of two CPUs, started for these tests (the backend joins it)."""
    ray = pytest.importorskip("ray", reason="Ray is not installed (the ray extra)")
    with pytest.MonkeyPatch.context() as patch:
        # Ray's worker processes import the chunk functions: give them this path.
        patch.setenv("PYTHONPATH", os.pathsep.join(sys.path))
        # Ray's workers' output is not relayed to the test process, where it would
        # interleave with the tests' own.
        ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING", log_to_driver=False)
    yield
    ray.shutdown()


@pytest.fixture(params=list(BACKENDS))
def backend(request) -> Backend:
    if request.param == "ray":
        request.getfixturevalue("local_ray")
    return Backend(**BACKENDS[request.param])


def slow_first(delays: dict[int, float], chunk: int) -> int:
    """A fake chunk: waits its delay (the first chunk the longest), returns its number."""
    time.sleep(delays.get(chunk, 0.0))
    if chunk < 0:
        raise RuntimeError(f"chunk {chunk} failed")
    return chunk


def test_results_come_in_chunk_order_from_a_bounded_window(backend):
    drawn = 0

    def chunks():
        nonlocal drawn
        for number in range(40):
            drawn += 1
            yield number

    results = []
    with backend.open(40) as pool:
        # The first chunk ends last: the others wait for it in the reorder buffer.
        for result in pool.map(slow_first, {0: 0.5, 1: 0.05, 2: 0.05}, chunks()):
            assert drawn - len(results) <= pool.window  # out: submitted and not yet yielded
            results.append(result)
    assert results == list(range(40))
    assert pool.window == (1 if pool.parallel == 1 else 4 * pool.parallel)


def test_unordered_results_come_as_they_finish_all_of_them(backend):
    with backend.open(10) as pool:
        results = list(pool.map(slow_first, {0: 0.3}, range(10), ordered=False))
    assert sorted(results) == list(range(10))


def test_a_failing_chunk_stops_the_run_with_its_error(backend):
    with backend.open(10) as pool, pytest.raises(RuntimeError, match="chunk -3 failed"):
        list(pool.map(slow_first, {}, [1, 2, -3, 4, 5, 6]))


def test_a_stopped_ray_run_cancels_no_task(local_ray, monkeypatch):
    """Ray's `cancel` of a task that is just finishing aborts the asking process inside
    Ray: a stopped run leaves its tasks to end (or to a shutdown) instead."""
    import ray

    cancelled = []
    monkeypatch.setattr(ray, "cancel", lambda *args, **kwargs: cancelled.append(args))
    with Backend(ray="auto").open(10) as pool, pytest.raises(RuntimeError, match="chunk -3"):
        list(pool.map(slow_first, {4: 0.3, 5: 0.3}, [1, 2, -3, 4, 5, 6]))
    assert cancelled == []


def _comparable(result):
    data = result.to_dict()
    del data["elapsed_s"], data["games_per_s"]
    return data


def test_same_seed_same_simulation_on_every_backend(backend):
    kwargs = dict(games=240, players=3, agents=["passive", "random"], seed=7)
    alone = simulate("boss-quest", **kwargs)
    there = simulate("boss-quest", workers=backend.workers, ray=backend.ray, **kwargs)
    assert _comparable(there) == _comparable(alone)


def test_same_seed_same_tournament_on_every_backend(backend, tmp_path):
    config = TournamentConfig("boss-quest", 2, ("heuristic", "random", "passive"), 6, 5)
    figures = []
    for name, (workers, ray) in {"one": (1, None), "there": (backend.workers, backend.ray)}.items():
        store = run_tournament(config, tmp_path / f"{name}.sqlite", workers, ray=ray)
        summary = summarize(store).to_dict()
        store.close()
        del summary["seconds_per_game"]
        figures.append(summary)
    assert figures[0] == figures[1]
    store = ResultStore(tmp_path / "there.sqlite")
    assert [result.index for result in store.results()] == list(range(config.total))
    store.close()


def test_without_ray_installed_the_error_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    with pytest.raises(ValueError, match="install the ray extra") as error:
        simulate("boss-quest", games=2, players=2, seed=1, ray="auto")
    assert str(error.value) == RAY_MISSING == "install the ray extra: pip install 'gamenight[ray]'"


def test_a_ray_address_where_nothing_answers_is_refused_at_once(monkeypatch):
    ray = pytest.importorskip("ray", reason="Ray is not installed (the ray extra)")
    # As in a fresh command: the local Ray of the tests above would be joined instead.
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(
        ValueError, match=r"cannot join the Ray cluster at ray://127\.0\.0\.1:"
    ) as error:
        simulate("boss-quest", games=2, players=2, seed=1, ray=f"ray://127.0.0.1:{port}")
    assert "refused" in str(error.value)
    with pytest.raises(ValueError, match=r"HOST:PORT or ray://HOST:PORT, got 'head\.example'"):
        simulate("boss-quest", games=2, players=2, seed=1, ray="head.example")


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"workers": 2, "ray": "auto"}, "give workers (--workers) or ray (--ray), not both"),
        ({"ray": " "}, "ray must be 'auto' or a cluster's address"),
        ({"workers": 0}, "workers must be an integer from 1 to 256, got 0"),
    ],
)
def test_bad_backend_settings_raise_value_error(settings, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        Backend(**settings)


def test_simulate_on_ray_from_the_command_line(local_ray, tmp_path):
    args = ["simulate", "boss-quest", "-n", "30", "-p", "3", "-s", "9", "--json"]
    here = runner.invoke(app, [*args, str(tmp_path / "here.json")])
    there = runner.invoke(app, [*args, str(tmp_path / "there.json"), "--ray", "auto"])
    assert here.exit_code == there.exit_code == 0, there.output
    figures = [json.loads((tmp_path / name).read_text()) for name in ("here.json", "there.json")]
    for data in figures:
        del data["elapsed_s"], data["games_per_s"]
    assert figures[0] == figures[1]


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "boss-quest", "-n", "2"],
        ["tournament", "boss-quest", "-a", "random", "--db", "t.sqlite"],
        ["report", "boss-quest", "-n", "2", "--db", "t.sqlite"],
    ],
)
def test_the_commands_refuse_workers_and_ray_together(command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*command, "--workers", "2", "--ray", "auto"])
    assert result.exit_code == 2
    assert "give workers (--workers) or ray (--ray), not both" in result.output
    assert not any(tmp_path.iterdir())  # nothing written
