"""Mini game actions, cards and their fixed codec.

Codec order (N = 34): ``Pass()`` 0, ``Bid(1..2)`` 1-2, ``Play(card 0..11)`` 3-14,
``ChooseSeat(0..3)`` 15-18, ``ChooseSlot(0..1)`` 19-20, ``Ask(seat 0..3, price 1..2)``
21-28 (seat-major), ``Accept()`` 29, ``Decline()`` 30, ``CounterOffer(1..2)`` 31-32,
``EndTurn()`` 33.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.kernel import PASS, Action, ActionCodec

MAX_PLAYERS = 4
SLOTS = 2  # gem slots in front of each seat
MAX_BID = 2
MAX_PRICE = 2
HAND = 3  # cards dealt to each seat
POWER = (1, 1, 1, 2, 2, 2, 3, 3)  # attack cards 0..7 steal this many gems
BLOCKS = (8, 9, 10, 11)  # block cards: flip whether the attack is blocked
NUM_CARDS = len(POWER) + len(BLOCKS)


@dataclass(frozen=True, order=True, slots=True)
class Bid(Action):
    """Bid `amount` coins to be this round's attacker."""

    amount: int


@dataclass(frozen=True, order=True, slots=True)
class Play(Action):
    """Play `card` from hand: an attack card on your turn, a block card in a window."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class ChooseSeat(Action):
    """The seat your attack hits."""

    seat: int


@dataclass(frozen=True, order=True, slots=True)
class ChooseSlot(Action):
    """The gem slot your attack hits."""

    slot: int


@dataclass(frozen=True, order=True, slots=True)
class Ask(Action):
    """Ask `seat` to help your attack (+1 power) for `price` coins, paid if it succeeds."""

    seat: int
    price: int


@dataclass(frozen=True, order=True, slots=True)
class Accept(Action):
    """Accept the offer you are answering."""


@dataclass(frozen=True, order=True, slots=True)
class Decline(Action):
    """Decline the offer you are answering."""


@dataclass(frozen=True, order=True, slots=True)
class CounterOffer(Action):
    """Answer the offer you were asked with your own `price`."""

    price: int


@dataclass(frozen=True, order=True, slots=True)
class EndTurn(Action):
    """End your turn without attacking."""


# One shared instance of each action, indexed by value minus one where a value counts
# from 1 (``BIDS[0]`` is ``Bid(1)``): legal-action lists hand these out.
BIDS = tuple(Bid(b) for b in range(1, MAX_BID + 1))
PLAY = tuple(Play(c) for c in range(NUM_CARDS))
CHOOSE_SEAT = tuple(ChooseSeat(s) for s in range(MAX_PLAYERS))
CHOOSE_SLOT = tuple(ChooseSlot(k) for k in range(SLOTS))
ASK = tuple(tuple(Ask(s, p) for p in range(1, MAX_PRICE + 1)) for s in range(MAX_PLAYERS))
COUNTER = tuple(CounterOffer(p) for p in range(1, MAX_PRICE + 1))
ACCEPT, DECLINE, END_TURN = Accept(), Decline(), EndTurn()

CODEC = ActionCodec(
    [
        PASS,
        *BIDS,
        *PLAY,
        *CHOOSE_SEAT,
        *CHOOSE_SLOT,
        *(ask for row in ASK for ask in row),
        ACCEPT,
        DECLINE,
        *COUNTER,
        END_TURN,
    ]
)
