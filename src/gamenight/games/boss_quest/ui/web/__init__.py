"""Boss Quest in the browser (``gamenight serve``): ``table.js`` draws the boss, the
Mage's spells and every player's weapons."""

RULES = (
    "Each round a boss appears. In turn, take 1 to 4 weapons from the deck (face up; your "
    "first weapon of the round is hidden), or visit the Mage: take one of the spells laid "
    "beside it, or discard it, and stop taking weapons. Your attack is the sum of your "
    "weapons. At the battle, whoever reaches the boss's HP without going over wins a key; "
    "going over costs a heart. The first to the key target wins; a player with no heart "
    "left loses."
)
