"""Rig a Munchkin position for scenario tests (see `gamenight.testing.rigged`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gamenight.kernel import DecisionStack, Offers

from . import character, combat, flow
from .content import Slot
from .model import TRANSIENT, MunchkinModel, Phase, Setup, WindowKind, removed

PHASES = (Phase.SETUP, Phase.START, Phase.LOOT, Phase.AFTER, Phase.CHARITY)

Placed = str | tuple[str, bool]


def rig(
    state: MunchkinModel,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    table: Mapping[int, Sequence[Placed]] | None = None,
    levels: Sequence[int] | None = None,
    sexes: Sequence[int] | None = None,
    door: Sequence[str] = (),
    treasure: Sequence[str] = (),
    door_discard: Sequence[str] = (),
    treasure_discard: Sequence[str] = (),
    turn: int = 0,
    phase: str = Phase.START,
    fought: bool = False,
    monsters: Sequence[str] = (),
    enhancers: Sequence[tuple[str, int]] = (),
    helper: int = -1,
    dice: Sequence[int] = (),
) -> MunchkinModel:
    """Set up a position from scratch; cards are named by design key.

    - `hands`, `table`: by seat; seats not named have none. A card in play is a key, or
      ``(key, False)`` for an item turned sideways (else it is equipped as it enters).
      Copies are taken lowest card id first, in the order given.
    - `levels`, `sexes` (0 male, 1 female): per seat (default: level 1, male).
    - `door`, `treasure`: the decks' top cards, top first; every other card of the deck
      lies below them (lowest id deepest). `door_discard`, `treasure_discard`: bottom
      first.
    - `turn`, `phase` (``setup``, ``start``, ``loot``, ``after``, ``charity``), `fought`.
    - `monsters`: a combat of the turn's player against these (its window open), with
      `enhancers` (key, index of the monster) and a `helper` (no bribe).
    - `dice`: the next die results (1-6), in order; then the dice roll at random.
    """
    n = state.num_players
    cs = state.CS
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {phase!r}")
    free: dict[str, list[int]] = {}
    for card, key in enumerate(cs.keys):
        free.setdefault(key, []).append(card)

    def take(key: str) -> int:
        if key not in free:
            raise ValueError(f"no card {key!r}")
        if not free[key]:
            raise ValueError(f"every copy of {key!r} is already placed")
        return free[key].pop(0)

    state.hands = tuple(tuple(take(k) for k in (hands or {}).get(p, ())) for p in range(n))
    in_play: list[list[int]] = [[] for _ in range(n)]
    state.unequipped = ()
    sideways = []
    for p, cards in (table or {}).items():
        for entry in cards:
            key, equipped = (entry, True) if isinstance(entry, str) else entry
            card = take(key)
            in_play[p].append(card)
            if not equipped:
                sideways.append(card)
    state.table = tuple(map(tuple, in_play))
    state.door_discard = tuple(take(k) for k in door_discard)
    state.treasure_discard = tuple(take(k) for k in treasure_discard)
    door_top = [take(k) for k in door]
    treasure_top = [take(k) for k in treasure]
    fight = [take(k) for k in monsters]
    extra = [(take(k), i) for k, i in enhancers]
    rest = sorted(c for cards in free.values() for c in cards)
    state.door_deck = tuple([c for c in rest if cs.deck[c] == 0][::-1] + door_top[::-1])
    state.treasure_deck = tuple([c for c in rest if cs.deck[c] == 1][::-1] + treasure_top[::-1])
    state.level = tuple(levels) if levels is not None else (1,) * n
    state.sex = tuple(sexes) if sexes is not None else (0,) * n
    state.dead = state.fresh = state.charity_got = (0,) * n
    state.ready = (Setup.SEX if phase == Phase.SETUP else Setup.READY,) * n
    for name in TRANSIENT:
        setattr(state, name, ())
    state.forced = tuple(dice)
    state.turn, state.phase, state.turn_number = turn, Phase(phase), 1
    state.fought = int(fought)
    state.combat_no = state.charmed = state.drawn = state.sales = state.sale_bonus_used = 0
    state.turn_actions = 0
    state.helper = state.run_mon = state.roll = state.roll_seat = state.door_card = -1
    state.window, state.window_kind, state.truncated = None, WindowKind.NONE, False
    state.stack = DecisionStack()
    state.offers = Offers(n)
    # equip in table order, as if each had been played
    slotted = [
        c for cards in state.table for c in cards if cs.cards[c].slot not in (None, Slot.NONE)
    ]
    state.unequipped = tuple(slotted)
    for p in range(n):
        for card in state.table[p]:
            if card in slotted and card not in sideways and character.can_equip(state, p, card):
                state.unequipped = removed(state.unequipped, card)
    state.events.clear()
    state.history.clear()
    state._legal_key = None
    if fight:
        if phase != Phase.START:
            raise ValueError("a rigged combat starts from the 'start' phase")
        combat.start(state, fight[0], reinforce=False)
        for m in fight[1:]:
            combat.add_monster(state, m, turn, reinforce=False)
        for card, i in extra:
            state.enh += (card, fight[i])
        state.helper = helper
    flow.settle(state)
    return state
