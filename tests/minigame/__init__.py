"""A test-only game that exercises the kernel's interaction helpers (windows, the
decision stack, offers), hidden hands and a safety limit, small enough to check by hand.

Importing the package registers it as ``minigame`` (it is not in `gamenight.games()`).
"""

from .state import MiniState

__all__ = ["MiniState"]
