"""The seeded generator every state owns.

SplitMix64 keeps its whole state in one integer, so cloning a game state copies one int,
and `to_json` stores one int. It is implemented here (not `random.Random`) so that games
are identical byte for byte across Python versions and platforms.

The draws run in C (`_native`, built with the package) when it is there, else in the
Python code below: both give the same numbers, and the state is a Python integer either
way.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

try:
    from . import _native

    native_below, native_next64, native_shuffle = _native.below, _native.next64, _native.shuffle

    NATIVE = True
except ImportError:  # not built (a plain source tree): the Python code below
    NATIVE = False

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A small, fast, deterministic generator (SplitMix64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        # Seeds are hashed once so that nearby seeds (1, 2, 3...) give unrelated streams.
        self.state = state if state is not None else _mix(seed & _MASK)

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        if NATIVE:
            self.state, value = native_next64(self.state)
            return value
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (multiply-shift; bias below 2**-50 for small n)."""
        if NATIVE:
            try:
                self.state, value = native_below(self.state, n)
                return value
            except OverflowError:  # n past 64 bits (or negative): the Python code
                pass
        # `next64` inlined, its constants written out: games draw several times an action.
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        if NATIVE and type(items) is list:
            self.state = native_shuffle(self.state, items)
            return
        # `next64` inlined (the state kept in a local until the end): a shuffle is most
        # of a deal, and a deal most of `determinize`.
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

    def clone(self) -> Rng:
        """An independent generator at the same point of the stream."""
        return Rng(state=self.state)


def _mix(x: int) -> int:
    x = ((x ^ (x >> 33)) * 0xFF51AFD7ED558CCD) & _MASK
    x = ((x ^ (x >> 33)) * 0xC4CEB9FE1A85EC53) & _MASK
    return x ^ (x >> 33)
