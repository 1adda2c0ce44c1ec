"""Boss Quest observations for reinforcement learning, built from ``view(seat)`` only.

The RL adapters (``gamenight.envs``) call `encode` on a seat's view and get a fixed-length
list of floats; `layout` names each float and bounds it, `text` is the short form
OpenSpiel shows as the observation string. Seats are absolute (not rotated), as in the
action codec. ``n`` is the player count, ``S = 10`` the spell slots (unused slots are
zeros), ``K = 21`` the distinct spell keys in `SPELL_KEYS` order, ``W = 35`` the weapon ids.

=========================================  =====  ===========================================
features                                   count  meaning
=========================================  =====  ===========================================
``me[i]``                                  n      one-hot: the observing seat (zeros: spectator)
``to_act[i]``                              n      seats that may act now
``armorer[i]``                             n      one-hot: this round's Armorer
``round``, ``key_target``                  2      as in the view
``phase.equip|last_call|over``             3      one-hot
``boss.base_hp``, ``boss.hp``              2      printed HP, HP with active spells
``bosses_in_deck``, ``weapon_deck``        2      cards left
``last_equip_done``                        1      the last equipper's one extra equip is used
``pending[k]``                             S      one-hot: slot whose target is being chosen
``last_call[i]``                           n      seats still owed a last action
``deck_top[w]``                            W      one-hot: the deck's top weapon, when known
``slot[k].present|mystery``                2·S    a spell lies in slot k / it is face down
``slot[k].spell[j]``                       K·S    one-hot: the face-up spell's key
``slot[k].status.<status>``                5·S    available, active, discarded, used, cancelled
``slot[k].target[i]``                      n·S    one-hot: the seat a dark spell was given to
``discard[j]``                             K      face-up discarded spells, per key
``seat[i].hearts|keys|weapons``            3·n    as in the view
``seat[i].attack_bonus|visible_attack``    2·n    active attack spells; visible weapons + bonus
``seat[i].known``                          n      the observer knows seat i's hidden weapon
``seat[i].attack``                         n      full attack when known, else 0
``seat[i].hidden_lo|hidden_hi``            2·n    public bounds on the hidden weapon's value
``seat[i].bust|visited|winner|loser``      4·n    flags
``seat[i].hidden[w]``                      W·n    one-hot: the hidden weapon, when known
``seat[i].visible[w]``                     W·n    the face-up weapons
=========================================  =====  ===========================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamenight.kernel.observation import Layout, one_hot

from .actions import MAX_SLOTS
from .content import BOSS_HP, NUM_WEAPONS, SPELL_KEYS, SPELLS, VALUES

STATUSES = ("available", "active", "discarded", "used", "cancelled")
PHASES = ("equip", "last_call", "over")
# Each seat's numbers, in this order, then its hidden one-hot and visible bits.
SEAT_FIELDS = (
    "hearts",
    "keys",
    "weapons",
    "attack_bonus",
    "visible_attack",
    "known",
    "attack",
    "hidden_lo",
    "hidden_hi",
    "bust",
    "visited",
    "winner",
    "loser",
)
SEAT_WIDTH = len(SEAT_FIELDS) + 2 * NUM_WEAPONS
SCORES = (-1.0, 1.0)  # outcome().scores: winners 1, losers -1, others 0

_SPELL_INDEX = {key: j for j, key in enumerate(SPELL_KEYS)}
_STATUS_INDEX = {status: j for j, status in enumerate(STATUSES)}
_DARK = {spell.key for spell in SPELLS if spell.dark}
_COPIES = {key: sum(spell.key == key for spell in SPELLS) for key in SPELL_KEYS}
# Extremes of the boss's HP shift and of a seat's attack bonus, every such spell active.
_HP_SHIFT = (
    sum(min(s.amount, 0) for s in SPELLS if s.effect == "boss_hp"),
    sum(max(s.amount, 0) for s in SPELLS if s.effect == "boss_hp"),
)
_BONUS = (
    sum(min(s.amount, 0) for s in SPELLS if s.effect == "attack"),
    sum(max(s.amount, 0) for s in SPELLS if s.effect == "attack"),
)
_ALL_WEAPONS_VALUE = sum(VALUES) * (NUM_WEAPONS // len(VALUES))
_BONUS_KEYS = sum(spell.effect == "bonus_key" for spell in SPELLS)


def layout(players: int, options: Mapping[str, Any]) -> list[tuple[str, float, float]]:
    """``(name, low, high)`` of every float `encode` returns, in order."""
    n = players
    # A battle gives a round winner 1 key plus every active Bonus key, and a perfect hit
    # 1 more; the game ends at the first battle that brings someone to the key target.
    most_keys = options["key_target"] - 1 + 1 + _BONUS_KEYS + 1
    most_attack = _ALL_WEAPONS_VALUE + _BONUS[1]
    seat_bounds = {
        "hearts": (0, options["hearts"]),
        "keys": (0, most_keys),
        "weapons": (0, NUM_WEAPONS),
        "attack_bonus": _BONUS,
        "visible_attack": (_BONUS[0], most_attack),
        "attack": (min(0, _BONUS[0]), most_attack),
        "hidden_lo": (0, VALUES[-1]),
        "hidden_hi": (0, VALUES[-1]),
    }
    out = Layout()
    add = out.add

    add("me", 0, 1, n)
    add("to_act", 0, 1, n)
    add("armorer", 0, 1, n)
    add("round", 0, options["max_rounds"])
    add("key_target", 0, options["key_target"])
    for phase in PHASES:
        add(f"phase.{phase}", 0, 1)
    add("boss.base_hp", min(BOSS_HP), max(BOSS_HP))
    add("boss.hp", min(BOSS_HP) + _HP_SHIFT[0], max(BOSS_HP) + _HP_SHIFT[1])
    add("bosses_in_deck", 0, len(BOSS_HP))
    add("weapon_deck", 0, NUM_WEAPONS)
    add("last_equip_done", 0, 1)
    add("pending", 0, 1, MAX_SLOTS)
    add("last_call", 0, 1, n)
    add("deck_top", 0, 1, NUM_WEAPONS)
    for k in range(MAX_SLOTS):
        add(f"slot[{k}].present", 0, 1)
        add(f"slot[{k}].mystery", 0, 1)
        out.extend((f"slot[{k}].spell.{key}", 0, 1) for key in SPELL_KEYS)
        out.extend((f"slot[{k}].status.{status}", 0, 1) for status in STATUSES)
        add(f"slot[{k}].target", 0, 1, n)
    out.extend((f"discard.{key}", 0, _COPIES[key]) for key in SPELL_KEYS)
    for i in range(n):
        for field in SEAT_FIELDS:
            add(f"seat[{i}].{field}", *seat_bounds.get(field, (0, 1)))
        add(f"seat[{i}].hidden", 0, 1, NUM_WEAPONS)
        add(f"seat[{i}].visible", 0, 1, NUM_WEAPONS)
    return out


def encode(view: dict[str, Any]) -> list[float]:
    """The floats `layout` describes, from a view (a seat's or a spectator's).

    The fixed-size header is built as a list; the spell slots, the discard counts and
    the seats are written at fixed offsets into zeros (no per-feature lookups).
    """
    n = view["players"]
    seat, to_act, last_call = view["seat"], view["to_act"], view["last_call"]
    pending, boss = view["pending"], view["boss"]
    out = one_hot(seat, n)
    out += [1.0 if i in to_act else 0.0 for i in range(n)]
    out += one_hot(view["armorer"], n)
    out += [view["round"], view["key_target"]]
    out += [1.0 if view["phase"] == phase else 0.0 for phase in PHASES]
    out += [boss["base_hp"], boss["hp"], view["bosses_in_deck"], view["weapon_deck"]]
    out.append(1.0 if view["last_equip_done"] else 0.0)
    out += one_hot(pending["slot"] if pending else None, MAX_SLOTS)
    out += [1.0 if i in last_call else 0.0 for i in range(n)]
    top = view["deck_top"]
    out += one_hot(top["id"] if top else None, NUM_WEAPONS)

    slots_at = len(out)
    slot_width = 2 + len(SPELL_KEYS) + len(STATUSES) + n
    discard_at = slots_at + MAX_SLOTS * slot_width
    seats_at = discard_at + len(SPELL_KEYS)
    out += [0.0] * (seats_at + n * SEAT_WIDTH - slots_at)

    status_at, target_at = 2 + len(SPELL_KEYS), 2 + len(SPELL_KEYS) + len(STATUSES)
    for k, slot in enumerate(view["spells"]):
        at = slots_at + k * slot_width
        key = slot["spell"]
        out[at] = 1.0
        if slot["mystery"]:
            out[at + 1] = 1.0
        if key is not None:
            out[at + 2 + _SPELL_INDEX[key]] = 1.0
            if key in _DARK and slot["target"] is not None:
                out[at + target_at + slot["target"]] = 1.0
        out[at + status_at + _STATUS_INDEX[slot["status"]]] = 1.0
    for key in view["spell_discard"]:
        out[discard_at + _SPELL_INDEX[key]] += 1.0

    winners, losers = view["winners"], view["losers"]
    hidden_at, visible_at = len(SEAT_FIELDS), len(SEAT_FIELDS) + NUM_WEAPONS
    for player in view["seats"]:
        i, hidden = player["seat"], player["hidden"]
        at = seats_at + i * SEAT_WIDTH
        low, high = player["hidden_range"]
        out[at : at + hidden_at] = [  # in the order of SEAT_FIELDS
            player["hearts"],
            player["keys"],
            player["weapons"],
            player["attack_bonus"],
            player["visible_attack"],
            0.0 if hidden is None else 1.0,
            0.0 if hidden is None else player["attack"],
            low,
            high,
            1.0 if player["bust"] else 0.0,
            1.0 if player["visited_mage"] else 0.0,
            1.0 if i in winners else 0.0,
            1.0 if i in losers else 0.0,
        ]
        if hidden is not None:
            out[at + hidden_at + hidden["id"]] = 1.0
        for weapon in player["visible"]:
            out[at + visible_at + weapon["id"]] = 1.0
    return out


def text(view: dict[str, Any]) -> str:
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


def _top(weapon: dict[str, Any] | None) -> str:
    return f" (top {weapon['colour']} {weapon['value']})" if weapon else ""


def max_actions(players: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the actions of one game (OpenSpiel's ``max_game_length``).

    Each round every Equip takes at least one of the ``W - 2n`` weapons left after the
    deal (one more if an Exchange puts a weapon back on top), and each seat visits the
    Mage once, naming a target at most once: fewer than ``W + 2n`` actions per round.
    """
    return options["max_rounds"] * (NUM_WEAPONS + 2 * players)
