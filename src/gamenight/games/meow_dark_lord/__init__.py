"""Meow, Dark Lord!: cats raid the Dark Lord's Tower for coins before Rigor Mortis returns.

Rules: the project's rules page (from the Russian rulebook); how the engine
plays its finer points is in ``docs/meow-dark-lord.md``. The cats are data in
``data/cats.toml``.
"""

from gamenight.kernel import GameSpec

from .state import MeowState

SPEC = GameSpec(
    state=MeowState,
    bots=__name__ + ".bots",
    default_bot="heuristic",
    observation=__name__ + ".observation",
    rig=__name__ + ".rig",
    renderer=__name__ + ".ui.terminal",
    web=__name__ + ".ui.web",
    sim=__name__ + ".sim",
    languages=("en", "ja", "uk", "ru", "lt"),
    docs="docs/meow-dark-lord.md",
)

__all__ = ["SPEC", "MeowState"]
