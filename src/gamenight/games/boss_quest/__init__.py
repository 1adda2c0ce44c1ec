"""Boss Quest (Christophe Lauras, Débâcle Jeux, 2019): press your luck against the boss.

Rules: the project's rules page (from the Russian rulebook); decisions the rulebook leaves
open are documented in ``docs/boss-quest.md``.
"""

from gamenight.kernel import GameSpec

from .state import BossQuestState

SPEC = GameSpec(
    state=BossQuestState,
    bots=__name__ + ".bots",
    default_bot="heuristic",
    observation=__name__ + ".observation",
    rig=__name__ + ".rig",
    renderer=__name__ + ".ui.terminal",
    web=__name__ + ".ui.web",
    sim=__name__ + ".sim",
    languages=("en", "ja", "uk", "ru", "lt"),
    docs="docs/boss-quest.md",
)

__all__ = ["SPEC", "BossQuestState"]
