"""How the game looks: its terminal renderers (named by each set's `GameSpec`), in the
languages of its catalogs (``locale/<lang>.po``). Card names and texts are the card sets'
data, in the languages each set declares."""

from gamenight.games.munchkin.content import CardKind, Deck, Instead, Sex, Slot
from gamenight.games.munchkin.model import Phase, WindowKind


def names() -> list[tuple[str, str]]:
    """Every word of the game's state the interface shows, as (catalog context, English
    word): the phases, the windows, the sexes, the decks, the card kinds, the item slots
    and what a card may save its owner from."""
    return [
        *(("phase", phase.value) for phase in Phase),
        *(("window", kind.value) for kind in WindowKind if kind.value),
        *(("sex", sex.value) for sex in Sex),
        *(("deck", deck.value) for deck in Deck),
        *(("card kind", kind.value.replace("_", " ")) for kind in CardKind),
        *(("slot", slot.value) for slot in Slot if slot != Slot.NONE),
        *(("instead", instead.value) for instead in Instead),
    ]
