"""Scoring a round of Ninja Master, as pure functions of the roll and who took what.

Order (rules page, Round 4): first a stolen Katana moves half the owner's points (rounded
down, from the points before this round); then every other source is added; last, nobody
goes below 0. Points are kept per source so simulations can tell where they come from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .content import KATANA, NUM_COLOURS
from .dice import Roll
from .model import SmokeRule, Source

_PARITY = SmokeRule.PARITY  # bound once: `ninja_value` runs for every token of every round
KATANA_PENALTY = -3  # the Katana taken when it was not takeable
CALL_RIGHT, CALL_WRONG = 1, -3
SOURCES = tuple(Source)  # in the rules' order: the fields of `RoundPoints`
WON_SOURCES = SOURCES[:-1]  # where points are won: every source but the floor


def ninja_value(ninjas: int, smokes: int, rule: SmokeRule) -> int:
    """Points of a colour's Ninja token: its ninja figures, negative under the smoke rule.

    `SmokeRule.PARITY` (default): each Smoke of the colour flips the sign, so an odd count
    is negative. `SmokeRule.SINGLE`: the rulebook's literal words, only exactly one Smoke
    makes it negative.
    """
    negative = smokes % 2 == 1 if rule == _PARITY else smokes == 1
    return -ninjas if negative else ninjas


class RoundPoints(NamedTuple):
    """Each seat's points of one round, per source, and the scores after it.

    ``floor`` is what the floor at 0 gave back: start + all sources = the new score.
    """

    ninja: list[int]
    katana: list[int]
    shuriken: list[int]
    call: list[int]
    floor: list[int]
    scores: list[int]

    def by_source(self) -> dict[str, list[int]]:
        """The points of every `Source`, as a round's summary gives them."""
        return {source: getattr(self, source) for source in SOURCES}


def score_round(
    roll: Roll,
    holder: Sequence[int],
    katana_owner: int,
    shuriken_holder: int,
    scores: Sequence[int],
    call_points: Sequence[int],
    smoke_rule: SmokeRule,
) -> RoundPoints:
    """Score a round. `holder[token]` is the seat that took each token, or -1."""
    n = len(scores)
    ninja, katana, shuriken = [0] * n, [0] * n, [0] * n
    taker = holder[KATANA]
    if taker >= 0:
        if not roll.katana_takeable:
            katana[taker] += KATANA_PENALTY
        elif taker != katana_owner:  # stolen; taken by its owner it is defended, for 0
            half = scores[katana_owner] // 2
            katana[taker] += half
            katana[katana_owner] -= half
    for colour in range(NUM_COLOURS):
        seat = holder[colour]
        if seat >= 0:
            ninja[seat] += ninja_value(roll.ninjas[colour], roll.smokes[colour], smoke_rule)
    shuriken[shuriken_holder] += roll.shurikens
    floor, new = [0] * n, [0] * n
    for s in range(n):
        raw = scores[s] + ninja[s] + katana[s] + shuriken[s] + call_points[s]
        new[s] = max(raw, 0)
        floor[s] = new[s] - raw
    return RoundPoints(ninja, katana, shuriken, list(call_points), floor, new)
