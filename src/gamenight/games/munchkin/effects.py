"""The effect vocabulary at work: operations, replacements, abilities, curses.

An operation list runs on the kernel's decision stack as automatic ``ops`` frames
``(card, code, index, subject)`` (the frame's seat controls it; `triggers` queues them):
each frame runs one operation after pushing the frame of the next, so an operation that
needs a choice (a target, an item to lose) pushes its choice frame on top and the list
goes on after it. `code` names the card's list (`Card.op_lists`): its Bad Stuff, a
trigger, a use, a replacement.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gamenight.kernel import Frame

from . import character, combat, triggers, zones
from .content import (
    Ability,
    Card,
    CardKind,
    Instead,
    LoseSlot,
    Op,
    OpKind,
    Persistence,
    Scope,
    Target,
    TriggerOn,
)
from .hooks import HOOKS
from .losses import item_candidates, replaced
from .model import (
    BonusData,
    CardSeatData,
    CurseRemovedData,
    EscapeData,
    EventKind,
    FrameKind,
    LevelData,
    Limit,
    MunchkinModel,
    RollChangeData,
    RunBonusData,
    SeatCardsData,
    SexData,
    UseData,
    ints,
    removed,
    with_seat,
)

SCOPES = {Scope.COMBAT: 0, Scope.TURN: 1, Scope.ROLL: 2}  # in the state's ``uses``
KILL_TRIGGERS = (TriggerOn.WON, TriggerOn.HELPED_KILL)
OPS, AIM, AIM_SEAT, AIM_MONSTER = (
    FrameKind.OPS,
    FrameKind.AIM,
    FrameKind.AIM_SEAT,
    FrameKind.AIM_MONSTER,
)
LOSE, COST = FrameKind.LOSE, FrameKind.COST
SeatOp = Callable[[MunchkinModel, Op, int, int, int, int], None]  # (s, op, card, code, i, seat)
MonsterOp = Callable[[MunchkinModel, Op, int, int, int], None]  # (s, op, card, monster, by)


# ----- running operation lists ----------------------------------------------------------


def step(s: MunchkinModel, frame: Frame) -> None:
    """Run one operation of an ``ops`` frame (already popped)."""
    card, code, i, subject = ints(frame)
    ops = s.CS.cards[card].op_lists[code]
    if i + 1 < len(ops):
        s.stack.push(Frame(OPS, frame.seat, (card, code, i + 1, subject)))
    execute(s, ops[i], card, code, i, subject, frame.seat)


def execute(
    s: MunchkinModel, op: Op, card: int, code: int, i: int, subject: int, controller: int
) -> None:
    """Carry out one operation, or push the choice of its target."""
    name, to = op.op, op.to
    args = (card, code, i, subject)
    monster_op = MONSTER_OPS.get(name)
    if monster_op is not None:
        if not s.monsters:
            return
        if to == Target.SUBJECT and card in s.monsters:
            monster_op(s, op, card, card, controller)
        elif len(s.monsters) == 1:
            monster_op(s, op, card, s.monsters[0], controller)
        else:
            s.stack.push(Frame(AIM_MONSTER, controller, args))
        return
    if to == Target.SUBJECT:
        seats = [subject] if subject >= 0 else []
    elif to == Target.ALL:
        seats = s.living()
    elif to == Target.OTHERS:
        seats = [p for p in s.living() if p != subject]
    elif to == Target.HELPER:
        seats = [s.helper] if s.helper >= 0 and not s.dead[s.helper] else []
    elif to == Target.CHOSEN:
        s.stack.push(Frame(AIM_SEAT, controller, args))
        return
    elif to in (Target.COMBATANT, Target.PLAYER):
        if s.monsters:
            s.stack.push(Frame(AIM, controller, args))
        return
    else:  # a monster: a player op aimed at a monster only makes sense for a bonus
        aims = aimable(s, op)
        if aims:
            if len(aims) == 1:
                on_monster(s, op, card, aims[0])
            else:
                s.stack.push(Frame(AIM_MONSTER, controller, args))
        return
    for target in reversed(seats):  # the stack runs them in seat order
        on_seat(s, op, card, code, i, target)


def on_seat(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    """One operation on one player."""
    if op.when is not None and not character.player_meets(s, seat, op.when):
        return
    if op.unless is not None and character.player_meets(s, seat, op.unless):
        return
    SEAT_OPS[op.op](s, op, card, code, i, seat)


def aimable(s: MunchkinModel, op: Op) -> list[int]:
    """The monsters of the fight an operation may be aimed at: those meeting its
    conditions (a Hong Kong item's bonus goes to a Hong Kong monster)."""
    return [
        m
        for m in s.monsters
        if (op.when is None or character.monster_meets(s, m, op.when))
        and (op.unless is None or not character.monster_meets(s, m, op.unless))
    ]


def on_monster(s: MunchkinModel, op: Op, card: int, monster: int) -> None:
    """A bonus (or penalty) on one monster for this combat."""
    if op.op == OpKind.COMBAT_BONUS:
        s.cmods += (1, monster, op.amount)
        s.log(EventKind.BONUS, **BonusData(card=card, monster=monster, amount=op.amount))


def aim_options(s: MunchkinModel, frame: Frame) -> list[tuple[int, int]]:
    """The targets of an ``aim`` frame: (0, seat) for a player, (1, monster)."""
    card, code, i, _ = ints(frame)
    return targets(s, card, code, s.CS.cards[card].op_lists[code][i].to)


def targets(s: MunchkinModel, card: int, code: int, to: Target) -> list[tuple[int, int]]:
    """The combatants an operation aimed at `to` may hit; an ability used once per target
    leaves out those it has hit."""
    out = [(0, p) for p in character.combatants(s)]
    if to == Target.COMBATANT:
        out += [(1, m) for m in s.monsters]
    ability = ability_of(s.CS.cards[card], code)
    if ability is not None and ability.per_target:
        k = s.CS.cards[card].uses.index(ability)
        used = s.uses
        hit = {
            (used[j + 2] >> 16, used[j + 2] & 0xFFFF)
            for j in range(0, len(used), 4)
            if used[j] == card and used[j + 1] == k and used[j + 2] >= 0
        }
        out = [t for t in out if t not in hit]
    return out


def aimed(s: MunchkinModel, frame: Frame, target: tuple[int, int]) -> None:
    """The ``aim`` frame's target is chosen: carry out its operation."""
    card, code, i, _ = ints(frame)
    c = s.CS.cards[card]
    ability = ability_of(c, code)
    if ability is not None and ability.per_target:
        k = c.uses.index(ability)
        s.uses += (card, k, target[0] << 16 | target[1], SCOPES[ability.per])
    op = c.op_lists[code][i]
    if target[0] == 0:
        on_seat(s, op, card, code, i, target[1])
    else:
        on_monster(s, op, card, target[1])


def aimed_monster(s: MunchkinModel, frame: Frame, monster: int) -> None:
    """An ``aim_monster`` frame's monster is chosen: carry out its operation."""
    card, code, i, _ = ints(frame)
    op = s.CS.cards[card].op_lists[code][i]
    monster_op = MONSTER_OPS.get(op.op)
    if monster_op is not None:
        monster_op(s, op, card, monster, frame.seat)
    else:
        on_monster(s, op, card, monster)


def aimed_seat(s: MunchkinModel, frame: Frame, seat: int) -> None:
    """An ``aim_seat`` frame's player is chosen: carry out its operation."""
    card, code, i, _ = ints(frame)
    on_seat(s, s.CS.cards[card].op_lists[code][i], card, code, i, seat)


def ability_of(card: Card, code: int) -> Ability | None:
    """The ability of `card` whose operation list is `code`, if any."""
    for a in card.uses:
        if a.code == code:
            return a
    return None


# ----- operations on a player ---------------------------------------------------------


def _level_cap(s: MunchkinModel, card: int, code: int) -> int:
    top = s.CS.rules.max_level
    for t in s.CS.cards[card].triggers:
        if t.code == code and t.on in KILL_TRIGGERS:
            return top  # a level won by a kill may be the winning one
    return top - 1


def _gain_level(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    cap = _level_cap(s, card, code)
    if s.level[seat] < cap:
        s.level = with_seat(s.level, seat, min(cap, s.level[seat] + op.amount))
        s.log(EventKind.LEVEL, **LevelData(seat=seat, level=s.level[seat], card=card))


def _lose_level(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    # At level 1 nothing would be lost, so nothing replaces the loss.
    if s.level[seat] > 1 and not replaced(s, seat, Instead.LOSE_LEVEL):
        character.lose_levels(s, seat, op.amount, card)


def _draw(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    zones.draw(s, seat, op.deck, op.amount, op.face_up)


def _discard(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    hand = s.hands[seat]
    if op.amount <= 0 or len(hand) <= op.amount:
        lose_cards(s, seat, list(hand))
    elif op.random:
        lose_cards(s, seat, [hand[s.rng.below(len(hand))]])
        if op.amount > 1:
            _discard(s, replace(op, amount=op.amount - 1), card, code, i, seat)
    else:
        s.stack.push(Frame(LOSE, seat, (card, code, i, op.amount)))


def lose_cards(s: MunchkinModel, seat: int, cards: list[int]) -> None:
    """Discard cards from `seat`'s hand (they become public on the discard piles)."""
    for c in cards:
        zones.discard_from_hand(s, seat, c)
    if cards:
        s.log(EventKind.DISCARD, **SeatCardsData(seat=seat, cards=cards))


def _lose_item(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    slot = op.slot or LoseSlot.ANY
    found = item_candidates(s, seat, slot)
    if not found:
        return
    amount = op.amount
    if replaced(s, seat, Instead.LOSE_ITEM):  # instead of one item: the others still go
        found, amount = item_candidates(s, seat, slot), amount - 1
        if not found or (amount < 1 and slot != LoseSlot.ALL):
            return
    if slot == LoseSlot.ALL or len(found) <= amount:
        lose_items(s, seat, found)
    elif op.random:
        lose_items(s, seat, [found[s.rng.below(len(found))]])
    else:
        s.stack.push(Frame(LOSE, seat, (card, code, i, amount)))


def lose_items(s: MunchkinModel, seat: int, items: list[int]) -> None:
    """`seat` loses these cards of its own in play."""
    for c in items:
        zones.discard_from_play(s, seat, c)
    s.log(EventKind.LOSE, **SeatCardsData(seat=seat, cards=items))


def _lose_trait(kind: CardKind) -> SeatOp:
    def op_fn(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
        found = character.traits(s, seat, kind)
        if len(found) == 1:
            lose_items(s, seat, found)
        elif found:
            s.stack.push(Frame(LOSE, seat, (card, code, i, 1)))

    return op_fn


def lose_candidates(s: MunchkinModel, frame: Frame) -> list[int]:
    """The cards a ``lose`` frame's seat may pick."""
    card, code, i, _ = ints(frame)
    op = s.CS.cards[card].op_lists[code][i]
    seat = frame.seat
    if op.op == OpKind.DISCARD:
        return list(s.hands[seat])
    if op.op == OpKind.LOSE_ITEM:
        return item_candidates(s, seat, op.slot or LoseSlot.ANY)
    if op.op == OpKind.LOSE_CLASS:
        return character.traits(s, seat, CardKind.CLASS)
    if op.op == OpKind.LOSE_RACE:
        return character.traits(s, seat, CardKind.RACE)
    return persistent_curses(s, seat)  # cancel_curse


def lose_picked(s: MunchkinModel, frame: Frame, picked: int) -> None:
    """A ``lose`` frame's seat picked a card to lose."""
    card, code, i, remaining = ints(frame)
    op = s.CS.cards[card].op_lists[code][i]
    seat = frame.seat
    if op.op == OpKind.DISCARD:
        lose_cards(s, seat, [picked])
    elif op.op == OpKind.CANCEL_CURSE:
        zones.discard_from_play(s, seat, picked)
        s.log(EventKind.CURSE_REMOVED, **CurseRemovedData(seat=seat, curse=picked, card=card))
    else:
        lose_items(s, seat, [picked])
    if remaining > 1:
        s.stack.push(Frame(LOSE, seat, (card, code, i, remaining - 1)))


def keep_candidates(s: MunchkinModel, frame: Frame) -> list[int]:
    """The cards a ``keep`` frame's seat may still choose to keep (none once within the
    limit)."""
    limit, *kept = ints(frame)
    cards, allowed = character.limited(s, frame.seat, Limit(limit))
    if len(cards) <= allowed:
        return []
    return [c for c in cards if c not in kept]


def keep_picked(s: MunchkinModel, frame: Frame, picked: int) -> None:
    """A ``keep`` frame's seat keeps `picked`; once it has chosen as many as the limit
    allows, the others are discarded."""
    limit, *kept = ints(frame)
    seat = frame.seat
    kept.append(picked)
    cards, allowed = character.limited(s, seat, Limit(limit))
    if len(kept) < allowed:
        s.stack.push(Frame(FrameKind.KEEP, seat, (limit, *kept)))
    else:
        lose_items(s, seat, [c for c in cards if c not in kept])


def _change_sex(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    s.sex = with_seat(s.sex, seat, 1 - s.sex[seat])
    s.log(EventKind.SEX, **SexData(seat=seat, sex=s.sex[seat], card=card))


def _escape(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    if op.all:
        if seat not in s.escaped:
            s.escaped += (seat,)
        if seat in s.runners:
            s.runners = removed(s.runners, seat)
    elif seat in s.runners:
        s.runners = removed(s.runners, seat)
    s.log(EventKind.ESCAPE, **EscapeData(seat=seat, card=card, all=op.all))


def persistent_curses(s: MunchkinModel, seat: int) -> list[int]:
    """The curses staying on `seat`."""
    kinds = s.CS.kind
    return [c for c in s.table[seat] if kinds[c] == CardKind.CURSE]


def _cancel_curse(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    # Used against a curse aimed at the player, the operation does not run (`activate`):
    # here it removes a curse that stays on the player.
    found = persistent_curses(s, seat)
    if len(found) == 1:
        zones.discard_from_play(s, seat, found[0])
        s.log(EventKind.CURSE_REMOVED, **CurseRemovedData(seat=seat, curse=found[0], card=card))
    elif found:
        s.stack.push(Frame(LOSE, seat, (card, code, i, 1)))


def _set_roll(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    if s.roll < 0:
        return
    if op.value:
        s.roll = op.value
        s.log(EventKind.SET_ROLL, **RollChangeData(seat=seat, card=card, value=op.value))
    else:
        s.stack.push(Frame(FrameKind.VALUE, seat, (card,)))


def _reroll(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    if s.roll >= 0:
        s.roll = s.die()
        s.log(EventKind.REROLL, **RollChangeData(seat=seat, card=card, value=s.roll))


def _die(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    if replaced(s, seat, Instead.DIE):
        return
    combat.die(s, seat, card)


def _combat_bonus(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    if s.monsters:
        s.cmods += (0, seat, op.amount)
        s.log(EventKind.BONUS, **BonusData(card=card, seat=seat, amount=op.amount))


def _run_bonus(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    s.rbonus += (seat, op.amount)
    s.log(EventKind.RUN_BONUS, **RunBonusData(card=card, seat=seat, amount=op.amount))


def _hook(s: MunchkinModel, op: Op, card: int, code: int, i: int, seat: int) -> None:
    assert op.hook is not None  # the schema: a hook op names its hook
    HOOKS[op.hook].run(s, card, seat)


SEAT_OPS: dict[OpKind, SeatOp] = {
    OpKind.GAIN_LEVEL: _gain_level,
    OpKind.LOSE_LEVEL: _lose_level,
    OpKind.DRAW: _draw,
    OpKind.DISCARD: _discard,
    OpKind.LOSE_ITEM: _lose_item,
    OpKind.LOSE_CLASS: _lose_trait(CardKind.CLASS),
    OpKind.LOSE_RACE: _lose_trait(CardKind.RACE),
    OpKind.CHANGE_SEX: _change_sex,
    OpKind.ESCAPE: _escape,
    OpKind.CANCEL_CURSE: _cancel_curse,
    OpKind.SET_ROLL: _set_roll,
    OpKind.REROLL: _reroll,
    OpKind.DIE: _die,
    OpKind.COMBAT_BONUS: _combat_bonus,
    OpKind.RUN_BONUS: _run_bonus,
    OpKind.HOOK: _hook,
}


# ----- operations on monsters -----------------------------------------------------------


def _add_monster(s: MunchkinModel, op: Op, card: int, monster: int, controller: int) -> None:
    for _ in range(op.amount):
        drawn = zones.draw_cards(s, 0, 1)
        if not drawn:
            return
        top = drawn[0]
        s.log(EventKind.REVEAL, **CardSeatData(card=top, seat=s.turn))
        if s.CS.kind[top] == CardKind.MONSTER and combat.room_for_monster(s):
            combat.add_monster(s, top, controller)
        else:
            zones.discard(s, top)


def _remove_monster(s: MunchkinModel, op: Op, card: int, monster: int, controller: int) -> None:
    combat.remove_monster(s, monster, card)


def _defeat_monster(s: MunchkinModel, op: Op, card: int, monster: int, controller: int) -> None:
    combat.remove_monster(s, monster, card, defeated=True)


MONSTER_OPS: dict[OpKind, MonsterOp] = {
    OpKind.ADD_MONSTER: _add_monster,
    OpKind.REMOVE_MONSTER: _remove_monster,
    OpKind.DEFEAT_MONSTER: _defeat_monster,
}

if set(SEAT_OPS) | set(MONSTER_OPS) != set(OpKind):
    raise RuntimeError("every operation of the vocabulary needs an implementation")


# ----- replacements ------------------------------------------------------------------


# ----- abilities, one-shots, curses ----------------------------------------------------


def uses_of(s: MunchkinModel, card: int, k: int) -> int:
    """How many times ability `k` of `card` was used in the scopes still counted."""
    used = s.uses
    return sum(1 for j in range(0, len(used), 4) if used[j] == card and used[j + 1] == k)


def activate(
    s: MunchkinModel, seat: int, card: int, k: int, from_hand: bool, answer: bool = False
) -> None:
    """`seat` uses ability `k` of `card` (a one-shot played from hand: its use): the
    cost is paid first (the cost frame is on top), then the operations run. Used in
    `answer` to a curse aimed at `seat`, the curse frame did the cancelling, and that is
    all the card does (`cancel`)."""
    c = s.CS.cards[card]
    ability = c.uses[k]
    s.log(EventKind.USE, **UseData(seat=seat, card=card, ability=k, hand=from_hand))
    if ability.limit and not ability.per_target:
        s.uses += (card, k, -1, SCOPES[ability.per])
    if not answer:
        triggers.run_list(s, card, ability.code, seat, seat)
    if from_hand:
        zones.discard_from_hand(s, seat, card)
    elif ability.discard_self or c.kind == CardKind.ONESHOT:
        zones.discard_from_play(s, seat, card)
    if ability.lose_level:
        character.lose_levels(s, seat, ability.lose_level, card)
    if ability.discard_hand:
        lose_cards(s, seat, list(s.hands[seat]))
    if ability.discard:
        s.stack.push(Frame(COST, seat, (card, ability.discard)))


def cost_picked(s: MunchkinModel, frame: Frame, picked: int) -> None:
    """A ``cost`` frame's seat discarded a card it picked."""
    card, remaining = ints(frame)
    lose_cards(s, frame.seat, [picked])
    if remaining > 1:
        s.stack.push(Frame(COST, frame.seat, (card, remaining - 1)))


def curse_hits(s: MunchkinModel, card: int, victim: int) -> None:
    """The victim took the curse: it acts, and stays on them if it persists."""
    c = s.CS.cards[card]
    s.limbo = removed(s.limbo, card)
    s.log(EventKind.CURSED, **CardSeatData(card=card, seat=victim))
    if c.persistent != Persistence.NONE:
        zones.enter_play(s, victim, card)
    else:
        zones.discard(s, card)
    if c.persistent == Persistence.NEXT_COMBAT and victim not in character.combatants(s):
        return  # it waits in front of the victim (`combat.next_combat_traps`)
    use = c.use
    assert use is not None  # the schema: a curse has a use
    triggers.run_list(s, card, use.code, victim, victim)


def cancel(s: MunchkinModel, frame: Frame) -> None:
    """The victim stopped the curse of a ``curse`` frame (already popped)."""
    card, _ = ints(frame)
    s.limbo = removed(s.limbo, card)
    zones.discard(s, card)
    s.log(EventKind.CURSE_CANCELLED, **CardSeatData(card=card, seat=frame.seat))
