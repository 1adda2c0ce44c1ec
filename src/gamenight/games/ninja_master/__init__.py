"""Ninja Master (Reiner Knizia, itten, 2022): the real-time dice game.

Rules: the project's rules page (from the Lithuanian rulebook). Everybody grabs at once:
the grab is one timed, simultaneous step (see `resolution`), driven alike by a live table
and by simulations.
"""

from .state import NinjaMasterState

__all__ = ["NinjaMasterState"]
