"""How the game looks: its terminal renderer (named by its `GameSpec`), in the languages
of its catalogs (``locale/<lang>.po``)."""

from gamenight.games.boss_quest.content import COLOUR_NAMES, SPELLS
from gamenight.games.boss_quest.model import SlotStatus


def names() -> list[tuple[str, str]]:
    """Every name the game's interface shows, as (catalog context, English name): the
    weapon colours (and their letters in the compact table), the spells and their
    effects, the states of a spell."""
    return [
        *(("colour", name.en) for name in COLOUR_NAMES.values()),
        *(("colour letter", name.en[0].upper()) for name in COLOUR_NAMES.values()),
        *(("spell", spell.name.en) for spell in SPELLS),
        *(("spell text", spell.text.en) for spell in SPELLS),
        *(("spell status", status.value) for status in SlotStatus),
    ]
