"""The door and combat: monsters joining and leaving, winning, running away, death and
looting.

Kicking open the door reveals its top card: a monster starts a combat, any other card
opens a ``reveal`` window on it. A combat is the turn's player (the fighter) and at most
one helper against the monsters in ``monsters``; enhancers are pairs ``(card, monster)``
in ``enh`` and this combat's bonuses triples ``(0, seat | 1, monster, amount)`` in
``cmods``. A ``combat`` window is open while it lasts; when every eligible seat has
passed since the last play the combat resolves: a strictly greater strength (or a tie
for a fighter who wins ties) kills every monster, anything else means running away, one
monster at a time in the fighter's order, the fighter rolling first, then the helper,
each roll followed by a ``roll`` window.
"""

from __future__ import annotations

from gamenight.kernel import PASS, RESET_ON_PLAY, Action, Frame, OfferStatus, Window

from . import character, losses, triggers, zones
from .actions import MAX_MONSTERS, Pick
from .content import CHARACTER_KINDS, CardKind, Persistence, Stat, TriggerOn
from .model import (
    BribeItemData,
    CardsData,
    CardSeatData,
    CaughtData,
    CombatData,
    DeathData,
    EventKind,
    FrameKind,
    HaulData,
    KickData,
    MonsterGoneData,
    MunchkinModel,
    Phase,
    RanData,
    RollData,
    RunData,
    SeatCardData,
    SeatData,
    WinData,
    WindowKind,
    ints,
    removed,
    with_seat,
)

KEPT_AT_DEATH = (*CHARACTER_KINDS, CardKind.CURSE)
ACCEPTED = OfferStatus.ACCEPTED


def open_window(s: MunchkinModel, kind: WindowKind) -> None:
    """Open a reset-on-play window for every living seat, the turn's player last."""
    s.window = Window(RESET_ON_PLAY, s.living(), s.turn)
    s.window_kind = kind


def kick(s: MunchkinModel, from_discard: bool = False) -> None:
    """Kick open the door: the top Door card (or the Door discard pile's, for a Cleric)
    is revealed."""
    drawn = [zones.take_from_discard(s, 0)] if from_discard else zones.draw_cards(s, 0, 1)
    if not drawn:
        s.log(EventKind.NO_DOOR, **SeatData(seat=s.turn))
        s.phase = Phase.LOOT
        return
    card = drawn[0]
    s.log(EventKind.KICK, **KickData(seat=s.turn, card=card, discard=from_discard))
    if s.CS.kind[card] == CardKind.MONSTER:
        start(s, card)
    else:
        s.door_card = card
        s.limbo += (card,)
        s.phase = Phase.REVEAL
        open_window(s, WindowKind.REVEAL)
        if s.CS.kind[card] == CardKind.CURSE:
            # It acts at once: its victim's answer, then the curse, come before the window.
            losses.curse_at(s, card, s.turn, s.turn)


def room_for_monster(s: MunchkinModel) -> bool:
    """Whether one more monster may join the fight."""
    return len(s.monsters) < MAX_MONSTERS


def start(s: MunchkinModel, monster: int, reinforce: bool = True) -> None:
    """The turn's player fights `monster` (kicked open, or played from hand); a rigged
    position opens no reinforcement window (`reinforce`)."""
    s.combat_no += 1
    s.fought = 1
    s.phase = Phase.COMBAT
    s.helper = -1
    s.log(EventKind.COMBAT, **CombatData(seat=s.turn, number=s.combat_no))
    open_window(s, WindowKind.COMBAT)
    add_monster(s, monster, s.turn, reinforce)
    next_combat_traps(s, s.turn)


def next_combat_traps(s: MunchkinModel, seat: int) -> None:
    """`seat` enters a combat (fighting or helping): the traps waiting for it act now;
    they stay until the combat ends."""
    cards = s.CS.cards
    for card in s.table[seat]:
        c = cards[card]
        if c.persistent == Persistence.NEXT_COMBAT and c.use is not None:
            s.log(EventKind.CURSED, **CardSeatData(card=card, seat=seat))
            triggers.run_list(s, card, c.use.code, seat, seat)


def add_monster(s: MunchkinModel, monster: int, controller: int, reinforce: bool = True) -> None:
    """`monster` joins the fight, brought by `controller`. With a tag of the ruleset's
    `reinforce` (and `reinforce`), the reinforcement window opens once its own triggers
    have acted."""
    s.monsters += (monster,)
    s.log(EventKind.MONSTER, **CardSeatData(card=monster, seat=controller))
    if reinforce and s.CS.reinforce_tags[monster]:
        first = zones.next_claimant(s, 0)
        if first >= 0:
            seat = zones.claimant_seat(s, first)
            s.stack.push(Frame(FrameKind.REINFORCE, seat, (monster, first)))
    triggers.fire_monster(s, monster, TriggerOn.REVEALED, s.turn)


# ----- reinforcements ------------------------------------------------------------------------


def reinforcement_choices(s: MunchkinModel, frame: Frame) -> list[Action]:
    """A ``reinforce`` frame's seat passes or adds a monster from hand that shares a
    reinforcing tag with the monster that entered (every seat is asked, with one or
    not); nothing once the fight is over or full."""
    if s.phase != Phase.COMBAT or not room_for_monster(s):
        return []
    cs, pick = s.CS, s.A.pick
    tags = cs.reinforce_tags[ints(frame)[0]]
    added = [
        c
        for c in s.hands[frame.seat]
        if cs.kind[c] == CardKind.MONSTER and tags & cs.reinforce_tags[c]
    ]
    return [PASS, *(pick[c] for c in added)]


def reinforcement_answer(s: MunchkinModel, frame: Frame, action: Action) -> None:
    """The frame's seat answered: a monster it adds joins (opening no window of its
    own), and the next living seat is asked, until every seat has been."""
    monster, offset = ints(frame)
    following = zones.next_claimant(s, offset + 1)
    if following >= 0:
        seat = zones.claimant_seat(s, following)
        s.stack.push(Frame(FrameKind.REINFORCE, seat, (monster, following)))
    if type(action) is Pick:
        zones.from_hand(s, frame.seat, action.card)
        add_monster(s, action.card, frame.seat, reinforce=False)


def treasures(s: MunchkinModel, monster: int) -> int:
    """The treasures a monster in the fight gives: printed, enhancers and modifiers."""
    printed = s.CS.cards[monster].treasures
    each = max(0, printed + character.monster_stat(s, monster, Stat.TREASURES))
    return each * character.copies(s, monster)


def remove_monster(s: MunchkinModel, monster: int, card: int, defeated: bool = False) -> None:
    """A monster leaves the fight (with its enhancers); a defeated one leaves its
    treasures to the fighter (no level)."""
    if monster not in s.monsters:
        return
    if defeated:
        s.charmed += treasures(s, monster)
    s.monsters = removed(s.monsters, monster)
    enh = s.enh
    for i in range(0, len(enh), 2):
        if enh[i + 1] == monster:
            zones.discard(s, enh[i])
    s.enh = tuple(x for i in range(0, len(enh), 2) if enh[i + 1] != monster for x in enh[i : i + 2])
    cm = s.cmods
    s.cmods = tuple(
        x
        for i in range(0, len(cm), 3)
        if not (cm[i] == 1 and cm[i + 1] == monster)
        for x in cm[i : i + 3]
    )
    zones.discard(s, monster)
    s.log(EventKind.MONSTER_GONE, **MonsterGoneData(card=monster, by=card, defeated=defeated))


def resolve(s: MunchkinModel) -> None:
    """The combat window closed: win, or run."""
    if not s.monsters:
        s.log(EventKind.NO_MONSTERS, **SeatData(seat=s.turn))
        s.stack.push(Frame(FrameKind.END_COMBAT, s.turn, ()))
        if s.charmed:
            s.stack.push(Frame(FrameKind.REWARD, s.turn, (s.charmed,)))
    elif character.winning(s):
        win(s)
    else:
        start_run(s)


def win(s: MunchkinModel) -> None:
    """The players kill every monster: the fighter gains their levels, the triggers of
    the win run, and the reward is queued."""
    cards = s.CS.cards
    fighter, helper = s.turn, s.helper
    killed = list(s.monsters)
    levels = sum(
        max(0, cards[m].levels + character.monster_stat(s, m, Stat.LEVELS)) * character.copies(s, m)
        for m in killed
    )
    loot = sum(treasures(s, m) for m in killed) + s.charmed
    loot = max(0, loot + character.player_stat(s, fighter, Stat.TREASURES))
    s.stack.push(Frame(FrameKind.END_COMBAT, fighter, ()))
    s.stack.push(Frame(FrameKind.REWARD, fighter, (loot,)))
    s.level = with_seat(s.level, fighter, min(s.CS.rules.max_level, s.level[fighter] + levels))
    s.log(
        EventKind.WIN,
        **WinData(seat=fighter, helper=helper, monsters=killed, level=s.level[fighter]),
    )
    if helper >= 0:
        for _ in killed:
            triggers.fire(s, helper, TriggerOn.HELPED_KILL)
    triggers.fire(s, fighter, TriggerOn.WON)
    for m in reversed(killed):
        triggers.fire_monster(s, m, TriggerOn.WON, fighter)


def help_offer(s: MunchkinModel) -> int:
    """The id of this combat's accepted help offer, or -1."""
    for o in s.offers:
        if o.occasion == s.combat_no and o.status is ACCEPTED:
            return o.id
    return -1


def reward(s: MunchkinModel, frame: Frame) -> None:
    """The win is paid: the game ends if a kill reached the top level; the treasures are
    drawn (face down alone, face up when helped) and the bribe is paid."""
    top = s.CS.rules.max_level
    if max(s.level) >= top:
        s.finish(False)
        return
    (count,) = ints(frame)
    fighter = s.turn
    if s.helper < 0:
        zones.draw(s, fighter, 1, count, False)
        return
    s.stack.push(Frame(FrameKind.HAUL, fighter, (count,)))
    if count and s.treasure_discard:  # a Cleric may take its top card instead of one
        s.stack.push(Frame(FrameKind.FACE_UP, fighter, ()))


def haul(s: MunchkinModel, frame: Frame) -> None:
    """A helped win's treasures are drawn face up (with the one taken from the discard
    pile, if any) and shared as the bribe says."""
    (count,) = ints(frame)
    fighter, helper = s.turn, s.helper
    taken = list(s.haul)
    haul = taken + zones.draw_cards(s, 1, count - len(taken))
    s.haul = tuple(haul)
    if taken:
        s.log(EventKind.HAUL, **HaulData(cards=haul, from_discard=taken[0]))
    else:
        s.log(EventKind.HAUL, **HaulData(cards=haul))
    offer_id = help_offer(s)
    share, helper_first, items = 0, 0, []
    if offer_id >= 0:
        terms = s.offers.get(offer_id).terms
        share, helper_first, items = int(terms[0]), int(terms[1]), [int(t) for t in terms[2:]]
        s.offers.settle(offer_id)
    for item in items:
        # an item the fighter still has, and the helper may carry (a Big one)
        if item in s.table[fighter] and (
            not s.CS.cards[item].big
            or character.big_count(s, helper) < character.big_limit(s, helper)
        ):
            zones.leave_play(s, fighter, item)
            zones.enter_play(s, helper, item)
            s.log(EventKind.BRIBE_ITEM, **BribeItemData(card=item, seat=fighter, receiver=helper))
    share = min(share, len(haul))
    if share == 0 or share == len(haul):
        s.stack.push(Frame(FrameKind.HAUL_REST, helper if share else fighter, ()))
    elif helper_first:
        s.stack.push(Frame(FrameKind.HAUL_REST, fighter, ()))
        s.stack.push(Frame(FrameKind.SHARE, helper, (share,)))
    else:
        s.stack.push(Frame(FrameKind.HAUL_REST, helper, ()))
        s.stack.push(Frame(FrameKind.SHARE, fighter, (len(haul) - share,)))


def take_haul(s: MunchkinModel, seat: int, card: int) -> None:
    """`seat` takes a card of the haul on the table, face up."""
    s.haul = removed(s.haul, card)
    zones.to_hand_public(s, seat, card)
    s.log(EventKind.TAKE, **SeatCardData(seat=seat, card=card))


def haul_rest(s: MunchkinModel, frame: Frame) -> None:
    """The frame's seat takes what is left of the haul."""
    for card in list(s.haul):
        take_haul(s, frame.seat, card)


def end(s: MunchkinModel, frame: Frame | None = None) -> None:
    """The combat is over: its cards are discarded, its offers closed."""
    cards = s.CS.cards
    for m in s.monsters:
        zones.discard(s, m)
    for i in range(0, len(s.enh), 2):
        zones.discard(s, s.enh[i])
    # However the combat ended, even with no monster left: the fighter and the helper.
    for seat in (s.turn,) if s.helper < 0 else (s.turn, s.helper):
        for c in list(s.table[seat]):
            if cards[c].kind == CardKind.CURSE and cards[c].persistent in UNTIL_COMBAT_ENDS:
                zones.discard_from_play(s, seat, c)
    for o in list(s.offers):
        if o.occasion == s.combat_no and o.status is ACCEPTED:
            s.offers.void(o.id)
    s.offers.clear(s.combat_no)
    s.monsters = s.enh = s.cmods = s.rbonus = s.escaped = s.run_left = s.runners = s.haul = ()
    s.run_mon, s.helper, s.charmed = -1, -1, 0
    used = s.uses
    s.uses = tuple(x for j in range(0, len(used), 4) if used[j + 3] == 1 for x in used[j : j + 4])
    s.phase = Phase.AFTER
    s.log(EventKind.COMBAT_OVER, **SeatData(seat=s.turn))


# the traps a combat's end takes off the fighter and the helper
UNTIL_COMBAT_ENDS = (Persistence.COMBAT, Persistence.NEXT_COMBAT)


# ----- running away ---------------------------------------------------------------------


def start_run(s: MunchkinModel) -> None:
    """The players lost: they run from the monsters, the accepted help offer void."""
    s.phase = Phase.RUN
    # a Double Trouble copy is one more monster to run from, with its own Bad Stuff
    s.run_left = tuple(m for m in s.monsters for _ in range(character.copies(s, m)))
    s.run_mon = -1
    s.runners = ()
    s.log(EventKind.RUN, **RunData(seat=s.turn, helper=s.helper))
    offer_id = help_offer(s)
    if offer_id >= 0:
        s.offers.void(offer_id)


def flee_from(s: MunchkinModel, index: int) -> None:
    """The fighter chose the next monster to run from (its place in ``run_left``)."""
    s.run_mon = s.run_left[index]
    s.runners = tuple(p for p in (s.turn, s.helper) if p >= 0)


def auto_escape(s: MunchkinModel, seat: int, monster: int) -> bool:
    """Whether `seat` escapes `monster` without rolling."""
    return (
        character.player_stat(s, seat, Stat.ESCAPE) > 0
        or character.monster_stat(s, monster, Stat.ESCAPE, seat) > 0
    )


def roll(s: MunchkinModel, seat: int) -> None:
    """`seat` rolls to run away; a window on the roll opens."""
    s.roll = s.die()
    s.roll_seat = seat
    s.log(EventKind.ROLL, **RollData(seat=seat, monster=s.run_mon, die=s.roll))
    open_window(s, WindowKind.ROLL)


def run_total(s: MunchkinModel, seat: int) -> int:
    """The run-away total of the roll on the table for `seat`: the die and modifiers."""
    rb = s.rbonus
    bonus = sum(rb[i + 1] for i in range(0, len(rb), 2) if rb[i] == seat)
    return (
        s.roll
        + character.player_stat(s, seat, Stat.RUN)
        + character.monster_stat(s, s.run_mon, Stat.RUN, seat)
        + bonus
    )


def escapes_by(s: MunchkinModel, seat: int, total: int) -> bool:
    """Whether a run-away total of `total` gets `seat` away from the monster run from (no
    total does from a monster that ``catches``)."""
    return total >= s.CS.rules.escape_roll and (
        character.monster_stat(s, s.run_mon, Stat.CATCHES, seat) <= 0
    )


def failing(s: MunchkinModel) -> bool:
    """Whether the roll on the table fails so far."""
    return s.roll >= 0 and not escapes_by(s, s.roll_seat, run_total(s, s.roll_seat))


def resolve_roll(s: MunchkinModel) -> None:
    """The roll window closed: the runner escapes, or the monster does its Bad Stuff."""
    seat, monster = s.roll_seat, s.run_mon
    total = run_total(s, seat)
    escaped = escapes_by(s, seat, total)
    s.log(
        EventKind.RAN,
        **RanData(seat=seat, monster=monster, die=s.roll, total=total, escaped=escaped),
    )
    s.roll, s.roll_seat = -1, -1
    if seat in s.runners:
        s.runners = removed(s.runners, seat)
    used = s.uses
    s.uses = tuple(x for j in range(0, len(used), 4) if used[j + 3] != 2 for x in used[j : j + 4])
    if not escaped:
        caught(s, seat, monster)


def caught(s: MunchkinModel, seat: int, monster: int) -> None:
    """`monster` caught `seat`: its triggers and its Bad Stuff (op list 0) run."""
    s.log(EventKind.CAUGHT, **CaughtData(seat=seat, monster=monster))
    triggers.fire_monster(s, monster, TriggerOn.CAUGHT, seat)
    triggers.run_list(s, monster, 0, seat, seat)


# ----- death ----------------------------------------------------------------------------


def die(s: MunchkinModel, seat: int, card: int) -> None:
    """`seat` dies: it keeps its class, race, level and curses; its hand and its other
    cards are laid out for the others to loot, highest level first (a die roll for equal
    levels, rolled again while two of them are equal)."""
    if s.dead[seat]:
        return
    cards = s.CS.cards
    triggers.fire(s, seat, TriggerOn.DEATH)
    lost = [c for c in s.table[seat] if cards[c].kind not in KEPT_AT_DEATH]
    # Followers leave last: a fan leaving first would discard the enhancer it carries,
    # which is an in-play card of the body like the others.
    for c in sorted(lost, key=lambda c: cards[c].kind == CardKind.FOLLOWER):
        zones.leave_play(s, seat, c)
    hand = s.hands[seat]
    for c in hand:
        zones.forget(s, c)
    body = lost + list(hand)
    s.hands = with_seat(s.hands, seat, ())
    s.body += tuple(body)
    s.dead = with_seat(s.dead, seat, 1)
    s.fresh = with_seat(s.fresh, seat, 1)
    if seat in s.runners:
        s.runners = removed(s.runners, seat)
    looters = [p for p in s.living() if p != seat]
    levels = [s.level[p] for p in looters]
    rolls = {p: s.die() if levels.count(s.level[p]) > 1 else 0 for p in looters}
    for level in sorted(set(levels), reverse=True):  # equal dice: the level's looters reroll
        tied = [p for p in looters if s.level[p] == level and rolls[p]]
        while len({rolls[p] for p in tied}) < len(tied):
            rolls.update((p, s.die()) for p in tied)
    looters.sort(key=lambda p: (-s.level[p], -rolls[p]))
    s.log(
        EventKind.DEATH,
        **DeathData(
            seat=seat, card=card, body=body, order=looters, rolls=[rolls[p] for p in looters]
        ),
    )
    s.stack.push(Frame(FrameKind.LOOT_END, seat, (seat,)))
    for p in reversed(looters):
        s.stack.push(Frame(FrameKind.LOOT_BODY, p, (seat,)))


def loot(s: MunchkinModel, seat: int, card: int) -> None:
    """`seat` takes `card` of the body, face up."""
    s.body = removed(s.body, card)
    zones.to_hand_public(s, seat, card)
    s.log(EventKind.LOOT, **SeatCardData(seat=seat, card=card))


def loot_end(s: MunchkinModel, frame: Frame) -> None:
    """The looting is over: the rest of the body is discarded."""
    for c in s.body:
        zones.discard(s, c)
    if s.body:
        s.log(EventKind.BODY_DISCARDED, **CardsData(cards=list(s.body)))
    s.body = ()
