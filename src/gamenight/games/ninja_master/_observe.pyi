"""Ninja Master's observation encoder in C (`_observe.c`): `observation.encode_state` is
its function when it is built."""

from collections.abc import Callable, Mapping, MutableSequence
from typing import Any

def encode_state(state: Any, seat: int | None, values: MutableSequence[float]) -> None:
    """Write `encode(view(seat))` into `values` (zeros, as long as the observation): a
    float32 buffer in C, anything else by the Python code handed to `configure`."""

def configure(
    layouts: Mapping[int, tuple[tuple[int, int] | int, ...]],
    faces: int,
    over: str,
    parity: str,
    python: Callable[[Any, int | None, MutableSequence[float]], None],
) -> None:
    """Hand over, once, where each piece starts and its size for each player count (in the
    order of `observation._NATIVE_PIECES`, then the observation's length), the faces of a
    die, the values of `Phase.OVER` and `SmokeRule.PARITY`, and the Python encoder."""
