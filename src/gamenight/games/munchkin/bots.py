"""Munchkin bots: ``heuristic`` (``random`` comes with every game).

The heuristic plays like a sensible, slightly greedy person, from its view alone: it
puts its class, race and items into play and equips what fits; kicks open the door;
looks for trouble only with a monster it beats, else loots; in its own fight it spends
bonuses only while losing, asks the lowest-level player for help for one treasure when
that would win, and never helps a player to victory; it plays Go up a level at once,
curses and weakens the leader's fights when the leader is winning, escapes deadly Bad
Stuff with whatever it has, and gives away or loses its least useful cards. Ties are
broken by the bot's own seeded generator.
"""

from __future__ import annotations

from collections.abc import Callable

from gamenight.kernel import PASS, Action, Bot

from .actions import (
    ACCEPT,
    BEGIN,
    CANCEL,
    CHOOSE_VALUE,
    DECLINE,
    DONE,
    END_TURN,
    KICK,
    LOOT,
    ROLL,
    SELL,
    TREASURES,
    Ask,
    ChooseMonster,
    ChooseSeat,
    Discard,
    Equip,
    Pick,
    Play,
    Use,
)
from .content import (
    CHARACTER_KINDS,
    Card,
    CardKind,
    CardSet,
    Context,
    HookName,
    OpKind,
    Stat,
    Target,
    load_set,
    set_files,
)
from .model import FrameKind, Phase, WindowKind, hook_frame
from .views import DecidingView, FightView, MunchkinView

SETS = {cs.rules.game_id: cs for cs in map(load_set, set_files())}
STEAL = hook_frame(HookName.STEAL)
AIMS = (FrameKind.AIM, FrameKind.AIM_SEAT, FrameKind.AIM_MONSTER)
TAKES = (FrameKind.LOOT_BODY, FrameKind.SHARE, STEAL)  # the best card is ours
GIVES = (FrameKind.LOSE, FrameKind.COST)  # the cheapest card goes
PUT_IN_PLAY = (*CHARACTER_KINDS, CardKind.LEVELUP)
MONSTER_AWAY = (OpKind.REMOVE_MONSTER, OpKind.DEFEAT_MONSTER)
FIGHT_HELP = (OpKind.COMBAT_BONUS, *MONSTER_AWAY)
GOOD_FOR_US = (
    OpKind.GAIN_LEVEL,
    OpKind.DRAW,
    OpKind.ESCAPE,
    OpKind.RUN_BONUS,
    OpKind.CANCEL_CURSE,
)


def card_value(card: Card) -> float:
    """How much a card is worth keeping (items by bonus and gold, the rest by kind)."""
    kind = card.kind
    if kind == CardKind.ITEM:
        return 2.0 * card.bonus + card.value / 300 + 0.5 * len(card.modifiers)
    if kind == CardKind.LEVELUP:
        return 6.0
    if kind == CardKind.ONESHOT:
        amounts = [op.amount for a in card.uses for op in a.ops if op.op == OpKind.COMBAT_BONUS]
        return max(amounts, default=2) + card.value / 500
    if kind in (CardKind.CLASS, CardKind.RACE, CardKind.FOLLOWER):
        return 3.0
    return 1.0


def deadly(card: Card) -> bool:
    """Whether a monster's Bad Stuff kills or costs two levels or more."""
    return any(
        op.op == OpKind.DIE or (op.op == OpKind.LOSE_LEVEL and op.amount >= 2)
        for op in card.op_lists[0]
    )


class HeuristicBot(Bot[MunchkinView]):
    """A sensible player (see the module's docstring)."""

    name = "heuristic"
    shuffle_ties = True  # equal values: the seeded generator decides

    cs: CardSet
    view: MunchkinView
    me: int

    def choose(self, view: MunchkinView, legal: list[Action]) -> Action:
        self.view = view
        self.cs = SETS[view["game"]]
        seat = view["seat"]
        assert seat is not None, "a bot plays a seat"
        self.me = seat
        deciding = view["deciding"]
        if deciding is not None and deciding["seat"] == self.me:
            return self._decide(deciding, legal)
        window = view["window"]
        if window is not None:
            return self._respond(window["kind"], legal)
        phase = view["phase"]
        if phase == Phase.SETUP:
            return self._own(legal) or next(a for a in legal if a in BEGIN)
        if phase == Phase.CHARITY:
            return self._cheapest_pick(legal)
        if phase == Phase.RUN:
            return self._run(legal)
        return self._own(legal) or self._turn_step(legal)

    # ----- what things are worth ---------------------------------------------------------

    def _card(self, card: int) -> Card:
        return self.cs.cards[card]

    def _level(self, seat: int) -> int:
        return self.view["seats"][seat]["level"]

    def _leader(self) -> int:
        """The rival with the highest level (the player to slow down)."""
        others = [s for s in range(self.view["players"]) if s != self.me]
        return max(others, key=lambda s: (self._level(s), -((s - self.me) % 6)))

    def _threat(self, seat: int) -> bool:
        """Whether a rival is close enough to winning to be worth hurting."""
        return seat != self.me and self._level(seat) >= max(6, self._level(self.me))

    def _cheapest_pick(self, legal: list[Action]) -> Action:
        picks = [a for a in legal if type(a) is Pick]
        if not picks:
            return legal[0]
        return min(picks, key=lambda a: card_value(self._card(a.card)))

    def _best_pick(self, legal: list[Action]) -> Action:
        picks = [a for a in legal if type(a) is Pick]
        if not picks:
            return legal[0]
        return max(picks, key=lambda a: card_value(self._card(a.card)))

    # ----- own turn ------------------------------------------------------------------------

    def _own(self, legal: list[Action]) -> Action | None:
        """Put useful cards into play: class, race, items that count, Go up a level."""
        for action in legal:
            if type(action) is Play:
                card = self._card(action.card)
                if card.kind in PUT_IN_PLAY:
                    return action
                if card.kind == CardKind.ITEM and card.bonus + len(card.modifiers) > 0:
                    return action
                if card.kind == CardKind.FOLLOWER:
                    return action
                if card.kind == CardKind.ONESHOT and card.uses[0].timing == Context.OWN:
                    return action
            elif type(action) is Equip:
                return action
        if SELL in legal and self._level(self.me) < 8:
            return SELL
        return None

    def _turn_step(self, legal: list[Action]) -> Action:
        if KICK in legal:
            return KICK
        if LOOT in legal:
            mine = self.view["seats"][self.me]["strength"]
            trouble = [
                a
                for a in legal
                if type(a) is Play
                and self._card(a.card).kind == CardKind.MONSTER
                and self._card(a.card).level + 1 < mine
            ]
            return trouble[0] if trouble else LOOT
        if END_TURN in legal:
            return END_TURN
        return next((a for a in legal if type(a) not in (Discard, Use)), legal[0])

    def _run(self, legal: list[Action]) -> Action:
        run = self.view["run"]
        assert run is not None, "a run is on"
        current = run["monster"]
        if current is None:
            return next(a for a in legal if type(a) is ChooseMonster and a.index == 0)
        if deadly(self._card(current)):
            escapes = [a for a in legal if a is not ROLL]
            if escapes:
                return escapes[0]
        return ROLL

    # ----- windows --------------------------------------------------------------------------

    def _respond(self, kind: WindowKind, legal: list[Action]) -> Action:
        plays = [a for a in legal if a is not PASS and type(a) is not Discard]
        for action in plays:  # a level is a level
            if type(action) is Play and self._card(action.card).kind == CardKind.LEVELUP:
                return action
        fight = self.view["combat"]
        if kind == WindowKind.COMBAT and fight is not None:
            return self._in_combat(fight, plays, legal)
        if kind == WindowKind.ROLL:
            return self._after_roll(plays)
        leader = self._leader()
        if self._threat(leader):
            curses = [
                a for a in plays if type(a) is Play and self._card(a.card).kind == CardKind.CURSE
            ]
            if curses:
                return curses[0]
        return PASS

    def _in_combat(self, fight: FightView, plays: list[Action], legal: list[Action]) -> Action:
        me, fighter = self.me, fight["fighter"]
        ours = me in (fighter, fight["helper"])
        if ours:
            if fight["winning"]:
                return PASS
            for action in plays:  # bonuses on our side
                if type(action) is Play:
                    card = self._card(action.card)
                    if card.kind == CardKind.ONESHOT and card.uses[0].timing == Context.COMBAT:
                        return action
                elif type(action) is Use:
                    ability = self._card(action.card).uses[action.ability]
                    if ability.timing == Context.COMBAT and ability.ops[0].op in FIGHT_HELP:
                        if ability.discard_hand and len(self.view["hand"] or ()) < 3:
                            continue
                        return action
            asks = [a for a in legal if type(a) is Ask]
            if asks and me == fighter and self._level(me) < 9:
                gap = fight["monsters_strength"] - fight["players_strength"]
                helpful = [
                    a
                    for a in asks
                    if self.view["seats"][a.seat]["strength"] > gap and not self._threat(a.seat)
                ]
                if helpful:
                    return min(helpful, key=lambda a: self._level(a.seat))
            return PASS
        if self._threat(fighter) and fight["winning"]:
            for action in plays:
                if type(action) is not Play:
                    continue
                card = self._card(action.card)
                if card.kind == CardKind.ENHANCER and any(
                    m.amount > 0 for m in card.modifiers if m.stat == Stat.COMBAT
                ):
                    return action
                if card.kind in (CardKind.WANDERING, CardKind.MONSTER, CardKind.CURSE):
                    return action
                if card.kind == CardKind.ONESHOT and card.uses[0].ops[0].to == Target.COMBATANT:
                    return action
        return PASS

    def _after_roll(self, plays: list[Action]) -> Action:
        run = self.view["run"]
        assert run is not None, "a roll is on the table"
        failing = run["total"] is not None and run["total"] < 5
        mine = run["roll_seat"] == self.me
        roller = run["roll_seat"]
        threat = roller is not None and self._threat(roller)
        if (mine and failing) or (not mine and not failing and threat):
            for action in plays:
                if type(action) is Play:
                    ability = self._card(action.card).uses[0]
                elif type(action) is Use:
                    ability = self._card(action.card).uses[action.ability]
                else:
                    continue
                if ability.timing == Context.ROLL:
                    return action
        return PASS

    # ----- decisions ---------------------------------------------------------------------

    def _decide(self, deciding: DecidingView, legal: list[Action]) -> Action:
        kind = deciding["kind"]
        args = deciding["args"] or []
        fight = self.view["combat"]
        if kind in AIMS:
            card, code, i = args[0], args[1], args[2]
            op = self._card(card).op_lists[code][i]
            return self._aim(op.op, op.amount, legal, fight)
        if kind == FrameKind.CURSE_TARGET:
            return ChooseSeat(self._leader()) if ChooseSeat(self._leader()) in legal else legal[0]
        if kind == FrameKind.CURSE:
            cancels = [a for a in legal if a is not PASS]
            return cancels[0] if cancels else PASS
        if kind in TAKES:
            return self._best_pick(legal)
        if kind in GIVES:
            return self._cheapest_pick(legal)
        if kind == FrameKind.VALUE:
            run = self.view["run"]
            roller = None if run is None else run["roll_seat"]
            ours = roller is None or roller == self.me or not self._threat(roller)
            return CHOOSE_VALUE[6 if ours else 1]
        if kind in (FrameKind.ENHANCE, FrameKind.WANDER):
            return legal[0]
        if kind == FrameKind.BRIBE:  # no items, one treasure, the fighter picks first
            for action in (TREASURES[1], TREASURES[0], DONE):
                if action in legal:
                    return action
        if kind == FrameKind.COUNTER:
            return CANCEL if CANCEL in legal else (DONE if DONE in legal else legal[0])
        if kind == FrameKind.ANSWER:
            return self._answer(args[0], legal)
        if kind == FrameKind.SELL:
            if DONE in legal:
                return DONE
            sellable = [
                a for a in legal if type(a) is Pick and self._card(a.card).kind != CardKind.LEVELUP
            ]
            if sellable:
                return min(sellable, key=lambda a: card_value(self._card(a.card)))
            return CANCEL
        if kind == FrameKind.TRADE:
            return CANCEL
        return legal[0]

    def _aim(self, op: OpKind, amount: int, legal: list[Action], fight: FightView | None) -> Action:
        """Help ourselves and hurt the leader: bonuses on our side or on the monsters of a
        threatening fighter, penalties the other way, monsters away from our fights."""
        seats = [a for a in legal if type(a) is ChooseSeat]
        monsters = [a for a in legal if type(a) is ChooseMonster]
        me = ChooseSeat(self.me)
        if fight is not None and monsters and op in MONSTER_AWAY:
            return max(monsters, key=lambda a: fight["monsters"][a.index]["strength"])
        if fight is not None and op == OpKind.COMBAT_BONUS:
            ours = self.me in (fight["fighter"], fight["helper"])
            fighter = ChooseSeat(fight["fighter"])
            # ours: a penalty goes on the monsters; else a bonus on a threatening fighter's
            against = amount < 0 if ours else amount >= 0 and self._threat(fight["fighter"])
            if against and monsters:
                return monsters[0]
            if me in seats and ours:
                return me
            return fighter if fighter in seats else legal[0]
        if op in GOOD_FOR_US:
            return me if me in legal else legal[0]
        leader = ChooseSeat(self._leader())
        return leader if leader in legal else legal[0]

    def _answer(self, offer_id: int, legal: list[Action]) -> Action:
        offer = next((o for o in self.view["offers"] if o["id"] == offer_id), None)
        if offer is None:
            return DECLINE
        fight = self.view["combat"]
        if type(offer["occasion"]) is int and fight is not None:
            fighter = fight["fighter"]
            if self.me == fighter:
                return ACCEPT  # a counter: help is worth it
            terms = offer["terms"]
            reward = terms[0] + len(terms) - 2
            mine = self.view["seats"][self.me]["strength"]
            would_win = fight["players_strength"] + mine > fight["monsters_strength"]
            levels = sum(self.cs.cards[m["card"]].levels for m in fight["monsters"])
            safe = self._level(fighter) + levels < self.cs.rules.max_level
            return ACCEPT if would_win and safe and reward > 0 else DECLINE
        terms = offer["terms"]
        mine = terms[0]
        give = [self._card(c) for c in terms[1 + mine :]]
        take = [self._card(c) for c in terms[1 : 1 + mine]]
        gain = sum(map(card_value, take)) - sum(map(card_value, give))
        return ACCEPT if gain > 0 else DECLINE


BOTS: dict[str, Callable[[int | None], HeuristicBot]] = {"heuristic": HeuristicBot}
