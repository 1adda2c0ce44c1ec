"""Boss Quest spells: which can be activated, their targets, and their effects.

Functions over the model, in the style of small pure moves; `state.py` calls them.
"""

from __future__ import annotations

from gamenight.kernel import Action, Frame

from .actions import (
    CHOOSE_PLAYER,
    CHOOSE_SPELL,
    CHOOSE_WEAPON,
    ChoosePlayer,
    ChooseSpell,
    ChooseWeapon,
)
from .content import INSTANT_EFFECTS, SPELLS, TARGETED_EFFECTS, VALUES, Effect, Spell
from .model import (
    BossQuestModel,
    Decision,
    EventKind,
    Phase,
    SlotStatus,
)

# Bound once: `can_activate` runs for every spell slot of every legal-action list, and
# looking a member up on its enum class costs more than the rest of a loop step.
_CANCEL, _EXCHANGE = Effect.CANCEL, Effect.EXCHANGE
_ACTIVE = SlotStatus.ACTIVE
_ROUND, _REVEAL = EventKind.ROUND, EventKind.REVEAL
# The effects `can_activate` may refuse; every other face-up spell can always be activated.
CONDITIONAL_EFFECTS = frozenset({_CANCEL, _EXCHANGE})


def target_slot(frame: Frame) -> int:
    """The spell slot of a `Decision.CHOOSE_TARGET` frame."""
    (slot,) = frame.args
    assert type(slot) is int
    return slot


def cancellable_slots(state: BossQuestModel) -> list[int]:
    """Slots of activated spells still in play (what Cancel may remove), but the Mystery
    spell's: turned face up, it takes effect irrevocably."""
    active = [
        slot
        for slot, status in enumerate(state.slot_status)
        if status == _ACTIVE and SPELLS[state.slots[slot]].effect not in INSTANT_EFFECTS
    ]
    if active:
        mystery = revealed_mystery(state)
        if mystery in active:
            active.remove(mystery)
    return active


def revealed_mystery(state: BossQuestModel) -> int:
    """The slot of this round's Mystery spell once turned face up (-1: not revealed)."""
    # The log says it (the reveal is public), so the state needs no field of its own.
    for kind, data, _ in reversed(state.events.entries):
        if kind == _REVEAL:
            slot: int = data["slot"]
            return slot
        if kind == _ROUND:
            break
    return -1


def can_activate(state: BossQuestModel, spell: Spell) -> bool:
    """Whether a face-up spell has something to act on (Cancel and Exchange may not)."""
    if spell.effect is _CANCEL:
        return bool(cancellable_slots(state))
    if spell.effect is _EXCHANGE:
        return bool(state.weapon_deck)
    return True


def target_choices(state: BossQuestModel, seat: int, slot: int) -> list[Action]:
    """The choices for the target of the spell being activated in `slot`."""
    effect = SPELLS[state.slots[slot]].effect
    if effect is Effect.ATTACK:
        return list(CHOOSE_PLAYER[: state.num_players])
    if effect is Effect.SWAP:
        return [CHOOSE_PLAYER[s] for s in range(state.num_players) if s != seat]
    if effect is Effect.CANCEL:
        return [CHOOSE_SPELL[s] for s in cancellable_slots(state)]
    weapons = [state.hidden[seat], *state.visible[seat]]
    return [CHOOSE_WEAPON[w] for w in sorted(weapons)]


def activate(state: BossQuestModel, seat: int, slot: int) -> bool:
    """Activate the spell in `slot`. Returns True when the visit is complete, False when
    the visitor must now choose a target."""
    spell = SPELLS[state.slots[slot]]
    if slot == state.mystery:
        state.mystery = -1
        state.log(EventKind.REVEAL, seat=seat, slot=slot, spell=spell.key)
        if not can_activate(state, spell):
            # Chosen blind, it may have nothing to act on: it is discarded without effect.
            state.slot_status[slot] = SlotStatus.USED
            state.log(EventKind.FIZZLE, seat=seat, slot=slot, spell=spell.key)
            return True
    if spell.effect in TARGETED_EFFECTS:
        state.decisions.push(Frame(Decision.CHOOSE_TARGET, seat, (slot,)))
        state.log(EventKind.ACTIVATE, seat=seat, slot=slot, spell=spell.key)
        return False
    state.slot_status[slot] = SlotStatus.ACTIVE
    state.log(EventKind.ACTIVATE, seat=seat, slot=slot, spell=spell.key)
    if spell.effect is Effect.LAST_CALL:
        _start_last_call(state, seat)
    return True


def resolve(state: BossQuestModel, seat: int, slot: int, choice: Action) -> None:
    """Carry out the spell in `slot` on the chosen target (one of `target_choices`)."""
    spell = SPELLS[state.slots[slot]]
    if isinstance(choice, ChoosePlayer):  # Attack's or Swap's
        target = choice.seat
        state.slot_target[slot] = target
        if spell.effect is Effect.SWAP:
            _swap(state, seat, target)
            state.slot_status[slot] = SlotStatus.USED
        else:
            state.slot_status[slot] = SlotStatus.ACTIVE
            state.log(EventKind.TARGET, seat=seat, slot=slot, spell=spell.key, target=target)
    elif isinstance(choice, ChooseSpell):  # Cancel's
        state.slot_status[choice.slot] = SlotStatus.CANCELLED
        state.slot_status[slot] = SlotStatus.USED
        state.slot_target[slot] = choice.slot
        cancelled = SPELLS[state.slots[choice.slot]]
        state.log(
            EventKind.CANCEL,
            seat=seat,
            slot=slot,
            cancelled_slot=choice.slot,
            cancelled=cancelled.key,
        )
        if cancelled.effect is Effect.LAST_CALL:
            _end_last_call(state)
    else:
        assert isinstance(choice, ChooseWeapon)  # Exchange's, the one other kind of target
        _exchange(state, seat, choice.weapon)
        state.slot_status[slot] = SlotStatus.USED


def _start_last_call(state: BossQuestModel, seat: int) -> None:
    """Everyone after `seat` who has not visited the Mage gets one last action."""
    if state.phase == Phase.LAST_CALL:
        return  # already in the last actions: they go on as they are
    n = state.num_players
    queue = [(seat + i) % n for i in range(1, n)]
    state.last_call_queue = [s for s in queue if not state.visited[s]]


def _end_last_call(state: BossQuestModel) -> None:
    """Last call was cancelled: the last actions end and the normal turns resume (the
    acting seat's visit then passes the turn on as usual)."""
    state.phase = Phase.EQUIP
    state.last_call_queue = []


def _swap(state: BossQuestModel, seat: int, other: int) -> None:
    """Swap two hidden weapons. Each now knows the other's: they held it a moment ago."""
    hidden, known = state.hidden, state.known
    hidden[seat], hidden[other] = hidden[other], hidden[seat]
    known[seat], known[other] = known[other] | (1 << seat), known[seat] | (1 << other)
    state.hidden_lo[seat], state.hidden_lo[other] = state.hidden_lo[other], state.hidden_lo[seat]
    state.hidden_hi[seat], state.hidden_hi[other] = state.hidden_hi[other], state.hidden_hi[seat]
    state.log(EventKind.SWAP, seat=seat, target=other)
    for s in (seat, other):
        state.log(EventKind.HIDDEN_WEAPON, (s,), seat=s, weapon=hidden[s])


def _exchange(state: BossQuestModel, seat: int, weapon: int) -> None:
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
        state.log(EventKind.EXCHANGE, seat=seat, gave=None, got=None)
        state.log(EventKind.EXCHANGE_HIDDEN, (seat,), seat=seat, gave=weapon, got=top)
    else:
        visible = state.visible[seat]
        visible[visible.index(weapon)] = top
        state.log(EventKind.EXCHANGE, seat=seat, gave=weapon, got=top)
