"""Every card of every set does what its data declares.

One test per design of each card set (``data/base.toml``, ``data/fu.toml``;
`card_sets` names the cards each set's positions are rigged with): a position is rigged
where the card can act (a monster fought, killed and running after someone, an enhancer
played on a monster, a curse suffered, an item carried and equipped, a one-shot or an
ability used, a follower hired...), the card acts, and the result is compared with what `card_model`
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
    TREASURES,
    Ask,
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
    TriggerData,
    WhenData,
)
from gamenight.kernel import PASS, Action

from .card_model import (
    DRAWN,
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
from .card_sets import POSITIONS, S, designs
from .driving import answer_choices, answer_first, others_pass, pass_window
from .helpers import events, play

KIT_FIGHTER = Character(level=3)  # with the set's kit: beats every monster of the set
OTHER_LEVELS = (4, 3)  # the other seats: distinct levels, so looting needs no die


def victim() -> Character:
    """The level-7 victim of the set's positions, with its class and race (style)."""
    traits = [k for k in S.positions.victim_table if S.data[k].kind in ("class", "race")]
    return Character(level=7, traits=tuple(traits))


def stronger() -> list[CardData]:
    """The enhancers that make the first monster too strong for anybody."""
    return [S.data[key] for key, _ in S.positions.stronger]


def bare_monsters(tags: frozenset[str] = frozenset()) -> list[str]:
    """The monsters with these tags and no modifier or trigger, weakest first."""
    found = [
        d
        for d in S.data.values()
        if d.kind == "monster" and tags <= set(d.tags) and not d.modifiers and not d.triggers
    ]
    assert found, f"the set has no bare monster with tags {set(tags)}"
    return [d.id for d in sorted(found, key=lambda d: d.level)]


def bare_monster(tags: frozenset[str] = frozenset()) -> str:
    """The weakest bare monster with these tags."""
    return bare_monsters(tags)[0]


def plain() -> str:
    """The weakest bare monster: the positions' usual opponent."""
    return bare_monsters()[0]


def second() -> str:
    """The next weakest bare monster: a second opponent."""
    return bare_monsters()[1]


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
        state = S.game(
            monsters=[data.id],
            door=[S.positions.door_top],
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
    state = S.game(door=[data.id, *S.positions.joining], levels=[3, 3, 3])
    before = seats(state)
    state.apply(0, KICK)
    answer_choices(state)
    fighter = [Character(level=3)]
    acting = [t for t in triggers if holds_for_monster(t.when, data, fighter, False)]
    joined = [
        S.positions.joining[: op.amount] for t in acting for op in t.do if op.op == "add_monster"
    ]
    assert S.keys(state.monsters) == [data.id, *(k for group in joined for k in group)]
    ops = [op for t in acting for op in t.do if op.op != "add_monster"]
    assert_players(state, predict(ops, before, 0))


def check_monster_killed(data: CardData) -> None:
    """Killed: its levels, its treasures face down, its ``won`` triggers."""
    state = S.game(
        monsters=[data.id],
        door=[S.positions.door_top],
        table={0: S.positions.kit},
        levels=[3, 1, 1],
    )
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
    assert S.card(data.id) in state.door_discard and state.phase == "after"


def check_monster_catches(data: CardData) -> None:
    """Running from it on a 1: its run modifiers, then its Bad Stuff and ``caught``
    triggers (on a victim with something for every kind of loss)."""
    state = S.game(
        monsters=[data.id],
        enhancers=S.positions.stronger,
        door=[S.positions.door_top],
        table={0: S.positions.victim_table},
        hands={0: S.positions.victim_hand},
        levels=[victim().level, *OTHER_LEVELS],
        dice=[1],
    )
    before = seats(state)
    cards = [data, *stronger()]
    chased = monster_stat(cards, "escape", data, [victim()], False) <= 0
    answer_first(state)
    if not chased:
        assert_players(state, before)
        return
    run = monster_stat(cards, "run", data, [victim()], False)
    run += sum(
        player_stat(S.data[key], "run", victim(), Fight(frozenset(data.tags)))
        for key in S.positions.victim_table
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
            state = S.game(
                monsters=[data.id],
                enhancers=S.positions.stronger,
                door=[S.positions.door_top],
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
    this = S.card(data.id)
    for tag in S.cs.rules.joins:
        other = next(k for k in bare_monsters(frozenset({tag})) if k != data.id)
        state = S.game(monsters=[other], door=[S.positions.door_top], hands={1: [data.id]})
        assert (Play(this) in state.legal_actions(1)) == (tag in data.tags), tag
    fight = Fight(frozenset(data.tags), "fighter")
    for design, when in tag_conditions():
        who = holder(design, when)[0]
        with_card, _ = rig_holder(
            design, who, fight, monsters=[data.id], hands={0: S.positions.filler[:3]}
        )
        without, _ = rig_holder(None, who, fight, monsters=[data.id])
        want = design.bonus + player_stat(design, "combat", who, fight)
        assert strength(with_card, 0) - strength(without, 0) == want, design.id
        for k, ability in enumerate(design.abilities, start=1 if design.use else 0):
            if ability.when is when:
                offered = Use(S.card(design.id), k) in with_card.legal_actions(0)
                assert offered == holds_for_player(when, who, fight), design.id


def tag_conditions() -> list[tuple[CardData, WhenData]]:
    """The player's cards with a condition on the monsters' tags, and that condition."""
    found = []
    for design in S.data.values():
        conditions = [m.when for m in design.modifiers] + [a.when for a in design.abilities]
        found += [(design, when) for when in conditions if when is not None and when.tag]
    return found


# ----- enhancers and Wandering Monster ----------------------------------------------------


def check_enhancer(data: CardData) -> None:
    """Played on a bare monster: its strength, treasures, the levels of a kill and the
    run-away total change by the enhancer's modifiers (``copies``: the monster fights as
    that many more, each with its level, treasures and levels)."""
    base = S.data[plain()]
    cards = [base, data]
    copies = 1 + max(0, monster_stat(cards, "copies", base, [KIT_FIGHTER], False))
    state = S.game(
        monsters=[plain()],
        door=[S.positions.door_top],
        table={0: S.positions.kit},
        hands={1: [data.id]},
        levels=[3, 1, 1],
    )
    state.apply(1, Play(S.card(data.id)))
    shown = monster_view(state)
    assert shown["enhancers"] == [S.card(data.id)]
    level = max(1, base.level + monster_stat(cards, "combat", base, [KIT_FIGHTER], False))
    assert shown["strength"] == level * copies
    treasures = copies * max(
        0, base.treasures + monster_stat(cards, "treasures", base, [KIT_FIGHTER], False)
    )
    assert shown["treasures"] == treasures
    pass_window(state)
    levels = copies * (base.levels + monster_stat(cards, "levels", base, [KIT_FIGHTER], False))
    assert state.level[0] == 3 + levels and len(state.hands[0]) == treasures
    assert S.card(data.id) in state.door_discard

    weak = S.game(monsters=[plain()], door=[S.positions.door_top], hands={1: [data.id]}, dice=[3])
    weak.apply(1, Play(S.card(data.id)))
    pass_window(weak)
    weak.apply(0, ROLL)
    run = monster_stat(cards, "run", base, [Character(level=1)], False)
    assert weak.view(None)["run"]["total"] == 3 + run


def check_wandering(data: CardData) -> None:
    """It brings a monster from its player's hand into the fight."""
    state = S.game(monsters=[plain()], door=[S.positions.door_top], hands={1: [data.id, second()]})
    state.apply(1, Play(S.card(data.id)))
    assert state.legal_actions(1) == [Pick(S.card(second()))]
    state.apply(1, Pick(S.card(second())))
    assert S.keys(state.monsters) == [plain(), second()]
    assert S.card(data.id) in state.door_discard and state.hands[1] == ()


# ----- curses -----------------------------------------------------------------------------


def check_curse(data: CardData) -> None:
    """Suffered by a victim with something of everything: its operations (at once, or
    at the victim's next combat for a ``next_combat`` one); it stays if it persists (then
    its modifiers and how long it stays)."""
    if data.persistent == "next_combat":
        check_waiting_curse(data)
        return
    curse = S.card(data.id)
    state = S.game(
        table={0: S.positions.victim_table},
        hands={0: S.positions.victim_hand, 1: [data.id]},
        levels=[victim().level, *OTHER_LEVELS],
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


def check_waiting_curse(data: CardData) -> None:
    """A curse that waits for its victim's next combat: played outside it, nothing
    happens and it stays; as the victim fights, its operations act and its modifiers
    count for that fight; it goes when the fight ends."""
    curse = S.card(data.id)
    state = S.game(hands={1: [data.id]}, levels=[3, 1, 1], phase="after")
    play(state, (0, END_TURN), (1, Play(curse)), (1, ChooseSeat(0)))
    before = seats(state)
    if state.stack:  # the victim is asked
        state.apply(0, PASS)
    answer_choices(state)
    assert curse in state.table[0]
    assert_players(state, before)
    fight = {"monsters": [plain()], "door": [S.positions.door_top], "levels": [3, 1, 1]}
    without = S.game(table={0: S.positions.kit}, **fight)
    cursed = S.game(table={0: [*S.positions.kit, data.id]}, **fight)
    assert data.use is not None
    assert_players(cursed, predict(data.use.do, seats(without), 0))
    who = Character(sex=seats(cursed)[0].sex)
    bonus = player_stat(data, "combat", who, Fight(frozenset(S.data[plain()].tags), "fighter"))
    assert strength(cursed, 0) - strength(without, 0) == bonus
    answer_first(cursed)
    assert curse not in cursed.table[0] and curse in cursed.door_discard


def check_persistence(data: CardData) -> None:
    """A curse that stays goes at the end of its victim's next combat (``combat``) or
    stays until removed (``always``)."""
    state = S.game(
        monsters=[plain()],
        door=[S.positions.door_top],
        table={0: [*S.positions.kit, data.id]},
        levels=[3, 1, 1],
    )
    answer_first(state)
    assert (S.card(data.id) in state.table[0]) == (data.persistent == "always")


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
        setup.setdefault("door", [S.positions.door_top])
        setup.setdefault("helper", 1 if fight.helped else -1)
    return S.game(table=table, levels=levels, sexes=sexes, **setup), seat


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
        player_stat(S.data[key], stat, who, fight) for key in who.traits
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
        if total(data, "escape", who, fight) > 0:
            continue  # no roll: `check_escape_stat`
        totals = []
        for held in (data, None):
            state, _ = rig_holder(held, who, fight, enhancers=S.positions.stronger, dice=[3])
            pass_window(state)
            state.apply(0, ROLL)
            totals.append(state.view(None)["run"]["total"])
        assert totals[0] - totals[1] == player_stat(data, "run", who, fight), who


def check_escape_stat(data: CardData) -> None:
    """A runner escapes without rolling (no card of the base set says so: nobody does)."""
    for who, fight in contexts(data, "escape"):
        fight = replace(fight, side="fighter")
        state, _ = rig_holder(data, who, fight, enhancers=S.positions.stronger)
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
    """Treasures drawn for a win, alone and with a helper (besides what the card's
    ``won`` triggers draw)."""
    monster = S.data[plain()]
    who = replace(holder(data)[0], level=S.top - 2)  # wins, and the win does not end the game
    for helped in (False, True):
        fight = Fight(frozenset(monster.tags), "fighter", helped)
        state, _ = rig_holder(data, who, fight, monsters=[plain()])
        assert state.view(None)["combat"]["winning"]
        before = seats(state)
        pass_window(state)
        won = [op for t in won_triggers(data, who, fight) for op in t.do]
        by_triggers = sum(len(p.hand) for p in predict(won, before, 0, kill=True)[:2])
        drawn = len(state.hands[0]) + len(state.hands[1]) - by_triggers
        assert drawn == monster.treasures + total(data, "treasures", who, fight), helped


def won_triggers(data: CardData, who: Character, fight: Fight) -> list[TriggerData]:
    """The card's ``won`` triggers that act for its holder in `fight`."""
    return [t for t in data.triggers if t.on == "won" and holds_for_player(t.when, who, fight)]


SLOT_GROUPS = {"head": ("head",), "armor": ("armor",), "foot": ("foot",), "hand": ("hand1",)}
CAPACITY = {"head": 1, "armor": 1, "foot": 1, "hand": 2}  # the rules' slots (hands: units)


def unrestricted_items(group: str, exclude: str = "") -> list[str]:
    """The unrestricted, small items of a slot group (one hand each)."""
    return [
        d.id
        for d in S.data.values()
        if d.kind == "item"
        and d.slot in SLOT_GROUPS[group]
        and not (d.only or d.barred or d.big)
        and d.id != exclude
    ]


def free_items(group: str, count: int, exclude: str = "") -> list[str]:
    """`count` unrestricted, small items of a slot group."""
    found = unrestricted_items(group, exclude)
    assert len(found) >= count, f"the set has too few {group} items"
    return found[:count]


def check_slots_stat(data: CardData) -> None:
    """Up to two items more than a slot group takes (as many as the set has): as many
    stay sideways as the card gives no slot for, of that group or of any (an item's own
    group is for `check_carried_and_equipped`)."""
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
        worn = unrestricted_items(group, data.id)[: capacity + 2]
        over = len(worn) - capacity
        assert over >= 1, f"the set has too few {group} items"
        state, _ = rig_holder(data, who, fight, table=worn)
        assert len(state.unequipped) == max(0, over - extra), group


def items_worth(value: int, exclude: str) -> list[str]:
    return [
        d.id for d in S.data.values() if d.kind == "item" and d.value == value and d.id != exclude
    ]


def check_sale_stat(data: CardData) -> None:
    """One item sold alone: the highest value that makes a level with the card's sale
    bonus does, the highest below it does not; the bonus counts once a turn."""
    gold = S.cs.rules.gold_per_level
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
        play(state, (seat, SELL), (seat, Pick(S.card(first))))
        assert (DONE in state.legal_actions(seat)) == sells, value
        if sells:
            state.apply(seat, DONE)
            assert state.level[seat] == who.level + 1
            if SELL in state.legal_actions(seat):  # once a turn: alone, the second is short
                play(state, (seat, SELL), (seat, Pick(S.card(second))))
                assert DONE not in state.legal_actions(seat)


def check_big_items_stat(data: CardData) -> None:
    """Big items from hand: as many as the ruleset allows (one in the base game, the card
    may be one; 9: any number), any number with the card's (or the holder's)
    ``big_items``."""
    who, fight = holder(data)
    bigs = [
        d.id
        for d in S.data.values()
        if d.kind == "item" and d.big and not (d.only or d.barred) and d.id != data.id
    ][:2]
    any_number = S.cs.rules.big_items >= 9 or total(data, "big_items", who, fight) > 0
    state, seat = rig_holder(data, who, fight, hands={0: bigs}, phase="after")
    carried = data.kind == "item" and data.big
    for big in bigs:
        playable = any_number or not carried
        assert (Play(S.card(big)) in state.legal_actions(seat)) == playable, big
        if not playable:
            break
        state.apply(seat, Play(S.card(big)))
        carried = True


def check_wins_ties_stat(data: CardData) -> None:
    """A fight of equal strengths: won only with ``wins_ties``."""
    who, _ = holder(data)
    fight = Fight(side="fighter")
    state = tie(data, who)
    wins = total(data, "wins_ties", who, fight) > 0
    pass_window(state)
    assert bool(events(state, "win")) == wins


def tie(data: CardData, who: Character) -> MunchkinState:
    """`who` with the card fights a bare monster of exactly their strength."""
    for monster in bare_monsters():
        probe, _ = rig_holder(
            data, replace(who, level=1), Fight(side="fighter"), monsters=[monster]
        )
        level = S.data[monster].level - (strength(probe, 0) - 1)
        if 1 <= level < S.top:
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
        traits = [d.id for d in S.data.values() if d.kind == kind]
        held = [k for k in (*who.traits, data.id) if S.data[k].kind == kind]
        first = [] if held else traits[:1]
        second = next(k for k in traits if k not in held + first)
        state, seat = rig_holder(data, who, fight, table=first, hands={0: [second]}, phase="after")
        allowed_two = total(data, stat, who, fight) > 0
        assert (Play(S.card(second)) in state.legal_actions(seat)) == allowed_two, kind


def check_demand_stat(data: CardData) -> None:
    """The fighter asks a lower-level player for help, offering nothing: with the card's
    ``demand`` that player must help or pay it off with an item from play."""
    payment = free_items("hand", 1, data.id)[0]  # what the asked player may pay with
    for who, fight in contexts(data, "demand"):
        state = S.game(
            monsters=[plain()],
            enhancers=S.positions.stronger,
            door=[S.positions.door_top],
            table={0: [*who.traits, data.id], 1: [payment]},
            levels=[who.level, who.level - 1, 1],
            sexes=[who.sex, 0, 0],
        )
        others_pass(state)
        play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[0]))
        demands = total(data, "demand", who, replace(fight, side="fighter")) > 0
        assert (Pick(S.card(payment)) in state.legal_actions(1)) == demands, who


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
    "demand": check_demand_stat,
}


def check_triggers(data: CardData) -> None:
    """Each trigger of a player's card, as its event happens to the holder."""
    for trigger in data.triggers:
        check = TRIGGER_CHECKS.get(trigger.on)
        assert check is not None, f"no check for a {trigger.on!r} trigger on a player's card"
        check(data, trigger.do, trigger.when)


def held(player: Seat, card_id: int) -> list[int] | None:
    """The list of `player` that holds a card of this kind in play (None: none does)."""
    lists = {"item": player.items, "class": player.classes, "race": player.races}
    return lists.get(S.cs.kind[card_id])


def gain(players: list[Seat], seat: int, card_id: int) -> None:
    """`card_id` entered `seat`'s play (for an expectation)."""
    cards = held(players[seat], card_id)
    if cards is not None:
        cards.append(card_id)


def lose(players: list[Seat], seat: int, card_id: int) -> None:
    """`card_id` left `seat`'s play (for an expectation)."""
    cards = held(players[seat], card_id)
    if cards is not None and card_id in cards:
        cards.remove(card_id)


def check_enter_trigger(data: CardData, ops: list[OpData], when: WhenData | None) -> None:
    """Played from hand, the card's ``enter`` operations act on its holder."""
    who, _ = holder(data, when)
    state, seat = rig_holder(None, who, Fight(), hands={0: [data.id]}, phase="after")
    expected = seats(state)
    expected[seat].hand.remove(S.card(data.id))
    gain(expected, seat, S.card(data.id))
    state.apply(seat, Play(S.card(data.id)))
    answer_choices(state)
    assert_players(state, predict(ops, expected, seat))


def check_leave_trigger(data: CardData, ops: list[OpData], when: WhenData | None) -> None:
    """The card leaves play: traded away if it can be, else discarded."""
    who, _ = holder(data, when)
    state, seat = rig_holder(data, who, Fight(), phase="after")
    this = S.card(data.id)
    expected = seats(state)
    lose(expected, seat, this)
    if S.cs.carried[this]:
        play(state, (seat, Trade(1)), (seat, Pick(this)), (seat, DONE), (1, ACCEPT))
        gain(expected, 1, this)
    else:
        state.apply(seat, state.A.discard[this])
    answer_choices(state)
    assert_players(state, predict(ops, expected, seat))


def deadly() -> str:
    """A monster whose Bad Stuff is death alone, and that lets nobody escape unrolled."""
    return next(
        d.id
        for d in S.data.values()
        if d.kind == "monster"
        and [op.op for op in d.bad_stuff] == ["die"]
        and not any(m.stat == "escape" for m in d.modifiers)
    )


def check_death_trigger(data: CardData, ops: list[OpData], when: WhenData | None) -> None:
    """The holder dies (and is looted): then the ``death`` operations act."""
    who, _ = holder(data, when)
    state, seat = rig_holder(
        data,
        who,
        Fight(side="fighter"),
        monsters=[deadly()],
        enhancers=S.positions.stronger,
        dice=[1],
    )
    before = seats(state)
    answer_first(state)
    dead = predict(S.data[deadly()].bad_stuff, before, seat)
    assert_players(state, predict(ops, dead, seat), only=seat)


def check_helped_kill_trigger(data: CardData, ops: list[OpData], when: WhenData | None) -> None:
    """Once per monster the holder helps to kill (two here)."""
    who, _ = holder(data, when)
    killed = [plain(), second()]
    state = S.game(
        monsters=killed,
        door=[S.positions.door_top],
        table={0: S.positions.kit, 1: [*who.traits, data.id]},
        levels=[3, who.level, 1],
        sexes=[0, who.sex, 0],
        helper=1,
    )
    before = seats(state)
    pass_window(state)
    expected = predict([*ops, *ops], before, 1, kill=True)
    assert_players(state, expected, only=1)


def check_won_trigger(data: CardData, ops: list[OpData], when: WhenData | None) -> None:
    """The holder kills a monster alone: the kill's level, then the ``won`` operations,
    then the treasures."""
    who, _ = holder(data, when)
    monster = S.data[plain()]
    fight = Fight(frozenset(monster.tags), "fighter")
    state, seat = rig_holder(data, who, fight, monsters=[plain()], table=S.positions.kit)
    before = seats(state)
    assert state.view(None)["combat"]["winning"]
    pass_window(state)
    before[seat].level += monster.levels
    expected = predict(ops, before, seat, kill=True)
    expected[seat].hand += [DRAWN[1]] * monster.treasures
    assert_players(state, expected, only=seat)


TRIGGER_CHECKS: dict[str, Callable[[CardData, list[OpData], WhenData | None], None]] = {
    "enter": check_enter_trigger,
    "won": check_won_trigger,
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
            lose(before, 0, S.card(data.id))
        expected = predict(replacement.do, before, 0)
        assert_players(state, expected, only=0)
        assert (S.card(data.id) in state.table[0]) == replacement.keep


def cursed_by(
    data: CardData, who: Character, curse: str, *table: str
) -> tuple[MunchkinState, list[Seat]]:
    """Seat 1 aims `curse` at `who` (seat 0, holding `data` and `table`) in the
    end-of-turn window; seat 0 takes it if it is asked to. Returns the state and the
    players just before it would act."""
    state, _ = rig_holder(data, who, Fight(), table=table, hands={1: [curse]}, phase="after")
    play(state, (0, END_TURN), (1, Play(S.card(curse))))
    before = seats(state)
    state.apply(1, ChooseSeat(0))
    if state.stack:  # nothing stopped the curse: the victim is asked
        state.apply(0, PASS)
    answer_choices(state)
    return state, before


def instead_of_dying(data: CardData, who: Character) -> tuple[MunchkinState, list[Seat]]:
    """Caught by a monster whose Bad Stuff is death."""
    state, _ = rig_holder(
        data,
        who,
        Fight(side="fighter"),
        monsters=[deadly()],
        enhancers=S.positions.stronger,
        dice=[1],
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
    hands = {user: [*([data.id] if from_hand else []), *S.positions.filler[:cards]]}
    if not from_hand:
        table[user].append(data.id)
    setup: dict[str, Any] = {"door": [S.positions.door_top], "phase": "after"}
    if first is not None and first.op == "cancel_curse" and timing != "curse":
        table[user].append(S.positions.lasting_curse)  # a curse that stays on the user, to remove
    if first is not None and first.hook == "steal":
        table[(user + 1) % 3].append(S.positions.small_item)  # a small item to steal, on a 4
        setup["dice"] = [4]
    if first is not None and first.hook == "resurrect":
        setup.update(phase="start", door_discard=[plain()])  # instead of kicking open the door
    if timing == "curse":
        hands[1] = [S.positions.level_curse]  # aimed at the user in the end-of-turn window
    helper = 1 if role == "helper" or fight.helped else -1
    if timing == "combat":
        tags = fight.tags
        if first is not None and first.to == "monster" and first.when and first.when.tag:
            tags |= {first.when.tag}  # a monster the bonus may be aimed at
        setup.update(phase="start", monsters=[bare_monster(tags)], helper=helper)
    elif timing in ("run", "roll"):  # two monsters to run from, the first chosen
        setup.update(phase="start", monsters=[plain(), second()], enhancers=S.positions.stronger)
        setup.update(helper=helper, dice=[3, 6])  # a failed roll, then a reroll's 6
    state = S.game(
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
        play(
            state, (0, END_TURN), (1, Play(S.card(S.positions.level_curse))), (1, ChooseSeat(user))
        )
    return state, user


def action_of(data: CardData, k: int, from_hand: bool) -> Action:
    """A one-shot played from hand, or ability `k` of a card in play."""
    return Play(S.card(data.id)) if from_hand else Use(S.card(data.id), k)


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
    this = S.card(data.id)
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
    """A bonus to players (their strengths) or to a monster (the position's only one: its
    strength, which a combat bonus may take below 1)."""
    if op.to == "monster":
        was = monster_view(before)["strength"]
        assert monster_view(after)["strength"] == was + op.amount
        return
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
        assert after.phase == "run" and after.view(None)["run"]["left"] == [S.card(second())]


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
        assert (
            events(after, "curse_cancelled")
            and S.card(S.positions.level_curse) in after.door_discard
        )
    else:
        assert S.card(S.positions.lasting_curse) not in after.table[user]
        assert S.card(S.positions.lasting_curse) in after.door_discard


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
    item = S.card(S.positions.small_item)
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
    assert after.monsters == (before.door_discard[-1],) and after.phase == "combat"


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
    gold = S.cs.rules.gold_per_level
    this = S.card(data.id)
    if not data.value:
        state = S.game(hands={0: [data.id, *S.positions.for_sale]}, phase="after")
        state.apply(0, SELL)
        assert Pick(this) not in state.legal_actions(0)
        return
    for rest, gives in ((gold - data.value, True), (gold - data.value - 100, False)):
        if rest < 0:  # the card alone is worth a level: nothing sells short of one
            continue
        others = cards_worth(rest, data.id)
        state = S.game(hands={0: [data.id, *others]}, levels=[3, 1, 1], phase="after")
        if SELL not in state.legal_actions(0):  # all of them are worth less than a level
            assert not gives
            continue
        play(state, (0, SELL), (0, Pick(this)), *((0, Pick(S.card(k))) for k in others))
        assert (DONE in state.legal_actions(0)) == gives, (rest, others)
        if gives:
            state.apply(0, DONE)
            assert state.level[0] == 4 and this in state.treasure_discard


def cards_worth(gold: int, exclude: str) -> list[str]:
    """Small items (one of each design) worth exactly `gold` together."""
    if gold <= 0:
        return []
    pool = [
        d for d in S.data.values() if d.value and d.id != exclude and d.kind == "item" and not d.big
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
    this = S.card(data.id)
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
        other = next(c for c in S.cs.rules.classes if c != only.klass)
        return Character(traits=() if only.klass != "none" else (other,))
    assert only.race is not None
    other = next(r for r in S.cs.rules.races if r != only.race)
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
    state.apply(user, Play(S.card(data.id)))
    state.apply(user, CHOOSE_MONSTER[0])
    answer_choices(state)
    bonus = sum(op.amount for op in data.use.do if op.op == "combat_bonus")
    assert monster_view(state)["strength"] == max(1, was + bonus)


def check_levelup(data: CardData) -> None:
    """Its level, never the winning one, and when it may be played."""
    this = S.card(data.id)
    assert data.use is not None
    state = S.game(hands={0: [data.id]}, levels=[3, 1, 1], phase="after")
    expected = seats(state)
    expected[0].hand.remove(this)
    state.apply(0, Play(this))
    answer_choices(state)
    assert_players(state, predict(data.use.do, expected, 0))
    top = S.game(hands={0: [data.id]}, levels=[S.top - 1, 1, 1], phase="after")
    assert Play(this) not in top.legal_actions(0)  # never to the winning level
    window = S.game(hands={1: [data.id]}, phase="after")
    window.apply(0, END_TURN)
    assert (Play(this) in window.legal_actions(1)) == (data.use.timing == "any")


def check_in_play(data: CardData) -> None:
    """A class, race, Mixed Heritage, Overachiever or follower: played on one's own turn
    it enters play (Super Munchkin joining a class in play where the ruleset's
    ``extra_class_bound`` says so); then its modifiers, triggers and abilities."""
    this = S.card(data.id)
    bound = data.kind == "super_munchkin" and S.cs.rules.extra_class_bound
    table = [next(d.id for d in S.data.values() if d.kind == "class")] if bound else []
    state = S.game(table={0: table}, hands={0: [data.id]}, phase="after")
    state.apply(0, Play(this))
    assert state.table[0] == (*map(S.card, table), this) and state.hands[0] == ()
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


EVERY_DESIGN = [
    pytest.param(game, key, id=f"{game}:{key}") for game in POSITIONS for key in designs(game)
]


@pytest.mark.parametrize(("game", "key"), EVERY_DESIGN)
def test_the_card_does_what_its_data_declares(game, key):
    S.use(game)
    data = S.data[key]
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
    ("munchkin", "grumpy_chest", "level", 2),
    ("munchkin", "moody_goblin", "treasures", 3),
    ("munchkin", "elder_wyrm", "levels", 1),
    ("munchkin", "pigeon_swarm", "modifiers.0.amount", 3),
    ("munchkin", "pigeon_swarm", "modifiers.0.when.race", "dwarf"),
    ("munchkin", "kamikaze_frogs", "bad_stuff.0.amount", 1),
    ("munchkin", "grumpy_chest", "bad_stuff.0.slot", "head"),
    ("munchkin", "gooey_puddle", "modifiers.0.amount", -2),
    ("munchkin", "lava_slug", "modifiers.0.when.level_max", 3),
    ("munchkin", "hungry_bookshelf", "triggers.0.do.0.amount", 2),
    ("munchkin", "ancient_dracolich", "triggers.0.do.0.amount", 2),
    ("munchkin", "ambush_ogre", "triggers.0.do.0.to", "subject"),
    ("munchkin", "enraged", "modifiers.0.amount", 4),
    ("munchkin", "enraged", "modifiers.1.amount", 0),
    ("munchkin", "veteran", "modifiers.1.amount", 0),
    ("munchkin", "ravenous", "modifiers.1.amount", -2),
    ("munchkin", "curse_major", "use.do.0.amount", 1),
    ("munchkin", "curse_flu", "persistent", "always"),
    ("munchkin", "curse_chicken", "modifiers.0.amount", -2),
    ("munchkin", "curse_small_pockets", "modifiers.0.amount", -2),
    ("munchkin", "buckler", "bonus", 3),
    ("munchkin", "buckler", "slot", "head"),
    ("munchkin", "buckler", "value", 500),
    ("munchkin", "pointy_hat", "only.klass", "cleric"),
    ("munchkin", "singing_sword", "barred.klass", "wizard"),
    ("munchkin", "chainsaw", "big", False),
    ("munchkin", "eleven_foot_pole", "slot", "hand1"),
    ("munchkin", "helm_of_nerve", "slot", "armor"),
    ("munchkin", "tap_shoes", "slot", "none"),
    ("munchkin", "spiky_knees", "slot", "foot"),
    ("munchkin", "rude_rapier", "only.race", "dwarf"),
    ("munchkin", "sneaky_sandals", "modifiers.0.amount", 1),
    ("munchkin", "haunted_teapot", "tags", ()),
    ("munchkin", "grumpy_chest", "tags", ("undead",)),
    ("munchkin", "holy_mace", "modifiers.0.amount", 3),
    ("munchkin", "kraken_clerk", "triggers.0.do.0.deck", "treasure"),
    ("munchkin", "curse_hat", "persistent", "combat"),
    ("munchkin", "curse_class", "use.do.0.op", "lose_race"),
    ("munchkin", "curse_forget", "use.do.0.amount", 1),
    ("munchkin", "bribe_gm", "use.timing", "own"),
    ("munchkin", "horned_helmet", "modifiers.0.amount", 3),
    ("munchkin", "holy_mace", "modifiers.0.when.tag", "dragon"),
    ("munchkin", "squires_tabard", "modifiers.0.when.side", "fighter"),
    ("munchkin", "lucky_coin", "modifiers.0.when.helped", True),
    ("munchkin", "bottomless_bag", "modifiers.0.amount", 2),
    ("munchkin", "third_arm", "modifiers.0.amount", 2),
    ("munchkin", "slimy_armor", "modifiers.0.amount", 2),
    ("munchkin", "charm_bracelet", "triggers.0.do.0.amount", 2),
    ("munchkin", "cursed_crown", "triggers.0.do.0.amount", 2),
    ("munchkin", "last_will", "triggers.0.do.0.amount", 1),
    ("munchkin", "second_chance_amulet", "replacements.0.do", ()),
    ("munchkin", "rabbit_foot", "replacements.0.keep", True),
    ("munchkin", "flaming_poison", "use.do.0.amount", 4),
    ("munchkin", "elf_water", "use.do.0.when.race", "dwarf"),
    ("munchkin", "smoke_bomb", "use.do.0.all", False),
    ("munchkin", "flight_potion", "use.do.0.amount", 3),
    ("munchkin", "loaded_die", "use.do.0.value", 6),
    ("munchkin", "magic_lamp", "use.role", "any"),
    ("munchkin", "magic_lamp", "use.do.0.op", "remove_monster"),
    ("munchkin", "treasure_map", "use.do.0.amount", 1),
    ("munchkin", "bribe_gm", "use.do.0.amount", 2),
    ("munchkin", "warrior", "abilities.0.limit", 2),
    ("munchkin", "warrior", "abilities.0.do.0.amount", 2),
    ("munchkin", "warrior", "modifiers", ()),
    ("munchkin", "wizard", "abilities.0.do.0.amount", 2),
    ("munchkin", "wizard", "abilities.1.cost.discard_hand", 5),
    ("munchkin", "thief", "abilities.0.do.0.amount", -3),
    ("munchkin", "cleric", "abilities.0.when", None),
    ("munchkin", "cleric", "abilities.0.cost.discard", 2),
    ("munchkin", "elf", "modifiers.0.amount", 2),
    ("munchkin", "elf", "triggers.0.do.0.amount", 2),
    ("munchkin", "dwarf", "modifiers.1.amount", 2),
    ("munchkin", "halfling", "modifiers.0.amount", 50),
    ("munchkin", "halfling", "abilities.0.role", "any"),
    ("munchkin", "half_breed", "modifiers.0.stat", "extra_class"),
    ("munchkin", "hireling", "modifiers.0.amount", 2),
    ("munchkin", "hireling", "modifiers.1.slot", "hand"),
    ("munchkin-fu", "double_trouble", "modifiers.0.amount", 2),
    ("munchkin-fu", "yakuza", "modifiers.0.amount", 0),
    ("munchkin-fu", "trap_sex_change", "modifiers.0.amount", -3),
    ("munchkin-fu", "trap_sex_change", "persistent", "none"),
    ("munchkin-fu", "hk_stunt_wires", "abilities.0.do.0.amount", 2),
    ("munchkin-fu", "monk", "abilities.0.do.0.amount", -3),
    ("munchkin-fu", "screaming_fan", "abilities.0.do.0.all", False),
    ("munchkin-fu", "iron_shirt_style", "replacements.0.keep", True),
    ("munchkin-fu", "rooster_style", "triggers.0.do.0.deck", "door"),
    ("munchkin-fu", "shadow_style", "modifiers.0.when.level_max", 4),
    ("munchkin-fu", "golden_abacus", "value", 900),
    ("munchkin-fu", "naginata", "slot", "hand1"),
    ("munchkin-fu", "ghost_tiger", "modifiers.0.amount", -3),
    ("munchkin-fu", "hk_viet_cong", "modifiers.0.when.klass", "ninja"),
]


@pytest.mark.parametrize(("game", "key", "path", "value"), DISAGREEMENTS)
def test_a_card_whose_data_and_behaviour_disagree_fails(monkeypatch, game, key, path, value):
    S.use(game)
    edited = changed(S.data[key], path, value)
    monkeypatch.setitem(S.data, key, edited)
    with pytest.raises(AssertionError):
        CHECKS[edited.kind](edited)
