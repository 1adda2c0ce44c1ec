"""Ninja Master (Reiner Knizia, itten, 2022): the real-time dice game.

Rules: the project's rules page (from the Lithuanian rulebook). Everybody grabs at once:
the grab is one timed, simultaneous step (see `resolution`), driven alike by a live table
and by simulations.
"""

from gamenight.kernel import GameSpec

from .state import NinjaMasterState

SPEC = GameSpec(
    state=NinjaMasterState,
    bots=__name__ + ".bots",
    default_bot="normal",
    observation=__name__ + ".observation",
    rig=__name__ + ".rig",
    renderer=__name__ + ".ui.terminal",
    web=__name__ + ".ui.web",
    live_app=__name__ + ".ui.live",
    sim=__name__ + ".sim",
    languages=("en", "ja", "uk", "ru", "lt"),
    docs="docs/ninja-master.md",
)

__all__ = ["SPEC", "NinjaMasterState"]
