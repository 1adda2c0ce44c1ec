"""Meow, Dark Lord!: cats raid the Dark Lord's Tower for coins before Rigor Mortis returns.

Rules: the project's rules page (from the Russian rulebook); how the engine
plays its finer points is in ``docs/meow-dark-lord.md``. The cats are data in
``data/cats.toml``.
"""

from .state import MeowState

__all__ = ["MeowState"]
