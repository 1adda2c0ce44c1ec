"""Every card of the base set does what its data declares.

One test per design of ``data/base.toml``: a position is rigged where the card can act
(a monster fought, killed and running after someone, an enhancer played on a monster,
a curse suffered, an item carried and equipped, a one-shot or an ability used, a
follower hired...), the card acts, and the result is compared with what `card_model`
computes from the card's own data (its level, treasures, modifiers and their
conditions, Bad Stuff, triggers, replacements, uses and their costs and limits). A card
whose data and behaviour disagree fails; a stat, trigger, operation or hook that these
checks do not know fails too, naming what to add.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations
from typing import Any

import pytest

from gamenight.games.munchkin import MunchkinState
from gamenight.games.munchkin.actions import (
    ACCEPT,
    CHOOSE_MONSTER,
    DONE,
    END_TURN,
    KICK,
    ROLL,
    SELL,
    ChooseSeat,
    Pick,
    Play,
    Trade,
    Use,
)
from gamenight.games.munchkin.content import (
    KINDS,
    AbilityData,
    CardData,
    OpData,
    WhenData,
)
from gamenight.kernel import PASS, Action

from .card_model import (
    DATA,
    DRAWN,
    TOP,
    Character,
    Fight,
    Seat,
    allowed,
    assert_players,
    holds_for_monster,
    holds_for_player,
    meeting,
    monster_stat,
    player_modifier,
    player_stat,
    predict,
    seats,
)
from .driving import answer_choices, answer_first, pass_window
from .helpers import CS, card, events, game, keys, play

# A level-3 fighter with these in play (strength 23) beats every monster of the set.
KIT = (
    "hireling",
    "mithril_mail",
    "singing_sword",
    "buckler",
    "gentlemans_club",
    "helm_of_nerve",
    "kicking_boots",
    "spiky_knees",
    "strength_tights",
)
KIT_FIGHTER = Character(level=3)
# A level-7 Cleric Dwarf with an item in every slot, a unique best item and four cards
# in hand: something for every kind of Bad Stuff and curse to take.
VICTIM_TABLE = (
    "cleric",
    "dwarf",
    "helm_of_nerve",
    "mithril_mail",
    "tap_shoes",
    "buckler",
    "pointy_stick",
    "spiky_knees",
)
VICTIM_HAND = ("boomerang", "eleven_foot_pole", "flaming_armor", "speedy_boots")
VICTIM = Character(level=7, traits=("cleric", "dwarf"))
OTHER_LEVELS = (4, 3)  # the other seats: distinct levels, so looting needs no die
STRONGER = (("ancient", 0), ("gigantic", 0))  # +20 on the first monster: nobody beats it
FILLER = ("wandering_monster",) * 3 + ("half_breed",) * 2 + ("super_munchkin",) * 2  # costs
JOINING = ("grumpy_chest", "gooey_puddle", "moody_goblin")  # Door tops that join a fight


def bare_monsters(tags: frozenset[str] = frozenset()) -> list[str]:
    """The monsters with these tags and no modifier or trigger, weakest first."""
    found = [
        d
        for d in DATA.values()
        if d.kind == "monster" and tags <= set(d.tags) and not d.modifiers and not d.triggers
    ]
    assert found, f"the set has no bare monster with tags {set(tags)}"
    return [d.id for d in sorted(found, key=lambda d: d.level)]


def bare_monster(tags: frozenset[str] = frozenset()) -> str:
    """The weakest bare monster with these tags."""
    return bare_monsters(tags)[0]


PLAIN, SECOND = bare_monsters()[:2]


def strength(state: MunchkinState, seat: int) -> int:
    return state.view(None)["seats"][seat]["strength"]


def monster_view(state: MunchkinState, index: int = 0) -> dict[str, Any]:
    return state.view(None)["combat"]["monsters"][index]


# ----- monsters ---------------------------------------------------------------------------


def check_monster(data: CardData) -> None:
    """Its strength against whoever fights it, what it does as it joins, when killed
    and when it catches a runner, whom it chases, and what its tags mean."""
    check_monster_strength(data)
    check_monster_revealed(data)
    check_monster_killed(data)
    check_monster_catches(data)
    check_monster_chases(data)
    check_monster_tags(data)


def fighters(data: CardData) -> list[tuple[Character, bool]]:
    """A plain fighter, then one meeting each condition of the monster's modifiers (with
    a helper when the condition asks for one)."""
    out = [(Character(), False)]
    for mod in data.modifiers:
        for when in (mod.when, mod.unless):
            if when is not None:
                who, fight = meeting(when)
                out.append((who, fight.helped))
    return out


def check_monster_strength(data: CardData) -> None:
    """Strength and treasures: its level and treasures, and its modifiers that hold."""
    helper = Character(level=1)
    for who, helped in fighters(data):
        state = game(
            monsters=[data.id],
            door=["elf"],
            levels=[who.level, helper.level, 1],
            sexes=[who.sex, 0, 0],
            table={0: who.traits},
            helper=1 if helped else -1,
        )
        players = [who, helper] if helped else [who]
        want = (
            max(1, data.level + monster_stat([data], "combat", data, players, helped)),
            max(0, data.treasures + monster_stat([data], "treasures", data, players, helped)),
        )
        shown = monster_view(state)
        assert (shown["strength"], shown["treasures"]) == want, (who, helped)


def check_monster_revealed(data: CardData) -> None:
    """Its ``revealed`` triggers, as it is kicked open (monsters from the Door deck
    join it for an ``add_monster``)."""
    triggers = [t for t in data.triggers if t.on == "revealed"]
    if not triggers:
        return
    state = game(door=[data.id, *JOINING], levels=[3, 3, 3])
    before = seats(state)
    state.apply(0, KICK)
    answer_choices(state)
    fighter = [Character(level=3)]
    acting = [t for t in triggers if holds_for_monster(t.when, data, fighter, False)]
    joined = [JOINING[: op.amount] for t in acting for op in t.do if op.op == "add_monster"]
    assert keys(state.monsters) == [data.id, *(k for group in joined for k in group)]
    ops = [op for t in acting for op in t.do if op.op != "add_monster"]
    assert_players(state, predict(ops, before, 0))


def check_monster_killed(data: CardData) -> None:
    """Killed: its levels, its treasures face down, its ``won`` triggers."""
    state = game(monsters=[data.id], door=["elf"], table={0: KIT}, levels=[3, 1, 1])
    before = seats(state)
    assert state.view(None)["combat"]["winning"]
    pass_window(state)
    cards = [data]
    gained = data.levels + monster_stat(cards, "levels", data, [KIT_FIGHTER], False)
    drawn = data.treasures + monster_stat(cards, "treasures", data, [KIT_FIGHTER], False)
    before[0].level += gained  # the kill's levels, then its triggers, then the treasures
    won = [op for t in data.triggers if t.on == "won" for op in t.do]
    expected = predict(won, before, 0, kill=True)
    expected[0].hand += [DRAWN[1]] * drawn
    assert_players(state, expected)
    assert card(data.id) in state.door_discard and state.phase == "after"


def check_monster_catches(data: CardData) -> None:
    """Running from it on a 1: its run modifiers, then its Bad Stuff and ``caught``
    triggers (on a victim with something for every kind of loss)."""
    state = game(
        monsters=[data.id],
        enhancers=STRONGER,
        door=["elf"],
        table={0: VICTIM_TABLE},
        hands={0: VICTIM_HAND},
        levels=[VICTIM.level, *OTHER_LEVELS],
        dice=[1],
    )
    before = seats(state)
    cards = [data, DATA["ancient"], DATA["gigantic"]]
    chased = monster_stat(cards, "escape", data, [VICTIM], False) <= 0
    answer_first(state)
    if not chased:
        assert_players(state, before)
        return
    run = monster_stat(cards, "run", data, [VICTIM], False)
    run += sum(
        player_stat(DATA[key], "run", VICTIM, Fight(frozenset(data.tags))) for key in VICTIM_TABLE
    )
    assert events(state, "ran")[0]["total"] == 1 + run
    caught = [op for t in data.triggers if t.on == "caught" for op in t.do]
    ops = [*data.bad_stuff, *caught]
    expected = predict(ops, before, 0)
    if any(op.op == "die" for op in ops):  # the others loot the body: their hands differ
        for p in (1, 2):
            expected[p].hand = list(state.hands[p])
    assert_players(state, expected)


def check_monster_chases(data: CardData) -> None:
    """An ``escape`` modifier: whoever meets its condition is not chased, one level
    above is."""
    for mod in data.modifiers:
        if mod.stat != "escape":
            continue
        who, _ = meeting(mod.when)
        for runner in (who, replace(who, level=who.level + 1)):
            state = game(
                monsters=[data.id],
                enhancers=STRONGER,
                door=["elf"],
                levels=[runner.level, 1, 1],
                sexes=[runner.sex, 0, 0],
                table={0: runner.traits},
            )
            pass_window(state)
            chased = monster_stat([data], "escape", data, [runner], False) <= 0
            assert (state.phase == "run") == chased, runner
            assert bool(events(state, "escape")) != chased, runner


def check_monster_tags(data: CardData) -> None:
    """A tag of the ruleset's ``joins`` lets the monster join from a hand a fight with
    another monster of the tag; a card's condition on a tag holds against it only if it
    has the tag (a modifier counts, an ability is offered)."""
    this = card(data.id)
    for tag in CS.rules.joins:
        other = next(k for k in bare_monsters(frozenset({tag})) if k != data.id)
        state = game(monsters=[other], door=["elf"], hands={1: [data.id]})
        assert (Play(this) in state.legal_actions(1)) == (tag in data.tags), tag
    fight = Fight(frozenset(data.tags), "fighter")
    for design, when in tag_conditions():
        who = holder(design, when)[0]
        with_card, _ = rig_holder(design, who, fight, monsters=[data.id], hands={0: FILLER[:3]})
        without, _ = rig_holder(None, who, fight, monsters=[data.id])
        want = design.bonus + player_stat(design, "combat", who, fight)
        assert strength(with_card, 0) - strength(without, 0) == want, design.id
        for k, ability in enumerate(design.abilities, start=1 if design.use else 0):
            if ability.when is when:
                offered = Use(card(design.id), k) in with_card.legal_actions(0)
                assert offered == holds_for_player(when, who, fight), design.id


def tag_conditions() -> list[tuple[CardData, WhenData]]:
    """The player's cards with a condition on the monsters' tags, and that condition."""
    found = []
    for design in DATA.values():
        conditions = [m.when for m in design.modifiers] + [a.when for a in design.abilities]
        found += [(design, when) for when in conditions if when is not None and when.tag]
    return found


# ----- enhancers and Wandering Monster ----------------------------------------------------


def check_enhancer(data: CardData) -> None:
    """Played on a bare monster: its strength, treasures, the levels of a kill and the
    run-away total change by the enhancer's modifiers."""
    base = DATA[PLAIN]
    cards = [base, data]
    state = game(
        monsters=[PLAIN], door=["elf"], table={0: KIT}, hands={1: [data.id]}, levels=[3, 1, 1]
    )
    state.apply(1, Play(card(data.id)))
    shown = monster_view(state)
    assert shown["enhancers"] == [card(data.id)]
    assert shown["strength"] == max(
        1, base.level + monster_stat(cards, "combat", base, [KIT_FIGHTER], False)
    )
    treasures = max(
        0, base.treasures + monster_stat(cards, "treasures", base, [KIT_FIGHTER], False)
    )
    assert shown["treasures"] == treasures
    pass_window(state)
    levels = base.levels + monster_stat(cards, "levels", base, [KIT_FIGHTER], False)
    assert state.level[0] == 3 + levels and len(state.hands[0]) == treasures
    assert card(data.id) in state.door_discard

    weak = game(monsters=[PLAIN], door=["elf"], hands={1: [data.id]}, dice=[3])
    weak.apply(1, Play(card(data.id)))
    pass_window(weak)
    weak.apply(0, ROLL)
    run = monster_stat(cards, "run", base, [Character(level=1)], False)
    assert weak.view(None)["run"]["total"] == 3 + run


def check_wandering(data: CardData) -> None:
    """It brings a monster from its player's hand into the fight."""
    state = game(monsters=[PLAIN], door=["elf"], hands={1: [data.id, SECOND]})
    state.apply(1, Play(card(data.id)))
    assert state.legal_actions(1) == [Pick(card(SECOND))]
    state.apply(1, Pick(card(SECOND)))
    assert keys(state.monsters) == [PLAIN, SECOND]
    assert card(data.id) in state.door_discard and state.hands[1] == []


# ----- curses -----------------------------------------------------------------------------


def check_curse(data: CardData) -> None:
    """Suffered by a victim with something of everything: its operations; it stays if
    it persists (then its modifiers and how long it stays)."""
    curse = card(data.id)
    state = game(
        table={0: VICTIM_TABLE},
        hands={0: VICTIM_HAND, 1: [data.id]},
        levels=[VICTIM.level, *OTHER_LEVELS],
        phase="after",
    )
    state.apply(0, END_TURN)  # the end-of-turn window: anybody may curse anybody
    play(state, (1, Play(curse)), (1, ChooseSeat(0)))
    before = seats(state)
    assert state.actors() == (0,) and PASS in state.legal_actions(0)
    state.apply(0, PASS)
    answer_choices(state)
    assert data.use is not None
    assert_players(state, predict(data.use.do, before, 0))
    stays = data.persistent != "none"
    assert (curse in state.table[0]) == stays and (curse in state.door_discard) != stays
    if stays:
        check_modifiers(data)
        check_persistence(data)


def check_persistence(data: CardData) -> None:
    """A curse that stays goes at the end of its victim's next combat (``combat``) or
    stays until removed (``always``)."""
    state = game(monsters=[PLAIN], door=["elf"], table={0: [*KIT, data.id]}, levels=[3, 1, 1])
    answer_first(state)
    assert (card(data.id) in state.table[0]) == (data.persistent == "always")


# ----- cards in play: modifiers, triggers, replacements -----------------------------------


def holder(data: CardData, *conditions: WhenData | None) -> tuple[Character, Fight]:
    """A player who may use `data` (its restriction) and meets `conditions`."""
    who, fight = meeting(data.only, *conditions)
    assert allowed(data, who), f"cannot build a player allowed to use {data.id}"
    return who, fight


def rig_holder(
    data: CardData | None, who: Character, fight: Fight, **setup: Any
) -> tuple[MunchkinState, int]:
    """`who` with `data` in play (None: without it), in `fight`: as the fighter, or as the
    helper of seat 0's fight. Returns the state and the holder's seat."""
    seat = 1 if fight.side == "helper" else 0
    table = {seat: [*who.traits, *([data.id] if data else []), *setup.pop("table", ())]}
    levels, sexes = [1, 1, 1], [0, 0, 0]
    levels[seat], sexes[seat] = who.level, who.sex
    if fight.side is not None:
        setup.setdefault("monsters", [bare_monster(fight.tags)])
        setup.setdefault("door", ["elf"])
        setup.setdefault("helper", 1 if fight.helped else -1)
    return game(table=table, levels=levels, sexes=sexes, **setup), seat


def check_modifiers(data: CardData) -> None:
    """Every stat a player's card could change, checked against the card's modifiers of
    that stat (none: no change at all)."""
    unknown = {m.stat for m in data.modifiers} - set(MODIFIER_CHECKS)
    assert not unknown, f"no check for modifiers of {sorted(unknown)} on a player's card"
    for check in MODIFIER_CHECKS.values():
        check(data)


def contexts(data: CardData, stat: str) -> list[tuple[Character, Fight]]:
    """A plain holder, and one meeting each condition of the card's `stat` modifiers."""
    out = [holder(data)]
    for mod in data.modifiers:
        for when in (mod.when, mod.unless) if mod.stat == stat else ():
            found = holder(data, when)
            if when is not None and found not in out:
                out.append(found)
    return out


def total(data: CardData, stat: str, who: Character, fight: Fight) -> int:
    """A stat's modifiers that hold: the card's, and those of the holder's class and race."""
    return player_stat(data, stat, who, fight) + sum(
        player_stat(DATA[key], stat, who, fight) for key in who.traits
    )


def check_combat_stat(data: CardData) -> None:
    """Strength: an item's bonus and the card's ``combat`` modifiers that hold."""
    for who, fight in contexts(data, "combat"):
        with_card, seat = rig_holder(data, who, fight)
        without, _ = rig_holder(None, who, fight)
        bonus = data.bonus if data.kind == "item" else 0
        want = bonus + player_stat(data, "combat", who, fight)
        assert strength(with_card, seat) - strength(without, seat) == want, (who, fight)


def check_run_stat(data: CardData) -> None:
    """The run-away total: the card's ``run`` modifiers that hold."""
    for who, fight in contexts(data, "run"):
        assert fight.side in (None, "fighter"), "a run modifier checked for a helper"
        fight = replace(fight, side="fighter")
        totals = []
        for held in (data, None):
            state, _ = rig_holder(held, who, fight, enhancers=STRONGER, dice=[3])
            pass_window(state)
            state.apply(0, ROLL)
            totals.append(state.view(None)["run"]["total"])
        assert totals[0] - totals[1] == player_stat(data, "run", who, fight), who


def check_escape_stat(data: CardData) -> None:
    """A runner escapes without rolling (no card of the base set says so: nobody does)."""
    for who, fight in contexts(data, "escape"):
        fight = replace(fight, side="fighter")
        state, _ = rig_holder(data, who, fight, enhancers=STRONGER)
        pass_window(state)
        assert (state.phase == "run") == (total(data, "escape", who, fight) <= 0), who


def check_hand_limit_stat(data: CardData) -> None:
    """The hand limit: the card's ``hand_limit`` modifiers that hold."""
    for who, fight in contexts(data, "hand_limit"):
        with_card, seat = rig_holder(data, who, fight)
        without, _ = rig_holder(None, who, fight)
        limit = [s.view(None)["seats"][seat]["hand_limit"] for s in (with_card, without)]
        assert limit[0] - limit[1] == player_stat(data, "hand_limit", who, fight), who


def check_treasures_stat(data: CardData) -> None:
    """Treasures drawn for a win, alone and with a helper."""
    monster = DATA[PLAIN]
    who = replace(holder(data)[0], level=TOP - 2)  # wins, and the win does not end the game
    for helped in (False, True):
        fight = Fight(frozenset(monster.tags), "fighter", helped)
        state, _ = rig_holder(data, who, fight, monsters=[PLAIN])
        assert state.view(None)["combat"]["winning"]
        pass_window(state)
        drawn = len(state.hands[0]) + len(state.hands[1])
        assert drawn == monster.treasures + total(data, "treasures", who, fight), helped


SLOT_GROUPS = {"head": ("head",), "armor": ("armor",), "foot": ("foot",), "hand": ("hand1",)}
CAPACITY = {"head": 1, "armor": 1, "foot": 1, "hand": 2}  # the rules' slots (hands: units)


def free_items(group: str, count: int, exclude: str = "") -> list[str]:
    """`count` unrestricted, small items of a slot group (one hand each)."""
    found = [
        d.id
        for d in DATA.values()
        if d.kind == "item"
        and d.slot in SLOT_GROUPS[group]
        and not (d.only or d.barred or d.big)
        and d.id != exclude
    ]
    assert len(found) >= count, f"the set has too few {group} items"
    return found[:count]


def check_slots_stat(data: CardData) -> None:
    """Two items more than a slot group takes: as many stay sideways as the card gives
    no slot for, of that group or of any (an item's own group is for
    `check_carried_and_equipped`)."""
    who, fight = holder(data)
    own = {"hand1": "hand", "hand2": "hand"}.get(data.slot or "none", data.slot)
    for group, capacity in CAPACITY.items():
        if data.kind == "item" and own == group:
            continue
        extra = sum(
            player_modifier(m, who, fight)
            for m in data.modifiers
            if m.stat == "slots" and m.slot in (group, "any")
        )
        state, _ = rig_holder(data, who, fight, table=free_items(group, capacity + 2, data.id))
        assert len(state.unequipped) == max(0, 2 - extra), group


def items_worth(value: int, exclude: str) -> list[str]:
    return [
        d.id for d in DATA.values() if d.kind == "item" and d.value == value and d.id != exclude
    ]


def check_sale_stat(data: CardData) -> None:
    """One item sold alone: the highest value that makes a level with the card's sale
    bonus does, the highest below it does not; the bonus counts once a turn."""
    gold = CS.rules.gold_per_level
    who, fight = holder(data)
    pct = total(data, "sale", who, fight)
    values = [v for v in range(100, gold, 100) if len(items_worth(v, data.id)) >= 2]
    reaching = [v for v in values if v + v * pct // 100 >= gold]
    short = [v for v in values if v + v * pct // 100 < gold]
    for value, sells in ((min(reaching, default=0), True), (max(short, default=0), False)):
        if not value:
            continue
        first, second = items_worth(value, data.id)[:2]
        state, seat = rig_holder(data, who, fight, hands={0: [first, second]}, phase="after")
        play(state, (seat, SELL), (seat, Pick(card(first))))
        assert (DONE in state.legal_actions(seat)) == sells, value
        if sells:
            state.apply(seat, DONE)
            assert state.level[seat] == who.level + 1
            if SELL in state.legal_actions(seat):  # once a turn: alone, the second is short
                play(state, (seat, SELL), (seat, Pick(card(second))))
                assert DONE not in state.legal_actions(seat)


def check_big_items_stat(data: CardData) -> None:
    """Big items from hand: one at most (the card may be one), any number with the
    card's (or the holder's) ``big_items``."""
    who, fight = holder(data)
    bigs = [
        d.id
        for d in DATA.values()
        if d.kind == "item" and d.big and not (d.only or d.barred) and d.id != data.id
    ][:2]
    any_number = total(data, "big_items", who, fight) > 0
    state, seat = rig_holder(data, who, fight, hands={0: bigs}, phase="after")
    carried = data.kind == "item" and data.big
    for big in bigs:
        playable = any_number or not carried
        assert (Play(card(big)) in state.legal_actions(seat)) == playable, big
        if not playable:
            break
        state.apply(seat, Play(card(big)))
        carried = True


def check_wins_ties_stat(data: CardData) -> None:
    """A fight of equal strengths: won only with ``wins_ties``."""
    who, _ = holder(data)
    fight = Fight(side="fighter")
    state = tie(data, who)
    wins = total(data, "wins_ties", who, fight) > 0
    pass_window(state)
    assert (state.phase != "run") == wins


def tie(data: CardData, who: Character) -> MunchkinState:
    """`who` with the card fights a bare monster of exactly their strength."""
    for monster in bare_monsters():
        probe, _ = rig_holder(
            data, replace(who, level=1), Fight(side="fighter"), monsters=[monster]
        )
        level = DATA[monster].level - (strength(probe, 0) - 1)
        if 1 <= level < TOP:
            state, _ = rig_holder(
                data, replace(who, level=level), Fight(side="fighter"), monsters=[monster]
            )
            shown = state.view(None)["combat"]
            assert shown["players_strength"] == shown["monsters_strength"]
            return state
    raise AssertionError(f"no bare monster ties with {data.id}")


def check_extra_trait_stat(data: CardData) -> None:
    """A second class (race): playable only with the card's ``extra_class`` (``extra_race``)."""
    who, fight = holder(data)
    for kind, stat in (("class", "extra_class"), ("race", "extra_race")):
        traits = [d.id for d in DATA.values() if d.kind == kind]
        held = [k for k in (*who.traits, data.id) if DATA[k].kind == kind]
        first = [] if held else traits[:1]
        second = next(k for k in traits if k not in held + first)
        state, seat = rig_holder(data, who, fight, table=first, hands={0: [second]}, phase="after")
        allowed_two = total(data, stat, who, fight) > 0
        assert (Play(card(second)) in state.legal_actions(seat)) == allowed_two, kind


MODIFIER_CHECKS: dict[str, Callable[[CardData], None]] = {
    "combat": check_combat_stat,
    "run": check_run_stat,
    "escape": check_escape_stat,
    "hand_limit": check_hand_limit_stat,
    "treasures": check_treasures_stat,
    "slots": check_slots_stat,
    "sale": check_sale_stat,
    "big_items": check_big_items_stat,
    "wins_ties": check_wins_ties_stat,
    "extra_class": check_extra_trait_stat,
    "extra_race": check_extra_trait_stat,
}


def check_triggers(data: CardData) -> None:
    """Each trigger of a player's card, as its event happens to the holder."""
    for trigger in data.triggers:
        check = TRIGGER_CHECKS.get(trigger.on)
        assert check is not None, f"no check for a {trigger.on!r} trigger on a player's card"
        check(data, trigger.do, trigger.when)


def gain(players: list[Seat], seat: int, card_id: int) -> None:
    """`card_id` entered `seat`'s play (for an expectation)."""
    if CS.kind[card_id] == "item":
        players[seat].items.append(card_id)


def lose(players: list[Seat], seat: int, card_id: int) -> None:
    """`card_id` left `seat`'s play (for an expectation)."""
    if card_id in players[seat].items:
        players[seat].items.remove(card_id)


def check_enter_trigger(data: CardData, ops: list[OpData], when: WhenData | None) -> None:
    """Played from hand, the card's ``enter`` operations act on its holder."""
    who, _ = holder(data, when)
    state, seat = rig_holder(None, who, Fight(), hands={0: [data.id]}, phase="after")
    expected = seats(state)
    expected[seat].hand.remove(card(data.id))
    gain(expected, seat, card(data.id))
    state.apply(seat, Play(card(data.id)))
    answer_choices(state)
    assert_players(state, predict(ops, expected, seat))


def check_leave_trigger(data: CardData, ops: list[OpData], when: WhenData | None) -> None:
    """The card leaves play: traded away if it can be, else discarded."""
    who, _ = holder(data, when)
    state, seat = rig_holder(data, who, Fight(), phase="after")
    this = card(data.id)
    expected = seats(state)
    lose(expected, seat, this)
    if CS.carried[this]:
        play(state, (seat, Trade(1)), (seat, Pick(this)), (seat, DONE), (1, ACCEPT))
        gain(expected, 1, this)
    else:
        state.apply(seat, state.A.discard[this])
    answer_choices(state)
    assert_players(state, predict(ops, expected, seat))


DEADLY = next(
    d.id for d in DATA.values() if d.kind == "monster" and [op.op for op in d.bad_stuff] == ["die"]
)


def check_death_trigger(data: CardData, ops: list[OpData], when: WhenData | None) -> None:
    """The holder dies (and is looted): then the ``death`` operations act."""
    who, _ = holder(data, when)
    state, seat = rig_holder(
        data, who, Fight(side="fighter"), monsters=[DEADLY], enhancers=STRONGER, dice=[1]
    )
    before = seats(state)
    answer_first(state)
    dead = predict(DATA[DEADLY].bad_stuff, before, seat)
    assert_players(state, predict(ops, dead, seat), only=seat)


def check_helped_kill_trigger(data: CardData, ops: list[OpData], when: WhenData | None) -> None:
    """Once per monster the holder helps to kill (two here)."""
    who, _ = holder(data, when)
    killed = [PLAIN, SECOND]
    state = game(
        monsters=killed,
        door=["elf"],
        table={0: KIT, 1: [*who.traits, data.id]},
        levels=[3, who.level, 1],
        sexes=[0, who.sex, 0],
        helper=1,
    )
    before = seats(state)
    pass_window(state)
    expected = predict([*ops, *ops], before, 1, kill=True)
    assert_players(state, expected, only=1)


TRIGGER_CHECKS: dict[str, Callable[[CardData, list[OpData], WhenData | None], None]] = {
    "enter": check_enter_trigger,
    "leave": check_leave_trigger,
    "death": check_death_trigger,
    "helped_kill": check_helped_kill_trigger,
}


def check_replacements(data: CardData) -> None:
    """What the card stops happening to its holder, and what happens instead."""
    for replacement in data.replacements:
        check = REPLACEMENT_CHECKS.get(replacement.instead_of)
        assert check is not None, f"no check for a replacement of {replacement.instead_of!r}"
        who, _ = holder(data)
        state, before = check(data, who)
        if not replacement.keep:
            lose(before, 0, card(data.id))
        expected = predict(replacement.do, before, 0)
        assert_players(state, expected, only=0)
        assert (card(data.id) in state.table[0]) == replacement.keep


def cursed_by(
    data: CardData, who: Character, curse: str, *table: str
) -> tuple[MunchkinState, list[Seat]]:
    """Seat 1 aims `curse` at `who` (seat 0, holding `data` and `table`) in the
    end-of-turn window; seat 0 takes it if it is asked to. Returns the state and the
    players just before it would act."""
    state, _ = rig_holder(data, who, Fight(), table=table, hands={1: [curse]}, phase="after")
    play(state, (0, END_TURN), (1, Play(card(curse))))
    before = seats(state)
    state.apply(1, ChooseSeat(0))
    if state.stack:  # nothing stopped the curse: the victim is asked
        state.apply(0, PASS)
    answer_choices(state)
    return state, before


def instead_of_dying(data: CardData, who: Character) -> tuple[MunchkinState, list[Seat]]:
    """Caught by a monster whose Bad Stuff is death."""
    state, _ = rig_holder(
        data, who, Fight(side="fighter"), monsters=[DEADLY], enhancers=STRONGER, dice=[1]
    )
    before = seats(state)
    answer_first(state)
    return state, before


def instead_of_losing_a_level(data: CardData, who: Character) -> tuple[MunchkinState, list[Seat]]:
    """Cursed to lose a level."""
    return cursed_by(data, replace(who, level=3), "curse_lose_level")


def instead_of_losing_an_item(data: CardData, who: Character) -> tuple[MunchkinState, list[Seat]]:
    """Cursed to lose a headgear (one is worn)."""
    return cursed_by(data, who, "curse_hat", "helm_of_nerve")


def instead_of_a_curse(data: CardData, who: Character) -> tuple[MunchkinState, list[Seat]]:
    """Any curse aimed at the holder (one to lose a level)."""
    return cursed_by(data, replace(who, level=3), "curse_lose_level")


REPLACEMENT_CHECKS: dict[str, Callable[[CardData, Character], tuple[MunchkinState, list[Seat]]]] = {
    "die": instead_of_dying,
    "lose_level": instead_of_losing_a_level,
    "lose_item": instead_of_losing_an_item,
    "curse": instead_of_a_curse,
}


# ----- uses: one-shots, Go up a level, abilities of cards in play ----------------------


def use_position(
    data: CardData,
    ability: AbilityData,
    *,
    from_hand: bool,
    user: int | None = None,
    meets: bool = True,
    cards: int = 4,
) -> tuple[MunchkinState, int]:
    """A position where `ability` of `data` (in `user`'s hand or play) may be used now,
    the user holding `cards` cards besides to pay costs; and the user's seat. The user
    meets the ability's condition (unless not `meets`); seat 0 is the turn's player and
    the fighter, a seat outside the fight is seat 1 (or `user`)."""
    timing, role = ability.timing, ability.role
    who, fight = holder(data, ability.when) if meets else holder(data)
    first = ability.do[0] if ability.do else None
    if user is None:
        outside = role in ("any", "other") and timing in ("combat", "roll")
        user = 1 if outside or role == "helper" else 0
    players = [Character(level=1)] * 3
    if first is not None and first.op == "combat_bonus" and first.to == "all":
        players[0] = meeting(first.when)[0]  # a fighter the bonus is for
    players[user] = who
    table = {p: list(c.traits) for p, c in enumerate(players)}
    hands = {user: [*([data.id] if from_hand else []), *FILLER[:cards]]}
    if not from_hand:
        table[user].append(data.id)
    setup: dict[str, Any] = {"door": ["elf"], "phase": "after"}
    if first is not None and first.op == "cancel_curse" and timing != "curse":
        table[user].append("curse_chicken")  # a curse that stays on the user, to remove
    if first is not None and first.hook == "steal":
        table[(user + 1) % 3].append("buckler")  # a small item to steal, on a 4
        setup["dice"] = [4]
    if first is not None and first.hook == "resurrect":
        setup.update(phase="start", door_discard=[PLAIN])  # instead of kicking open the door
    if timing == "curse":
        hands[1] = ["curse_lose_level"]  # aimed at the user in the end-of-turn window
    if timing == "combat":
        setup.update(phase="start", monsters=[bare_monster(fight.tags)])
        setup["helper"] = 1 if role == "helper" else -1
    elif timing in ("run", "roll"):  # two monsters to run from, the first chosen
        setup.update(phase="start", monsters=[PLAIN, SECOND], enhancers=STRONGER)
        setup["dice"] = [3, 6]  # a failed roll, then a reroll's 6
    state = game(
        hands=hands,
        table=table,
        levels=[c.level for c in players],
        sexes=[c.sex for c in players],
        **setup,
    )
    if timing in ("run", "roll"):
        pass_window(state)
        state.apply(0, CHOOSE_MONSTER[0])
    if timing == "roll":
        state.apply(0, ROLL)
    if timing == "curse":
        play(state, (0, END_TURN), (1, Play(card("curse_lose_level"))), (1, ChooseSeat(user)))
    return state, user


def action_of(data: CardData, k: int, from_hand: bool) -> Action:
    """A one-shot played from hand, or ability `k` of a card in play."""
    return Play(card(data.id)) if from_hand else Use(card(data.id), k)


def exercise(data: CardData, ability: AbilityData, k: int, *, from_hand: bool) -> None:
    """Use the ability as long as it is offered: each use pays its cost and does what
    its operations say, and it is offered as often as its limit and costs allow."""
    state, user = use_position(data, ability, from_hand=from_hand)
    action = action_of(data, k, from_hand)
    hand = len(state.hands[user]) - from_hand
    uses = 0
    while action in state.legal_actions(user):
        before = state.clone()
        state.apply(user, action)
        answer_choices(state)
        check_use(data, ability, before, state, user, from_hand)
        uses += 1
        assert uses <= 10, "an ability offered forever"
    assert uses == expected_uses(data, ability, from_hand, hand)
    check_who_may_use(data, ability, k, from_hand)


def expected_uses(data: CardData, ability: AbilityData, from_hand: bool, hand: int) -> int:
    """How often an ability may be used with `hand` cards to pay: once for a card that
    goes with its use, else as its limit and its cost allow."""
    cost = ability.cost
    if from_hand or data.kind == "oneshot" or cost.discard_self or cost.discard_hand:
        return 1
    bounds = []
    if ability.limit:
        bounds.append(ability.limit)  # per target: the one player in the fight
    if cost.discard:
        bounds.append(hand // cost.discard)
    assert bounds, "an ability with neither a limit nor a cost"
    return min(bounds)


def check_use(
    data: CardData,
    ability: AbilityData,
    before: MunchkinState,
    after: MunchkinState,
    user: int,
    from_hand: bool,
) -> None:
    """One use: its cost, then each operation (the model's, or a check of its own)."""
    this = card(data.id)
    cost = ability.cost
    expected = seats(before)
    me = expected[user]
    if from_hand:
        me.hand.remove(this)
    del me.hand[: len(me.hand) if cost.discard_hand else cost.discard]  # the first cards
    me.level = max(1, me.level - cost.lose_level)
    if cost.discard_self or data.kind == "oneshot":
        lose(expected, user, this)
        assert this in after.treasure_discard + after.door_discard
    for op in ability.do:
        own = OP_CHECKS.get(op.op)
        if own is None:
            expected = predict([op], expected, user)
        else:
            own(op, before, after, user, expected)
    assert_players(after, expected)


def check_who_may_use(data: CardData, ability: AbilityData, k: int, from_hand: bool) -> None:
    """Nobody outside the ability's role, nobody failing its condition and nobody short
    of the cards its cost discards may use it."""
    action = action_of(data, k, from_hand)
    role, timing = ability.role, ability.timing
    if role in ("fighter", "combatant", "runner", "helper") and timing in ("combat", "roll"):
        state, seat = use_position(data, ability, from_hand=from_hand, user=2)
        assert seat in state.actors() and action not in state.legal_actions(seat)
    if ability.when is not None:
        state, seat = use_position(data, ability, from_hand=from_hand, meets=False)
        assert action not in state.legal_actions(seat)
    need = max(ability.cost.discard, ability.cost.discard_hand)
    if need:
        for cards, offered in ((need - 1, False), (need, True)):
            state, seat = use_position(data, ability, from_hand=from_hand, cards=cards)
            assert (action in state.legal_actions(seat)) == offered, cards


# Each check compares `before` and `after` and may update the expected players.
OpCheck = Callable[[OpData, MunchkinState, MunchkinState, int, list[Seat]], None]


def targets_of(op: OpData, state: MunchkinState, user: int) -> list[int]:
    """The players an operation of a use hits (the tests aim at the fighter)."""
    if op.to == "subject":
        return [user]
    if op.to in ("player", "combatant"):
        return [state.turn]
    assert op.to == "all", op.to
    living = [p for p, seat in enumerate(seats(state)) if not seat.dead]
    return [p for p in living if op.when is None or seats(state)[p].character().fits(op.when)]


def check_combat_bonus(
    op: OpData, before: MunchkinState, after: MunchkinState, user: int, expected: list[Seat]
) -> None:
    hit = targets_of(op, before, user)
    for p in range(before.num_players):
        assert strength(after, p) - strength(before, p) == (op.amount if p in hit else 0), p


def check_run_bonus(
    op: OpData, before: MunchkinState, after: MunchkinState, user: int, expected: list[Seat]
) -> None:
    def bonus(state: MunchkinState) -> int:
        pairs = state.view(None)["combat"]["run_bonuses"]
        return sum(pairs[i + 1] for i in range(0, len(pairs), 2) if pairs[i] == user)

    assert bonus(after) - bonus(before) == op.amount


def check_monster_leaves(
    op: OpData, before: MunchkinState, after: MunchkinState, user: int, expected: list[Seat]
) -> None:
    """The monster leaves (the fight ends with it); defeated, its treasures go to the
    fighter (no level); removed, nobody gets them."""
    monster = before.monsters[0]
    assert monster not in after.monsters and monster in after.door_discard
    if op.op == "defeat_monster":
        expected[before.turn].hand += [DRAWN[1]] * monster_view(before)["treasures"]


def check_escape(
    op: OpData, before: MunchkinState, after: MunchkinState, user: int, expected: list[Seat]
) -> None:
    """Escaped without a roll: from every monster (``all``), or from this one only (the
    position has a second monster to run from)."""
    assert not events(after, "ran") and not events(after, "caught")
    if op.all:
        assert after.phase != "run"
    else:
        assert after.phase == "run" and after.view(None)["run"]["left"] == [card(SECOND)]


def check_set_roll(
    op: OpData, before: MunchkinState, after: MunchkinState, user: int, expected: list[Seat]
) -> None:
    assert after.view(None)["run"]["roll"] == (op.value or 1)  # 0: chosen (the first face)


def check_reroll(
    op: OpData, before: MunchkinState, after: MunchkinState, user: int, expected: list[Seat]
) -> None:
    assert (before.view(None)["run"]["roll"], after.view(None)["run"]["roll"]) == (3, 6)


def check_cancel_curse(
    op: OpData, before: MunchkinState, after: MunchkinState, user: int, expected: list[Seat]
) -> None:
    """Against a curse aimed at the user it stops it; at other times it removes a curse
    that stays on them."""
    deciding = before.view(None)["deciding"]
    if deciding is not None and deciding["kind"] == "curse":
        assert events(after, "curse_cancelled") and card("curse_lose_level") in after.door_discard
    else:
        assert card("curse_chicken") not in after.table[user]
        assert card("curse_chicken") in after.door_discard


def check_hook(
    op: OpData, before: MunchkinState, after: MunchkinState, user: int, expected: list[Seat]
) -> None:
    assert op.hook is not None
    check = HOOK_CHECKS.get(op.hook)
    assert check is not None, f"no check for the hook {op.hook!r}"
    check(before, after, user, expected)


def check_steal(
    before: MunchkinState, after: MunchkinState, user: int, expected: list[Seat]
) -> None:
    """Roll 4+ (the position's die): the small item changes hands."""
    victim = (user + 1) % 3
    item = card("buckler")
    assert item in after.table[user]
    lose(expected, victim, item)
    gain(expected, user, item)


def check_double(
    before: MunchkinState, after: MunchkinState, user: int, expected: list[Seat]
) -> None:
    assert strength(after, user) == 2 * strength(before, user)


def check_resurrect(
    before: MunchkinState, after: MunchkinState, user: int, expected: list[Seat]
) -> None:
    """The Door discard pile's top card is kicked open (a monster: a fight)."""
    assert after.monsters == [before.door_discard[-1]] and after.phase == "combat"


OP_CHECKS: dict[str, OpCheck] = {
    "combat_bonus": check_combat_bonus,
    "run_bonus": check_run_bonus,
    "defeat_monster": check_monster_leaves,
    "remove_monster": check_monster_leaves,
    "escape": check_escape,
    "set_roll": check_set_roll,
    "reroll": check_reroll,
    "cancel_curse": check_cancel_curse,
    "hook": check_hook,
}
HOOK_CHECKS: dict[str, Callable[[MunchkinState, MunchkinState, int, list[Seat]], None]] = {
    "steal": check_steal,
    "double": check_double,
    "resurrect": check_resurrect,
}


def check_abilities(data: CardData) -> None:
    """Each ability of a card in play, used as often as it is offered."""
    first = 1 if data.use is not None else 0
    for k, ability in enumerate(data.abilities, start=first):
        exercise(data, ability, k, from_hand=False)


# ----- the kinds ----------------------------------------------------------------------------


def check_value(data: CardData) -> None:
    """Sold with cards worth exactly the rest of a level, it gives the level; with 100
    gold less, it does not (a card of no value is not for sale)."""
    gold = CS.rules.gold_per_level
    this = card(data.id)
    if not data.value:
        state = game(hands={0: [data.id, "singing_sword", "chainsaw"]}, phase="after")
        state.apply(0, SELL)
        assert Pick(this) not in state.legal_actions(0)
        return
    for rest, gives in ((gold - data.value, True), (gold - data.value - 100, False)):
        others = cards_worth(rest, data.id)
        state = game(hands={0: [data.id, *others]}, levels=[3, 1, 1], phase="after")
        if SELL not in state.legal_actions(0):  # all of them are worth less than a level
            assert not gives
            continue
        play(state, (0, SELL), (0, Pick(this)), *((0, Pick(card(k))) for k in others))
        assert (DONE in state.legal_actions(0)) == gives, (rest, others)
        if gives:
            state.apply(0, DONE)
            assert state.level[0] == 4 and this in state.treasure_discard


def cards_worth(gold: int, exclude: str) -> list[str]:
    """Small items (one of each design) worth exactly `gold` together."""
    if gold <= 0:
        return []
    pool = [
        d for d in DATA.values() if d.value and d.id != exclude and d.kind == "item" and not d.big
    ]
    for size in (1, 2, 3):
        for group in combinations(pool, size):
            if sum(d.value for d in group) == gold:
                return [d.id for d in group]
    raise AssertionError(f"no cards worth {gold} together")


def check_item(data: CardData) -> None:
    """Carried and equipped, sold, and its modifiers, triggers, replacements, abilities."""
    check_carried_and_equipped(data)
    check_value(data)
    check_modifiers(data)
    check_triggers(data)
    check_replacements(data)
    check_abilities(data)


def check_carried_and_equipped(data: CardData) -> None:
    """Played on one's own turn, an item enters play and gives its bonus to a player it
    allows, nothing to anyone else; it is equipped unless its slot is taken (each slot
    group filled in turn, then one hand of two)."""
    this = card(data.id)
    users = [holder(data)[0]]
    if data.only is not None or data.barred is not None:
        users.append(barred_from(data))
    for who in users:
        state, seat = rig_holder(None, who, Fight(), hands={0: [data.id]}, phase="after")
        was = strength(state, seat)
        state.apply(seat, Play(this))
        answer_choices(state)
        assert this in state.table[seat]
        ok = allowed(data, who)
        assert (this in state.unequipped) == (data.slot != "none" and not ok), who
        want = (data.bonus + player_stat(data, "combat", who, Fight())) if ok else 0
        assert strength(state, seat) - was == want, who
    own = {"hand1": "hand", "hand2": "hand"}.get(data.slot or "none", data.slot)
    units = 2 if data.slot == "hand2" else 1
    fills = [(g, free_items(g, capacity, data.id)) for g, capacity in CAPACITY.items()]
    for group, worn in [*fills, ("hand", free_items("hand", 1, data.id))]:
        state, seat = rig_holder(
            None, users[0], Fight(), table=worn, hands={0: [data.id]}, phase="after"
        )
        state.apply(seat, Play(this))
        fits = own != group or len(worn) + units <= CAPACITY[group]
        assert (this in state.unequipped) == (not fits), (group, len(worn))


def barred_from(data: CardData) -> Character:
    """A player an item's restriction leaves out."""
    if data.barred is not None:
        return meeting(data.barred)[0]
    only = data.only
    assert only is not None
    if only.sex is not None:
        return Character(sex=0 if only.sex == "female" else 1)
    if only.klass is not None:
        other = next(c for c in CS.rules.classes if c != only.klass)
        return Character(traits=() if only.klass != "none" else (other,))
    assert only.race is not None
    other = next(r for r in CS.rules.races if r != only.race)
    return Character(traits=(other,))


def check_oneshot(data: CardData) -> None:
    """Sold, and used from hand where its timing and role allow (aimed at a player, and
    at a monster when it may be)."""
    check_value(data)
    assert data.use is not None
    exercise(data, data.use, 0, from_hand=True)
    if any(op.to == "combatant" for op in data.use.do):
        check_aimed_at_a_monster(data)


def check_aimed_at_a_monster(data: CardData) -> None:
    """A bonus for either side, given to the monster (never below 1)."""
    assert data.use is not None
    state, user = use_position(data, data.use, from_hand=True)
    was = monster_view(state)["strength"]
    state.apply(user, Play(card(data.id)))
    state.apply(user, CHOOSE_MONSTER[0])
    answer_choices(state)
    bonus = sum(op.amount for op in data.use.do if op.op == "combat_bonus")
    assert monster_view(state)["strength"] == max(1, was + bonus)


def check_levelup(data: CardData) -> None:
    """Its level, never the winning one, and when it may be played."""
    this = card(data.id)
    assert data.use is not None
    state = game(hands={0: [data.id]}, levels=[3, 1, 1], phase="after")
    expected = seats(state)
    expected[0].hand.remove(this)
    state.apply(0, Play(this))
    answer_choices(state)
    assert_players(state, predict(data.use.do, expected, 0))
    top = game(hands={0: [data.id]}, levels=[TOP - 1, 1, 1], phase="after")
    assert Play(this) not in top.legal_actions(0)  # never to the winning level
    window = game(hands={1: [data.id]}, phase="after")
    window.apply(0, END_TURN)
    assert (Play(this) in window.legal_actions(1)) == (data.use.timing == "any")


def check_in_play(data: CardData) -> None:
    """A class, race, Mixed Heritage, Overachiever or follower: played on one's own turn
    it enters play; then its modifiers, triggers and abilities."""
    this = card(data.id)
    state = game(hands={0: [data.id]}, phase="after")
    state.apply(0, Play(this))
    assert state.table[0] == [this] and state.hands[0] == []
    check_modifiers(data)
    check_triggers(data)
    check_replacements(data)
    check_abilities(data)


CHECKS: dict[str, Callable[[CardData], None]] = {
    "monster": check_monster,
    "enhancer": check_enhancer,
    "wandering": check_wandering,
    "curse": check_curse,
    "class": check_in_play,
    "race": check_in_play,
    "half_breed": check_in_play,
    "super_munchkin": check_in_play,
    "item": check_item,
    "oneshot": check_oneshot,
    "levelup": check_levelup,
    "follower": check_in_play,
}


def test_every_kind_has_a_check():
    assert set(CHECKS) == set(KINDS)


@pytest.mark.parametrize("key", list(DATA))
def test_the_card_does_what_its_data_declares(key):
    data = DATA[key]
    CHECKS[data.kind](data)


# ----- the checks can fail ------------------------------------------------------------------


def changed(data: Any, path: str, value: Any) -> Any:
    """A copy of `data` with the field at a dotted `path` (``modifiers.0.amount``) set."""
    head, _, rest = path.partition(".")
    if isinstance(data, (tuple, list)):
        items = list(data)
        items[int(head)] = changed(items[int(head)], rest, value) if rest else value
        return type(data)(items)
    field_value = changed(getattr(data, head), rest, value) if rest else value
    return data.model_copy(update={head: field_value})


# Data edits the engine does not see (it compiled the real file): each must fail its check.
DISAGREEMENTS = [
    ("grumpy_chest", "level", 2),
    ("moody_goblin", "treasures", 3),
    ("elder_wyrm", "levels", 1),
    ("pigeon_swarm", "modifiers.0.amount", 3),
    ("pigeon_swarm", "modifiers.0.when.race", "dwarf"),
    ("kamikaze_frogs", "bad_stuff.0.amount", 1),
    ("grumpy_chest", "bad_stuff.0.slot", "head"),
    ("gooey_puddle", "modifiers.0.amount", -2),
    ("lava_slug", "modifiers.0.when.level_max", 3),
    ("hungry_bookshelf", "triggers.0.do.0.amount", 2),
    ("ancient_dracolich", "triggers.0.do.0.amount", 2),
    ("ambush_ogre", "triggers.0.do.0.to", "subject"),
    ("enraged", "modifiers.0.amount", 4),
    ("enraged", "modifiers.1.amount", 0),
    ("veteran", "modifiers.1.amount", 0),
    ("ravenous", "modifiers.1.amount", -2),
    ("curse_major", "use.do.0.amount", 1),
    ("curse_flu", "persistent", "always"),
    ("curse_chicken", "modifiers.0.amount", -2),
    ("curse_small_pockets", "modifiers.0.amount", -2),
    ("buckler", "bonus", 3),
    ("buckler", "slot", "head"),
    ("buckler", "value", 500),
    ("pointy_hat", "only.klass", "cleric"),
    ("singing_sword", "barred.klass", "wizard"),
    ("chainsaw", "big", False),
    ("eleven_foot_pole", "slot", "hand1"),
    ("helm_of_nerve", "slot", "armor"),
    ("tap_shoes", "slot", "none"),
    ("spiky_knees", "slot", "foot"),
    ("rude_rapier", "only.race", "dwarf"),
    ("sneaky_sandals", "modifiers.0.amount", 1),
    ("haunted_teapot", "tags", ()),
    ("grumpy_chest", "tags", ("undead",)),
    ("holy_mace", "modifiers.0.amount", 3),
    ("kraken_clerk", "triggers.0.do.0.deck", "treasure"),
    ("curse_hat", "persistent", "combat"),
    ("curse_class", "use.do.0.op", "lose_race"),
    ("curse_forget", "use.do.0.amount", 1),
    ("bribe_gm", "use.timing", "own"),
    ("horned_helmet", "modifiers.0.amount", 3),
    ("holy_mace", "modifiers.0.when.tag", "dragon"),
    ("squires_tabard", "modifiers.0.when.side", "fighter"),
    ("lucky_coin", "modifiers.0.when.helped", True),
    ("bottomless_bag", "modifiers.0.amount", 2),
    ("third_arm", "modifiers.0.amount", 2),
    ("slimy_armor", "modifiers.0.amount", 2),
    ("charm_bracelet", "triggers.0.do.0.amount", 2),
    ("cursed_crown", "triggers.0.do.0.amount", 2),
    ("last_will", "triggers.0.do.0.amount", 1),
    ("second_chance_amulet", "replacements.0.do", ()),
    ("rabbit_foot", "replacements.0.keep", True),
    ("flaming_poison", "use.do.0.amount", 4),
    ("elf_water", "use.do.0.when.race", "dwarf"),
    ("smoke_bomb", "use.do.0.all", False),
    ("flight_potion", "use.do.0.amount", 3),
    ("loaded_die", "use.do.0.value", 6),
    ("magic_lamp", "use.role", "any"),
    ("magic_lamp", "use.do.0.op", "remove_monster"),
    ("treasure_map", "use.do.0.amount", 1),
    ("bribe_gm", "use.do.0.amount", 2),
    ("warrior", "abilities.0.limit", 2),
    ("warrior", "abilities.0.do.0.amount", 2),
    ("warrior", "modifiers", ()),
    ("wizard", "abilities.0.do.0.amount", 2),
    ("wizard", "abilities.1.cost.discard_hand", 5),
    ("thief", "abilities.0.do.0.amount", -3),
    ("cleric", "abilities.0.when", None),
    ("cleric", "abilities.0.cost.discard", 2),
    ("elf", "modifiers.0.amount", 2),
    ("elf", "triggers.0.do.0.amount", 2),
    ("dwarf", "modifiers.1.amount", 2),
    ("halfling", "modifiers.0.amount", 50),
    ("halfling", "abilities.0.role", "any"),
    ("half_breed", "modifiers.0.stat", "extra_class"),
    ("hireling", "modifiers.0.amount", 2),
    ("hireling", "modifiers.1.slot", "hand"),
]


@pytest.mark.parametrize(("key", "path", "value"), DISAGREEMENTS)
def test_a_card_whose_data_and_behaviour_disagree_fails(monkeypatch, key, path, value):
    edited = changed(DATA[key], path, value)
    monkeypatch.setitem(DATA, key, edited)
    with pytest.raises(AssertionError):
        CHECKS[edited.kind](edited)
