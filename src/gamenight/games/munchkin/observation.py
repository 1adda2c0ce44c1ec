"""Munchkin observations for reinforcement learning, built from ``view(seat)`` only.

One encoder serves every card set: card blocks are sized for the largest set (``C``);
a smaller set leaves the blocks of ids it lacks at zero. Seats are absolute, cards are
instance ids as in the action codec. ``n`` is the player count. Values that have no hard
bound (strengths, pile sizes) are clipped to the bounds of the layout.

A card's block says where the observer knows it is: in its own hand, in a hand it knows
(a card everybody saw go there, or a gift it gave), in play (and equipped), on a discard
pile, in the fight (a monster, an enhancer), in a body being looted, in a haul being
shared, being played (``limbo``), or in an open offer's terms. A card in a deck or an
unknown hand is all zeros.

===================================  ========  ==============================================
features                             count     meaning
===================================  ========  ==============================================
``me``, ``to_act``, ``turn``         3·n       one-hot / flags over seats
``turn_number``                      1         as in the view (0..max_turns)
``phase.<phase>``                    10        setup, start, reveal, combat, run, loot, after,
                                               charity, end, over
``window.<kind>``                    4         the open window: reveal, combat, roll, end
``deciding.<kind>``                  K         the top decision frame's kind (K = `FRAMES`)
``deciding.seat``                    n         who decides it
``seat[i].<field>``                  9·n       level, male, dead, ready, hand_doors,
                                               hand_treasures, hand_limit, strength, winner
``decks``                            4         door and treasure decks and discard piles
``combat.<field>``                   6         present, players, monsters, winning, monsters
                                               in the fight, defeated treasures
``combat.helper``                    n         one-hot
``run.<field>``                      3         present, roll, total
``offer.<field>``                    4+2n      an open offer: present, counter, treasures,
                                               helper_first, from, to
``truncated``                        1
``card[c].<where>``                  (2n+10)·C  hand (mine), known[i], table[i], equipped,
                                               door_discard, treasure_discard, monster,
                                               enhancer, body, haul, limbo, offer
===================================  ========  ==============================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamenight.kernel.observation import Layout, one_hot

from . import effects, phases
from .actions import MAX_MONSTERS
from .content import load_set, set_files
from .deals import MAX_SALES

SETS = {cs.rules.game_id: cs for cs in map(load_set, set_files())}
C = max(cs.size for cs in SETS.values())  # card blocks: the largest set
TOP_LEVEL = max(cs.rules.max_level for cs in SETS.values())
PHASES = (
    phases.SETUP,
    phases.START,
    phases.REVEAL,
    phases.COMBAT,
    phases.RUN,
    phases.LOOT,
    phases.AFTER,
    phases.CHARITY,
    phases.END,
    phases.OVER,
)
WINDOWS = (phases.W_REVEAL, phases.W_COMBAT, phases.W_ROLL, phases.W_END)
FRAMES = (
    effects.AIM,
    effects.AIM_SEAT,
    effects.AIM_MONSTER,
    effects.LOSE,
    effects.VALUE,
    effects.COST,
    effects.CURSE_TARGET,
    effects.CURSE,
    phases.ENHANCE,
    phases.WANDER,
    phases.GIVE,
    phases.LOOT_BODY,
    phases.SHARE,
    phases.BRIBE,
    phases.COUNTER,
    phases.ANSWER,
    phases.TRADE,
    phases.SELL,
    "hook",
)
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
CARD_FIELDS = (
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
SCORES = (1.0, float(TOP_LEVEL))  # outcome().scores: the players' levels

_PHASE = {p: i for i, p in enumerate(PHASES)}
_WINDOW = {w: i for i, w in enumerate(WINDOWS)}
_FRAME = {f: i for i, f in enumerate(FRAMES)}


def layout(players: int, options: Mapping[str, Any]) -> list[tuple[str, float, float]]:
    """``(name, low, high)`` of every float `encode` returns, in order."""
    n = players
    out = Layout()
    add = out.add
    add("me", 0, 1, n)
    add("to_act", 0, 1, n)
    add("turn", 0, 1, n)
    add("turn_number", 0, options["max_turns"])
    out.extend((f"phase.{p}", 0, 1) for p in PHASES)
    out.extend((f"window.{w}", 0, 1) for w in WINDOWS)
    out.extend((f"deciding.{f}", 0, 1) for f in FRAMES)
    add("deciding.seat", 0, 1, n)
    bounds = {
        "level": (0, TOP_LEVEL),
        "hand_doors": (0, C),
        "hand_treasures": (0, C),
        "hand_limit": (0, C),
        "strength": STRENGTH,
    }
    for i in range(n):
        for field in SEAT_FIELDS:
            low, high = bounds.get(field, (0, 1))
            add(f"seat[{i}].{field}", low, high)
    for name in ("door_deck", "treasure_deck", "door_discard", "treasure_discard"):
        add(name, 0, C)
    add("combat.present", 0, 1)
    add("combat.players", *STRENGTH)
    add("combat.monsters", *STRENGTH)
    add("combat.winning", 0, 1)
    add("combat.count", 0, MAX_MONSTERS)
    add("combat.defeated_treasures", 0, C)
    add("combat.helper", 0, 1, n)
    add("run.present", 0, 1)
    add("run.roll", 0, 6)
    add("run.total", -20, 40)
    add("offer.present", 0, 1)
    add("offer.counter", 0, 1)
    add("offer.treasures", 0, C)
    add("offer.helper_first", 0, 1)
    add("offer.from", 0, 1, n)
    add("offer.to", 0, 1, n)
    add("truncated", 0, 1)
    for c in range(C):
        add(f"card[{c}].hand", 0, 1)
        add(f"card[{c}].known", 0, 1, n)
        add(f"card[{c}].table", 0, 1, n)
        add(f"card[{c}].equipped", 0, 1)
        for field in CARD_FIELDS:
            add(f"card[{c}].{field}", 0, 1)
    return out


def _clip(value: float, low: float, high: float) -> float:
    return float(min(max(value, low), high))


def encode(view: dict[str, Any]) -> list[float]:
    """The floats `layout` describes, from a view (a seat's or a spectator's).

    The header is built as a list; the card blocks are written at fixed offsets into
    zeros, so a card no zone of the view names stays all zeros.
    """
    n = view["players"]
    seat = view["seat"]
    out = one_hot(seat, n)
    out += [1.0 if i in view["to_act"] else 0.0 for i in range(n)]
    out += one_hot(view["turn"], n)
    out.append(float(view["turn_number"]))
    out += one_hot(_PHASE[view["phase"]], len(PHASES))
    window = view["window"]
    out += one_hot(None if window is None else _WINDOW[window["kind"]], len(WINDOWS))
    deciding = view["deciding"]
    kind = None
    if deciding is not None:
        kind = _FRAME.get(deciding["kind"], _FRAME["hook"])
    out += one_hot(kind, len(FRAMES))
    out += one_hot(None if deciding is None else deciding["seat"], n)
    winners = view["winners"]
    for i, info in enumerate(view["seats"]):
        out += [
            float(info["level"]),
            1.0 if info["sex"] == "male" else 0.0,
            float(info["dead"]),
            float(info["ready"]),
            _clip(info["hand_doors"], 0, C),
            _clip(info["hand_treasures"], 0, C),
            _clip(info["hand_limit"], 0, C),
            _clip(info["strength"], *STRENGTH),
            1.0 if i in winners else 0.0,
        ]
    out += [
        _clip(view["door_deck"], 0, C),
        _clip(view["treasure_deck"], 0, C),
        _clip(len(view["door_discard"]), 0, C),
        _clip(len(view["treasure_discard"]), 0, C),
    ]
    combat = view["combat"]
    if combat is None:
        out += [0.0] * 6 + [0.0] * n
    else:
        out += [
            1.0,
            _clip(combat["players_strength"], *STRENGTH),
            _clip(combat["monsters_strength"], *STRENGTH),
            float(combat["winning"]),
            float(len(combat["monsters"])),
            _clip(combat["defeated_treasures"], 0, C),
        ]
        out += one_hot(combat["helper"], n)
    run = view["run"]
    if run is None or run["roll"] is None:
        out += [0.0 if run is None else 1.0, 0.0, 0.0]
    else:
        out += [1.0, float(run["roll"]), _clip(run["total"], -20, 40)]
    offer = next((o for o in view["offers"] if o["status"] in ("open", "accepted")), None)
    offered: list[int] = []
    if offer is None:
        out += [0.0] * 4 + [0.0] * (2 * n)
    else:
        terms = offer["terms"]
        help_offer = type(offer["occasion"]) is int
        if help_offer:
            treasures, first, offered = terms[0], terms[1], terms[2:]
        else:
            treasures, first, offered = 0, 0, terms[1:]
        out += [
            1.0,
            0.0 if offer["counter_of"] is None else 1.0,
            _clip(treasures, 0, C),
            float(first),
        ]
        out += one_hot(offer["sender"], n) + one_hot(offer["receiver"], n)
    out.append(1.0 if view["truncated"] else 0.0)
    # card blocks
    width = 2 * n + 2 + len(CARD_FIELDS)
    base = len(out)
    out += [0.0] * (width * C)
    field = {name: 2 * n + 2 + j for j, name in enumerate(CARD_FIELDS)}

    def mark(card: int, offset: int) -> None:
        out[base + card * width + offset] = 1.0

    for c in view["hand"] or ():
        mark(c, 0)
    for i, info in enumerate(view["seats"]):
        if i != seat:
            for c in info["known_hand"]:
                mark(c, 1 + i)
        for entry in info["table"]:
            mark(entry["card"], 1 + n + i)
            if entry["equipped"]:
                mark(entry["card"], 1 + 2 * n)
    for name in ("door_discard", "treasure_discard", "body", "haul", "limbo"):
        for c in view[name]:
            mark(c, field[name])
    if combat is not None:
        for m in combat["monsters"]:
            mark(m["card"], field["monster"])
            for e in m["enhancers"]:
                mark(e, field["enhancer"])
    for c in offered:
        mark(int(c), field["offer"])
    return out


def text(view: dict[str, Any]) -> str:
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
        )
    combat = view["combat"]
    if combat is not None:
        lines.append(
            f"combat: {combat['players_strength']} vs {combat['monsters_strength']} "
            f"monsters {[m['card'] for m in combat['monsters']]} helper {combat['helper']}"
        )
    if view["deciding"] is not None:
        lines.append(f"deciding {view['deciding']}")
    lines += [f"offer {offer}" for offer in view["offers"]]
    return "\n".join(lines)


# ----- the bound on a game's length ---------------------------------------------------

ROLLS_PER_TURN = MAX_MONSTERS * 2  # one roll per monster for the fighter and the helper
FRAME_STEPS = 40  # choices one played card or used ability may ask for (targets, losses)


def max_actions(players: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the actions of one game (OpenSpiel's ``max_game_length``).

    Per turn, with C cards and n players: a turn draws at most C cards (`draw_cap`), so
    at most 4C cards leave hands (those held, those drawn, a body's, gifts) and
    (6 + n)C leave play (those there, those played, those traded, bribed or stolen);
    the abilities limited without a card as cost add ``limit`` uses per combat, turn or
    roll. Each such play asks at most `FRAME_STEPS` choices and re-opens a window of n
    answers. Add the turn's own steps: asking for help (n asks, each built of at most
    2C + 6 steps), trades (n, each of at most 2C + 2), sales (`MAX_SALES` of C + 2),
    equipping (C), charity (2C), looting (n per death, n deaths), the haul (C), runs
    (`ROLLS_PER_TURN` rolls and choices, each with its window), the door, the windows
    that close without a play. The set-up adds 9 per seat (8 cards and Begin).
    """
    n = players
    cards = C
    free = 0
    for cs in SETS.values():
        uses = 0
        for card in cs.cards:
            for ability in card.uses:
                if ability.limit and not (
                    ability.discard or ability.discard_hand or ability.discard_self
                ):
                    scopes = ROLLS_PER_TURN if ability.per == "roll" else 1
                    uses += ability.limit * scopes * (n if ability.per_target else 1)
        free = max(free, uses)
    plays = 4 * cards + (6 + n) * cards + free + TOP_LEVEL
    per_play = 1 + FRAME_STEPS + n
    turn = (
        plays * per_play
        + n * (2 * cards + 6 + 4)
        + n * (2 * cards + 4)
        + MAX_SALES * (cards + 2)
        + cards
        + 2 * cards
        + n * n
        + cards
        + ROLLS_PER_TURN * (2 + n + 1)
        + 4 * (n + 2)
    )
    return 9 * n + int(options["max_turns"]) * turn
