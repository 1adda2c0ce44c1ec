"""Meow, Dark Lord! in the browser (``gamenight serve``): ``table.js`` draws the Tower, the
treasury and every player's hand and dungeon of cats; `catalog` names the cats in its
language."""

from functools import cache
from typing import Any

from gamenight.games.meow_dark_lord.content import CATS
from gamenight.i18n import translations

RULES = (
    "On your turn, hire a cat from your hand into your dungeon (or draw from the Tower), "
    "then let each cat in your dungeon act once: search for coins with the dice, attack "
    "another player's cat, or use its ability. The first to the coin target wins; if the "
    "Dark Lord Rigor Mortis returns from the Tower first, the richest cat lord wins."
)


@cache
def catalog(game: str, lang: str) -> dict[str, Any]:
    """Each cat's name in `lang`, by the key the view names it with."""
    words = translations("gamenight.games.meow_dark_lord.ui", lang)
    return {"cats": {cat.key: words.pgettext("cat", cat.name.en) for cat in CATS}}
