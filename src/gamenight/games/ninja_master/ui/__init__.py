"""How the game looks: its terminal renderer and live app (named by its `GameSpec`), in
the languages of its catalogs (``locale/<lang>.po``)."""

from gamenight.games.ninja_master.content import COLOUR_NAMES, DICE_FILE


def names() -> list[tuple[str, str]]:
    """Every name the game's interface shows, as (catalog context, English name): the
    colours and the kinds of face (and so every token)."""
    kinds = DICE_FILE.kinds
    return [
        *(("colour", name.en) for name in COLOUR_NAMES),
        *(("face", name.en) for name in (kinds.ninja, kinds.smoke, kinds.katana, kinds.shuriken)),
    ]
