"""A game from another installed package: its manifest (`GameSpec`) in the
``gamenight.games`` entry point group is all gamenight needs.

The test game of `tests/minigame` is copied into a temporary folder as the package
``tinygame`` with a manifest, a terminal renderer and the metadata of an installed
distribution; nothing outside that folder is edited. It is played through
`gamenight play` (scripted input), `gamenight simulate` and the PettingZoo environment.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gamenight
from gamenight.cli.app import app
from gamenight.kernel import registry

MINIGAME = Path(__file__).parent.parent / "minigame"

MANIFEST = """
from gamenight.kernel import GameSpec

from .state import MiniState

SPEC = GameSpec(
    state=MiniState,
    observation=__name__ + ".observation",
    rig=__name__ + ".rig",
    renderer=__name__ + ".render",
)
"""

RENDERER = """
def table(view, lang, me=None, reveal=None):
    return f"round {view['round']}, you hold {view.get('hand')}"


def choice(view, action, lang):
    return str(action)


def events(events, lang, me=None):
    return [event.kind for event in events]


def result(view, lang, me=None):
    return "the game is over"
"""


@pytest.fixture
def tinygame(tmp_path, monkeypatch):
    """Install ``tinygame`` in a temporary folder on the path; gone after the test."""
    package = tmp_path / "tinygame"
    shutil.copytree(MINIGAME, package, ignore=shutil.ignore_patterns("test_*", "__pycache__"))
    state = package / "state.py"
    state.write_text(state.read_text().replace('game_id = "minigame"', 'game_id = "tinygame"'))
    (package / "__init__.py").write_text(MANIFEST)
    (package / "render.py").write_text(RENDERER)
    metadata = tmp_path / "tinygame-1.0.dist-info"
    metadata.mkdir()
    (metadata / "METADATA").write_text("Metadata-Version: 2.1\nName: tinygame\nVersion: 1.0\n")
    (metadata / "entry_points.txt").write_text("[gamenight.games]\ntinygame = tinygame:SPEC\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_SPECS", dict(registry._SPECS))
    registry.refresh()
    yield "tinygame"
    for name in [m for m in sys.modules if m == "tinygame" or m.startswith("tinygame.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.undo()
    registry.refresh()


def test_an_installed_package_adds_a_game(tinygame):
    assert tinygame in gamenight.games()
    assert gamenight.make(tinygame, 3, seed=1).game_id == tinygame


def test_it_is_played_at_the_terminal_simulated_and_served_to_rl(tinygame):
    runner = CliRunner()
    command = ["play", tinygame, "-p", "2", "--bots", "random", "--seed", "4"]
    played = runner.invoke(app, [*command, "-o", "max_rounds=2"], input="1\n" * 400)
    assert played.exit_code == 0, played.output
    assert "the game is over" in played.output

    simulated = runner.invoke(app, ["simulate", tinygame, "-n", "6", "-p", "3", "--seed", "2"])
    assert simulated.exit_code == 0, simulated.output
    assert "6 games" in simulated.output

    pettingzoo = pytest.importorskip("pettingzoo.test")
    from gamenight.envs.pettingzoo import env

    pettingzoo.api_test(env(tinygame, players=3, seed=1), num_cycles=100)
