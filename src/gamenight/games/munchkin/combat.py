"""Combat: monsters joining and leaving, winning, running away, death and looting.

A combat is the turn's player (the fighter) and at most one helper against the monsters
in ``monsters``; enhancers are pairs ``(card, monster)`` in ``enh`` and this combat's
bonuses triples ``(0, seat | 1, monster, amount)`` in ``cmods``. A ``combat`` window is
open while it lasts; when every eligible seat has passed since the last play the combat
resolves: a strictly greater strength (or a tie for a fighter who wins ties) kills every
monster, anything else means running away, one monster at a time in the fighter's order,
the fighter rolling first, then the helper, each roll followed by a ``roll`` window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.kernel import RESET_ON_PLAY, Frame, OfferStatus, Window

from . import character, effects, zones
from .actions import MAX_MONSTERS
from .phases import (
    AFTER,
    COMBAT,
    END_COMBAT,
    HAUL_REST,
    LOOT_BODY,
    LOOT_END,
    REWARD,
    RUN,
    SHARE,
    W_COMBAT,
    W_ROLL,
)

if TYPE_CHECKING:
    from .state import MunchkinState

KEPT_AT_DEATH = ("class", "race", "half_breed", "super_munchkin", "curse")


def open_window(s: MunchkinState, kind: str) -> None:
    """Open a reset-on-play window for every living seat, the turn's player last."""
    s.window = Window(RESET_ON_PLAY, effects.living(s), s.turn)
    s.window_kind = kind


def room_for_monster(s: MunchkinState) -> bool:
    return len(s.monsters) < MAX_MONSTERS


def start(s: MunchkinState, monster: int) -> None:
    """The turn's player fights `monster` (kicked open, or played from hand)."""
    s.combat_no += 1
    s.fought = 1
    s.phase = COMBAT
    s.helper = -1
    s.log("combat", seat=s.turn, number=s.combat_no)
    open_window(s, W_COMBAT)
    add_monster(s, monster, s.turn)


def add_monster(s: MunchkinState, monster: int, controller: int) -> None:
    s.monsters.append(monster)
    s.log("monster", card=monster, seat=controller)
    effects.fire_monster(s, monster, "revealed", s.turn)


def treasures(s: MunchkinState, monster: int) -> int:
    """The treasures a monster in the fight gives: printed, enhancers and modifiers."""
    return max(0, s.CS.cards[monster].treasures + character.monster_stat(s, monster, "treasures"))


def remove_monster(s: MunchkinState, monster: int, card: int, defeated: bool = False) -> None:
    """A monster leaves the fight (with its enhancers); a defeated one leaves its
    treasures to the fighter (no level)."""
    if monster not in s.monsters:
        return
    if defeated:
        s.charmed += treasures(s, monster)
    s.monsters.remove(monster)
    enh = s.enh
    for i in range(0, len(enh), 2):
        if enh[i + 1] == monster:
            zones.discard(s, enh[i])
    s.enh = [x for i in range(0, len(enh), 2) if enh[i + 1] != monster for x in enh[i : i + 2]]
    cm = s.cmods
    s.cmods = [
        x
        for i in range(0, len(cm), 3)
        if not (cm[i] == 1 and cm[i + 1] == monster)
        for x in cm[i : i + 3]
    ]
    zones.discard(s, monster)
    s.log("monster_gone", card=monster, by=card, defeated=defeated)


def resolve(s: MunchkinState) -> None:
    """The combat window closed: win, or run."""
    if not s.monsters:
        s.log("no_monsters", seat=s.turn)
        s.stack.push(Frame(END_COMBAT, s.turn, ()))
        if s.charmed:
            s.stack.push(Frame(REWARD, s.turn, (s.charmed,)))
    elif character.winning(s):
        win(s)
    else:
        start_run(s)


def win(s: MunchkinState) -> None:
    cards = s.CS.cards
    fighter, helper = s.turn, s.helper
    killed = list(s.monsters)
    levels = sum(max(0, cards[m].levels + character.monster_stat(s, m, "levels")) for m in killed)
    loot = sum(treasures(s, m) for m in killed) + s.charmed
    loot = max(0, loot + character.player_stat(s, fighter, "treasures"))
    s.stack.push(Frame(END_COMBAT, fighter, ()))
    s.stack.push(Frame(REWARD, fighter, (loot,)))
    s.level[fighter] = min(s.CS.rules.max_level, s.level[fighter] + levels)
    s.log("win", seat=fighter, helper=helper, monsters=killed, level=s.level[fighter])
    if helper >= 0:
        for _ in killed:
            effects.fire(s, helper, "helped_kill")
    effects.fire(s, fighter, "won")
    for m in reversed(killed):
        effects.fire_monster(s, m, "won", fighter)


def help_offer(s: MunchkinState) -> int:
    """The id of this combat's accepted help offer, or -1."""
    for o in s.offers:
        if o.occasion == s.combat_no and o.status is OfferStatus.ACCEPTED:
            return o.id
    return -1


def reward(s: MunchkinState, frame: Frame) -> None:
    """The win is paid: the game ends if a kill reached the top level; the treasures are
    drawn (face down alone, face up when helped) and the bribe is paid."""
    top = s.CS.rules.max_level
    if max(s.level) >= top:
        s.finish(False)
        return
    (count,) = frame.args
    fighter, helper = s.turn, s.helper
    if helper < 0:
        zones.draw(s, fighter, 1, count, False)
        return
    haul = zones.draw_cards(s, 1, count)
    s.haul = haul
    s.log("haul", cards=haul)
    offer_id = help_offer(s)
    share, helper_first, items = 0, 0, []
    if offer_id >= 0:
        terms = s.offers.get(offer_id).terms
        share, helper_first, items = int(terms[0]), int(terms[1]), [int(t) for t in terms[2:]]
        s.offers.settle(offer_id)
    for item in items:
        if item in s.table[fighter]:
            zones.leave_play(s, fighter, item)
            zones.enter_play(s, helper, item)
            s.log("bribe_item", card=item, seat=fighter, receiver=helper)
    share = min(share, len(haul))
    if share == 0 or share == len(haul):
        s.stack.push(Frame(HAUL_REST, helper if share else fighter, ()))
    elif helper_first:
        s.stack.push(Frame(HAUL_REST, fighter, ()))
        s.stack.push(Frame(SHARE, helper, (share,)))
    else:
        s.stack.push(Frame(HAUL_REST, helper, ()))
        s.stack.push(Frame(SHARE, fighter, (len(haul) - share,)))


def take_haul(s: MunchkinState, seat: int, card: int) -> None:
    s.haul.remove(card)
    zones.to_hand_public(s, seat, card)
    s.log("take", seat=seat, card=card)


def haul_rest(s: MunchkinState, frame: Frame) -> None:
    for card in list(s.haul):
        take_haul(s, frame.seat, card)


def end(s: MunchkinState, frame: Frame | None = None) -> None:
    """The combat is over: its cards are discarded, its offers closed."""
    kinds = s.CS.cards
    for m in s.monsters:
        zones.discard(s, m)
    for i in range(0, len(s.enh), 2):
        zones.discard(s, s.enh[i])
    for seat in character.combatants(s):
        for c in list(s.table[seat]):
            if kinds[c].kind == "curse" and kinds[c].persistent == "combat":
                zones.discard_from_play(s, seat, c)
    for o in list(s.offers):
        if o.occasion == s.combat_no and o.status is OfferStatus.ACCEPTED:
            s.offers.void(o.id)
    s.offers.clear(s.combat_no)
    s.monsters, s.enh, s.cmods, s.rbonus, s.escaped = [], [], [], [], []
    s.run_left, s.runners, s.haul = [], [], []
    s.run_mon, s.helper, s.charmed = -1, -1, 0
    used = s.uses
    s.uses = [x for j in range(0, len(used), 4) if used[j + 3] == 1 for x in used[j : j + 4]]
    s.phase = AFTER
    s.log("combat_over", seat=s.turn)


# ----- running away ---------------------------------------------------------------------


def start_run(s: MunchkinState) -> None:
    s.phase = RUN
    s.run_left = list(s.monsters)
    s.run_mon = -1
    s.runners = []
    s.log("run", seat=s.turn, helper=s.helper)
    offer_id = help_offer(s)
    if offer_id >= 0:
        s.offers.void(offer_id)


def flee_from(s: MunchkinState, index: int) -> None:
    """The fighter chose the next monster to run from (its place in ``run_left``)."""
    s.run_mon = s.run_left[index]
    s.runners = [p for p in (s.turn, s.helper) if p >= 0]


def auto_escape(s: MunchkinState, seat: int, monster: int) -> bool:
    return (
        character.player_stat(s, seat, "escape") > 0
        or character.monster_stat(s, monster, "escape", seat) > 0
    )


def roll(s: MunchkinState, seat: int) -> None:
    s.roll = s.die()
    s.roll_seat = seat
    s.log("roll", seat=seat, monster=s.run_mon, die=s.roll)
    open_window(s, W_ROLL)


def run_total(s: MunchkinState, seat: int) -> int:
    rb = s.rbonus
    bonus = sum(rb[i + 1] for i in range(0, len(rb), 2) if rb[i] == seat)
    return (
        s.roll
        + character.player_stat(s, seat, "run")
        + character.monster_stat(s, s.run_mon, "run", seat)
        + bonus
    )


def failing(s: MunchkinState) -> bool:
    """Whether the roll on the table fails so far."""
    return s.roll >= 0 and run_total(s, s.roll_seat) < s.CS.rules.escape_roll


def resolve_roll(s: MunchkinState) -> None:
    """The roll window closed: the runner escapes, or the monster does its Bad Stuff."""
    seat, monster = s.roll_seat, s.run_mon
    total = run_total(s, seat)
    escaped = total >= s.CS.rules.escape_roll
    s.log("ran", seat=seat, monster=monster, die=s.roll, total=total, escaped=escaped)
    s.roll, s.roll_seat = -1, -1
    if seat in s.runners:
        s.runners.remove(seat)
    used = s.uses
    s.uses = [x for j in range(0, len(used), 4) if used[j + 3] != 2 for x in used[j : j + 4]]
    if not escaped:
        caught(s, seat, monster)


def caught(s: MunchkinState, seat: int, monster: int) -> None:
    s.log("caught", seat=seat, monster=monster)
    effects.fire_monster(s, monster, "caught", seat)
    effects.run_list(s, monster, 0, seat, seat)


# ----- death ----------------------------------------------------------------------------


def die(s: MunchkinState, seat: int, card: int) -> None:
    """`seat` dies: it keeps its class, race, level and curses; its hand and its other
    cards are laid out for the others to loot, highest level first."""
    if s.dead[seat]:
        return
    cards = s.CS.cards
    effects.fire(s, seat, "death")
    lost = [c for c in s.table[seat] if cards[c].kind not in KEPT_AT_DEATH]
    for c in lost:
        zones.leave_play(s, seat, c)
    hand = s.hands[seat]
    for c in hand:
        zones.forget(s, c)
    body = lost + hand
    s.hands[seat] = []
    s.body.extend(body)
    s.dead[seat] = 1
    s.fresh[seat] = 1
    if seat in s.runners:
        s.runners.remove(seat)
    looters = [p for p in effects.living(s) if p != seat]
    levels = [s.level[p] for p in looters]
    rolls = {p: s.die() if levels.count(s.level[p]) > 1 else 0 for p in looters}
    looters.sort(key=lambda p: (-s.level[p], -rolls[p], (p - s.turn) % s.num_players))
    s.log(
        "death", seat=seat, card=card, body=body, order=looters, rolls=[rolls[p] for p in looters]
    )
    s.stack.push(Frame(LOOT_END, seat, (seat,)))
    for p in reversed(looters):
        s.stack.push(Frame(LOOT_BODY, p, (seat,)))


def loot(s: MunchkinState, seat: int, card: int) -> None:
    s.body.remove(card)
    zones.to_hand_public(s, seat, card)
    s.log("loot", seat=seat, card=card)


def loot_end(s: MunchkinState, frame: Frame) -> None:
    for c in s.body:
        zones.discard(s, c)
    if s.body:
        s.log("body_discarded", cards=list(s.body))
    s.body = []
