"""Observations as named pieces, as OpenSpiel's observers declare their tensors.

A game's encoder (``games/<game>/observation.py``) declares its observation as `Pieces`:
each `Piece` a name, a shape and the bounds of its values. The flat vector the RL adapters
hand out is the pieces one after the other, each flattened row by row; its `Layout` (the
name and bounds of every float) derives from the pieces, and `Observation.split` gives
the pieces back by name. An encoder writes each piece by name:

.. code-block:: python

    obs = Observation(pieces(players, options))
    obs["me"] = one_hot(view["seat"], players)
    obs["round"] = view["round"]
    return obs.values
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product


class Layout(list[tuple[str, float, float]]):
    """The ``(name, low, high)`` of every float of an observation, in order."""


@dataclass(frozen=True)
class Piece:
    """A named block of an observation: ``math.prod(shape)`` floats in ``[low, high]``.

    A scalar has the shape ``()``; a one-hot over the seats ``(players,)``; a grid of
    dice and faces ``(dice, faces)``.
    """

    name: str
    shape: tuple[int, ...]
    low: float
    high: float

    @property
    def size(self) -> int:
        """How many floats the piece holds."""
        return math.prod(self.shape)

    def float_names(self) -> list[str]:
        """The name of each float: ``round``, ``me[2]``, ``die.face[3][5]``."""
        return [
            self.name + "".join(f"[{i}]" for i in index)
            for index in product(*(range(n) for n in self.shape))
        ]


class Pieces:
    """An observation's pieces, in order, with where each lies in the flat vector."""

    def __init__(self, pieces: Iterable[Piece]) -> None:
        self.pieces = tuple(pieces)
        self.slices: dict[str, slice] = {}
        # Where each piece starts: encoders that write from the state index by it.
        self.starts: dict[str, int] = {}
        # Each piece's slice and size, read once per write by `Observation`.
        self.spans: dict[str, tuple[slice, int]] = {}
        start = 0
        for piece in self.pieces:
            if piece.name in self.slices:
                raise ValueError(f"two observation pieces are named {piece.name!r}")
            if any(n < 0 for n in piece.shape) or not piece.low <= piece.high:
                raise ValueError(f"piece {piece.name!r}: bad shape or bounds")
            self.slices[piece.name] = slice(start, start + piece.size)
            self.starts[piece.name] = start
            self.spans[piece.name] = (self.slices[piece.name], piece.size)
            start += piece.size
        self.size = start

    def layout(self) -> Layout:
        """The name and bounds of every float, in order."""
        out = Layout()
        for piece in self.pieces:
            out.extend((name, piece.low, piece.high) for name in piece.float_names())
        return out

    def split(self, values: Sequence[float]) -> dict[str, list[float]]:
        """A flat observation's floats by piece name (still flat within each piece)."""
        if len(values) != self.size:
            raise ValueError(f"an observation of {self.size} floats, got {len(values)}")
        return {name: list(values[where]) for name, where in self.slices.items()}


class Observation:
    """A flat observation being written piece by piece; `values` is the result."""

    __slots__ = ("slices", "spans", "values")

    def __init__(self, pieces: Pieces) -> None:
        self.slices = pieces.slices
        self.spans = pieces.spans
        self.values = [0.0] * pieces.size

    def __setitem__(self, name: str, value: float | Sequence[float]) -> None:
        """Write a piece: a number for a scalar piece, else exactly its floats (flat)."""
        where, size = self.spans[name]
        if type(value) is not list and isinstance(value, (int, float)):
            if size != 1:
                raise ValueError(f"piece {name!r} holds {size} floats")
            self.values[where.start] = value
            return
        if len(value) != size:  # a slice assignment would resize
            raise ValueError(f"piece {name!r} holds {size} floats, got {len(value)}")
        self.values[where] = value


def one_hot(index: int | None, size: int) -> list[float]:
    """`size` floats, 1.0 at `index` and 0.0 elsewhere (all 0.0 when `index` is None)."""
    hot = [0.0] * size
    if index is not None:
        hot[index] = 1.0
    return hot
