"""How the game looks: its terminal renderer (named by its `GameSpec`), in the languages
of its catalogs (``locale/<lang>.po``)."""

from gamenight.games.meow_dark_lord.content import CATS


def names() -> list[tuple[str, str]]:
    """Every name the game's interface shows, as (catalog context, English name): the
    cats and the texts of their abilities."""
    cats = {cat.key: cat for cat in CATS}.values()  # each design once, not each copy
    abilities = [a for cat in cats for a in (cat.activation, cat.hire, cat.last_wish) if a]
    return [
        *(("cat", cat.name.en) for cat in cats),
        *(("ability", ability.text.en) for ability in abilities),
    ]
