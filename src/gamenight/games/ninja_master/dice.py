"""Rolling the dice, and the counts a roll is scored by.

A roll is the face index shown by each die; `Roll` keeps it with the counts computed once
(ninjas and smokes per colour, the ninja total, Katanas and Shurikens). A `Roll` is
immutable, so clones of a state share it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from gamenight.kernel.rng import Rng

from .content import DICE, NUM_COLOURS, FaceKind

# Bound once: an enum member looked up on its class costs a Python call, at every roll.
# The dice data holds these very members, so `is` tells them apart.
_NINJA, _SMOKE, _KATANA = FaceKind.NINJA, FaceKind.SMOKE, FaceKind.KATANA


class Roll(NamedTuple):
    """The faces shown and their counts."""

    faces: tuple[int, ...]  # face index per die
    ninjas: tuple[int, ...]  # ninja figures per colour
    smokes: tuple[int, ...]  # Smoke faces per colour
    total: int  # ninja figures over all colours: the number to call
    katanas: int
    shurikens: int

    @property
    def katana_takeable(self) -> bool:
        """The Katana may be taken without penalty: more Katanas than Shurikens rolled."""
        return self.katanas > self.shurikens


def summarize(faces: Sequence[int]) -> Roll:
    """The `Roll` of the given face index per die (raises `ValueError` on a bad index)."""
    if len(faces) != len(DICE):
        raise ValueError(f"a roll has {len(DICE)} dice, got {len(faces)}")
    ninjas = [0] * NUM_COLOURS
    smokes = [0] * NUM_COLOURS
    katanas = shurikens = 0
    for die, index in zip(DICE, faces, strict=True):
        if not 0 <= index < len(die):
            raise ValueError(f"face index {index} is outside 0..{len(die) - 1}")
        face = die[index]
        if face.kind is _NINJA:
            ninjas[face.colour] += face.ninjas
        elif face.kind is _SMOKE:
            smokes[face.colour] += 1
        elif face.kind is _KATANA:
            katanas += 1
        else:
            shurikens += 1
    return Roll(tuple(faces), tuple(ninjas), tuple(smokes), sum(ninjas), katanas, shurikens)


def roll(rng: Rng) -> Roll:
    """Roll every die."""
    return summarize([rng.below(len(die)) for die in DICE])
