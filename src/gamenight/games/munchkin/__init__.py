"""Munchkin: kick down the door, fight the monster, grab the treasure.

One engine serves every card set of ``data/`` (the base game and Munchkin Fu):
importing the package registers one game per set, under the game id of the set's
``[ruleset]``, and names each set's manifest by its file's stem for the ``gamenight.games``
entry points (``gamenight.games.munchkin:base``). Rules: the project's rules page for
Munchkin (from the Japanese and Ukrainian rulebooks); how the engine plays its finer
points is in ``docs/munchkin.md``, how to write a card in ``docs/cards.md``.
"""

from pathlib import Path
from typing import Any

from gamenight.kernel import GameSpec, register

from .content import load_set, set_files
from .state import MunchkinState, state_class

SETS: dict[str, type[MunchkinState]] = {}  # game id -> its State class
SPECS: dict[str, GameSpec] = {}  # game id -> its manifest
BY_FILE: dict[str, GameSpec] = {}  # set file stem ("base") -> its manifest


UI_DIR = Path(__file__).parent / "ui"


def _register(cls: type[MunchkinState], stem: str) -> GameSpec:
    # a set with its own renderer module (``ui/<stem>.py``) names its events' cards from
    # itself; the base set uses the shared one
    own = (UI_DIR / f"{stem}.py").exists()
    spec = GameSpec(
        state=cls,
        bots=__name__ + ".bots",
        default_bot="heuristic",
        observation=__name__ + ".observation",
        rig=__name__ + ".rig",
        renderer=f"{__name__}.ui.{stem if own else 'terminal'}",
        web=__name__ + ".ui.web",
        sim=__name__ + ".sim",
        languages=cls.CS.rules.languages,
        docs="docs/munchkin.md",
    )
    SPECS[cls.game_id] = register(spec)
    return spec


for _file in set_files():
    _cls = state_class(load_set(_file))
    SETS[_cls.game_id] = _cls
    _stem = _file.removesuffix(".toml")
    BY_FILE[_stem] = _register(_cls, _stem)


def __getattr__(name: str) -> Any:
    """A set's manifest by its file's stem (``gamenight.games.munchkin:base``), for an
    entry point of the ``gamenight.games`` group."""
    try:
        return BY_FILE[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


__all__ = ["BY_FILE", "SETS", "SPECS", "MunchkinState"]
