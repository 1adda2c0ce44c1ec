"""Records and summaries (`play --save`, `simulate --save` and `--json`) are written
whole or not at all, never through a planted symlink, and a write error is a one-line
error that leaves no file; `replay` reads only regular files within bounds."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from gamenight import GameRecord
from gamenight.cli.app import app
from gamenight.kernel.limits import MAX_RECORD_CHARS
from gamenight.sim import simulate
from gamenight.sim.files import FileError, read_text, remove_partial, write_atomic
from gamenight.sim.runner import MAX_GAMES

runner = CliRunner()
GAMENIGHT = [sys.executable, "-m", "gamenight"]


def names(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# ----- write_atomic -------------------------------------------------------------------


def test_a_write_replaces_the_file_whole_and_leaves_nothing_else(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old")
    write_atomic(path, "new é")
    assert path.read_text(encoding="utf-8") == "new é"
    assert names(tmp_path) == ["game.json"]


def test_a_planted_symlink_is_replaced_not_written_through(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("precious")
    link = tmp_path / "game.json"
    link.symlink_to(target)
    write_atomic(link, "record")
    assert target.read_text() == "precious"
    assert not link.is_symlink() and link.read_text() == "record"


def test_a_write_that_fails_midway_leaves_the_old_file_and_no_temporary(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old")
    with pytest.raises(UnicodeEncodeError):
        write_atomic(path, "half" + "\ud800")  # fails while writing
    assert path.read_text() == "old"
    assert names(tmp_path) == ["game.json"]


@pytest.mark.parametrize("where", ["missing/game.json", "folder"])
def test_a_path_that_cannot_be_written_is_a_one_line_file_error(tmp_path, where):
    (tmp_path / "folder").mkdir()
    with pytest.raises(FileError, match=f"{where}: cannot write: ") as info:
        write_atomic(tmp_path / where, "x")
    assert "\n" not in str(info.value)
    assert names(tmp_path) == ["folder"] and names(tmp_path / "folder") == []


def test_remove_partial_removes_only_the_temporaries_of_the_names_given(tmp_path):
    for name in (".game-00001.json.1a2b3c4d.partial", ".notes.txt.00000000.partial", "x"):
        (tmp_path / name).write_text("")
    remove_partial(tmp_path, "game-*.json")
    assert names(tmp_path) == [".notes.txt.00000000.partial", "x"]


# ----- read_text ------------------------------------------------------------------------


def test_read_text_reads_a_regular_file_and_follows_a_symlink_to_one(tmp_path):
    (tmp_path / "a.json").write_text("{}")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    assert read_text(tmp_path / "b.json", 10) == "{}"


def test_read_text_refuses_a_fifo_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(FileError, match="not a regular file"):
        read_text(fifo, 100)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_read_text_refuses_a_device(device):
    with pytest.raises(FileError, match="not a regular file"):
        read_text(device, 100)


def test_read_text_refuses_a_file_past_the_limit_and_bad_utf8(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as file:
        file.truncate(1001)  # sparse: no disk used
    with pytest.raises(FileError, match="larger than the limit of 1,000 bytes"):
        read_text(big, 1000)
    (tmp_path / "bad").write_bytes(b"\xff\xfe")
    with pytest.raises(FileError, match="not a text file"):
        read_text(tmp_path / "bad", 1000)
    with pytest.raises(FileError, match="No such file"):
        read_text(tmp_path / "none", 1000)


# ----- simulate ---------------------------------------------------------------------------


def test_simulate_replaces_a_symlink_planted_among_the_records(tmp_path):
    saved, target = tmp_path / "games", tmp_path / "target.txt"
    saved.mkdir()
    target.write_text("precious")
    (saved / "game-00001.json").symlink_to(target)
    simulate("boss-quest", games=2, players=2, seed=1, save_dir=saved)
    assert target.read_text() == "precious"
    assert names(saved) == ["game-00001.json", "game-00002.json"]
    assert not (saved / "game-00001.json").is_symlink()
    GameRecord.from_json((saved / "game-00001.json").read_text())


def file_size_limited(limit: int):
    """For a child process: writes past `limit` bytes fail (EFBIG), as on a full disk."""
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_record_that_cannot_be_written_is_a_one_line_error_and_no_file(tmp_path, workers):
    saved = tmp_path / "games"
    args = ["simulate", "boss-quest", "-n", "4", "-s", "1", "-w", workers, "--save", str(saved)]
    done = subprocess.run(
        [*GAMENIGHT, *args],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=file_size_limited(100),  # a record is longer
    )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {saved}/game-0000")
    assert lines[0].endswith(".json: cannot write: File too large")
    assert names(saved) == []


def test_a_summary_that_cannot_be_written_is_a_one_line_error_and_no_file(tmp_path):
    summary = tmp_path / "summary.json"
    args = ["simulate", "boss-quest", "-n", "2", "-s", "1", "--json", str(summary)]
    done = subprocess.run(
        [*GAMENIGHT, *args],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=file_size_limited(100),
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [f"error: {summary}: cannot write: File too large"]
    assert names(tmp_path) == []


def test_the_summary_replaces_a_planted_symlink(tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("precious")
    (tmp_path / "s.json").symlink_to(target)
    args = ["simulate", "boss-quest", "-n", "2", "-s", "1", "--json", str(tmp_path / "s.json")]
    assert runner.invoke(app, args).exit_code == 0
    assert target.read_text() == "precious"
    assert json.loads((tmp_path / "s.json").read_text())["games"] == 2


def test_games_has_an_upper_bound():
    assert MAX_GAMES == 10_000_000
    result = runner.invoke(app, ["simulate", "boss-quest", "-n", str(MAX_GAMES + 1)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: games must be a positive integer up to 10,000,000, got {MAX_GAMES + 1}"
    ]
    with pytest.raises(ValueError, match="up to 10,000,000"):
        simulate("boss-quest", games=10**30, players=2)


# ----- replay and play ----------------------------------------------------------------

PLAY = ["play", "boss-quest", "-p", "3", "--bots", "random", "--seed", "5", "-o", "key_target=2"]


def test_replay_refuses_a_fifo_without_hanging(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    done = subprocess.run(
        [*GAMENIGHT, "replay", str(fifo), "--no-step"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"error: {fifo}: cannot read: not a regular file"]


def test_replay_refuses_a_device_and_a_file_past_the_limit(tmp_path):
    result = runner.invoke(app, ["replay", "/dev/zero", "--no-step"])
    assert result.exit_code == 2
    assert "/dev/zero: cannot read: not a regular file" in result.output
    big = tmp_path / "big.json"
    with open(big, "wb") as file:
        file.truncate(MAX_RECORD_CHARS + 1)  # sparse: no disk used
    result = runner.invoke(app, ["replay", str(big), "--no-step"])
    assert result.exit_code == 2
    assert f"larger than the limit of {MAX_RECORD_CHARS:,} bytes" in result.output


def test_play_save_replaces_a_planted_symlink(tmp_path):
    target, path = tmp_path / "target.txt", tmp_path / "game.json"
    target.write_text("precious")
    path.symlink_to(target)
    result = runner.invoke(app, [*PLAY, "--save", str(path)], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert target.read_text() == "precious"
    assert GameRecord.from_json(path.read_text()).seed == 5


def test_play_save_that_cannot_be_written_is_one_line_and_leaves_no_file(tmp_path):
    path = tmp_path / "game.json"
    done = subprocess.run(
        [*GAMENIGHT, *PLAY, "--save", str(path)],
        input="1\n" * 3000,
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=file_size_limited(100),
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"error: {path}: cannot write: File too large"]
    assert list(tmp_path.iterdir()) == []
