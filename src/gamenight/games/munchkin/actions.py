"""Munchkin actions and the fixed integer codec of a card set.

Compound moves are short sequences of small actions: a card played (``Play``) or a card
in play used (``Use``) may be followed by its choices (``ChooseSeat``, ``ChooseMonster``,
``ChooseValue``, ``Pick``); a bribe, a counter-offer, a trade or a sale is built with
``Pick``, ``Treasures`` and ``FirstPick`` and sent with ``Done`` (or dropped with
``Cancel``). Cards are instance ids ``0..C-1`` of the card set.

Codec order (C cards, U uses of cards in play, I items, D droppable cards):
``Pass()`` 0, ``KickDoor()``, ``LootRoom()``, ``EndTurn()``, ``Done()``, ``Cancel()``,
``Roll()``, ``Accept()``, ``Decline()``, ``Counter()``, ``FirstPick()``, ``Sell()`` 1-11,
``Begin(0..1)`` (male, female), ``ChooseSeat(0..5)``, ``Ask(0..5)``, ``Trade(0..5)``,
``ChooseMonster(0..7)``, ``ChooseValue(1..6)``, ``Treasures(0..10)``, then
``Play(c)`` C, ``Pick(c)`` C, ``Use(c, k)`` U (by card, then use), ``Equip(c)`` I,
``Unequip(c)`` I, ``Discard(c)`` D (each block by card id).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.kernel import PASS, Action, ActionCodec

from .content import CardSet

MAX_SEATS = 6
MAX_MONSTERS = 8  # monsters in one fight
MAX_BRIBE = 10  # treasures a bribe may promise


@dataclass(frozen=True, order=True, slots=True)
class KickDoor(Action):
    """Your turn: draw the top Door card face up."""


@dataclass(frozen=True, order=True, slots=True)
class LootRoom(Action):
    """Your turn, after a door without a fight: draw a Door card face down."""


@dataclass(frozen=True, order=True, slots=True)
class EndTurn(Action):
    """Your turn: go to charity and end the turn."""


@dataclass(frozen=True, order=True, slots=True)
class Done(Action):
    """Send the offer or sale you are building; finish playing your start hand."""


@dataclass(frozen=True, order=True, slots=True)
class Cancel(Action):
    """Drop the offer or sale you are building."""


@dataclass(frozen=True, order=True, slots=True)
class Roll(Action):
    """Roll the die to run away from the monster."""


@dataclass(frozen=True, order=True, slots=True)
class Accept(Action):
    """Accept the offer you are answering."""


@dataclass(frozen=True, order=True, slots=True)
class Decline(Action):
    """Decline the offer you are answering."""


@dataclass(frozen=True, order=True, slots=True)
class Counter(Action):
    """Answer a request for help or a trade with your own terms (built next)."""


@dataclass(frozen=True, order=True, slots=True)
class FirstPick(Action):
    """In a bribe: switch who picks the monster's treasures first."""


@dataclass(frozen=True, order=True, slots=True)
class Sell(Action):
    """Your turn, outside combat: choose items to sell (then ``Pick`` them, ``Done``)."""


@dataclass(frozen=True, order=True, slots=True)
class Begin(Action):
    """Set-up, first: your character is male (0) or female (1); then play your start hand."""

    sex: int


@dataclass(frozen=True, order=True, slots=True)
class ChooseSeat(Action):
    """The player a card or choice aims at."""

    seat: int


@dataclass(frozen=True, order=True, slots=True)
class Ask(Action):
    """In your combat: ask this player for help (the bribe is built next)."""

    seat: int


@dataclass(frozen=True, order=True, slots=True)
class Trade(Action):
    """Outside combat and running away: offer this player a trade of items (built next)."""

    seat: int


@dataclass(frozen=True, order=True, slots=True)
class ChooseMonster(Action):
    """The monster (its place in the fight, from 0) a card or choice aims at."""

    index: int


@dataclass(frozen=True, order=True, slots=True)
class ChooseValue(Action):
    """A die face (1-6) a card sets."""

    value: int


@dataclass(frozen=True, order=True, slots=True)
class Treasures(Action):
    """In a bribe: how many of the monster's treasures the helper gets."""

    count: int


@dataclass(frozen=True, order=True, slots=True)
class Play(Action):
    """Play this card from your hand."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Pick(Action):
    """Choose this card (a cost, a loss, a gift, a loot, an item of an offer or a sale)."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Use(Action):
    """Use ability `ability` of this card in play (a one-shot's use is ability 0)."""

    card: int
    ability: int


@dataclass(frozen=True, order=True, slots=True)
class Equip(Action):
    """Outside combat and running away: equip this carried item."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Unequip(Action):
    """Outside combat and running away: turn this item sideways (it gives nothing)."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Discard(Action):
    """Discard this class, race, Half-Breed, Super Munchkin or follower from play."""

    card: int


KICK, LOOT, END_TURN, DONE, CANCEL = KickDoor(), LootRoom(), EndTurn(), Done(), Cancel()
ROLL, ACCEPT, DECLINE, COUNTER, FIRST_PICK, SELL = (
    Roll(),
    Accept(),
    Decline(),
    Counter(),
    FirstPick(),
    Sell(),
)
BEGIN = (Begin(0), Begin(1))
CHOOSE_SEAT = tuple(ChooseSeat(s) for s in range(MAX_SEATS))
ASK = tuple(Ask(s) for s in range(MAX_SEATS))
TRADE = tuple(Trade(s) for s in range(MAX_SEATS))
CHOOSE_MONSTER = tuple(ChooseMonster(i) for i in range(MAX_MONSTERS))
CHOOSE_VALUE = {face: ChooseValue(face) for face in range(1, 7)}
TREASURES = tuple(Treasures(k) for k in range(MAX_BRIBE + 1))


class ActionTable:
    """The shared action instances of one card set, and its codec."""

    def __init__(self, cs: CardSet) -> None:
        n = cs.size
        self.play = tuple(Play(c) for c in range(n))  # by card
        self.pick = tuple(Pick(c) for c in range(n))
        self.use = {(c, k): Use(c, k) for c, k in cs.play_uses}
        self.equip = {c: Equip(c) for c in cs.items}
        self.unequip = {c: Unequip(c) for c in cs.items}
        self.discard = {c: Discard(c) for c in cs.droppable}
        self.codec = ActionCodec(
            [
                PASS,
                KICK,
                LOOT,
                END_TURN,
                DONE,
                CANCEL,
                ROLL,
                ACCEPT,
                DECLINE,
                COUNTER,
                FIRST_PICK,
                SELL,
                *BEGIN,
                *CHOOSE_SEAT,
                *ASK,
                *TRADE,
                *CHOOSE_MONSTER,
                *CHOOSE_VALUE.values(),
                *TREASURES,
                *self.play,
                *self.pick,
                *self.use.values(),
                *self.equip.values(),
                *self.unequip.values(),
                *self.discard.values(),
            ]
        )
