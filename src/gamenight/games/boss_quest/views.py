"""Boss Quest: what each seat may see, and determinization for search.

Hidden: each face-down weapon (known to its owner, and after a Swap to both players
involved), the unrevealed Mystery spell (also when discarded face down), deck orders.
"""

from __future__ import annotations

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
    pool = deck[: len(deck) - len(top)] + [state.hidden[s] for s in unknown]
    chosen = _assign_hidden(state, unknown, pool, rng)
    for s, weapon in zip(unknown, chosen, strict=True):
        state.hidden[s] = weapon
    taken = set(chosen)
    rest = [w for w in pool if w not in taken]
    rng.shuffle(rest)
    state.weapon_deck = rest + top
    rng.shuffle(state.boss_deck)

    unseen = state.spell_deck + state.spell_discard_unseen
    if state.mystery >= 0:
        unseen.append(state.slots[state.mystery])
    rng.shuffle(unseen)
    if state.mystery >= 0:
        state.slots[state.mystery] = unseen.pop()
    cut = len(state.spell_discard_unseen)
    state.spell_discard_unseen = unseen[:cut]
    state.spell_deck = unseen[cut:]


def _assign_hidden(
    state: BossQuestState, seats: list[int], pool: list[int], rng: Rng, tries: int = 200
) -> list[int]:
    """Random hidden weapons for `seats`, each within its public value bounds.

    Random greedy draws succeed almost always; the true assignment, which satisfies the
    bounds by construction, is the fallback after `tries` failures.
    """
    lo, hi = state.hidden_lo, state.hidden_hi
    for _ in range(tries):
        order = pool.copy()
        rng.shuffle(order)
        chosen: list[int] = []
        for s in seats:
            pick = next(
                (w for w in order if lo[s] <= WEAPON_VALUE[w] <= hi[s] and w not in chosen), None
            )
            if pick is None:
                break
            chosen.append(pick)
        else:
            return chosen
    return [state.hidden[s] for s in seats]
