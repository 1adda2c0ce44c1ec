"""Ninja Master bots: ``easy``, ``normal`` and ``hard``, with two separate knobs.

- **Speed** (`Speed`): how fast the bot's hands and eyes are. Every time is drawn from a
  log-normal distribution around a median, from the bot's own seeded generator: the
  reaction to the dice (about 1.5 s / 0.9 s / 0.5 s), the time between two grabs and to
  reach for another token when the one it wanted is gone, and the time it needs to count
  every ninja before it can call.
- **Judgement** (`Judgement`): how well it reads the dice and decides. It values every
  token with the scoring rules (a colour's ninjas, signed by its Smokes; the Katana worth
  half the owner's points to a thief, as much to its owner defending it, and -3 when it is
  not takeable), grabs the best free ones worth more than nothing, and calls the total it
  counted once it has grabbed what it wants. An easy bot misreads tokens and miscounts
  more often and calls less; a hard bot also counts what a steal takes from the leader.

Speed and judgement combine freely: ``NinjaBot(SPEEDS["hard"], JUDGEMENTS["easy"])`` is
fast but careless.

Timing. A bot answers with a sealed proposal at an exact time, never before the view's
``floor_ms`` (the rules' reaction floor), and is asked again whenever the engine's
resolution changed what it could react to (`resolution.py`). Its plan for a round (its
reaction times, its reading of the dice) is drawn once, on the first question of the
round, so asking again never redraws it; what changes between questions is only what the
others took, which it sees in its view.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamenight.kernel import Action, Clock, State

from .actions import DONE, Call, Grab
from .content import COLOURS, NUM_COLOURS, NUM_TOKENS, FaceKind
from .resolution import MAX_HELD
from .scoring import KATANA_PENALTY, ninja_value
from .views import NinjaMasterView

_COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}


@dataclass(frozen=True)
class Speed:
    """Median times in ms of a bot's log-normal speed model, and their spread (sigma)."""

    react_ms: float  # from the dice shown to the first grab
    reach_ms: float  # between two grabs, and to reach for another token when one is gone
    count_ms: float  # from the dice shown to knowing the ninja total
    sigma: float = 0.45

    def draw(self, rng: random.Random, median: float) -> int:
        """A time in whole ms around `median`."""
        return max(1, round(median * math.exp(self.sigma * rng.gauss(0.0, 1.0))))


@dataclass(frozen=True)
class Judgement:
    """How well a bot reads the dice and decides."""

    miscount: float  # chance its ninja total is off by one or two
    misread: float  # chance, per token, of getting its sign wrong (Smokes, Katana takeable)
    call: float  # chance it calls in a round at all (always its own count)
    rivalry: float  # the Katana owner's loss in a steal, counted against a gain of 1


SPEEDS = {
    "easy": Speed(react_ms=1500, reach_ms=600, count_ms=3500),
    "normal": Speed(react_ms=900, reach_ms=400, count_ms=2200),
    "hard": Speed(react_ms=500, reach_ms=250, count_ms=1300),
}
JUDGEMENTS = {
    "easy": Judgement(miscount=0.3, misread=0.15, call=0.6, rivalry=0.0),
    "normal": Judgement(miscount=0.1, misread=0.05, call=0.85, rivalry=0.5),
    "hard": Judgement(miscount=0.02, misread=0.0, call=1.0, rivalry=1.0),
}


@dataclass
class _Plan:
    """A bot's reading of one round's dice, and its times (drawn once per round)."""

    key: tuple[Any, ...]
    values: list[float]  # what each token is worth to the bot
    total: int  # the ninja total it counted
    calls: bool
    react: int
    reach: int
    count: int
    wanted: int = -1  # the token it reached for last
    late: int = 0  # ms lost reaching for tokens others took first


class NinjaBot:
    """A Ninja Master bot made of a `Speed` and a `Judgement`."""

    needs_state = False

    def __init__(
        self, speed: Speed, judgement: Judgement, seed: int | None = None, name: str = "bot"
    ) -> None:
        self.name = name
        self.speed = speed
        self.judgement = judgement
        self._rng = random.Random(seed)
        self._plan: _Plan | None = None

    def act(
        self,
        view: NinjaMasterView,
        legal: list[Action],
        clock: Clock | None = None,
        state: State | None = None,
    ) -> Action:
        me, now, limit = view["seat"], view["floor_ms"], view["time_limit_ms"]
        plan = self._plan_for(view)
        tokens = view["tokens"]
        mine = [ms for t in tokens if t["holder"] == me and (ms := t["ms"]) is not None]
        calls = view["calls"]
        if not calls and len(mine) < MAX_HELD:
            free = [k for k in range(NUM_TOKENS) if tokens[k]["holder"] is None]
            best = max(free, key=plan.values.__getitem__, default=-1)
            if best >= 0 and plan.values[best] > 0:
                wanted = plan.wanted
                if wanted >= 0 and tokens[wanted]["holder"] not in (None, me):
                    plan.late += plan.reach  # the token it reached for is gone
                plan.wanted = best
                at = max(now, (max(mine) + plan.reach if mine else plan.react) + plan.late)
                if at <= limit:
                    return Grab(best, at)
        if not plan.calls or any(call["seat"] == me for call in calls):
            return DONE
        at = max(now, plan.count, max(mine, default=0) + plan.reach // 2)
        if calls:
            if at <= calls[0]["ms"] + view["tie_window_ms"] and at <= limit:
                return Call(plan.total, at)
            return DONE
        if at > limit:
            return DONE
        if any(t["holder"] is not None for t in tokens):
            return Call(plan.total, at)
        # Nobody took anything yet: take a harmless token, so that a call becomes legal.
        best = max(range(NUM_TOKENS), key=plan.values.__getitem__)
        return Grab(best, at) if plan.values[best] >= 0 else DONE

    def _plan_for(self, view: NinjaMasterView) -> _Plan:
        """This round's plan, drawn on the first question of the round."""
        key = (view["round"], view["seat"], tuple(tuple(d.values()) for d in view["dice"]))
        if self._plan is not None and self._plan.key == key:
            return self._plan
        rng, judgement, speed = self._rng, self.judgement, self.speed
        ninjas, smokes = [0] * NUM_COLOURS, [0] * NUM_COLOURS
        katanas = shurikens = 0
        for die in view["dice"]:
            kind, colour_id = die["kind"], die["colour"]
            if kind == FaceKind.NINJA and colour_id is not None:
                ninjas[_COLOUR_INDEX[colour_id]] += die["ninjas"]
            elif kind == FaceKind.SMOKE and colour_id is not None:
                smokes[_COLOUR_INDEX[colour_id]] += 1
            elif kind == FaceKind.KATANA:
                katanas += 1
            else:
                shurikens += 1
        values: list[float] = []
        for colour in range(NUM_COLOURS):
            value = ninja_value(ninjas[colour], smokes[colour], view["smoke_rule"])
            values.append(-value if rng.random() < judgement.misread else value)
        takeable = (katanas > shurikens) != (rng.random() < judgement.misread)
        values.append(self._katana_value(view, takeable))
        total = sum(ninjas)
        if rng.random() < judgement.miscount:
            total = max(0, total + rng.choice((-2, -1, 1, 2)))
        self._plan = _Plan(
            key=key,
            values=values,
            total=total,
            calls=rng.random() < judgement.call,
            react=speed.draw(rng, speed.react_ms),
            reach=speed.draw(rng, speed.reach_ms),
            count=speed.draw(rng, speed.count_ms),
        )
        return self._plan

    def _katana_value(self, view: NinjaMasterView, takeable: bool) -> float:
        if not takeable:
            return float(KATANA_PENALTY)
        owner, scores = view["katana_owner"], view["scores"]
        half = scores[owner] // 2
        if owner == view["seat"]:
            return float(half)  # defended: the loss a thief would inflict
        return half * (1.0 + self.judgement.rivalry)


def _level(level: str) -> Callable[[int | None], NinjaBot]:
    def make(seed: int | None = None) -> NinjaBot:
        return NinjaBot(SPEEDS[level], JUDGEMENTS[level], seed, name=level)

    return make


BOTS: dict[str, Callable[[int | None], NinjaBot]] = {
    level: _level(level) for level in ("easy", "normal", "hard")
}
