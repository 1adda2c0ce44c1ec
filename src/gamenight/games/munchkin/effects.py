"""The effect vocabulary at work: operations, triggers, replacements, abilities, curses.

An operation list runs on the kernel's decision stack as automatic ``ops`` frames
``(card, code, index, subject)`` (the frame's seat controls it): each frame runs one
operation after pushing the frame of the next, so an operation that needs a choice (a
target, an item to lose) pushes its choice frame on top and the list goes on after it.
`code` names the card's list (`Card.op_lists`): its Bad Stuff, a trigger, a use, a
replacement.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from gamenight.kernel import Frame

from . import character, zones
from .content import OPS as OP_NAMES
from .content import Ability, Card, Op

if TYPE_CHECKING:
    from .state import MunchkinState

OPS = "ops"
# choice frames the operations push
AIM = "aim"  # a combatant: (card, code, index, subject)
AIM_SEAT = "aim_seat"
AIM_MONSTER = "aim_monster"
LOSE = "lose"  # (card, code, index, remaining); the frame's seat loses cards it picks
VALUE = "value"  # (card,) a die face
COST = "cost"  # (card, remaining): cards to discard from hand
CURSE_TARGET = "curse_target"  # (card,)
CURSE = "curse"  # (card, source): the victim takes it (Pass) or cancels it

SCOPES = {"combat": 0, "turn": 1, "roll": 2}
_KILL_TRIGGERS = ("won", "helped_kill")


# ----- running operation lists ----------------------------------------------------------


def run_list(s: MunchkinState, card: int, code: int, subject: int, controller: int) -> None:
    """Queue a card's operation list (it runs as the stack unwinds)."""
    if s.CS.cards[card].op_lists[code]:
        s.stack.push(Frame(OPS, controller, (card, code, 0, subject)))


def step(s: MunchkinState, frame: Frame) -> None:
    """Run one operation of an ``ops`` frame (already popped)."""
    card, code, i, subject = frame.args
    ops = s.CS.cards[card].op_lists[code]
    if i + 1 < len(ops):
        s.stack.push(Frame(OPS, frame.seat, (card, code, i + 1, subject)))
    execute(s, ops[i], card, code, i, subject, frame.seat)


def execute(
    s: MunchkinState, op: Op, card: int, code: int, i: int, subject: int, controller: int
) -> None:
    """Carry out one operation, or push the choice of its target."""
    name, to = op.op, op.to
    args = (card, code, i, subject)
    if name in MONSTER_OPS:
        if not s.monsters:
            return
        if to == "subject" and card in s.monsters:
            MONSTER_OPS[name](s, op, card, card, controller)
        elif len(s.monsters) == 1:
            MONSTER_OPS[name](s, op, card, s.monsters[0], controller)
        else:
            s.stack.push(Frame(AIM_MONSTER, controller, args))
        return
    if to == "subject":
        targets = [subject] if subject >= 0 else []
    elif to == "all":
        targets = living(s)
    elif to == "others":
        targets = [p for p in living(s) if p != subject]
    elif to == "chosen":
        s.stack.push(Frame(AIM_SEAT, controller, args))
        return
    elif to in ("combatant", "player"):
        if s.monsters:
            s.stack.push(Frame(AIM, controller, args))
        return
    else:  # "monster": a player op aimed at a monster only makes sense for a bonus
        if s.monsters:
            if len(s.monsters) == 1:
                on_monster(s, op, card, s.monsters[0])
            else:
                s.stack.push(Frame(AIM_MONSTER, controller, args))
        return
    for target in reversed(targets):  # the stack runs them in seat order
        on_seat(s, op, card, code, i, target)


def living(s: MunchkinState) -> list[int]:
    return [p for p in range(s.num_players) if not s.dead[p]]


def on_seat(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    """One operation on one player."""
    if op.when is not None and not character.player_meets(s, seat, op.when):
        return
    if op.unless is not None and character.player_meets(s, seat, op.unless):
        return
    SEAT_OPS[op.op](s, op, card, code, i, seat)


def on_monster(s: MunchkinState, op: Op, card: int, monster: int) -> None:
    """A bonus (or penalty) on one monster for this combat."""
    if op.op == "combat_bonus":
        s.cmods += [1, monster, op.amount]
        s.log("bonus", card=card, monster=monster, amount=op.amount)


def aim_options(s: MunchkinState, frame: Frame) -> list[tuple[int, int]]:
    """The targets of an ``aim`` frame: (0, seat) for a player, (1, monster)."""
    card, code, i, _ = frame.args
    return targets(s, card, code, s.CS.cards[card].op_lists[code][i].to)


def targets(s: MunchkinState, card: int, code: int, to: str) -> list[tuple[int, int]]:
    """The combatants an operation aimed at `to` may hit; an ability used once per target
    leaves out those it has hit."""
    out = [(0, p) for p in character.combatants(s)]
    if to == "combatant":
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


def aimed(s: MunchkinState, frame: Frame, target: tuple[int, int]) -> None:
    """The ``aim`` frame's target is chosen: carry out its operation."""
    card, code, i, _ = frame.args
    c = s.CS.cards[card]
    ability = ability_of(c, code)
    if ability is not None and ability.per_target:
        k = c.uses.index(ability)
        s.uses += [card, k, target[0] << 16 | target[1], SCOPES[ability.per]]
    op = c.op_lists[code][i]
    if target[0] == 0:
        on_seat(s, op, card, code, i, target[1])
    else:
        on_monster(s, op, card, target[1])


def aimed_monster(s: MunchkinState, frame: Frame, monster: int) -> None:
    """An ``aim_monster`` frame's monster is chosen: carry out its operation."""
    card, code, i, _ = frame.args
    op = s.CS.cards[card].op_lists[code][i]
    if op.op in MONSTER_OPS:
        MONSTER_OPS[op.op](s, op, card, monster, frame.seat)
    else:
        on_monster(s, op, card, monster)


def ability_of(card: Card, code: int) -> Ability | None:
    for a in card.uses:
        if a.code == code:
            return a
    return None


# ----- operations on a player ---------------------------------------------------------


def _level_cap(s: MunchkinState, card: int, code: int) -> int:
    top = s.CS.rules.max_level
    for t in s.CS.cards[card].triggers:
        if t.code == code and t.on in _KILL_TRIGGERS:
            return top  # a level won by a kill may be the winning one
    return top - 1


def _gain_level(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    cap = _level_cap(s, card, code)
    if s.level[seat] < cap:
        s.level[seat] = min(cap, s.level[seat] + op.amount)
        s.log("level", seat=seat, level=s.level[seat], card=card)


def _lose_level(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    if replaced(s, seat, "lose_level"):
        return
    lose_levels(s, seat, op.amount, card)


def lose_levels(s: MunchkinState, seat: int, amount: int, card: int) -> None:
    new = max(1, s.level[seat] - amount)
    if new != s.level[seat]:
        s.level[seat] = new
        s.log("level", seat=seat, level=new, card=card)


def _draw(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    zones.draw(s, seat, op.deck, op.amount, op.face_up)


def _discard(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    hand = s.hands[seat]
    if op.amount <= 0 or len(hand) <= op.amount:
        lose_cards(s, seat, list(hand))
    elif op.random:
        lose_cards(s, seat, [hand[s.rng.below(len(hand))] for _ in range(1)])
        if op.amount > 1:
            _discard(s, _replace_amount(op, op.amount - 1), card, code, i, seat)
    else:
        s.stack.push(Frame(LOSE, seat, (card, code, i, op.amount)))


def _replace_amount(op: Op, amount: int) -> Op:
    return replace(op, amount=amount)


def lose_cards(s: MunchkinState, seat: int, cards: list[int]) -> None:
    """Discard cards from `seat`'s hand (they become public on the discard piles)."""
    for c in cards:
        zones.discard_from_hand(s, seat, c)
    if cards:
        s.log("discard", seat=seat, cards=cards)


def item_candidates(s: MunchkinState, seat: int, slot: str) -> list[int]:
    """The items of `seat` a ``lose_item`` of `slot` may take."""
    cards = s.CS.cards
    items = [c for c in s.table[seat] if cards[c].kind == "item"]
    if slot in ("any", "all"):
        return items
    if slot == "best":
        if not items:
            return []
        best = max(character.allowed(s, seat, cards[c]) * cards[c].bonus for c in items)
        return [
            min(c for c in items if character.allowed(s, seat, cards[c]) * cards[c].bonus == best)
        ]
    if slot == "big":
        return [c for c in items if cards[c].big]
    if slot == "hand":
        return [c for c in items if cards[c].slot in ("hand1", "hand2")]
    return [c for c in items if cards[c].slot == slot]


def _lose_item(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    found = item_candidates(s, seat, op.slot or "any")
    if not found:
        return
    if replaced(s, seat, "lose_item"):
        return
    if op.slot == "all" or len(found) <= op.amount:
        lose_items(s, seat, found)
    elif op.random:
        lose_items(s, seat, [found[s.rng.below(len(found))]])
    else:
        s.stack.push(Frame(LOSE, seat, (card, code, i, op.amount)))


def lose_items(s: MunchkinState, seat: int, items: list[int]) -> None:
    for c in items:
        zones.discard_from_play(s, seat, c)
    s.log("lose", seat=seat, cards=items)


def _lose_trait(kind: str) -> Callable[..., None]:
    def op_fn(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
        found = character.traits(s, seat, kind)
        if len(found) == 1:
            lose_items(s, seat, found)
        elif found:
            s.stack.push(Frame(LOSE, seat, (card, code, i, 1)))

    return op_fn


def lose_candidates(s: MunchkinState, frame: Frame) -> list[int]:
    """The cards a ``lose`` frame's seat may pick."""
    card, code, i, _ = frame.args
    op = s.CS.cards[card].op_lists[code][i]
    seat = frame.seat
    if op.op == "discard":
        return list(s.hands[seat])
    if op.op == "lose_item":
        return item_candidates(s, seat, op.slot or "any")
    if op.op == "lose_class":
        return character.traits(s, seat, "class")
    if op.op == "lose_race":
        return character.traits(s, seat, "race")
    return persistent_curses(s, seat)  # cancel_curse


def lose_picked(s: MunchkinState, frame: Frame, picked: int) -> None:
    card, code, i, remaining = frame.args
    op = s.CS.cards[card].op_lists[code][i]
    seat = frame.seat
    if op.op == "discard":
        lose_cards(s, seat, [picked])
    elif op.op == "cancel_curse":
        zones.discard_from_play(s, seat, picked)
        s.log("curse_removed", seat=seat, curse=picked, card=card)
    else:
        lose_items(s, seat, [picked])
    if remaining > 1:
        s.stack.push(Frame(LOSE, seat, (card, code, i, remaining - 1)))


def _change_sex(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    s.sex[seat] = 1 - s.sex[seat]
    s.log("sex", seat=seat, sex=s.sex[seat], card=card)


def _escape(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    if op.all:
        if seat not in s.escaped:
            s.escaped.append(seat)
        if seat in s.runners:
            s.runners.remove(seat)
    elif seat in s.runners:
        s.runners.remove(seat)
    s.log("escape", seat=seat, card=card, all=op.all)


def persistent_curses(s: MunchkinState, seat: int) -> list[int]:
    kinds = s.CS.kind
    return [c for c in s.table[seat] if kinds[c] == "curse"]


def _cancel_curse(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    # Against a curse arriving, the curse frame does the cancelling (see `cancel`); here
    # the operation removes a curse that stays on the player.
    found = persistent_curses(s, seat)
    if len(found) == 1:
        zones.discard_from_play(s, seat, found[0])
        s.log("curse_removed", seat=seat, curse=found[0], card=card)
    elif found:
        s.stack.push(Frame(LOSE, seat, (card, code, i, 1)))


def _set_roll(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    if s.roll < 0:
        return
    if op.value:
        s.roll = op.value
        s.log("set_roll", seat=seat, card=card, value=op.value)
    else:
        s.stack.push(Frame(VALUE, seat, (card,)))


def _reroll(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    if s.roll >= 0:
        s.roll = s.die()
        s.log("reroll", seat=seat, card=card, value=s.roll)


def _die(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    if replaced(s, seat, "die"):
        return
    from . import combat

    combat.die(s, seat, card)


def _combat_bonus(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    if s.monsters:
        s.cmods += [0, seat, op.amount]
        s.log("bonus", card=card, seat=seat, amount=op.amount)


def _run_bonus(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    s.rbonus += [seat, op.amount]
    s.log("run_bonus", card=card, seat=seat, amount=op.amount)


def _hook(s: MunchkinState, op: Op, card: int, code: int, i: int, seat: int) -> None:
    from .hooks import HOOKS

    assert op.hook is not None
    HOOKS[op.hook].run(s, card, seat)


SEAT_OPS = {
    "gain_level": _gain_level,
    "lose_level": _lose_level,
    "draw": _draw,
    "discard": _discard,
    "lose_item": _lose_item,
    "lose_class": _lose_trait("class"),
    "lose_race": _lose_trait("race"),
    "change_sex": _change_sex,
    "escape": _escape,
    "cancel_curse": _cancel_curse,
    "set_roll": _set_roll,
    "reroll": _reroll,
    "die": _die,
    "combat_bonus": _combat_bonus,
    "run_bonus": _run_bonus,
    "hook": _hook,
}


# ----- operations on monsters -----------------------------------------------------------


def _add_monster(s: MunchkinState, op: Op, card: int, monster: int, controller: int) -> None:
    from . import combat

    for _ in range(op.amount):
        drawn = zones.draw_cards(s, 0, 1)
        if not drawn:
            return
        top = drawn[0]
        s.log("reveal", card=top, seat=s.turn)
        if s.CS.kind[top] == "monster" and combat.room_for_monster(s):
            combat.add_monster(s, top, controller)
        else:
            zones.discard(s, top)


def _remove_monster(s: MunchkinState, op: Op, card: int, monster: int, controller: int) -> None:
    from . import combat

    combat.remove_monster(s, monster, card)


def _defeat_monster(s: MunchkinState, op: Op, card: int, monster: int, controller: int) -> None:
    from . import combat

    combat.remove_monster(s, monster, card, defeated=True)


MONSTER_OPS = {
    "add_monster": _add_monster,
    "remove_monster": _remove_monster,
    "defeat_monster": _defeat_monster,
}

if set(SEAT_OPS) | set(MONSTER_OPS) != set(OP_NAMES):
    raise RuntimeError("every operation of the vocabulary needs an implementation")


# ----- triggers and replacements ---------------------------------------------------------


def fire(s: MunchkinState, seat: int, on: str) -> None:
    """Run the `on` triggers of `seat`'s active cards (its subject: `seat`)."""
    cards = s.CS.cards
    for c in reversed(character.active(s, seat)):
        for t in reversed(cards[c].triggers):
            if t.on == on and (t.when is None or character.player_meets(s, seat, t.when)):
                run_list(s, c, t.code, seat, seat)


def fire_card(s: MunchkinState, seat: int, card: int, on: str, leaving: bool = False) -> None:
    """Run one card's `on` triggers (entering or leaving play)."""
    for t in reversed(s.CS.cards[card].triggers):
        if t.on == on and (t.when is None or character.player_meets(s, seat, t.when)):
            run_list(s, card, t.code, seat, seat)


def fire_monster(s: MunchkinState, monster: int, on: str, subject: int) -> None:
    """Run a monster's `on` triggers on `subject` (its condition tests the monster)."""
    for t in reversed(s.CS.cards[monster].triggers):
        if t.on == on and (t.when is None or character.monster_meets(s, monster, t.when)):
            run_list(s, monster, t.code, subject, subject)


def replaced(s: MunchkinState, seat: int, what: str) -> bool:
    """If a card of `seat` replaces `what`, carry out the replacement and say so."""
    cards = s.CS.cards
    for c in character.active(s, seat):
        for r in cards[c].replacements:
            if r.instead_of == what:
                s.log("replaced", seat=seat, card=c, what=what)
                if not r.keep:
                    zones.discard_from_play(s, seat, c)
                run_list(s, c, r.code, seat, seat)
                return True
    return False


# ----- abilities, one-shots, curses ----------------------------------------------------


def uses_of(s: MunchkinState, card: int, k: int) -> int:
    used = s.uses
    return sum(1 for j in range(0, len(used), 4) if used[j] == card and used[j + 1] == k)


def activate(s: MunchkinState, seat: int, card: int, k: int, from_hand: bool) -> None:
    """`seat` uses ability `k` of `card` (a one-shot played from hand: its use): the
    cost is paid first (the cost frame is on top), then the operations run."""
    c = s.CS.cards[card]
    ability = c.uses[k]
    s.log("use", seat=seat, card=card, ability=k, hand=from_hand)
    if ability.limit and not ability.per_target:
        s.uses += [card, k, -1, SCOPES[ability.per]]
    run_list(s, card, ability.code, seat, seat)
    if from_hand:
        zones.discard_from_hand(s, seat, card)
    elif ability.discard_self or c.kind == "oneshot":
        zones.discard_from_play(s, seat, card)
    if ability.lose_level:
        lose_levels(s, seat, ability.lose_level, card)
    if ability.discard_hand:
        lose_cards(s, seat, list(s.hands[seat]))
    if ability.discard:
        s.stack.push(Frame(COST, seat, (card, ability.discard)))


def cost_picked(s: MunchkinState, frame: Frame, picked: int) -> None:
    card, remaining = frame.args
    lose_cards(s, frame.seat, [picked])
    if remaining > 1:
        s.stack.push(Frame(COST, frame.seat, (card, remaining - 1)))


def curse_at(s: MunchkinState, card: int, victim: int, source: int) -> None:
    """A curse is aimed at `victim`: a card of theirs may stop it; else they answer."""
    s.log("curse", card=card, seat=victim, source=source)
    if replaced(s, victim, "curse"):
        s.limbo.remove(card)
        zones.discard(s, card)
        return
    s.stack.push(Frame(CURSE, victim, (card, source)))


def curse_hits(s: MunchkinState, card: int, victim: int) -> None:
    """The victim took the curse: it acts, and stays on them if it persists."""
    c = s.CS.cards[card]
    s.limbo.remove(card)
    s.log("cursed", card=card, seat=victim)
    if c.persistent != "none":
        zones.enter_play(s, victim, card)
    else:
        zones.discard(s, card)
    use = c.use
    assert use is not None
    run_list(s, card, use.code, victim, victim)


def cancel(s: MunchkinState, frame: Frame) -> None:
    """The victim stopped the curse of a ``curse`` frame (already popped)."""
    card, _ = frame.args
    s.limbo.remove(card)
    zones.discard(s, card)
    s.log("curse_cancelled", card=card, seat=frame.seat)
