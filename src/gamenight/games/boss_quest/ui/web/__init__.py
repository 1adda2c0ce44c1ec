"""Boss Quest in the browser (``gamenight serve``): ``table.js`` draws the boss, the
Mage's spells and every player's weapons; `catalog` names the spells in its language."""

from functools import cache
from typing import Any

from gamenight.games.boss_quest.content import SPELLS
from gamenight.i18n import translations

RULES = (
    "Each round a boss appears. In turn, take 1 to 4 weapons from the deck (face up; your "
    "first weapon of the round is hidden), or visit the Mage: take one of the spells laid "
    "beside it, or discard it, and stop taking weapons. Your attack is the sum of your "
    "weapons. At the battle, whoever reaches the boss's HP without going over wins a key; "
    "going over costs a heart. The first to the key target wins; a player with no heart "
    "left loses."
)


@cache
def catalog(game: str, lang: str) -> dict[str, Any]:
    """Each spell's name in `lang`, by the key the view names it with."""
    words = translations("gamenight.games.boss_quest.ui", lang)
    return {"spells": {spell.key: words.pgettext("spell", spell.name.en) for spell in SPELLS}}
