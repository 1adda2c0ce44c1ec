"""Munchkin bots: ``heuristic`` (``random`` comes with every game).

The heuristic plays like a sensible, slightly greedy person, from its view alone: it
puts its class, race and items into play, equips the best item of each slot, and sells
what does not count in a fight; kicks open the door; looks for trouble only with a
monster it beats, else loots. In its own fight it plays a one-shot only when it decides
the fight (the smallest that does), else asks for help the rival most likely to accept
(one whose strength wins it, the lowest level first) for a fair bribe (half the
treasures, rounded up), else runs, escaping deadly Bad Stuff with whatever it has. It
helps for a bribe of a treasure or more (two from a player close to winning) when its
strength wins the fight, and never when the kill could take the fighter to level 9 or
more (one level short of the end: an enhancer's extra level played later cannot make it
the winning kill); it does not ask then either. It plays Go up a level at once; in the
fight of the leader (the rival with the highest level, at least its own) or of anybody
about to win the game, it plays the enhancer, monster or one-shot that turns a win into
a loss, and curses the leader. It gives away or loses its least useful cards. Running away
from a deadly monster or several, it takes the escape that reaches furthest (every monster,
the helper along); a Yakuza demands help of a lower-level player; asked so, it pays off a
threat with its cheapest item. Ties are broken by the bot's own seeded
generator.
"""

from __future__ import annotations

import math
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
    Treasures,
    Unequip,
    Use,
)
from .character import player_strength
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
from .model import FrameKind, MunchkinModel, Phase, WindowKind, hook_frame
from .views import DecidingView, FightView, MunchkinView

SETS = {cs.rules.game_id: cs for cs in map(load_set, set_files())}
STEAL = hook_frame(HookName.STEAL)
AIMS = (FrameKind.AIM, FrameKind.AIM_SEAT, FrameKind.AIM_MONSTER)
TAKES = (FrameKind.LOOT_BODY, FrameKind.SHARE, STEAL)  # the best card is ours
GIVES = (FrameKind.LOSE, FrameKind.COST)  # the cheapest card goes
PUT_IN_PLAY = (*CHARACTER_KINDS, CardKind.LEVELUP)
MONSTER_AWAY = (OpKind.REMOVE_MONSTER, OpKind.DEFEAT_MONSTER)
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


def fight_gain(card: Card, ability: int = 0) -> int:
    """How much a card's use (a one-shot's, or an ability of a card in play) can swing a
    fight towards the side it aims at: its combat bonus, counted either way (a penalty
    goes on the other side); 0 if it gives no bonus."""
    uses = card.uses
    if ability >= len(uses):
        return 0
    return sum(abs(op.amount) for op in uses[ability].ops if op.op == OpKind.COMBAT_BONUS)


def fight_bonus(card: Card) -> int:
    """An enhancer's combat modifiers (what it adds to a monster, or to a follower's
    owner)."""
    return sum(m.amount for m in card.modifiers if m.stat == Stat.COMBAT)


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
            return self._own(legal) or next(a for a in legal if a in BEGIN or a is DONE)
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
                if card.kind == CardKind.ENHANCER and fight_bonus(card) > 0:  # on our fan
                    return action
                if card.kind == CardKind.ONESHOT and card.uses[0].timing == Context.OWN:
                    return action
            elif type(action) is Equip and self._counts(self._card(action.card)):
                return action
        swap = self._better_item(legal)
        if swap is not None:
            return swap
        if SELL in legal and self._spare_gold() >= self.cs.rules.gold_per_level:
            return SELL
        return None

    @staticmethod
    def _counts(card: Card) -> bool:
        """Whether an item gives something once equipped."""
        return card.bonus > 0 or bool(card.modifiers)

    def _better_item(self, legal: list[Action]) -> Action | None:
        """Unequip an item when a carried one of the same slot has a higher bonus."""
        table = self.view["seats"][self.me]["table"]
        carried = [self._card(t["card"]) for t in table if not t["equipped"]]
        for action in legal:
            if type(action) is Unequip:
                worn = self._card(action.card)
                if any(c.slot == worn.slot and c.bonus > worn.bonus for c in carried):
                    return action
        return None

    def _keep_value(self, card: int) -> float:
        """How much a card is worth keeping rather than selling: an equipped item that
        counts in fights is worth the most."""
        table = self.view["seats"][self.me]["table"]
        worn = any(t["card"] == card and t["equipped"] for t in table)
        design = self._card(card)
        return card_value(design) + (10.0 if worn and self._counts(design) else 0.0)

    def _spare_gold(self) -> int:
        """Gold of the cards worth selling: in hand, and in play but not worn items that
        count."""
        seat = self.view["seats"][self.me]
        cards = [*(self.view["hand"] or ()), *(t["card"] for t in seat["table"])]
        return sum(
            self._card(c).value
            for c in cards
            if self._keep_value(c) < 10 and self._card(c).kind != CardKind.LEVELUP
        )

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
        if deadly(self._card(current)) or len(run["left"]) > 1:
            escapes = [a for a in legal if a is not ROLL]
            if escapes:
                return max(escapes, key=self._escape_reach)
        return ROLL

    def _escape_reach(self, action: Action) -> tuple[int, int]:
        """How far an escape goes: every monster of the fight before one, and the helper
        taken along before the runner alone; the cheaper card on a tie."""
        if type(action) is not Use and type(action) is not Play:
            return (0, 0)
        card = self._card(action.card)
        ops = card.uses[action.ability if type(action) is Use else 0].ops
        escapes = [op for op in ops if op.op == OpKind.ESCAPE]
        return (sum(1 + op.all for op in escapes), -int(card_value(card)))

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
        gap = fight["monsters_strength"] - fight["players_strength"]
        if me in (fighter, fight["helper"]):
            if fight["winning"]:
                return PASS
            decisive = self._decisive(self._boosts(fight, plays, ours=True), gap + 1)
            if decisive is not None:
                return decisive
            helper = self._helper_to_ask(fight, legal, gap + 1)
            return PASS if helper is None else helper
        if not fight["winning"] or not self._worth_stopping(fight):
            return PASS
        decisive = self._decisive(self._boosts(fight, plays, ours=False), -gap)
        if decisive is not None:
            return decisive
        leader = self._leader()
        if fighter == leader or fight["helper"] == leader:
            curses = [
                a for a in plays if type(a) is Play and self._card(a.card).kind == CardKind.CURSE
            ]
            if curses:
                return curses[0]
        return PASS

    def _boosts(
        self, fight: FightView, plays: list[Action], ours: bool
    ) -> list[tuple[Action, int]]:
        """The plays that swing the fight our way, with how much: on our side (`ours`)
        bonuses, weakening enhancers and monsters taken away; against the fighter,
        strengthening enhancers, monsters joining and bonuses (aimed by `_aim` at the
        monsters)."""
        boosts: list[tuple[Action, int]] = []
        strongest = max((m["strength"] for m in fight["monsters"]), default=0)
        for action in plays:
            if type(action) is Use:
                ability = self._card(action.card).uses[action.ability]
                if ability.timing != Context.COMBAT:
                    continue
                if not ours:  # only a bonus that goes to the monsters (a Hong Kong item)
                    if ability.ops and ability.ops[0].to == Target.MONSTER:
                        boosts.append((action, max(0, ability.ops[0].amount)))
                    continue
                if ability.discard_hand and len(self.view["hand"] or ()) < 3:
                    continue
                if ability.ops and ability.ops[0].op in MONSTER_AWAY:
                    boosts.append((action, strongest))
                elif gain := fight_gain(self._card(action.card), action.ability):
                    boosts.append((action, gain))
                continue
            if type(action) is not Play:
                continue
            card = self._card(action.card)
            if card.kind == CardKind.ONESHOT and card.uses[0].timing == Context.COMBAT:
                if ours and card.uses[0].ops and card.uses[0].ops[0].op in MONSTER_AWAY:
                    boosts.append((action, strongest))
                elif gain := fight_gain(card):
                    boosts.append((action, gain))
            elif card.kind == CardKind.ENHANCER:  # a weakening one helps our side
                gain = fight_bonus(card)
                # a copy of the weakest monster, at least (the enhancer's player chooses)
                weakest = min((m["strength"] for m in fight["monsters"]), default=0)
                gain += weakest * sum(m.amount for m in card.modifiers if m.stat == Stat.COPIES)
                if (gain < 0) == ours and gain:
                    boosts.append((action, abs(gain)))
            elif not ours and card.given_use >= 0:  # a Hong Kong item given from hand
                boosts.append((action, max(0, card.uses[card.given_use].ops[0].amount)))
            elif not ours and card.kind in (CardKind.WANDERING, CardKind.MONSTER):
                level = card.level if card.kind == CardKind.MONSTER else 0
                boosts.append((action, max(level, 1)))
        return boosts

    @staticmethod
    def _decisive(boosts: list[tuple[Action, int]], need: int) -> Action | None:
        """The play that decides the fight: the smallest that is enough alone, else the
        biggest when all of them together are enough; none when they are not."""
        if not boosts or need <= 0:
            return None
        enough = [(gain, i) for i, (_, gain) in enumerate(boosts) if gain >= need]
        if enough:
            return boosts[min(enough)[1]][0]
        if sum(gain for _, gain in boosts) >= need:
            return max(boosts, key=lambda b: b[1])[0]
        return None

    def _helper_to_ask(self, fight: FightView, legal: list[Action], need: int) -> Action | None:
        """The rival most likely to accept a request for help: one whose strength wins
        the fight and who is no threat, the lowest level first, then the strongest. None
        when the kill would take us that close to the end that nobody helps
        (`_help_too_close`)."""
        if fight["fighter"] != self.me or self._help_too_close(fight):
            return None
        seats = self.view["seats"]
        helpful = [
            a
            for a in legal
            if type(a) is Ask and seats[a.seat]["strength"] >= need and not self._threat(a.seat)
        ]
        if not helpful:
            return None
        return min(helpful, key=lambda a: (self._level(a.seat), -seats[a.seat]["strength"]))

    def _level_after_win(self, fight: FightView) -> int:
        """The highest level a win can take the fighter to: each monster's levels, and
        the extra levels of its own and its enhancers' modifiers (counted whatever their
        conditions)."""
        levels = 0
        for monster in fight["monsters"]:
            designs = [self._card(c) for c in (monster["card"], *monster["enhancers"])]
            copies = 1 + sum(
                m.amount for design in designs for m in design.modifiers if m.stat == Stat.COPIES
            )
            levels += copies * (
                designs[0].levels
                + sum(
                    m.amount
                    for design in designs
                    for m in design.modifiers
                    if m.stat == Stat.LEVELS and m.amount > 0
                )
            )
        return self._level(fight["fighter"]) + levels

    def _kill_wins_game(self, fight: FightView) -> bool:
        """Whether winning this fight can take the fighter to the last level."""
        return self._level_after_win(fight) >= self.cs.rules.max_level

    def _help_too_close(self, fight: FightView) -> bool:
        """Whether a helper should stay out: the win would take the fighter to one level
        from the end or more, so that an enhancer's extra level, played after the helper
        said yes, cannot make it the winning kill."""
        return self._level_after_win(fight) >= self.cs.rules.max_level - 1

    def _worth_stopping(self, fight: FightView) -> bool:
        """Whether another seat's fight is worth spending cards on: the kill would win
        the game, or the fighter (or helper) is the leader and not behind us."""
        if self._kill_wins_game(fight):
            return True
        leader = self._leader()
        return leader in (fight["fighter"], fight["helper"]) and self._level(leader) >= self._level(
            self.me
        )

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
        if kind == FrameKind.BRIBE:  # no items, half the treasures, the fighter picks first
            shares = [a for a in legal if type(a) is Treasures]
            if self._may_demand(args[0]):  # nothing at all: a demand
                return TREASURES[0] if TREASURES[0] in legal else DONE
            if shares:
                most = max(a.count for a in shares)
                return TREASURES[max(1, (most + 1) // 2)] if most else TREASURES[0]
            return DONE
        if kind == FrameKind.CLAIM:
            return self._claim(args[0], legal)
        if kind == FrameKind.REINFORCE:
            return self._reinforce(legal)
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
                return min(sellable, key=lambda a: self._keep_value(a.card))
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
            against = amount < 0 if ours else amount >= 0 and self._worth_stopping(fight)
            if against and monsters:
                return monsters[0]
            if me in seats and ours:
                return me
            return fighter if fighter in seats else legal[0]
        if op in GOOD_FOR_US:
            return me if me in legal else legal[0]
        leader = ChooseSeat(self._leader())
        return leader if leader in legal else legal[0]

    def _reinforce(self, legal: list[Action]) -> Action:
        """Add a monster from hand to another seat's winning fight that is worth stopping
        (the leader's, or one whose kill wins the game): the smallest that turns it, else
        the biggest when the leader fights (the seats asked next may add more)."""
        fight = self.view["combat"]
        picks = [a for a in legal if type(a) is Pick]
        if not picks or fight is None or self.me in (fight["fighter"], fight["helper"]):
            return PASS
        if not fight["winning"] or not self._worth_stopping(fight):
            return PASS
        boosts: list[tuple[Action, int]] = [(a, self._card(a.card).level) for a in picks]
        need = fight["players_strength"] - fight["monsters_strength"]
        decisive = self._decisive(boosts, need)
        if decisive is not None:
            return decisive
        if self._leader() in (fight["fighter"], fight["helper"]):
            return max(boosts, key=lambda b: b[1])[0]
        return PASS

    def _claim(self, card: int, legal: list[Action]) -> Action:
        """Claim a discard pile's class or style with a Go up a level only when the level
        is worth less: at the last level but one (it cannot be used), or for a first class."""
        claims = [a for a in legal if type(a) is Pick]
        if not claims:
            return PASS
        table = self.view["seats"][self.me]["table"]
        kind = self._card(card).kind
        classless = kind == CardKind.CLASS and not any(
            self._card(t["card"]).kind == CardKind.CLASS for t in table
        )
        if classless or self._level(self.me) >= self.cs.rules.max_level - 1:
            return claims[0]
        return PASS

    def _may_demand(self, seat: int) -> bool:
        """Whether we may demand `seat`'s help (a ``demand`` card, and it is lower)."""
        table = self.view["seats"][self.me]["table"]
        demands = any(m.stat == Stat.DEMAND for t in table for m in self._card(t["card"]).modifiers)
        return demands and self._level(seat) < self._level(self.me)

    def _answer(self, offer_id: int, legal: list[Action]) -> Action:
        offer = next((o for o in self.view["offers"] if o["id"] == offer_id), None)
        if offer is None:
            return DECLINE
        fight = self.view["combat"]
        demand = any(type(a) is Pick for a in legal)  # met by helping or paying it off
        if demand and fight is not None:  # help, unless it brings them near the end
            if self._threat(fight["fighter"]) or self._help_too_close(fight):
                return self._cheapest_pick(legal)
            return ACCEPT
        if type(offer["occasion"]) is int and fight is not None:
            fighter = fight["fighter"]
            if self.me == fighter:
                return ACCEPT  # a counter: help is worth it
            terms = offer["terms"]
            reward = terms[0] + len(terms) - 2  # treasures, and items
            mine = self.view["seats"][self.me]["strength"]
            would_win = fight["players_strength"] + mine > fight["monsters_strength"]
            price = 2 if self._threat(fighter) else 1  # a rival close to winning pays more
            worth = would_win and reward >= price and not self._help_too_close(fight)
            return ACCEPT if worth else DECLINE
        terms = offer["terms"]
        mine = terms[0]
        give = [self._card(c) for c in terms[1 + mine :]]
        take = [self._card(c) for c in terms[1 : 1 + mine]]
        gain = sum(map(card_value, take)) - sum(map(card_value, give))
        return ACCEPT if gain > 0 else DECLINE


BOTS: dict[str, Callable[[int | None], HeuristicBot]] = {"heuristic": HeuristicBot}


# `value`'s weights: a multinomial logit of who wins, fitted by maximum likelihood to the
# turn starts of 1,200 games of heuristic bots (600 per set, 3 to 6 seats, 69,812 turn
# starts); it explains 12% of the uncertainty of a uniform guess (levels alone: 9%).
LEVEL_WEIGHT = 0.275
GEAR_WEIGHT = 0.089  # per point of combat strength above the level (items, race, class)
TURN_WEIGHT = 0.178  # the seat whose turn begins
NEXT_WEIGHT = 0.114  # the seat after it
LEVEL_8_WEIGHT = 0.201
LEVEL_9_WEIGHT = 1.124  # one won fight from the end


def value(state: MunchkinModel) -> list[float] | None:
    """Each seat's chance of winning from a turn about to begin (``None`` elsewhere: mid-turn
    the fight under way decides too much), from what every seat sees: levels, the cards in
    play, whose turn it is. A search's cut-off rollouts stop here (``ismcts:…:value``)."""
    if state.phase is not Phase.START or state.window is not None:
        return None
    players = state.num_players
    turn = state.turn
    weights = []
    for seat in range(players):
        level = state.level[seat]
        score = LEVEL_WEIGHT * level + GEAR_WEIGHT * (player_strength(state, seat) - level)
        if seat == turn:
            score += TURN_WEIGHT
        elif seat == (turn + 1) % players:
            score += NEXT_WEIGHT
        if level == 9:
            score += LEVEL_9_WEIGHT
        elif level == 8:
            score += LEVEL_8_WEIGHT
        weights.append(math.exp(score))
    total = sum(weights)
    return [weight / total for weight in weights]
