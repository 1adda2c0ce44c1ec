"""Boss Quest (Christophe Lauras, Débâcle Jeux, 2019): press your luck against the boss.

Rules: ``shared/rules/boss-quest.md``; decisions the rulebook leaves open are documented
in ``docs/boss-quest.md``.
"""

from .state import BossQuestState

__all__ = ["BossQuestState"]
