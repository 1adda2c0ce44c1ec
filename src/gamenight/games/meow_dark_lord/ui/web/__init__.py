"""Meow, Dark Lord! in the browser (``gamenight serve``): ``table.js`` draws the Tower, the
treasury and every player's hand and dungeon of cats."""

RULES = (
    "On your turn, hire a cat from your hand into your dungeon (or draw from the Tower), "
    "then let each cat in your dungeon act once: search for coins with the dice, attack "
    "another player's cat, or use its ability. The first to the coin target wins; if the "
    "Dark Lord Rigor Mortis returns from the Tower first, the richest cat lord wins."
)
