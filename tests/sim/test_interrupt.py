"""Ctrl-C during `gamenight simulate` stops it: the process exits with status 130 and a
one-line message, leaves no worker process running and no partial record file.

Each case runs the command in its own process group and sends SIGINT the way a terminal
does (to the whole group) or to the main process alone. The waits are bounded but
generous; how fast the exit is, is measured by hand, not asserted here.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gamenight import GameRecord

GAMENIGHT = [sys.executable, "-m", "gamenight"]
STARTUP_WAIT_S = 120  # until the first record is saved
EXIT_WAIT_S = 60


def with_ctrl_c() -> None:
    """In the command's process before it starts: Ctrl-C as a terminal gives it. A test
    run started in the background (``cmd &``, as some CI runners do) ignores SIGINT, its
    children inherit that, and Python then installs no KeyboardInterrupt for it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def alive(group: int) -> list[int]:
    """The processes of a process group that are still running (not zombies)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == group and fields[0] != "Z":
                pids.append(int(entry.name))
    return pids


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    ("workers", "to"),
    [("2", "group"), ("2", "main process"), ("1", "group")],
)
def test_ctrl_c_stops_a_simulation_at_once_and_cleanly(tmp_path, workers, to):
    saved = tmp_path / "games"
    args = ["simulate", "boss-quest", "-n", "100000", "-a", "heuristic", "-w", workers, "-s", "1"]
    process = subprocess.Popen(
        [*GAMENIGHT, *args, "--save", str(saved)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal gives a command
        preexec_fn=with_ctrl_c,
    )
    try:
        deadline = time.monotonic() + STARTUP_WAIT_S
        while not (saved.is_dir() and any(saved.iterdir())):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no game was saved"
            time.sleep(0.05)
        time.sleep(0.5)  # games under way in every worker
        if to == "group":
            os.killpg(process.pid, signal.SIGINT)
        else:
            os.kill(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=EXIT_WAIT_S)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    assert err.splitlines() == [
        f"Simulation interrupted; the records in {saved} are complete games."
    ]
    assert "Traceback" not in out
    deadline = time.monotonic() + EXIT_WAIT_S
    while alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert alive(process.pid) == [], "worker processes were left running"
    files = sorted(saved.iterdir())
    assert files, "the games finished before Ctrl-C were kept"
    for file in files:
        assert file.name.startswith("game-") and file.suffix == ".json", file.name
        GameRecord.from_json(file.read_text())  # whole
