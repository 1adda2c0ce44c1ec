"""Building blocks of the games' observation encoders (``games/<game>/observation.py``).

An encoder turns ``view(seat)`` into a fixed-length list of floats for the RL adapters;
its `layout` names and bounds every float. These helpers keep the encoders short.
"""

from __future__ import annotations


class Layout(list[tuple[str, float, float]]):
    """The ``(name, low, high)`` of every float of an observation, in order."""

    def add(self, name: str, low: float, high: float, count: int | None = None) -> None:
        """One float, or `count` floats named ``name[0]``, ``name[1]``..."""
        if count is None:
            self.append((name, low, high))
        else:
            self.extend((f"{name}[{i}]", low, high) for i in range(count))


def one_hot(index: int | None, size: int) -> list[float]:
    """`size` floats, 1.0 at `index` and 0.0 elsewhere (all 0.0 when `index` is None)."""
    hot = [0.0] * size
    if index is not None:
        hot[index] = 1.0
    return hot
