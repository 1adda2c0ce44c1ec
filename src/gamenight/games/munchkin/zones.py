"""Where cards are, and moving them: decks, discard piles, hands, play.

Decks' tops are their last elements. A hand is hidden, but some of its cards are known:
``public_hand`` lists the cards everybody saw go into a hand (a door kicked open face up,
a face-up treasure, a card taken from a body, a public card given in charity) and
``seen`` (flat pairs ``viewer, card``) the cards a seat saw go into another hand (a
charity gift). A card forgets both when it leaves the hand.
"""

from __future__ import annotations

from gamenight.kernel import Frame

from . import character, triggers
from .content import DECKS, DROPPABLE_KINDS, CardKind, Slot, TriggerOn
from .model import (
    DISCARD_PILES,
    DRAW_PILES,
    DrawData,
    DrawnData,
    EventKind,
    FrameKind,
    Limit,
    MunchkinModel,
    ReshuffleData,
    removed,
    with_seat,
)

ITEM = CardKind.ITEM


def forget(s: MunchkinModel, card: int) -> None:
    """`card` left a hand: nobody knows it is there any more."""
    if card in s.public_hand:
        s.public_hand = removed(s.public_hand, card)
    seen = s.seen
    if card in seen[1::2]:
        s.seen = tuple(
            x for i in range(0, len(seen), 2) if seen[i + 1] != card for x in seen[i : i + 2]
        )


def from_hand(s: MunchkinModel, seat: int, card: int) -> None:
    s.hands = with_seat(s.hands, seat, removed(s.hands[seat], card))
    forget(s, card)


def discard(s: MunchkinModel, card: int) -> None:
    """Put `card` face up on its discard pile; a card that may be claimed there (the
    ruleset's `fast_claim`, under the ``fast_play`` option) is offered to every seat."""
    pile = DISCARD_PILES[s.CS.deck[card]]
    setattr(s, pile, (*getattr(s, pile), card))
    if s.CS.claimable[card] and s.options.get("fast_play"):
        first = next_claimant(s, 0)
        if first >= 0:
            s.stack.push(Frame(FrameKind.CLAIM, claimant_seat(s, first), (card, first)))


def next_claimant(s: MunchkinModel, offset: int) -> int:
    """The first living seat at `offset` or after from the turn's player, as an offset
    (-1: none left): the order a claim goes round the table."""
    n = s.num_players
    for k in range(offset, n):
        if not s.dead[claimant_seat(s, k)]:
            return k
    return -1


def claimant_seat(s: MunchkinModel, offset: int) -> int:
    return (s.turn + offset) % s.num_players


def take_from_discard(s: MunchkinModel, deck: int) -> int:
    """Take the top card of a deck's discard pile (which has one)."""
    cards: tuple[int, ...] = getattr(s, DISCARD_PILES[deck])
    setattr(s, DISCARD_PILES[deck], cards[:-1])
    return cards[-1]


def discard_from_hand(s: MunchkinModel, seat: int, card: int) -> None:
    from_hand(s, seat, card)
    discard(s, card)


def draw_cards(s: MunchkinModel, deck: int, count: int) -> list[int]:
    """Take up to `count` cards from the top of a deck, refilling it from its discards
    (shuffled) when it runs out. A turn draws at most `draw_cap` cards (a safety bound
    that keeps every game finite; real play never reaches it)."""
    pile = list(getattr(s, DRAW_PILES[deck]))
    out = []
    for _ in range(count):
        if s.drawn >= s.draw_cap:
            break
        if not pile:
            pile = list(getattr(s, DISCARD_PILES[deck]))
            if not pile:
                break
            setattr(s, DISCARD_PILES[deck], ())
            s.rng.shuffle(pile)
            s.log(EventKind.RESHUFFLE, **ReshuffleData(deck=DECKS[deck], cards=len(pile)))
        out.append(pile.pop())
        s.drawn += 1
    if out:
        setattr(s, DRAW_PILES[deck], tuple(pile))
    return out


def draw(s: MunchkinModel, seat: int, deck: int, count: int, face_up: bool) -> list[int]:
    """`seat` draws `count` cards into its hand, face up (everybody sees them) or face
    down (only `seat` does)."""
    cards = draw_cards(s, deck, count)
    if not cards:
        return cards
    s.hands = with_seat(s.hands, seat, s.hands[seat] + tuple(cards))
    if face_up:
        s.public_hand += tuple(cards)
        s.log(EventKind.DRAW, **DrawData(seat=seat, deck=DECKS[deck], cards=cards))
    else:
        s.log(EventKind.DRAW, **DrawData(seat=seat, deck=DECKS[deck], count=len(cards)))
        s.log(EventKind.DRAWN, (seat,), **DrawnData(seat=seat, cards=cards))
    return cards


def to_hand_public(s: MunchkinModel, seat: int, card: int) -> None:
    """A card everybody has seen goes into `seat`'s hand."""
    s.hands = with_seat(s.hands, seat, (*s.hands[seat], card))
    s.public_hand += (card,)


# ----- in play ------------------------------------------------------------------------


def enter_play(s: MunchkinModel, seat: int, card: int) -> None:
    """`card` goes in front of `seat`; an item is equipped when it fits, else sideways."""
    s.table = with_seat(s.table, seat, (*s.table[seat], card))
    c = s.CS.cards[card]
    if c.kind == ITEM and c.slot != Slot.NONE and not character.can_equip(s, seat, card):
        s.unequipped += (card,)
    if c.triggers:
        triggers.fire_card(s, seat, card, TriggerOn.ENTER)


def leave_play(s: MunchkinModel, seat: int, card: int) -> None:
    """`card` leaves the table (it is not placed anywhere: the caller does that)."""
    s.table = with_seat(s.table, seat, removed(s.table[seat], card))
    if card in s.unequipped:
        s.unequipped = removed(s.unequipped, card)
    c = s.CS.cards[card]
    if c.triggers:
        triggers.fire_card(s, seat, card, TriggerOn.LEAVE)
    if c.kind == CardKind.FOLLOWER and character.bare_followers(s, seat) < 0:
        # the enhancer it carried goes with it (the last one played)
        ridden = [h for h in s.table[seat] if s.CS.kind[h] == CardKind.ENHANCER]
        discard_from_play(s, seat, ridden[-1])
    if c.kind == CardKind.CLASS and s.CS.rules.extra_class_bound:
        for bound in [h for h in s.table[seat] if s.CS.kind[h] == CardKind.SUPER_MUNCHKIN]:
            discard_from_play(s, seat, bound)
    if c.kind in DROPPABLE_KINDS:  # a class, race or follower may have given a slot...
        character.fix_equipment(s, seat)
        check_limits(s, seat)  # ...or a second class or race, or any number of Big items


def check_limits(s: MunchkinModel, seat: int) -> None:
    """Where `seat` now has more classes, races or Big items than it may, it chooses what
    to keep (a ``keep`` frame each; the rest is discarded)."""
    for limit in Limit:
        cards, allowed = character.limited(s, seat, limit)
        if len(cards) > allowed:
            s.stack.push(Frame(FrameKind.KEEP, seat, (int(limit),)))


def discard_from_play(s: MunchkinModel, seat: int, card: int) -> None:
    leave_play(s, seat, card)
    discard(s, card)


def owner(s: MunchkinModel, card: int) -> int:
    """The seat with `card` in play, or -1."""
    for seat, cards in enumerate(s.table):
        if card in cards:
            return seat
    return -1
