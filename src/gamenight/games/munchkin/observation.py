"""Munchkin observations for reinforcement learning, built from ``view(seat)`` only.

The RL adapters (``gamenight.envs``) call `encode_state`, which writes the floats of `encode`
of a seat's view straight into their buffer; `pieces` declares the
observation's named pieces, in order (the flat layout derives from them). One encoder
serves every card set: card pieces are sized for the largest set (``C``); a smaller set
leaves the ids it lacks at zero. Seats are absolute, cards are instance ids as in the
action codec. ``n`` is the player count. Values that have no hard bound (strengths, pile
sizes) are clipped to the bounds of their piece.

The ``card.*`` pieces say where the observer knows each card is: in its own hand, in a
hand it knows (a card everybody saw go there, or a gift it gave), in play (and equipped),
on a discard pile, in the fight (a monster, an enhancer), in a body being looted, in a
haul being shared, being played (``limbo``), or in an open offer's terms. A card in a deck
or an unknown hand is all zeros.

=============================  =====  ==================================================
piece                          shape  meaning
=============================  =====  ==================================================
``me``, ``to_act``, ``turn``   n      one-hot / flags over seats
``turn_number``                ()     as in the view (0..max_turns)
``phase``                      10     one-hot: `PHASES` (setup, start, reveal, combat,
                                      run, loot, after, charity, end, over)
``window``                     4      one-hot, the open window: `WINDOWS` (reveal,
                                      combat, roll, end)
``deciding``                   K      one-hot: the top decision frame's kind (`FRAMES`,
                                      every hook's frame as ``hook``)
``deciding.seat``              n      one-hot: who decides it
``seat.<field>``               n      per seat, each of `SEAT_FIELDS`: level, male,
                                      dead, ready, hand_doors, hand_treasures,
                                      hand_limit, strength, winner
``door_deck``...               ()     the sizes of the door and treasure decks and of
                                      their discard piles
``combat.<field>``             ()     present, players, monsters (strengths), winning,
                                      count (monsters in the fight), defeated_treasures
``combat.helper``              n      one-hot
``run.<field>``                ()     present, roll, total
``offer.<field>``              ()     an open offer: present, counter, treasures,
                                      helper_first
``offer.from``, ``offer.to``   n      one-hot
``asked``                      n, n   seat i has begun a trade with seat j this turn
``truncated``                  ()
``card.hand``                  C      in the observer's hand
``card.known``, ``card.table`` C, n   in seat i's hand (known), in play before seat i
``card.<where>``               C      equipped, door_discard, treasure_discard,
                                      monster, enhancer, body, haul, limbo, offer
=============================  =====  ==================================================
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, MutableSequence
from typing import Any

from gamenight.kernel.observation import Piece, Pieces

from .actions import MAX_MONSTERS
from .content import Sex, load_set, set_files
from .model import HOOK_FRAME, FrameKind, MunchkinModel, Phase, WindowKind
from .views import MunchkinView
from .views import view as seat_view

SETS = {cs.rules.game_id: cs for cs in map(load_set, set_files())}
C = max(cs.size for cs in SETS.values())  # card pieces: the largest set
TOP_LEVEL = max(cs.rules.max_level for cs in SETS.values())
PHASES = tuple(Phase)
WINDOWS = tuple(kind for kind in WindowKind if kind != WindowKind.NONE)
AUTOMATIC = (
    FrameKind.OPS,
    FrameKind.REWARD,
    FrameKind.HAUL,
    FrameKind.END_COMBAT,
    FrameKind.LOOT_END,
    FrameKind.HAUL_REST,
)
HOOK = "hook"  # every hook's frame
FRAMES = (*(kind for kind in FrameKind if kind not in AUTOMATIC), HOOK)  # a choice is on top
SEAT_FIELDS = (
    "level",
    "male",
    "dead",
    "ready",
    "hand_doors",
    "hand_treasures",
    "hand_limit",
    "strength",
    "winner",
)
WHERE = (  # the card pieces of one flag per card, after the hand, known and table
    "equipped",
    "door_discard",
    "treasure_discard",
    "monster",
    "enhancer",
    "body",
    "haul",
    "limbo",
    "offer",
)
STRENGTH = (-30.0, 150.0)
RUN_TOTAL = (-20.0, 40.0)
SCORES = (1.0, float(TOP_LEVEL))  # outcome().scores: the players' levels

# the one-hot index of each phase, window and frame kind
_PHASE: dict[str, int] = {p: i for i, p in enumerate(PHASES)}
_WINDOW: dict[str, int] = {w: i for i, w in enumerate(WINDOWS)}
_FRAME: dict[str, int] = {f: i for i, f in enumerate(FRAMES)}


def pieces(players: int, options: Mapping[str, Any]) -> Pieces:
    """The pieces `encode` writes, in order, with their shapes and bounds."""
    return _pieces(players, options["max_turns"])


@functools.cache  # `encode` asks at every observation
def _pieces(n: int, max_turns: int) -> Pieces:
    seat_bounds = {
        "level": (0.0, float(TOP_LEVEL)),
        "hand_doors": (0.0, float(C)),
        "hand_treasures": (0.0, float(C)),
        "hand_limit": (0.0, float(C)),
        "strength": STRENGTH,
    }
    return Pieces(
        [
            Piece("me", (n,), 0, 1),
            Piece("to_act", (n,), 0, 1),
            Piece("turn", (n,), 0, 1),
            Piece("turn_number", (), 0, max_turns),
            Piece("phase", (len(PHASES),), 0, 1),
            Piece("window", (len(WINDOWS),), 0, 1),
            Piece("deciding", (len(FRAMES),), 0, 1),
            Piece("deciding.seat", (n,), 0, 1),
            *(Piece(f"seat.{f}", (n,), *seat_bounds.get(f, (0, 1))) for f in SEAT_FIELDS),
            *(
                Piece(pile, (), 0, C)
                for pile in ("door_deck", "treasure_deck", "door_discard", "treasure_discard")
            ),
            Piece("combat.present", (), 0, 1),
            Piece("combat.players", (), *STRENGTH),
            Piece("combat.monsters", (), *STRENGTH),
            Piece("combat.winning", (), 0, 1),
            Piece("combat.count", (), 0, MAX_MONSTERS),
            Piece("combat.defeated_treasures", (), 0, C),
            Piece("combat.helper", (n,), 0, 1),
            Piece("run.present", (), 0, 1),
            Piece("run.roll", (), 0, 6),
            Piece("run.total", (), *RUN_TOTAL),
            Piece("offer.present", (), 0, 1),
            Piece("offer.counter", (), 0, 1),
            Piece("offer.treasures", (), 0, C),
            Piece("offer.helper_first", (), 0, 1),
            Piece("offer.from", (n,), 0, 1),
            Piece("offer.to", (n,), 0, 1),
            Piece("asked", (n, n), 0, 1),
            Piece("truncated", (), 0, 1),
            Piece("card.hand", (C,), 0, 1),
            Piece("card.known", (C, n), 0, 1),
            Piece("card.table", (C, n), 0, 1),
            *(Piece(f"card.{where}", (C,), 0, 1) for where in WHERE),
        ]
    )


def _clip(value: float, low: float, high: float) -> float:
    return float(min(max(value, low), high))


def encode(view: MunchkinView) -> list[float]:
    """The floats of `pieces`, from a view (a seat's or a spectator's)."""
    values = [0.0] * _pieces(view["players"], view["max_turns"]).size
    _write(view, values)
    return values


def encode_state(state: MunchkinModel, seat: int | None, values: MutableSequence[float]) -> None:
    """Write `encode(view(seat))` into `values` (all zeros, as long as the observation).

    Munchkin's view is built here too (its rules work out most of what it shows: hand
    limits, strengths, the hands a seat knows); what this saves is the list of floats
    and its copy into the adapters' buffer, which cost as much as the view."""
    _write(seat_view(state, seat), values)


def _write(view: MunchkinView, values: MutableSequence[float]) -> None:
    """Write the non-zero floats of a view's observation into `values` (zeros)."""
    n = view["players"]
    seat = view["seat"]
    at = _pieces(n, view["max_turns"]).starts  # the view repeats the option they depend on
    if seat is not None:
        values[at["me"] + seat] = 1.0
    for s in view["to_act"]:
        values[at["to_act"] + s] = 1.0
    values[at["turn"] + view["turn"]] = 1.0
    values[at["turn_number"]] = float(view["turn_number"])
    values[at["phase"] + _PHASE[view["phase"]]] = 1.0
    window = view["window"]
    if window is not None:
        values[at["window"] + _WINDOW[window["kind"]]] = 1.0
    deciding = view["deciding"]
    if deciding is not None:
        kind = deciding["kind"]
        values[at["deciding"] + _FRAME[HOOK if kind.startswith(HOOK_FRAME) else kind]] = 1.0
        if deciding["seat"] is not None:
            values[at["deciding.seat"] + deciding["seat"]] = 1.0
    seats = view["seats"]
    level, male, dead, ready = at["seat.level"], at["seat.male"], at["seat.dead"], at["seat.ready"]
    doors, treasures = at["seat.hand_doors"], at["seat.hand_treasures"]
    limit, strength = at["seat.hand_limit"], at["seat.strength"]
    asked, known, table = at["asked"], at["card.known"], at["card.table"]
    equipped = at["card.equipped"]
    for i, info in enumerate(seats):
        values[level + i] = float(info["level"])
        if info["sex"] == Sex.MALE:
            values[male + i] = 1.0
        if info["dead"]:
            values[dead + i] = 1.0
        if info["ready"]:
            values[ready + i] = 1.0
        values[doors + i] = _clip(info["hand_doors"], 0, C)
        values[treasures + i] = _clip(info["hand_treasures"], 0, C)
        values[limit + i] = _clip(info["hand_limit"], 0, C)
        values[strength + i] = _clip(info["strength"], *STRENGTH)
        for other in info["asked"]:
            values[asked + i * n + other] = 1.0
        if i != seat:
            for c in info["known_hand"]:
                values[known + c * n + i] = 1.0
        for entry in info["table"]:
            values[table + entry["card"] * n + i] = 1.0
            if entry["equipped"]:
                values[equipped + entry["card"]] = 1.0
    for i in view["winners"]:
        values[at["seat.winner"] + i] = 1.0
    values[at["door_deck"]] = _clip(view["door_deck"], 0, C)
    values[at["treasure_deck"]] = _clip(view["treasure_deck"], 0, C)
    values[at["door_discard"]] = _clip(len(view["door_discard"]), 0, C)
    values[at["treasure_discard"]] = _clip(len(view["treasure_discard"]), 0, C)
    fight = view["combat"]
    if fight is not None:
        values[at["combat.present"]] = 1.0
        values[at["combat.players"]] = _clip(fight["players_strength"], *STRENGTH)
        values[at["combat.monsters"]] = _clip(fight["monsters_strength"], *STRENGTH)
        values[at["combat.winning"]] = float(fight["winning"])
        values[at["combat.count"]] = float(len(fight["monsters"]))
        values[at["combat.defeated_treasures"]] = _clip(fight["defeated_treasures"], 0, C)
        if fight["helper"] is not None:
            values[at["combat.helper"] + fight["helper"]] = 1.0
        monster, enhancer = at["card.monster"], at["card.enhancer"]
        for m in fight["monsters"]:
            values[monster + m["card"]] = 1.0
            for e in m["enhancers"]:
                values[enhancer + e] = 1.0
    run = view["run"]
    if run is not None:
        values[at["run.present"]] = 1.0
        if run["roll"] is not None and run["total"] is not None:
            values[at["run.roll"]] = float(run["roll"])
            values[at["run.total"]] = _clip(run["total"], *RUN_TOTAL)
    offer = next((o for o in view["offers"] if o["status"] in ("open", "accepted")), None)
    if offer is not None:
        terms = [int(t) for t in offer["terms"]]
        if type(offer["occasion"]) is int:  # help: (treasures, helper_first, *items)
            treasures_offered, first, offered = terms[0], terms[1], terms[2:]
        else:  # a trade: (mine, *items)
            treasures_offered, first, offered = 0, 0, terms[1:]
        values[at["offer.present"]] = 1.0
        if offer["counter_of"] is not None:
            values[at["offer.counter"]] = 1.0
        values[at["offer.treasures"]] = _clip(treasures_offered, 0, C)
        values[at["offer.helper_first"]] = float(first)
        values[at["offer.from"] + offer["sender"]] = 1.0
        values[at["offer.to"] + offer["receiver"]] = 1.0
        _flag(values, at["card.offer"], offered)
    if view["truncated"]:
        values[at["truncated"]] = 1.0
    _flag(values, at["card.hand"], view["hand"] or ())
    _flag(values, at["card.door_discard"], view["door_discard"])
    _flag(values, at["card.treasure_discard"], view["treasure_discard"])
    _flag(values, at["card.body"], view["body"])
    _flag(values, at["card.haul"], view["haul"])
    _flag(values, at["card.limbo"], view["limbo"])


def _flag(values: MutableSequence[float], start: int, cards: Iterable[int]) -> None:
    """Set the float of each card listed in the piece that begins at `start`."""
    for c in cards:
        values[start + c] = 1.0


def text(view: MunchkinView) -> str:
    """A short readable form of a view (OpenSpiel's observation string)."""
    seat = view["seat"]
    lines = [
        f"seat {'spectator' if seat is None else seat} | turn {view['turn_number']} of seat "
        f"{view['turn']} | {view['phase']} | to act {view['to_act']} | hand {view['hand']}"
    ]
    for info in view["seats"]:
        table = [e["card"] if e["equipped"] else f"({e['card']})" for e in info["table"]]
        lines.append(
            f"seat {info['seat']}: level {info['level']} {info['sex']}"
            f"{' dead' if info['dead'] else ''} cards {info['hand_doors']}+"
            f"{info['hand_treasures']} strength {info['strength']} table {table}"
            + (f" asked {info['asked']}" if info["asked"] else "")
        )
    fight = view["combat"]
    if fight is not None:
        lines.append(
            f"combat: {fight['players_strength']} vs {fight['monsters_strength']} "
            f"monsters {[m['card'] for m in fight['monsters']]} helper {fight['helper']}"
        )
    deciding = view["deciding"]
    if deciding is not None:
        lines.append(f"deciding {deciding['kind']} by seat {deciding['seat']}: {deciding['args']}")
    lines += [f"offer {offer}" for offer in view["offers"]]
    return "\n".join(lines)


# ----- the bound on a game's length ---------------------------------------------------


def max_actions(players: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the actions of one game (OpenSpiel's ``max_game_length``): the
    set-up and at most ``max_turns`` turns, each ended by the safety limit
    ``max_turn_actions`` if nothing ends it sooner."""
    return (int(options["max_turns"]) + 1) * int(options["max_turn_actions"])
