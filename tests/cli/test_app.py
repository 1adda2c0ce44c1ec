"""The `gamenight` command itself: version and the list of games."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from typer.testing import CliRunner

import gamenight
from gamenight.cli.app import app
from gamenight.kernel.registry import game_class


def test_version_prints_the_package_version():
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"gamenight {gamenight.__version__}"


def test_games_lists_every_game_with_its_options():
    result = CliRunner().invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for game_id in gamenight.games():
        assert game_id in result.output
        for option in game_class(game_id).options_spec:
            assert option.name in result.output


def test_games_names_each_games_bots_and_every_options_default():
    result = CliRunner().invoke(app, ["games"], env={"COLUMNS": "250"})
    assert result.exit_code == 0
    rows = result.output.splitlines()
    boss = next(i for i, row in enumerate(rows) if "boss-quest" in row)
    assert "heuristic (default)" in rows[boss] and "ismcts" in rows[boss + 1]
    assert "random" in rows[boss + 3]
    assert "hearts: hearts each player starts with (default 3)" in result.output
    assert "(default true)" in result.output  # a yes/no option, as -o takes it
    assert "normal (default)" in result.output  # Ninja Master's default bot


def test_the_scripts_module_loads_no_command_line():
    """A `spawn` worker of `simulate --workers` imports the script's module again before
    its first game: the command line (Typer, every command) would cost it a third of a
    second of CPU for nothing."""
    root = Path(__file__).parents[2]
    script = tomllib.loads((root / "pyproject.toml").read_text())["project"]["scripts"]
    module, _, function = script["gamenight"].partition(":")
    probe = (
        f"import sys, {module}; "
        f"assert callable({module}.{function}); "
        "print(sorted(m for m in sys.modules if m in ('typer', 'gamenight.cli.app')))"
    )
    ran = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "[]"
