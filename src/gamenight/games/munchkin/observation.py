"""Munchkin observations for reinforcement learning, built from ``view(seat)`` only.

The RL adapters (``gamenight.envs``) call `encode_state`, which writes the floats of `encode`
of a seat's view straight into their buffer, read from the state's own fields (the same
floats, so exactly what the view allows: a test compares the two); `pieces` declares the
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

from gamenight.kernel import OfferStatus
from gamenight.kernel.observation import Piece, Pieces

from . import character, combat
from .actions import MAX_MONSTERS
from .content import SEXES, Sex, load_set, set_files
from .model import HOOK_FRAME, FrameKind, MunchkinModel, Phase, Setup, WindowKind
from .views import MunchkinView, known_in_hands

try:
    from ._observe import rules_key, write_fields

    NATIVE = True  # the seats', hands' and piles' loops in C, for float32 buffers
except ImportError:  # not built (a plain source tree): the Python loops write the same floats
    NATIVE = False

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
_HOOK_INDEX = _FRAME[HOOK]
_RUN = Phase.RUN  # bound once: `encode_state` asks at every observation


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
    """Write `encode(view(seat))` into `values` (all zeros, as long as the observation),
    read from the state's own fields without building the view: the same floats, so
    exactly what the view allows (a test compares the two)."""
    state.check_seat(seat)
    n = state.num_players
    pieces = _pieces(n, state.options["max_turns"])
    at = pieces.starts
    # The seats', hands' and piles' loops are most of the work: in C where it is built,
    # for the adapters' float32 buffers, with the rules' figures memoized.
    if NATIVE and _float32_buffer(values):
        write_fields(
            values,
            state,
            -1 if seat is None else seat,
            n,
            _native_offsets(pieces),
            _memoized_rules(state),
            state.actors(),
            _door_flags(type(state)),
            _PHASE,
            _WINDOW,
            _FRAME,
            _HOOK_INDEX,
            C,
        )
    else:
        _write_fields(state, seat, values, at, _rules(state))
    if state.phase == _RUN:
        values[at["run.present"]] = 1.0
        if state.roll >= 0:
            values[at["run.roll"]] = float(state.roll)
            values[at["run.total"]] = _clip(combat.run_total(state, state.roll_seat), *RUN_TOTAL)
    for offer in state.offers.by_id.values():  # the view's first open or accepted one
        if offer.status in _LIVE_OFFER and offer.visible_to(seat):
            _write_offer(
                values,
                at,
                offer.occasion,
                offer.terms,
                offer.counter_of,
                offer.sender,
                offer.receiver,
            )
            break


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
        _write_offer(
            values,
            at,
            offer["occasion"],
            offer["terms"],
            offer["counter_of"],
            offer["sender"],
            offer["receiver"],
        )
    if view["truncated"]:
        values[at["truncated"]] = 1.0
    _flag(values, at["card.hand"], view["hand"] or ())
    _flag(values, at["card.door_discard"], view["door_discard"])
    _flag(values, at["card.treasure_discard"], view["treasure_discard"])
    _flag(values, at["card.body"], view["body"])
    _flag(values, at["card.haul"], view["haul"])
    _flag(values, at["card.limbo"], view["limbo"])


def _write_offer(
    values: MutableSequence[float],
    at: dict[str, int],
    occasion: int | str,
    terms: Iterable[int | str],
    counter_of: int | None,
    sender: int,
    receiver: int,
) -> None:
    """The ``offer.*`` pieces and ``card.offer`` of the open (or accepted) offer shown."""
    ints = [int(t) for t in terms]
    if type(occasion) is int:  # help: (treasures, helper_first, *items)
        treasures_offered, first, offered = ints[0], ints[1], ints[2:]
    else:  # a trade: (mine, *items)
        treasures_offered, first, offered = 0, 0, ints[1:]
    values[at["offer.present"]] = 1.0
    if counter_of is not None:
        values[at["offer.counter"]] = 1.0
    values[at["offer.treasures"]] = _clip(treasures_offered, 0, C)
    values[at["offer.helper_first"]] = float(first)
    values[at["offer.from"] + sender] = 1.0
    values[at["offer.to"] + receiver] = 1.0
    _flag(values, at["card.offer"], offered)


def _flag(values: MutableSequence[float], start: int, cards: Iterable[int]) -> None:
    """Set the float of each card listed in the piece that begins at `start`."""
    for c in cards:
        values[start + c] = 1.0


# ----- from the state's own fields (`encode_state`) ------------------------------------

# The fields the rules' figures (`_rules`) are read from, besides the card set: the memo
# of the figures is keyed by their values (a test checks that `_rules` reads no other).
RULES_FIELDS = (
    "num_players",
    "turn",
    "helper",
    "level",
    "sex",
    "table",
    "unequipped",
    "monsters",
    "enh",
    "cmods",
)
_LIVE_OFFER = (OfferStatus.OPEN, OfferStatus.ACCEPTED)
_MEMO_SIZE = 4096  # figures kept per state class; most observations repeat the last ones
_memos: dict[type[MunchkinModel], dict[bytes, tuple[float, ...]]] = {}


def _rules(state: MunchkinModel) -> tuple[float, ...]:
    """The figures the rules work out, as the view shows them (clipped to their pieces):
    each seat's hand limit, then each seat's strength, then in a fight the players' and
    the monsters' strengths and whether the players win."""
    seats = range(state.num_players)
    limits = [_clip(character.hand_limit(state, p), 0, C) for p in seats]
    strengths = [character.player_strength(state, p) for p in seats]
    clipped = [_clip(strength, *STRENGTH) for strength in strengths]
    if not state.monsters:
        return (*limits, *clipped)
    players, monsters = character.sides(state, strengths)
    winning = float(character.wins(state, players, monsters))
    return (*limits, *clipped, _clip(players, *STRENGTH), _clip(monsters, *STRENGTH), winning)


def _memoized_rules(state: MunchkinModel) -> tuple[float, ...]:
    """`_rules`, memoized by the values of `RULES_FIELDS`: a move seldom changes them (a
    pass in a window does not), and working the figures out is most of the cost."""
    key = rules_key(state, RULES_FIELDS)
    memo = _memos.get(type(state))  # the card set is the class's
    if memo is None:
        memo = _memos[type(state)] = {}
    found = memo.get(key)
    if found is None:
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        found = memo[key] = _rules(state)
    return found


def _float32_buffer(values: object) -> bool:
    """Whether `values` is a writable float32 buffer (the adapters' NumPy array, an
    ``array("f")``), which the C code writes."""
    try:
        view = memoryview(values)  # type: ignore[arg-type]  # a list is no buffer
    except TypeError:
        return False
    return view.format == "f" and not view.readonly


def _write_fields(
    state: MunchkinModel,
    seat: int | None,
    values: MutableSequence[float],
    at: dict[str, int],
    rules: tuple[float, ...],
) -> None:
    """Every piece but the run's and the offer's, read from the state (`_rules`' figures
    given): the Python code of `_observe.write_fields`."""
    n = state.num_players
    if seat is not None:
        values[at["me"] + seat] = 1.0
    for p in state.actors():
        values[at["to_act"] + p] = 1.0
    values[at["turn"] + state.turn] = 1.0
    values[at["turn_number"]] = float(state.turn_number)
    values[at["phase"] + _PHASE[state.phase]] = 1.0
    if state.window is not None:
        values[at["window"] + _WINDOW[state.window_kind]] = 1.0
    if state.stack:
        top = state.stack.top
        kind = top.kind
        values[at["deciding"] + _FRAME[HOOK if kind.startswith(HOOK_FRAME) else kind]] = 1.0
        if top.seat is not None:
            values[at["deciding.seat"] + top.seat] = 1.0
    doors_of = state.CS.deck
    known_cards = known_in_hands(state, seat)
    unequipped = set(state.unequipped)
    level, male, dead, ready = at["seat.level"], at["seat.male"], at["seat.dead"], at["seat.ready"]
    doors, treasures = at["seat.hand_doors"], at["seat.hand_treasures"]
    limit, strength = at["seat.hand_limit"], at["seat.strength"]
    known, table, equipped = at["card.known"], at["card.table"], at["card.equipped"]
    for p in range(n):
        values[level + p] = float(state.level[p])
        if SEXES[state.sex[p]] == Sex.MALE:
            values[male + p] = 1.0
        if state.dead[p]:
            values[dead + p] = 1.0
        if state.ready[p] == Setup.READY:
            values[ready + p] = 1.0
        hand = state.hands[p]
        door_cards = sum(1 for c in hand if doors_of[c] == 0)
        values[doors + p] = _clip(door_cards, 0, C)
        values[treasures + p] = _clip(len(hand) - door_cards, 0, C)
        values[limit + p] = rules[p]
        values[strength + p] = rules[n + p]
        if p == seat:
            _flag(values, at["card.hand"], hand)
        else:
            for c in hand:
                if c in known_cards:
                    values[known + c * n + p] = 1.0
        for c in state.table[p]:
            values[table + c * n + p] = 1.0
            if c not in unequipped:
                values[equipped + c] = 1.0
    trades = state.trades
    for i in range(0, len(trades), 2):
        values[at["asked"] + trades[i] * n + trades[i + 1]] = 1.0
    for p in state.winners:
        values[at["seat.winner"] + p] = 1.0
    values[at["door_deck"]] = _clip(len(state.door_deck), 0, C)
    values[at["treasure_deck"]] = _clip(len(state.treasure_deck), 0, C)
    values[at["door_discard"]] = _clip(len(state.door_discard), 0, C)
    values[at["treasure_discard"]] = _clip(len(state.treasure_discard), 0, C)
    _flag(values, at["card.door_discard"], state.door_discard)
    _flag(values, at["card.treasure_discard"], state.treasure_discard)
    if state.monsters:
        values[at["combat.present"]] = 1.0
        values[at["combat.players"]] = rules[2 * n]
        values[at["combat.monsters"]] = rules[2 * n + 1]
        values[at["combat.winning"]] = rules[2 * n + 2]
        values[at["combat.count"]] = float(len(state.monsters))
        values[at["combat.defeated_treasures"]] = _clip(state.charmed, 0, C)
        if state.helper >= 0:
            values[at["combat.helper"] + state.helper] = 1.0
        enh = state.enh
        for m in state.monsters:
            values[at["card.monster"] + m] = 1.0
            for i in range(0, len(enh), 2):
                if enh[i + 1] == m:
                    values[at["card.enhancer"] + enh[i]] = 1.0
    if state.truncated:
        values[at["truncated"]] = 1.0
    _flag(values, at["card.body"], state.body)
    _flag(values, at["card.haul"], state.haul)
    _flag(values, at["card.limbo"], state.limbo)


# The pieces `_observe.write_fields` writes from, in the order it takes their starts.
_NATIVE_PIECES = (
    "me",
    "to_act",
    "turn",
    "turn_number",
    "phase",
    "window",
    "deciding",
    "deciding.seat",
    "seat.level",
    "seat.male",
    "seat.dead",
    "seat.ready",
    "seat.hand_doors",
    "seat.hand_treasures",
    "seat.hand_limit",
    "seat.strength",
    "seat.winner",
    "door_deck",
    "treasure_deck",
    "door_discard",
    "treasure_discard",
    "combat.present",
    "combat.players",
    "combat.monsters",
    "combat.winning",
    "combat.count",
    "combat.defeated_treasures",
    "combat.helper",
    "asked",
    "truncated",
    "card.hand",
    "card.known",
    "card.table",
    "card.equipped",
    "card.door_discard",
    "card.treasure_discard",
    "card.monster",
    "card.enhancer",
    "card.body",
    "card.haul",
    "card.limbo",
)


@functools.cache
def _native_offsets(pieces: Pieces) -> tuple[int, ...]:
    """Where each of `_NATIVE_PIECES` starts, for the C loops."""
    return tuple(pieces.starts[name] for name in _NATIVE_PIECES)


@functools.cache
def _door_flags(cls: type[MunchkinModel]) -> bytes:
    """1 for each Door card id of the class's card set, 0 for a Treasure, for the C loops."""
    return bytes(1 if deck == 0 else 0 for deck in cls.CS.deck)


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
