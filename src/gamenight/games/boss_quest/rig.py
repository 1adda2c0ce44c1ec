"""Rig a Boss Quest position for scenario tests (see `gamenight.testing.rig`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamenight.kernel import DecisionStack

from .content import BOSS_HP, NUM_WEAPONS, SPELLS, VALUES, weapon_id
from .model import Phase, SlotStatus
from .state import BossQuestState


def rig(
    state: BossQuestState,
    *,
    boss: int | None = None,
    hidden: Mapping[int, str] | None = None,
    visible: Mapping[int, Sequence[str]] | None = None,
    deck: Sequence[str] = (),
    spells: Sequence[str] | None = None,
    mystery: bool | None = None,
    active: Sequence[str | tuple[str, int]] = (),
    spell_deck: Sequence[str] | None = None,
    boss_deck: Sequence[int] | None = None,
    round: int | None = None,
    hearts: Sequence[int] | None = None,
    keys: Sequence[int] | None = None,
    turn: int | None = None,
    armorer: int | None = None,
    visited: Sequence[int] = (),
) -> BossQuestState:
    """Set up a position at the start of a round's turns.

    - `boss`: the boss's base HP (14..21).
    - `hidden` / `visible`: weapons by seat, as ``"red 5"``; seats not named keep theirs.
    - `deck`: the weapon deck's top cards, top first; every other weapon lies below them.
    - `spells`: the spell keys laid out beside the Mage (``"attack+2"``, ``"mercy"``...),
      all available; `mystery` lays the last one face down (default: no Mystery).
    - `active`: spells already activated this round, in the slots after `spells`: a light
      spell's key, or ``(key, seat)`` for an attack spell placed in front of `seat`.
    - `spell_deck`: the spell deck, top first; every spell neither laid out nor in it lies
      in the (face-up) discard pile. Without it, every other spell is in the deck.
    - `boss_deck`: the boss deck as HPs, top first; the other bosses (not `boss`) lie in
      the discard pile.
    - `round`: the round number.
    - `hearts`, `keys`: per seat; `turn`: who acts; `armorer`; `visited`: seats that have
      already visited the Mage.
    """
    n = state.num_players
    if boss is not None:
        state.boss = BOSS_HP.index(boss)
    if armorer is not None:
        state.armorer = armorer
    hidden, visible = dict(hidden or {}), dict(visible or {})
    named = [weapon_id(name) for name in hidden.values()]
    named += [weapon_id(name) for names in visible.values() for name in names]
    named += [weapon_id(name) for name in deck]
    if len(set(named)) != len(named):
        raise ValueError("a weapon is placed twice")
    for seat, name in hidden.items():
        state.hidden[seat] = weapon_id(name)
    for seat, names in visible.items():
        state.visible[seat] = [weapon_id(name) for name in names]
    # Seats not named keep their weapons, unless one of them was named elsewhere: that one
    # is replaced by the lowest weapon nobody holds.
    held = set(named)
    for seat in range(n):
        if seat not in hidden:
            held.add(state.hidden[seat])
        if seat not in visible:
            held.update(state.visible[seat])
    free = iter(w for w in range(NUM_WEAPONS) if w not in held)
    for seat in range(n):
        if seat not in hidden and state.hidden[seat] in named:
            state.hidden[seat] = next(free)
        if seat not in visible:
            state.visible[seat] = [next(free) if w in named else w for w in state.visible[seat]]
    top = [weapon_id(name) for name in deck]
    holding = {state.hidden[s] for s in range(n)} | {w for v in state.visible for w in v}
    rest = [w for w in range(NUM_WEAPONS) if w not in holding and w not in top]
    state.weapon_deck = rest[::-1] + top[::-1]  # the top card is the last element
    if spells is not None or active or spell_deck is not None:
        _rig_spells(state, spells, mystery, active, spell_deck)
    if boss_deck is not None:
        state.boss_deck = [BOSS_HP.index(hp) for hp in reversed(boss_deck)]
        placed = {state.boss, *state.boss_deck}
        state.boss_discard = [b for b in range(len(BOSS_HP)) if b not in placed]
    if round is not None:
        state.round = round
    if hearts is not None:
        state.hearts = list(hearts)
    if keys is not None:
        state.keys = list(keys)
    state.visited = [s in visited for s in range(n)]
    state.phase, state.decisions, state.last_equip_done = Phase.EQUIP, DecisionStack(), False
    state.last_call_queue = []
    state.turn = (state.armorer + 1) % n if turn is None else turn
    state.known = [1 << s for s in range(n)]
    state.top_known = 0
    state.hidden_lo, state.hidden_hi = [VALUES[0]] * n, [VALUES[-1]] * n
    state.bust = [False] * n
    state.events.clear()
    state.history.clear()
    state.announce_busts()
    return state


def _rig_spells(
    state: BossQuestState,
    spells: Sequence[str] | None,
    mystery: bool | None,
    active: Sequence[str | tuple[str, int]],
    spell_deck: Sequence[str] | None,
) -> None:
    """Lay out the round's spells (available, then active) and stack the spell decks."""
    by_key: dict[str, list[int]] = {}
    for i, spell in enumerate(SPELLS):
        by_key.setdefault(spell.key, []).append(i)
    if spells is None:  # keep the round's spells
        spells = [SPELLS[i].key for i in state.slots]
    placed = [(key, -1) if isinstance(key, str) else key for key in active]
    state.slots = [by_key[key].pop() for key in spells] + [by_key[key].pop() for key, _ in placed]
    state.slot_status = [SlotStatus.AVAILABLE] * len(spells) + [SlotStatus.ACTIVE] * len(placed)
    state.slot_target = [-1] * len(spells) + [seat for _, seat in placed]
    state.mystery = len(spells) - 1 if mystery and spells else -1
    pool = [i for i in range(len(SPELLS)) if i not in state.slots]
    if spell_deck is None:
        state.spell_deck, state.spell_discard = pool, []
    else:
        state.spell_deck = [by_key[key].pop() for key in reversed(spell_deck)]
        state.spell_discard = [i for i in pool if i not in state.spell_deck]
    state.spell_discard_unseen = []


def describe(state: BossQuestState) -> dict[str, Any]:
    """A compact summary of a rigged position, handy in assertion messages."""
    return {
        "hp": state.boss_hp(),
        "attacks": [state.attack(s) for s in range(state.num_players)],
        "keys": state.keys,
        "hearts": state.hearts,
        "turn": state.turn,
    }
