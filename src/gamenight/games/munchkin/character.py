"""Characters: levels, classes, races, conditions, modifiers and equipment.

Nothing here is stored: every figure (a strength, a hand limit, a free slot) is a fold
over the cards that are active now, computed when it is needed, so nothing goes stale
when a card leaves play. The only changes made here are levels lost and items turned
sideways when they no longer fit.

A player's active cards are the cards in front of them, less the items turned sideways
and the items they may not use (a restriction they do not meet). A monster's are itself
and the enhancers played on it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .content import NO_TRAIT, Card, CardKind, Cond, Side, Slot, SlotGroup, Stat
from .model import EventKind, LevelData, Limit, MunchkinModel, with_seat

CLASS, RACE, ITEM, ONESHOT = CardKind.CLASS, CardKind.RACE, CardKind.ITEM, CardKind.ONESHOT
ENHANCER, FOLLOWER = CardKind.ENHANCER, CardKind.FOLLOWER
COMBAT, SLOTS = Stat.COMBAT, Stat.SLOTS
EXTRA_STAT = {CLASS: Stat.EXTRA_CLASS, RACE: Stat.EXTRA_RACE}  # a second class, race
HAND_UNITS: dict[Slot | None, int] = {Slot.HAND1: 1, Slot.HAND2: 2}
BASE_CAPACITY = {SlotGroup.HEAD: 1, SlotGroup.ARMOR: 1, SlotGroup.FOOT: 1, SlotGroup.HAND: 2}
SLOT_GROUP: dict[Slot | None, SlotGroup] = {
    Slot.HEAD: SlotGroup.HEAD,
    Slot.ARMOR: SlotGroup.ARMOR,
    Slot.FOOT: SlotGroup.FOOT,
    Slot.HAND1: SlotGroup.HAND,
    Slot.HAND2: SlotGroup.HAND,
}


def traits(s: MunchkinModel, seat: int, kind: CardKind) -> list[int]:
    """The class (or race) cards in front of `seat`."""
    kinds = s.CS.kind
    return [c for c in s.table[seat] if kinds[c] == kind]


def has_trait(s: MunchkinModel, seat: int, kind: CardKind, name: str) -> bool:
    """Whether `seat` has this class or race (``"none"`` / ``"human"``: none at all)."""
    cards = s.CS.cards
    found = [cards[c].trait for c in s.table[seat] if cards[c].kind == kind]
    if name == NO_TRAIT[kind]:
        return not found
    return name in found


def combatants(s: MunchkinModel) -> list[int]:
    """The fighter and the helper, while a combat is on."""
    if not s.monsters:
        return []
    return [s.turn] if s.helper < 0 else [s.turn, s.helper]


def player_meets(s: MunchkinModel, seat: int, cond: Cond) -> bool:
    """Whether `seat` meets a condition on a player's card (``tag``: a monster in the
    fight has it; ``side``: the seat's part in the fight)."""
    if not _player_fields(s, seat, cond):
        return False
    if cond.tag is not None:
        cards = s.CS.cards
        if not any(cond.tag in cards[m].tags for m in s.monsters):
            return False
    if cond.side is not None:
        if cond.side == Side.FIGHTER and not (s.monsters and seat == s.turn):
            return False
        if cond.side == Side.HELPER and not (s.monsters and seat == s.helper):
            return False
    return cond.helped < 0 or (s.helper >= 0) == bool(cond.helped)


def monster_meets(
    s: MunchkinModel, monster: int, cond: Cond, seat: int = -1, hinders: bool = False
) -> bool:
    """Whether a monster's (or its enhancer's) condition holds: ``tag`` tests the monster,
    the player fields test `seat` if given, else any player in the fight. A condition of
    something that `hinders` the players does not hold for a player by a class or race
    they hold alone under Super Munchkin or Half-Breed (`shielded`)."""
    if cond.tag is not None and cond.tag not in s.CS.cards[monster].tags:
        return False
    if cond.helped >= 0 and (s.helper >= 0) != bool(cond.helped):
        return False
    if cond.klass is None and cond.race is None and cond.sex < 0 and not _levels(cond):
        return True
    seats = [seat] if seat >= 0 else combatants(s)
    return any(_player_fields(s, p, cond) and not (hinders and shielded(s, p, cond)) for p in seats)


def _levels(cond: Cond) -> bool:
    return cond.level_min > 0 or cond.level_max < 99


def _player_fields(s: MunchkinModel, seat: int, cond: Cond) -> bool:
    if cond.klass is not None and not has_trait(s, seat, CLASS, cond.klass):
        return False
    if cond.race is not None and not has_trait(s, seat, RACE, cond.race):
        return False
    if cond.sex >= 0 and s.sex[seat] != cond.sex:
        return False
    return cond.level_min <= s.level[seat] <= cond.level_max


def _sole(s: MunchkinModel, seat: int, kind: CardKind) -> bool:
    """Whether `seat` has one class (race) where a card lets it have two. Items are not
    asked (whether an item counts depends on this)."""
    cards = s.CS.cards
    extra = EXTRA_STAT[kind]
    return len(traits(s, seat, kind)) == 1 and any(
        m.stat == extra for c in s.table[seat] if cards[c].kind != ITEM for m in cards[c].modifiers
    )


def shielded(s: MunchkinModel, seat: int, cond: Cond) -> bool:
    """Whether a condition `seat` meets names a class or race it holds alone under Super
    Munchkin or Half-Breed: the rulebook gives it that class's (race's) advantages and
    none of its disadvantages, so a condition that hinders it does not count (where the
    ruleset says so: in Fu a class is a class however it is held)."""
    if not s.CS.rules.sole_trait_shield:
        return False
    return (cond.klass is not None and _sole(s, seat, CLASS)) or (
        cond.race is not None and _sole(s, seat, RACE)
    )


def allowed(s: MunchkinModel, seat: int, card: Card) -> bool:
    """Whether `seat` may use an item (its restriction; a bar by a class or race held
    alone under Super Munchkin or Half-Breed does not count)."""
    if card.only is not None and not _player_fields(s, seat, card.only):
        return False
    barred = card.barred
    return barred is None or not _player_fields(s, seat, barred) or shielded(s, seat, barred)


def active(s: MunchkinModel, seat: int) -> list[int]:
    """The cards in front of `seat` whose modifiers apply now."""
    cards, unequipped = s.CS.cards, s.unequipped
    out = []
    for c in s.table[seat]:
        card = cards[c]
        kind = card.kind
        if kind == ITEM:
            if c in unequipped or not allowed(s, seat, card):
                continue
        elif kind == ONESHOT:
            continue
        out.append(c)
    return out


def player_stat(s: MunchkinModel, seat: int, stat: Stat) -> int:
    """The sum of `stat` modifiers on `seat`'s active cards whose conditions hold (of an
    enhancer riding a follower, its combat modifiers only)."""
    cards = s.CS.cards
    total = 0
    for c in active(s, seat):
        card = cards[c]
        if card.kind == ENHANCER and stat != COMBAT:
            continue
        for m in card.modifiers:
            if m.stat != stat:
                continue
            if m.when is not None and not player_meets(s, seat, m.when):
                continue
            if m.unless is not None and player_meets(s, seat, m.unless):
                continue
            total += m.amount
    return total


def monster_stat(s: MunchkinModel, monster: int, stat: Stat, seat: int = -1) -> int:
    """The sum of `stat` modifiers of a monster in the fight and its enhancers."""
    cards = s.CS.cards
    sources = [monster]
    enh = s.enh
    sources += [enh[i] for i in range(0, len(enh), 2) if enh[i + 1] == monster]
    total = 0
    for c in sources:
        for m in cards[c].modifiers:
            if m.stat != stat:
                continue
            # what hinders the players: more strength, less of anything else
            hinders = m.amount > 0 if stat == COMBAT else m.amount < 0
            if m.when is not None and not monster_meets(s, monster, m.when, seat, hinders):
                continue
            if m.unless is not None and monster_meets(s, monster, m.unless, seat):
                continue
            total += m.amount
    return total


def hand_limit(s: MunchkinModel, seat: int) -> int:
    """How many cards `seat` may keep at the end of its turn."""
    return max(0, s.CS.rules.hand_limit + player_stat(s, seat, Stat.HAND_LIMIT))


def max_traits(s: MunchkinModel, seat: int, kind: CardKind) -> int:
    """How many classes (or races) `seat` may have: 1, and one more for each card with
    an ``extra_class`` (``extra_race``) modifier (Super Munchkin, Half-Breed, Extra Style,
    a Monk's second style)."""
    return 1 + max(0, player_stat(s, seat, EXTRA_STAT[kind]))


def bare_followers(s: MunchkinModel, seat: int) -> int:
    """How many of `seat`'s followers carry no enhancer (each may carry one)."""
    kinds = s.CS.kind
    followers = sum(1 for c in s.table[seat] if kinds[c] == FOLLOWER)
    return followers - sum(1 for c in s.table[seat] if kinds[c] == ENHANCER)


def lose_levels(s: MunchkinModel, seat: int, amount: int, card: int) -> None:
    """`seat` loses `amount` levels because of `card` (never below level 1)."""
    new = max(1, s.level[seat] - amount)
    if new != s.level[seat]:
        s.level = with_seat(s.level, seat, new)
        s.log(EventKind.LEVEL, **LevelData(seat=seat, level=new, card=card))


# ----- strength ---------------------------------------------------------------------


def player_strength(s: MunchkinModel, seat: int) -> int:
    """A player's combat strength: level, equipped items, modifiers, this combat's bonuses."""
    cards = s.CS.cards
    total = s.level[seat] + player_stat(s, seat, COMBAT)
    for c in active(s, seat):
        total += cards[c].bonus
    cm = s.cmods
    for i in range(0, len(cm), 3):
        if cm[i] == 0 and cm[i + 1] == seat:
            total += cm[i + 2]
    return total


def monster_strength(s: MunchkinModel, monster: int) -> int:
    """A monster's strength: its level (printed level, enhancers and its own modifiers,
    never below 1), plus this combat's bonuses, which may take it below 1."""
    level = max(1, s.CS.cards[monster].level + monster_stat(s, monster, COMBAT))
    total = level * copies(s, monster)
    cm = s.cmods
    for i in range(0, len(cm), 3):
        if cm[i] == 1 and cm[i + 1] == monster:
            total += cm[i + 2]
    return total


def copies(s: MunchkinModel, monster: int) -> int:
    """How many of `monster` fight: 1, and one more for each ``copies`` modifier (Double
    Trouble): each copy has the monster's level with all its enhancers, whenever they
    were played."""
    return 1 + max(0, monster_stat(s, monster, Stat.COPIES))


def sides(s: MunchkinModel, strengths: Sequence[int] | None = None) -> tuple[int, int]:
    """(the players' strength, the monsters' strength) of the combat; `strengths`: every
    seat's `player_strength`, when they are already worked out."""
    if strengths is None:
        players = sum(player_strength(s, p) for p in combatants(s))
    else:
        players = sum(strengths[p] for p in combatants(s))
    return players, sum(monster_strength(s, m) for m in s.monsters)


def winning(s: MunchkinModel) -> bool:
    """Whether the players would win the combat now (ties lose, unless the fighter wins
    ties)."""
    return wins(s, *sides(s))


def wins(s: MunchkinModel, players: int, monsters: int) -> bool:
    """Whether the players win at these strengths (`sides`; see `winning`)."""
    return players > monsters or (
        players == monsters and player_stat(s, s.turn, Stat.WINS_TIES) > 0
    )


# ----- equipment ----------------------------------------------------------------------


def big_limit(s: MunchkinModel, seat: int) -> int:
    """How many Big items `seat` may have in play."""
    limit = s.CS.rules.big_items
    return 99 if limit >= 9 or player_stat(s, seat, Stat.BIG_ITEMS) > 0 else limit


def big_count(s: MunchkinModel, seat: int) -> int:
    """How many Big items `seat` has in play."""
    cards = s.CS.cards
    return sum(1 for c in s.table[seat] if cards[c].big)


def limited(s: MunchkinModel, seat: int, limit: Limit) -> tuple[list[int], int]:
    """The cards of `seat` a limit counts (its Big items, classes or races) and how many
    it allows now."""
    if limit == Limit.BIG:
        cards = s.CS.cards
        return [c for c in s.table[seat] if cards[c].big], big_limit(s, seat)
    kind = CLASS if limit == Limit.CLASS else RACE
    return traits(s, seat, kind), max_traits(s, seat, kind)


def capacity(s: MunchkinModel, seat: int) -> tuple[dict[SlotGroup, int], int]:
    """Slots of each group (head, armor, foot, hand units) and spare 'any' slots."""
    caps = dict(BASE_CAPACITY)
    spare = 0
    cards = s.CS.cards
    for c in active(s, seat):
        for m in cards[c].modifiers:
            if m.stat == SLOTS and (m.when is None or player_meets(s, seat, m.when)):
                if m.slot == SlotGroup.ANY:
                    spare += m.amount
                elif m.slot is not None:
                    caps[m.slot] += m.amount
    return caps, spare


def fits(s: MunchkinModel, seat: int, extra: int = -1) -> bool:
    """Whether the items `seat` has equipped (plus `extra`) fit its slots."""
    cards, unequipped = s.CS.cards, s.unequipped
    caps, spare = capacity(s, seat)
    used = dict.fromkeys(BASE_CAPACITY, 0)
    for c in s.table[seat]:
        if c == extra or (cards[c].kind == ITEM and c not in unequipped):
            slot = cards[c].slot
            group = SLOT_GROUP.get(slot)
            if group is not None:
                used[group] += HAND_UNITS.get(slot, 1)
    over = sum(max(0, used[g] - caps[g]) for g in used)
    return over <= spare


def can_equip(s: MunchkinModel, seat: int, card: int) -> bool:
    """Whether a sideways item of `seat` may be equipped now (restriction and slots)."""
    c = s.CS.cards[card]
    return allowed(s, seat, c) and fits(s, seat, card)


def fix_equipment(s: MunchkinModel, seat: int) -> None:
    """Turn sideways the last equipped items until the rest fit (a slot was lost)."""
    cards = s.CS.cards
    while not fits(s, seat):
        worn = [
            c
            for c in s.table[seat]
            if cards[c].kind == ITEM and c not in s.unequipped and cards[c].slot != Slot.NONE
        ]
        s.unequipped += (worn[-1],)
