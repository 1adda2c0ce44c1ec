"""Boss Quest (Christophe Lauras, Débâcle Jeux, 2019): press your luck against the boss.

Rules: the project's rules page (from the Russian rulebook); decisions the rulebook leaves
open are documented in ``docs/boss-quest.md``.
"""

from .state import BossQuestState

__all__ = ["BossQuestState"]
