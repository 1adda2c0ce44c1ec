"""Mini game observations for the RL adapters, built from ``view(seat)`` only.

``n`` is the player count, ``C = 12`` the cards. Seats are absolute.

==========================================  =====  ========================================
features                                    count  meaning
==========================================  =====  ========================================
``me``, ``to_act``, ``leader``, ``attacker``  4·n    one-hot / flags over seats
``round``                                   1      as in the view
``phase.<phase>``                           4      bid, attack, respond, over
``deciding.is.<kind>``                      3      the top decision: target, slot, answer
``deciding.seat|card|target``               2n+C   one-hot: who decides, the card, the seat hit
``seat[i].<field>``                         8·n    coins, vault, gems0, gems1, bid, answered,
                                                   hand_size, winner
``hand``, ``discard``                       2·C    the observer's cards; played cards
``attack.present|card|target|slot|blocked``  ...    the attack in the response window
``offer.present|price|counter|from|to``     3+2n   the open offer the observer may see
``help.present|price|helper``               2+n    the accepted help the observer may see
``truncated``                               1      the safety limit ended the game
==========================================  =====  ========================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamenight.kernel.observation import Piece, Pieces, one_hot

from .actions import BLOCKS, HAND, MAX_BID, MAX_PRICE, NUM_CARDS, SLOTS
from .state import START_COINS, START_GEMS

PHASES = ("bid", "attack", "respond", "over")
KINDS = ("target", "slot", "answer")
SEAT_FIELDS = ("coins", "vault", "gems0", "gems1", "bid", "answered", "hand_size", "winner")
SCORES = (0.0, float(sum(START_GEMS) * 4))  # outcome().scores: gems, 4 seats at most


def pieces(players: int, options: Mapping[str, Any]) -> Pieces:
    """The observation's pieces, in the order `encode` writes them, bounded for `options`."""
    n, gems = players, sum(START_GEMS) * players
    bounds = {
        "coins": START_COINS * n,
        "vault": gems,
        "gems0": START_GEMS[0],
        "gems1": START_GEMS[1],
        "bid": MAX_BID,
        "hand_size": HAND,
    }
    out = [Piece(name, (n,), 0, 1) for name in ("me", "to_act", "leader", "attacker")]
    out.append(Piece("round", (), 0, options["max_rounds"]))
    out += [Piece(f"phase.{phase}", (), 0, 1) for phase in PHASES]
    out += [Piece(f"deciding.is.{kind}", (), 0, 1) for kind in KINDS]
    out += [
        Piece("deciding.seat", (n,), 0, 1),
        Piece("deciding.card", (NUM_CARDS,), 0, 1),
        Piece("deciding.target", (n,), 0, 1),
    ]
    for i in range(n):
        out += [Piece(f"seat[{i}].{field}", (), 0, bounds.get(field, 1)) for field in SEAT_FIELDS]
    out += [
        Piece("hand", (NUM_CARDS,), 0, 1),
        Piece("discard", (NUM_CARDS,), 0, 1),
        Piece("attack.present", (), 0, 1),
        Piece("attack.card", (NUM_CARDS,), 0, 1),
        Piece("attack.target", (n,), 0, 1),
        Piece("attack.slot", (SLOTS,), 0, 1),
        Piece("attack.blocked", (), 0, 1),
        Piece("offer.present", (), 0, 1),
        Piece("offer.price", (), 0, MAX_PRICE),
        Piece("offer.counter", (), 0, 1),
        Piece("offer.from", (n,), 0, 1),
        Piece("offer.to", (n,), 0, 1),
        Piece("help.present", (), 0, 1),
        Piece("help.price", (), 0, MAX_PRICE),
        Piece("help.helper", (n,), 0, 1),
        Piece("truncated", (), 0, 1),
    ]
    return Pieces(out)


def encode(view: dict[str, Any]) -> list[float]:
    """The floats of `pieces`, in order, from a view (a seat's or a spectator's)."""
    n = view["players"]
    out = one_hot(view["seat"], n)
    out += [1.0 if i in view["to_act"] else 0.0 for i in range(n)]
    out += one_hot(view["leader"], n)
    out += one_hot(view["attacker"], n)
    out.append(view["round"])
    out += [1.0 if view["phase"] == phase else 0.0 for phase in PHASES]
    deciding = view["deciding"] or {"kind": None, "seat": None, "card": None, "target": None}
    out += [1.0 if deciding["kind"] == kind else 0.0 for kind in KINDS]
    out += one_hot(deciding["seat"], n) + one_hot(deciding["card"], NUM_CARDS)
    out += one_hot(deciding["target"], n)
    for i in range(n):
        bid = view["bids"][i]
        out += [
            view["coins"][i],
            view["vault"][i],
            *view["gems"][i],
            bid or 0,
            0.0 if bid is None else 1.0,
            view["hand_sizes"][i],
            1.0 if i in view["winners"] else 0.0,
        ]
    hand = set(view["hand"] or ())
    out += [1.0 if card in hand else 0.0 for card in range(NUM_CARDS)]
    out += [1.0 if card in view["discard"] else 0.0 for card in range(NUM_CARDS)]
    attack = view["attack"]
    out.append(0.0 if attack is None else 1.0)
    out += one_hot(attack and attack["card"], NUM_CARDS) + one_hot(attack and attack["target"], n)
    out += one_hot(attack and attack["slot"], SLOTS)
    out.append(1.0 if attack and attack["blocked"] else 0.0)
    offer = next((o for o in view["offers"] if o["status"] == "open"), None)
    if offer is None:
        out += [0.0, 0.0, 0.0]
    else:
        out += [1.0, offer["terms"][0], 0.0 if offer["counter_of"] is None else 1.0]
    out += one_hot(offer and offer["sender"], n) + one_hot(offer and offer["receiver"], n)
    help_offer = next((o for o in view["offers"] if o["status"] == "accepted"), None)
    helper = None
    if help_offer is not None:
        parties = help_offer["sender"], help_offer["receiver"]
        helper = parties[0] if parties[1] == view["attacker"] else parties[1]
    out += [0.0, 0.0] if help_offer is None else [1.0, help_offer["terms"][0]]
    out += one_hot(helper, n)
    out.append(1.0 if view["truncated"] else 0.0)
    return out


def text(view: dict[str, Any]) -> str:
    """A short readable form of a view (OpenSpiel's observation string)."""
    seat = view["seat"]
    lines = [
        f"seat {'spectator' if seat is None else seat} | round {view['round']} {view['phase']}"
        f" | to act {view['to_act']} | attacker {view['attacker']} | hand {view['hand']}"
    ]
    for i in range(view["players"]):
        lines.append(
            f"seat {i}: coins {view['coins'][i]} gems {view['gems'][i]} vault {view['vault'][i]}"
            f" bid {view['bids'][i]} cards {view['hand_sizes'][i]}"
        )
    if view["deciding"]:
        lines.append(f"deciding {view['deciding']}")
    if view["attack"]:
        lines.append(f"attack {view['attack']}")
    lines += [f"offer {offer}" for offer in view["offers"]]
    return "\n".join(lines)


def max_actions(players: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the actions of one game (OpenSpiel's ``max_game_length``).

    A round has ``n`` bids; at most ``3(n-1)`` offer moves (an ask, its answer, the answer
    to a counter, for each other seat); a play, a target and a slot (or an end of turn);
    and a response window of ``n`` answers, plus ``n`` more after each block card, of
    which the game holds 4. So ``5n`` per round and ``4n`` in all for blocks.
    """
    return int(options["max_rounds"]) * 5 * players + len(BLOCKS) * players
