"""Offers between seats: help for a price, bribes, trades, with engine-enforced terms.

A sender proposes `terms` to a receiver on an `occasion` (a key the game gives: a
combat's number, a round). The receiver accepts, declines or counters once; a counter
is a new offer the other way, which may be accepted or declined but not countered
again. The game pays an accepted offer when its condition is met (`settle`) or cancels
it (`void`). Each seat is asked at most once per occasion, so negotiation is bounded.

`terms` is a small tuple of ints or strings whose meaning the game defines (a price, a
number of treasures, who picks first). An offer is visible to its two parties unless
the game makes it public or shows it to more seats; `visible_to` gives a seat's offers
for its view. Every illegal move raises `IllegalAction` and changes nothing.

>>> offers = Offers(players=3)
>>> ask = offers.propose(0, 2, terms=(3,), occasion=1)  # seat 0: help me for 3 coins?
>>> reply = offers.counter(2, ask.id, terms=(4,))  # seat 2: for 4
>>> print(offers.accept(0, reply.id).status)
accepted
>>> print(offers.settle(reply.id).status)  # the game pays seat 2 its 4 coins
settled
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .errors import IllegalAction
from .limits import quote

Terms = tuple[int | str, ...]
Occasion = int | str


class OfferStatus(StrEnum):
    """Where an offer stands."""

    OPEN = "open"  # waiting for the receiver's answer
    ACCEPTED = "accepted"  # waiting for the game to settle or void it
    DECLINED = "declined"
    COUNTERED = "countered"  # replaced by a counter-offer
    SETTLED = "settled"  # paid
    VOID = "void"  # cancelled by the game


_OFFER_FIELDS = (
    "id",
    "occasion",
    "sender",
    "receiver",
    "terms",
    "status",
    "visible",
    "counter_of",
)


@dataclass(frozen=True, slots=True)
class Offer:
    """One offer. `visible`: the seats that may see it, ``None`` when public;
    `counter_of`: the id of the offer this one counters, if any."""

    id: int
    occasion: Occasion
    sender: int
    receiver: int
    terms: Terms
    status: OfferStatus = OfferStatus.OPEN
    visible: tuple[int, ...] | None = None
    counter_of: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether `seat` (``None``: a spectator) may see this offer."""
        return self.visible is None or (seat is not None and seat in self.visible)

    def to_json(self) -> dict[str, Any]:
        """The offer as a JSON-ready dict."""
        return {
            "id": self.id,
            "occasion": self.occasion,
            "sender": self.sender,
            "receiver": self.receiver,
            "terms": list(self.terms),
            "status": self.status.value,
            "visible": None if self.visible is None else list(self.visible),
            "counter_of": self.counter_of,
        }

    @staticmethod
    def from_json(data: Any, players: int) -> Offer:
        """Parse `to_json` output; a malformed field raises `ValueError` naming it."""
        if not isinstance(data, dict) or set(data) != set(_OFFER_FIELDS):
            raise ValueError(
                f"an offer is an object with {', '.join(_OFFER_FIELDS)}, got {quote(data)}"
            )
        if type(data["id"]) is not int or data["id"] < 0:
            raise ValueError(f"offer id must be a non-negative integer, got {quote(data['id'])}")
        where = f"offer {data['id']}"
        if type(data["occasion"]) not in (int, str):
            raise ValueError(f"{where}: occasion must be an integer or a string")
        if data["status"] not in [status.value for status in OfferStatus]:
            raise ValueError(f"{where}: unknown status {quote(data['status'])}")
        visible = data["visible"]
        if visible is not None and not isinstance(visible, list):
            raise ValueError(f"{where}: visible must be null or a list of seats")
        counter_of = data["counter_of"]
        if counter_of is not None and type(counter_of) is not int:
            raise ValueError(f"{where}: counter_of must be null or an offer id")
        return Offer(
            data["id"],
            data["occasion"],
            _seat(where, "sender", data["sender"], players),
            _seat(where, "receiver", data["receiver"], players),
            _terms(where, data["terms"]),
            OfferStatus(data["status"]),
            None
            if visible is None
            else tuple(_seat(where, "visible", s, players) for s in visible),
            counter_of,
        )


class Offers:
    """Every offer of a game still in play, by id (see the module docstring)."""

    __slots__ = ("by_id", "next_id", "players")
    flat_copy = True  # `copy` copies `by_id`'s dict, shares the rest (`fields.Part`)

    players: int
    next_id: int
    by_id: dict[int, Offer]

    def __init__(self, players: int) -> None:
        """No offers yet, between the seats ``0..players-1``."""
        self.players = players
        self.next_id = 0
        self.by_id = {}

    # ----- moves ------------------------------------------------------------------------

    def propose(
        self,
        sender: int,
        receiver: int,
        terms: Terms,
        occasion: Occasion,
        *,
        public: bool = False,
        also: Iterable[int] = (),
    ) -> Offer:
        """`sender` offers `terms` to `receiver` on `occasion`. The parties see it, and
        the seats `also` names; everyone when `public`."""
        where = f"an offer from seat {quote(sender)} to seat {quote(receiver)}"
        try:
            for seat in (sender, receiver, *also):
                _seat(where, "seat", seat, self.players)
            terms = _terms(where, terms)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if sender == receiver:
            raise IllegalAction(f"seat {sender} cannot make an offer to itself")
        if type(occasion) not in (int, str):
            raise IllegalAction(f"an occasion is an integer or a string, got {quote(occasion)}")
        if not self.can_ask(receiver, occasion):
            raise IllegalAction(f"seat {receiver} was already asked on occasion {quote(occasion)}")
        visible = None if public else tuple(sorted({sender, receiver, *also}))
        return self._add(occasion, sender, receiver, terms, visible, None)

    def accept(self, seat: int, offer_id: int) -> Offer:
        """The receiver accepts: the offer waits for the game to `settle` or `void` it."""
        return self._replace(self._answerable(seat, offer_id), status=OfferStatus.ACCEPTED)

    def decline(self, seat: int, offer_id: int) -> Offer:
        """The receiver declines."""
        return self._replace(self._answerable(seat, offer_id), status=OfferStatus.DECLINED)

    def counter(self, seat: int, offer_id: int, terms: Terms) -> Offer:
        """The receiver answers with other `terms`: returns the counter-offer, sent back
        to the original sender, who may accept or decline it."""
        offer = self._answerable(seat, offer_id)
        if offer.counter_of is not None:
            raise IllegalAction(f"offer {offer_id} is a counter-offer: it cannot be countered")
        try:
            terms = _terms(f"a counter to offer {offer_id}", terms)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        self._replace(offer, status=OfferStatus.COUNTERED)
        return self._add(offer.occasion, seat, offer.sender, terms, offer.visible, offer.id)

    def settle(self, offer_id: int) -> Offer:
        """The game has paid an accepted offer."""
        offer = self.get(offer_id)
        if offer.status is not OfferStatus.ACCEPTED:
            raise IllegalAction(f"offer {offer_id} is {offer.status.value}, not accepted")
        return self._replace(offer, status=OfferStatus.SETTLED)

    def void(self, offer_id: int) -> Offer:
        """The game cancels an open or accepted offer (its condition failed)."""
        offer = self.get(offer_id)
        if offer.status not in (OfferStatus.OPEN, OfferStatus.ACCEPTED):
            raise IllegalAction(f"offer {offer_id} is {offer.status.value}: it cannot be voided")
        return self._replace(offer, status=OfferStatus.VOID)

    def rewrite(self, offer_id: int, terms: Terms) -> Offer:
        """Replace an offer's terms (`State.determinize` redraws terms a seat cannot see)."""
        return self._replace(self.get(offer_id), terms=_terms(f"offer {offer_id}", terms))

    def clear(self, occasion: Occasion) -> None:
        """Forget every offer of a finished `occasion` (its seats may be asked anew)."""
        self.by_id = {i: o for i, o in self.by_id.items() if o.occasion != occasion}

    # ----- questions --------------------------------------------------------------------

    def get(self, offer_id: int) -> Offer:
        """The offer with this id."""
        offer = self.by_id.get(offer_id) if type(offer_id) is int else None
        if offer is None:
            raise IllegalAction(f"there is no offer {quote(offer_id)}")
        return offer

    def can_ask(self, seat: int, occasion: Occasion) -> bool:
        """Whether `seat` may still be asked on `occasion` (counter-offers do not count)."""
        return not any(
            o.receiver == seat and o.occasion == occasion and o.counter_of is None
            for o in self.by_id.values()
        )

    def awaiting(self, seat: int) -> list[Offer]:
        """The open offers `seat` must answer, oldest first."""
        return [
            o for o in self.by_id.values() if o.receiver == seat and o.status is OfferStatus.OPEN
        ]

    def visible_to(self, seat: int | None) -> list[Offer]:
        """The offers `seat` may see (``None``: a spectator sees the public ones), oldest first."""
        return [o for o in self.by_id.values() if o.visible_to(seat)]

    def __iter__(self) -> Iterator[Offer]:
        """Every offer, oldest first."""
        return iter(self.by_id.values())

    def __len__(self) -> int:
        return len(self.by_id)

    # ----- copying and persistence ------------------------------------------------------

    def copy(self) -> Offers:
        """An independent copy (offers are immutable and shared)."""
        new = object.__new__(Offers)
        new.players, new.next_id, new.by_id = self.players, self.next_id, self.by_id.copy()
        return new

    def to_json(self) -> dict[str, Any]:
        """``{"next_id": ..., "offers": [...]}``, oldest offer first."""
        return {"next_id": self.next_id, "offers": [o.to_json() for o in self.by_id.values()]}

    @classmethod
    def from_json(cls, data: Any, players: int) -> Offers:
        """Restore `to_json` output for a table of `players`; a malformed field raises
        `ValueError` naming it."""
        if not isinstance(data, dict) or set(data) != {"next_id", "offers"}:
            raise ValueError(f"offers are an object with next_id and offers, got {quote(data)}")
        if type(data["next_id"]) is not int or not isinstance(data["offers"], list):
            raise ValueError("offers: next_id must be an integer and offers a list")
        new = cls(players)
        new.next_id = data["next_id"]
        asked: set[tuple[Occasion, int]] = set()
        for item in data["offers"]:
            offer = Offer.from_json(item, players)
            if not (offer.id < new.next_id and offer.id not in new.by_id):
                raise ValueError(f"offer id {offer.id} is repeated or not below next_id")
            if offer.sender == offer.receiver:
                raise ValueError(f"offer {offer.id}: sender and receiver are the same seat")
            original = new.by_id.get(offer.counter_of) if offer.counter_of is not None else None
            if offer.counter_of is not None and (
                original is None
                or original.status is not OfferStatus.COUNTERED
                or original.counter_of is not None
                or (original.sender, original.receiver) != (offer.receiver, offer.sender)
            ):
                raise ValueError(f"offer {offer.id}: counter_of names no offer it can counter")
            if offer.counter_of is None:
                if (offer.occasion, offer.receiver) in asked:
                    raise ValueError(f"offer {offer.id}: its receiver was already asked then")
                asked.add((offer.occasion, offer.receiver))
            new.by_id[offer.id] = offer
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Offers):
            return NotImplemented
        return (self.players, self.next_id, self.by_id) == (
            other.players,
            other.next_id,
            other.by_id,
        )

    def __repr__(self) -> str:
        return f"<Offers {list(self.by_id.values())!r}>"

    # ----- internals --------------------------------------------------------------------

    def _add(
        self,
        occasion: Occasion,
        sender: int,
        receiver: int,
        terms: Terms,
        visible: tuple[int, ...] | None,
        counter_of: int | None,
    ) -> Offer:
        offer = Offer(
            self.next_id, occasion, sender, receiver, terms, OfferStatus.OPEN, visible, counter_of
        )
        self.by_id[offer.id] = offer
        self.next_id += 1
        return offer

    def _answerable(self, seat: int, offer_id: int) -> Offer:
        offer = self.get(offer_id)
        if offer.status is not OfferStatus.OPEN:
            raise IllegalAction(f"offer {offer_id} is {offer.status.value}, not open")
        if seat != offer.receiver:
            raise IllegalAction(
                f"only seat {offer.receiver} may answer offer {offer_id}, not seat {quote(seat)}"
            )
        return offer

    def _replace(self, offer: Offer, **changes: Any) -> Offer:
        new = dataclasses.replace(offer, **changes)
        self.by_id[offer.id] = new
        return new


def _seat(where: str, field: str, value: Any, players: int) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise ValueError(f"{where}: {field} must be a seat 0..{players - 1}, got {quote(value)}")
    return value


def _terms(where: str, value: Any) -> Terms:
    if not isinstance(value, list | tuple) or any(type(t) not in (int, str) for t in value):
        raise ValueError(
            f"{where}: terms must be a list of integers or strings, got {quote(value)}"
        )
    return tuple(value)
