"""The kernel's `Offers`: propose, answer, counter once, settle or void; bounds,
visibility, copies, JSON and its validation."""

from __future__ import annotations

import doctest
import json

import pytest

from gamenight.kernel import IllegalAction
from gamenight.kernel import offers as offers_module
from gamenight.kernel.offers import Offer, Offers, OfferStatus


def test_an_accepted_offer_waits_for_the_game_to_settle_it():
    offers = Offers(players=3)
    offer = offers.propose(0, 2, (3,), occasion=1)
    assert (offer.id, offer.status, offer.visible) == (0, OfferStatus.OPEN, (0, 2))
    assert offers.awaiting(2) == [offer] and offers.awaiting(0) == []
    assert offers.accept(2, offer.id).status is OfferStatus.ACCEPTED
    assert offers.awaiting(2) == []
    assert offers.settle(offer.id).status is OfferStatus.SETTLED


def test_a_game_voids_an_open_or_accepted_offer():
    offers = Offers(players=3)
    first = offers.propose(0, 1, (1,), occasion=1)
    second = offers.propose(0, 2, (1,), occasion=1)
    offers.accept(2, second.id)
    assert offers.void(first.id).status is OfferStatus.VOID
    assert offers.void(second.id).status is OfferStatus.VOID


def test_a_counter_goes_back_to_the_sender_and_cannot_be_countered():
    offers = Offers(players=2)
    ask = offers.propose(0, 1, (1, "first_pick"), occasion="combat-3")
    reply = offers.counter(1, ask.id, (2, "first_pick"))
    assert offers.get(ask.id).status is OfferStatus.COUNTERED
    assert (reply.sender, reply.receiver, reply.counter_of, reply.terms) == (
        1,
        0,
        ask.id,
        (2, "first_pick"),
    )
    assert offers.awaiting(0) == [reply]
    before = offers.to_json()
    with pytest.raises(IllegalAction, match=f"offer {reply.id} is a counter-offer"):
        offers.counter(0, reply.id, (1, "first_pick"))
    assert offers.to_json() == before
    assert offers.decline(0, reply.id).status is OfferStatus.DECLINED


def test_a_seat_is_asked_at_most_once_per_occasion():
    offers = Offers(players=3)
    ask = offers.propose(0, 1, (1,), occasion=1)
    offers.decline(1, ask.id)
    assert not offers.can_ask(1, 1)
    with pytest.raises(IllegalAction, match="seat 1 was already asked on occasion 1"):
        offers.propose(2, 1, (2,), occasion=1)
    assert offers.can_ask(1, 2) and offers.can_ask(1, "1")  # other occasions
    offers.propose(1, 0, (1,), occasion=1)  # asking is not being asked
    counter = offers.counter(0, offers.awaiting(0)[0].id, (2,))
    assert offers.can_ask(2, 1) and counter.receiver == 1  # a counter asks nobody anew


def test_clearing_an_occasion_forgets_its_offers():
    offers = Offers(players=3)
    offers.propose(0, 1, (1,), occasion=1)
    kept = offers.propose(0, 1, (1,), occasion=2)
    offers.clear(1)
    assert list(offers) == [kept] and offers.can_ask(1, 1)
    assert offers.propose(0, 1, (1,), occasion=1).id == 2  # ids are never reused


def test_visibility_the_parties_more_seats_or_everyone():
    offers = Offers(players=4)
    private = offers.propose(0, 1, (1,), occasion=1)
    shown = offers.propose(0, 2, (1,), occasion=1, also=(3,))
    public = offers.propose(1, 3, (1,), occasion=1, public=True)
    assert (private.visible, shown.visible, public.visible) == ((0, 1), (0, 2, 3), None)
    assert offers.visible_to(0) == [private, shown, public]
    assert offers.visible_to(3) == [shown, public]
    assert offers.visible_to(None) == [public]
    counter = offers.counter(2, shown.id, (2,))
    assert counter.visible == shown.visible  # a counter keeps its offer's audience


def _played() -> Offers:
    offers = Offers(players=3)
    offers.propose(0, 1, (1,), occasion=1)  # 0: open
    accepted = offers.propose(0, 2, (1,), occasion=1)  # 1: accepted
    offers.accept(2, accepted.id)
    countered = offers.propose(1, 0, (2,), occasion=1)  # 2: countered by 3, open
    offers.counter(0, countered.id, (1,))
    return offers


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (lambda o: o.propose(0, 0, (1,), 2), "seat 0 cannot make an offer to itself"),
        (lambda o: o.propose(0, 3, (1,), 2), "receiver|seat must be a seat 0..2, got 3"),
        (lambda o: o.propose(True, 1, (1,), 2), "seat must be a seat 0..2, got True"),
        (lambda o: o.propose(0, 1, (1,), 2, also=(5,)), "got 5"),
        (lambda o: o.propose(0, 1, (1.5,), 2), "terms must be a list of integers or strings"),
        (lambda o: o.propose(0, 1, 1, 2), "terms must be a list"),
        (lambda o: o.propose(0, 1, (1,), 2.0), "an occasion is an integer or a string"),
        (lambda o: o.propose(2, 1, (1,), 1), "seat 1 was already asked on occasion 1"),
        (lambda o: o.accept(2, 0), "only seat 1 may answer offer 0, not seat 2"),
        (lambda o: o.decline(0, 0), "only seat 1 may answer offer 0"),
        (lambda o: o.accept(2, 1), "offer 1 is accepted, not open"),
        (lambda o: o.counter(0, 2, (3,)), "offer 2 is countered, not open"),
        (lambda o: o.counter(1, 0, ("x", 1.0)), "terms must be a list of integers"),
        (lambda o: o.counter(1, 3, (3,)), "offer 3 is a counter-offer"),
        (lambda o: o.accept(1, 9), "there is no offer 9"),
        (lambda o: o.accept(1, "0"), "there is no offer '0'"),
        (lambda o: o.settle(0), "offer 0 is open, not accepted"),
        (lambda o: o.void(2), "offer 2 is countered: it cannot be voided"),
    ],
)
def test_every_illegal_move_raises_and_changes_nothing(move, message):
    offers = _played()
    before = offers.to_json()
    with pytest.raises(IllegalAction, match=message):
        move(offers)
    assert offers.to_json() == before


def test_a_settled_or_void_offer_is_final():
    offers = _played()
    offers.settle(1)
    offers.void(0)
    for offer_id in (0, 1):
        with pytest.raises(IllegalAction, match="cannot be voided"):
            offers.void(offer_id)
        with pytest.raises(IllegalAction, match="not accepted"):
            offers.settle(offer_id)


def test_a_copy_is_independent_and_equal():
    offers = _played()
    copy = offers.copy()
    assert copy == offers
    copy.settle(1)
    assert offers.get(1).status is OfferStatus.ACCEPTED and copy != offers


def test_rewrite_replaces_terms_only():
    offers = _played()
    offers.rewrite(0, (2,))
    assert offers.get(0).terms == (2,) and offers.get(0).status is OfferStatus.OPEN


def test_json_round_trips_exactly():
    offers = _played()
    offers.propose(2, 1, ("gold", 3), occasion="combat-1", public=True)
    data = json.loads(json.dumps(offers.to_json()))
    loaded = Offers.from_json(data, players=3)
    assert loaded == offers and loaded.to_json() == data
    assert loaded.get(3).counter_of == 2 and loaded.get(4).visible is None
    assert loaded.propose(0, 1, (1,), occasion=5).id == offers.next_id


def _offer(**change):
    data = Offer(0, 1, 0, 1, (2,)).to_json()
    return {"next_id": 1, "offers": [{**data, **change}]}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "offers are an object with next_id and offers"),
        ({"next_id": "1", "offers": []}, "next_id must be an integer"),
        ({"next_id": 1, "offers": [[]]}, "an offer is an object with id, occasion"),
        (_offer(id=-1), "offer id must be a non-negative integer"),
        (_offer(id=1), "offer id 1 is repeated or not below next_id"),
        (_offer(occasion=None), "offer 0: occasion must be an integer or a string"),
        (_offer(sender=3), "offer 0: sender must be a seat 0..2, got 3"),
        (_offer(receiver=0), "offer 0: sender and receiver are the same seat"),
        (_offer(terms=[None]), "offer 0: terms must be a list"),
        (_offer(status="pending"), "offer 0: unknown status 'pending'"),
        (_offer(visible=[0, 7]), "offer 0: visible must be a seat 0..2, got 7"),
        (_offer(visible="all"), "offer 0: visible must be null or a list"),
        (_offer(counter_of="0"), "offer 0: counter_of must be null or an offer id"),
        (_offer(counter_of=5), "offer 0: counter_of names no offer it can counter"),
    ],
)
def test_malformed_offers_are_refused_naming_the_field(data, message):
    with pytest.raises(ValueError, match=message):
        Offers.from_json(data, players=3)


def test_loading_refuses_a_seat_asked_twice_on_one_occasion():
    first, second = Offer(0, 1, 0, 1, (2,)), Offer(1, 1, 2, 1, (2,))
    data = {"next_id": 2, "offers": [first.to_json(), second.to_json()]}
    with pytest.raises(ValueError, match="offer 1: its receiver was already asked then"):
        Offers.from_json(data, players=3)


def test_the_module_docstring_example_runs():
    assert doctest.testmod(offers_module).failed == 0
