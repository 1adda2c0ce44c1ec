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
from typing import Any

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
from .content import Card, CardSet, load_set, set_files

SETS = {cs.rules.game_id: cs for cs in map(load_set, set_files())}
HARMFUL = ("lose_level", "discard", "lose_item", "lose_class", "lose_race", "die", "change_sex")


def card_value(card: Card) -> float:
    """How much a card is worth keeping (items by bonus and gold, the rest by kind)."""
    kind = card.kind
    if kind == "item":
        return 2.0 * card.bonus + card.value / 300 + 0.5 * len(card.modifiers)
    if kind == "levelup":
        return 6.0
    if kind == "oneshot":
        amounts = [op.amount for a in card.uses for op in a.ops if op.op == "combat_bonus"]
        return max(amounts, default=2) + card.value / 500
    if kind in ("class", "race", "follower"):
        return 3.0
    return 1.0


def deadly(card: Card) -> bool:
    """Whether a monster's Bad Stuff kills or costs two levels or more."""
    return any(
        op.op == "die" or (op.op == "lose_level" and op.amount >= 2) for op in card.op_lists[0]
    )


class HeuristicBot(Bot):
    """A sensible player (see the module's docstring)."""

    name = "heuristic"
    shuffle_ties = True  # equal values: the seeded generator decides

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.cs: CardSet = SETS[view["game"]]
        self.view = view
        self.me: int = view["seat"]
        deciding = view["deciding"]
        if deciding is not None and deciding["seat"] == self.me:
            return self._decide(deciding, legal)
        if view["window"] is not None:
            return self._respond(legal)
        phase = view["phase"]
        if phase == "setup":
            return self._own(legal) or next(a for a in legal if a in BEGIN)
        if phase == "charity":
            return self._cheapest_pick(legal)
        if phase == "run":
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
            kind = type(action)
            if kind is Play:
                card = self._card(action.card)
                if card.kind in ("class", "race", "half_breed", "super_munchkin", "levelup"):
                    return action
                if card.kind == "item" and card.bonus + len(card.modifiers) > 0:
                    return action
                if card.kind == "follower":
                    return action
                if card.kind == "oneshot" and card.uses[0].timing == "own":
                    return action
            elif kind is Equip:
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
                and self._card(a.card).kind == "monster"
                and self._card(a.card).level + 1 < mine
            ]
            return trouble[0] if trouble else LOOT
        if END_TURN in legal:
            return END_TURN
        return next((a for a in legal if type(a) not in (Discard, Use)), legal[0])

    def _run(self, legal: list[Action]) -> Action:
        monsters = self.view["run"]["left"]
        current = self.view["run"]["monster"]
        if current is None:
            return next(a for a in legal if type(a) is ChooseMonster and a.index == 0)
        if deadly(self._card(current)):
            escapes = [a for a in legal if a is not ROLL]
            if escapes:
                return escapes[0]
        del monsters
        return ROLL

    # ----- windows --------------------------------------------------------------------------

    def _respond(self, legal: list[Action]) -> Action:
        plays = [a for a in legal if a is not PASS and type(a) is not Discard]
        for action in plays:  # a level is a level
            if type(action) is Play and self._card(action.card).kind == "levelup":
                return action
        combat = self.view["combat"]
        kind = self.view["window"]["kind"]
        if kind == "combat" and combat is not None:
            return self._in_combat(combat, plays, legal)
        if kind == "roll":
            return self._after_roll(plays)
        leader = self._leader()
        if self._threat(leader):
            curses = [a for a in plays if type(a) is Play and self._card(a.card).kind == "curse"]
            if curses:
                return curses[0]
        return PASS

    def _in_combat(
        self, combat: dict[str, Any], plays: list[Action], legal: list[Action]
    ) -> Action:
        me, fighter = self.me, combat["fighter"]
        ours = me in (fighter, combat["helper"])
        if ours:
            if combat["winning"]:
                return PASS
            for action in plays:  # bonuses on our side
                if type(action) is Play:
                    card = self._card(action.card)
                    if card.kind == "oneshot" and card.uses[0].timing == "combat":
                        return action
                elif type(action) is Use:
                    ability = self._card(action.card).uses[action.ability]
                    if ability.timing == "combat" and ability.ops[0].op in (
                        "combat_bonus",
                        "defeat_monster",
                        "remove_monster",
                    ):
                        if ability.discard_hand and len(self.view["hand"]) < 3:
                            continue
                        return action
            asks = [a for a in legal if type(a) is Ask]
            if asks and me == fighter and self._level(me) < 9:
                gap = combat["monsters_strength"] - combat["players_strength"]
                helpful = [
                    a
                    for a in asks
                    if self.view["seats"][a.seat]["strength"] > gap and not self._threat(a.seat)
                ]
                if helpful:
                    return min(helpful, key=lambda a: self._level(a.seat))
            return PASS
        if self._threat(fighter) and combat["winning"]:
            for action in plays:
                if type(action) is not Play:
                    continue
                card = self._card(action.card)
                if card.kind == "enhancer" and any(
                    m.amount > 0 for m in card.modifiers if m.stat == "combat"
                ):
                    return action
                if card.kind in ("wandering", "monster", "curse"):
                    return action
                if card.kind == "oneshot" and card.uses[0].ops[0].to == "combatant":
                    return action
        return PASS

    def _after_roll(self, plays: list[Action]) -> Action:
        run = self.view["run"]
        failing = run["total"] is not None and run["total"] < 5
        mine = run["roll_seat"] == self.me
        if (mine and failing) or (not mine and not failing and self._threat(run["roll_seat"])):
            for action in plays:
                card = self._card(action.card)
                ability = card.uses[0] if type(action) is Play else card.uses[action.ability]
                if ability.timing == "roll":
                    return action
        return PASS

    # ----- decisions ---------------------------------------------------------------------

    def _decide(self, deciding: dict[str, Any], legal: list[Action]) -> Action:
        kind = deciding["kind"]
        args = deciding["args"] or []
        combat = self.view["combat"]
        if kind in ("aim", "aim_seat", "aim_monster"):
            card, code, i = args[0], args[1], args[2]
            op = self._card(card).op_lists[code][i]
            return self._aim(op.op, op.amount, legal, combat)
        if kind == "curse_target":
            return ChooseSeat(self._leader()) if ChooseSeat(self._leader()) in legal else legal[0]
        if kind == "curse":
            cancels = [a for a in legal if a is not PASS]
            return cancels[0] if cancels else PASS
        if kind in ("lose", "cost", "hook:steal", "loot", "share"):
            if kind in ("loot", "share", "hook:steal"):
                return self._best_pick(legal)
            return self._cheapest_pick(legal)
        if kind == "value":
            run = self.view["run"]
            face = (
                6
                if run is None or run["roll_seat"] == self.me or not self._threat(run["roll_seat"])
                else 1
            )
            return CHOOSE_VALUE[face]
        if kind in ("enhance", "wander"):
            return legal[0]
        if kind == "bribe":  # no items, one treasure, the fighter picks first
            for action in (TREASURES[1], TREASURES[0], DONE):
                if action in legal:
                    return action
        if kind == "counter":
            return CANCEL if CANCEL in legal else (DONE if DONE in legal else legal[0])
        if kind == "answer":
            return self._answer(args[0], legal)
        if kind in ("trade", "sell"):
            if kind == "sell":
                sellable = [
                    a for a in legal if type(a) is Pick and self._card(a.card).kind != "levelup"
                ]
                if DONE in legal:
                    return DONE
                if sellable:
                    return min(sellable, key=lambda a: card_value(self._card(a.card)))
            return CANCEL
        return legal[0]

    def _aim(self, op: str, amount: int, legal: list[Action], combat: Any) -> Action:
        """Help ourselves and hurt the leader: bonuses on our side or on the monsters of a
        threatening fighter, penalties the other way, monsters away from our fights."""
        seats = [a for a in legal if type(a) is ChooseSeat]
        monsters = [a for a in legal if type(a) is ChooseMonster]
        me = ChooseSeat(self.me)
        if combat is not None and monsters and op in ("remove_monster", "defeat_monster"):
            return max(monsters, key=lambda a: combat["monsters"][a.index]["strength"])
        if combat is not None and op == "combat_bonus":
            ours = self.me in (combat["fighter"], combat["helper"])
            fighter = ChooseSeat(combat["fighter"])
            against = ours == (amount < 0)  # aim at the monsters
            if not ours and not self._threat(combat["fighter"]):
                against = amount < 0 and False
            if against and monsters:
                return monsters[0]
            if me in seats and ours:
                return me
            return fighter if fighter in seats else legal[0]
        good = op in ("gain_level", "draw", "escape", "run_bonus", "cancel_curse")
        if good:
            return me if me in legal else legal[0]
        leader = ChooseSeat(self._leader())
        return leader if leader in legal else legal[0]

    def _answer(self, offer_id: int, legal: list[Action]) -> Action:
        offer = next((o for o in self.view["offers"] if o["id"] == offer_id), None)
        if offer is None:
            return DECLINE
        combat = self.view["combat"]
        if type(offer["occasion"]) is int and combat is not None:
            fighter = combat["fighter"]
            if self.me == fighter:
                return ACCEPT  # a counter: help is worth it
            terms = offer["terms"]
            reward = terms[0] + len(terms) - 2
            mine = self.view["seats"][self.me]["strength"]
            would_win = combat["players_strength"] + mine > combat["monsters_strength"]
            levels = sum(self.cs.cards[m["card"]].levels for m in combat["monsters"])
            safe = self._level(fighter) + levels < self.cs.rules.max_level
            return ACCEPT if would_win and safe and reward > 0 else DECLINE
        terms = offer["terms"]
        mine = terms[0]
        give = [self._card(c) for c in terms[1 + mine :]]
        take = [self._card(c) for c in terms[1 : 1 + mine]]
        gain = sum(map(card_value, take)) - sum(map(card_value, give))
        return ACCEPT if gain > 0 else DECLINE


BOTS: dict[str, Callable[[int | None], HeuristicBot]] = {"heuristic": HeuristicBot}
