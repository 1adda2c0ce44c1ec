"""Boss Quest: what each seat may see, and determinization for search.

Hidden: each face-down weapon (known to its owner, and after a Swap to both players
involved), the unrevealed Mystery spell (also when discarded face down), deck orders.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypedDict

from gamenight.kernel.rng import Rng

from .content import BOSS_HP, COLOURS, SPELLS, WEAPON_COLOUR, WEAPON_VALUE, Effect
from .model import BossQuestModel, Phase, SlotStatus
from .spells import target_slot

try:
    from . import _observe

    NATIVE = True  # `view` in C (the table loop builds a view before every decision)
except ImportError:  # not built (a plain source tree): the Python code builds the same views
    NATIVE = False


class WeaponView(TypedDict):
    """A weapon card: its id (0-34), colour name and value."""

    id: int
    colour: str
    value: int


class SeatView(TypedDict):
    """One seat as the viewer sees it (`hidden` and `attack` only when it knows them)."""

    seat: int
    hearts: int
    keys: int
    hidden: WeaponView | None
    visible: list[WeaponView]
    weapons: int  # weapon cards held, the hidden one included
    attack_bonus: int  # active attack spells in front of the seat
    visible_attack: int  # face-up weapons plus `attack_bonus`
    attack: int | None
    hidden_range: list[int]  # [low, high]: the public bounds on the hidden weapon's value
    bust: bool
    visited_mage: bool


class SlotView(TypedDict):
    """A spell beside the Mage (`spell` is ``None`` while it is the face-down Mystery)."""

    slot: int
    spell: str | None
    mystery: bool
    status: SlotStatus
    target: int | None  # the seat of a dark spell, or the slot a Cancel removed


class PendingView(TypedDict):
    """The spell whose target the acting seat is choosing."""

    slot: int
    spell: str


class BossView(TypedDict):
    """The boss's printed HP and its HP with the active spells."""

    base_hp: int
    hp: int


class BossQuestView(TypedDict):
    """Everything one seat (or a spectator, `seat` ``None``) may know of a game."""

    game: str
    seat: int | None
    players: int
    round: int
    phase: Phase
    to_act: list[int]
    armorer: int
    key_target: int
    boss: BossView
    bosses_in_deck: int
    weapon_deck: int  # cards left
    deck_top: WeaponView | None  # the top card, when the viewer knows it (Exchange)
    spells: list[SlotView]
    spell_discard: list[str]  # the face-up discards
    pending: PendingView | None
    last_call: list[int]  # seats still owed a last action
    last_equip_done: bool
    seats: list[SeatView]
    winners: list[int]
    losers: list[int]


def weapon_view(weapon: int) -> WeaponView:
    """A weapon card as views show it."""
    return {"id": weapon, "colour": COLOURS[WEAPON_COLOUR[weapon]], "value": WEAPON_VALUE[weapon]}


def _view(state: BossQuestModel, seat: int | None) -> BossQuestView:
    """Exactly what `seat` may know (``None``: a spectator): `view` in Python, the
    reference, and the fallback where `_observe` is not built."""
    state.check_seat(seat)
    n = state.num_players
    players: list[SeatView] = []
    bonuses = state.attack_bonuses()
    for s in range(n):
        sees_hidden = seat is not None and state.known[s] >> seat & 1
        hidden = state.hidden[s]
        visible = state.visible[s]
        bonus = bonuses[s]
        shown = sum(WEAPON_VALUE[w] for w in visible) + bonus
        players.append(
            {
                "seat": s,
                "hearts": state.hearts[s],
                "keys": state.keys[s],
                "hidden": weapon_view(hidden) if sees_hidden else None,
                "visible": [weapon_view(w) for w in visible],
                "weapons": 1 + len(visible),
                "attack_bonus": bonus,
                "visible_attack": shown,
                "attack": shown + WEAPON_VALUE[hidden] if sees_hidden else None,
                "hidden_range": [state.hidden_lo[s], state.hidden_hi[s]],
                "bust": state.bust[s],
                "visited_mage": state.visited[s],
            }
        )
    spells: list[SlotView] = []
    for slot, spell_id in enumerate(state.slots):
        face_down = slot == state.mystery
        target = state.slot_target[slot]
        spells.append(
            {
                "slot": slot,
                "spell": None if face_down else SPELLS[spell_id].key,
                "mystery": face_down,
                "status": state.slot_status[slot],
                "target": target if target >= 0 else None,
            }
        )
    pending: PendingView | None = None
    if state.decisions:
        slot = target_slot(state.decisions.top)
        pending = {"slot": slot, "spell": SPELLS[state.slots[slot]].key}
    return {
        "game": state.game_id,
        "seat": seat,
        "players": n,
        "round": state.round,
        "phase": state.phase,
        "to_act": list(state.actors()),
        "armorer": state.armorer,
        "key_target": state.options["key_target"],
        "boss": {"base_hp": BOSS_HP[state.boss], "hp": state.boss_hp()},
        "bosses_in_deck": len(state.boss_deck),
        "weapon_deck": len(state.weapon_deck),
        "deck_top": _deck_top(state, seat),
        "spells": spells,
        "spell_discard": [SPELLS[s].key for s in state.spell_discard],
        "pending": pending,
        "last_call": list(state.last_call_queue),
        "last_equip_done": state.last_equip_done,
        "seats": players,
        "winners": list(state.winners),
        "losers": list(state.losers),
    }


# `view`: the C function where it is built (the same dict: keys, order, types and values;
# a test compares both on every state of many games), else the Python code.
view: Callable[[BossQuestModel, int | None], BossQuestView]
if NATIVE:
    # The tables the C code reads: each weapon's colour name and value, each spell's key,
    # effect (1: attack, 2: the boss's HP, 0: other) and amount.
    _observe.configure_view(
        tuple(COLOURS[colour] for colour in WEAPON_COLOUR),
        WEAPON_VALUE,
        tuple(spell.key for spell in SPELLS),
        tuple(
            1 if s.effect is Effect.ATTACK else 2 if s.effect is Effect.BOSS_HP else 0
            for s in SPELLS
        ),
        tuple(spell.amount for spell in SPELLS),
        BOSS_HP,
        Phase.OVER,
        SlotStatus.ACTIVE,
    )
    view = _observe.view
else:
    view = _view


def knows(mask: int, seat: int | None, players: int) -> bool:
    """Whether `seat` is in `mask` (a spectator: when everybody is)."""
    return mask == (1 << players) - 1 if seat is None else bool(mask >> seat & 1)


def _deck_top(state: BossQuestModel, seat: int | None) -> WeaponView | None:
    """The weapon deck's top card when `seat` knows it (Exchange put it there), else None."""
    if state.weapon_deck and knows(state.top_known, seat, state.num_players):
        return weapon_view(state.weapon_deck[-1])
    return None


def resample_hidden(state: BossQuestModel, seat: int | None, rng: Rng) -> None:
    """Reshuffle everything `seat` cannot see, keeping all it has seen or been told.

    Unknown hidden weapons are redrawn from the unseen weapons (the deck and the other
    unknown hidden ones) so that each value lies within its public bounds, except the
    deck's top card when `seat` knows it (Exchange put it there): it stays on top. The
    decks are reshuffled; the unrevealed Mystery spell and face-down discards are redrawn
    from the unseen spells.
    """
    n = state.num_players
    unknown = [s for s in range(n) if seat is None or not state.known[s] >> seat & 1]
    deck = state.weapon_deck
    # The top card stays where it is when `seat` knows it (a weapon Exchange gave).
    top = deck[-1:] if knows(state.top_known, seat, n) else []
    # Sorted: the world drawn must not depend on where the real cards lie.
    pool = sorted(deck[: len(deck) - len(top)] + [state.hidden[s] for s in unknown])
    chosen = _assign_hidden(state, unknown, pool, rng)
    for s, weapon in zip(unknown, chosen, strict=True):
        state.hidden[s] = weapon
    taken = set(chosen)
    rest = [w for w in pool if w not in taken]
    rng.shuffle(rest)
    state.weapon_deck = rest + top
    state.boss_deck.sort()
    rng.shuffle(state.boss_deck)

    unseen = state.spell_deck + state.spell_discard_unseen
    if state.mystery >= 0:
        unseen.append(state.slots[state.mystery])
    unseen.sort()
    rng.shuffle(unseen)
    if state.mystery >= 0:
        state.slots[state.mystery] = unseen.pop()
    cut = len(state.spell_discard_unseen)
    state.spell_discard_unseen = unseen[:cut]
    state.spell_deck = unseen[cut:]


_REJECTION_TRIES = 12  # uniform draws tried before the exact count


def _assign_hidden(state: BossQuestModel, seats: list[int], pool: list[int], rng: Rng) -> list[int]:
    """Hidden weapons for `seats`: distinct weapons of the sorted `pool`, drawn uniformly
    among every assignment that keeps each seat's value within its public bounds.

    First by rejection: a uniform draw of distinct weapons, kept if every value fits (a
    few tries nearly always do). Then exactly, seat by seat, each value weighted by how
    many assignments it leaves for the seats after it (the true assignment is one of them,
    so there always is one). Both are uniform; neither ever falls back to the real cards.
    """
    lo, hi = state.hidden_lo, state.hidden_hi
    order = pool.copy()
    size, count = len(order), len(seats)
    for _ in range(_REJECTION_TRIES):
        for i in range(count):  # the first `count` places of a Fisher-Yates shuffle
            j = i + rng.below(size - i)
            order[i], order[j] = order[j], order[i]
        if all(lo[s] <= WEAPON_VALUE[w] <= hi[s] for s, w in zip(seats, order, strict=False)):
            return order[:count]
    by_value: dict[int, list[int]] = {}
    for weapon in pool:
        by_value.setdefault(WEAPON_VALUE[weapon], []).append(weapon)
    values = sorted(by_value)

    @functools.cache
    def ways(i: int, left: tuple[int, ...]) -> int:
        """Assignments of distinct weapons to seats[i:], `left[k]` of values[k] left."""
        if i == len(seats):
            return 1
        s = seats[i]
        return sum(
            count * ways(i + 1, _less(left, k))
            for k, count in enumerate(left)
            if count and lo[s] <= values[k] <= hi[s]
        )

    left = tuple(len(by_value[v]) for v in values)
    chosen = []
    for i, s in enumerate(seats):
        weights = [
            count * ways(i + 1, _less(left, k)) if count and lo[s] <= values[k] <= hi[s] else 0
            for k, count in enumerate(left)
        ]
        draw = rng.below(sum(weights))
        k = 0
        while draw >= weights[k]:
            draw -= weights[k]
            k += 1
        same = by_value[values[k]]
        chosen.append(same.pop(rng.below(len(same))))
        left = _less(left, k)
    return chosen


def _less(counts: tuple[int, ...], k: int) -> tuple[int, ...]:
    return (*counts[:k], counts[k] - 1, *counts[k + 1 :])
