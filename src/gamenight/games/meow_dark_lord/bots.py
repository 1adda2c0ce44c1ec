"""Meow, Dark Lord! bots: ``heuristic`` (``random`` comes with every game).

The heuristic plays like a sensible person, from its view alone: it values a cat by the
coins it is expected to bring in a turn (a search rolls one die per heart, each succeeding
with probability power/6), plus what its abilities are worth. It hires its best cats and
keeps the best 3, searches with strong cats, attacks the leader's best cat when the kill
is likely (the engine's legal targets already respect Decoy), steals each coin from the
rival closest to winning (the treasury pays only when no rival has a coin), feeds cats
with a Last Wish to Sacrifice costs, and draws towards the last Rigor Mortis only when it
would win the count. Ties are broken by the bot's own seeded generator.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import TypeVar

from gamenight.kernel import Action, Bot

from .actions import (
    Activate,
    Attack,
    Discard,
    Draw,
    EndDungeon,
    Hire,
    Retrieve,
    Rob,
    Sacrifice,
    Search,
    Target,
)
from .content import CATS, HEARTS, Cat, Effect
from .model import Phase, Step
from .views import MeowView, PendingView, SeatView

A = TypeVar("A", bound=Action)


def only(legal: list[Action], kind: type[A]) -> list[A]:
    """The actions of `legal` of one type, in their order."""
    return [action for action in legal if isinstance(action, kind)]


def search_value(cat: Cat, hearts: int) -> float:
    """Expected coins from a search (a Steal cat's coins also cost a rival one)."""
    expected = hearts * cat.power / 6
    return expected * 1.5 if cat.steal else expected


def kill_chance(dice: int, power: int, hearts: int) -> float:
    """The chance that `dice` dice of `power` take at least `hearts` hearts."""
    p = power / 6
    return sum(comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(hearts, dice + 1))


def cat_value(card: int, hearts: int) -> float:
    """What a cat in the dungeon is worth: its search, its abilities, its toughness."""
    cat = CATS[card]
    value = search_value(cat, hearts) + 0.1 * hearts + (0.3 if cat.decoy else 0.0)
    ability = cat.activation
    if ability is not None:
        if ability.effect == Effect.COINS and not ability.sacrifice:
            value = max(value, ability.amount + 0.1 * hearts)
        else:
            value += 0.5
    if cat.last_wish is not None:
        value += 0.5
    return value


def last_wish_value(card: int) -> float:
    """What a cat's death gives back (Martyr's coins, Ninth Life's return, a wound)."""
    ability = CATS[card].last_wish
    if ability is None:
        return 0.0
    if ability.effect == Effect.COINS:
        return float(ability.amount)
    return 0.8


def hire_value(card: int) -> float:
    """What hiring a cat from hand brings: the cat, and its Hire ability."""
    value = cat_value(card, HEARTS[card])
    ability = CATS[card].hire
    if ability is not None:
        worth = {Effect.COINS: 1.0, Effect.DRAW: 0.4}.get(ability.effect, 0.5)
        value += worth * max(ability.amount, 1)
    return value


class HeuristicBot(Bot[MeowView]):
    """A sensible player (see the module's docstring)."""

    name = "heuristic"
    shuffle_ties = True  # equal values: the seeded generator decides

    def choose(self, view: MeowView, legal: list[Action]) -> Action:
        me = view["seat"]
        assert me is not None, "a bot plays a seat"
        self._me = me
        self._view = view
        dungeon_cats = [(s["seat"], d) for s in view["seats"] for d in s["dungeon"]]
        self._hearts = {d["card"]: d["hearts"] for _, d in dungeon_cats}
        self._owner = {d["card"]: seat for seat, d in dungeon_cats}
        pending = view["pending"]
        if pending is not None:
            return self._choose(pending, legal)
        kinds = {type(a) for a in legal}
        if Draw in kinds:
            return self._hire_or_draw(legal)
        if Sacrifice in kinds:
            return min(only(legal, Sacrifice), key=lambda a: self._keep_value(a.card))
        if Discard in kinds:
            return min(only(legal, Discard), key=lambda a: hire_value(a.card))
        return self._dungeon_action(legal)

    # ----- helpers ---------------------------------------------------------------------

    def _coins(self, seat: int) -> int:
        return self._view["seats"][seat]["coins"]

    def _threat(self, seat: int) -> float:
        """How much hurting `seat` matters: more the closer they are to the target."""
        if seat == self._me:
            return -1.0
        target = self._view["coin_target"]
        return 1.0 + 2.0 * self._coins(seat) / target

    def _keep_value(self, card: int) -> float:
        """How much we want to keep one of our cats (low: sacrifice it first)."""
        return cat_value(card, self._hearts[card]) - last_wish_value(card)

    def _enemy_value(self, card: int) -> float:
        return cat_value(card, self._hearts[card]) * self._threat(self._owner[card])

    # ----- phases ----------------------------------------------------------------------

    def _hire_or_draw(self, legal: list[Action]) -> Action:
        view, me = self._view, self._me
        hires = only(legal, Hire)
        (draw,) = only(legal, Draw)
        if view["rigor_mortis"] == view["rigor_mortis_total"] - 1:
            # The next Rigor Mortis ends the game: draw only when ahead on coins.
            ahead = all(self._coins(me) > s["coins"] for s in view["seats"] if s["seat"] != me)
            if ahead or not hires:
                return draw
            return max(hires, key=lambda a: hire_value(a.card))
        if not hires:
            return draw
        best = max(hires, key=lambda a: hire_value(a.card))
        mine = view["seats"][me]
        dungeon = [d["card"] for d in mine["dungeon"]]
        if mine["hand_size"] >= 10 or (len(dungeon) < 3 and view["phase"] == Phase.HIRE1):
            return best
        if len(dungeon) < 2:
            return best
        worst = min((self._keep_value(c) for c in dungeon), default=0.0)
        if view["phase"] == Phase.HIRE1 and hire_value(best.card) > worst + 0.3:
            return best  # it acts now; the worst cat is sacrificed at the end of the turn
        return draw

    def _dungeon_action(self, legal: list[Action]) -> Action:
        best: Action | None = None
        best_value = 0.0
        for action in legal:
            if isinstance(action, Search):
                value = self._search_value(action.card)
            elif isinstance(action, Attack):
                value = self._attack_value(action.card)
            elif isinstance(action, Activate):
                value = self._activation_value(action.card)
            else:
                continue
            if value > best_value:
                best, best_value = action, value
        return best if best is not None else only(legal, EndDungeon)[0]

    def _search_value(self, card: int) -> float:
        cat = CATS[card]
        if cat.steal and any(self._coins(s["seat"]) for s in self._others()):
            return search_value(cat, self._hearts[card])
        if self._view["treasury"] == 0:
            return 0.0
        return self._hearts[card] * cat.power / 6  # every coin from the treasury

    def _others(self) -> list[SeatView]:
        return [s for s in self._view["seats"] if s["seat"] != self._me]

    def _attack_value(self, card: int) -> float:
        """The best expected gain of an attack by `card` on a rival's cat."""
        dice, power = self._hearts[card], CATS[card].power
        best = 0.0
        for target, owner in self._owner.items():
            if owner == self._me or not self._may_attack(target):
                continue
            chance = kill_chance(dice, power, self._hearts[target])
            best = max(best, chance * self._enemy_value(target))
        return best

    def _may_attack(self, target: int) -> bool:
        """Decoy: a rival with Decoy cats may be attacked only through them."""
        owner = self._view["seats"][self._owner[target]]
        decoys = [d["card"] for d in owner["dungeon"] if CATS[d["card"]].decoy]
        return not decoys or target in decoys

    def _activation_value(self, card: int) -> float:
        ability = CATS[card].activation
        assert ability is not None
        mine = [c for c, s in self._owner.items() if s == self._me and c != card]
        cost = min((self._keep_value(c) for c in mine), default=0.0) if ability.sacrifice else 0.0
        amount = ability.amount
        if ability.effect == Effect.COINS:
            gain = float(min(amount, self._view["treasury"]))
        elif ability.effect == Effect.TAX:
            gain = sum(min(amount, s["coins"]) * 1.5 for s in self._others())
        elif ability.effect == Effect.WOUND:
            gain = max(
                (
                    self._enemy_value(c) * (1.0 if self._hearts[c] <= amount else 0.3)
                    for c, s in self._owner.items()
                    if s != self._me
                ),
                default=0.0,
            )
        elif ability.effect == Effect.HEAL:
            gain = 0.3 * max(
                (HEARTS[c] - self._hearts[c] for c in (*mine, card)),
                default=0,
            )
        elif ability.effect == Effect.RAISE:
            gain = 0.5 * max((hire_value(g["card"]) for g in self._view["graveyard"]), default=0)
        else:
            gain = 0.5
        return gain - cost

    # ----- choices ---------------------------------------------------------------------

    def _choose(self, pending: PendingView, legal: list[Action]) -> Action:
        step = pending["step"]
        if step == Step.STEAL:
            # Each coin from the rival closest to winning; the treasury only when no rival
            # has a coin (then it is the only choice).
            robs = only(legal, Rob)
            if not robs:
                return legal[0]
            return max(robs, key=lambda a: self._coins(a.seat))
        if step == Effect.RAISE:
            return max(only(legal, Retrieve), key=lambda a: hire_value(a.card))
        if step == Step.SACRIFICE:
            return min(only(legal, Sacrifice), key=lambda a: self._keep_value(a.card))
        targets = only(legal, Target)
        if step == Effect.HEAL:
            return max(targets, key=lambda a: HEARTS[a.card] - self._hearts[a.card])
        if step == Step.ATTACK:
            dice = self._hearts[pending["card"]]
            power = CATS[pending["card"]].power
            return max(
                targets,
                key=lambda a: self._target_value(a, kill_chance(dice, power, self._hearts[a.card])),
            )
        amount = pending["amount"]
        return max(
            targets, key=lambda a: self._target_value(a, float(self._hearts[a.card] <= amount))
        )

    def _target_value(self, action: Target, kill: float) -> float:
        """Hurt a rival's best cat, the likely kill first; our own cats only when forced
        (then the one that survives, or whose Last Wish pays)."""
        card = action.card
        if self._owner[card] == self._me:
            return -10.0 + kill * last_wish_value(card) + self._hearts[card] * 0.1
        return self._enemy_value(card) * (0.3 + kill)


BOTS: dict[str, Callable[[int | None], HeuristicBot]] = {"heuristic": HeuristicBot}
