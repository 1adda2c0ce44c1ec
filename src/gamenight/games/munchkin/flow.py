"""The turn: who acts, what they may do, and how play moves on.

Who acts, in order of precedence: the top frame of the decision stack (a choice: a
target, a card to lose, an answer to an offer...); else the seats waiting in the open
window; else the phase's actor (every seat not ready in the set-up, the runner in a run,
the turn's player otherwise). `settle` runs everything automatic (operation frames,
closed windows, phase changes) until someone must choose.

Contexts of a play (`content.Context`): ``setup`` (start hands), ``own`` (the turn's
player outside combat, no window open), ``any`` (the windows on a revealed door and at
the end of the turn), ``combat`` and ``roll`` (their windows), ``run`` (a runner about to
roll) and ``curse`` (the victim of a curse, before it acts). Cards usable "at any time"
are usable in ``own``, ``any``, ``combat`` and ``roll``: between windows they wait for
the next one.
"""

from __future__ import annotations

from collections.abc import Callable

from gamenight.kernel import PASS, Action, Frame

from . import character, combat, deals, effects, losses, zones
from .actions import (
    ASK,
    BEGIN,
    CANCEL,
    CHOOSE_MONSTER,
    CHOOSE_SEAT,
    CHOOSE_VALUE,
    DECLINE,
    DONE,
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
    ChooseValue,
    Discard,
    Done,
    EndTurn,
    Equip,
    KickDoor,
    LootRoom,
    Pick,
    Play,
    Roll,
    Sell,
    Trade,
    Unequip,
    Use,
)
from .content import (
    ANY_TIME,
    OWN_TIME,
    CardKind,
    Context,
    HookName,
    Op,
    OpKind,
    Role,
    Slot,
    Target,
)
from .hooks import HOOKS, Hook, hook_of
from .model import (
    BeginData,
    EnhanceData,
    EscapeData,
    EventKind,
    FrameKind,
    MunchkinModel,
    Phase,
    RollChangeData,
    SeatCardData,
    SeatData,
    Setup,
    TurnData,
    WindowKind,
    ints,
    removed,
    with_seat,
)

# Bound once: the turn's functions compare them at every step of every game.
SETUP, START, RUN, CHARITY, AFTER, OVER = (
    Phase.SETUP,
    Phase.START,
    Phase.RUN,
    Phase.CHARITY,
    Phase.AFTER,
    Phase.OVER,
)
LOOT_PHASE = Phase.LOOT
READY = Setup.READY
W_COMBAT = WindowKind.COMBAT
SETUP_CTX, OWN, ANY_CTX, COMBAT, ROLL_CTX, RUN_CTX, CURSE_CTX = (
    Context.SETUP,
    Context.OWN,
    Context.ANY,
    Context.COMBAT,
    Context.ROLL,
    Context.RUN,
    Context.CURSE,
)
ITEM, MONSTER, ONESHOT = CardKind.ITEM, CardKind.MONSTER, CardKind.ONESHOT

WINDOW_CONTEXT = {
    WindowKind.REVEAL: Context.ANY,
    WindowKind.END: Context.ANY,
    WindowKind.COMBAT: Context.COMBAT,
    WindowKind.ROLL: Context.ROLL,
}
QUIET = (Equip, Unequip, Trade)  # plays in a window that do not re-open it
_DEFAULTS = (KICK, LOOT, END_TURN, ROLL, DECLINE, CANCEL, BEGIN[0], DONE)


# ----- turns ------------------------------------------------------------------------------


def deal_start_hand(s: MunchkinModel, seat: int) -> None:
    """`seat` draws the start hand face down (at the start, and back from the dead): the
    ruleset's, or its fast-play one under the ``fast_play`` option."""
    rules = s.CS.rules
    if rules.fast_start and s.options["fast_play"]:
        doors = treasures = rules.fast_start
    else:
        doors, treasures = rules.start_doors, rules.start_treasures
    zones.draw(s, seat, 0, doors, False)
    zones.draw(s, seat, 1, treasures, False)


def start_turn(s: MunchkinModel, seat: int) -> None:
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
    s.turn_actions = 0
    s.toggled = s.trades = ()
    s.dead = s.charity_got = (0,) * n
    used = s.uses
    s.uses = tuple(x for j in range(0, len(used), 4) if used[j + 3] != 1 for x in used[j : j + 4])
    for occasion in {o.occasion for o in s.offers}:
        s.offers.clear(occasion)
    s.log(EventKind.TURN, **TurnData(seat=seat, number=s.turn_number))
    if s.fresh[seat]:
        s.fresh = with_seat(s.fresh, seat, 0)
        deal_start_hand(s, seat)


def _close_reveal(s: MunchkinModel) -> None:
    card, s.door_card = s.door_card, -1
    s.phase = LOOT_PHASE
    if s.CS.kind[card] != CardKind.CURSE:  # a curse acted when it was kicked open
        s.limbo = removed(s.limbo, card)
        zones.to_hand_public(s, s.turn, card)


def _close_end(s: MunchkinModel) -> None:
    start_turn(s, (s.turn + 1) % s.num_players)


CLOSE: dict[str, Callable[[MunchkinModel], None]] = {
    WindowKind.REVEAL: _close_reveal,
    WindowKind.COMBAT: combat.resolve,
    WindowKind.ROLL: combat.resolve_roll,
    WindowKind.END: _close_end,
}


AUTOMATIC: dict[str, Callable[[MunchkinModel, Frame], None]] = {
    FrameKind.OPS: effects.step,
    FrameKind.REWARD: combat.reward,
    FrameKind.HAUL: combat.haul,
    FrameKind.END_COMBAT: combat.end,
    FrameKind.LOOT_END: combat.loot_end,
    FrameKind.HAUL_REST: combat.haul_rest,
}


def settle(s: MunchkinModel) -> None:
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
            s.window, s.window_kind = None, WindowKind.NONE
            CLOSE[kind](s)
            continue
        phase = s.phase
        if phase == SETUP:
            if any(step != READY for step in s.ready):
                return
            start_turn(s, s.turn)
        elif phase == RUN:
            if not _run_advance(s):
                return
        elif phase == CHARITY:
            if len(s.hands[s.turn]) > character.hand_limit(s, s.turn):
                return
            s.phase = Phase.END
            combat.open_window(s, WindowKind.END)
        elif phase in (START, LOOT_PHASE, AFTER) and s.dead[s.turn]:
            s.phase = CHARITY
        else:
            return


def _run_advance(s: MunchkinModel) -> bool:
    """Move the run on; False when a runner or the fighter must choose."""
    if s.run_mon >= 0:
        s.runners = tuple(p for p in s.runners if not s.dead[p] and p not in s.escaped)
        if not s.runners:
            s.run_left = removed(s.run_left, s.run_mon)
            s.run_mon = -1
            return True
        seat = s.runners[0]
        if combat.auto_escape(s, seat, s.run_mon):
            s.runners = s.runners[1:]
            s.log(EventKind.ESCAPE, **EscapeData(seat=seat, monster=s.run_mon, auto=True))
            return True
        return False
    if s.run_left:
        if len(set(s.run_left)) == 1 or s.dead[s.turn]:
            combat.flee_from(s, 0)
            return True
        return False
    combat.end(s)
    return True


def actors(s: MunchkinModel) -> tuple[int, ...]:
    """The seats that may act now (`MunchkinState.actors`)."""
    if s.phase == OVER:
        return ()
    if s.stack:
        return (s.stack.actor,)
    if s.window is not None:
        return s.window.waiting
    if s.phase == SETUP:
        return tuple(p for p in range(s.num_players) if s.ready[p] != READY)
    if s.phase == RUN and s.run_mon >= 0:
        return (s.runners[0],)
    return (s.turn,)


# ----- what may be played -----------------------------------------------------------------


def role_ok(s: MunchkinModel, seat: int, role: Role, ctx: Context) -> bool:
    """Whether `seat` plays `role` in the fight now (an ability's condition of use)."""
    if role == Role.ANY:
        return True
    fighting = bool(s.monsters)
    if role == Role.FIGHTER:
        return fighting and seat == s.turn
    if role == Role.HELPER:
        return fighting and seat == s.helper
    if role == Role.COMBATANT:
        return fighting and seat in (s.turn, s.helper)
    if role == Role.RUNNER:
        if ctx == RUN_CTX:
            return bool(s.runners) and seat == s.runners[0]
        return ctx == ROLL_CTX and seat == s.roll_seat
    return not (fighting and seat in (s.turn, s.helper))  # Role.OTHER


def usable(s: MunchkinModel, seat: int, card: int, k: int, ctx: Context, in_hand: bool) -> bool:
    """Whether `seat` may use ability `k` of `card` now (from hand: a one-shot)."""
    ability = s.CS.cards[card].uses[k]
    if not ability.fits(ctx):
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
    return _feasible(s, seat, first, ctx, hook)


MONSTER_FIGHT_OPS = (
    OpKind.COMBAT_BONUS,
    OpKind.REMOVE_MONSTER,
    OpKind.DEFEAT_MONSTER,
    OpKind.ADD_MONSTER,
    OpKind.RUN_BONUS,
)


def _feasible(s: MunchkinModel, seat: int, first: Op, ctx: Context, hook: Hook | None) -> bool:
    """Whether an ability's first operation has something to act on."""
    op, to = first.op, first.to
    if op == OpKind.GAIN_LEVEL:
        return to != Target.SUBJECT or s.level[seat] < s.CS.rules.max_level - 1
    if op == OpKind.CANCEL_CURSE:
        return ctx == CURSE_CTX or bool(effects.persistent_curses(s, seat))
    if op == OpKind.ESCAPE:
        return ctx == RUN_CTX
    if op == OpKind.SET_ROLL:
        return s.roll >= 0
    if op == OpKind.REROLL:
        return combat.failing(s)
    if op in MONSTER_FIGHT_OPS:
        return bool(s.monsters if first.to != Target.MONSTER else effects.aimable(s, first))
    if hook is not None and hook.feasible is not None:
        return hook.feasible(s, seat)
    return True


def can_play(s: MunchkinModel, seat: int, card: int, ctx: Context) -> bool:
    """Whether `seat` may play `card` from hand in this context."""
    cs = s.CS
    c = cs.cards[card]
    kind = c.kind
    if kind == ONESHOT:  # used if it can be now, else carried into play
        return (ctx != SETUP_CTX and usable(s, seat, card, 0, ctx, True)) or ctx in OWN_TIME
    if kind == CardKind.LEVELUP:
        return ctx != SETUP_CTX and usable(s, seat, card, 0, ctx, True)
    if kind == CardKind.CURSE:
        return ctx in ANY_TIME
    if kind in (CardKind.CLASS, CardKind.RACE):
        if not _character_time(s, seat, ctx):
            return False
        have = character.traits(s, seat, kind)
        return len(have) < character.max_traits(s, seat, kind) and all(
            cs.cards[h].trait != c.trait for h in have
        )
    if kind == ITEM and ctx == COMBAT and c.given_use >= 0:  # given from hand
        return usable(s, seat, card, c.given_use, ctx, True)
    if kind in (CardKind.HALF_BREED, CardKind.SUPER_MUNCHKIN, ITEM):
        if not (ctx in OWN_TIME if kind == ITEM else _character_time(s, seat, ctx)):
            return False
        if kind == ITEM:
            return not c.big or character.big_count(s, seat) < character.big_limit(s, seat)
        bound = kind == CardKind.SUPER_MUNCHKIN and cs.rules.extra_class_bound
        if bound and not character.traits(s, seat, CardKind.CLASS):
            return False  # it joins a class in play
        return all(cs.kind[h] != kind for h in s.table[seat])
    if kind == CardKind.FOLLOWER:
        followers = sum(1 for h in s.table[seat] if cs.kind[h] == CardKind.FOLLOWER)
        return ctx != RUN_CTX and ctx != CURSE_CTX and followers < cs.rules.max_followers
    if kind == CardKind.ENHANCER and ctx in (OWN, ANY_CTX):
        return cs.rules.enhance_followers and character.bare_followers(s, seat) > 0
    if ctx != COMBAT:
        return False
    if kind == CardKind.ENHANCER:
        return bool(s.monsters)
    if not combat.room_for_monster(s):
        return False
    if kind == CardKind.WANDERING:
        return any(cs.kind[h] == MONSTER for h in s.hands[seat])
    # a monster joins a fight with another of its kind (the ruleset's `joins`: undead)
    tags = cs.join_tags[card]
    return bool(tags) and any(tags & cs.cards[m].tags for m in s.monsters)


def _character_time(s: MunchkinModel, seat: int, ctx: Context) -> bool:
    """Whether `seat` may put a class, race or style, Half-Breed or Super Munchkin card
    into play now: on its own turn outside combat (or in the set-up), or at any moment of
    its turn but a curse's answer where the ruleset's `character_all_turn` says so."""
    if ctx in OWN_TIME:
        return True
    return s.CS.rules.character_all_turn and seat == s.turn and ctx != CURSE_CTX


def _plays(s: MunchkinModel, seat: int, ctx: Context) -> list[Action]:
    play, maybe = s.A.play, s.CS.maybe_play[ctx]
    return [play[c] for c in s.hands[seat] if maybe[c] and can_play(s, seat, c, ctx)]


def _uses(s: MunchkinModel, seat: int, ctx: Context) -> list[Action]:
    kinds, use, maybe = s.CS.kind, s.A.use, s.CS.maybe_use[ctx]
    out: list[Action] = []
    able = [c for c in s.table[seat] if maybe[c]]
    if not able:
        return out
    active = character.active(s, seat)
    for c in able:
        if c not in active and kinds[c] != ONESHOT:
            continue
        for k in maybe[c]:
            if usable(s, seat, c, k, ctx, False):
                out.append(use[c, k])
    return out


def _resurrections(s: MunchkinModel, seat: int) -> list[Action]:
    """The abilities `seat` may use to take a discard pile's top card instead of a
    face-up draw (the Cleric's)."""
    cards, use = s.CS.cards, s.A.use
    return [
        use[c, k]
        for c in character.active(s, seat)
        for k, ability in enumerate(cards[c].uses)
        if ability.ops
        and ability.ops[0].hook == HookName.RESURRECT
        and usable(s, seat, c, k, OWN, False)
    ]


def _drops(s: MunchkinModel, seat: int) -> list[Action]:
    drop = s.A.discard
    return [drop[c] for c in s.table[seat] if c in drop]


def _equipment(s: MunchkinModel, seat: int) -> list[Action]:
    """Equip or unequip each item in play not toggled yet this turn."""
    a, cards, toggled, unequipped = s.A, s.CS.cards, s.toggled, s.unequipped
    out: list[Action] = []
    for c in s.table[seat]:
        card = cards[c]
        if card.kind != ITEM or card.slot == Slot.NONE or c in toggled:
            continue
        if c not in unequipped:
            out.append(a.unequip[c])
        elif character.can_equip(s, seat, c):
            out.append(a.equip[c])
    return out


def window_actions(s: MunchkinModel, seat: int) -> list[Action]:
    """What `seat` may do in the open window: pass, play, use, drop; outside combat and
    running away, equip and trade; the fighter may ask for help."""
    ctx = WINDOW_CONTEXT[s.window_kind]
    out: list[Action] = [PASS, *_plays(s, seat, ctx), *_uses(s, seat, ctx), *_drops(s, seat)]
    if ctx == ANY_CTX:
        out += _equipment(s, seat)
        out += [TRADE[p] for p in deals.trade_partners(s, seat)]
    elif ctx == COMBAT and seat == s.turn and s.helper < 0:
        occasion = s.combat_no
        out += [
            ASK[p]
            for p in range(s.num_players)
            if p != seat and not s.dead[p] and s.offers.can_ask(p, occasion)
        ]
    return out


def own_actions(s: MunchkinModel, seat: int) -> list[Action]:
    """What the turn's player may do on their own turn outside combat."""
    out = [*_plays(s, seat, OWN), *_uses(s, seat, OWN), *_drops(s, seat), *_equipment(s, seat)]
    if deals.can_sell(s, seat):
        out.append(SELL)
    out += [TRADE[p] for p in deals.trade_partners(s, seat)]
    return out


def legal(s: MunchkinModel, seat: int) -> list[Action]:
    """The actions of a seat known to be in `actors`."""
    if s.stack:
        return choices(s, s.stack.top)
    if s.window is not None:
        return window_actions(s, seat)
    phase = s.phase
    if phase == SETUP:
        if s.ready[seat] == Setup.SEX:
            return list(BEGIN)
        return [*_plays(s, seat, SETUP_CTX), DONE]
    if phase == RUN:
        if s.run_mon < 0:  # a monster and its copies are one choice
            left = s.run_left
            return [CHOOSE_MONSTER[k] for k, m in enumerate(left) if left.index(m) == k]
        return [ROLL, *_plays(s, seat, RUN_CTX), *_uses(s, seat, RUN_CTX)]
    if phase == CHARITY:
        pick = s.A.pick
        return [pick[c] for c in s.hands[seat]]
    out = own_actions(s, seat)
    if phase == START:
        out.append(KICK)
    elif phase == LOOT_PHASE:
        play, kinds = s.A.play, s.CS.kind
        out += [play[c] for c in s.hands[seat] if kinds[c] == MONSTER]
        out.append(LOOT)
    else:
        out.append(END_TURN)
    return out


def choices(s: MunchkinModel, frame: Frame) -> list[Action]:
    """The actions that resolve a choice frame (empty: nothing to choose from)."""
    kind = frame.kind
    a = s.A
    if kind == FrameKind.LOSE:
        return [a.pick[c] for c in effects.lose_candidates(s, frame)]
    if kind == FrameKind.KEEP:
        return [a.pick[c] for c in effects.keep_candidates(s, frame)]
    if kind == FrameKind.CLAIM:
        return deals.claim_choices(s, frame)
    if kind == FrameKind.REINFORCE:
        return combat.reinforcement_choices(s, frame)
    if kind == FrameKind.FACE_UP:
        taken = _resurrections(s, frame.seat)
        return [PASS, *taken] if taken else []
    if kind in (FrameKind.AIM_SEAT, FrameKind.CURSE_TARGET):
        return [CHOOSE_SEAT[p] for p in s.living()]
    if kind == FrameKind.CURSE:
        seat = frame.seat
        return [PASS, *_plays(s, seat, CURSE_CTX), *_uses(s, seat, CURSE_CTX)]
    if kind == FrameKind.AIM:
        monsters = s.monsters
        return [
            CHOOSE_SEAT[t] if k == 0 else CHOOSE_MONSTER[monsters.index(t)]
            for k, t in effects.aim_options(s, frame)
        ]
    if kind == FrameKind.AIM_MONSTER:
        card, code, i, _ = ints(frame)
        aims = effects.aimable(s, s.CS.cards[card].op_lists[code][i])
        return [CHOOSE_MONSTER[k] for k, m in enumerate(s.monsters) if m in aims]
    if kind == FrameKind.ENHANCE:
        return list(CHOOSE_MONSTER[: len(s.monsters)])
    if kind == FrameKind.COST:
        return [a.pick[c] for c in s.hands[frame.seat]]
    if kind == FrameKind.VALUE:
        return list(CHOOSE_VALUE.values())
    if kind == FrameKind.WANDER:
        kinds = s.CS.kind
        return [a.pick[c] for c in s.hands[frame.seat] if kinds[c] == MONSTER]
    if kind == FrameKind.GIVE:
        return [CHOOSE_SEAT[p] for p in deals.charity_targets(s, frame.seat)]
    if kind == FrameKind.LOOT_BODY:
        return [a.pick[c] for c in s.body]
    if kind == FrameKind.SHARE:
        return [a.pick[c] for c in s.haul]
    if kind in (FrameKind.BRIBE, FrameKind.COUNTER):
        return deals.bribe_choices(s, frame)
    if kind == FrameKind.ANSWER:
        return deals.answer_choices(s, frame)
    if kind in (FrameKind.TRADE, FrameKind.TRADE_COUNTER):
        return deals.trade_choices(s, frame)
    if kind == FrameKind.SELL:
        return deals.sell_choices(s, frame)
    hook = hook_of(kind)
    if hook is None or hook.choices is None:
        raise AssertionError(f"unknown frame {kind!r}")
    return hook.choices(s, frame)


def default_action(s: MunchkinModel, seat: int, legal: list[Action]) -> Action:
    """A missed deadline's move outside a window: kick the door, loot, end the turn,
    roll, decline, drop what is being built, begin as male, end the set-up; else the
    first choice."""
    return next((a for a in _DEFAULTS if a in legal), legal[0])


# ----- carrying out actions ---------------------------------------------------------------


def act(s: MunchkinModel, seat: int, action: Action) -> None:
    """Carry out a legal action of an acting seat. A turn that reaches the safety limit
    `max_turn_actions` ends the game (truncated)."""
    s.turn_actions += 1
    still_open = False  # a pass that leaves the window open: nothing to settle
    if s.stack:
        _choose(s, seat, s.stack.pop(), action)
    elif s.window is not None:
        if action is PASS:
            window = s.window
            window.passed(seat)
            still_open = bool(window.waiting) and (bool(s.monsters) or s.window_kind != W_COMBAT)
        elif type(action) is Ask:
            deals.ask(s, seat, action.seat)
        elif type(action) in QUIET:  # nothing in the window answers them
            _play(s, seat, action, WINDOW_CONTEXT[s.window_kind])
        else:
            s.window.played(seat)
            _play(s, seat, action, WINDOW_CONTEXT[s.window_kind])
    else:
        _phase_act(s, seat, action)
    if not still_open:
        settle(s)
    if s.turn_actions >= s.options["max_turn_actions"] and s.phase != OVER:
        s.finish(True)


def _phase_act(s: MunchkinModel, seat: int, action: Action) -> None:
    kind = type(action)
    phase = s.phase
    if phase == SETUP:
        if type(action) is Begin:  # the sex first, so that the start hand's items fit
            s.sex = with_seat(s.sex, seat, action.sex)
            s.ready = with_seat(s.ready, seat, Setup.HAND)
            s.log(EventKind.BEGIN, **BeginData(seat=seat, sex=action.sex))
        elif kind is Done:
            s.ready = with_seat(s.ready, seat, READY)
        else:
            _play(s, seat, action, SETUP_CTX)
    elif phase == CHARITY:
        assert type(action) is Pick, action  # `legal`
        deals.give(s, seat, action.card)
    elif phase == RUN:
        if type(action) is ChooseMonster:
            combat.flee_from(s, action.index)
        elif kind is Roll:
            combat.roll(s, seat)
        else:
            _play(s, seat, action, RUN_CTX)
    elif kind is KickDoor:
        combat.kick(s)
    elif kind is LootRoom:
        zones.draw(s, seat, 0, 1, False)
        s.phase = AFTER
    elif kind is EndTurn:
        s.phase = CHARITY
        s.log(EventKind.END_TURN, **SeatData(seat=seat))
    elif type(action) is Play and phase == LOOT_PHASE and s.CS.kind[action.card] == MONSTER:
        zones.from_hand(s, seat, action.card)
        s.log(EventKind.TROUBLE, **SeatCardData(seat=seat, card=action.card))
        combat.start(s, action.card)
    elif kind is Sell:
        s.sales += 1
        s.stack.push(Frame(FrameKind.SELL, seat, ()))
    else:
        _play(s, seat, action, OWN)


def _play(s: MunchkinModel, seat: int, action: Action, ctx: Context) -> None:
    """A card played from hand, an ability used, a card discarded from play, an item
    equipped or unequipped, or a trade begun."""
    answer = ctx == CURSE_CTX  # the curse frame cancelled the curse (`effects.activate`)
    if type(action) is Use:
        effects.activate(s, seat, action.card, action.ability, False, answer)
        return
    if type(action) is Discard:
        zones.discard_from_play(s, seat, action.card)
        s.log(EventKind.DROP, **SeatCardData(seat=seat, card=action.card))
        return
    if type(action) is Equip:
        s.unequipped = removed(s.unequipped, action.card)
        s.toggled += (action.card,)
        s.log(EventKind.EQUIP, **SeatCardData(seat=seat, card=action.card))
        return
    if type(action) is Unequip:
        s.unequipped += (action.card,)
        s.toggled += (action.card,)
        s.log(EventKind.UNEQUIP, **SeatCardData(seat=seat, card=action.card))
        return
    if type(action) is Trade:
        s.trades += (seat, action.seat)
        s.stack.push(Frame(FrameKind.TRADE, seat, (action.seat,)))
        return
    assert type(action) is Play, action  # `legal`
    card = action.card
    kind = s.CS.cards[card].kind
    if kind == CardKind.LEVELUP or (
        kind == ONESHOT and ctx != SETUP_CTX and usable(s, seat, card, 0, ctx, True)
    ):
        effects.activate(s, seat, card, 0, True, answer)
        return
    if kind == ITEM and ctx == COMBAT:  # an item given away from hand (`can_play`)
        effects.activate(s, seat, card, s.CS.cards[card].given_use, True)
        return
    zones.from_hand(s, seat, card)
    s.log(EventKind.PLAY, **SeatCardData(seat=seat, card=card))
    if kind == CardKind.CURSE:
        s.limbo += (card,)
        s.stack.push(Frame(FrameKind.CURSE_TARGET, seat, (card,)))
    elif kind == CardKind.ENHANCER and ctx != COMBAT:  # on a follower (`can_play`)
        zones.enter_play(s, seat, card)
    elif kind == CardKind.ENHANCER:
        if len(s.monsters) == 1:
            _attach(s, card, s.monsters[0])
        else:
            s.limbo += (card,)
            s.stack.push(Frame(FrameKind.ENHANCE, seat, (card,)))
    elif kind == CardKind.WANDERING:
        s.limbo += (card,)
        s.stack.push(Frame(FrameKind.WANDER, seat, (card,)))
    elif kind == MONSTER:
        combat.add_monster(s, card, seat)
    else:
        zones.enter_play(s, seat, card)


def _attach(s: MunchkinModel, card: int, monster: int) -> None:
    s.enh += (card, monster)
    s.log(EventKind.ENHANCE, **EnhanceData(card=card, monster=monster))


def _choose(s: MunchkinModel, seat: int, frame: Frame, action: Action) -> None:
    """Resolve a choice frame (already popped) with `seat`'s action (one of `choices`)."""
    kind = frame.kind
    if kind == FrameKind.LOSE and type(action) is Pick:
        effects.lose_picked(s, frame, action.card)
    elif kind == FrameKind.CLAIM:
        deals.claim_answer(s, frame, action)
    elif kind == FrameKind.REINFORCE:
        combat.reinforcement_answer(s, frame, action)
    elif kind == FrameKind.FACE_UP:
        if type(action) is Use:
            effects.activate(s, seat, action.card, action.ability, False)
    elif kind == FrameKind.KEEP and type(action) is Pick:
        effects.keep_picked(s, frame, action.card)
    elif kind == FrameKind.COST and type(action) is Pick:
        effects.cost_picked(s, frame, action.card)
    elif kind == FrameKind.CURSE_TARGET and type(action) is ChooseSeat:
        losses.curse_at(s, ints(frame)[0], action.seat, seat)
    elif kind == FrameKind.CURSE:
        if action is PASS:
            effects.curse_hits(s, ints(frame)[0], seat)
        else:
            effects.cancel(s, frame)
            _play(s, seat, action, CURSE_CTX)
    elif kind == FrameKind.AIM and type(action) is ChooseSeat:
        effects.aimed(s, frame, (0, action.seat))
    elif kind == FrameKind.AIM and type(action) is ChooseMonster:
        effects.aimed(s, frame, (1, s.monsters[action.index]))
    elif kind == FrameKind.AIM_SEAT and type(action) is ChooseSeat:
        effects.aimed_seat(s, frame, action.seat)
    elif kind == FrameKind.AIM_MONSTER and type(action) is ChooseMonster:
        effects.aimed_monster(s, frame, s.monsters[action.index])
    elif kind == FrameKind.VALUE and type(action) is ChooseValue:
        s.roll = action.value
        s.log(
            EventKind.SET_ROLL,
            **RollChangeData(seat=seat, card=ints(frame)[0], value=action.value),
        )
    elif kind == FrameKind.ENHANCE and type(action) is ChooseMonster:
        card = ints(frame)[0]
        s.limbo = removed(s.limbo, card)
        _attach(s, card, s.monsters[action.index])
    elif kind == FrameKind.WANDER and type(action) is Pick:
        card = ints(frame)[0]
        s.limbo = removed(s.limbo, card)
        zones.discard(s, card)
        zones.from_hand(s, seat, action.card)
        combat.add_monster(s, action.card, seat)
    elif kind == FrameKind.GIVE and type(action) is ChooseSeat:
        deals.gift(s, seat, ints(frame)[0], action.seat)
    elif kind == FrameKind.LOOT_BODY and type(action) is Pick:
        combat.loot(s, seat, action.card)
    elif kind == FrameKind.SHARE and type(action) is Pick:
        combat.take_haul(s, seat, action.card)
        (count,) = ints(frame)
        if count > 1:
            s.stack.push(Frame(FrameKind.SHARE, seat, (count - 1,)))
    elif kind in (FrameKind.BRIBE, FrameKind.COUNTER):
        deals.bribe_step(s, frame, action)
    elif kind == FrameKind.ANSWER:
        deals.answer(s, frame, action)
    elif kind in (FrameKind.TRADE, FrameKind.TRADE_COUNTER):
        deals.trade_edit(s, frame, action)
    elif kind == FrameKind.SELL:
        deals.sell_edit(s, frame, action)
    else:
        hook = hook_of(kind)
        assert hook is not None and hook.resolve is not None, (kind, action)
        hook.resolve(s, frame, action)
