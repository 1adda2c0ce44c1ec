"""The turn: who acts, what they may do, and how play moves on.

Who acts, in order of precedence: the top frame of the decision stack (a choice: a
target, a card to lose, an answer to an offer...); else the seats waiting in the open
window; else the phase's actor (every unready seat in the set-up, the runner in a run,
the turn's player otherwise). `settle` runs everything automatic (operation frames,
closed windows, phase changes) until someone must choose.

Contexts of a play: ``setup`` (start hands), ``own`` (the turn's player outside combat,
no window open), ``any`` (the windows on a revealed door and at the end of the turn),
``combat`` and ``roll`` (their windows), ``run`` (a runner about to roll) and ``curse``
(the victim of a curse, before it acts). Cards usable "at any time" are usable in
``own``, ``any``, ``combat`` and ``roll``: between windows they wait for the next one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.kernel import PASS, Action, Frame

from . import character, combat, deals, effects, zones
from .actions import (
    ASK,
    BEGIN,
    CANCEL,
    CHOOSE_MONSTER,
    CHOOSE_SEAT,
    CHOOSE_VALUE,
    DECLINE,
    END_TURN,
    KICK,
    LOOT,
    ROLL,
    SELL,
    TRADE,
    Ask,
    Begin,
    ChooseMonster,
    ChooseSeat,
    Discard,
    EndTurn,
    Equip,
    KickDoor,
    LootRoom,
    Play,
    Roll,
    Sell,
    Trade,
    Unequip,
    Use,
)
from .content import ANY_TIME
from .hooks import HOOKS, Hook, hook_of
from .phases import (
    AFTER,
    ANSWER,
    BRIBE,
    CHARITY,
    COUNTER,
    END,
    END_COMBAT,
    ENHANCE,
    GIVE,
    HAUL_REST,
    LOOT_BODY,
    LOOT_END,
    OVER,
    REVEAL,
    REWARD,
    RUN,
    SETUP,
    SHARE,
    START,
    W_COMBAT,
    W_END,
    W_REVEAL,
    W_ROLL,
    WANDER,
)
from .phases import LOOT as LOOT_PHASE
from .phases import (
    SELL as SELL_FRAME,
)
from .phases import (
    TRADE as TRADE_FRAME,
)

if TYPE_CHECKING:
    from .state import MunchkinState

WINDOW_CONTEXT = {W_REVEAL: "any", W_END: "any", W_COMBAT: "combat", W_ROLL: "roll"}
_DEFAULTS = (KICK, LOOT, END_TURN, ROLL, DECLINE, CANCEL, BEGIN[0])


# ----- turns ------------------------------------------------------------------------------


def start_turn(s: MunchkinState, seat: int) -> None:
    """Begin `seat`'s turn: the dead come back; a player back from the dead draws a new
    start hand face down. The safety limit `max_turns` ends the game first."""
    if s.turn_number >= s.options["max_turns"]:
        s.finish(True)
        return
    n = s.num_players
    s.turn = seat
    s.turn_number += 1
    s.phase = START
    s.fought = 0
    s.drawn = 0
    s.sale_bonus_used = 0
    s.sales = 0
    s.toggled = []
    s.dead = [0] * n
    s.charity_got = [0] * n
    used = s.uses
    s.uses = [x for j in range(0, len(used), 4) if used[j + 3] != 1 for x in used[j : j + 4]]
    for occasion in {o.occasion for o in s.offers}:
        s.offers.clear(occasion)
    s.log("turn", seat=seat, number=s.turn_number)
    if s.fresh[seat]:
        s.fresh[seat] = 0
        rules = s.CS.rules
        zones.draw(s, seat, 0, rules.start_doors, False)
        zones.draw(s, seat, 1, rules.start_treasures, False)


def kick(s: MunchkinState, from_discard: bool = False) -> None:
    """Kick open the door: the top Door card (or the Door discard pile's, for a Cleric)
    is revealed."""
    drawn = [s.door_discard.pop()] if from_discard else zones.draw_cards(s, 0, 1)
    if not drawn:
        s.log("no_door", seat=s.turn)
        s.phase = LOOT_PHASE
        return
    card = drawn[0]
    s.log("kick", seat=s.turn, card=card, discard=from_discard)
    if s.CS.kind[card] == "monster":
        combat.start(s, card)
    else:
        s.door_card = card
        s.limbo.append(card)
        s.phase = REVEAL
        combat.open_window(s, W_REVEAL)


def _close_reveal(s: MunchkinState) -> None:
    card, s.door_card = s.door_card, -1
    s.phase = LOOT_PHASE
    if s.CS.kind[card] == "curse":
        effects.curse_at(s, card, s.turn, s.turn)
    else:
        s.limbo.remove(card)
        zones.to_hand_public(s, s.turn, card)


def _close_end(s: MunchkinState) -> None:
    start_turn(s, (s.turn + 1) % s.num_players)


CLOSE = {
    W_REVEAL: _close_reveal,
    W_COMBAT: combat.resolve,
    W_ROLL: combat.resolve_roll,
    W_END: _close_end,
}


AUTOMATIC = {
    effects.OPS: effects.step,
    REWARD: combat.reward,
    END_COMBAT: combat.end,
    LOOT_END: combat.loot_end,
    HAUL_REST: combat.haul_rest,
}


def settle(s: MunchkinState) -> None:
    """Run what is automatic until someone must choose, or the game is over."""
    stack = s.stack
    while s.phase != OVER:
        if stack:
            top = stack.top
            auto = AUTOMATIC.get(top.kind)
            if auto is not None:
                stack.pop()
                auto(s, top)
                continue
            options = choices(s, top)
            if options:  # the chooser's legal actions: keep them for this move
                s._legal_list, s._legal_key = options, (top.seat, len(s.history))
                return
            stack.pop()  # nothing to choose from: the step does nothing
            continue
        window = s.window
        if window is not None:
            if window.waiting and (s.window_kind != W_COMBAT or s.monsters):
                return
            kind = s.window_kind
            s.window, s.window_kind = None, ""
            CLOSE[kind](s)
            continue
        phase = s.phase
        if phase == SETUP:
            if not all(s.ready):
                return
            start_turn(s, s.turn)
        elif phase == RUN:
            if not _run_advance(s):
                return
        elif phase == CHARITY:
            if len(s.hands[s.turn]) > character.hand_limit(s, s.turn):
                return
            s.phase = END
            combat.open_window(s, W_END)
        elif phase in (START, LOOT_PHASE, AFTER) and s.dead[s.turn]:
            s.phase = CHARITY
        else:
            return


def _run_advance(s: MunchkinState) -> bool:
    """Move the run on; False when a runner or the fighter must choose."""
    if s.run_mon >= 0:
        s.runners = [p for p in s.runners if not s.dead[p] and p not in s.escaped]
        if not s.runners:
            s.run_left.remove(s.run_mon)
            s.run_mon = -1
            return True
        seat = s.runners[0]
        if combat.auto_escape(s, seat, s.run_mon):
            s.runners.pop(0)
            s.log("escape", seat=seat, monster=s.run_mon, auto=True)
            return True
        return False
    if s.run_left:
        if len(s.run_left) == 1 or s.dead[s.turn]:
            combat.flee_from(s, 0)
            return True
        return False
    combat.end(s)
    return True


def actors(s: MunchkinState) -> tuple[int, ...]:
    if s.phase == OVER:
        return ()
    if s.stack:
        return (s.stack.actor,)
    if s.window is not None:
        return s.window.waiting
    if s.phase == SETUP:
        return tuple(p for p in range(s.num_players) if not s.ready[p])
    if s.phase == RUN and s.run_mon >= 0:
        return (s.runners[0],)
    return (s.turn,)


# ----- what may be played -----------------------------------------------------------------


def role_ok(s: MunchkinState, seat: int, role: str, ctx: str) -> bool:
    if role == "any":
        return True
    fighting = bool(s.monsters)
    if role == "fighter":
        return fighting and seat == s.turn
    if role == "helper":
        return fighting and seat == s.helper
    if role == "combatant":
        return fighting and seat in (s.turn, s.helper)
    if role == "runner":
        if ctx == "run":
            return bool(s.runners) and seat == s.runners[0]
        return ctx == "roll" and seat == s.roll_seat
    return not (fighting and seat in (s.turn, s.helper))  # "other"


def usable(s: MunchkinState, seat: int, card: int, k: int, ctx: str, in_hand: bool) -> bool:
    """Whether `seat` may use ability `k` of `card` now (from hand: a one-shot)."""
    ability = s.CS.cards[card].uses[k]
    timing = ability.timing
    if timing == "any":
        if ctx not in ANY_TIME:
            return False
    elif timing != ctx:
        return False
    if not role_ok(s, seat, ability.role, ctx):
        return False
    if ability.limit and not ability.per_target and effects.uses_of(s, card, k) >= ability.limit:
        return False
    hand = len(s.hands[seat]) - in_hand
    if ability.discard > hand or (ability.discard_hand and hand < ability.discard_hand):
        return False
    if ability.lose_level and s.level[seat] <= ability.lose_level:
        return False
    if ability.when is not None and not character.player_meets(s, seat, ability.when):
        return False
    first = ability.ops[0]
    if ability.per_target and not effects.targets(s, card, ability.code, first.to):
        return False
    hook = HOOKS.get(first.hook) if first.hook is not None else None
    return _feasible(s, seat, first.op, first.to, ctx, hook)


def _feasible(s: MunchkinState, seat: int, op: str, to: str, ctx: str, hook: Hook | None) -> bool:
    """Whether an ability's first operation has something to act on."""
    if op == "gain_level":
        return to != "subject" or s.level[seat] < s.CS.rules.max_level - 1
    if op == "cancel_curse":
        return ctx == "curse" or bool(effects.persistent_curses(s, seat))
    if op == "escape":
        return ctx == "run"
    if op == "set_roll":
        return s.roll >= 0
    if op == "reroll":
        return combat.failing(s)
    if op in ("combat_bonus", "remove_monster", "defeat_monster", "add_monster", "run_bonus"):
        return bool(s.monsters)
    if hook is not None and hook.feasible is not None:
        return hook.feasible(s, seat)
    return True


def can_play(s: MunchkinState, seat: int, card: int, ctx: str) -> bool:
    """Whether `seat` may play `card` from hand in this context."""
    cs = s.CS
    c = cs.cards[card]
    kind = c.kind
    if kind == "oneshot":  # used if it can be now, else carried into play
        return (ctx != "setup" and usable(s, seat, card, 0, ctx, True)) or ctx in ("own", "setup")
    if kind == "levelup":
        return ctx != "setup" and usable(s, seat, card, 0, ctx, True)
    if kind == "curse":
        return ctx in ANY_TIME
    if kind in ("class", "race"):
        if ctx not in ("own", "setup"):
            return False
        have = character.traits(s, seat, kind)
        return len(have) < character.max_traits(s, seat, kind) and all(
            cs.cards[h].trait != c.trait for h in have
        )
    if kind in ("half_breed", "super_munchkin", "item"):
        if ctx not in ("own", "setup"):
            return False
        if kind == "item":
            return not c.big or character.big_count(s, seat) < character.big_limit(s, seat)
        return all(cs.kind[h] != kind for h in s.table[seat])
    if kind == "follower":
        followers = sum(1 for h in s.table[seat] if cs.kind[h] == "follower")
        return ctx != "run" and ctx != "curse" and followers < cs.rules.max_followers
    if ctx != "combat":
        return False
    if kind == "enhancer":
        return bool(s.monsters)
    if not combat.room_for_monster(s):
        return False
    if kind == "wandering":
        return any(cs.kind[h] == "monster" for h in s.hands[seat])
    # a monster joins a fight with another of its kind (the ruleset's `joins`: undead)
    tags = cs.join_tags[card]
    return bool(tags) and any(tags & cs.cards[m].tags for m in s.monsters)


def _plays(s: MunchkinState, seat: int, ctx: str) -> list[Action]:
    play, maybe = s.A.play, s.CS.maybe_play[ctx]
    return [play[c] for c in s.hands[seat] if maybe[c] and can_play(s, seat, c, ctx)]


def _uses(s: MunchkinState, seat: int, ctx: str) -> list[Action]:
    kinds, use, maybe = s.CS.kind, s.A.use, s.CS.maybe_use[ctx]
    out: list[Action] = []
    able = [c for c in s.table[seat] if maybe[c]]
    if not able:
        return out
    active = character.active(s, seat)
    for c in able:
        if c not in active and kinds[c] != "oneshot":
            continue
        for k in maybe[c]:
            if usable(s, seat, c, k, ctx, False):
                out.append(use[c, k])
    return out


def _drops(s: MunchkinState, seat: int) -> list[Action]:
    discard = s.A.discard
    return [discard[c] for c in s.table[seat] if discard[c] is not None]


def window_actions(s: MunchkinState, seat: int) -> list[Action]:
    ctx = WINDOW_CONTEXT[s.window_kind]
    out: list[Action] = [PASS, *_plays(s, seat, ctx), *_uses(s, seat, ctx), *_drops(s, seat)]
    if ctx == "combat" and seat == s.turn and s.helper < 0:
        occasion = s.combat_no
        out += [
            ASK[p]
            for p in range(s.num_players)
            if p != seat and not s.dead[p] and s.offers.can_ask(p, occasion)
        ]
    return out


def own_actions(s: MunchkinState, seat: int) -> list[Action]:
    """What the turn's player may do on their own turn outside combat."""
    a, cards = s.A, s.CS.cards
    out = [*_plays(s, seat, "own"), *_uses(s, seat, "own"), *_drops(s, seat)]
    for c in s.table[seat]:
        card = cards[c]
        if card.kind != "item" or card.slot == "none" or c in s.toggled:
            continue
        if c not in s.unequipped:
            out.append(a.unequip[c])
        elif character.can_equip(s, seat, c):
            out.append(a.equip[c])
    if deals.can_sell(s, seat):
        out.append(SELL)
    out += [TRADE[p] for p in deals.trade_partners(s, seat)]
    return out


def legal(s: MunchkinState, seat: int) -> list[Action]:
    """The actions of a seat known to be in `actors`."""
    if s.stack:
        return choices(s, s.stack.top)
    if s.window is not None:
        return window_actions(s, seat)
    phase = s.phase
    if phase == SETUP:
        return [*_plays(s, seat, "setup"), *BEGIN]
    if phase == RUN:
        if s.run_mon < 0:
            return list(CHOOSE_MONSTER[: len(s.run_left)])
        return [ROLL, *_plays(s, seat, "run"), *_uses(s, seat, "run")]
    if phase == CHARITY:
        pick = s.A.pick
        return [pick[c] for c in s.hands[seat]]
    out = own_actions(s, seat)
    if phase == START:
        out.append(KICK)
    elif phase == LOOT_PHASE:
        play = s.A.play
        out += [play[c] for c in s.hands[seat] if s.CS.kind[c] == "monster"]
        out.append(LOOT)
    else:
        out.append(END_TURN)
    return out


def choices(s: MunchkinState, frame: Frame) -> list[Action]:
    """The actions that resolve a choice frame (empty: nothing to choose from)."""
    kind = frame.kind
    a = s.A
    if kind == effects.LOSE:
        return [a.pick[c] for c in effects.lose_candidates(s, frame)]
    if kind in (effects.AIM_SEAT, effects.CURSE_TARGET):
        return [CHOOSE_SEAT[p] for p in effects.living(s)]
    if kind == effects.CURSE:
        seat = frame.seat
        return [PASS, *_plays(s, seat, "curse"), *_uses(s, seat, "curse")]
    if kind == effects.AIM:
        monsters = s.monsters
        return [
            CHOOSE_SEAT[t] if k == 0 else CHOOSE_MONSTER[monsters.index(t)]
            for k, t in effects.aim_options(s, frame)
        ]
    if kind in (effects.AIM_MONSTER, ENHANCE):
        return list(CHOOSE_MONSTER[: len(s.monsters)])
    if kind == effects.COST:
        return [a.pick[c] for c in s.hands[frame.seat]]
    if kind == effects.VALUE:
        return list(CHOOSE_VALUE[1:])
    if kind == WANDER:
        kinds = s.CS.kind
        return [a.pick[c] for c in s.hands[frame.seat] if kinds[c] == "monster"]
    if kind == GIVE:
        return [CHOOSE_SEAT[p] for p in deals.charity_targets(s, frame.seat)]
    if kind == LOOT_BODY:
        return [a.pick[c] for c in s.body]
    if kind == SHARE:
        return [a.pick[c] for c in s.haul]
    if kind in (BRIBE, COUNTER):
        return deals.bribe_choices(s, frame)
    if kind == ANSWER:
        return deals.answer_choices(s, frame)
    if kind == TRADE_FRAME:
        return deals.trade_choices(s, frame)
    if kind == SELL_FRAME:
        return deals.sell_choices(s, frame)
    hook = hook_of(kind)
    if hook is None or hook.choices is None:
        raise AssertionError(f"unknown frame {kind!r}")
    return hook.choices(s, frame)


def default_action(s: MunchkinState, seat: int, legal: list[Action]) -> Action:
    """A missed deadline's move outside a window: kick the door, loot, end the turn,
    roll, decline, drop what is being built, begin; else the first choice."""
    return next((a for a in _DEFAULTS if a in legal), legal[0])


# ----- carrying out actions ---------------------------------------------------------------


def act(s: MunchkinState, seat: int, action: Action) -> None:
    """Carry out a legal action of an acting seat."""
    if s.stack:
        _choose(s, seat, s.stack.pop(), action)
    elif s.window is not None:
        if action is PASS:
            window = s.window
            window.passed(seat)
            if window.waiting and (s.monsters or s.window_kind != W_COMBAT):
                return  # the window stays open: nothing to settle
        elif type(action) is Ask:
            deals.ask(s, seat, action.seat)
        else:
            s.window.played(seat)
            _play(s, seat, action, WINDOW_CONTEXT[s.window_kind])
    else:
        _phase_act(s, seat, action)
    settle(s)


def _phase_act(s: MunchkinState, seat: int, action: Action) -> None:
    kind = type(action)
    phase = s.phase
    if phase == SETUP:
        if kind is Begin:
            s.sex[seat] = action.sex
            s.ready[seat] = 1
            s.log("begin", seat=seat, sex=action.sex)
        else:
            _play(s, seat, action, "setup")
    elif phase == CHARITY:
        deals.give(s, seat, action.card)
    elif phase == RUN:
        if kind is ChooseMonster:
            combat.flee_from(s, action.index)
        elif kind is Roll:
            combat.roll(s, seat)
        else:
            _play(s, seat, action, "run")
    elif kind is KickDoor:
        kick(s)
    elif kind is LootRoom:
        zones.draw(s, seat, 0, 1, False)
        s.phase = AFTER
    elif kind is EndTurn:
        s.phase = CHARITY
        s.log("end_turn", seat=seat)
    elif kind is Play and phase == LOOT_PHASE and s.CS.kind[action.card] == "monster":
        zones.from_hand(s, seat, action.card)
        s.log("trouble", seat=seat, card=action.card)
        combat.start(s, action.card)
    elif kind is Equip:
        s.unequipped.remove(action.card)
        s.toggled.append(action.card)
        s.log("equip", seat=seat, card=action.card)
    elif kind is Unequip:
        s.unequipped.append(action.card)
        s.toggled.append(action.card)
        s.log("unequip", seat=seat, card=action.card)
    elif kind is Sell:
        s.sales += 1
        s.stack.push(Frame(SELL_FRAME, seat, ()))
    elif kind is Trade:
        s.stack.push(Frame(TRADE_FRAME, seat, (action.seat,)))
    else:
        _play(s, seat, action, "own")


def _play(s: MunchkinState, seat: int, action: Action, ctx: str) -> None:
    """A card played from hand, an ability used, or a card discarded from play."""
    kind = type(action)
    if kind is Use:
        effects.activate(s, seat, action.card, action.ability, False)
        return
    if kind is Discard:
        zones.discard_from_play(s, seat, action.card)
        s.log("drop", seat=seat, card=action.card)
        return
    assert kind is Play
    card = action.card
    c = s.CS.cards[card]
    if c.kind == "levelup" or (
        c.kind == "oneshot" and ctx != "setup" and usable(s, seat, card, 0, ctx, True)
    ):
        effects.activate(s, seat, card, 0, True)
        return
    zones.from_hand(s, seat, card)
    s.log("play", seat=seat, card=card)
    if c.kind == "curse":
        s.limbo.append(card)
        s.stack.push(Frame(effects.CURSE_TARGET, seat, (card,)))
    elif c.kind == "enhancer":
        if len(s.monsters) == 1:
            _attach(s, card, s.monsters[0])
        else:
            s.limbo.append(card)
            s.stack.push(Frame(ENHANCE, seat, (card,)))
    elif c.kind == "wandering":
        s.limbo.append(card)
        s.stack.push(Frame(WANDER, seat, (card,)))
    elif c.kind == "monster":
        combat.add_monster(s, card, seat)
    else:
        zones.enter_play(s, seat, card)


def _attach(s: MunchkinState, card: int, monster: int) -> None:
    s.enh += [card, monster]
    s.log("enhance", card=card, monster=monster)


def _choose(s: MunchkinState, seat: int, frame: Frame, action: Action) -> None:
    """Resolve a choice frame (already popped) with `seat`'s action."""
    kind = frame.kind
    if kind == effects.LOSE:
        effects.lose_picked(s, frame, action.card)
    elif kind == effects.COST:
        effects.cost_picked(s, frame, action.card)
    elif kind == effects.CURSE_TARGET:
        effects.curse_at(s, int(frame.args[0]), action.seat, seat)
    elif kind == effects.CURSE:
        if action is PASS:
            effects.curse_hits(s, int(frame.args[0]), seat)
        else:
            effects.cancel(s, frame)
            _play(s, seat, action, "curse")
    elif kind == effects.AIM:
        if type(action) is ChooseSeat:
            effects.aimed(s, frame, (0, action.seat))
        else:
            effects.aimed(s, frame, (1, s.monsters[action.index]))
    elif kind == effects.AIM_SEAT:
        card, code, i, _ = frame.args
        op = s.CS.cards[card].op_lists[code][i]
        effects.on_seat(s, op, card, code, i, action.seat)
    elif kind == effects.AIM_MONSTER:
        effects.aimed_monster(s, frame, s.monsters[action.index])
    elif kind == effects.VALUE:
        s.roll = action.value
        s.log("set_roll", seat=seat, card=frame.args[0], value=action.value)
    elif kind == ENHANCE:
        card = int(frame.args[0])
        s.limbo.remove(card)
        _attach(s, card, s.monsters[action.index])
    elif kind == WANDER:
        card = int(frame.args[0])
        s.limbo.remove(card)
        zones.discard(s, card)
        zones.from_hand(s, seat, action.card)
        combat.add_monster(s, action.card, seat)
    elif kind == GIVE:
        deals.gift(s, seat, int(frame.args[0]), action.seat)
    elif kind == LOOT_BODY:
        combat.loot(s, seat, action.card)
    elif kind == SHARE:
        combat.take_haul(s, seat, action.card)
        if frame.args[0] > 1:
            s.stack.push(Frame(SHARE, seat, (frame.args[0] - 1,)))
    elif kind in (BRIBE, COUNTER):
        deals.bribe_step(s, frame, action)
    elif kind == ANSWER:
        deals.answer(s, frame, action)
    elif kind == TRADE_FRAME:
        deals.trade_edit(s, frame, action)
    elif kind == SELL_FRAME:
        deals.sell_edit(s, frame, action)
    else:
        hook = hook_of(kind)
        assert hook is not None and hook.resolve is not None
        hook.resolve(s, frame, action)
