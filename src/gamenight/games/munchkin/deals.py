"""Deals between players: help for a bribe, trades, selling, charity.

Help and trades are the kernel's `Offers`, public (everybody at the table hears them):

- **Help.** In the combat window the fighter asks one seat (``Ask``) and builds the bribe
  on a ``bribe`` frame: items of theirs in play (``Pick`` toggles one), how many of the
  monsters' treasures (``Treasures``) and who picks them first (``FirstPick``); ``Done``
  sends it. The seat accepts, declines or counters once (its own terms, built the same
  way); the fighter accepts or declines a counter. Each seat is asked at most once a
  combat, and there is one helper at most. Terms: ``(treasures, helper_first, *items)``.
  The engine pays on a win (`combat.reward`) and voids the offer otherwise.
- **Trades** of items in play, outside combat and running away: by the turn's player on
  their own turn, and by any living seat in the windows on a revealed door and at the end
  of a turn. Each seat may ask each other seat once a turn; the seat asked accepts,
  declines or counters once (its own terms, built the same way), and the asker accepts
  or declines a counter. Terms: ``(mine, *my_items, *their_items)``, ``mine`` counting
  the sender's items.

Neither a bribe nor a trade may leave a player with more Big items than they may carry
(one; Dwarves: any number): such terms are not offered.
"""

from __future__ import annotations

from gamenight.kernel import PASS, Action, Frame
from gamenight.kernel.offers import Offer, Terms

from . import character, combat, zones
from .actions import (
    ACCEPT,
    CANCEL,
    COUNTER,
    DECLINE,
    DONE,
    FIRST_PICK,
    MAX_BRIBE,
    TREASURES,
    Accept,
    Cancel,
    Counter,
    Decline,
    Done,
    FirstPick,
    Pick,
    Treasures,
)
from .content import CARRIED_KINDS, CardKind, Stat
from .model import (
    DISCARD_PILES,
    Answer,
    AnswerData,
    AskData,
    BribeItemData,
    ClaimData,
    ClaimedData,
    EventKind,
    FrameKind,
    GiftCardData,
    GiftData,
    HelperData,
    MunchkinModel,
    OfferData,
    SeatCardData,
    SoldData,
    TradeData,
    TradedData,
    ints,
    removed,
    with_seat,
)

ANSWER, COUNTER_FRAME, SELL, TRADE, TRADE_COUNTER = (
    FrameKind.ANSWER,
    FrameKind.COUNTER,
    FrameKind.SELL,
    FrameKind.TRADE,
    FrameKind.TRADE_COUNTER,
)
ANSWERS = {
    Accept: Answer.ACCEPT,
    Decline: Answer.DECLINE,
    Counter: Answer.COUNTER,
    Pick: Answer.PAY_OFF,
}


def trade_occasion(s: MunchkinModel, sender: int) -> str:
    """The occasion of `sender`'s trade offers this turn (it asks each seat once)."""
    return f"turn{s.turn_number}.{sender}"


# ----- building terms -------------------------------------------------------------------


def items_in_play(s: MunchkinModel, seat: int) -> list[int]:
    """The treasures `seat` carries in play (items, and one-shots carried): what bribes
    and trades may name."""
    kinds = s.CS.kind
    return [c for c in s.table[seat] if kinds[c] in CARRIED_KINDS]


def bribe_cap(s: MunchkinModel) -> int:
    """The most treasures a bribe may promise: those of the monsters in the fight."""
    return min(MAX_BRIBE, sum(combat.treasures(s, m) for m in s.monsters))


ITEMS, SHARE_STAGE, ORDER = 0, 1, 2  # the stages of building a bribe


def big_items(s: MunchkinModel, cards: list[int]) -> int:
    """How many of `cards` are Big."""
    designs = s.CS.cards
    return sum(1 for c in cards if designs[c].big)


def bribe_choices(s: MunchkinModel, frame: Frame) -> list[Action]:
    """Actions of a ``bribe`` or ``counter`` frame, one stage at a time so that building
    is bounded: add items of the fighter's (``Pick``, each once; not a Big item the
    helper could not carry) then ``Done``; the number of treasures (``Treasures``); if
    any, who picks first (``FirstPick``: the helper; ``Done``: the fighter). A counter
    may be dropped (``Cancel``: declined) at the start."""
    head, stage, _, _, *items = ints(frame)
    if stage == ITEMS:
        pick, cards = s.A.pick, s.CS.cards
        out: list[Action] = [DONE]
        if frame.kind == COUNTER_FRAME:
            out.append(CANCEL)
            helper = frame.seat
        else:
            helper = head
        big_room = (
            character.big_limit(s, helper) - character.big_count(s, helper) - big_items(s, items)
        )
        return out + [
            pick[c]
            for c in items_in_play(s, s.turn)
            if c not in items and (big_room > 0 or not cards[c].big)
        ]
    if stage == SHARE_STAGE:
        return list(TREASURES[: bribe_cap(s) + 1])
    return [DONE, FIRST_PICK]


def bribe_step(s: MunchkinModel, frame: Frame, action: Action) -> None:
    """One step of building a bribe or counter (the frame was popped)."""
    head, stage, share, first, *items = ints(frame)
    kind = type(action)
    if kind is Cancel:
        s.offers.decline(frame.seat, head)
        s.log(
            EventKind.ANSWER,
            **AnswerData(seat=frame.seat, offer=head, answer=Answer.DECLINE),
        )
        return
    if type(action) is Pick:
        items = sorted([*items, action.card])
    elif type(action) is Treasures:
        share = action.count
        stage = ORDER if share else ORDER + 1
    elif stage == ITEMS:
        stage = SHARE_STAGE if bribe_cap(s) else ORDER + 1
    else:
        first = int(kind is FirstPick)
        stage = ORDER + 1
    if stage <= ORDER:
        s.stack.push(Frame(frame.kind, frame.seat, (head, stage, share, first, *items)))
        return
    terms = (share, first, *items)
    if frame.kind == COUNTER_FRAME:
        offer = s.offers.counter(frame.seat, head, terms)
    else:
        offer = s.offers.propose(frame.seat, head, terms, s.combat_no, public=True)
    s.log(
        EventKind.OFFER,
        **OfferData(offer=offer.id, seat=frame.seat, other=offer.receiver, terms=list(terms)),
    )
    s.stack.push(Frame(ANSWER, offer.receiver, (offer.id,)))


def ask(s: MunchkinModel, seat: int, other: int) -> None:
    """In its combat, `seat` asks `other` for help: it builds the bribe next."""
    s.log(EventKind.ASK, **AskData(seat=seat, other=other))
    s.stack.push(Frame(FrameKind.BRIBE, seat, (other, ITEMS, 0, 0)))


def answer_choices(s: MunchkinModel, frame: Frame) -> list[Action]:
    """The answers to an offer: an offer may be countered, a counter-offer not; a demand
    is met by helping or by paying it off with an item from play."""
    offer = s.offers.get(ints(frame)[0])
    if is_demand(s, offer):
        pick = s.A.pick
        return [ACCEPT, *(pick[c] for c in items_in_play(s, offer.receiver))]
    if offer.counter_of is None:
        return [ACCEPT, DECLINE, COUNTER]
    return [ACCEPT, DECLINE]


def is_demand(s: MunchkinModel, offer: Offer) -> bool:
    """Whether a request for help is a demand: the fighter, with a ``demand`` modifier
    (the Yakuza), asks a lower-level player and offers nothing."""
    fighter = offer.sender
    return (
        type(offer.occasion) is int
        and offer.counter_of is None
        and fighter == s.turn
        and tuple(offer.terms) == (0, 0)
        and s.level[offer.receiver] < s.level[fighter]
        and character.player_stat(s, fighter, Stat.DEMAND) > 0
    )


def answer(s: MunchkinModel, frame: Frame, action: Action) -> None:
    """The frame's seat answers the offer: an accepted help makes its helper, an
    accepted trade is carried out."""
    offer_id = ints(frame)[0]
    seat = frame.seat
    kind = type(action)
    s.log(EventKind.ANSWER, **AnswerData(seat=seat, offer=offer_id, answer=ANSWERS[kind]))
    if kind is Decline:
        s.offers.decline(seat, offer_id)
        return
    if kind is Pick:  # a demand paid off: the item goes to the fighter, nobody helps
        assert isinstance(action, Pick)
        zones.leave_play(s, seat, action.card)
        zones.enter_play(s, s.turn, action.card)
        s.log(EventKind.BRIBE_ITEM, **BribeItemData(card=action.card, seat=seat, receiver=s.turn))
        s.offers.decline(seat, offer_id)
        return
    is_help = type(s.offers.get(offer_id).occasion) is int  # a trade's is a string
    if kind is Counter:
        if is_help:
            s.stack.push(Frame(COUNTER_FRAME, seat, (offer_id, ITEMS, 0, 0)))
        else:
            s.stack.push(Frame(TRADE_COUNTER, seat, (offer_id,)))
        return
    assert kind is Accept, action  # `answer_choices`
    offer = s.offers.accept(seat, offer_id)
    if is_help:
        s.helper = offer.sender if offer.receiver == s.turn else offer.receiver
        s.log(EventKind.HELPER, **HelperData(seat=s.turn, helper=s.helper))
        combat.next_combat_traps(s, s.helper)
        if s.window is not None and s.turn in s.window.waiting:
            s.window.played(s.turn)
    else:
        _trade(s, offer.sender, offer.receiver, offer.terms)
        s.offers.settle(offer_id)


# ----- claims (fast play) ------------------------------------------------------------------


def claim_choices(s: MunchkinModel, frame: Frame) -> list[Action]:
    """A ``claim`` frame's seat passes or claims the card with a Go up a level from hand;
    a card no longer on top of its pile cannot be claimed (the frame does nothing)."""
    card = ints(frame)[0]
    pile = s.door_discard if s.CS.deck[card] == 0 else s.treasure_discard
    if not pile or pile[-1] != card:
        return []
    pick, kinds = s.A.pick, s.CS.kind
    return [PASS, *(pick[c] for c in s.hands[frame.seat] if kinds[c] == CardKind.LEVELUP)]


def claim_answer(s: MunchkinModel, frame: Frame, action: Action) -> None:
    """The frame's seat answered: the claim goes to the next seat, or is settled."""
    card, offset, *claims = ints(frame)
    if type(action) is Pick:
        claims += [frame.seat, action.card]
        s.log(EventKind.CLAIM, **ClaimData(seat=frame.seat, card=card, levelup=action.card))
    following = zones.next_claimant(s, offset + 1)
    if following >= 0:
        seat = zones.claimant_seat(s, following)
        s.stack.push(Frame(FrameKind.CLAIM, seat, (card, following, *claims)))
    elif claims:
        settle_claim(s, card, claims)


def settle_claim(s: MunchkinModel, card: int, claims: list[int]) -> None:
    """The claimants of a card (seat, Go up a level pairs) roll until one is highest; it
    discards its Go up a level and takes the card, face up; the others keep theirs."""
    seats = claims[0::2]
    contenders, rolls = seats, []
    while len(contenders) > 1:
        dice = [s.die() for _ in contenders]
        rolls += [x for pair in zip(contenders, dice, strict=True) for x in pair]
        contenders = [p for p, die in zip(contenders, dice, strict=True) if die == max(dice)]
    winner = contenders[0]
    pile = DISCARD_PILES[s.CS.deck[card]]
    setattr(s, pile, removed(getattr(s, pile), card))
    zones.discard_from_hand(s, winner, claims[2 * seats.index(winner) + 1])
    zones.to_hand_public(s, winner, card)
    s.log(EventKind.CLAIMED, **ClaimedData(seat=winner, card=card, claimants=seats, rolls=rolls))


# ----- trades ---------------------------------------------------------------------------


def trade_partners(s: MunchkinModel, seat: int) -> list[int]:
    """The seats `seat` may offer a trade now: living, with something to trade on one
    side at least, and not asked by `seat` this turn (a trade dropped while it was being
    built counts: each seat begins a trade with each other seat once a turn)."""
    carried = s.CS.carried
    table, dead = s.table, s.dead
    mine = any(carried[c] for c in table[seat])
    others = [
        p
        for p in range(s.num_players)
        if p != seat and not dead[p] and (mine or any(carried[c] for c in table[p]))
    ]
    begun = s.trades
    if others and begun:
        asked = {begun[i + 1] for i in range(0, len(begun), 2) if begun[i] == seat}
        others = [p for p in others if p not in asked]
    return others


def _trade_sides(s: MunchkinModel, frame: Frame) -> tuple[int, list[int]]:
    """The other side of a ``trade`` or ``trade_counter`` frame, and the items chosen."""
    head, *chosen = ints(frame)
    if frame.kind == TRADE_COUNTER:
        return s.offers.get(head).sender, chosen
    return head, chosen


def trade_fits(s: MunchkinModel, seat: int, other: int, chosen: list[int]) -> bool:
    """Whether both sides may carry the Big items they would have after the trade."""
    theirs = s.table[other]
    gained = big_items(s, [c for c in chosen if c in theirs])
    gained -= big_items(s, [c for c in chosen if c not in theirs])
    return character.big_count(s, seat) + gained <= character.big_limit(
        s, seat
    ) and character.big_count(s, other) - gained <= character.big_limit(s, other)


def trade_choices(s: MunchkinModel, frame: Frame) -> list[Action]:
    """Actions of a ``trade`` or ``trade_counter`` frame: drop it (a counter dropped
    declines the offer), send it (if both sides may carry what they get), or add an item
    of either side."""
    other, chosen = _trade_sides(s, frame)
    a = s.A
    out: list[Action] = [CANCEL]
    if chosen and trade_fits(s, frame.seat, other, chosen):
        out.append(DONE)
    items = items_in_play(s, frame.seat) + items_in_play(s, other)
    out += [a.pick[c] for c in items if c not in chosen]
    return out


def trade_edit(s: MunchkinModel, frame: Frame, action: Action) -> None:
    """One step of building a trade or a counter to one (the frame was popped)."""
    head = ints(frame)[0]
    other, chosen = _trade_sides(s, frame)
    seat = frame.seat
    kind = type(action)
    if kind is Cancel:
        if frame.kind == TRADE_COUNTER:
            s.offers.decline(seat, head)
            s.log(EventKind.ANSWER, **AnswerData(seat=seat, offer=head, answer=Answer.DECLINE))
        return
    if kind is Done:
        mine = [c for c in chosen if c in s.table[seat]]
        theirs = [c for c in chosen if c not in mine]
        terms = (len(mine), *mine, *theirs)
        if frame.kind == TRADE_COUNTER:
            offer = s.offers.counter(seat, head, terms)
        else:
            offer = s.offers.propose(seat, other, terms, trade_occasion(s, seat), public=True)
        s.log(
            EventKind.TRADE,
            **TradeData(offer=offer.id, seat=seat, other=other, give=mine, take=theirs),
        )
        s.stack.push(Frame(ANSWER, other, (offer.id,)))
        return
    assert type(action) is Pick, action  # `trade_choices`
    s.stack.push(Frame(frame.kind, seat, (head, *sorted([*chosen, action.card]))))


def _trade(s: MunchkinModel, sender: int, receiver: int, terms: Terms) -> None:
    mine = int(terms[0])
    give, take = [int(c) for c in terms[1 : 1 + mine]], [int(c) for c in terms[1 + mine :]]
    moves = [(c, sender, receiver) for c in give] + [(c, receiver, sender) for c in take]
    moved = [(card, src, dst) for card, src, dst in moves if card in s.table[src]]
    for card, src, _ in moved:
        zones.leave_play(s, src, card)
    for card, _, dst in moved:
        zones.enter_play(s, dst, card)
    s.log(EventKind.TRADED, **TradedData(seat=sender, other=receiver, give=give, take=take))


# ----- selling --------------------------------------------------------------------------


def sellable(s: MunchkinModel, seat: int) -> list[int]:
    """The cards with a gold value `seat` has in play and in hand."""
    cards = s.CS.cards
    locked = traded_this_turn(s) if s.CS.rules.trade_sale_lock else ()
    return [c for c in s.table[seat] + s.hands[seat] if cards[c].value > 0 and c not in locked]


def traded_this_turn(s: MunchkinModel) -> set[int]:
    """The items that changed hands in a trade this turn (read back from the log: trades
    are rare, and no field need be stored for them)."""
    found: set[int] = set()
    for event in reversed(s.events):
        if event.kind == EventKind.TURN:
            break
        if event.kind == EventKind.TRADED:
            found.update(event.data["give"], event.data["take"])
    return found


def sale_value(s: MunchkinModel, seat: int, chosen: list[int]) -> int:
    """Gold of the chosen cards; a ``sale`` modifier adds its percentage to the most
    valuable one, once a turn."""
    cards = s.CS.cards
    total = sum(cards[c].value for c in chosen)
    if chosen and not s.sale_bonus_used:
        pct = character.player_stat(s, seat, Stat.SALE)
        if pct > 0:
            total += max(cards[c].value for c in chosen) * pct // 100
    return total


MAX_SALES = 3  # sales begun in one turn (a bound on a turn's length)


def can_sell(s: MunchkinModel, seat: int) -> bool:
    """Whether `seat` may begin a sale: it has gold for a level, a sale is left this turn,
    and a level gained would not be the winning one."""
    rules = s.CS.rules
    if s.sales >= MAX_SALES or s.level[seat] >= rules.max_level - 1:
        return False
    value = s.CS.value
    gold = sum([value[c] for c in s.table[seat]]) + sum([value[c] for c in s.hands[seat]])
    if gold >= rules.gold_per_level:
        return True
    return gold > 0 and sale_value(s, seat, sellable(s, seat)) >= rules.gold_per_level


def sell_choices(s: MunchkinModel, frame: Frame) -> list[Action]:
    """Actions of a ``sell`` frame: drop it, sell (for a level at least), or add a card."""
    chosen = list(ints(frame))
    a = s.A
    out: list[Action] = [CANCEL]
    if sale_value(s, frame.seat, chosen) >= s.CS.rules.gold_per_level:
        out.append(DONE)
    out += [a.pick[c] for c in sellable(s, frame.seat) if c not in chosen]
    return out


def sell_edit(s: MunchkinModel, frame: Frame, action: Action) -> None:
    """One step of a sale (the frame was popped): its cards go, its levels come."""
    chosen = list(ints(frame))
    seat = frame.seat
    if type(action) is Cancel:
        return
    if type(action) is Done:
        rules = s.CS.rules
        gold = sale_value(s, seat, chosen)
        if character.player_stat(s, seat, Stat.SALE) > 0:
            s.sale_bonus_used = 1
        for c in chosen:
            if c in s.hands[seat]:
                zones.discard_from_hand(s, seat, c)
            else:
                zones.discard_from_play(s, seat, c)
        levels = gold // rules.gold_per_level
        s.level = with_seat(s.level, seat, min(rules.max_level - 1, s.level[seat] + levels))
        s.log(EventKind.SOLD, **SoldData(seat=seat, cards=chosen, gold=gold, level=s.level[seat]))
        return
    assert type(action) is Pick, action  # `sell_choices`
    s.stack.push(Frame(SELL, seat, tuple(sorted([*chosen, action.card]))))


# ----- charity --------------------------------------------------------------------------


def charity_targets(s: MunchkinModel, seat: int) -> list[int]:
    """Who gets the next card of `seat`'s charity (empty: it is discarded): the lowest
    living players, those who got the fewest cards so far (split as evenly as possible)."""
    others = [p for p in range(s.num_players) if p != seat and not s.dead[p]]
    if not others:
        return []
    low = min(s.level[p] for p in others)
    if s.level[seat] <= low:
        return []
    lowest = [p for p in others if s.level[p] == low]
    fewest = min(s.charity_got[p] for p in lowest)
    return [p for p in lowest if s.charity_got[p] == fewest]


def give(s: MunchkinModel, seat: int, card: int) -> None:
    """`seat` gives `card` away in charity (or discards it, being the lowest)."""
    targets = charity_targets(s, seat)
    if not targets:
        zones.discard_from_hand(s, seat, card)
        s.log(EventKind.CHARITY_DISCARD, **SeatCardData(seat=seat, card=card))
    elif len(targets) == 1:
        gift(s, seat, card, targets[0])
    else:
        s.stack.push(Frame(FrameKind.GIVE, seat, (card,)))


def gift(s: MunchkinModel, seat: int, card: int, to: int) -> None:
    """`card` goes from `seat`'s hand to `to`'s: seen by both, and by everybody if they
    all knew it was in `seat`'s hand."""
    public = card in s.public_hand
    zones.from_hand(s, seat, card)
    s.hands = with_seat(s.hands, to, (*s.hands[to], card))
    s.charity_got = with_seat(s.charity_got, to, s.charity_got[to] + 1)
    if public:
        s.public_hand += (card,)
        s.log(EventKind.GIFT, **GiftData(seat=seat, receiver=to, card=card))
    else:
        s.seen += (seat, card)
        s.log(EventKind.GIFT, **GiftData(seat=seat, receiver=to))
        s.log(EventKind.GIFT_CARD, (seat, to), **GiftCardData(seat=seat, receiver=to, card=card))
