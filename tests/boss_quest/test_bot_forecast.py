"""The heuristic bot's battle forecast filled by slices gives the floats of the plain
step-by-step sums, bit for bit (its choices must not change)."""

from __future__ import annotations

import random

from gamenight.games.boss_quest.bots import _above_and_tie


def step_by_step(final, meet, hp):
    above, tie = [0.0] * (hp + 2), [0.0] * (hp + 2)
    for x in range(hp, -1, -1):
        tie[x] = meet * final.get(x, 0.0)
        above[x] = above[x + 1] + tie[x + 1]
    return above, tie


def bits(values):
    return [value.hex() for value in values]


def test_the_sliced_sums_are_the_step_by_step_ones():
    rng = random.Random(1)
    for _ in range(3000):
        hp = rng.randint(0, 40)
        final = {rng.randint(0, 50): rng.random() for _ in range(rng.randint(0, 12))}
        meet = rng.choice([0.0, 1.0, rng.random()])
        above, tie = _above_and_tie(final, meet, hp)
        expected_above, expected_tie = step_by_step(final, meet, hp)
        assert bits(above) == bits(expected_above) and bits(tie) == bits(expected_tie)
