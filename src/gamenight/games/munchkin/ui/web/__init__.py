"""Munchkin in the browser (``gamenight serve``): ``table.js`` draws the seats, your hand,
the door card, the combat, the run away, the offers and the open window.

One table serves every card set: the view's ``game`` names the set, and `catalog` gives
the drawing that set's cards in the table's language (served by the server as JSON).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gamenight.games.munchkin import SETS
from gamenight.games.munchkin.content import Card

RULES = (
    "Reach level 10 first (the last level only by killing a monster). On your turn kick "
    "open the door: a monster is fought at once, a curse strikes you, anything else goes "
    "to your hand. If you did not fight, look for trouble (fight a monster from your hand) "
    "or loot the room (a Door card face down). Then give away cards above your hand limit "
    "to the lowest-level player. In a fight your strength (level plus equipped items and "
    "bonuses) must beat the monsters'; ask one player for help with a bribe of the "
    "treasures, or run away (5 or more on the die escapes, else its Bad Stuff hits you). "
    "Anyone may play one-shots, enhancers and curses while a window is open: the fight "
    "ends once everybody has passed since the last change. Winning a fight gives a level "
    "per monster and its treasures. Sell items for a level per 1,000 gold, trade items "
    "outside fights, and equip only what your class, race and slots allow."
)


@cache
def catalog(game: str, lang: str) -> dict[str, Any]:
    """The card set of `game` in `lang`: each card instance's design key (``cards``), and
    each design's words and numbers (``designs``). All of it is printed on the cards."""
    cs = SETS[game].CS
    return {
        "cards": list(cs.keys),
        "designs": {key: _design(card, lang) for key, card in cs.designs.items()},
    }


def _design(card: Card, lang: str) -> dict[str, Any]:
    return {
        "name": card.name.get(lang),
        "text": None if card.text is None else card.text.get(lang),
        "kind": card.kind.value,
        "deck": "treasure" if card.deck else "door",
        "level": card.level,
        "treasures": card.treasures,
        "bonus": card.bonus,
        "slot": None if card.slot is None else card.slot.value,
        "big": card.big,
        "value": card.value,
    }
