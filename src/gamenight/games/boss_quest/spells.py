"""Boss Quest spells: which can be activated, their targets, and their effects.

Functions over the state, in the style of small pure moves; `state.py` calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.kernel import Action, Frame

from .actions import CHOOSE_PLAYER, CHOOSE_SPELL, CHOOSE_WEAPON
from .content import INSTANT_EFFECTS, SPELLS, VALUES, Spell

if TYPE_CHECKING:
    from .state import BossQuestState

# Which kind of target each effect needs (effects not listed need none).
TARGET_KIND = {"attack": "player", "swap": "player", "cancel": "spell", "exchange": "weapon"}
# The decision frame of a spell activated whose target is still to choose:
# ``Frame(CHOOSE_TARGET, seat, (slot,))`` on the state's decision stack.
CHOOSE_TARGET = "choose_target"


def target_slot(frame: Frame) -> int:
    """The spell slot of a `CHOOSE_TARGET` frame."""
    (slot,) = frame.args
    assert type(slot) is int
    return slot


def cancellable_slots(state: BossQuestState) -> list[int]:
    """Slots of activated spells still in play (what Cancel may remove)."""
    return [
        slot
        for slot, status in enumerate(state.slot_status)
        if status == "active" and SPELLS[state.slots[slot]].effect not in INSTANT_EFFECTS
    ]


def can_activate(state: BossQuestState, spell: Spell) -> bool:
    """Whether a face-up spell has something to act on (Cancel and Exchange may not)."""
    if spell.effect == "cancel":
        return bool(cancellable_slots(state))
    if spell.effect == "exchange":
        return bool(state.weapon_deck)
    return True


def target_choices(state: BossQuestState, seat: int, slot: int) -> list[Action]:
    """The choices for the target of the spell being activated in `slot`."""
    effect = SPELLS[state.slots[slot]].effect
    if effect == "attack":
        return list(CHOOSE_PLAYER[: state.num_players])
    if effect == "swap":
        return [CHOOSE_PLAYER[s] for s in range(state.num_players) if s != seat]
    if effect == "cancel":
        return [CHOOSE_SPELL[s] for s in cancellable_slots(state)]
    weapons = [state.hidden[seat], *state.visible[seat]]
    return [CHOOSE_WEAPON[w] for w in sorted(weapons)]


def activate(state: BossQuestState, seat: int, slot: int) -> bool:
    """Activate the spell in `slot`. Returns True when the visit is complete, False when
    the visitor must now choose a target."""
    spell = SPELLS[state.slots[slot]]
    if slot == state.mystery:
        state.mystery = -1
        state.log("reveal", seat=seat, slot=slot, spell=spell.key)
        if not can_activate(state, spell):
            # Chosen blind, it may have nothing to act on: it is discarded without effect.
            state.slot_status[slot] = "used"
            state.log("fizzle", seat=seat, slot=slot, spell=spell.key)
            return True
    if spell.effect in TARGET_KIND:
        state.decisions.push(Frame(CHOOSE_TARGET, seat, (slot,)))
        state.log("activate", seat=seat, slot=slot, spell=spell.key)
        return False
    state.slot_status[slot] = "active"
    state.log("activate", seat=seat, slot=slot, spell=spell.key)
    if spell.effect == "last_call":
        state.start_last_call(seat)
    return True


def resolve(state: BossQuestState, seat: int, slot: int, choice: Action) -> None:
    """Carry out the spell in `slot` on the chosen target."""
    spell = SPELLS[state.slots[slot]]
    if spell.effect == "attack":
        state.slot_status[slot] = "active"
        state.slot_target[slot] = choice.seat
        state.log("target", seat=seat, slot=slot, spell=spell.key, target=choice.seat)
    elif spell.effect == "swap":
        _swap(state, seat, choice.seat)
        state.slot_status[slot] = "used"
        state.slot_target[slot] = choice.seat
    elif spell.effect == "cancel":
        state.slot_status[choice.slot] = "cancelled"
        state.slot_status[slot] = "used"
        state.slot_target[slot] = choice.slot
        cancelled = SPELLS[state.slots[choice.slot]]
        state.log(
            "cancel", seat=seat, slot=slot, cancelled_slot=choice.slot, cancelled=cancelled.key
        )
        if cancelled.effect == "last_call":
            state.end_last_call()
    else:
        _exchange(state, seat, choice.weapon)
        state.slot_status[slot] = "used"


def _swap(state: BossQuestState, seat: int, other: int) -> None:
    """Swap two hidden weapons. Each now knows the other's: they held it a moment ago."""
    hidden, known = state.hidden, state.known
    hidden[seat], hidden[other] = hidden[other], hidden[seat]
    known[seat], known[other] = known[other] | (1 << seat), known[seat] | (1 << other)
    state.hidden_lo[seat], state.hidden_lo[other] = state.hidden_lo[other], state.hidden_lo[seat]
    state.hidden_hi[seat], state.hidden_hi[other] = state.hidden_hi[other], state.hidden_hi[seat]
    state.log("swap", seat=seat, target=other)
    state.log("hidden_weapon", (seat,), seat=seat, weapon=hidden[seat])
    state.log("hidden_weapon", (other,), seat=other, weapon=hidden[other])


def _exchange(state: BossQuestState, seat: int, weapon: int) -> None:
    """Trade one of `seat`'s weapons for the deck's top card: the two change places.

    The given weapon is the new top card, so the next player to equip draws it. Who knows
    it lies there (everybody if it was face up, else those who knew the hidden weapon)
    knows it until it is drawn: their views show it and `determinize` keeps it on top.
    """
    deck = state.weapon_deck
    top = deck.pop()
    deck.append(weapon)
    gave_hidden = weapon == state.hidden[seat]
    knew_top = state.top_known
    state.top_known = state.known[seat] if gave_hidden else (1 << state.num_players) - 1
    if gave_hidden:
        state.hidden[seat] = top
        # Whoever knew the top card knows the new hidden weapon (only a second Exchange
        # in one round can take a known top card).
        state.known[seat] = 1 << seat | knew_top
        state.hidden_lo[seat], state.hidden_hi[seat] = VALUES[0], VALUES[-1]
        state.log("exchange", seat=seat, gave=None, got=None)
        state.log("exchange_hidden", (seat,), seat=seat, gave=weapon, got=top)
    else:
        visible = state.visible[seat]
        visible[visible.index(weapon)] = top
        state.log("exchange", seat=seat, gave=weapon, got=top)
