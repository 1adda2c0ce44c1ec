"""Boss Quest observations for reinforcement learning, built from ``view(seat)`` only.

The RL adapters (``gamenight.envs``) call `encode_state` (the floats of `encode` of the
seat's view, written straight from the state into their float32 buffer): a fixed-length
list of floats: the `pieces` one after the other, each flattened row by row (the adapters
derive every float's name and bounds from them); `text` is the short form OpenSpiel shows
as the observation string. Seats are absolute (not rotated), as in the action codec.
``n`` is the player count, ``S = 10`` the spell slots (unused slots are zeros), ``K = 21``
the distinct spell keys in `SPELL_KEYS` order, ``W = 35`` the weapon ids.

=====================================================  ======  ===============================================
piece                                                  shape   meaning
=====================================================  ======  ===============================================
``me``                                                 n       one-hot: the observing seat (zeros: spectator)
``to_act``                                             n       seats that may act now
``armorer``                                            n       one-hot: this round's Armorer
``round``, ``key_target``                              ()      as in the view
``phase``                                              3       one-hot: equip, last_call, over
``boss.base_hp``, ``boss.hp``                          ()      printed HP, HP with active spells
``bosses_in_deck``, ``weapon_deck``                    ()      cards left
``last_equip_done``                                    ()      the last equipper's one extra equip is used
``pending``                                            S       one-hot: slot whose target is being chosen
``last_call``                                          n       seats still owed a last action
``deck_top``                                           W       one-hot: the deck's top weapon, when known
``slot.present``, ``slot.mystery``                     S       a spell lies in the slot / it is face down
``slot.spell``                                         S×K     one-hot: the face-up spell's key
``slot.status``                                        S×5     one-hot: available, active, discarded, used,
                                                               cancelled
``slot.target``                                        S×n     one-hot: the seat a dark spell was given to
``discard``                                            K       face-up discarded spells, per key
``seat.hearts``, ``seat.keys``, ``seat.weapons``       n       as in the view
``seat.attack_bonus``, ``seat.visible_attack``         n       active attack spells; visible weapons + bonus
``seat.attack``                                        n       full attack when known, else 0
``seat.hidden_lo``, ``seat.hidden_hi``                 n       public bounds on the hidden weapon's value
``seat.known``                                         n       the observer knows the seat's hidden weapon
``seat.bust``, ``seat.visited``                        n       flags
``seat.winner``, ``seat.loser``                        n       flags
``seat.hidden``                                        n×W     one-hot: the hidden weapon, when known
``seat.visible``                                       n×W     the face-up weapons
=====================================================  ======  ===============================================
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, MutableSequence
from typing import Any

from gamenight.kernel.observation import Observation, Piece, Pieces, one_hot
from gamenight.kernel.options import resolve_options

from .actions import MAX_SLOTS
from .content import BOSS_HP, NUM_WEAPONS, SPELL_KEYS, SPELLS, VALUES, WEAPON_VALUE, Effect
from .model import BossQuestModel, Phase, SlotStatus
from .spells import target_slot
from .state import BossQuestState
from .views import BossQuestView, WeaponView, knows

try:
    from . import _observe

    NATIVE = True  # the whole of `encode_state` in C, for float32 buffers
except ImportError:  # not built (a plain source tree): the Python code writes the same floats
    NATIVE = False

SCORES = (-1.0, 1.0)  # outcome().scores: winners 1, losers -1, others 0

_SPELL_INDEX = {key: j for j, key in enumerate(SPELL_KEYS)}
_STATUS_INDEX = {status: j for j, status in enumerate(SlotStatus)}
_PHASE_INDEX = {phase: j for j, phase in enumerate(Phase)}
_DARK = {spell.key for spell in SPELLS if spell.dark}
_MOST_COPIES = max(sum(spell.key == key for spell in SPELLS) for key in SPELL_KEYS)
# Extremes of the boss's HP shift and of a seat's attack bonus, every such spell active.
_HP_SHIFT = (
    sum(min(s.amount, 0) for s in SPELLS if s.effect is Effect.BOSS_HP),
    sum(max(s.amount, 0) for s in SPELLS if s.effect is Effect.BOSS_HP),
)
_BONUS = (
    sum(min(s.amount, 0) for s in SPELLS if s.effect is Effect.ATTACK),
    sum(max(s.amount, 0) for s in SPELLS if s.effect is Effect.ATTACK),
)
_ALL_WEAPONS_VALUE = sum(VALUES) * (NUM_WEAPONS // len(VALUES))
_BONUS_KEYS = sum(spell.effect is Effect.BONUS_KEY for spell in SPELLS)


def pieces(players: int, options: Mapping[str, Any]) -> Pieces:
    """The observation's pieces, in order (the table above), bounded for `options`."""
    n, slots, keys = players, MAX_SLOTS, len(SPELL_KEYS)
    # A battle gives a round winner 1 key plus every active Bonus key, and a perfect hit
    # 1 more; the game ends at the first battle that brings someone to the key target.
    most_keys = options["key_target"] - 1 + 1 + _BONUS_KEYS + 1
    most_attack = _ALL_WEAPONS_VALUE + _BONUS[1]
    return Pieces(
        [
            Piece("me", (n,), 0, 1),
            Piece("to_act", (n,), 0, 1),
            Piece("armorer", (n,), 0, 1),
            Piece("round", (), 0, options["max_rounds"]),
            Piece("key_target", (), 0, options["key_target"]),
            Piece("phase", (len(Phase),), 0, 1),
            Piece("boss.base_hp", (), min(BOSS_HP), max(BOSS_HP)),
            Piece("boss.hp", (), min(BOSS_HP) + _HP_SHIFT[0], max(BOSS_HP) + _HP_SHIFT[1]),
            Piece("bosses_in_deck", (), 0, len(BOSS_HP)),
            Piece("weapon_deck", (), 0, NUM_WEAPONS),
            Piece("last_equip_done", (), 0, 1),
            Piece("pending", (slots,), 0, 1),
            Piece("last_call", (n,), 0, 1),
            Piece("deck_top", (NUM_WEAPONS,), 0, 1),
            Piece("slot.present", (slots,), 0, 1),
            Piece("slot.mystery", (slots,), 0, 1),
            Piece("slot.spell", (slots, keys), 0, 1),
            Piece("slot.status", (slots, len(SlotStatus)), 0, 1),
            Piece("slot.target", (slots, n), 0, 1),
            Piece("discard", (keys,), 0, _MOST_COPIES),
            Piece("seat.hearts", (n,), 0, options["hearts"]),
            Piece("seat.keys", (n,), 0, most_keys),
            Piece("seat.weapons", (n,), 0, NUM_WEAPONS),
            Piece("seat.attack_bonus", (n,), *_BONUS),
            Piece("seat.visible_attack", (n,), _BONUS[0], most_attack),
            Piece("seat.attack", (n,), min(0, _BONUS[0]), most_attack),
            Piece("seat.hidden_lo", (n,), 0, VALUES[-1]),
            Piece("seat.hidden_hi", (n,), 0, VALUES[-1]),
            Piece("seat.known", (n,), 0, 1),
            Piece("seat.bust", (n,), 0, 1),
            Piece("seat.visited", (n,), 0, 1),
            Piece("seat.winner", (n,), 0, 1),
            Piece("seat.loser", (n,), 0, 1),
            Piece("seat.hidden", (n, NUM_WEAPONS), 0, 1),
            Piece("seat.visible", (n, NUM_WEAPONS), 0, 1),
        ]
    )


@functools.cache
def _places(players: int) -> Pieces:
    """Where each piece lies for `players` seats. The options move only the bounds, never
    a piece, so `encode`, which sees a view and not the options, takes the defaults'."""
    defaults = resolve_options(BossQuestState.game_id, BossQuestState.options_spec, players, {})
    return pieces(players, defaults)


def encode(view: BossQuestView) -> list[float]:
    """The observation of a view (a seat's or a spectator's), piece by piece."""
    n = view["players"]
    seats = range(n)
    obs = Observation(_places(n))
    to_act, last_call, pending, top = (
        view["to_act"],
        view["last_call"],
        view["pending"],
        view["deck_top"],
    )
    obs["me"] = one_hot(view["seat"], n)
    obs["to_act"] = [1.0 if i in to_act else 0.0 for i in seats]
    obs["armorer"] = one_hot(view["armorer"], n)
    obs["round"] = view["round"]
    obs["key_target"] = view["key_target"]
    obs["phase"] = one_hot(_PHASE_INDEX[view["phase"]], len(Phase))
    obs["boss.base_hp"] = view["boss"]["base_hp"]
    obs["boss.hp"] = view["boss"]["hp"]
    obs["bosses_in_deck"] = view["bosses_in_deck"]
    obs["weapon_deck"] = view["weapon_deck"]
    obs["last_equip_done"] = 1.0 if view["last_equip_done"] else 0.0
    obs["pending"] = one_hot(pending["slot"] if pending else None, MAX_SLOTS)
    obs["last_call"] = [1.0 if i in last_call else 0.0 for i in seats]
    obs["deck_top"] = one_hot(top["id"] if top else None, NUM_WEAPONS)

    keys, statuses = len(SPELL_KEYS), len(SlotStatus)
    present, mystery = [0.0] * MAX_SLOTS, [0.0] * MAX_SLOTS
    spell, status = [0.0] * (MAX_SLOTS * keys), [0.0] * (MAX_SLOTS * statuses)
    target = [0.0] * (MAX_SLOTS * n)
    for k, slot in enumerate(view["spells"]):
        present[k] = 1.0
        if slot["mystery"]:
            mystery[k] = 1.0
        key, given_to = slot["spell"], slot["target"]
        if key is not None:
            spell[k * keys + _SPELL_INDEX[key]] = 1.0
            if key in _DARK and given_to is not None:
                target[k * n + given_to] = 1.0
        status[k * statuses + _STATUS_INDEX[slot["status"]]] = 1.0
    obs["slot.present"], obs["slot.mystery"] = present, mystery
    obs["slot.spell"], obs["slot.status"], obs["slot.target"] = spell, status, target
    discard = [0.0] * keys
    for key in view["spell_discard"]:
        discard[_SPELL_INDEX[key]] += 1.0
    obs["discard"] = discard

    players, winners, losers = view["seats"], view["winners"], view["losers"]
    obs["seat.hearts"] = [p["hearts"] for p in players]
    obs["seat.keys"] = [p["keys"] for p in players]
    obs["seat.weapons"] = [p["weapons"] for p in players]
    obs["seat.attack_bonus"] = [p["attack_bonus"] for p in players]
    obs["seat.visible_attack"] = [p["visible_attack"] for p in players]
    obs["seat.attack"] = [p["attack"] or 0 for p in players]  # None: the hidden one unknown
    obs["seat.hidden_lo"] = [p["hidden_range"][0] for p in players]
    obs["seat.hidden_hi"] = [p["hidden_range"][1] for p in players]
    obs["seat.known"] = [0.0 if p["hidden"] is None else 1.0 for p in players]
    obs["seat.bust"] = [1.0 if p["bust"] else 0.0 for p in players]
    obs["seat.visited"] = [1.0 if p["visited_mage"] else 0.0 for p in players]
    obs["seat.winner"] = [1.0 if i in winners else 0.0 for i in seats]
    obs["seat.loser"] = [1.0 if i in losers else 0.0 for i in seats]
    hidden, visible = [0.0] * (n * NUM_WEAPONS), [0.0] * (n * NUM_WEAPONS)
    for i, player in enumerate(players):
        if player["hidden"] is not None:
            hidden[i * NUM_WEAPONS + player["hidden"]["id"]] = 1.0
        for weapon in player["visible"]:
            visible[i * NUM_WEAPONS + weapon["id"]] = 1.0
    obs["seat.hidden"], obs["seat.visible"] = hidden, visible
    return obs.values


_SPELL_OF_ID = tuple(_SPELL_INDEX[spell.key] for spell in SPELLS)
_DARK_OF_ID = tuple(spell.dark for spell in SPELLS)


def _encode_state(state: BossQuestModel, seat: int | None, values: MutableSequence[float]) -> None:
    """Write `encode(view(seat))` into `values` (all zeros, as long as the observation),
    read from the state's own fields without building the view: the same floats, so
    exactly what the view allows (a test compares the two).

    This is `encode_state` in Python, the reference: where `_observe` is built,
    `encode_state` is its C function, which writes a float32 buffer (the adapters'
    float32 NumPy array) in one call and hands anything else to this one."""
    state.check_seat(seat)
    n = state.num_players
    at = _places(n).starts
    if seat is not None:
        values[at["me"] + seat] = 1.0
    for s in state.actors():
        values[at["to_act"] + s] = 1.0
    values[at["armorer"] + state.armorer] = 1.0
    values[at["round"]] = state.round
    values[at["key_target"]] = state.options["key_target"]
    values[at["phase"] + _PHASE_INDEX[state.phase]] = 1.0
    values[at["boss.base_hp"]] = BOSS_HP[state.boss]
    values[at["boss.hp"]] = state.boss_hp()
    values[at["bosses_in_deck"]] = len(state.boss_deck)
    deck = state.weapon_deck
    values[at["weapon_deck"]] = len(deck)
    values[at["last_equip_done"]] = 1.0 if state.last_equip_done else 0.0
    if state.decisions:
        values[at["pending"] + target_slot(state.decisions.top)] = 1.0
    for s in state.last_call_queue:
        values[at["last_call"] + s] = 1.0
    if deck and knows(state.top_known, seat, n):
        values[at["deck_top"] + deck[-1]] = 1.0
    _write_tables(state, seat, values, at)


def _write_tables(
    state: BossQuestModel, seat: int | None, values: MutableSequence[float], at: dict[str, int]
) -> None:
    """The spell slots' and the seats' pieces, for `_encode_state`."""
    n = state.num_players
    keys, statuses = len(SPELL_KEYS), len(SlotStatus)
    present, mystery, spell_at = at["slot.present"], at["slot.mystery"], at["slot.spell"]
    status_at, target_at = at["slot.status"], at["slot.target"]
    slot_status, slot_target = state.slot_status, state.slot_target
    for k, spell in enumerate(state.slots):
        values[present + k] = 1.0
        if k == state.mystery:
            values[mystery + k] = 1.0
        else:
            values[spell_at + k * keys + _SPELL_OF_ID[spell]] = 1.0
            if _DARK_OF_ID[spell] and slot_target[k] >= 0:
                values[target_at + k * n + slot_target[k]] = 1.0
        values[status_at + k * statuses + _STATUS_INDEX[slot_status[k]]] = 1.0
    discard = at["discard"]
    for spell in state.spell_discard:
        values[discard + _SPELL_OF_ID[spell]] += 1.0

    bonuses = state.attack_bonuses()
    hearts, keys_at, weapons, bonus_at = (
        at["seat.hearts"],
        at["seat.keys"],
        at["seat.weapons"],
        at["seat.attack_bonus"],
    )
    shown_at, attack_at, lo, hi = (
        at["seat.visible_attack"],
        at["seat.attack"],
        at["seat.hidden_lo"],
        at["seat.hidden_hi"],
    )
    known, bust, visited = at["seat.known"], at["seat.bust"], at["seat.visited"]
    hidden_at, visible_at = at["seat.hidden"], at["seat.visible"]
    for s in range(n):
        visible = state.visible[s]
        shown = bonuses[s]
        row = visible_at + s * NUM_WEAPONS
        for weapon in visible:
            shown += WEAPON_VALUE[weapon]
            values[row + weapon] = 1.0
        values[hearts + s] = state.hearts[s]
        values[keys_at + s] = state.keys[s]
        values[weapons + s] = 1 + len(visible)
        values[bonus_at + s] = bonuses[s]
        values[shown_at + s] = shown
        values[lo + s] = state.hidden_lo[s]
        values[hi + s] = state.hidden_hi[s]
        if state.bust[s]:
            values[bust + s] = 1.0
        if state.visited[s]:
            values[visited + s] = 1.0
        if seat is not None and state.known[s] >> seat & 1:
            hidden = state.hidden[s]
            values[attack_at + s] = shown + WEAPON_VALUE[hidden]
            values[known + s] = 1.0
            values[hidden_at + s * NUM_WEAPONS + hidden] = 1.0
    for s in state.winners:
        values[at["seat.winner"] + s] = 1.0
    for s in state.losers:
        values[at["seat.loser"] + s] = 1.0


def text(view: BossQuestView) -> str:
    """A short readable form of a view, one line per part (OpenSpiel's observation string)."""
    seat = view["seat"]
    lines = [
        f"seat {'spectator' if seat is None else seat} | round {view['round']} {view['phase']}"
        f" | boss {view['boss']['hp']} hp (printed {view['boss']['base_hp']})"
        f" | deck {view['weapon_deck']}{_top(view['deck_top'])} | to act {view['to_act']}"
    ]
    slots = []
    for slot in view["spells"]:
        name = "?" if slot["mystery"] else slot["spell"]
        target = "" if slot["target"] is None else f">{slot['target']}"
        slots.append(f"{slot['slot']}:{name} {slot['status']}{target}")
    pending = view["pending"]
    lines.append(
        "spells " + ", ".join(slots) + (f" | choosing for {pending['slot']}" if pending else "")
    )
    for player in view["seats"]:
        hidden = player["hidden"]
        low, high = player["hidden_range"]
        shown = f"{hidden['colour']} {hidden['value']}" if hidden else f"?{low}-{high}"
        visible = " ".join(f"{w['colour']} {w['value']}" for w in player["visible"])
        flags = "".join(
            mark
            for mark, on in (
                (" bust", player["bust"]),
                (" visited", player["visited_mage"]),
                (" won", player["seat"] in view["winners"]),
                (" lost", player["seat"] in view["losers"]),
            )
            if on
        )
        lines.append(
            f"seat {player['seat']}: hearts {player['hearts']} keys {player['keys']}"
            f" | {shown} + {visible} (bonus {player['attack_bonus']}){flags}"
        )
    return "\n".join(lines)


def _top(weapon: WeaponView | None) -> str:
    return f" (top {weapon['colour']} {weapon['value']})" if weapon else ""


def max_actions(players: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the actions of one game (OpenSpiel's ``max_game_length``).

    Each round every Equip takes at least one of the ``W - 2n`` weapons left after the
    deal (one more if an Exchange puts a weapon back on top), and each seat visits the
    Mage once, naming a target at most once: fewer than ``W + 2n`` actions per round.
    """
    rounds: int = options["max_rounds"]
    return rounds * (NUM_WEAPONS + 2 * players)


# The pieces in the order `_observe` takes their starts (it checks each one's size).
_NATIVE_PIECES = (
    "me",
    "to_act",
    "armorer",
    "round",
    "key_target",
    "phase",
    "boss.base_hp",
    "boss.hp",
    "bosses_in_deck",
    "weapon_deck",
    "last_equip_done",
    "pending",
    "last_call",
    "deck_top",
    "slot.present",
    "slot.mystery",
    "slot.spell",
    "slot.status",
    "slot.target",
    "discard",
    "seat.hearts",
    "seat.keys",
    "seat.weapons",
    "seat.attack_bonus",
    "seat.visible_attack",
    "seat.attack",
    "seat.hidden_lo",
    "seat.hidden_hi",
    "seat.known",
    "seat.bust",
    "seat.visited",
    "seat.winner",
    "seat.loser",
    "seat.hidden",
    "seat.visible",
)


def _native_layout(players: int) -> tuple[tuple[int, int] | int, ...]:
    """Each of `_NATIVE_PIECES`' start and size for `players` seats, then the length."""
    places = _places(players)
    sizes = {piece.name: piece.size for piece in places.pieces}
    return (*((places.starts[name], sizes[name]) for name in _NATIVE_PIECES), places.size)


# `encode_state`: the C function where it is built (it hands any target but a float32
# buffer to `_encode_state`), so that the adapters' call runs no Python code; else the
# Python code.
encode_state: Callable[[BossQuestModel, int | None, MutableSequence[float]], None]
if NATIVE:
    _observe.configure(
        {
            n: _native_layout(n)
            for n in range(BossQuestState.min_players, BossQuestState.max_players + 1)
        },
        MAX_SLOTS,
        tuple(Phase),
        list(Phase).index(Phase.OVER),
        tuple(SlotStatus),
        list(SlotStatus).index(SlotStatus.ACTIVE),
        _SPELL_OF_ID,
        tuple(int(spell.dark) for spell in SPELLS),
        tuple(spell.amount if spell.effect is Effect.BOSS_HP else 0 for spell in SPELLS),
        tuple(spell.amount if spell.effect is Effect.ATTACK else 0 for spell in SPELLS),
        WEAPON_VALUE,
        BOSS_HP,
        _encode_state,
    )
    encode_state = _observe.encode_state
else:
    encode_state = _encode_state
