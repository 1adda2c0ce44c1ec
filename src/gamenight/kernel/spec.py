"""A game's manifest: the one place that says what a game package provides.

Each game package exports one `GameSpec` and names it in the ``gamenight.games`` entry
point group of its distribution (gamenight's own games in its ``pyproject.toml``), so an
installed package adds a game with no edit to gamenight:

.. code-block:: toml

    [project.entry-points."gamenight.games"]
    boss-quest = "gamenight.games.boss_quest:SPEC"

Everything but the state class is named by module path and imported only when used, so
listing the games imports no game, and a game's rules never import its presentation.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State

# The parts of a game besides its state, each a module path (None: the game has none).
PARTS = ("bots", "observation", "rig", "renderer", "live_app", "web", "sim")


@dataclass(frozen=True)
class GameSpec:
    """What a game provides.

    - `state`: its `State` subclass (the rules);
    - `bots`: a module with ``BOTS``, a dict of agent name to ``factory(seed)``;
      `default_bot`: the bots' name when a table is filled without one;
    - `observation`: the RL encoder module (``layout``, ``encode``, ``text``, ``SCORES``,
      ``max_actions``: docs/rl.md);
    - `rig`: the module whose ``rig(state, **setup)`` builds positions for tests;
    - `renderer`: the terminal renderer module (``table``, ``choice``, ``events``,
      ``result``); `live_app`: the full-screen app of a real-time game (``run``);
    - `web`: the package of its browser table (``gamenight serve``): a folder holding
      ``table.js`` and its assets (None: the server's generic table);
    - `sim`: the module of its own simulation figures (``features``, ``counts``, ``tables``:
      `gamenight.sim.extra`), beyond the common ones;
    - `languages`: the languages its names come in; `docs`: its page in the docs.
    """

    state: type[State]
    bots: str | None = None
    default_bot: str = "random"
    observation: str | None = None
    rig: str | None = None
    renderer: str | None = None
    live_app: str | None = None
    web: str | None = None
    sim: str | None = None
    languages: tuple[str, ...] = ("en",)
    docs: str | None = None

    @property
    def game_id(self) -> str:
        """The game's id (its state class's ``game_id``)."""
        return self.state.game_id

    def part(self, name: str) -> ModuleType | None:
        """The module of one of the `PARTS` (imported on first use; ``None``: none)."""
        if name not in PARTS:
            raise ValueError(f"a game has no part {name!r}; parts: {', '.join(PARTS)}")
        path: str | None = getattr(self, name)
        return None if path is None else importlib.import_module(path)
