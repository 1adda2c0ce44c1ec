"""Ninja Master in the browser (``gamenight serve``): ``table.js`` draws the dojo.

What the server needs to play the game live: `WAIT`, the move the live table makes for
a person who lets the earliest sealed move pass, and what it holds back between two
rounds, until the next round's dice are shown to every seat at the same instant: the
view's dice (`HOLD_VIEW`) and the roll event (`HOLD_EVENTS`).
"""

from gamenight.games.ninja_master import actions
from gamenight.games.ninja_master.model import EventKind

WAIT = actions.WAIT.to_json()
HOLD_VIEW = ("dice",)
HOLD_EVENTS = (EventKind.ROLL,)
RULES = (
    "The dice are shown to everybody at once, and everybody grabs at once: be quick! "
    "Take up to 2 tokens. A Ninja token scores the ninjas of its colour on the dice; a "
    "Smoke of that colour turns them negative (a second Smoke turns them back). The "
    "Katana steals half its owner's points when more Katanas than Shurikens were rolled "
    "(the owner taking it back just keeps it), and costs 3 points otherwise. Once a token "
    "is taken, anybody may call the total number of ninjas: +1 if right, -3 if wrong. The "
    "first call stops the grab. The Shuriken scores 1 per Shuriken rolled. The leader "
    "takes the Katana, the Shuriken moves on. The first to the target wins."
)
