"""Losses and their preventions: what a loss may take, the cards that replace a loss
(the Rabbit's Foot, the Tinfoil Hat), and a curse aimed at a player.

Both the door (a curse kicked open acts at once) and the effect vocabulary (a curse
played from hand, Bad Stuff) need these, so they sit below both.
"""

from __future__ import annotations

from gamenight.kernel import Frame

from . import character, triggers, zones
from .content import CardKind, Instead, LoseSlot, Op, OpKind, Persistence, Slot
from .model import CurseData, EventKind, FrameKind, MunchkinModel, ReplacedData, removed

WORN_AT = {LoseSlot.HEAD: Slot.HEAD, LoseSlot.ARMOR: Slot.ARMOR, LoseSlot.FOOT: Slot.FOOT}


def item_candidates(s: MunchkinModel, seat: int, slot: LoseSlot) -> list[int]:
    """The items of `seat` a ``lose_item`` of `slot` may take."""
    cards = s.CS.cards
    items = [c for c in s.table[seat] if cards[c].kind == CardKind.ITEM]
    if slot in (LoseSlot.ANY, LoseSlot.ALL):
        return items
    if slot == LoseSlot.BEST:
        if not items:
            return []
        best = max(character.allowed(s, seat, cards[c]) * cards[c].bonus for c in items)
        # Tied best items: the victim chooses among them.
        return [c for c in items if character.allowed(s, seat, cards[c]) * cards[c].bonus == best]
    if slot == LoseSlot.BIG:
        return [c for c in items if cards[c].big]
    if slot == LoseSlot.HAND:
        return [c for c in items if cards[c].slot in (Slot.HAND1, Slot.HAND2)]
    return [c for c in items if cards[c].slot == WORN_AT[slot]]


def replaced(s: MunchkinModel, seat: int, what: Instead) -> bool:
    """If a card of `seat` replaces `what`, carry out the replacement and say so."""
    cards = s.CS.cards
    for c in character.active(s, seat):
        for r in cards[c].replacements:
            if r.instead_of == what:
                s.log(EventKind.REPLACED, **ReplacedData(seat=seat, card=c, what=what))
                if not r.keep:
                    zones.discard_from_play(s, seat, c)
                triggers.run_list(s, c, r.code, seat, seat)
                return True
    return False


def curse_at(s: MunchkinModel, card: int, victim: int, source: int) -> None:
    """A curse is aimed at `victim`: a card of theirs may stop it; else they answer."""
    s.log(EventKind.CURSE, **CurseData(card=card, seat=victim, source=source))
    if curse_would_act(s, card, victim) and replaced(s, victim, Instead.CURSE):
        s.limbo = removed(s.limbo, card)
        zones.discard(s, card)
        return
    s.stack.push(Frame(FrameKind.CURSE, victim, (card, source)))


def curse_would_act(s: MunchkinModel, card: int, victim: int) -> bool:
    """Whether a curse would change anything for `victim` (one that would hit only what
    they lack does nothing, so nothing need stop it)."""
    c = s.CS.cards[card]
    if c.persistent != Persistence.NONE:
        return True
    assert c.use is not None  # the schema: a curse has a use
    return any(_would_act(s, op, victim) for op in c.op_lists[c.use.code])


def _would_act(s: MunchkinModel, op: Op, seat: int) -> bool:
    """Whether an operation on `seat` would change anything."""
    if op.op == OpKind.LOSE_LEVEL:
        return s.level[seat] > 1
    if op.op == OpKind.LOSE_ITEM:
        return bool(item_candidates(s, seat, op.slot or LoseSlot.ANY))
    if op.op == OpKind.LOSE_CLASS:
        return bool(character.traits(s, seat, CardKind.CLASS))
    if op.op == OpKind.LOSE_RACE:
        return bool(character.traits(s, seat, CardKind.RACE))
    if op.op == OpKind.DISCARD:
        return bool(s.hands[seat])
    return True
