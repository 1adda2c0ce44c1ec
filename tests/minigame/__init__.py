"""A test-only game that exercises the kernel's interaction helpers (windows, the
decision stack, offers), hidden hands and a safety limit, small enough to check by hand.

Importing the package registers it as ``minigame`` (it is not in `gamenight.games()`).
"""

from gamenight.kernel import GameSpec, register

from .state import MiniState

SPEC = register(
    GameSpec(state=MiniState, observation=__name__ + ".observation", rig=__name__ + ".rig")
)

__all__ = ["SPEC", "MiniState"]
