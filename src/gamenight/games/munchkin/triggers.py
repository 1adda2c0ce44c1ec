"""Triggers: the operation lists a card queues when something happens to it or its owner.

A card's operation list runs on the decision stack as automatic ``ops`` frames (see
`effects`); queuing one here is all that cards entering or leaving play, wins, deaths and
monsters revealed need, so the modules that move cards and run combats need no more of
the effect vocabulary than this.
"""

from __future__ import annotations

from gamenight.kernel import Frame

from . import character
from .content import TriggerOn
from .model import FrameKind, MunchkinModel

OPS = FrameKind.OPS


def run_list(s: MunchkinModel, card: int, code: int, subject: int, controller: int) -> None:
    """Queue a card's operation list (it runs as the stack unwinds)."""
    if s.CS.cards[card].op_lists[code]:
        s.stack.push(Frame(OPS, controller, (card, code, 0, subject)))


def fire(s: MunchkinModel, seat: int, on: TriggerOn) -> None:
    """Run the `on` triggers of `seat`'s active cards (its subject: `seat`)."""
    cards = s.CS.cards
    for c in reversed(character.active(s, seat)):
        for t in reversed(cards[c].triggers):
            if t.on == on and (t.when is None or character.player_meets(s, seat, t.when)):
                run_list(s, c, t.code, seat, seat)


def fire_card(s: MunchkinModel, seat: int, card: int, on: TriggerOn) -> None:
    """Run one card's `on` triggers (entering or leaving play)."""
    for t in reversed(s.CS.cards[card].triggers):
        if t.on == on and (t.when is None or character.player_meets(s, seat, t.when)):
            run_list(s, card, t.code, seat, seat)


def fire_monster(s: MunchkinModel, monster: int, on: TriggerOn, subject: int) -> None:
    """Run a monster's `on` triggers on `subject` (its condition tests the monster)."""
    for t in reversed(s.CS.cards[monster].triggers):
        if t.on == on and (t.when is None or character.monster_meets(s, monster, t.when)):
            run_list(s, monster, t.code, subject, subject)
