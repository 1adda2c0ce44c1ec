"""Boss Quest: what each seat may see, and determinization for search.

Hidden: each face-down weapon (known to its owner, and after a Swap to both players
involved), the unrevealed Mystery spell (also when discarded face down), deck orders.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from gamenight.kernel.rng import Rng

from .content import BOSS_HP, COLOURS, SPELLS, WEAPON_COLOUR, WEAPON_VALUE
from .spells import target_slot

if TYPE_CHECKING:
    from .state import BossQuestState


def weapon_json(weapon: int) -> dict[str, Any]:
    return {"id": weapon, "colour": COLOURS[WEAPON_COLOUR[weapon]], "value": WEAPON_VALUE[weapon]}


def view(state: BossQuestState, seat: int | None) -> dict[str, Any]:
    """Exactly what `seat` may know (``None``: a spectator)."""
    state.check_seat(seat)
    n = state.num_players
    players = []
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
                "hidden": weapon_json(hidden) if sees_hidden else None,
                "visible": [weapon_json(w) for w in visible],
                "weapons": 1 + len(visible),
                "attack_bonus": bonus,
                "visible_attack": shown,
                "attack": shown + WEAPON_VALUE[hidden] if sees_hidden else None,
                "hidden_range": [state.hidden_lo[s], state.hidden_hi[s]],
                "bust": state.bust[s],
                "visited_mage": state.visited[s],
            }
        )
    spells = []
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
    pending = None
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


def _knows(mask: int, seat: int | None, players: int) -> bool:
    """Whether `seat` is in `mask` (a spectator: when everybody is)."""
    return mask == (1 << players) - 1 if seat is None else bool(mask >> seat & 1)


def _deck_top(state: BossQuestState, seat: int | None) -> dict[str, Any] | None:
    """The weapon deck's top card when `seat` knows it (Exchange put it there), else None."""
    if state.weapon_deck and _knows(state.top_known, seat, state.num_players):
        return weapon_json(state.weapon_deck[-1])
    return None


def resample_hidden(state: BossQuestState, seat: int | None, rng: Rng) -> None:
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
    top = deck[-1:] if _knows(state.top_known, seat, n) else []
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


def _assign_hidden(state: BossQuestState, seats: list[int], pool: list[int], rng: Rng) -> list[int]:
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
