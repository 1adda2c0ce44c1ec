"""Munchkin: kick down the door, fight the monster, grab the treasure.

One engine serves every card set of ``data/`` (the base game now, Munchkin Fu later):
importing the package registers one game per set, under the game id of the set's
``[ruleset]``. Rules: the project's rules page for Munchkin (from the Japanese and
Ukrainian rulebooks); how the engine plays its finer points is in ``docs/munchkin.md``,
how to write a card in ``docs/cards.md``.
"""

from gamenight.kernel import register

from .content import load_set, set_files
from .state import MunchkinState, state_class

SETS: dict[str, type[MunchkinState]] = {}
for _file in set_files():
    _cls = state_class(load_set(_file))
    SETS[_cls.game_id] = register(_cls)

__all__ = ["SETS", "MunchkinState"]
